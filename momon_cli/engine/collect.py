"""Triggered abilities start waiting here, one function per kind of triggering event.

Each event gets a number (its place in the pending order, CR 17.2); what triggers goes to
the Trigger Queue being processed now — the root one, or a Summon batch's [TH 17.1].
"""

from __future__ import annotations

from . import events as ev
from .cards import Ability
from .context import Rules
from .triggers import Batch, SnatchRef, Trigger
from .words import Timing
from .zones import GameObject, LastKnown

Source = GameObject | LastKnown


def wait(ctx: Rules, source: Source, ability: Ability, controller: int, event: int,
         refs: tuple[SnatchRef, ...] = (), into: list[Trigger] | None = None) -> None:
    """One triggered ability starts waiting; a spent once-only right no longer triggers [TH 17.5]."""
    state = ctx.state
    if ability.once and (source.card_no, ability.index) in state.once_used:
        return
    t = Trigger(state.take_id(), source.oid, source.card, ability, controller, source.space, event,
                source.card_no, refs)
    if into is not None:
        into.append(t)
    else:
        state.frame.waiting.append(t)
    ctx.emit(ev.TriggerWaiting, t.tid, t.source, t.card.id, t.card.name, ability.when or "", controller)


def on_summon(ctx: Rules, obj: GameObject, batch: Batch | None) -> None:
    """Step 1.2, or the On Summon part of a Summon batch [BASELINE 9.4]."""
    abilities = obj.card.triggered("on_summon")
    if abilities:
        event = batch.event if batch is not None else ctx.new_event()
        for a in abilities:
            assert obj.controller is not None
            wait(ctx, obj, a, obj.controller, event, into=batch.triggers if batch is not None else None)


def turn_based(ctx: Rules, timing: str) -> None:
    """Turn Start ("your turn") and End of Turn ("your turn" or "each turn") triggers."""
    state = ctx.state
    if not state.zones.clocked:  # no Momon on the Arena has such an ability
        return
    event = 0
    for obj in state.zones.arena_objects():
        if timing not in obj.card.by_timing:
            continue
        for a in obj.card.by_timing[timing]:
            if a.whose == "each" or obj.controller == state.active:
                event = event or ctx.new_event()
                assert obj.controller is not None
                wait(ctx, obj, a, obj.controller, event)


def leaves_arena(ctx: Rules, left: list[LastKnown]) -> None:
    """Controller as just before it left [CR 11.1.6]."""
    event = 0
    for lki in left:
        for a in lki.card.triggered("leaves_arena"):
            event = event or ctx.new_event()
            assert lki.controller is not None
            wait(ctx, lki, a, lki.controller, event)


def post_snatch(ctx: Rules, snatchers: list[tuple[Source, int, tuple[SnatchRef, ...]]],
                snatched_back: list[tuple[Source, int, tuple[SnatchRef, ...]]]) -> None:
    """CR 10.3: one collection after a Check (or a Direct Snatch); On Snatch before Snatched
    Back; controllers as when each Snatch happened; refs name the other side of the Snatch.
    The collection comes after the successes and State-Based Conditions [CR 10.3.1, TH 17.5],
    so a Source that has left the Arena by then (its Power fell to 0 during the Check) has no
    ability that functions, and nothing triggers for it [CR 11.1.5]."""
    event = 0
    on_arena = ctx.state.zones.on_arena
    pairs: tuple[tuple[Timing, list[tuple[Source, int, tuple[SnatchRef, ...]]]], ...] = (
        ("on_snatch", snatchers), ("snatched_back", snatched_back))
    for timing, found in pairs:
        for source, controller, refs in found:
            if on_arena(source.oid) is None:
                continue
            for a in source.card.triggered(timing):
                event = event or ctx.new_event()
                wait(ctx, source, a, controller, event, refs)
