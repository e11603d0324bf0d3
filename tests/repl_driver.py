"""Drive the hot-seat REPL in-process through prompt_toolkit's pipe input and keep every
frame the screen drew (as plain text), plus what was printed outside the full screen."""

from __future__ import annotations

import re
from io import StringIO

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from momon_cli.engine import Decision, Game, Kind
from momon_cli.record import start_record
from momon_cli.tui.hot_seat import HotSeat
from momon_cli.tui.screen import Screen

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Run:
    def __init__(self, code: int, printed: str, frames: list[str], hot_seat: HotSeat) -> None:
        self.code, self.hot_seat, self.frames = code, hot_seat, frames
        self.printed = ANSI.sub("", printed)
        self.text = "\n".join(frames) + "\n" + self.printed
        self.words = " ".join(self.text.split())  # wrapped lines read whole


def play(game: Game, typed: str, tmp_path, width: int = 200, height: int = 60, **options) -> Run:
    out = StringIO()
    console = Console(file=out, force_terminal=True, no_color=True, width=width, legacy_windows=False)
    recorder = start_record(tmp_path / "game.jsonl", game, ("Deck One", "Deck Two"), force=True)
    frames: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text(typed)
        screen = Screen(pipe, Vt100_Output(StringIO(), lambda: Size(height, width), term="xterm"))
        hot_seat = HotSeat(game, console, recorder, screen, **options)
        screen.size = lambda: (width, height)  # type: ignore[method-assign]
        compose = hot_seat._frame

        def kept(w: int, h: int, below: int = 2):
            lines = compose(w, h, below)
            text = "\n".join(line.plain.rstrip() for line in lines) + "\n" + screen.message.plain
            if not frames or frames[-1] != text:
                frames.append(text)
            return lines
        hot_seat._frame = kept  # type: ignore[method-assign]
        code = hot_seat.run()
    return Run(code, out.getvalue(), frames, hot_seat)


def typed_answer(game: Game, d: Decision) -> str:
    """The line a person would type for the first legal option of a decision."""
    if d.kind is Kind.SUMMON:
        card_id, space = d.options[0]
        return f"summon {card_id} {space}"
    if d.kind in (Kind.ORDER_ATTEMPTS, Kind.ORDER_TRIGGERS):
        return " ".join(str(i) for i in range(len(d.options), 0, -1))
    if d.kind is Kind.TARGETS:
        return " ".join(d.options[: d.count]) or "none"
    if d.kind is Kind.YES_NO:
        return "y"
    return str(d.options[0])


def whole_game_lines(make_game, handoffs: bool) -> list[str]:
    """Play a copy of the game with typed_answer, returning the lines typed (Enter for hand-offs)."""
    from answers_helper import apply
    game = make_game()
    lines, at_keyboard = [], None
    while game.pending is not None:
        d = game.pending
        if handoffs and d.player != at_keyboard:  # a hand-off before the other player's every decision
            lines.append("")
            at_keyboard = d.player
        line = typed_answer(game, d)
        lines.append(line)
        apply(game, d, line)
    return lines
