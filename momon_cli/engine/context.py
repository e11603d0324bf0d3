"""The narrow context every rules function works with: the state and the event stream.

Rules code never sees the driver (:class:`momon_cli.engine.game.Game`) that feeds answers
in; it reads and changes ``state`` and reports each step through ``emit``. An event is
built only when someone is told: a copy a search plays on (``telling=False``) makes no
event objects at all, which is most of what a playout would otherwise spend on them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec

from . import events as ev
from .state import GameState

Listener = Callable[[ev.Event], None]
P = ParamSpec("P")


class Rules:
    __slots__ = ("at_root", "events", "listeners", "state", "telling")

    def __init__(self, state: GameState, telling: bool = True) -> None:
        self.state = state
        self.events: list[ev.Event] = []
        self.listeners: list[Listener] = []
        self.telling = telling  # False: no events are made, kept or sent to listeners
        #: Told as each turn's Summon step begins (engine.turn.summon_step): the game keeps
        #: that state, from which a copy can be played to any later decision of the turn.
        self.at_root: Callable[[], None] | None = None

    def emit(self, kind: Callable[P, ev.Event], /, *args: P.args, **kwargs: P.kwargs) -> None:
        """Report one step: the event ``kind(*args)``, made only while the game is telling."""
        if not self.telling:
            return
        event = kind(*args, **kwargs)
        self.events.append(event)
        for listener in self.listeners:
            listener(event)

    def new_event(self) -> int:
        """Number a triggering event: what waits is placed in this order [CR 17.2]."""
        self.state.events_made += 1
        return self.state.events_made
