"""Continuous effects and what they change: Power, Element, Ward, Token values (BASELINE 11.5).

Layers (:class:`Layer`), so that no result depends on the order of a list: current Power
is base Power, then "set" effects by timestamp (the latest wins), then every modifier of a
resolved instruction, then the Source's own board-dependent Continuous Abilities. Current
Element is the latest Element change by timestamp. Ward is an effect
plus a Ward Token [CR 10.2.2, TH 17.6]. A Marking Token is worth 1 unless a Continuous
Ability says otherwise, never less than 0 [TH 17.8].
"""

from __future__ import annotations

from enum import IntEnum

from .arena import ADJACENT
from .context import Rules
from .events import Expired, PowerModified, PowerSet, WardGranted, WardLost
from .filters import Condition, Filter
from .state import Effect, GameState
from .words import Duration, EffectKind
from .zones import GameObject


class Layer(IntEnum):
    """The layers continuous effects apply in, lowest first; within a layer, by timestamp
    (BASELINE 11.5). Power: its "set" effects (the latest wins), then the modifiers of
    resolved instructions, then the Source's own board-dependent Power. Element: its
    changes (the latest wins). Ward is a status, not a layered value."""

    POWER_SET = 1
    POWER_MODIFY = 2
    POWER_BOARD = 3
    ELEMENT_SET = 4


#: Each kind of effect's layer (board-dependent Power is no effect: it is read off the card).
LAYER: dict[EffectKind, Layer | None] = {"set_power": Layer.POWER_SET, "power": Layer.POWER_MODIFY,
                                         "element": Layer.ELEMENT_SET, "ward": None}
#: The effects that change a Momon's Power (State-Based Conditions read only their targets).
POWER_KINDS = tuple(kind for kind, layer in LAYER.items() if layer in (Layer.POWER_SET, Layer.POWER_MODIFY))


def power(state: GameState, obj: GameObject, statics: bool = True) -> int:
    """Current Power: base Power through the Power layers in order: the latest "set" by
    timestamp, then every modifier, then (unless ``statics=False``) board-dependent Power.
    ``statics=False`` is how a board-dependent Power's own condition reads Power, so that
    two such Momons never read each other [R-mc 23]; everything else reads current Power.
    One pass over the effects, since Power is read on every Attempt."""
    card = obj.card
    value = card.power
    effects = state.effects
    if effects:
        modifier, latest = 0, -1
        for e in effects:
            if e.target == obj.oid:
                layer = LAYER[e.kind]
                if layer is Layer.POWER_MODIFY:
                    modifier += e.amount
                elif layer is Layer.POWER_SET and e.timestamp > latest:
                    value, latest = e.amount, e.timestamp
        value += modifier  # POWER_MODIFY applies over POWER_SET
    if statics and card.power_statics and obj.controller is not None:
        value += _statics_power(state, obj)  # Layer.POWER_BOARD
    return value


def _statics_power(state: GameState, obj: GameObject) -> int:
    """What a Momon's Power statics add. They read the Arena and the effects in force, so
    the sum is kept until either changes (each change counts up a version)."""
    seen = (state.zones.version, state.effects_version)
    if state.statics_seen != seen:
        state.statics_seen, state.statics_memo = seen, {}
    added = state.statics_memo.get(obj.oid)
    if added is None:
        added = 0
        controller = obj.controller
        assert controller is not None
        for s in obj.card.power_statics:
            # Read without board-dependent Power: two such Momons never read each other [R-mc 23].
            if s.per is not None:
                added += s.amount * count(state, s.per, controller, obj.oid, obj.space, statics=False)
            elif s.condition is None or holds(state, s.condition, controller, obj.oid, obj.space, statics=False):
                added += s.amount
        state.statics_memo[obj.oid] = added
    return added


def element(state: GameState, obj: GameObject) -> str:
    """Current Element: the latest change by timestamp (Layer.ELEMENT_SET), or the card's."""
    current, latest = obj.card.element, -1
    for e in state.effects:
        if e.target == obj.oid and e.kind == "element" and e.element is not None and e.timestamp > latest:
            current, latest = e.element, e.timestamp
    return current


def has_ward(state: GameState, obj: GameObject) -> bool:
    return any(e.target == obj.oid and e.kind == "ward" for e in state.effects)


def token_value(obj: GameObject) -> int:
    """The value of the Marking Token on ``obj`` [BASELINE 7.4, TH 17.8]."""
    values = obj.card.token_value
    if values is None:
        return 1
    return max(0, values[0] if obj.controller == obj.owner else values[1])


def scores(state: GameState) -> tuple[int, int]:
    """Control Score of each player: the sum of their Marking Tokens' values [TH 17.8]."""
    totals = [0, 0]
    zones = state.zones
    for oid in zones.arena.values():
        obj = zones.objects[oid]
        assert obj.controller is not None
        totals[obj.controller - 1] += token_value(obj)
    return totals[0], totals[1]


def matches(state: GameState, obj: GameObject, flt: Filter, controller: int, source_oid: int,
            source_space: str | None, statics: bool = True) -> bool:
    """Whether an Arena object fits a filter, read from ``controller``'s side and the Source."""
    if flt.side == "enemy" and obj.controller == controller:
        return False
    if flt.side == "friendly" and obj.controller != controller:
        return False
    card = obj.card
    if flt.stars_max is not None and card.stars > flt.stars_max:
        return False
    if flt.stars_min is not None and card.stars < flt.stars_min:
        return False
    if flt.trait is not None and flt.trait not in card.traits:
        return False
    if flt.element is not None and element(state, obj) != flt.element:
        return False
    if flt.power_max is not None or flt.power_min is not None:
        p = power(state, obj, statics)
        if (flt.power_max is not None and p > flt.power_max) or (flt.power_min is not None and p < flt.power_min):
            return False
    if flt.adjacent and (source_space is None or obj.space not in ADJACENT[source_space]):
        return False
    return not (flt.other and obj.oid == source_oid)


def count(state: GameState, flt: Filter, controller: int, source_oid: int, source_space: str | None,
          statics: bool = True) -> int:
    """How many Arena Momons fit ``flt``; ``statics``: as :func:`power` reads Power."""
    return sum(1 for obj in state.zones.arena_objects()
               if matches(state, obj, flt, controller, source_oid, source_space, statics))


def holds(state: GameState, condition: Condition, controller: int, source_oid: int, source_space: str | None,
          statics: bool = True) -> bool:
    """Whether a condition holds: an ability's ``if`` reads current Power, as the screen shows
    it; a board-dependent Power's ``while`` reads Power without board dependence [R-mc 23]."""
    return count(state, condition.filter, controller, source_oid, source_space, statics) >= condition.count


def add(ctx: Rules, kind: EffectKind, obj: GameObject, until: Duration, controller: int, amount: int = 0,
        new_element: str | None = None) -> Effect:
    state = ctx.state
    effect = Effect(state.take_id(), kind, obj.oid, amount, new_element, until, controller, state.turn,
                    state.take_id())
    set_effects(state, [*state.effects, effect])
    if kind == "power":
        ctx.emit(PowerModified, obj.oid, obj.card.name, amount, until, power(state, obj))
    elif kind == "set_power":
        ctx.emit(PowerSet, obj.oid, obj.card.name, amount, until, power(state, obj))
    return effect


def grant_ward(ctx: Rules, obj: GameObject, until: Duration, controller: int) -> bool:
    """TH 17.6: a second grant on a Warded Momon creates nothing and extends nothing."""
    if has_ward(ctx.state, obj):
        ctx.emit(WardGranted, obj.oid, obj.card.name, until, True)
        return False
    state = ctx.state
    set_effects(state, [*state.effects, Effect(state.take_id(), "ward", obj.oid, 0, None, until, controller,
                                               state.turn, state.take_id())])
    obj.ward_token = True
    ctx.emit(WardGranted, obj.oid, obj.card.name, until, False)
    return True


def lose_ward(ctx: Rules, obj: GameObject) -> bool:
    """TH 17.6: the Ward effect ends and its Token goes at once; a later grant is a new effect."""
    state = ctx.state
    had = has_ward(state, obj)
    set_effects(state, [e for e in state.effects if not (e.target == obj.oid and e.kind == "ward")])
    obj.ward_token = False
    ctx.emit(WardLost, obj.oid, obj.card.name, had)
    return had


def expire(ctx: Rules, when: str) -> None:
    """Apply start-of-turn or end-of-turn expirations, all at once (CR 8 table)."""
    state = ctx.state
    if when == "end_of_turn":
        due = [e for e in state.effects if e.until == "end_of_turn"]
    else:  # "until the start of your next turn" ends as that player's turn starts
        due = [e for e in state.effects
               if e.until == "your_next_turn" and e.controller == state.active and e.turn < state.turn]
    if not due:
        return
    gone = {e.eid for e in due}
    set_effects(state, [e for e in state.effects if e.eid not in gone])
    for e in due:
        obj = state.zones.objects[e.target]
        ctx.emit(Expired, e.eid, e.kind, e.target, obj.card.name, when)


def forget(state: GameState, oid: int) -> None:
    """Drop the effects on an object that has left the Arena: they applied to it alone."""
    if any(e.target == oid for e in state.effects):
        set_effects(state, [e for e in state.effects if e.target != oid])


def set_effects(state: GameState, effects: list[Effect]) -> None:
    """The one way the effects in force change, so State-Based Conditions can tell."""
    state.effects = effects
    state.effects_version += 1
