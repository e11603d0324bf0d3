"""One connection's game: the full-screen game of ``play`` for one seat, on its own terminal.

A remote seat is the hot-seat REPL with one person at the keyboard: no hand-off screens,
the screen drawn only from that seat's observation (a spectator's: the public view), and
the other seat's moves shown as they happen while a line says who is deciding. Answers go
through the host (host.py), which holds the game and its record; leaving changes nothing,
and the same code joins again at the same decision.
"""

from __future__ import annotations

from rich.console import Console

from .. import exits
from ..engine import SPECTATOR, Decision, Observation
from ..language import _
from ..tui.frame import View
from ..tui.repl import HotSeat
from ..tui.screen import Screen
from .host import Host


class RemoteSeat(HotSeat):
    """The REPL of one seat (1 or 2, or SPECTATOR) of a served game."""

    def __init__(self, host: Host, seat: int, console: Console, screen: Screen, rejoin: str) -> None:
        self.host, self.seat, self.rejoin = host, seat, rejoin
        with host.lock:
            super().__init__(host.game, console, host.recorder, screen)
        self.hiding = False  # one seat a terminal: nothing to hand off
        self.viewer = seat

    # -- the shared game -----------------------------------------------------------------
    def _observe(self, seat: int) -> Observation:
        with self.host.lock:
            return super()._observe(self.seat)  # always this seat's own (a spectator's: the public view)

    def _record(self, answer: object) -> None:
        self.host.answer(answer)

    def _record_concession(self, player: int) -> None:
        self.host.concede(player)

    def _close_record(self) -> None:
        """The host closes the record: a seat that leaves or sees the end leaves it open."""

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> int:
        assert isinstance(self.reader, Screen)
        self.reader.frame = self._frame
        try:
            return self._loop()
        except (KeyboardInterrupt, EOFError):  # Ctrl-C while waiting, or the connection closed
            return self._leave()
        finally:
            self._back_to_the_terminal()

    def _loop(self) -> int:
        while True:
            with self.host.lock:
                decision, version, stopped = self.game.pending, self.host.version, self.host.stopped
            if decision is None:
                return self._end()
            if stopped:
                return self._leave()
            if decision.player == self.seat:
                code = self._ask(decision)
                if isinstance(code, int):
                    return code
            else:
                self._wait(decision, version)

    def _wait(self, decision: Decision, version: int) -> None:
        """The other seat decides (or a bot thinks): the Arena as it stands, with a line saying
        so, until the game moves on. Keys typed meanwhile wait in this seat's next prompt."""
        assert isinstance(self.reader, Screen)
        self._observe(self.seat)
        marks = self._marks(self.seat) if self.seat != SPECTATOR else {}
        self.view = View(seat=self.seat or 1, decision=None, marks=marks)
        who = self.name_of(decision.player)
        self.reader.busy(_("{name} is deciding…").format(name=who), lambda: self.host.wait(version))

    # -- what a remote seat may not do ---------------------------------------------------
    def _undo(self) -> str | None:
        # TRANSLATORS: "undo" is the command typed at the prompt: keep it as it is.
        self.error(_("undo is for two players at one keyboard; a served game keeps every answer."))
        return None

    def _concede(self, arg: str, decision: Decision) -> str | None:
        if arg and self.name_of(self.seat).lower() != arg.lower() and arg.lower() not in (f"p{self.seat}", str(self.seat)):
            # TRANSLATORS: 'concede' is the command typed at the prompt: keep it as it is.
            self.error(_("Over SSH each player concedes for themselves: type 'concede'."))
            return None
        return super()._concede("", decision)

    def _leave(self) -> int:
        self._back_to_the_terminal()
        if self.host.stopped:
            self.console.print(_("The server stopped; the game is saved on it and resumes there."))
        else:
            self.console.print(_("You left; the game waits for you. Join again with: {command}").format(
                command=self.rejoin), soft_wrap=True)
        return exits.DONE
