"""How long ``momon`` takes to start, as ratios to importing its three libraries.

    .venv/bin/python benchmarks/startup.py [--runs 15] [--size 80x24]

Four commands, each run once per round in a rotating order (so a burst of load on a shared
machine hits every command alike), after one round that is not counted:

- baseline: ``python -c "import typer, rich, prompt_toolkit"``, the floor any ``momon`` has;
- ``momon --version`` and ``momon --help``: start, answer, exit;
- first prompt: ``momon play`` in a pseudo-terminal (built-in decks, ``--open-hands`` so the
  first screen is the first decision), from launch until the emulated screen shows the
  whole frame and the prompt under it; then the game is killed.

Every command runs from bytecode, as an installed ``momon`` does: PYTHONDONTWRITEBYTECODE
is dropped so the uncounted round writes it. Prints each command's median wall time and its
median ratio to the baseline of the same round. Needs the test extra (pexpect, pyte).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pyte

BASELINE = [sys.executable, "-c", "import typer, rich, prompt_toolkit"]
_script = Path(sys.executable).with_name("momon")
MOMON = [str(_script)] if _script.exists() else [sys.executable, "-m", "momon_cli"]
PROMPT = "Ann › "
PLAY = ["play", "--p1", "Ann", "--p2", "Bea", "--seed", "7", "--first", "1", "--open-hands"]
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "NO_COLOR", "COLUMNS", "LINES")}


def run_command(args: list[str]) -> Callable[[], float]:
    def timed() -> float:
        start = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, check=True)
        return time.perf_counter() - start

    return timed


def first_prompt(columns: int, rows: int, folder: Path) -> Callable[[], float]:
    """Seconds from launching ``momon play`` until its first decision is on the screen."""
    env = {**ENV, "TERM": "xterm-256color"}
    games = iter(range(1, 1_000_000))

    def timed() -> float:
        screen = pyte.Screen(columns, rows)
        stream = pyte.ByteStream(screen)
        log = folder / f"game-{next(games)}.jsonl"
        start = time.perf_counter()
        child = pexpect.spawn(MOMON[0], [*MOMON[1:], *PLAY, "--log", str(log)], dimensions=(rows, columns), env=env)
        try:
            while True:
                stream.feed(child.read_nonblocking(65536, timeout=30))
                shown = screen.display
                if any(line.startswith(PROMPT) for line in shown) and any("└" in line for line in shown):
                    return time.perf_counter() - start
        finally:
            child.close(force=True)

    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="counted rounds (default 15)")
    parser.add_argument("--size", default="80x24", help="the pseudo-terminal's COLUMNSxROWS (default 80x24)")
    options = parser.parse_args()
    columns, rows = (int(n) for n in options.size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        commands = {
            "baseline (import typer, rich, prompt_toolkit)": run_command(BASELINE),
            "momon --version": run_command([*MOMON, "--version"]),
            "momon --help": run_command([*MOMON, "--help"]),
            f"momon play: first prompt ({columns}x{rows})": first_prompt(columns, rows, Path(folder)),
        }
        names = list(commands)
        times: dict[str, list[float]] = {name: [] for name in names}
        for round_number in range(options.runs + 1):
            shift = round_number % len(names)
            for name in names[shift:] + names[:shift]:
                seconds = commands[name]()
                if round_number:  # the first round warms the disk cache and the bytecode
                    times[name].append(seconds)
    base = times[names[0]]
    print(f"{options.runs} rounds, medians (ratio: to the baseline of the same round)")
    for name in names:
        ratio = statistics.median(t / b for t, b in zip(times[name], base, strict=True))
        print(f"{name:>46}: {1000 * statistics.median(times[name]):6.0f} ms  {ratio:4.2f}x")


if __name__ == "__main__":
    main()
