"""The narrow context every rules function works with: the state and the event stream.

Rules code never sees the driver (:class:`momon_cli.engine.game.Game`) that feeds answers
in; it reads and changes ``state`` and reports each step through ``emit``.
"""

from __future__ import annotations

from collections.abc import Callable

from . import events as ev
from .state import GameState

Listener = Callable[[ev.Event], None]


class Rules:
    __slots__ = ("events", "listeners", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[ev.Event] = []
        self.listeners: list[Listener] = []

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        for listener in self.listeners:
            listener(event)

    def new_event(self) -> int:
        """Number a triggering event: what waits is placed in this order [CR 17.2]."""
        self.state.events_made += 1
        return self.state.events_made
