"""A puzzle's last screen at the terminal: the Arena as its turn ended, then one line saying
whether its goal was met. Apart from ``tui/puzzle.py`` (which starts a puzzle's front end)
so that the front ends can end a puzzle without importing what builds them."""

from __future__ import annotations

from typing import Protocol

from rich.console import Console
from rich.text import Text

from .. import exits
from ..data.goals import Verdict
from ..engine import SPECTATOR
from ..session import Session
from .arena_view import arena_lines
from .plain import board


class PuzzleFront(Protocol):
    """What a puzzle's ending needs of the front end that played it (the full screen or plain lines)."""

    session: Session
    console: Console
    verdict: Verdict | None
    interactive: bool

    def _back_to_the_terminal(self) -> None: ...

    def _told(self, full: str, short: str | None) -> str | None: ...


def ending(front: PuzzleFront, plain: bool = False) -> int:
    """The puzzle's turn is over (or the game): the Arena as it ended, from the solver's
    seat, then the verdict in one line (kept on the front end for the lesson)."""
    session, console = front.session, front.console
    goal = session.goal
    assert goal is not None
    front.verdict = verdict = goal.verdict()
    seen = goal.ended_seen() or session.game.observe(SPECTATOR)  # the story up to the turn's end
    story = session.story(seen.seat)
    before = len(story.log)
    told = story.catch_up(seen)
    front._back_to_the_terminal()
    if front.interactive:
        for line in story.lines(before):
            console.print(Text(line))
    else:  # a script prints the turn's last lines as they are narrated
        for full, short in told:
            said = front._told(full, short)
            if said is not None:
                console.print(Text(said))
    solver = goal.puzzle.solver
    if plain:
        for line in board(seen, solver, solver):
            console.print(Text(line))
    else:
        for arena in arena_lines(seen, solver, console.width):
            console.print(arena, overflow="crop", no_wrap=True)
    console.print(Text(verdict.line, style="bold green" if verdict.met else "bold red"),
                  soft_wrap=True)  # one line, however narrow the terminal
    return exits.DONE
