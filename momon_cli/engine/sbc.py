"""State-Based Conditions (BASELINE 12): checked all at once, repeated until none apply."""

from __future__ import annotations

from . import collect
from . import events as ev
from .actions import leave_arena
from .context import Rules
from .effects import has_ward, power
from .zones import VOID


def perform(ctx: Rules) -> None:
    state = ctx.state
    zones = state.zones
    if state.sbc_clean == (zones.version, state.effects_version):
        return  # nothing on the Arena or in force changed since they last found nothing
    while True:
        on_arena = zones.arena_objects()
        stale_tokens = [o for o in on_arena if o.ward_token and not has_ward(state, o)]
        dying = [o for o in on_arena if power(state, o) <= 0]
        if not stale_tokens and not dying:
            state.sbc_clean = (zones.version, state.effects_version)
            return
        for obj in stale_tokens:  # 12.2
            obj.ward_token = False
            assert obj.space is not None
            ctx.emit(ev.StateBasedAction("ward_token_removed", obj.oid, obj.card.name, obj.space, None))
        left = []
        for obj in dying:  # 12.1, all at once
            lki, new = leave_arena(ctx, obj.oid, VOID)
            assert lki.space is not None
            ctx.emit(ev.StateBasedAction("power_zero", obj.oid, obj.card.name, lki.space, new.oid))
            left.append(lki)
        if left:
            collect.leaves_arena(ctx, left)
