"""The whole game state: zones, turn, tokens, effects, the Trigger Queue and the one RNG."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .arena import SPACES
from .cards import CardDef
from .elements import ElementMatrix
from .zones import ARENA, HAND, VOID, Zones

PROFILES = ("sequential", "simultaneous")
TURN_LIMIT = 64  # BASELINE 7.3


@dataclass(frozen=True, slots=True)
class Placement:
    """A card that starts the game outside its Owner's Hand: a puzzle or a rules scenario."""

    owner: int
    card: CardDef
    zone: str = ARENA  # "arena" or "void"
    space: str | None = None
    controller: int | None = None  # defaults to the Owner


@dataclass(frozen=True)
class Setup:
    """Everything that, with the ordered answers, determines a game (design: replayable)."""

    decks: tuple[tuple[CardDef, ...], tuple[CardDef, ...]]
    matrix: ElementMatrix
    seed: int = 0
    profile: str = "sequential"
    names: tuple[str, str] = ("Player 1", "Player 2")
    first_player: int | None = None  # None: chosen at random from the seed [BASELINE 6.2]
    preset: tuple[Placement, ...] = ()  # empty for a normal game [BASELINE 6.3]

    def __post_init__(self) -> None:
        if self.profile not in PROFILES:
            raise ValueError(f"unknown rules profile {self.profile!r} (choose {' or '.join(PROFILES)})")
        if self.first_player not in (None, 1, 2):
            raise ValueError("first player must be 1 or 2")
        spaces = [p.space for p in self.preset if p.zone == ARENA]
        if any(s not in SPACES for s in spaces) or len(set(spaces)) != len(spaces):
            raise ValueError("preset Arena cards need distinct Spaces A1-D4")


@dataclass(slots=True)
class Effect:
    """A continuous effect created by a resolved instruction [BASELINE 11.5]."""

    eid: int
    kind: str  # "power" or "ward"
    target: int  # object id
    amount: int
    until: str
    controller: int
    turn: int  # the turn it was created in
    timestamp: int


@dataclass(frozen=True, slots=True)
class Result:
    winner: int
    reason: str  # full-arena, exhaustion, turn-limit, concession
    scores: dict
    tiebreak: bool


@dataclass(slots=True)
class GameState:
    setup: Setup
    rng: random.Random
    zones: Zones = field(default_factory=Zones)
    turn: int = 0
    active: int = 1
    first_player: int = 1
    first_token: int = 1  # holder of the First Player Token
    effects: list[Effect] = field(default_factory=list)
    next_id: int = 1  # effects, triggers and timestamps share one counter
    end_reason: str | None = None  # a recorded end condition still being finished [BASELINE 7.2]
    result: Result | None = None

    @classmethod
    def new(cls, setup: Setup) -> GameState:
        state = cls(setup, random.Random(setup.seed))
        card_no = 0
        for owner, deck in ((1, setup.decks[0]), (2, setup.decks[1])):
            for card in deck:  # BASELINE 6.1: the whole deck is the Hand
                card_no += 1
                state.zones.create(card_no, card, owner, HAND)
        for p in setup.preset:
            card_no += 1
            obj = state.zones.create(card_no, p.card, p.owner, VOID)
            if p.zone == ARENA:
                state.zones.move(obj.oid, ARENA, space=p.space, controller=p.controller or p.owner)
        return state

    def take_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    @property
    def non_active(self) -> int:
        return 3 - self.active
