"""Drive the hot-seat REPL through prompt_toolkit's pipe input and read what the screen shows."""

from __future__ import annotations

import re
from io import StringIO

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from momon_cli.engine import Decision, Game, Kind
from momon_cli.record import Recorder
from momon_cli.repl import HotSeat, TerminalReader

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
CLEAR = "\x1b[2J"


class Run:
    def __init__(self, code: int, raw: str, hot_seat: HotSeat) -> None:
        self.code, self.raw, self.hot_seat = code, raw, hot_seat
        self.text = ANSI.sub("", raw)

    @property
    def screens(self) -> list[str]:
        """The output cut at every screen clear."""
        return [ANSI.sub("", s) for s in self.raw.split(CLEAR)]


def play(game: Game, typed: str, tmp_path, width: int = 200) -> Run:
    out = StringIO()
    console = Console(file=out, force_terminal=True, no_color=True, width=width, legacy_windows=False)
    recorder = Recorder(tmp_path / "game.jsonl", game, ("Deck One", "Deck Two"))
    with create_pipe_input() as pipe:
        pipe.send_text(typed)
        hot_seat = HotSeat(game, console, recorder)
        hot_seat.reader = TerminalReader(hot_seat, pipe, DummyOutput())
        code = hot_seat.run()
    return Run(code, out.getvalue(), hot_seat)


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
    lines = []
    while game.pending is not None:
        d = game.pending
        if handoffs and d.kind is Kind.SUMMON:
            lines.append("")
        line = typed_answer(game, d)
        lines.append(line)
        apply(game, d, line)
    return lines
