"""State-Based Conditions (BASELINE 12): checked all at once, repeated until none apply."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .effects import element, forget, has_ward, power
from .zones import VOID, LastKnown

if TYPE_CHECKING:
    from .game import Game


def leave_arena(game: Game, oid: int, to_zone: str, face_up: bool = True):
    """Move an Arena object away, keeping its last known information; start Leaves Arena triggers."""
    zones = game.state.zones
    obj = zones.objects[oid]
    lki = LastKnown(oid, obj.card, obj.owner, obj.zone, obj.space, obj.controller, power(game, obj), element(obj))
    new = zones.move(oid, to_zone, face_up=face_up, last_known=lki)
    forget(game, oid)
    return lki, new


def perform(game: Game) -> None:
    zones = game.state.zones
    while True:
        on_arena = zones.arena_objects()
        stale_tokens = [o for o in on_arena if o.ward_token and not has_ward(game, o)]
        dying = [o for o in on_arena if power(game, o) <= 0]
        if not stale_tokens and not dying:
            return
        for obj in stale_tokens:  # 12.2
            obj.ward_token = False
            game.emit(ev.StateBasedAction("ward_token_removed", obj.oid, obj.card.name, obj.space, None))
        left = []
        for obj in dying:  # 12.1, all at once
            lki, new = leave_arena(game, obj.oid, VOID)
            game.emit(ev.StateBasedAction("power_zero", obj.oid, obj.card.name, lki.space, new.oid))
            left.append(lki)
        if left:
            game.triggers.leaves_arena(left)
