"""A concession is asked once: at one keyboard, against a bot, in plain lines and on a served
seat the question is the prompt itself, not a line above a second prompt that asks it again."""

from __future__ import annotations

import asyncio
import sys
from io import StringIO
from pathlib import Path

import pexpect
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console
from screen_driver import Terminal
from test_repl import standard_game

from momon_cli.record import start_record
from momon_cli.session import Confirm
from momon_cli.tui.hot_seat import one_keyboard
from momon_cli.tui.screen import Screen
from momon_cli.tui.seat_screen import SeatScreen

ROOT = Path(__file__).parent.parent
DECKS = ["--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7", "--first", "1"]


def _asked_at_80x24(tmp_path: Path, second: str) -> Terminal:
    term = Terminal(["play", "--p1", "Ann", "--p2", second, *DECKS, "--log", str(tmp_path / "g.jsonl")])
    if not second.startswith("bot:"):
        term.wait_for("⏎")
        term.answer("")
    term.wait_for("Ann ›")
    term.type("concede", "(y/n)")
    return term


def _conceded(term: Terminal) -> None:
    term.type("y", "Winner:")
    assert "Game over — Ann conceded" in term.text
    term.close()


def test_a_hot_seat_concession_asks_its_question_once(tmp_path):
    term = _asked_at_80x24(tmp_path, "Bea")
    assert term.text.count("concede") == 1 and "concedes?" not in term.text, term.text
    assert term.lines[-1].rstrip() == "Ann, concede the game? (y/n)"  # the question is the prompt
    assert "Enter: back to the decision" not in term.text  # the hint says what the answers do
    assert "y: yes · anything else: no, the game goes on" in term.text
    _conceded(term)


def test_a_concession_against_a_bot_asks_once_too(tmp_path):
    term = _asked_at_80x24(tmp_path, "bot:easy")
    assert term.text.count("concede") == 1, term.text
    _conceded(term)


def test_a_concession_in_plain_lines_asks_once(tmp_path):
    child = pexpect.spawn(sys.executable, ["-m", "momon_cli", "play", "--plain", "--p1", "Ann", "--p2", "bot:easy",
                                           *DECKS, "--log", str(tmp_path / "g.jsonl")],
                          dimensions=(24, 80), cwd=str(ROOT), encoding="utf-8", timeout=30)
    child.expect("Ann, your answer: ")
    child.sendline("concede")
    child.expect(r"\(y/n\) ")
    asked = child.before + child.after
    child.sendline("y")
    child.expect("Winner:")
    child.close(force=True)
    assert asked.count("concede") == 2, asked  # the line typed, echoed, and the question once
    assert "concedes?" not in asked


def test_a_served_seat_asks_its_concession_once(tmp_path):
    game = standard_game()
    session = one_keyboard(game, start_record(tmp_path / "g.jsonl", game, ("A", "B"), force=True), True)
    prompts: list[str] = []
    with create_pipe_input() as pipe:
        screen = Screen(pipe, Vt100_Output(StringIO(), lambda: Size(24, 80), term="xterm"))
        seat = SeatScreen(session, Console(file=StringIO(), width=80), screen)

        async def typed(prompt: str, *rest: object) -> str:
            prompts.append(prompt)
            return "n"
        screen.aread = typed  # type: ignore[method-assign]
        question = Confirm(1, "Ann, concede the game? (y/n)")
        assert asyncio.run(seat.aconfirm(question, session.updates(1))) == "n"
    assert prompts == ["Ann, concede the game? (y/n) "] and not seat.view.info  # asked at the prompt alone
    assert screen.hint == "y: yes · anything else: no, the game goes on"
