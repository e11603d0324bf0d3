"""A session played through a front end on an event loop: the asyncio twin of driver.play,
for front ends that must never block (an SSH seat among many on one loop). Lines are
awaited, a bot's thinking and a hint's search run in a worker thread
(``asyncio.to_thread``, which carries the seat's language along; ``run_in_executor`` would
not), and a seat that waits for the other side awaits the session's
next change; cancelling the task (a closed connection) leaves no work of its own running.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Protocol, TypeVar

from ..engine import SPECTATOR, Decision
from ..language import _
from .bot_turn import BotTurn
from .content import Confirm, Refused, Reply, Shown, Viewed
from .driver import Outcome, settle
from .session import Session, Update

T = TypeVar("T")
SLOW = ("hint",)  # commands whose work takes seconds: run in an executor, under the front end's spinner


class AsyncFront(Protocol):
    """What a front end on an event loop gives :func:`aplay` (driver.Front's twin)."""

    interactive: bool

    def present(self, update: Update) -> None: ...

    async def aread(self, update: Update) -> str | None: ...

    def show(self, shown: Shown, update: Update) -> None: ...

    def note(self, message: str) -> None: ...

    def error(self, message: str) -> None: ...

    def viewed(self, viewed: Viewed, update: Update) -> None: ...

    async def aconfirm(self, question: Confirm, update: Update) -> str: ...

    async def athink(self, message: str, work: Awaitable[T]) -> T:
        """Await ``work`` (a search in an executor) while saying ``message``."""

    async def abot(self, turn: BotTurn, update: Update, answer: Awaitable[object]) -> object:
        """Await the bot's answer while ``update`` (the person's view) is shown."""

    async def awatch(self, update: Update, decision: Decision, moved: Awaitable[None]) -> None:
        """The other side decides: show it until ``moved`` (the session changed) is done."""


async def changed(session: Session, version: int) -> None:
    """Until the session moves past ``version`` (a change from any thread), or stops."""
    loop = asyncio.get_running_loop()
    moved = asyncio.Event()

    def told() -> None:
        if not loop.is_closed():
            loop.call_soon_threadsafe(moved.set)

    stop = session.subscribe(told)
    try:
        while session.version == version and not session.stopped:
            await moved.wait()
            moved.clear()
    finally:
        stop()


async def aplay(session: Session, front: AsyncFront, seat: int | None = None, bots: bool = True) -> Outcome:
    """Play ``session`` through ``front`` on the running loop until it ends or the seat
    leaves: every seat (``seat`` None), or one served seat, whose other side is awaited.
    ``bots``: answer the bot seats here (else the session's host does)."""
    while True:
        with session.lock:
            pending, version, stopped = session.pending(), session.version, session.stopped
        if pending is None:
            return Outcome.OVER
        if stopped:
            return Outcome.GONE
        player = pending.player
        if pending.bot and bots:
            turn = session.bot_turn()
            person = 3 - player
            update = session.updates(person if person not in session.bots else SPECTATOR)
            answer = await front.abot(turn, update, asyncio.to_thread(turn.think))
            session.play_bot(turn, answer)
            continue
        if seat is not None and player != seat or pending.bot:
            await front.awatch(session.updates(SPECTATOR if seat is None else seat), pending.decision,
                               changed(session, version))
            continue
        outcome = await _ask(session, front, pending.decision)
        if outcome is not None:
            return outcome


async def _ask(session: Session, front: AsyncFront, decision: Decision) -> Outcome | None:
    """Lines for ``decision`` until one answers it (None) or ends the session."""
    player = decision.player
    update = session.updates(player, decision)
    front.present(update)
    while True:
        line = await front.aread(update)
        if line is None:
            if session.game.pending is not decision:  # answered meanwhile (a stand-in), or over
                return None
            continue
        reply: Reply
        if line.strip().partition(" ")[0].lower() in SLOW:
            work = asyncio.to_thread(session.submit, player, line)
            try:
                reply = await front.athink(_("Weighing the answers…"), work)
            except KeyboardInterrupt:  # the search goes on in its thread to its time limit; its result is dropped
                reply = Refused(_("The hint was stopped."))
        else:
            reply = session.submit(player, line)
        if isinstance(reply, Confirm):
            reply = session.confirm(reply, await front.aconfirm(reply, update))
        settled = settle(session, front, reply, update)
        if settled is not False:
            return None if settled is True else settled
