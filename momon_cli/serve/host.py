"""The one game a server holds: a served session (no hand-off, one seat a terminal), shared
by its seats, and the bots' task that answers for its bot seats.

Each connection runs its seat (seat.py) as a task over this host's session, and the bots
answer in a task of their own; every change and every read of the game holds the session's
lock, and each change wakes the seats that wait for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from ..engine import Game
from ..record import Recorder, Seat
from ..session import Session
from ..session.aplay import changed
from ..session.bot_turn import BotTurn
from ..session.commands import CODE


class Host:
    """The served session, for the seats to share."""

    def __init__(self, game: Game, recorder: Recorder, bots: dict[int, Seat],
                 languages: dict[int, str] | None = None) -> None:
        self.session = Session(game, recorder, bots=bots, served=True, languages=languages, extra=(CODE,))
        self.bots = bots
        self.thinking: BotTurn | None = None  # the bot's answer being found now: its progress is shown

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

    async def bots_task(self) -> None:
        """The bots' task on the server's event loop: each decision of a bot seat answered
        from its observation, its thinking in an executor (the loop never blocks), until the
        game ends or the server stops."""
        session = self.session
        while True:
            with session.lock:
                version = session.version
                if session.stopped or session.game.pending is None:
                    return
                bot = session.game.pending.player in self.bots
                turn = session.bot_turn() if bot else None
            if turn is None:
                await changed(session, version)
                continue
            self.thinking = turn
            try:
                answer = await asyncio.to_thread(turn.think)
            finally:
                self.thinking = None
            session.play_bot(turn, answer)


async def stand_in(host: Host, player: int, seed: str) -> None:
    """The easy bot answers ``player``'s pending decision (a person out of time), from that
    player's observation, its thinking in a worker thread; ``why`` tells what it weighed."""
    from ..data.cards import load_pool

    session = host.session
    with session.lock:
        decision = session.game.pending
        if decision is None or decision.player != player:
            return
        turn = session.bot_turn(Seat("easy", seed, tuple(load_pool().values())))
    session.play_bot(turn, await asyncio.to_thread(turn.think))
