"""Strength of one bot against another at the same CPU time per decision, over every deck
pair and both rules profiles, with 95% intervals (not a test: it takes many minutes).

    .venv/bin/python benchmarks/strength.py search flat --seconds 0.4 [--jobs 2] [--repeat 1]
    .venv/bin/python benchmarks/strength.py search greedy --playouts 100   # a budget in iterations
    .venv/bin/python benchmarks/strength.py search flat --seconds 0.4 --playouts 100000   # time alone

Every ordered pair of built-in decks is played once per rules profile (and ``--repeat`` times
with other seeds): the first bot takes seat 1 under sequential rules and seat 2 under
simultaneous ones, so it plays every deck against every deck from both seats. Budgets are
CPU seconds of the worker process (time.process_time), which a busy machine does not
inflate. Prints the win rate with its Wilson interval, per profile and in all, and each
bot's mean and slowest CPU time per decision.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import product

from momon_cli.bots.roster import make_bot
from momon_cli.bots.tournament import Standing, _library
from momon_cli.engine import Game, Setup


def one(task: tuple[str, str, str, str, str, int, float | None, int | None]) -> tuple[str, bool, list[float], list[float]]:
    first, other, deck1, deck2, profile, seed, seconds, playouts = task
    decks, pool, matrix = _library()
    seats = (first, other) if profile == "sequential" else (other, first)
    game = Game(Setup.new_game((decks[deck1].cards, decks[deck2].cards), matrix, seed, profile))  # type: ignore[arg-type]
    bots = {p: make_bot(seats[p - 1], f"{seed}-{p}", pool, seconds, playouts) for p in (1, 2)}
    spent: dict[str, list[float]] = {first: [], other: []}
    while game.pending is not None:
        player = game.pending.player
        start = time.process_time()
        answer = bots[player].answer(game.observe(player))
        spent[seats[player - 1]].append(time.process_time() - start)
        game.answer(answer)
    assert game.result is not None
    return profile, seats[game.result.winner - 1] == first, spent[first], spent[other]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("other")
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7000, help="the first game's seed")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    names = sorted(_library()[0])
    tasks = [(args.first, args.other, a, b, profile, args.seed + 97 * r + i, args.seconds, args.playouts)
             for r in range(args.repeat) for profile in ("sequential", "simultaneous")
             for i, (a, b) in enumerate(product(names, names))]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one, tasks, chunksize=4))
    lines = {}
    for profile in ("sequential", "simultaneous", "all"):
        mine = [won for p, won, _, _ in results if profile in ("all", p)]
        s = Standing(args.first, args.other, sum(mine), len(mine))
        low, high = s.interval()
        lines[profile] = {"wins": s.wins, "games": s.games, "rate": s.rate, "interval": [low, high]}
        print(f"{args.first} vs {args.other}, {profile}: {s.wins}/{s.games} = {s.rate:.1%} [{low:.1%}–{high:.1%}]")
    for who, at in ((args.first, 2), (args.other, 3)):
        every = [t for r in results for t in r[at]]
        print(f"{who}: {len(every)} decisions, {sum(every) / len(every) * 1000:.0f} ms CPU on average, "
              f"slowest {max(every) * 1000:.0f} ms")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"args": vars(args), "results": lines}, out, indent=1)


if __name__ == "__main__":
    main()
