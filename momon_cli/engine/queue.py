"""The Trigger Queue: placing what waits, resolving abilities, processing Summon batches.

What waits joins the end of the Queue in event order; inside one event, by category
(post-Snatch: On Snatch before Snatched Back, CR 10.3.2), then the Active Player's in the
order that player chooses, then the Non-Active Player's [CR 17.2, BASELINE 11.3]. The order
is asked only when it can matter. Targets are chosen as each ability enters the Queue
[BASELINE 11.4]. A Summon batch is processed whole when its turn comes: its On Summon
triggers, its Check, SBC, its post-Snatch triggers, in a Queue of its own [TH 17.1].
"""

from __future__ import annotations

from collections.abc import Generator
from itertools import groupby
from typing import Any

from . import events as ev
from . import sbc
from .context import Rules
from .decisions import N_, Decision, Kind
from .effects import holds
from .resolution import Resolution, legal_targets, precondition, resolve, source_space
from .snatch import Cause, run_check
from .state import RESOLUTION_LIMIT, Frame
from .triggers import Batch, Pending, Trigger, view

Flow = Generator[Decision, Any, None]


def _spaces(ctx: Rules, oids: tuple[int, ...]) -> tuple[str, ...]:
    zones = ctx.state.zones
    return tuple(s for o in oids if (obj := zones.on_arena(o)) is not None and (s := obj.space) is not None)


def _keys(triggers: list[Trigger]) -> list[str]:
    """Board names for triggers being ordered: card id, Space and ability number, made unique."""
    keys: list[str] = []
    for t in triggers:
        key = f"{t.card.id}@{t.source_space or '-'}#{t.ability.index + 1}"
        n = sum(1 for k in keys if k == key or k.startswith(key + "/"))
        keys.append(key if n == 0 else f"{key}/{n + 1}")
    return keys


def place(ctx: Rules, frame: Frame) -> Flow:
    """Move everything waiting to the end of the Queue (may ask orders and targets)."""
    if not frame.waiting:
        return
    only = frame.waiting[0]
    if len(frame.waiting) == 1 and isinstance(only, Trigger):  # the usual case: nothing to order
        frame.waiting = []
        yield from _enqueue(ctx, frame, only)
        return
    state = ctx.state
    waiting = sorted(frame.waiting, key=lambda p: (p.event, p.rank))
    frame.waiting = []
    for _, items in groupby(waiting, key=lambda p: (p.event, p.rank)):
        group = list(items)
        for item in group:
            if isinstance(item, Batch):
                frame.queue.append(item)
                obj = state.zones.objects.get(item.oid)
                name, space = (obj.card.name, obj.space or "-") if obj is not None else ("?", "-")
                ctx.emit(ev.BatchQueued, item.bid, item.oid, name, space, len(frame.queue))
        for player in (state.active, state.non_active):
            mine = [t for t in group if isinstance(t, Trigger) and t.controller == player]
            if len(mine) > 1 and len({t.signature() for t in mine}) > 1:
                keys = _keys(mine)
                views = tuple(view(t, k, _spaces(ctx, t.targets)) for t, k in zip(mine, keys, strict=True))
                order = yield Decision(Kind.ORDER_TRIGGERS, player, views,
                                       N_("Order your triggered abilities (first resolves first)"))
                by_key = dict(zip(keys, mine, strict=True))
                mine = [by_key[k] for k in order]
            for t in mine:
                yield from _enqueue(ctx, frame, t)


def _enqueue(ctx: Rules, frame: Frame, t: Trigger) -> Flow:
    spec = t.ability.target
    chosen = False
    if spec is not None:
        legal = legal_targets(ctx, t)
        if not legal:  # BASELINE 11.4: a required target that does not exist
            ctx.emit(ev.TriggerNotQueued, t.tid, "no_legal_targets")
            return
        if len(legal) <= spec.count:
            t.targets = legal
        else:
            spaces = _spaces(ctx, legal)
            answer = yield Decision(Kind.TARGETS, t.controller, spaces,
                                    N_("Choose {count} target(s) for {card}"), count=spec.count,
                                    trigger=view(t, "", ()), subject=t.card.name)
            by_space = dict(zip(spaces, legal, strict=True))
            t.targets = tuple(by_space[s] for s in answer)
            chosen = True
    frame.queue.append(t)
    zones = ctx.state.zones
    ctx.emit(ev.TriggerQueued, t.tid, len(frame.queue), _spaces(ctx, t.targets),
                              tuple(zones.objects[o].card.name for o in t.targets), chosen)


def busy(ctx: Rules, frame: Frame | None = None) -> bool:
    """SBC, then whether anything waits or is queued: what ``resolve_all`` would first do.
    Most steps leave the Queue empty; asking first spares them a generator (``if busy(ctx):
    yield from resolve_all(ctx)``)."""
    sbc.perform(ctx)
    state = ctx.state
    frame = frame or state.root
    return not state.halted and bool(frame.waiting or frame.queue)


def resolve_all(ctx: Rules, frame: Frame | None = None) -> Flow:
    """SBC, place what waits, resolve the first queued item; until all is empty (CR 8.4)."""
    state = ctx.state
    frame = frame or state.root
    while True:
        sbc.perform(ctx)
        if state.halted:
            return
        if frame.waiting:
            yield from place(ctx, frame)
        if not frame.queue:
            return
        state.resolutions += 1
        if state.resolutions > RESOLUTION_LIMIT:
            _halt(ctx)
            return
        item: Pending = frame.queue.pop(0)
        if isinstance(item, Batch):
            yield from _run_batch(ctx, item)
        else:
            state.resolving.append(item)
            try:
                yield from _resolve(ctx, item)
            finally:
                state.resolving.pop()


def _halt(ctx: Rules) -> None:
    """R-mc 27: a turn that resolves more abilities than any real turn could is a loop. What
    is pending is dropped, nothing more resolves, and the game ends after this turn as it
    does at the turn limit (reason ``loop``)."""
    state = ctx.state
    for f in state.frames:
        f.waiting.clear()
        f.queue.clear()
    state.halted = True
    state.end_reason = "loop"
    ctx.emit(ev.EndConditionRecorded, "loop")


def _run_batch(ctx: Rules, batch: Batch) -> Flow:
    """BASELINE 9.4: the batch's own Queue holds its triggers; Summons it makes go to the root."""
    state = ctx.state
    obj = state.zones.objects.get(batch.oid)
    ctx.emit(ev.BatchStarted, batch.bid, batch.oid, obj.card.name if obj else "?", (obj.space if obj else None) or "-")
    frame = Frame(waiting=list(batch.triggers))
    state.frames.append(frame)
    if busy(ctx, frame):
        yield from resolve_all(ctx, frame)  # its On Summon
    yield from run_check(ctx, batch.oid, Cause("summon", batch.cause))
    if busy(ctx, frame):
        yield from resolve_all(ctx, frame)  # its post-Snatch triggers
    state.frames.pop()
    ctx.emit(ev.BatchEnded, batch.bid)


def _resolve(ctx: Rules, t: Trigger) -> Flow:
    state = ctx.state
    a = t.ability
    targets = t.targets
    if a.target is not None:
        still = set(legal_targets(ctx, t))
        targets = tuple(x for x in t.targets if x in still)
        if not targets:  # TH 17.3: its only targets are gone, nothing of it happens
            ctx.emit(ev.AbilityResolved, t.tid, "no_legal_targets", ())
            return
    spaces = _spaces(ctx, targets)
    if a.once and (t.card_no, a.index) in state.once_used:
        ctx.emit(ev.AbilityResolved, t.tid, "once_used", spaces)
        return
    if a.condition is not None and not holds(state, a.condition, t.controller, t.source, source_space(ctx, t)):
        ctx.emit(ev.AbilityResolved, t.tid, "condition_false", spaces)
        return
    res = Resolution(t, targets, spaces)
    for instruction in a.do:
        reason = precondition(ctx, instruction, res)
        if reason is not None:
            ctx.emit(ev.AbilityResolved, t.tid, reason, spaces)
            return
    if a.optional:  # BASELINE 11.4; a once-only right is offered [TH 17.5, R-mc 21]
        yes = yield Decision(Kind.YES_NO, t.controller, (True, False),
                             N_("Use {card}'s once-only ability?") if a.once else N_("Use {card}'s ability?"),
                             trigger=view(t, "", spaces), subject=t.card.name)
        if not yes:
            ctx.emit(ev.AbilityResolved, t.tid, "declined", spaces)
            return
    did = False
    for instruction in a.do:
        did = (yield from resolve(ctx, instruction, res)) or did
    if a.once and did:  # spent only when it did something [TH 17.5, BASELINE 11.6]
        state.once_used.add((t.card_no, a.index))
        ctx.emit(ev.OnceUsed, t.tid, t.card.name)
    ctx.emit(ev.AbilityResolved, t.tid, "resolved", spaces)
