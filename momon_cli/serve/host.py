"""The one game a server holds: every seat's answer goes through it, one at a time.

Each connection runs in its own thread (seat.py); they share this host. Only the seat whose
decision is pending writes, and the bots' thread answers for the bot seats; every write and
every read of the game holds ``lock``, and each change wakes the seats that wait for it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from ..bots.roster import seat_bot
from ..engine import Game
from ..record import Recorder, Seat


class Host:
    """The game, its record and its bot seats, for the seats' threads to share."""

    def __init__(self, game: Game, recorder: Recorder, bots: dict[int, Seat]) -> None:
        self.game, self.recorder, self.bots = game, recorder, bots
        self.lock = threading.Condition()
        self.version = 0  # counts the changes: a waiting seat wakes when it moves on
        self.stopped = False
        self.on_change: Callable[[], None] = lambda: None  # told after each change, outside the lock

    def answer(self, answer: object) -> None:
        """Write the pending decision's answer ahead and play it (IllegalAnswer if it is not
        legal: nothing is written)."""
        with self.lock:
            self.recorder.answer(answer)
            self._changed()
        self.on_change()

    def concede(self, player: int) -> None:
        with self.lock:
            self.recorder.concede(player)
            self._changed()
        self.on_change()

    def _changed(self) -> None:
        self.version += 1
        self.lock.notify_all()

    def wait(self, version: int, timeout: float | None = None) -> None:
        """Until the game moves past ``version``, or the server stops."""
        with self.lock:
            self.lock.wait_for(lambda: self.version != version or self.stopped, timeout)

    def stop(self) -> None:
        """The server stops: the record is closed (it resumes), every seat is woken."""
        with self.lock:
            self.stopped = True
            self.recorder.close()
            self.lock.notify_all()

    def run_bots(self) -> None:
        """The bots' thread: answer each decision of a bot seat, from its observation, as
        ``play`` does (bots.roster.seat_bot), until the game ends or the server stops."""
        while True:
            with self.lock:
                self.lock.wait_for(lambda: self.stopped or self.game.pending is None
                                   or self.game.pending.player in self.bots)
                if self.stopped or self.game.pending is None:
                    return
                player = self.game.pending.player
                seen = self.game.observe(player)
            answer = seat_bot(self.bots[player], seen).answer(seen)
            self.answer(answer)
