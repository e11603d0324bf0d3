"""How each instruction kind resolves: one function per kind, reached by one dispatch on the
kind that ends in ``assert_never`` (a new kind is a type error here until it is handled).

A resolution is a generator that may ``yield`` a Decision (a destination, a card to
Summon) or ``yield from`` a Snatch Check (Incite), returning whether it did anything (a
once-only right is spent only then, TH 17.5). The kinds themselves are data
(engine/vocabulary): they read no state.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field, replace
from typing import Any, assert_never

from . import effects, snatch
from . import events as ev
from .actions import send
from .arena import ADJACENT
from .context import Rules
from .decisions import N_, Decision, Kind
from .filters import Filter
from .state import DelayedReturn
from .summon import copies, put_onto_arena
from .triggers import Trigger
from .vocabulary import (
    AnyInstruction,
    DirectSnatch,
    Incite,
    LoseWard,
    Move,
    MultiMove,
    Power,
    SetElement,
    SetPower,
    Summon,
    Swap,
    TakeFirstPlayerToken,
    ToHand,
    ToVoid,
    Ward,
)
from .vocabulary.base import GROUP_SIDE
from .words import EffectKind, Selector
from .zones import HAND, VOID, GameObject

Flow = Generator[Decision, Any, bool]


@dataclass(slots=True)
class Resolution:
    """One ability resolving: its trigger, its still-legal targets and what it has done."""

    trigger: Trigger
    targets: tuple[int, ...]
    target_spaces: tuple[str, ...]  # the targets' Spaces as the resolution began (``into = "that_space"``)
    moved: list[int] = field(default_factory=list)


def source_space(ctx: Rules, t: Trigger) -> str | None:
    """Where the Source is read: where it is now, or where it last was [CR 11.1.8]."""
    zones = ctx.state.zones
    obj = zones.on_arena(t.source)
    if obj is not None:
        return obj.space
    lki = zones.last_known.get(t.source)
    return lki.space if lki is not None else t.source_space


def legal_targets(ctx: Rules, t: Trigger) -> tuple[int, ...]:
    assert t.ability.target is not None
    flt, state = t.ability.target.filter, ctx.state
    space = source_space(ctx, t)
    return tuple(o.oid for o in state.zones.arena_objects() if effects.matches(state, o, flt, t.controller, t.source, space))


def affected(ctx: Rules, res: Resolution, on: Selector, group: Filter | None) -> list[GameObject]:
    """The Arena Momons an instruction acts on, as the board is now."""
    zones, t = ctx.state.zones, res.trigger
    state = ctx.state
    if on == "self":
        obj = zones.on_arena(t.source)  # a new object after a zone change is not "me"
        return [obj] if obj is not None else []
    if on == "targets":
        return [o for x in res.targets if (o := zones.on_arena(x)) is not None]
    if on in ("snatcher", "snatched"):  # read with the Power they had at the Snatch [TH 17.5]
        found = []
        for ref in t.refs:
            obj = zones.on_arena(ref.oid)
            if obj is None:
                continue
            if group is not None:
                p = ref.power
                if (group.power_max is not None and p > group.power_max) or (group.power_min is not None and p < group.power_min):
                    continue
                plain = replace(group, power_max=None, power_min=None)
                if not effects.matches(state, obj, plain, t.controller, t.source, source_space(ctx, t)):
                    continue
            found.append(obj)
        return found
    if on == "moved":
        return [o for x in dict.fromkeys(res.moved) if (o := zones.on_arena(x)) is not None]  # each once
    flt = (group or Filter()).with_side(GROUP_SIDE[on])
    space = source_space(ctx, t)
    return [o for o in zones.arena_objects() if effects.matches(state, o, flt, t.controller, t.source, space)]


def _ask_space(ctx: Rules, player: int, spaces: tuple[str, ...], prompt: str,
               card: str) -> Generator[Decision, Any, str]:
    """A Space chosen at resolution for the card named ``card`` (``prompt``'s {card}); a
    single legal Space is taken without asking."""
    if len(spaces) == 1:
        return spaces[0]
    answer: str = yield Decision(Kind.SPACE, player, spaces, prompt, subject=card)
    return answer


def _fail(ctx: Rules, res: Resolution, instruction: str, reason: str) -> bool:
    ctx.emit(ev.InstructionFailed, res.trigger.tid, instruction, reason)
    return False


def _destinations(ctx: Rules, start: str, to: str, taken: set[str]) -> tuple[str, ...]:
    zones = ctx.state.zones
    return tuple(s for s in zones.empty_spaces() if s not in taken and (to == "any" or s in ADJACENT[start]))


def _power(ctx: Rules, i: Power | SetPower, res: Resolution) -> Flow:
    """A Power modifier, or "Power becomes N" [BASELINE 11.5]: an effect on each Momon."""
    kind: EffectKind = "power" if isinstance(i, Power) else "set_power"
    amount = i.amount if isinstance(i, Power) else i.value
    objs = affected(ctx, res, i.on, i.group)
    for obj in objs:
        effects.add(ctx, kind, obj, i.until, res.trigger.controller, amount)
    return bool(objs)
    yield


def _set_element(ctx: Rules, i: SetElement, res: Resolution) -> Flow:
    objs = affected(ctx, res, i.on, i.group)
    for obj in objs:
        effects.add(ctx, "element", obj, i.until, res.trigger.controller, new_element=i.element)
        ctx.emit(ev.ElementChanged, obj.oid, obj.card.name, i.element, i.until)
    return bool(objs)
    yield


def _ward(ctx: Rules, i: Ward, res: Resolution) -> Flow:
    granted = [effects.grant_ward(ctx, obj, i.until, res.trigger.controller)
               for obj in affected(ctx, res, i.on, i.group)]
    return any(granted)
    yield


def _lose_ward(ctx: Rules, i: LoseWard, res: Resolution) -> Flow:
    return any([effects.lose_ward(ctx, obj) for obj in affected(ctx, res, i.on, i.group)])
    yield


def _move(ctx: Rules, i: Move, res: Resolution) -> Flow:
    moved = False
    for obj in affected(ctx, res, i.on, i.group):
        start = obj.space
        assert start is not None
        spaces = _destinations(ctx, start, i.to, set())
        if not spaces:
            _fail(ctx, res, Move.KEY, "no_legal_space")
            continue
        dest = yield from _ask_space(ctx, res.trigger.controller, spaces, N_("Choose where {card} Moves"),
                                     obj.card.name)
        ctx.state.zones.relocate({start: dest})
        ctx.emit(ev.Moved, ((obj.card.name, start, dest),))
        res.moved.append(obj.oid)
        moved = True
    return moved


def _multi_move(ctx: Rules, i: MultiMove, res: Resolution) -> Flow:
    player = res.trigger.controller
    candidates = [o for o in affected(ctx, res, i.on, i.group)
                  if o.space is not None and _destinations(ctx, o.space, i.to, set())]
    if not candidates:
        return _fail(ctx, res, MultiMove.KEY, "no_mover")
    spaces = tuple(o.space for o in candidates if o.space is not None)
    chosen: tuple[str, ...] = yield Decision(Kind.TARGETS, player, spaces, N_("Choose the Momons that Move"),
                                             count=len(spaces), min_count=0)
    moves: dict[str, str] = {}
    names = {o.space: o for o in candidates}
    for start in sorted(chosen, key=spaces.index):
        options = _destinations(ctx, start, i.to, set(moves.values()))
        if options:
            moves[start] = yield from _ask_space(ctx, player, options, N_("Choose where {card} Moves"),
                                                 names[start].card.name)
        else:
            _fail(ctx, res, MultiMove.KEY, "no_legal_space")
    if not moves:
        return False
    ctx.state.zones.relocate(moves)
    ctx.emit(ev.Moved, tuple((names[s].card.name, s, d) for s, d in moves.items()))
    res.moved.extend(names[s].oid for s in moves)
    return True


def _swap(ctx: Rules, i: Swap, res: Resolution) -> Flow:
    objs = affected(ctx, res, i.on, i.group)
    if len(objs) != 2:
        return _fail(ctx, res, Swap.KEY, "target_gone")
    a, b = objs
    assert a.space is not None and b.space is not None
    first, second = a.space, b.space
    ctx.state.zones.relocate({first: second, second: first})
    ctx.emit(ev.Swapped, a.card.name, first, b.card.name, second)
    return True
    yield


def _direct_snatch(ctx: Rules, i: DirectSnatch, res: Resolution) -> Flow:
    objs = affected(ctx, res, i.on, i.group)
    if not objs:
        return _fail(ctx, res, DirectSnatch.KEY, "target_gone")
    return snatch.direct_snatch(ctx, objs, res.trigger.controller, res.trigger.source) > 0
    yield


def _incite(ctx: Rules, i: Incite, res: Resolution) -> Generator[Decision, Any, bool]:
    objs = affected(ctx, res, i.on, i.group)
    for obj in objs:
        yield from snatch.run_check(ctx, obj.oid, snatch.Cause("incite", res.trigger.source))
    return bool(objs)


def _to_void(ctx: Rules, i: ToVoid, res: Resolution) -> Flow:
    objs = affected(ctx, res, i.on, i.group)
    send(ctx, objs, VOID, i.face_up)
    return bool(objs)
    yield


def _to_hand_objects(ctx: Rules, i: ToHand, res: Resolution) -> list[GameObject]:
    zones = ctx.state.zones
    if i.on == "self" and res.trigger.ability.when == "leaves_arena":
        became = zones.successor.get(res.trigger.source)
        obj = zones.objects.get(became) if became is not None else None
        return [obj] if obj is not None and obj.zone == VOID else []
    return affected(ctx, res, i.on, i.group)


def _to_hand(ctx: Rules, i: ToHand, res: Resolution) -> Flow:
    objs = _to_hand_objects(ctx, i, res)
    state = ctx.state
    if i.at == "now":
        send(ctx, objs, HAND)
        return bool(objs)
    for obj in objs:
        state.delayed.append(DelayedReturn(state.take_id(), obj.oid, obj.card.name, i.at, res.trigger.controller,
                                           state.turn))
        ctx.emit(ev.ReturnScheduled, obj.oid, obj.card.name, obj.zone, i.at)
    return bool(objs)
    yield


def _summon_eligible(ctx: Rules, i: Summon, player: int) -> list[int]:
    zones = ctx.state.zones
    pile = zones.hands[player] if i.source == "hand" else [o for o in zones.voids[player] if zones.objects[o].face_up]
    return [o for o in pile if effects.matches(ctx.state, zones.objects[o], i.card, player, 0, None)]


def _summon_precondition(ctx: Rules, i: Summon, res: Resolution) -> str | None:
    """FBD 167: with no card to Summon into the target's Space, the ability does nothing."""
    if i.into == "that_space" and not _summon_eligible(ctx, i, res.trigger.controller):
        return "no_eligible_card"
    return None


def _summon(ctx: Rules, i: Summon, res: Resolution) -> Flow:
    player = res.trigger.controller
    cards = copies(ctx.state, _summon_eligible(ctx, i, player))
    if not cards:
        return _fail(ctx, res, Summon.KEY, "no_eligible_card")
    zones = ctx.state.zones
    if i.into == "that_space":
        spaces = tuple(s for s in res.target_spaces[:1] if s not in zones.arena)
    else:
        spaces = zones.empty_spaces()
    if not spaces:
        return _fail(ctx, res, Summon.KEY, "no_legal_space")
    ids = tuple(cards)
    card_id: str = ids[0] if len(ids) == 1 else (yield Decision(Kind.CARD, player, ids, N_("Choose a card to Summon")))
    space = yield from _ask_space(ctx, player, spaces, N_("Choose a Space for {card}"),
                                  zones.objects[cards[card_id]].card.name)
    put_onto_arena(ctx, cards[card_id], space, player, i.source, cause=res.trigger.source)
    return True


def _take_first_player_token(ctx: Rules, i: TakeFirstPlayerToken, res: Resolution) -> Flow:
    ctx.state.first_token = res.trigger.controller
    ctx.emit(ev.FirstPlayerTokenTaken, res.trigger.controller)
    return True
    yield



def precondition(ctx: Rules, i: AnyInstruction, res: Resolution) -> str | None:
    """A reason the whole ability does nothing, checked before any step (TH 17.3, FBD 167)."""
    return _summon_precondition(ctx, i, res) if isinstance(i, Summon) else None


def resolve(ctx: Rules, i: AnyInstruction, res: Resolution) -> Flow:
    """One step of an ability: the kind's own resolution."""
    match i:
        case Power():
            return _power(ctx, i, res)
        case SetPower():
            return _power(ctx, i, res)
        case SetElement():
            return _set_element(ctx, i, res)
        case Ward():
            return _ward(ctx, i, res)
        case LoseWard():
            return _lose_ward(ctx, i, res)
        case Move():
            return _move(ctx, i, res)
        case MultiMove():
            return _multi_move(ctx, i, res)
        case Swap():
            return _swap(ctx, i, res)
        case DirectSnatch():
            return _direct_snatch(ctx, i, res)
        case Incite():
            return _incite(ctx, i, res)
        case ToVoid():
            return _to_void(ctx, i, res)
        case ToHand():
            return _to_hand(ctx, i, res)
        case Summon():
            return _summon(ctx, i, res)
        case TakeFirstPlayerToken():
            return _take_first_player_token(ctx, i, res)
        case _:
            assert_never(i)
