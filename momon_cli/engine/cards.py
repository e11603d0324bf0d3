"""Card definitions as the engine sees them: immutable data, built by the card loader.

A card's behaviour is a tuple of :class:`Ability` values drawn from a small closed
vocabulary (BASELINE 11.2, 13); no card carries Python of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Timing Headers (BASELINE 11.2), in the order they are documented.
TIMINGS = ("on_summon", "on_snatch", "snatched_back", "turn_start", "end_of_turn", "leaves_arena")
#: Durations an instruction's effect may have (CR 8 table, BASELINE 8).
DURATIONS = ("end_of_turn", "your_next_turn", "leaves_arena")
#: Who an instruction acts on.
SELECTORS = ("self", "targets", "friendly", "enemy", "all")
#: Sides a target or a group is read from, relative to the ability's controller.
SIDES = ("enemy", "friendly", "any")
#: Instruction kinds of the closed vocabulary.
INSTRUCTIONS = ("power", "ward", "take_first_player_token")


@dataclass(frozen=True, slots=True)
class Filter:
    """Which Momons on the Arena a target or group may be (all conditions must hold)."""

    side: str = "any"
    stars_max: int | None = None
    stars_min: int | None = None
    element: str | None = None
    adjacent: bool = False  # adjacent to the ability's source
    other: bool = False  # not the source itself


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """Targets chosen when the ability enters the Queue (BASELINE 11.4)."""

    count: int
    filter: Filter


@dataclass(frozen=True, slots=True)
class Instruction:
    """One step of a triggered ability's effect."""

    kind: str  # one of INSTRUCTIONS
    on: str = "self"  # one of SELECTORS
    amount: int = 0
    until: str = "end_of_turn"  # one of DURATIONS
    group: Filter | None = None  # narrows friendly/enemy/all


@dataclass(frozen=True, slots=True)
class Ability:
    """A Triggered Ability (``when`` set) or a Continuous Ability (``static`` set) [CR 11.1.1]."""

    index: int
    when: str | None = None
    whose: str = "yours"  # end_of_turn / turn_start: "yours" or "each"
    may: bool = False
    target: TargetSpec | None = None
    do: tuple[Instruction, ...] = ()
    # Continuous abilities [CR 11.1.3]
    token_value: tuple[int, int] | None = None  # (while Owner controls, otherwise)
    unsnatchable_together: bool = False


@dataclass(frozen=True, slots=True)
class CardDef:
    """A Momon card [BASELINE 2]."""

    id: str
    name: str
    stars: int
    element: str
    power: int
    sights: tuple[str, ...]
    traits: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    flavor: str = ""

    def triggered(self, when: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.when == when)

    @property
    def token_value(self) -> tuple[int, int] | None:
        for a in self.abilities:
            if a.token_value is not None:
                return a.token_value
        return None

    @property
    def unsnatchable_together(self) -> bool:
        return any(a.unsnatchable_together for a in self.abilities)
