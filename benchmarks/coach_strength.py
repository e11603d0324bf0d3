"""Is the coach's advice worth following? A bot that plays ``hint``'s answer at every decision
(bots.coach.CoachBot) and ``hard`` each play ``medium`` and ``greedy`` from both seats, over
every deck pair and both rules profiles; the coach should score at least as well as ``hard``.
Not a test: at full size it is meant for a machine with many cores.

    .venv/bin/python benchmarks/coach_strength.py --jobs 16                 # 4 x 324 games
    .venv/bin/python benchmarks/coach_strength.py --decks 2 --playouts 40   # a quick look

Budgets are iterations, so a result does not depend on the machine: the coach at
``--playouts`` (the hint's, by default) with no CPU bound, ``hard`` at its own. Prints each
pairing's win rate from each seat and in all, with Wilson intervals, and the coach's lead
over ``hard`` against each opponent with Newcombe's interval of the difference; and, since
the coach and ``hard`` play the same deals (decks, profile, seat, seed) against the same
opponent, the lead paired deal by deal (``bots.tournament.paired_lead``), whose interval
leaves out the luck of the deals. ``--progress FILE`` keeps the figures so far in FILE,
deals spread over the pairings evenly.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import product
from pathlib import Path

from momon_cli.bots.coach import HINT_PLAYOUTS, CoachBot
from momon_cli.bots.roster import make_bot
from momon_cli.bots.tournament import newcombe, paired_lead, wilson
from momon_cli.data.cards import builtin_deck_names, load_deck, load_matrix, load_pool
from momon_cli.engine import Game, Setup

Task = tuple[str, str, str, str, str, int, int, int]
Result = tuple[str, str, str, int, bool, tuple[str, str, int]]


def one(task: Task) -> Result:
    """One game: ``mine`` (coach or hard) in seat ``seat`` against ``other``; whether it won,
    and the deal's decks and seed (with the profile and seat, what pairs it with the other's game)."""
    mine, other, deck1, deck2, profile, seat, seed, playouts = task
    pool = load_pool()
    setup = Setup.new_game((load_deck(deck1, pool).cards, load_deck(deck2, pool).cards), load_matrix(), seed,
                           profile)  # type: ignore[arg-type]
    imaginable = tuple(pool.values())
    bots = {}
    for p in (1, 2):
        name = mine if p == seat else other
        bots[p] = CoachBot(f"{seed}-{p}", imaginable, playouts, None) if name == "coach" else \
            make_bot(name, f"{seed}-{p}", imaginable)
    game = Game(setup, telling=False)
    while game.pending is not None:
        player = game.pending.player
        game.answer(bots[player].answer(game.observe(player)))
    assert game.result is not None
    return mine, other, profile, seat, game.result.winner == seat, (deck1, deck2, seed)


def report(results: list[Result], opponents: list[str]) -> tuple[list[str], dict[str, object]]:
    """Each pairing's win rate by seat and in all (Wilson), and the coach's lead over ``hard``
    against each opponent with Newcombe's interval of the difference, and paired by deal."""
    told: list[str] = []
    figures: dict[str, object] = {}
    for other in opponents:
        both: dict[str, tuple[int, int]] = {}
        for mine in ("coach", "hard"):
            row = {}
            for label, seats in (("as Player 1", (1,)), ("as Player 2", (2,)), ("both", (1, 2))):
                won = [w for m, o, _p, s, w, _d in results if m == mine and o == other and s in seats]
                low, high = wilson(sum(won), len(won))
                row[label] = [sum(won), len(won), low, high]
                told.append(f"{mine} vs {other}, {label}: {sum(won)}/{len(won)} = {sum(won) / max(1, len(won)):.1%} "
                            f"[{low:.1%}-{high:.1%}]")
            figures[f"{mine} vs {other}"] = row
            both[mine] = (int(row["both"][0]), int(row["both"][1]))
        (cw, cn), (hw, hn) = both["coach"], both["hard"]
        low, high = newcombe(cw, cn, hw, hn)
        lead = cw / max(1, cn) - hw / max(1, hn)
        figures[f"lead vs {other}"] = [lead, low, high]
        told.append(f"against {other}: coach {cw / max(1, cn):.1%}, hard {hw / max(1, hn):.1%}, "
                    f"lead {lead * 100:+.1f} points [{low * 100:+.1f} to {high * 100:+.1f}]")
        by_deal = {(m, p, s, d): w for m, o, p, s, w, d in results if o == other}
        differences = [int(w) - int(by_deal["hard", p, s, d]) for (m, p, s, d), w in by_deal.items()
                       if m == "coach" and ("hard", p, s, d) in by_deal]
        mean, low, high = paired_lead(differences)
        figures[f"paired lead vs {other}"] = [mean, low, high, len(differences)]
        told.append(f"against {other}, paired over {len(differences)} deals: lead {mean * 100:+.1f} points "
                    f"[{low * 100:+.1f} to {high * 100:+.1f}]")
    return told, figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=HINT_PLAYOUTS, help="the coach's iterations a decision")
    parser.add_argument("--decks", type=int, default=0, help="only the first N built-in decks (0: all)")
    parser.add_argument("--opponents", nargs="+", default=["medium", "greedy"])
    parser.add_argument("--seed", type=int, default=9100)
    parser.add_argument("--json", default=None)
    parser.add_argument("--progress", default=None, type=Path, help="rewrite the figures so far to this file as games end")
    args = parser.parse_args()
    names = builtin_deck_names()[:args.decks or None]
    # Deals outermost, so that the figures so far cover every pairing evenly.
    tasks: list[Task] = [(mine, other, a, b, profile, seat, args.seed + i, args.playouts)
                         for i, (a, b) in enumerate(product(names, names))
                         for profile in ("sequential", "simultaneous") for seat in (1, 2)
                         for mine in ("coach", "hard") for other in args.opponents]
    start = time.monotonic()
    results: list[Result] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for result in pool.map(one, tasks, chunksize=1):
            results.append(result)
            if args.progress is not None and len(results) % 8 == 0:
                told, _ = report(results, args.opponents)
                args.progress.write_text(f"{len(results)} of {len(tasks)} games, {time.monotonic() - start:.0f} s\n"
                                         + "\n".join(told) + "\n", encoding="utf-8")
    told, figures = report(results, args.opponents)
    print("\n".join(told))
    print(f"{len(tasks)} games in {time.monotonic() - start:.0f} s with {args.jobs} jobs, coach at {args.playouts} playouts")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"args": {k: str(v) for k, v in vars(args).items()}, "figures": figures, "games": results}, out,
                      indent=1)


if __name__ == "__main__":
    main()
