"""The changes every part of the rules makes to Momons: leaving the Arena, changing zones,
changing control. One home, so each keeps last known information and starts its triggers."""

from __future__ import annotations

from collections.abc import Sequence

from . import collect
from . import events as ev
from .context import Rules
from .effects import element, forget, power
from .zones import ARENA, HAND, GameObject, LastKnown


def leave_arena(ctx: Rules, objs: Sequence[GameObject], to_zone: str, face_up: bool = True
                ) -> list[tuple[LastKnown, GameObject]]:
    """Move Arena objects away together, each keeping its last known information as it was
    before any of them left [CR 11.1.8]: a Power that reads the board is not read on a board
    the others have already left. Returns each one's last known information and the new
    object. The caller starts their Leaves Arena triggers, all at once."""
    state = ctx.state
    known = [LastKnown(o.oid, o.card_no, o.card, o.owner, o.zone, o.space, o.controller, power(state, o),
                       element(state, o)) for o in objs]
    moved = []
    for lki in known:
        moved.append((lki, state.zones.move(lki.oid, to_zone, face_up=face_up, last_known=lki)))
        forget(state, lki.oid)
    return moved


def send(ctx: Rules, objs: Sequence[GameObject], to_zone: str, face_up: bool = True) -> None:
    """Send to the Owner's Void or Return to the Owner's Hand, from wherever each one is
    [TH 17.3, 17.7]; each object once (its callers, instructions.affected and
    turn.delayed_returns, never name one twice). The Momons one instruction (or one
    expiration) sends go together: one event, so the Leaves Arena triggers of those that left
    the Arena wait as one group, the Active Player's first [CR 17.2, R-mc 28], as those of
    State-Based Conditions do."""
    face_up = face_up or to_zone == HAND  # a Hand is hidden by its zone, not by facing
    zones = ctx.state.zones
    leaving = [o for o in objs if o.zone == ARENA]
    gone = dict(zip((o.oid for o in leaving), leave_arena(ctx, leaving, to_zone, face_up), strict=True))
    for obj in objs:  # an object that has moved keeps its old zone and Space: a new one replaced it
        new = gone[obj.oid][1] if obj.oid in gone else zones.move(obj.oid, to_zone, face_up=face_up)
        ctx.emit(ev.ZoneChanged, obj.oid, obj.card.name, obj.card.id, obj.owner, obj.zone, obj.space, to_zone,
                                face_up, new.oid)
    if gone:
        collect.leaves_arena(ctx, [lki for lki, _ in gone.values()])


def change_control(ctx: Rules, obj: GameObject, controller: int, how: str) -> None:
    """CR 10.2.7: the Marking Token is flipped; Owner and object stay the same [TH 17.5]."""
    old = obj.controller
    ctx.state.zones.set_controller(obj, controller)
    assert obj.space is not None and old is not None
    ctx.emit(ev.ControlChanged, obj.oid, obj.card.name, obj.space, old, controller, how)
