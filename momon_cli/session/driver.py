"""A session played to its end through a front end: the one loop every synchronous front
end shares (the full screen, plain lines, a script; aplay.py is its twin on an event loop,
for the SSH seats). The front end is
a line source and a renderer (:class:`Front`); the loop asks the session what is pending,
runs the hand-off and the bots' thinking the session asks for, and hands each reply to the
front end to render.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Protocol, TypeVar, assert_never

from ..engine import SPECTATOR, Decision
from .bot_turn import BotTurn
from .content import Accepted, Confirm, Left, Refused, Reply, Said, Shown, Undone, Viewed
from .session import Session, Update

T = TypeVar("T")


class Outcome(enum.Enum):
    OVER = "over"  # the game (or the puzzle's turn) ended
    LEFT = "left"  # the seat left ('quit', the input closed); the game is saved and resumes
    STOPPED = "stopped"  # a script's line was refused: it stops there
    GONE = "gone"  # a served game stopped on the server


class Front(Protocol):
    """What a front end gives the loop: lines typed, and a way to show each thing."""

    interactive: bool  # a person types (False: a script, which stops at a refused line)

    def handoff(self, player: int, update: Update, news: str | None) -> str:
        """Show the hand-off to ``player``; the prompt it reads Enter at."""

    def present(self, update: Update) -> None:
        """A decision of ``update.decision.player``, before its first prompt."""

    def read(self, update: Update) -> str | None:
        """A line for the decision; None when the front end took
        the line itself (Enter paging its output, an answer refused while the game is not on screen)."""

    def read_handoff(self, prompt: str) -> str:
        """A line at a hand-off prompt (nothing of either Hand is offered)."""

    def show(self, shown: Shown, update: Update) -> None: ...

    def note(self, message: str) -> None:
        """One line, for the message line."""

    def error(self, message: str) -> None: ...

    def stop(self, message: str) -> None:
        """A script's line answered nothing (``message`` says why): the script stops there."""

    def viewed(self, viewed: Viewed, update: Update) -> None: ...

    def think(self, message: str, work: Callable[[], T]) -> T:
        """Run ``work`` (a hint's search) while saying ``message``."""

    def bot(self, turn: BotTurn, update: Update) -> object:
        """The bot's answer (``turn.think``), while ``update`` (the person's view) is shown."""

    def confirm(self, question: Confirm, update: Update) -> str:
        """The reply to a question (``concede``'s yes or no)."""


def play(session: Session, front: Front) -> Outcome:
    """Play ``session`` through ``front`` until it ends or its players leave: every seat at
    one keyboard (or a script), the bots answering theirs."""
    while True:
        pending = session.pending()
        if pending is None:
            return Outcome.OVER
        player = pending.player
        if pending.bot:
            turn = session.bot_turn()
            session.play_bot(turn, bot_answer(session, front, turn))
            continue
        if pending.handoff:
            update, news = session.handoff(player)
            prompt = front.handoff(player, update, news)
            while True:
                reply = session.at_handoff(player, front.read_handoff(prompt))
                if reply is None or isinstance(reply, (Undone, Left)):
                    break
                if isinstance(reply, Refused):
                    front.note(reply.message)
            if isinstance(reply, Left):
                return Outcome.LEFT
            if isinstance(reply, Undone):
                front.note(reply.message)
                continue
        outcome = ask(session, front, pending.decision)
        if outcome is not None:
            return outcome


def bot_answer(session: Session, front: Front, turn: BotTurn) -> object:
    """The bot's answer, found while the front end shows what the person at the keyboard
    may see (a front end that must not block runs ``turn.think`` in an executor instead)."""
    person = 3 - turn.player
    return front.bot(turn, session.updates(person if person not in session.bots else SPECTATOR))


def ask(session: Session, front: Front, decision: Decision) -> Outcome | None:
    """Lines for ``decision`` until one answers it (None) or ends the session."""
    player = decision.player
    update = session.updates(player, decision)
    front.present(update)
    while True:
        line = front.read(update)
        if line is None:
            continue
        reply: Reply = session.submit(player, line, front.think)
        if isinstance(reply, Confirm):
            reply = session.confirm(reply, front.confirm(reply, update) if front.interactive else "y")
        if isinstance(reply, Refused) and not front.interactive and not reply.command:
            front.stop(reply.message)  # a script stops at a line that answers nothing
            return Outcome.STOPPED
        settled = settle(session, front, reply, update)
        if settled is not False:
            return None if settled is True else settled


class Renders(Protocol):
    """What every front end shows a reply with, on a loop or not."""

    def show(self, shown: Shown, update: Update) -> None: ...

    def note(self, message: str) -> None: ...

    def error(self, message: str) -> None: ...

    def viewed(self, viewed: Viewed, update: Update) -> None: ...


def settle(session: Session, front: Renders, reply: Reply, update: Update) -> bool | Outcome:
    """Show a reply to a line of the update's decision: True once the decision is settled
    (answered, or taken back to be asked again), an outcome when the seat leaves, False when
    another line is to be read. One case a kind of reply: a new one is a type error here."""
    match reply:
        case Accepted():
            return True
        case Refused(message=message):
            front.error(message)
        case Shown():
            front.show(reply, update)
        case Said(message=message):
            front.note(message)
        case Undone(message=message):
            front.note(message)
            return True
        case Viewed():
            assert update.decision is not None
            update.side = session.side(update.decision.player)
            front.viewed(reply, update)
        case Left():
            return Outcome.LEFT
        case Confirm():
            raise AssertionError("a question is answered before its reply is shown")
        case _:
            assert_never(reply)
    return False
