"""Typed events: one for every resolution step, in the order they happen.

The renderer, the game record and the tests all read these; nothing else reports what the
engine did. ``to_dict`` gives a plain, JSON-ready form with a ``kind`` key.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Event:
    kind = "event"

    def to_dict(self) -> dict:
        data = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data


def _event(kind: str):
    def wrap(cls):
        cls.kind = kind
        return dataclass(frozen=True, slots=True)(cls)
    return wrap


@_event("game_started")
class GameStarted(Event):
    profile: str
    seed: int
    names: tuple[str, str]
    first_player: int
    chosen_by: str  # "seed" or "players" [BASELINE 6.2]


@_event("turn_started")
class TurnStarted(Event):
    turn: int
    active: int


@_event("step")
class StepStarted(Event):
    turn: int
    step: str  # "summon", "snatch_check", "end"


@_event("end_condition")
class EndConditionRecorded(Event):
    reason: str  # full-arena, exhaustion, turn-limit


@_event("no_summon")
class NoSummon(Event):
    player: int
    reason: str


@_event("void_randomized")
class VoidRandomized(Event):
    player: int
    count: int


@_event("face_down_picked")
class FaceDownPicked(Event):
    picker: int
    position: int
    card: str
    name: str


@_event("summoned")
class Summoned(Event):
    player: int
    oid: int
    card: str
    name: str
    space: str
    source: str  # "hand" or "void"


@_event("marked")
class Marked(Event):
    space: str
    oid: int
    player: int


@_event("trigger_waiting")
class TriggerWaiting(Event):
    trigger: int
    source: int
    card: str
    name: str
    timing: str
    controller: int


@_event("trigger_queued")
class TriggerQueued(Event):
    trigger: int
    position: int  # 1-based place in the Queue at the moment it entered
    targets: tuple[int, ...]


@_event("trigger_not_queued")
class TriggerNotQueued(Event):
    trigger: int
    reason: str


@_event("ability_resolved")
class AbilityResolved(Event):
    trigger: int
    outcome: str  # "resolved", "declined", "no_legal_targets"
    targets: tuple[int, ...]


@_event("power_modified")
class PowerModified(Event):
    oid: int
    name: str
    amount: int
    until: str
    power: int


@_event("ward_granted")
class WardGranted(Event):
    oid: int
    name: str
    until: str
    stacked: bool  # True: it already had Ward, the grant did nothing [TH 17.6]


@_event("first_player_token")
class FirstPlayerTokenTaken(Event):
    player: int


@_event("expired")
class Expired(Event):
    effect: int
    what: str  # "power" or "ward"
    oid: int
    name: str
    when: str  # "start_of_turn" or "end_of_turn"


@_event("check_started")
class SnatchCheckStarted(Event):
    attacker: int
    name: str
    space: str
    attempts: int


@_event("attempt_created")
class AttemptCreated(Event):
    number: int
    attacker: int
    defender: int
    defender_name: str
    defender_space: str
    direction: str


@_event("attempt_resolved")
class AttemptResolved(Event):
    number: int
    of: int  # Attempts in this Check
    attacker: int
    attacker_name: str
    defender: int
    defender_name: str
    success: bool
    reason: str  # power, element, ward, prohibited, recheck, neither
    attacker_power: int
    defender_power: int
    attacker_element: str
    defender_element: str


@_event("control_changed")
class ControlChanged(Event):
    oid: int
    name: str
    space: str
    old: int
    new: int


@_event("check_ended")
class SnatchCheckEnded(Event):
    attacker: int
    successes: int


@_event("sbc")
class StateBasedAction(Event):
    action: str  # "power_zero" or "ward_token_removed"
    oid: int
    name: str
    space: str
    new_oid: int | None  # the Void object, for power_zero


@_event("turn_ended")
class TurnEnded(Event):
    turn: int


@_event("conceded")
class Conceded(Event):
    player: int


@_event("game_ended")
class GameEnded(Event):
    reason: str
    scores: tuple[int, int]
    winner: int
    tiebreak: bool
    first_token: int
