"""One connection's game: the full-screen game of ``play`` for one seat, on its own terminal.

A remote seat is a front end over the host's served session (host.py), run as a task on the
server's event loop (session.aplay): no hand-off screens (the session's policy for a served
game), the screen drawn only from that seat's observation (a spectator's: the public view),
and the other seat's moves shown as they happen while a line says who is deciding. It draws
as the hot seat does (a tui.seat_screen.SeatScreen it holds); leaving changes nothing, and
the same code joins again at the same decision. A closed connection cancels its task.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Protocol, TypeVar

from rich.console import Console

from .. import exits, language
from ..engine import SPECTATOR, Decision
from ..language import _
from ..session import Confirm, Outcome, Shown, Update, Viewed
from ..session.aplay import aplay, changed
from ..session.bot_turn import BotTurn
from ..text.safe import safe
from ..tui.frame import View
from ..tui.screen import BUSY_REDRAW, LINE_LIMIT, WAIT_REDRAW, Screen
from ..tui.seat_screen import SeatScreen
from ..widths import wrapped
from .clock import Clock
from .host import Host

T = TypeVar("T")
CLAIM = "claim"  # the word that claims a game from an absent player (not translated: typed as it is)
POLL_SECONDS = 0.5  # how often a seat waiting on an absent player looks whether it may claim


class Claims(Protocol):
    """A room whose absent players' games may be claimed (the club's)."""

    def claim_in(self, player: int) -> float | None:
        """Seconds until the game may be claimed from ``player`` (0: now; None: they are here)."""

    def claim(self, by: int) -> str:
        """``by`` claims the game; what they are told."""


class RemoteSeat:
    """The front end of one seat (1 or 2, or SPECTATOR) of a served game."""

    interactive = True

    def __init__(self, host: Host, seat: int, console: Console, screen: Screen, rejoin: str,
                 absent: Callable[[int], bool] = lambda seat: False, clock: Clock | None = None,
                 claims: Claims | None = None) -> None:
        self.host, self.seat, self.rejoin, self.console, self.screen = host, seat, rejoin, console, screen
        self.absent = absent  # whether a seat's player joined and has dropped
        self.clock = clock  # the room's, if it has one
        self.claims = claims if seat != SPECTATOR else None
        self.session = host.session
        if seat != SPECTATOR:  # what 'code' tells this seat alone (a spectator has no prompt to ask at)
            self.session.ways_back[seat] = rejoin
        self.drawn = SeatScreen(self.session, console, screen)  # draws this seat's screen
        if clock is not None:
            self.drawn.corner = lambda: (_("clock {first} / {second}").format(first=clock.shown(1),
                                                                                second=clock.shown(2)),)

    # -- what the full screen does as it does at one keyboard ---------------------------------
    def present(self, update: Update) -> None:
        self.drawn.present(update)

    async def aread(self, update: Update) -> str | None:
        """A line for the decision, or None once the game moved on without one (the easy bot
        answered for a player out of time, the other player conceded)."""
        moved = asyncio.ensure_future(changed(self.session, self.session.version))
        try:
            with self._ticking():
                line = await _unless(self.drawn.aread(update), moved)
        finally:
            moved.cancel()
        if line is not None and line.strip().lower() == CLAIM and self.claims is not None:
            self.drawn.note(self.claims.claim(self.seat))
            return None
        return line

    def show(self, shown: Shown, update: Update) -> None:
        self.drawn.show(shown, update)

    def note(self, message: str) -> None:
        self.drawn.note(message)

    def error(self, message: str) -> None:
        self.drawn.error(message)

    async def athink(self, message: str, work: Awaitable[T]) -> T:
        return await self.drawn.athink(message, work)

    async def aconfirm(self, question: Confirm, update: Update) -> str:
        with self._ticking():
            return await self.drawn.aconfirm(question, update)

    @contextmanager
    def _ticking(self) -> Iterator[None]:
        """The room's clock counts down on this seat's own prompt too, while it waits."""
        self.screen.ticking = (lambda: " ".join(self.drawn.corner())) if self.clock is not None else None
        try:
            yield
        finally:
            self.screen.ticking = None

    def viewed(self, viewed: Viewed, update: Update) -> None:
        self.drawn.viewed(viewed, update)

    # -- what a served seat does its own way ---------------------------------------------------
    async def abot(self, turn: BotTurn, update: Update, answer: Awaitable[object]) -> object:
        raise AssertionError("the host answers for the bots")

    async def awatch(self, update: Update, decision: Decision, moved: Awaitable[None]) -> None:
        """The other seat decides (or a bot thinks): the Arena as it stands, with a line saying
        so, until the game moves on. Keys typed meanwhile wait in this seat's next prompt."""
        self.drawn._take(update)
        marks = update.marks if self.seat != SPECTATOR else {}
        self.drawn.view = View(seat=self.seat or 1, decision=None, marks=marks, result=update.result)
        who = self.session.name_of(decision.player)

        def waiting() -> str:  # asked again at each redraw: the decider may drop, or come back
            said = whose()
            if self.clock is not None and self.seat != SPECTATOR and self.clock.remaining(self.seat) <= 0:
                return said + " · " + _("Your time is up: the easy bot answers for you.")  # why moves come without a key
            return said

        def whose() -> str:  # whose decision it is, and how it goes
            thinking = self.host.thinking
            if thinking is not None and thinking.player == decision.player:  # a bot: its playouts so far
                return thinking.progress()
            if decision.player not in self.host.bots and self.absent(decision.player):
                return _("{name} dropped — waiting for them to rejoin").format(name=who)
            if self.clock is not None and decision.player not in self.host.bots:
                return _("{name} is deciding… {left} left").format(name=who, left=self.clock.shown(decision.player))
            return _("{name} is deciding…").format(name=who)

        bot = decision.player in self.host.bots
        if self.claims is None or bot:
            await self.screen.abusy(waiting, moved, BUSY_REDRAW if bot else WAIT_REDRAW)  # a bot's playouts count up
            return
        going = asyncio.ensure_future(moved)
        try:
            while not going.done():
                claimable = asyncio.ensure_future(self._claimable(decision.player))
                try:
                    await self.screen.abusy(waiting, asyncio.wait((going, claimable), return_when=asyncio.FIRST_COMPLETED),
                                            WAIT_REDRAW)
                finally:
                    claimable.cancel()
                if not going.done():
                    await self._claiming(who, going)
        finally:
            going.cancel()

    async def _claimable(self, player: int) -> None:
        """Returns once the absent ``player``'s game may be claimed: looked at every
        :data:`POLL_SECONDS` without drawing (the waiting screen stays up meanwhile)."""
        assert self.claims is not None
        while (wait := self.claims.claim_in(player)) is None or wait > 0:
            await asyncio.sleep(POLL_SECONDS)

    async def _claiming(self, who: str, going: asyncio.Future[None]) -> None:
        """The decider is away past their time: a prompt that takes ``claim``, until the game moves on."""
        assert self.claims is not None
        self.screen.hint = _("{name} dropped — type claim to win the game, or wait for them").format(name=who)
        self.screen.title = _("momon — {name} may claim the game").format(name=self.session.name_of(self.seat))
        line = await _unless(self.screen.aread(f"{self.session.name_of(self.seat)} › "), going)
        if line is not None and line.strip().lower() == CLAIM:
            self.drawn.note(self.claims.claim(self.seat))
        elif line is not None:
            self.drawn.error(_("Type claim to win the game, or wait for {name} to rejoin.").format(name=who))

    async def arun(self) -> int:
        """The seat's game to its end, or until it leaves, in the seat's own language."""
        with language.using(self.session.language_of(self.seat)):
            self.screen.frame = self.drawn._frame
            try:
                outcome = await aplay(self.session, self, self.seat, bots=False)
                if outcome is Outcome.OVER:
                    return self._end()
                return self._leave()
            except (KeyboardInterrupt, EOFError):  # Ctrl-C while waiting, or the connection closed
                return self._leave()
            finally:
                self.drawn._back_to_the_terminal()

    def _end(self) -> int:
        """The end screen, from this seat's side (the host closes the record)."""
        from ..record import short_name
        from ..tui import render

        self.drawn._take(self.session.updates(self.seat))
        self.drawn._back_to_the_terminal()
        named = Path(short_name(self.session.recorder.path)).name  # never the path on the server
        lines = render.end_screen(self.drawn.seen, None, self.console.width)
        # the record is the server's: ``momon replay`` on this player's machine would find nothing
        saved = safe(_("The game is saved on the server as {name}: ask its host for the record to watch it again.")
                     .format(name=named), LINE_LIMIT, "dim")
        lines[-1:-1] = wrapped(saved, self.console.width)
        for line in lines:
            self.console.print(line, overflow="crop", no_wrap=True)
        return exits.DONE

    def _leave(self) -> int:
        self.drawn._back_to_the_terminal()
        if self.host.stopped:
            self.console.print(_("The server stopped; the game is saved on it and resumes there."))
        elif self.seat == SPECTATOR:  # no seat waits for a watcher
            self.console.print(_("You stopped watching; the game goes on."))
        else:
            self.console.print(_("You left; the game waits for you.") + " " + self.rejoin, soft_wrap=True)
        return exits.DONE


async def _unless(line: Awaitable[str | None], moved: asyncio.Future[None]) -> str | None:
    """The line read, or None once ``moved`` is done first (the read is then cancelled)."""
    read = asyncio.ensure_future(line)
    try:
        await asyncio.wait((read, moved), return_when=asyncio.FIRST_COMPLETED)
    finally:
        if not read.done():
            read.cancel()
            with suppress(asyncio.CancelledError):
                await read
    return None if read.cancelled() else read.result()
