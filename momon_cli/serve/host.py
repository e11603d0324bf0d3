"""The one game a server holds: a served session (no hand-off, one seat a terminal), shared
by its seats, and the bots' thread that answers for its bot seats.

Each connection runs its seat (seat.py) over this host's session; every change and every
read of the game holds the session's lock, and each change wakes the seats that wait for it.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Game
from ..record import Recorder, Seat
from ..session import Session


class Host:
    """The served session, for the seats to share."""

    def __init__(self, game: Game, recorder: Recorder, bots: dict[int, Seat]) -> None:
        self.session = Session(game, recorder, bots=bots, served=True)
        self.bots = bots

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def recorder(self) -> Recorder:
        return self.session.recorder

    @property
    def stopped(self) -> bool:
        return self.session.stopped

    @property
    def on_change(self) -> Callable[[], None]:
        return self.session.on_change

    @on_change.setter
    def on_change(self, told: Callable[[], None]) -> None:
        """Told after each change, outside the lock (the server checks for the game's end)."""
        self.session.on_change = told

    def stop(self) -> None:
        """The server stops: the record is closed (it resumes), every seat is woken."""
        self.session.stop()

    def run_bots(self) -> None:
        """The bots' thread: answer each decision of a bot seat, from its observation, as
        ``play`` does, until the game ends or the server stops."""
        session = self.session
        while True:
            with session.lock:
                session.lock.wait_for(lambda: session.stopped or session.game.pending is None
                                      or session.game.pending.player in self.bots)
                if session.stopped or session.game.pending is None:
                    return
                turn = session.bot_turn()
            session.play_bot(turn, turn.think())
