"""Continuous effects and the instructions that create them (BASELINE 11.5, 13).

Current Power is base Power plus every Power modifier on the object; Ward is an effect
plus a Ward Token [CR 10.2.2, TH 17.6]; a Marking Token is worth 1 unless a Continuous
Ability says otherwise, never less than 0 [TH 17.8].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .arena import ADJACENT
from .cards import Filter, Instruction
from .state import Effect
from .zones import GameObject

if TYPE_CHECKING:
    from .game import Game
    from .triggers import Trigger


def power(game: Game, obj: GameObject) -> int:
    value = obj.card.power
    effects = game.state.effects
    if not effects:
        return value
    for e in effects:
        if e.target == obj.oid and e.kind == "power":
            value += e.amount
    return value


def element(obj: GameObject) -> str:
    return obj.card.element


def has_ward(game: Game, obj: GameObject) -> bool:
    return any(e.target == obj.oid and e.kind == "ward" for e in game.state.effects)


def token_value(obj: GameObject) -> int:
    """The value of the Marking Token on ``obj`` [BASELINE 7.4, TH 17.8]."""
    values = obj.card.token_value
    if values is None:
        return 1
    return max(0, values[0] if obj.controller == obj.owner else values[1])


def scores(game: Game) -> tuple[int, int]:
    """Control Score of each player: the sum of their Marking Tokens' values [TH 17.8]."""
    totals = [0, 0]
    zones = game.state.zones
    for oid in zones.arena.values():
        obj = zones.objects[oid]
        totals[obj.controller - 1] += token_value(obj)
    return totals[0], totals[1]


def matches(game: Game, obj: GameObject, flt: Filter, controller: int, source_space: str | None,
            source_oid: int) -> bool:
    """Whether an Arena object fits a filter, read from the ability controller's side."""
    if flt.side == "enemy" and obj.controller == controller:
        return False
    if flt.side == "friendly" and obj.controller != controller:
        return False
    card = obj.card
    if flt.stars_max is not None and card.stars > flt.stars_max:
        return False
    if flt.stars_min is not None and card.stars < flt.stars_min:
        return False
    if flt.element is not None and element(obj) != flt.element:
        return False
    if flt.adjacent and (source_space is None or obj.space not in ADJACENT[source_space]):
        return False
    if flt.other and obj.oid == source_oid:
        return False
    return True


_GROUP_SIDE = {"friendly": "friendly", "enemy": "enemy", "all": "any"}


def _affected(game: Game, trigger: Trigger, instr: Instruction, targets: tuple[int, ...]) -> list[GameObject]:
    zones = game.state.zones
    if instr.on == "self":
        obj = zones.on_arena(trigger.source)  # a new object after a zone change is not "self"
        return [obj] if obj is not None else []
    if instr.on == "targets":
        return [zones.objects[t] for t in targets]
    group = instr.group or Filter()
    flt = Filter(_GROUP_SIDE[instr.on], group.stars_max, group.stars_min, group.element, group.adjacent, group.other)
    return [obj for obj in zones.arena_objects()
            if matches(game, obj, flt, trigger.controller, trigger.source_space, trigger.source)]


def apply_instruction(game: Game, trigger: Trigger, instr: Instruction, targets: tuple[int, ...]) -> None:
    state = game.state
    if instr.kind == "take_first_player_token":
        state.first_token = trigger.controller
        game.emit(ev.FirstPlayerTokenTaken(trigger.controller))
        return
    for obj in _affected(game, trigger, instr, targets):
        if instr.kind == "power":
            state.effects.append(Effect(state.take_id(), "power", obj.oid, instr.amount, instr.until,
                                        trigger.controller, state.turn, state.take_id()))
            game.emit(ev.PowerModified(obj.oid, obj.card.name, instr.amount, instr.until, power(game, obj)))
        elif instr.kind == "ward":
            grant_ward(game, obj, instr.until, trigger.controller)


def grant_ward(game: Game, obj: GameObject, until: str, controller: int) -> None:
    """TH 17.6: a second grant on a Warded Momon creates nothing and extends nothing."""
    state = game.state
    if has_ward(game, obj):
        game.emit(ev.WardGranted(obj.oid, obj.card.name, until, True))
        return
    state.effects.append(Effect(state.take_id(), "ward", obj.oid, 0, until, controller, state.turn, state.take_id()))
    obj.ward_token = True
    game.emit(ev.WardGranted(obj.oid, obj.card.name, until, False))


def expire(game: Game, when: str) -> None:
    """Apply start-of-turn or end-of-turn expirations, all at once (CR 8 table)."""
    state = game.state
    if when == "end_of_turn":
        due = [e for e in state.effects if e.until == "end_of_turn"]
    else:  # "until the start of your next turn" ends as that player's turn starts
        due = [e for e in state.effects
               if e.until == "your_next_turn" and e.controller == state.active and e.turn < state.turn]
    if not due:
        return
    gone = {e.eid for e in due}
    state.effects = [e for e in state.effects if e.eid not in gone]
    for e in due:
        obj = state.zones.objects[e.target]
        game.emit(ev.Expired(e.eid, e.kind, e.target, obj.card.name, when))


def forget(game: Game, oid: int) -> None:
    """Drop the effects on an object that has left the Arena: they applied to it alone."""
    effects = game.state.effects
    if any(e.target == oid for e in effects):
        game.state.effects = [e for e in effects if e.target != oid]
