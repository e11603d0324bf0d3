"""How long ``momon`` takes to start, as ratios to importing its three libraries.

    .venv/bin/python benchmarks/startup.py [--runs 15] [--size 80x24] [--instructions]

Four commands, each run once per round in a rotating order (so a burst of load on a shared
machine hits every command alike), after one round that is not counted:

- baseline: ``python -c "import typer, rich, prompt_toolkit"``, the floor any ``momon`` has;
- ``momon --version`` and ``momon --help``: start, answer, exit;
- first prompt: ``momon play`` in a pseudo-terminal (two built-in decks named, so no deck
  picker asks first; ``--open-hands`` so the first screen is the first decision), from launch until the emulated screen shows the
  whole frame and the prompt under it; then the game is killed.

Every command runs from bytecode, as an installed ``momon`` does: PYTHONDONTWRITEBYTECODE
is dropped so the uncounted round writes it. Prints each command's median wall time and its
median ratio to the baseline of the same round, then the same for CPU time (user + system,
of the command's process): on a busy machine wall time also counts the waits for a core,
CPU time does not. Needs the test extra (pexpect, pyte).

``--instructions`` counts instead, once each, the instructions (callgrind) of the baseline and
of ``momon play`` up to its first prompt (dumped there with ``callgrind_control``), and their
ratio: a figure a busy machine does not change, for judging a change to what starts. Needs
valgrind; a minute or so.
"""

from __future__ import annotations

import argparse
import glob
import os
import resource
import shutil
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
PLAY = ["play", "--p1", "Ann", "--p2", "Bea", "--deck1", "ember-tide", "--deck2", "stone-gale", "--seed", "7",
        "--first", "1", "--open-hands"]
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "NO_COLOR", "COLUMNS", "LINES")}


def children_cpu() -> float:
    """CPU seconds of the child processes that have ended so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_command(args: list[str]) -> Callable[[], tuple[float, float]]:
    def timed() -> tuple[float, float]:
        cpu, start = children_cpu(), time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, check=True)
        return time.perf_counter() - start, children_cpu() - cpu

    return timed


def until_first_prompt(child: pexpect.spawn, columns: int, rows: int, timeout: float = 30) -> float:
    """Reads the child's screen until its first decision is drawn whole; returns the
    ``perf_counter`` time the last bytes arrived (not when pyte had read them)."""
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    while True:
        try:
            data = child.read_nonblocking(65536, timeout=timeout)
        except (pexpect.TIMEOUT, pexpect.EOF):  # what it shows instead says what changed
            shown = "\n".join(line.rstrip() for line in screen.display).strip()
            raise SystemExit(f"momon play never showed its first prompt; the screen was:\n{shown}") from None
        arrived = time.perf_counter()
        stream.feed(data)
        shown = screen.display
        if any(line.startswith(PROMPT) for line in shown) and any("└" in line for line in shown):
            return arrived


def first_prompt(columns: int, rows: int, folder: Path) -> Callable[[], tuple[float, float]]:
    """Seconds from launching ``momon play`` until its first decision is on the screen (wall
    time; CPU time until it is killed there, idle at the prompt)."""
    env = {**ENV, "TERM": "xterm-256color"}
    games = iter(range(1, 1_000_000))

    def timed() -> tuple[float, float]:
        log = folder / f"game-{next(games)}.jsonl"
        cpu, start = children_cpu(), time.perf_counter()
        child = pexpect.spawn(MOMON[0], [*MOMON[1:], *PLAY, "--log", str(log)], dimensions=(rows, columns), env=env)
        try:
            wall = until_first_prompt(child, columns, rows) - start
        finally:
            child.close(force=True)  # SIGHUP: it ends at once, and close() waits for it
        return wall, children_cpu() - cpu

    return timed


def callgrind(out: Path) -> list[str]:
    return ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]


def total(dump: Path) -> int:
    """The instructions a callgrind dump counts."""
    for line in dump.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise SystemExit(f"no instruction count in {dump}")


def instructions(columns: int, rows: int, folder: Path) -> tuple[int, int]:
    """The baseline's instructions, and those of ``momon play`` until its first decision is
    on the screen: callgrind dumps its count there (the count so far), then the game is killed."""
    subprocess.run([*callgrind(folder / "baseline"), *BASELINE], env=ENV, check=True, capture_output=True)
    out = folder / "play"
    child = pexpect.spawn("valgrind", [*callgrind(out)[1:], *MOMON, *PLAY, "--log", str(folder / "game.jsonl")],
                          dimensions=(rows, columns), env={**ENV, "TERM": "xterm-256color"})
    try:
        until_first_prompt(child, columns, rows, timeout=300)  # about 50 times slower under callgrind
        subprocess.run(["callgrind_control", "--dump", str(child.pid)], check=True, capture_output=True)
        deadline = time.monotonic() + 60
        while not (dumps := glob.glob(f"{out}.*")) and time.monotonic() < deadline:
            time.sleep(0.1)  # callgrind writes the dump at its next scheduling point
    finally:
        child.close(force=True)
    if not dumps:
        raise SystemExit("callgrind wrote no dump at the first prompt")
    return total(folder / "baseline"), total(Path(dumps[0]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="counted rounds (default 15)")
    parser.add_argument("--size", default="80x24", help="the pseudo-terminal's COLUMNSxROWS (default 80x24)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions with callgrind (once each) instead of timing")
    options = parser.parse_args()
    columns, rows = (int(n) for n in options.size.split("x"))
    if options.instructions:
        if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
            sys.exit("valgrind is needed (apt-get install valgrind)")
        with tempfile.TemporaryDirectory() as folder:
            floor, play = instructions(columns, rows, Path(folder))
        print(f"instructions (callgrind): baseline {floor / 1e6:.0f} M, momon play to its first prompt "
              f"({columns}x{rows}) {play / 1e6:.0f} M, ratio {play / floor:.2f}x")
        return
    with tempfile.TemporaryDirectory() as folder:
        commands = {
            "baseline (import typer, rich, prompt_toolkit)": run_command(BASELINE),
            "momon --version": run_command([*MOMON, "--version"]),
            "momon --help": run_command([*MOMON, "--help"]),
            f"momon play: first prompt ({columns}x{rows})": first_prompt(columns, rows, Path(folder)),
        }
        names = list(commands)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
        for round_number in range(options.runs + 1):
            shift = round_number % len(names)
            for name in names[shift:] + names[:shift]:
                seconds = commands[name]()
                if round_number:  # the first round warms the disk cache and the bytecode
                    times[name].append(seconds)
    print(f"{options.runs} rounds, medians; each ratio is to the baseline of the same round")
    print(f"{'':>46}  {'wall':>7}  {'ratio':>5}  {'CPU':>7}  {'ratio':>5}")
    for name in names:
        cells = []
        for kind in (0, 1):
            mine, base = [t[kind] for t in times[name]], [t[kind] for t in times[names[0]]]
            ratio = statistics.median(m / b for m, b in zip(mine, base, strict=True))
            cells.append(f"{1000 * statistics.median(mine):4.0f} ms  {ratio:4.2f}x")
        print(f"{name:>46}: " + "  ".join(cells))


if __name__ == "__main__":
    main()
