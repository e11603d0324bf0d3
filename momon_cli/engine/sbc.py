"""State-Based Conditions (BASELINE 12): checked all at once, repeated until none apply.

They follow what changed. Only a Momon that something lowers can have Power 0 or less:
base Power is at least 1 in every card set, so 12.1 reads the Power of those with an effect
on their Power or that are fragile (a Power static, or a base below 1), and no other; 12.2
reads which Momons have a Ward effect once. And while the effects in force stay as they
were at the last check that found nothing and no fragile Momon is on the Arena, a change
of the Arena alone cannot make either apply, so nothing is read at all.
"""

from __future__ import annotations

from . import collect
from . import events as ev
from .actions import leave_arena
from .context import Rules
from .effects import POWER_KINDS, power
from .zones import VOID


def perform(ctx: Rules) -> None:
    state = ctx.state
    zones = state.zones
    clean_arena, clean_effects = state.sbc_clean
    if clean_effects == state.effects_version and (clean_arena == zones.version or not zones.fragile):
        # Nothing changed since they last found nothing; or only the Arena did, and with the
        # same effects and no fragile Momon every Power and every Ward Token is as it was
        # then (a Momon new to the Arena has its base Power and no Token).
        state.sbc_clean = (zones.version, state.effects_version)
        return
    while True:
        effects = state.effects
        warded = {e.target for e in effects if e.kind == "ward"}
        lowered = {e.target for e in effects if e.kind in POWER_KINDS}
        stale_tokens, dying = [], []
        for o in zones.arena_objects():
            if o.ward_token and o.oid not in warded:
                stale_tokens.append(o)
            card = o.card
            if (o.oid in lowered or card.fragile) and power(state, o) <= 0:
                dying.append(o)
        if not stale_tokens and not dying:
            state.sbc_clean = (zones.version, state.effects_version)
            return
        for obj in stale_tokens:  # 12.2
            obj.ward_token = False
            assert obj.space is not None
            ctx.emit(ev.StateBasedAction, "ward_token_removed", obj.oid, obj.card.name, obj.space, None)
        left = []
        for lki, new in leave_arena(ctx, dying, VOID):  # 12.1, all at once
            assert lki.space is not None
            ctx.emit(ev.StateBasedAction, "power_zero", lki.oid, lki.card.name, lki.space, new.oid)
            left.append(lki)
        if left:
            collect.leaves_arena(ctx, left)
