"""Strength of one bot against another at the same CPU time per decision, from both seats,
over every deck pair and both rules profiles, with Wilson 95% intervals (not a test: it
takes many minutes).

    .venv/bin/python benchmarks/strength.py search flat --seconds 0.4 [--jobs 2] [--repeat 1]
    .venv/bin/python benchmarks/strength.py search greedy --playouts 100   # a budget in iterations
    .venv/bin/python benchmarks/strength.py greedy greedy --repeat 3       # a bot against itself, by seat
    .venv/bin/python benchmarks/strength.py --matrix OUT --jobs 16         # the whole table (below)
    .venv/bin/python benchmarks/strength.py search flat --seconds 0.4 --jobs 1 --progress so-far.txt  # figures as it goes

Every ordered pair of built-in decks is dealt once per rules profile (and ``--repeat`` times
with other seeds), and every deal is played twice, the bots' seats swapped (the games of
``momon tournament``: bots.tournament.specs). The first bot's win rate is given as Player 1,
as Player 2 and in all, per profile and over both; a bot against itself is given by seat
(Player 2's share of the wins) and by who moved first (drawn from the seed). Budgets are
CPU seconds of the worker process (time.process_time), which a busy machine does not
inflate; each bot's mean and slowest CPU time per decision are printed too.

``--matrix OUT`` plays the pairings of ``MATRIX`` one after the other and writes each one's
lines to ``OUT/summary.txt`` (as they finish) and all of them to ``OUT/summary.json``: the
``hard`` level (search, 400 iterations a Summon) against greedy; search against flat at
``--seconds`` (default 0.4) CPU seconds a decision each, bounded by time alone; greedy and
random against themselves (``--plain-repeat`` deals, default 3). ``--repeat`` applies to
the searching pairings, ``--playouts`` (for a smoke test) bounds every search's iterations,
``--decks`` takes fewer decks (the same). On 16 cores, ``--jobs 16`` takes about 7 minutes:

    python benchmarks/strength.py --matrix strength-out --jobs 16
    python benchmarks/strength.py --matrix /tmp/smoke --decks prism --seconds 0.02 --playouts 5   # a smoke test
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterable
from pathlib import Path

from momon_cli.bots.tournament import GameSpec, Outcome, Standing, _library, run_local, specs
from momon_cli.engine import PROFILES

#: The table --matrix plays: (first bot, other bot, its budget: "level" the level's own
#: iterations, "time" --seconds a decision, "" none).
MATRIX = (("hard", "greedy", "level"), ("search", "flat", "time"), ("greedy", "greedy", ""), ("random", "random", ""))
TIME_ALONE = 100_000  # playouts a search may run when its budget is time alone


def cell(wins: int, games: int) -> dict[str, object]:
    low, high = Standing("", "", wins, games).interval()
    return {"wins": wins, "games": games, "rate": wins / games if games else 0.0, "interval": [low, high]}


def summary(first: str, other: str, tasks: list[GameSpec], outcomes: Iterable[Outcome]) -> dict[str, dict[str, object]]:
    """The first bot's wins by profile and seat (``seat 1``, ``seat 2``, ``both``); against
    itself, Player 2's wins (``seat 2``) and the first mover's (``first mover``)."""
    by_number = {t.number: t for t in tasks}
    rows: dict[str, dict[str, object]] = {}
    done = list(outcomes)
    for profile in (*PROFILES, "all"):
        mine = [(by_number[o.number], o) for o in done if profile in ("all", by_number[o.number].profile)]
        if first == other:
            rows[f"{profile}, seat 2"] = cell(sum(o.winner == 2 for _, o in mine), len(mine))
            rows[f"{profile}, first mover"] = cell(sum(o.winner == o.first for _, o in mine), len(mine))
            continue
        for seat in (1, 2):
            at = [o for s, o in mine if s.bots[seat - 1] == first]
            rows[f"{profile}, seat {seat}"] = cell(sum(o.winner == seat for o in at), len(at))
        rows[f"{profile}, both"] = cell(sum(s.bots[o.winner - 1] == first for s, o in mine), len(mine))
    return rows


def lines(first: str, other: str, rows: dict[str, dict[str, object]], outcomes: list[Outcome]) -> list[str]:
    out = []
    for name, c in rows.items():
        low, high = c["interval"]  # type: ignore[misc]
        what = "Player 2 wins" if name.endswith("seat 2") and first == other else \
            "first mover wins" if name.endswith("first mover") else f"{first} wins"
        out.append(f"{first} vs {other}, {name}: {what} {c['wins']}/{c['games']} = {c['rate']:.1%} "
                   f"[{low:.1%}–{high:.1%}]")
    for bot in sorted({first, other}):
        spent = [t for o in outcomes for t in o.think if t.bot == bot]
        decisions = sum(t.decisions for t in spent)
        if decisions:
            out.append(f"{bot}: {decisions} decisions, {sum(t.seconds for t in spent) / decisions * 1000:.1f} ms CPU "
                       f"on average, slowest {max(t.slowest for t in spent) * 1000:.0f} ms")
    return out


def pairing(first: str, other: str, seconds: float | None, playouts: int | None, repeat: int, seed: int,
            jobs: int, decks: list[str], progress: Path | None = None) -> tuple[dict[str, dict[str, object]], list[str]]:
    games = 2 * len(decks) ** 2 * len(PROFILES) * repeat
    tasks = specs([first, other], decks, games, seed, PROFILES, seconds, playouts)
    start = time.monotonic()
    outcomes: list[Outcome] = []
    for outcome in run_local(tasks, jobs):
        outcomes.append(outcome)
        if progress is not None and len(outcomes) % 2 == 0:  # a whole deal: both seats played
            told = lines(first, other, summary(first, other, tasks, outcomes), outcomes)
            progress.write_text(f"{len(outcomes)} of {len(tasks)} games, {time.monotonic() - start:.0f} s\n"
                                + "\n".join(told) + "\n", encoding="utf-8")
    rows = summary(first, other, tasks, outcomes)
    told = lines(first, other, rows, outcomes)
    told.append(f"{len(tasks)} games in {time.monotonic() - start:.0f} s with {jobs} jobs"
                + (f", {seconds} s CPU a decision" if seconds else "") + (f", {playouts} playouts" if playouts else ""))
    return rows, told


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("first", nargs="?")
    parser.add_argument("other", nargs="?")
    parser.add_argument("--seconds", type=float, default=None, help="a search bot's CPU seconds per decision")
    parser.add_argument("--playouts", type=int, default=None, help="a search bot's playouts per Summon")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1, help="deals per deck pair and profile (each played twice)")
    parser.add_argument("--seed", type=int, default=7000, help="the run's seed")
    parser.add_argument("--json", default=None, help="also write the figures here (one pairing)")
    parser.add_argument("--matrix", default=None, metavar="OUT", help="play the whole MATRIX, summary in OUT")
    parser.add_argument("--plain-repeat", type=int, default=3, help="with --matrix: --repeat of the plain pairings")
    parser.add_argument("--decks", default="all", help="built-in decks, comma-separated, or all")
    parser.add_argument("--progress", default=None, type=Path,
                        help="one pairing: rewrite the figures so far to this file after every deal")
    args = parser.parse_args()
    known = sorted(_library()[0])
    decks = known if args.decks == "all" else [d.strip() for d in args.decks.split(",")]
    if any(d not in known for d in decks):
        parser.error(f"--decks takes all or built-in deck names: {', '.join(known)}")
    if args.matrix:
        out = Path(args.matrix)
        out.mkdir(parents=True, exist_ok=True)
        text, figures = out / "summary.txt", {}
        text.write_text(f"benchmarks/strength.py --matrix, {vars(args)}\n\n", encoding="utf-8")
        for first, other, budget in MATRIX:
            seconds = (0.4 if args.seconds is None else args.seconds) if budget == "time" else None
            playouts = args.playouts or (TIME_ALONE if budget == "time" else None) if budget else None
            rows, told = pairing(first, other, seconds, playouts, args.repeat if budget else args.plain_repeat,
                                 args.seed, args.jobs, decks)
            figures[f"{first} vs {other}"] = rows
            with text.open("a", encoding="utf-8") as f:
                f.write("\n".join(told) + "\n\n")
            print("\n".join(told), flush=True)
        (out / "summary.json").write_text(json.dumps({"args": vars(args), "results": figures}, indent=1, default=str) + "\n",
                                          encoding="utf-8")
        return
    if not args.first or not args.other:
        parser.error("name two bots, or give --matrix OUT")
    rows, told = pairing(args.first, args.other, args.seconds, args.playouts, args.repeat, args.seed, args.jobs, decks,
                         args.progress)
    print("\n".join(told))
    if args.json:
        Path(args.json).write_text(json.dumps({"args": vars(args), "results": rows}, indent=1, default=str) + "\n",
                                   encoding="utf-8")


if __name__ == "__main__":
    main()
