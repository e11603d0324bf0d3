"""Benchmark (not a test): CPU time from Enter to the next frame drawn, at 80×24 and 120×40.

Plays whole hot-seat games of the built-in decks through the real Screen (prompt_toolkit
on a pipe input, drawing to a terminal-sized output) and divides the process's CPU time by
the lines typed; the same answers given straight to a recorded game, with no screen, give
the engine's and the record's share. CPU time of this process (time.process_time), which a
busy shared machine does not inflate the way it inflates wall time.

    .venv/bin/python benchmarks/frame.py [games]   # needs the test extra
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from io import StringIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))  # the in-process drivers of the tests

from prompt_toolkit.data_structures import Size  # noqa: E402
from prompt_toolkit.input import create_pipe_input  # noqa: E402
from prompt_toolkit.output.vt100 import Vt100_Output  # noqa: E402
from repl_driver import whole_game_lines  # noqa: E402
from rich.console import Console  # noqa: E402

from momon_cli.data.cards import load_deck, load_matrix, load_pool  # noqa: E402
from momon_cli.engine import Game, Position, Setup  # noqa: E402
from momon_cli.record import start_record  # noqa: E402
from momon_cli.tui.hot_seat import HotSeat  # noqa: E402
from momon_cli.tui.screen import Screen  # noqa: E402

DECKS = ("ember-tide", "stone-gale")


def new_game(seed: int) -> Game:
    pool, matrix = load_pool(), load_matrix()
    decks = [load_deck(name, pool) for name in DECKS]
    return Game(Setup(Position.new_game((decks[0].cards, decks[1].cards), None), matrix, seed, "sequential",
                      ("Ann", "Bea")))


def on_screen(seed: int, lines: list[str], width: int, height: int, folder: Path) -> float:
    game = new_game(seed)
    recorder = start_record(folder / f"s{seed}-{width}.jsonl", game, DECKS, force=True)
    console = Console(file=StringIO(), force_terminal=True, width=width)
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\n" for line in lines))
        screen = Screen(pipe, Vt100_Output(StringIO(), lambda: Size(height, width), term="xterm"))
        screen.size = lambda: (width, height)  # type: ignore[method-assign]
        start = time.process_time()
        HotSeat(game, console, recorder, screen).run()
        return time.process_time() - start


def without_screen(seed: int, lines: list[str], folder: Path) -> float:
    game = new_game(seed)
    recorder = start_record(folder / f"bare{seed}.jsonl", game, DECKS, force=True)
    start = time.process_time()
    for line in lines:
        if line:
            decision = game.pending
            assert decision is not None
            from momon_cli.text.notation import parse

            recorder.answer(parse(game.observe(decision.player), decision, line))
    return time.process_time() - start


def main(games: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        scripts = {seed: whole_game_lines(lambda seed=seed: new_game(seed), handoffs=True) for seed in range(games)}
        typed = sum(len(lines) for lines in scripts.values())
        bare = sum(without_screen(seed, lines, folder) for seed, lines in scripts.items())
        print(f"{games} games, {typed} lines typed (answers and hand-off Enters)")
        print(f"engine alone: {bare / typed * 1000:.2f} ms CPU a line")
        for width, height in ((80, 24), (120, 40)):
            cpu = sum(on_screen(seed, lines, width, height, folder) for seed, lines in scripts.items())
            print(f"{width}x{height}: {cpu / typed * 1000:.2f} ms CPU from Enter to the next frame drawn")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=5, help="whole games played (default 5)")
    main(parser.parse_args().games)
