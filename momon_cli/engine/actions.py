"""The changes every part of the rules makes to Momons: leaving the Arena, changing zones,
changing control. One home, so each keeps last known information and starts its triggers."""

from __future__ import annotations

from . import collect
from . import events as ev
from .context import Rules
from .effects import element, forget, power
from .zones import ARENA, HAND, GameObject, LastKnown


def leave_arena(ctx: Rules, oid: int, to_zone: str, face_up: bool = True) -> tuple[LastKnown, GameObject]:
    """Move an Arena object away, keeping its last known information [CR 11.1.8]. The caller
    starts its Leaves Arena triggers (SBC gathers them for everything that left at once)."""
    state = ctx.state
    obj = state.zones.objects[oid]
    lki = LastKnown(oid, obj.card_no, obj.card, obj.owner, obj.zone, obj.space, obj.controller, power(state, obj),
                    element(state, obj))
    new = state.zones.move(oid, to_zone, face_up=face_up, last_known=lki)
    forget(state, oid)
    return lki, new


def send(ctx: Rules, obj: GameObject, to_zone: str, face_up: bool = True) -> GameObject:
    """Send to the Owner's Void or Return to the Owner's Hand, from wherever it is [TH 17.3, 17.7]."""
    from_zone, from_space, oid = obj.zone, obj.space, obj.oid
    face_up = face_up or to_zone == HAND  # a Hand is hidden by its zone, not by facing
    if from_zone == ARENA:
        lki, new = leave_arena(ctx, oid, to_zone, face_up)
    else:
        new = ctx.state.zones.move(oid, to_zone, face_up=face_up)
    ctx.emit(ev.ZoneChanged(oid, obj.card.name, obj.card.id, obj.owner, from_zone, from_space, to_zone, face_up,
                            new.oid))
    if from_zone == ARENA:
        collect.leaves_arena(ctx, [lki])
    return new


def change_control(ctx: Rules, obj: GameObject, controller: int, how: str) -> None:
    """CR 10.2.7: the Marking Token is flipped; Owner and object stay the same [TH 17.5]."""
    old = obj.controller
    ctx.state.zones.set_controller(obj, controller)
    assert obj.space is not None and old is not None
    ctx.emit(ev.ControlChanged(obj.oid, obj.card.name, obj.space, old, controller, how))
