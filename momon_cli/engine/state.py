"""The whole game state: zones, turn, tokens, effects, pending items and the one RNG."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field

from .arena import SPACES
from .cards import CardDef
from .elements import ElementMatrix
from .position import Change, Placed, Position
from .triggers import Pending, Trigger
from .words import PROFILES, Duration, EffectKind, Profile
from .zones import ARENA, HAND, VOID, Zones

TURN_LIMIT = 64  # BASELINE 7.3
#: Abilities one turn may resolve before the game is ended as a loop [R-mc 27].
RESOLUTION_LIMIT = 400
#: The rules this engine plays. A record made by another rules version is refused, never
#: replayed differently (docs/records.md).
RULES_VERSION = 4


@dataclass(frozen=True)
class Setup:
    """Everything that, with the ordered answers, determines a game (design: replayable)."""

    position: Position
    matrix: ElementMatrix
    seed: int = 0
    profile: Profile = "sequential"
    names: tuple[str, str] = ("Player 1", "Player 2")

    def __deepcopy__(self, memo: dict[int, object]) -> Setup:
        return self  # immutable: a copied game state (an order preview) shares its setup

    def __post_init__(self) -> None:
        if self.profile not in PROFILES:
            raise ValueError(f"unknown rules profile {self.profile!r} (choose {' or '.join(PROFILES)})")

    @classmethod
    def new_game(cls, decks: tuple[tuple[CardDef, ...], tuple[CardDef, ...]], matrix: ElementMatrix, seed: int = 0,
                 profile: Profile = "sequential", names: tuple[str, str] = ("Player 1", "Player 2"),
                 first_player: int | None = None) -> Setup:
        return cls(Position.new_game(decks, first_player), matrix, seed, profile, names)


@dataclass(frozen=True, slots=True)
class Effect:
    """A continuous effect created by a resolved instruction [BASELINE 11.5]."""

    eid: int
    kind: EffectKind
    target: int  # object id
    amount: int  # power: the modifier; set_power: the new Power
    element: str | None  # element: the new Element
    until: Duration
    controller: int
    turn: int  # the turn it was created in
    timestamp: int


@dataclass(frozen=True, slots=True)
class DelayedReturn:
    """Return one object to its Owner's Hand later; nothing if it has changed zones [TH 17.7]."""

    did: int
    oid: int
    name: str  # for the report when it lapses: the object may be long gone
    at: Duration  # "end_of_turn" or "your_next_turn"
    controller: int
    turn: int


@dataclass(frozen=True, slots=True)
class Result:
    """How the game ended: the winner, the reason, the Control Scores and whether a tie was broken."""

    winner: int
    reason: str  # full-arena, exhaustion, turn-limit, concession
    scores: dict[int, int]
    tiebreak: bool


@dataclass(slots=True)
class Frame:
    """A Trigger Queue: the root one, or the one a Summon batch processes [TH 17.1]."""

    waiting: list[Pending] = field(default_factory=list)
    queue: list[Pending] = field(default_factory=list)


class _NoChance(random.Random):
    """The generator of a copy that must draw nothing (every draw comes through these two)."""

    def random(self) -> float:
        raise RuntimeError("a copy made to play without chance drew a random number")

    def getrandbits(self, k: int) -> int:
        raise RuntimeError("a copy made to play without chance drew a random number")


NO_CHANCE = _NoChance(0)


@dataclass(slots=True, repr=False, eq=False)
class GameState:
    """Everything the rules read and change during a game; only the engine changes it. One
    state is one game in progress: it compares by identity, and prints no screenful."""

    setup: Setup
    rng: random.Random
    zones: Zones = field(default_factory=Zones)
    turn: int = 0
    active: int = 1
    first_player: int = 1
    first_token: int = 1  # holder of the First Player Token
    effects: list[Effect] = field(default_factory=list)
    delayed: list[DelayedReturn] = field(default_factory=list)
    once_used: set[tuple[int, int]] = field(default_factory=set)  # (card number, ability index) [TH 17.5]
    frames: list[Frame] = field(default_factory=lambda: [Frame()])  # root first; the last receives triggers
    #: The abilities taken off a Queue and resolving now, outer first (a view shows them apart
    #: from what waits).
    resolving: list[Trigger] = field(default_factory=list)
    next_id: int = 1  # effects, triggers and timestamps share one counter
    events_made: int = 0  # triggering events so far: the placement order of what waits
    effects_version: int = 0  # counts changes to ``effects`` (State-Based Conditions skip an unchanged board)
    sbc_clean: tuple[int, int] = (-1, -1)  # (Arena version, effects version) last found needing nothing
    end_reason: str | None = None  # a recorded end condition still being finished [BASELINE 7.2]
    resolutions: int = 0  # abilities resolved this turn (the loop guard, R-mc 27)
    halted: bool = False  # a loop was stopped: nothing more resolves this game
    result: Result | None = None
    #: Preview Attempt orders so that the order is asked only when it matters [R-mc 17]. A
    #: look-ahead copy turns this off: its answerer is simply asked every order.
    previews: bool = True
    #: What Power statics add, by object id, for the Arena and effects version in ``statics_seen``
    #: (effects.power); a copy starts with none.
    statics_seen: tuple[int, int] = (-1, -1)
    statics_memo: dict[int, int] = field(default_factory=dict)

    @classmethod
    def new(cls, setup: Setup) -> GameState:
        """The state of the setup's position, before its first Turn Start."""
        position = setup.position
        state = cls(setup, random.Random(setup.seed))
        state.turn = position.turn - 1
        zones = state.zones
        in_hand = len(position.hands[0]) + len(position.hands[1])
        for card_no, placed in enumerate(position.cards(), 1):
            if placed.space is not None:
                obj = zones.create(card_no, placed.card, placed.owner, VOID)
                obj = zones.move(obj.oid, ARENA, space=placed.space, controller=placed.controller or placed.owner)
            else:
                zone = HAND if card_no <= in_hand else VOID
                obj = zones.create(card_no, placed.card, placed.owner, zone, placed.face_up)
            state.once_used.update((card_no, i) for i in placed.once_used)
            for change in placed.changes:
                if change.kind == "return_to_hand":
                    state.delayed.append(DelayedReturn(state.take_id(), obj.oid, obj.card.name, change.until,
                                                       change.controller, state.turn))
                    continue
                state.effects.append(Effect(state.take_id(), change.kind, obj.oid, change.amount, change.element,
                                            change.until, change.controller, state.turn, state.take_id()))
                obj.ward_token = obj.ward_token or change.kind == "ward"
        zones.successor.clear()  # setting up is not a zone change of the game
        return state

    def clone(self, queues: bool = True, chance: bool = True) -> GameState:
        """A copy to play ahead on (order previews, look-ahead, viewer snapshots), much
        cheaper than ``copy.deepcopy``: everything that changes is new, while the setup,
        cards, effects and delayed returns (all immutable) are shared. The generator is
        copied in its current state; ``queues=False`` leaves the copy's Trigger Queues empty;
        ``chance=False`` gives it no generator, for play that draws nothing (an order preview):
        a draw there would stop the game with an error, never draw from another state's."""
        rng: random.Random = NO_CHANCE
        if chance:
            rng = random.Random(0)  # seeded, not from the OS, then set: the OS is asked nothing
            rng.setstate(self.rng.getstate())
        frames = copy.deepcopy(self.frames) if queues and any(f.waiting or f.queue for f in self.frames) else [
            Frame() for _ in self.frames]
        return GameState(self.setup, rng, self.zones.clone(), self.turn, self.active, self.first_player,
                         self.first_token, list(self.effects), list(self.delayed), set(self.once_used), frames,
                         list(self.resolving) if queues else [], self.next_id, self.events_made,
                         self.effects_version, self.sbc_clean, self.end_reason,
                         self.resolutions, self.halted, self.result, self.previews)

    def take_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def spent(self, card_no: int) -> tuple[int, ...]:
        """The abilities whose once-only right one physical card has spent, in order [R-mc 21]."""
        return tuple(sorted(i for no, i in self.once_used if no == card_no)) if self.once_used else ()

    @property
    def non_active(self) -> int:
        return 3 - self.active

    @property
    def root(self) -> Frame:
        return self.frames[0]

    @property
    def frame(self) -> Frame:
        return self.frames[-1]


def snapshot(state: GameState) -> Position:
    """The position of a game at the start of a turn (before its Turn Start event): every
    card where it is, the changes in force and waiting, spent once-only rights."""
    zones = state.zones
    changes: dict[int, list[Change]] = {}
    for e in state.effects:
        changes.setdefault(e.target, []).append(Change(e.kind, e.until, e.controller, e.amount, e.element))
    for d in state.delayed:
        changes.setdefault(d.oid, []).append(Change("return_to_hand", d.at, d.controller))

    def placed(oid: int) -> Placed:
        obj = zones.objects[oid]
        spent = state.spent(obj.card_no)
        return Placed(obj.card, obj.owner, obj.space, obj.controller, obj.face_up, tuple(changes.get(oid, ())), spent)

    return Position((tuple(placed(o) for o in zones.hands[1]), tuple(placed(o) for o in zones.hands[2])),
                    (tuple(placed(o) for o in zones.voids[1]), tuple(placed(o) for o in zones.voids[2])),
                    tuple(placed(zones.arena[s]) for s in SPACES if s in zones.arena),
                    state.turn, state.active, state.first_player, state.first_token)
