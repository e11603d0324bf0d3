"""Which queued ability is resolving now: the engine takes it off the Queue to resolve it,
so a view that shows "being resolved" and "waiting" has to remember what entered."""

from __future__ import annotations

from ..engine import Game, Trigger
from ..engine import events as ev


class QueueWatch:
    """A listener: every Trigger that entered a Queue and has not finished resolving."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.entered: dict[int, Trigger] = {}
        for event in game.events:
            self(event)

    def __call__(self, event: ev.Event) -> None:
        if isinstance(event, ev.TriggerQueued):
            found = (t for f in self.game.state.frames for t in f.queue
                     if isinstance(t, Trigger) and t.tid == event.trigger)
            trigger = next(found, None)
            if trigger is not None:
                self.entered[event.trigger] = trigger
        elif isinstance(event, ev.AbilityResolved):
            self.entered.pop(event.trigger, None)

    def resolving(self) -> list[Trigger]:
        """Entered, no longer in any Queue, not yet resolved: the one resolving (inner first)."""
        queued = {t.tid for f in self.game.state.frames for t in f.queue if isinstance(t, Trigger)}
        return [t for tid, t in reversed(self.entered.items()) if tid not in queued]
