"""The Snatch Check (CR 10, TH 17.1) in both rules profiles.

``sequential`` (CR 10.1.5, 10.2.1, 10.2.8): the attacker's Controller orders the Attempts,
each is rechecked as it resolves, State-Based Conditions follow each one.
``simultaneous`` (TH 17.1): every Attempt is judged on one state, the successes apply
together, State-Based Conditions once after the group.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import events as ev
from . import sbc
from .arena import sight_target
from .decisions import AttemptView, Decision, Kind
from .effects import element, has_ward, power
from .zones import GameObject

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class Attempt:
    number: int
    attacker: int
    attacker_space: str
    defender: int
    defender_space: str
    direction: str


@dataclass(frozen=True, slots=True)
class Judgement:
    success: bool
    reason: str
    attacker_name: str
    defender_name: str
    attacker_power: int
    defender_power: int
    attacker_element: str
    defender_element: str


def create_attempts(game: Game, attacker: GameObject) -> list[Attempt]:
    """CR 10.1.2-10.1.4: one Attempt per Sight pointing at a Momon of the opponent."""
    zones = game.state.zones
    attempts = []
    for direction in attacker.card.sights:
        space = sight_target(attacker.space, direction, attacker.owner)
        oid = zones.arena.get(space) if space else None
        if oid is not None and zones.objects[oid].controller != attacker.controller:
            attempts.append(Attempt(len(attempts) + 1, attacker.oid, attacker.space, oid, space, direction))
    return attempts


def _read(game: Game, oid: int) -> tuple[str, int, str]:
    """Name, current Power and Element; last known information once it has left [CR 11.1.8]."""
    obj = game.state.zones.on_arena(oid)
    if obj is not None:
        return obj.card.name, power(game, obj), element(obj)
    lki = game.state.zones.last_known[oid]
    return lki.card.name, lki.power, lki.element


def judge(game: Game, a: Attempt, attempts_in_check: int) -> Judgement:
    """CR 10.2.1-10.2.6 for one Attempt, on the state as it is now."""
    zones = game.state.zones
    an, ap, ae = _read(game, a.attacker)
    dn, dp, de = _read(game, a.defender)
    attacker, defender = zones.on_arena(a.attacker), zones.on_arena(a.defender)
    if (attacker is None or defender is None or attacker.space != a.attacker_space
            or defender.space != a.defender_space or attacker.controller == defender.controller):
        reason = "recheck"  # 10.2.1
    elif has_ward(game, defender):
        reason = "ward"  # 10.2.2
    elif defender.card.unsnatchable_together and attempts_in_check > 1:
        reason = "prohibited"  # TH 17.1: not together with another Momon
    elif ap > dp:
        reason = "power"  # 10.2.3
    elif game.state.setup.matrix.beats(ae, de):
        reason = "element"  # 10.2.4
    else:
        reason = "neither"  # 10.2.5, 10.2.6
    return Judgement(reason in ("power", "element"), reason, an, dn, ap, dp, ae, de)


def run_check(game: Game, attacker_oid: int):
    """Generator: the whole Check for one attacking Momon, ending with its post-Snatch triggers."""
    zones = game.state.zones
    attacker = zones.on_arena(attacker_oid)
    if attacker is None:  # it left the Arena before its Check: nothing reads its sights
        return
    attempts = create_attempts(game, attacker)
    game.emit(ev.SnatchCheckStarted(attacker.oid, attacker.card.name, attacker.space, len(attempts)))
    for a in attempts:
        defender = zones.objects[a.defender]
        game.emit(ev.AttemptCreated(a.number, a.attacker, a.defender, defender.card.name, a.defender_space, a.direction))
    changed: list[Attempt] = []
    snatchers: list = []
    snatched_back: list = []

    def change_control(a: Attempt) -> None:
        """CR 10.2.7; remember what the post-Snatch triggers will need (CR 10.3.3, 10.3.4)."""
        snatcher = zones.objects[a.attacker]
        defender = zones.objects[a.defender]
        old, defender.controller = defender.controller, snatcher.controller
        changed.append(a)
        game.emit(ev.ControlChanged(defender.oid, defender.card.name, defender.space, old, defender.controller))
        if not snatchers:
            snatchers.append((snatcher, snatcher.controller))
        if defender.controller == defender.owner:
            snatched_back.append((defender, defender.controller))

    def report(a: Attempt, j: Judgement) -> None:
        game.emit(ev.AttemptResolved(a.number, len(attempts), a.attacker, j.attacker_name, a.defender,
                                     j.defender_name, j.success, j.reason, j.attacker_power, j.defender_power,
                                     j.attacker_element, j.defender_element))

    if game.state.setup.profile == "sequential":
        if len(attempts) > 1:  # CR 10.1.5
            views = tuple(AttemptView(a.attacker, a.defender, j.defender_name, a.defender_space, a.direction,
                                      j.attacker_power, j.defender_power, j.attacker_element,
                                      j.defender_element, j.success, j.reason)
                          for a in attempts for j in [judge(game, a, len(attempts))])
            order = yield Decision(Kind.ORDER_ATTEMPTS, attacker.controller, views,
                                   f"Order {attacker.card.name}'s Snatch Attempts (first resolves first)")
            attempts = [attempts[i] for i in order]
        for a in attempts:
            j = judge(game, a, len(attempts))
            report(a, j)
            if j.success:
                change_control(a)
            sbc.perform(game)  # CR 10.2.8
    else:
        judged = [(a, judge(game, a, len(attempts))) for a in attempts]  # TH 17.1: one state
        for a, j in judged:
            report(a, j)
        for a, j in judged:
            if j.success:
                change_control(a)
        sbc.perform(game)  # once, after the whole group
    game.emit(ev.SnatchCheckEnded(attacker.oid, len(changed)))
    game.triggers.post_snatch(snatchers, snatched_back)
