"""The Snatch Check (CR 10, TH 17.1) in both rules profiles, and Direct Snatch (TH 17.5).

``sequential`` (CR 10.1.5, 10.2.1, 10.2.8): the attacker's Controller orders the Attempts,
each is rechecked as it resolves, State-Based Conditions follow each one.
``simultaneous`` (TH 17.1): every Attempt is judged on one state, the successes apply
together, State-Based Conditions once after the group.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from . import collect, sbc
from . import events as ev
from .actions import change_control
from .arena import SPACES, sight_target
from .cards import CardDef
from .collect import Source
from .context import Rules
from .decisions import N_, AttemptView, Decision, Kind, OrderOutcome
from .effects import element, has_ward, matches, power
from .state import GameState
from .triggers import SnatchRef
from .words import Timing
from .zones import GameObject

Flow = Generator[Decision, Any, None]
#: Up to this many Attempts, the order prompt shows what every order would do.
PREVIEW_LIMIT = 4


@dataclass(frozen=True, slots=True)
class Cause:
    """What made a Check [CR 11.1.4]: the turn, an Effect-Based Summon's Check or Incite,
    and for the last two the causal Momon object (the ability's Source)."""

    kind: str  # "turn", "summon" or "incite"
    source: int | None = None


TURN = Cause("turn")


@dataclass(frozen=True, slots=True)
class Attempt:
    """One Snatch Attempt of a Check: the attacker, the defender and the Sight between them."""

    number: int
    attacker: int
    attacker_space: str
    defender: int
    defender_space: str
    direction: str


@dataclass(frozen=True, slots=True)
class Judgement:
    """How an Attempt ends and what it read to get there [CR 10.2]."""

    success: bool
    reason: str
    attacker_name: str
    defender_name: str
    attacker_power: int
    defender_power: int
    attacker_element: str
    defender_element: str


def create_attempts(state: GameState, attacker: GameObject) -> list[Attempt]:
    """CR 10.1.2-10.1.4: one Attempt per Sight pointing at a Momon of the opponent; none for
    a Momon that cannot Snatch [BASELINE 13]."""
    if "cannot_snatch" in attacker.card.keywords:
        return []
    zones = state.zones
    attempts: list[Attempt] = []
    assert attacker.space is not None
    for direction in attacker.card.sights:
        space = sight_target(attacker.space, direction, attacker.owner)
        oid = zones.arena.get(space) if space else None
        if space is not None and oid is not None and zones.objects[oid].controller != attacker.controller:
            attempts.append(Attempt(len(attempts) + 1, attacker.oid, attacker.space, oid, space, direction))
    return attempts


def _read(state: GameState, oid: int) -> tuple[str, int, str]:
    """Name, current Power and Element; last known information once it has left [CR 11.1.8]."""
    obj = state.zones.on_arena(oid)
    if obj is not None:
        return obj.card.name, power(state, obj), element(state, obj)
    lki = state.zones.last_known[oid]
    return lki.card.name, lki.power, lki.element


def causal_controller(state: GameState, source: int | None) -> int | None:
    """The causal Momon's Controller now, or its last known one [CR 11.1.4]."""
    if source is None:
        return None
    obj = state.zones.on_arena(source)
    if obj is not None:
        return obj.controller
    lki = state.zones.last_known.get(source)
    return lki.controller if lki is not None else None


def protected(state: GameState, defender: GameObject, by: int | None) -> bool:
    """TH 17.9: not Snatched by an opponent's abilities (Direct Snatch, ability-caused Checks)."""
    return by is not None and by != defender.controller and "unsnatchable_by_opponent_abilities" in defender.card.keywords


def judge(state: GameState, a: Attempt, attempts_in_check: int, cause: Cause = TURN) -> Judgement:
    """CR 10.2.1-10.2.6 for one Attempt, on the state as it is now."""
    zones = state.zones
    an, ap, ae = _read(state, a.attacker)
    dn, dp, de = _read(state, a.defender)
    attacker, defender = zones.on_arena(a.attacker), zones.on_arena(a.defender)
    if (attacker is None or defender is None or attacker.space != a.attacker_space
            or defender.space != a.defender_space or attacker.controller == defender.controller):
        reason = "recheck"  # 10.2.1
    elif has_ward(state, defender):
        reason = "ward"  # 10.2.2
    elif "unsnatchable_together" in defender.card.keywords and attempts_in_check > 1:
        reason = "prohibited"  # TH 17.1: not together with another Momon
    elif cause.kind != "turn" and protected(state, defender, causal_controller(state, cause.source)):
        reason = "protected"  # TH 17.9
    elif ap > dp:
        reason = "power"  # 10.2.3
    elif state.setup.matrix.beats(ae, de):
        reason = "element"  # 10.2.4
    elif any(matches(state, defender, flt, attacker.controller or 0, attacker.oid, attacker.space)
             for flt in attacker.card.extra_success):
        reason = "extra"  # TH 17.1: an additional success condition
    else:
        reason = "neither"  # 10.2.5, 10.2.6
    return Judgement(reason in ("power", "element", "extra"), reason, an, dn, ap, dp, ae, de)


class _Snatches:
    """What successful Snatches leave for the post-Snatch triggers (CR 10.3.3, 10.3.4)."""

    def __init__(self) -> None:
        self.snatched: list[SnatchRef] = []
        self.back: list[tuple[Source, int, tuple[SnatchRef, ...]]] = []

    def apply(self, ctx: Rules, defender: SnatchRef, controller: int, snatcher: SnatchRef | None, how: str) -> None:
        """CR 10.2.7: the defender goes to ``controller``; ``snatcher`` is the Momon that did
        it. Both come with the Power they had when the Snatch succeeded [TH 17.5, FBD 159]:
        read on the state the success was judged on, before this or any other Snatch of a
        group applied together changed the board [TH 17.1]."""
        obj = ctx.state.zones.objects[defender.oid]
        self.snatched.append(defender)
        change_control(ctx, obj, controller, how)
        if obj.controller == obj.owner:
            self.back.append((obj, controller, (snatcher,) if snatcher is not None else ()))


def _apply_judged(ctx: Rules, a: Attempt, j: Judgement, controller: int, snatches: _Snatches) -> None:
    """A successful Attempt's Snatch, with the Powers its judgement read."""
    snatches.apply(ctx, SnatchRef(a.defender, j.defender_power), controller, SnatchRef(a.attacker, j.attacker_power),
                   "snatch")


def _resolve_in_order(ctx: Rules, attempts: list[Attempt], cause: Cause, snatches: _Snatches) -> None:
    """CR 10.1.5, 10.2.8: one at a time, each rechecked, SBC after each."""
    zones = ctx.state.zones
    for a in attempts:
        j = judge(ctx.state, a, len(attempts), cause)
        _report(ctx, a, len(attempts), j)
        if j.success:
            controller = zones.objects[a.attacker].controller
            assert controller is not None
            _apply_judged(ctx, a, j, controller, snatches)
        sbc.perform(ctx)


def _report(ctx: Rules, a: Attempt, of: int, j: Judgement) -> None:
    ctx.emit(ev.AttemptResolved, a.number, of, a.attacker, j.attacker_name, a.defender, j.defender_name, j.success,
                                j.reason, j.attacker_power, j.defender_power, j.attacker_element, j.defender_element)


def preview(ctx: Rules, attempts: list[Attempt], cause: Cause, mine: int) -> tuple[OrderOutcome, ...] | None:
    """What each order of the Attempts would do, played on a copy of the state: the
    defenders ``mine`` (the attacker's Controller as the Check began) ends up with, who
    leaves the Arena, the abilities that start waiting meanwhile, and the Powers at the
    Snatches that post-Snatch abilities will read. The order can only matter when Power
    depends on the board; without such a Momon every order ends alike, which the empty
    tuple says without playing any, however many Attempts there are. None when there are
    too many orders to play and show."""
    state = ctx.state
    if not any(o.card.power_statics for o in state.zones.arena_objects()):
        return ()  # however many Attempts: without board-dependent Power no order can matter
    if len(attempts) > PREVIEW_LIMIT:
        return None
    objects = state.zones.objects
    space_of = {a.defender: a.defender_space for a in attempts}
    attacker = attempts[0].attacker
    reads_snatched = cause.kind != "incite" and _reads(objects[attacker].card, "on_snatch", "snatched")
    outcomes = []
    for order in permutations(attempts):
        trial = Rules(state.clone(queues=False, chance=False))  # its triggers are not kept; it draws nothing
        snatches = _Snatches()
        _resolve_in_order(trial, list(order), cause, snatches)
        zones = trial.state.zones
        snatched = tuple(a.defender_space for a in attempts
                         if (d := zones.on_arena(a.defender)) is not None and d.controller == mine)
        lost = tuple(s for s in SPACES if s in state.zones.arena and zones.arena.get(s) != state.zones.arena[s])
        # Only what a post-Snatch ability will read: its Source must still be there [CR 11.1.5].
        snatched_powers = tuple((space_of[r.oid], r.power) for r in snatches.snatched) \
            if reads_snatched and zones.on_arena(attacker) is not None else ()
        snatcher_powers = tuple((space_of[d.oid], refs[0].power) for d, _, refs in snatches.back
                                if refs and zones.on_arena(d.oid) is not None and _reads(d.card, "snatched_back", "snatcher"))
        waiting = tuple((e.name, e.controller) for e in trial.events if isinstance(e, ev.TriggerWaiting))
        outcomes.append(OrderOutcome(tuple(a.defender_space for a in order), snatched, lost, snatched_powers,
                                     snatcher_powers, waiting))
    return tuple(outcomes)


def _reads(card: CardDef, timing: Timing, on: str) -> bool:
    """Whether one of the card's ``timing`` abilities reads a Power at the Snatch."""
    return any(a.reads_power_at_snatch(on) for a in card.triggered(timing))


def _views(ctx: Rules, attempts: list[Attempt], cause: Cause) -> tuple[AttemptView, ...]:
    views = []
    for a in attempts:
        j = judge(ctx.state, a, len(attempts), cause)
        views.append(AttemptView(a.defender_space, j.defender_name, a.direction, j.attacker_power, j.defender_power,
                                 j.attacker_element, j.defender_element, j.success, j.reason))
    return tuple(views)


def run_check(ctx: Rules, attacker_oid: int, cause: Cause = TURN) -> Flow:
    """Generator: the whole Check for one attacking Momon, ending with its post-Snatch triggers
    waiting (Incite Checks make no On Snatch triggers, CR 11.1.4, TH 17.9)."""
    state = ctx.state
    zones = state.zones
    attacker = zones.on_arena(attacker_oid)
    if attacker is None:  # it left the Arena before its Check: nothing reads its sights
        return
    assert attacker.space is not None and attacker.controller is not None
    attempts = create_attempts(state, attacker)
    ctx.emit(ev.SnatchCheckStarted, attacker.oid, attacker.card.name, attacker.space, len(attempts), cause.kind)
    for a in attempts:
        ctx.emit(ev.AttemptCreated, a.number, a.attacker, a.defender, zones.objects[a.defender].card.name,
                                   a.defender_space, a.direction)
    snatches = _Snatches()
    if state.setup.profile == "sequential":
        if len(attempts) > 1:  # CR 10.1.5, asked only when the order can matter [R-mc 17]
            outcomes = preview(ctx, attempts, cause, attacker.controller) if state.previews else None
            if outcomes is None or len({o.key() for o in outcomes}) > 1:  # () ends alike
                order = yield Decision(Kind.ORDER_ATTEMPTS, attacker.controller, _views(ctx, attempts, cause),
                                       N_("Order {card}'s Snatch Attempts (first resolves first)"),
                                       outcomes=outcomes or (), subject=attacker.card.name)
                by_key = {a.defender_space: a for a in attempts}
                attempts = [by_key[k] for k in order]
        _resolve_in_order(ctx, attempts, cause, snatches)
    else:
        judged = [(a, judge(state, a, len(attempts), cause)) for a in attempts]  # TH 17.1: one state
        for a, j in judged:
            _report(ctx, a, len(attempts), j)
        for a, j in judged:
            if j.success:
                _apply_judged(ctx, a, j, attacker.controller, snatches)
        sbc.perform(ctx)  # once, after the whole group
    ctx.emit(ev.SnatchCheckEnded, attacker.oid, len(snatches.snatched))
    on_snatch: list[tuple[Source, int, tuple[SnatchRef, ...]]] = []
    if snatches.snatched and cause.kind != "incite":
        on_snatch.append((attacker, attacker.controller, tuple(snatches.snatched)))
    collect.post_snatch(ctx, on_snatch, snatches.back)


def direct_snatch(ctx: Rules, objs: list[GameObject], controller: int, source: int) -> int:
    """TH 17.5, 17.6, 17.9: control changes to the ability's controller unless Ward or a
    prohibition stops it; judged together, applied together; no On Snatch. "Not by an
    opponent's abilities" reads the causal Momon's Controller [CR 11.1.4]. A Source on the
    Arena that cannot Snatch Snatches nothing this way either [R-mc 29]. Returns successes."""
    state = ctx.state
    together = len(objs) > 1
    cause = causal_controller(state, source)
    by = state.zones.on_arena(source)  # "the Momon that Snatched me": the Source, if still there
    judged: list[tuple[GameObject, str]] = []
    for obj in objs:
        if obj.controller == controller:
            reason = "already_controlled"
        elif by is not None and "cannot_snatch" in by.card.keywords:
            reason = "cannot_snatch"
        elif has_ward(state, obj):
            reason = "ward"
        elif together and "unsnatchable_together" in obj.card.keywords:
            reason = "prohibited"
        elif protected(state, obj, cause):
            reason = "protected"
        else:
            reason = "success"
        judged.append((obj, reason))
    snatches = _Snatches()
    for obj, reason in judged:
        assert obj.space is not None
        ctx.emit(ev.DirectSnatchResolved, obj.oid, obj.card.name, obj.space, reason == "success", reason)
    # Every Power is read before any of the Snatches, which apply together.
    snatcher = SnatchRef(by.oid, power(state, by)) if by is not None else None
    for ref in [SnatchRef(obj.oid, power(state, obj)) for obj, reason in judged if reason == "success"]:
        snatches.apply(ctx, ref, controller, snatcher, "direct")
    collect.post_snatch(ctx, [], snatches.back)
    return len(snatches.snatched)
