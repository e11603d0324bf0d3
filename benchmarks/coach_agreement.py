"""Do the coach's marks hold? Two analyses of the same games with different seeds, and the
share of rated decisions on which their marks (``?``, ``??`` or none) agree (target: 90% or
more). Not a test: at its default size it takes minutes.

    .venv/bin/python benchmarks/coach_agreement.py                      # 20 games, greedy v medium
    .venv/bin/python benchmarks/coach_agreement.py --games 4 --playouts 60 --bots greedy random
    .venv/bin/python benchmarks/coach_agreement.py --jobs 16 --games 100    # on a larger machine

Each game is played by the two bots named (the decks drawn from the built-in ones by the
game's seed, the rules profile alternating), then analysed twice (``bots.analysis.analyse``
with seeds ``a`` and ``b``, at ``--playouts``); prints the agreement with its Wilson interval,
the marks each run gave, and the decisions marked by one run and not the other.
"""

from __future__ import annotations

import argparse
import json
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from momon_cli.bots.analysis import analyse
from momon_cli.bots.roster import make_bot
from momon_cli.bots.tournament import wilson
from momon_cli.data.cards import builtin_deck_names, load_deck, load_matrix, load_pool
from momon_cli.engine import Game, Setup
from momon_cli.limits import ANALYSIS_PLAYOUTS


def _answer_json(answer: object) -> object:
    return [_answer_json(a) for a in answer] if isinstance(answer, tuple) else answer


def one(task: tuple[int, str, str, int]) -> list[tuple[int, str, str]]:
    """One game played and analysed twice: each rated decision's number and its two marks."""
    seed, bot1, bot2, playouts = task
    pool = load_pool()
    names = builtin_deck_names()
    draw = random.Random(seed)
    decks = (load_deck(draw.choice(names), pool).cards, load_deck(draw.choice(names), pool).cards)
    profile = "sequential" if seed % 2 else "simultaneous"
    setup = Setup.new_game(decks, load_matrix(), seed, profile)  # type: ignore[arg-type]
    imaginable = tuple(pool.values())
    bots = {1: make_bot(bot1, f"{seed}-1", imaginable), 2: make_bot(bot2, f"{seed}-2", imaginable)}
    game = Game(setup, telling=False)
    entries: list[dict[str, Any]] = []
    while game.pending is not None:
        player = game.pending.player
        answer = bots[player].answer(game.observe(player))
        entries.append({"type": "answer", "player": player, "value": _answer_json(answer)})
        game.answer(answer)
    first = analyse(setup, entries, playouts, imaginable, seed="a")
    second = {r.number: r.mark for r in analyse(setup, entries, playouts, imaginable, seed="b").ratings}
    return [(r.number, r.mark, second.get(r.number, "")) for r in first.ratings]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--playouts", type=int, default=ANALYSIS_PLAYOUTS)
    parser.add_argument("--bots", nargs=2, default=["greedy", "medium"])
    parser.add_argument("--seed", type=int, default=3500, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args()
    tasks = [(args.seed + i, args.bots[i % 2], args.bots[1 - i % 2], args.playouts) for i in range(args.games)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(pool.map(one, tasks))
    else:
        games = [one(t) for t in tasks]
    pairs = [pair for game in games for pair in game]
    agree = sum(1 for _n, a, b in pairs if a == b)
    low, high = wilson(agree, len(pairs))
    marked = [(sum(1 for p in pairs if p[k]), sum(1 for p in pairs if p[k] == "??")) for k in (1, 2)]
    print(f"{args.games} games ({args.bots[0]} v {args.bots[1]}), {len(pairs)} decisions rated, "
          f"{args.playouts} playouts a decision")
    print(f"marks agree on {agree}/{len(pairs)} = {agree / max(1, len(pairs)):.1%} "
          f"(95% interval {low:.1%}-{high:.1%}); target 90%")
    for run, (m, b) in zip("ab", marked, strict=True):
        print(f"run {run}: {m} marked ({m - b} ?, {b} ??)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"games": args.games, "decisions": len(pairs), "agree": agree, "low": low, "high": high,
                       "playouts": args.playouts, "bots": args.bots, "marked": marked}, out)


if __name__ == "__main__":
    main()
