"""Instructions per ``momon simulate`` game, counted by callgrind, and their ratio to the bare
loop of ``../shared/bench/bare_loop.py`` counted the same way (not a test: a few minutes).

    .venv/bin/python benchmarks/instructions.py [--bare ../shared/bench/bare_loop.py] [--rules sequential]

Instructions, unlike seconds, do not change with a busy machine. Start-up is taken away by
difference: ``simulate --games 5`` and ``--games 25`` (game i has seed SEED+i-1, so the
difference is games 6 to 25) divided by 20; the bare loop the same way, with more games
(``--bare-games``), since its games are short. Prints the millions of instructions per game
of each and their ratio. Needs valgrind (``/usr/bin/valgrind``).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(command: list[str]) -> int:
    """Instructions the command executes (all of its run), as callgrind counts them."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out", *command],
                              capture_output=True, text=True, cwd=ROOT, check=True)
    found = COLLECTED.findall(done.stderr)
    if not found:
        sys.exit(f"no instruction count from callgrind:\n{done.stderr[-2000:]}")
    return int(found[-1])


def per_game(command: list[str], few: int, many: int) -> float:
    """Instructions per game between ``few`` and ``many`` games: start-up taken away."""
    return (instructions([*command, str(many)]) - instructions([*command, str(few)])) / (many - few)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bare", default=str(ROOT.parent / "shared" / "bench" / "bare_loop.py"),
                        help="the bare loop (default: ../shared/bench/bare_loop.py from the project root)")
    parser.add_argument("--rules", default="sequential")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--few", type=int, default=5)
    parser.add_argument("--many", type=int, default=25)
    parser.add_argument("--bare-games", type=int, default=200, help="the bare loop's larger count (and a tenth)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is needed (apt-get install valgrind)")
    if not Path(args.bare).is_file():
        sys.exit(f"no bare loop at {args.bare} (give --bare PATH)")
    python = sys.executable
    momon = per_game([python, "-m", "momon_cli", "simulate", "--seed", str(args.seed), "--rules", args.rules,
                      "--games"], args.few, args.many)
    bare = per_game([python, args.bare], args.bare_games // 10, args.bare_games)
    print(f"momon simulate ({args.rules}, games {args.few + 1}-{args.many}): {momon / 1e6:.2f} M instructions a game")
    print(f"bare loop ({Path(args.bare).name}): {bare / 1e6:.3f} M instructions a game")
    print(f"ratio {momon / bare:.1f}")


if __name__ == "__main__":
    main()
