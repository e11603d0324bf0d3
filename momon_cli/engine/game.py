"""The engine's public driver: build a game, read its pending Decision, answer it.

The rules are a generator (:func:`momon_cli.engine.turn.run_game`); this class is the one
place that advances it. Events go to ``events`` and to every listener, in order.
"""

from __future__ import annotations

from collections.abc import Callable

from . import events as ev
from .decisions import Decision
from .state import GameState, Result, Setup
from .triggers import TriggerQueue
from .turn import finish, run_game

Listener = Callable[[ev.Event], None]


class GameOver(RuntimeError):
    """An answer or concession was given to a game that has ended."""


class Game:
    def __init__(self, setup: Setup, listeners: tuple[Listener, ...] = (), *, start: bool = True) -> None:
        """Build the game and run it to its first decision (``start=False``: wait for ``start()``,
        so that a listener holding this object can be attached before the first event)."""
        self.setup = setup
        self.state = GameState.new(setup)
        self.triggers = TriggerQueue(self)
        self.events: list[ev.Event] = []
        self.answers: list = []  # the canonical answers so far, in order (replayable)
        self._listeners = list(listeners)
        self._flow = run_game(self)
        self.pending: Decision | None = None
        if start:
            self.start()

    def start(self) -> None:
        self._advance(None)

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        for listener in self._listeners:
            listener(event)

    @property
    def over(self) -> bool:
        return self.state.result is not None

    @property
    def result(self) -> Result | None:
        return self.state.result

    def answer(self, choice) -> None:
        """Answer the pending Decision. An illegal answer raises IllegalAnswer and changes nothing."""
        if self.pending is None:
            raise GameOver("the game is over")
        value = self.pending.validate(choice)
        self.answers.append(value)
        self._advance(value)

    def concede(self, player: int) -> None:
        """BASELINE 7.1: the game ends at once, the opponent wins, nothing pending resolves."""
        if self.over:
            raise GameOver("the game is over")
        if player not in (1, 2):
            raise ValueError("player must be 1 or 2")
        self._flow.close()
        self.pending = None
        self.answers.append({"concede": player})
        self.emit(ev.Conceded(player))
        finish(self, "concession", winner=3 - player)

    def _advance(self, value) -> None:
        try:
            self.pending = self._flow.send(value)
        except StopIteration:
            self.pending = None
