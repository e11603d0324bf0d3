"""Typed events: one for every resolution step, in the order they happen.

Plain slotted records (not frozen: a frozen dataclass pays for every field it sets, and
an event is never changed after it is emitted by convention, not by force). An event is an
occurrence, not a value, so it compares by identity; its repr is ``Event.__repr__``, shared
(a generated ``__eq__`` and ``__repr__`` per class cost every start of ``momon`` 2.5 ms).

The renderer, the game record and the tests all read these; nothing else reports what the
engine did. ``to_dict`` gives a plain, JSON-ready form with a ``kind`` key.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(slots=True, repr=False, eq=False)
class Event:
    """One resolution step; ``kind`` names it in records and in ``to_dict``."""

    kind: ClassVar[str] = "event"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{f.name}={getattr(self, f.name)!r}' for f in fields(self))})"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(slots=True, repr=False, eq=False)
class GameStarted(Event):
    """The game begins: its profile and seed, the players, and who goes first and why [BASELINE 6]."""

    kind: ClassVar[str] = "game_started"
    profile: str
    seed: int | None  # None in what a seat observes: the seed foretells every shuffle
    names: tuple[str, str]
    first_player: int
    chosen_by: str  # "seed" or "players" [BASELINE 6.2]


@dataclass(slots=True, repr=False, eq=False)
class TurnStarted(Event):
    """A turn begins for the Active Player (CR 8.2)."""

    kind: ClassVar[str] = "turn_started"
    turn: int
    active: int


@dataclass(slots=True, repr=False, eq=False)
class StepStarted(Event):
    """A step of the turn begins: Summon, Snatch Check or End Step [CR 8]."""

    kind: ClassVar[str] = "step"
    turn: int
    step: str  # "summon", "snatch_check", "end"


@dataclass(slots=True, repr=False, eq=False)
class EndConditionRecorded(Event):
    """An end condition is met; the game finishes what is pending, then ends [BASELINE 7.2, 7.3]."""

    kind: ClassVar[str] = "end_condition"
    reason: str  # full-arena, exhaustion, turn-limit, loop


@dataclass(slots=True, repr=False, eq=False)
class NoSummon(Event):
    """The Active Player Summons nothing this turn, and why [BASELINE 9.3]."""

    kind: ClassVar[str] = "no_summon"
    player: int
    reason: str


@dataclass(slots=True, repr=False, eq=False)
class VoidRandomized(Event):
    """Void Fallback: the Void is turned face down and shuffled [CR 17.7]."""

    kind: ClassVar[str] = "void_randomized"
    player: int
    count: int


@dataclass(slots=True, repr=False, eq=False)
class FaceDownPicked(Event):
    """Void Fallback: the opponent picks a face-down card by position; it is revealed [CR 17.7]."""

    kind: ClassVar[str] = "face_down_picked"
    picker: int
    position: int
    card: str
    name: str


@dataclass(slots=True, repr=False, eq=False)
class Summoned(Event):
    """A Momon is put onto a Space face up, a new object [BASELINE 9.1, 9.4]."""

    kind: ClassVar[str] = "summoned"
    player: int
    oid: int
    card: str
    name: str
    space: str
    source: str  # "hand" or "void"
    by_ability: bool  # an Effect-Based Summon [BASELINE 9.4]


@dataclass(slots=True, repr=False, eq=False)
class Marked(Event):
    """The Summoning player's Marking Token goes on the new Momon (Step 1.1)."""

    kind: ClassVar[str] = "marked"
    space: str
    oid: int
    player: int


@dataclass(slots=True, repr=False, eq=False)
class TriggerWaiting(Event):
    """A triggered ability starts waiting to be placed in the Trigger Queue [CR 17.2]."""

    kind: ClassVar[str] = "trigger_waiting"
    trigger: int
    source: int
    card: str
    name: str
    timing: str
    controller: int


@dataclass(slots=True, repr=False, eq=False)
class TriggerQueued(Event):
    """A waiting ability enters the Trigger Queue, with its targets [BASELINE 11.4]."""

    kind: ClassVar[str] = "trigger_queued"
    trigger: int
    position: int  # 1-based place in the Queue at the moment it entered
    targets: tuple[str, ...]  # Spaces
    target_names: tuple[str, ...]
    chosen: bool  # False: the only legal targets, taken without asking


@dataclass(slots=True, repr=False, eq=False)
class BatchQueued(Event):
    """An Effect-Based Summon's batch takes its place in the pending order [TH 17.1]."""

    kind: ClassVar[str] = "batch_queued"
    batch: int
    oid: int
    name: str
    space: str
    position: int


@dataclass(slots=True, repr=False, eq=False)
class BatchStarted(Event):
    """A Summon batch starts: its On Summon triggers, its Check, SBC, its post-Snatch triggers."""

    kind: ClassVar[str] = "batch_started"
    batch: int
    oid: int
    name: str
    space: str


@dataclass(slots=True, repr=False, eq=False)
class BatchEnded(Event):
    """A Summon batch is done."""

    kind: ClassVar[str] = "batch_ended"
    batch: int


@dataclass(slots=True, repr=False, eq=False)
class TriggerNotQueued(Event):
    """A triggered ability does not enter the Queue: its required target does not exist."""

    kind: ClassVar[str] = "trigger_not_queued"
    trigger: int
    reason: str


@dataclass(slots=True, repr=False, eq=False)
class AbilityResolved(Event):
    """A queued ability resolves, or does nothing, and why [CR 17.3, TH 17.3, TH 17.5]."""

    kind: ClassVar[str] = "ability_resolved"
    trigger: int
    outcome: str  # resolved, declined, no_legal_targets, condition_false, once_used, no_eligible_card
    targets: tuple[str, ...]  # Spaces


@dataclass(slots=True, repr=False, eq=False)
class PowerModified(Event):
    """A Power modifier applies; ``power`` is the Momon's Power after it [BASELINE 11.5]."""

    kind: ClassVar[str] = "power_modified"
    oid: int
    name: str
    amount: int
    until: str
    power: int


@dataclass(slots=True, repr=False, eq=False)
class WardGranted(Event):
    """Ward is granted (with its Ward Token), or a second grant does nothing [TH 17.6]."""

    kind: ClassVar[str] = "ward_granted"
    oid: int
    name: str
    until: str
    stacked: bool  # True: it already had Ward, the grant did nothing [TH 17.6]


@dataclass(slots=True, repr=False, eq=False)
class PowerSet(Event):
    """A Momon's Power is set to a value; ``power`` is its Power after it [BASELINE 11.5]."""

    kind: ClassVar[str] = "power_set"
    oid: int
    name: str
    value: int
    until: str
    power: int


@dataclass(slots=True, repr=False, eq=False)
class ElementChanged(Event):
    """A Momon's Element changes until the effect ends [BASELINE 11.5]."""

    kind: ClassVar[str] = "element_changed"
    oid: int
    name: str
    element: str
    until: str


@dataclass(slots=True, repr=False, eq=False)
class WardLost(Event):
    """A Momon loses Ward and its Ward Token [TH 17.6]."""

    kind: ClassVar[str] = "ward_lost"
    oid: int
    name: str
    had_ward: bool


@dataclass(slots=True, repr=False, eq=False)
class Moved(Event):
    """Momons Move to empty Spaces, all at once [BASELINE 13]."""

    kind: ClassVar[str] = "moved"
    moves: tuple[tuple[str, str, str], ...]  # (name, from Space, to Space), applied at once


@dataclass(slots=True, repr=False, eq=False)
class Swapped(Event):
    """Two Momons exchange Spaces at once [BASELINE 13]."""

    kind: ClassVar[str] = "swapped"
    first: str
    first_space: str
    second: str
    second_space: str


@dataclass(slots=True, repr=False, eq=False)
class ZoneChanged(Event):
    """An object leaves its zone for a Void or a Hand and becomes a new object [CR 17.3, 17.4]."""

    kind: ClassVar[str] = "zone_changed"
    oid: int
    name: str
    card: str
    owner: int
    from_zone: str
    from_space: str | None
    to_zone: str  # "void" or "hand"
    face_up: bool
    new_oid: int


@dataclass(slots=True, repr=False, eq=False)
class ReturnScheduled(Event):
    """A Return to Hand is set for later (end of turn, or the controller's next turn) [TH 17.7]."""

    kind: ClassVar[str] = "return_scheduled"
    oid: int
    name: str
    zone: str
    at: str


@dataclass(slots=True, repr=False, eq=False)
class ReturnLapsed(Event):
    """A scheduled Return finds its object gone: nothing returns [TH 17.7]."""

    kind: ClassVar[str] = "return_lapsed"
    oid: int
    name: str  # the object changed zones first: nothing returns [TH 17.7]


@dataclass(slots=True, repr=False, eq=False)
class OnceUsed(Event):
    """A once-only right is spent: its instruction did something [TH 17.5]."""

    kind: ClassVar[str] = "once_used"
    trigger: int
    name: str


@dataclass(slots=True, repr=False, eq=False)
class InstructionFailed(Event):
    """One instruction of a resolving ability does nothing, and why."""

    kind: ClassVar[str] = "instruction_failed"
    trigger: int
    instruction: str
    reason: str  # no_legal_space, no_eligible_card, no_mover, target_gone


@dataclass(slots=True, repr=False, eq=False)
class DirectSnatchResolved(Event):
    """A Direct Snatch of one Momon succeeds or fails, and why [TH 17.5, 17.6, 17.9]."""

    kind: ClassVar[str] = "direct_snatch"
    oid: int
    name: str
    space: str
    success: bool
    reason: str  # success, ward, prohibited, protected, already_controlled, cannot_snatch


@dataclass(slots=True, repr=False, eq=False)
class FirstPlayerTokenTaken(Event):
    """A player takes the First Player Token (turn order does not change) [TH 17.8]."""

    kind: ClassVar[str] = "first_player_token"
    player: int


@dataclass(slots=True, repr=False, eq=False)
class Expired(Event):
    """A continuous effect ends at its time [CR 8]."""

    kind: ClassVar[str] = "expired"
    effect: int
    what: str  # power, set_power, element, ward
    oid: int
    name: str
    when: str  # "start_of_turn" or "end_of_turn"


@dataclass(slots=True, repr=False, eq=False)
class SnatchCheckStarted(Event):
    """A Snatch Check begins for a Momon, with how many Attempts it made [CR 10.1]."""

    kind: ClassVar[str] = "check_started"
    attacker: int
    name: str
    space: str
    attempts: int
    cause: str  # "turn", "summon" (an Effect-Based Summon's Check) or "incite" [CR 11.1.4]


@dataclass(slots=True, repr=False, eq=False)
class AttemptCreated(Event):
    """One Snatch Attempt: a Sight pointing at an enemy Momon [CR 10.1.2-10.1.4]."""

    kind: ClassVar[str] = "attempt_created"
    number: int
    attacker: int
    defender: int
    defender_name: str
    defender_space: str
    direction: str


@dataclass(slots=True, repr=False, eq=False)
class AttemptResolved(Event):
    """An Attempt succeeds or fails, with the reason and what it read [CR 10.2]."""

    kind: ClassVar[str] = "attempt_resolved"
    number: int
    of: int  # Attempts in this Check
    attacker: int
    attacker_name: str
    defender: int
    defender_name: str
    success: bool
    reason: str  # power, element, extra, ward, prohibited, protected, recheck, neither
    attacker_power: int
    defender_power: int
    attacker_element: str
    defender_element: str


@dataclass(slots=True, repr=False, eq=False)
class ControlChanged(Event):
    """A Momon changes Controller: its Marking Token is replaced [CR 10.2.7]."""

    kind: ClassVar[str] = "control_changed"
    oid: int
    name: str
    space: str
    old: int
    new: int
    how: str  # "snatch" (a Check) or "direct" (Direct Snatch)


@dataclass(slots=True, repr=False, eq=False)
class SnatchCheckEnded(Event):
    """A Snatch Check is over; how many Attempts succeeded."""

    kind: ClassVar[str] = "check_ended"
    attacker: int
    successes: int


@dataclass(slots=True, repr=False, eq=False)
class StateBasedAction(Event):
    """A State-Based Condition applies [BASELINE 12]."""

    kind: ClassVar[str] = "sbc"
    action: str  # "power_zero" or "ward_token_removed"
    oid: int
    name: str
    space: str
    new_oid: int | None  # the Void object, for power_zero


@dataclass(slots=True, repr=False, eq=False)
class TurnEnded(Event):
    """The turn is over (after the End Step)."""

    kind: ClassVar[str] = "turn_ended"
    turn: int


@dataclass(slots=True, repr=False, eq=False)
class Conceded(Event):
    """A player concedes; the opponent wins at once [BASELINE 7.1]."""

    kind: ClassVar[str] = "conceded"
    player: int


@dataclass(slots=True, repr=False, eq=False)
class GameEnded(Event):
    """The result: scores, winner and whether the First Player Token broke a tie [BASELINE 7.4]."""

    kind: ClassVar[str] = "game_ended"
    reason: str
    scores: tuple[int, int]
    winner: int
    tiebreak: bool
    first_token: int


#: Every event class. A dispatch on an event (text/narration.py) matches over this union and
#: ends in ``assert_never``, so mypy reports it until it handles a new class; tests/test_events.py
#: holds the union to the classes of this module.
AnyEvent = (GameStarted | TurnStarted | StepStarted | EndConditionRecorded | NoSummon | VoidRandomized
            | FaceDownPicked | Summoned | Marked | TriggerWaiting | TriggerQueued | BatchQueued | BatchStarted
            | BatchEnded | TriggerNotQueued | AbilityResolved | PowerModified | WardGranted | PowerSet
            | ElementChanged | WardLost | Moved | Swapped | ZoneChanged | ReturnScheduled | ReturnLapsed | OnceUsed
            | InstructionFailed | DirectSnatchResolved | FirstPlayerTokenTaken | Expired | SnatchCheckStarted
            | AttemptCreated | AttemptResolved | ControlChanged | SnatchCheckEnded | StateBasedAction | TurnEnded
            | Conceded | GameEnded)
