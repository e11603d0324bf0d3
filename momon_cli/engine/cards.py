"""Card definitions as the engine sees them: immutable data, built by the card loader.

A card's behaviour is a tuple of :class:`Ability` values drawn from a small closed
vocabulary (BASELINE 11.2, 13); no card carries Python of its own. Instructions, the
steps of a triggered ability, live in :mod:`momon_cli.engine.instructions`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .instructions import Instruction

#: Timing Headers (BASELINE 11.2), in the order they are documented.
TIMINGS = ("on_summon", "on_snatch", "snatched_back", "turn_start", "end_of_turn", "leaves_arena")
#: Durations an instruction's effect may have (CR 8 table, BASELINE 8).
DURATIONS = ("end_of_turn", "your_next_turn", "leaves_arena")
#: Who an instruction acts on. ``snatcher``/``snatched``: the Snatch that triggered the
#: ability (TH 17.5); ``moved``: the Momons an earlier step of the same ability Moved.
SELECTORS = ("self", "targets", "friendly", "enemy", "all", "snatcher", "snatched", "moved")
#: Sides a target or a group is read from, relative to the ability's controller.
SIDES = ("enemy", "friendly", "any")


class Problems:
    """Collects every problem of one card while its fields are read (``where: field: reason``)."""

    def __init__(self, where: str, problems: list[str]) -> None:
        self.where, self.problems = where, problems

    def bad(self, field: str, reason: str) -> None:
        self.problems.append(f"{self.where}: {field}: {reason}")

    def only(self, data: Mapping[str, Any], field: str, allowed: set[str]) -> None:
        for key in data:
            if key not in allowed:
                self.bad(field, f"unknown key {key!r}")

    def integer(self, data: Mapping[str, Any], key: str, low: int, high: int, default: int, at: str = "") -> int:
        """A whole number in [low, high]; TOML booleans are not numbers."""
        value = data.get(key, default)
        if type(value) is not int or not low <= value <= high:
            self.bad(at + key, f"must be a whole number from {low} to {high}")
            return default
        return value

    def flag(self, data: Mapping[str, Any], key: str, at: str = "") -> bool:
        """A TOML boolean; ``"false"`` or ``0`` are refused, not guessed."""
        value = data.get(key, False)
        if type(value) is not bool:
            self.bad(at + key, "must be true or false")
            return False
        return value

    def true(self, data: Mapping[str, Any], key: str, at: str = "") -> None:
        """A key whose only meaning is ``true`` (``move = true``)."""
        if data.get(key) is not True:
            self.bad(at + key, "must be true")

    def choice(self, data: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str, at: str = "") -> str:
        value = data.get(key, default)
        if type(value) is not str or value not in allowed:
            self.bad(at + key, f"must be one of {', '.join(allowed)}")
            return default
        return value

    def table(self, data: object, field: str) -> Mapping[str, Any]:
        if not isinstance(data, Mapping):
            self.bad(field, "must be a table")
            return {}
        return data


@dataclass(frozen=True, slots=True)
class Filter:
    """Which Momons on the Arena a target, group or condition may be (all conditions hold)."""

    side: str = "any"
    stars_max: int | None = None
    stars_min: int | None = None
    power_max: int | None = None
    power_min: int | None = None
    element: str | None = None
    trait: str | None = None
    adjacent: bool = False  # adjacent to the ability's Source (where it is now, CR 11.1.8)
    other: bool = False  # not the Source itself

    KEYS = ("side", "stars_max", "stars_min", "power_max", "power_min", "element", "trait", "adjacent", "other")

    @classmethod
    def read(cls, c: Problems, data: object, field: str, elements: tuple[str, ...],
             extra: tuple[str, ...] = ()) -> Filter:
        table = c.table(data, field)
        c.only(table, field, set(cls.KEYS) | set(extra))
        at = f"{field}."

        def bound(key: str, high: int) -> int | None:
            return c.integer(table, key, 0, high, 0, at) if key in table else None

        element = c.choice(table, "element", elements, elements[0], at) if "element" in table else None
        trait = table.get("trait")
        if trait is not None and (type(trait) is not str or not trait):
            c.bad(at + "trait", "must be a trait name")
            trait = None
        return cls(c.choice(table, "side", SIDES, "any", at), bound("stars_max", 5), bound("stars_min", 5),
                   bound("power_max", 99), bound("power_min", 99), element, trait,
                   c.flag(table, "adjacent", at), c.flag(table, "other", at))

    def to_toml(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.side != "any":
            data["side"] = self.side
        for key in ("stars_max", "stars_min", "power_max", "power_min", "element", "trait"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        for key in ("adjacent", "other"):
            if getattr(self, key):
                data[key] = True
        return data

    def with_side(self, side: str) -> Filter:
        """This filter for ``side``; made once per filter and side (instructions ask on every resolution)."""
        if side == self.side:
            return self
        found = _SIDED.get((self, side))
        if found is None:
            found = _SIDED[(self, side)] = replace(self, side=side)
        return found


_SIDED: dict[tuple[Filter, str], Filter] = {}  # an entry per filter of the card data loaded, and side


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """Targets chosen when the ability enters the Queue (BASELINE 11.4)."""

    count: int
    filter: Filter


@dataclass(frozen=True, slots=True)
class Condition:
    """``if = {...}`` on an ability, ``while = {...}`` on a static Power: at least ``count``
    Momons on the Arena fit ``filter`` (read from the ability's controller and Source)."""

    filter: Filter
    count: int = 1


@dataclass(frozen=True, slots=True)
class StaticPower:
    """A Continuous Ability that changes its Source's Power with the board [BASELINE 11.5]:
    ``amount`` while ``condition`` holds, or ``amount`` for each Momon fitting ``per``."""

    amount: int
    condition: Condition | None = None
    per: Filter | None = None


@dataclass(frozen=True, slots=True)
class Static:
    """A Continuous Ability [CR 11.1.3]: exactly one of its fields is set."""

    token_value: tuple[int, int] | None = None  # (while its Owner controls it, otherwise) [TH 17.8]
    unsnatchable_together: bool = False  # [TH 17.1]
    unsnatchable_by_opponent_abilities: bool = False  # [TH 17.9]
    cannot_snatch: bool = False  # it makes no Snatch Attempts [BASELINE 13]
    extra_success: Filter | None = None  # an additional success condition on the defender [TH 17.1]
    power: StaticPower | None = None


#: The static keywords that are simply true or false of a card.
KEYWORDS = ("unsnatchable_together", "unsnatchable_by_opponent_abilities", "cannot_snatch")


@dataclass(frozen=True, slots=True)
class Ability:
    """A Triggered Ability (``when`` set) or a Continuous Ability (``static`` set) [CR 11.1.1]."""

    index: int
    when: str | None = None
    whose: str = "yours"  # end_of_turn: "yours" or "each"
    may: bool = False
    once: bool = False  # a once-only right [TH 17.5]
    condition: Condition | None = None  # ``if``: checked at resolution
    target: TargetSpec | None = None
    do: tuple[Instruction, ...] = ()
    static: Static | None = None
    models: str = ""  # the rules example this ability behaves as (``models = "FBD 134"``), for readers

    def reads_power_at_snatch(self, on: str) -> bool:
        """Whether a step acts on ``on`` ("snatched" or "snatcher") narrowed by a Power bound:
        the one reading of the Power a Momon had at a Snatch (instructions.affected)."""
        return any(i.on == on and i.group is not None and (i.group.power_max is not None or i.group.power_min is not None)
                   for i in self.do)


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
    # Read off the abilities once, for the rules that ask on every Check and every Power.
    keywords: frozenset[str] = field(init=False, compare=False, repr=False)
    power_statics: tuple[StaticPower, ...] = field(init=False, compare=False, repr=False)
    extra_success: tuple[Filter, ...] = field(init=False, compare=False, repr=False)
    token_value: tuple[int, int] | None = field(init=False, compare=False, repr=False)
    by_timing: dict[str, tuple[Ability, ...]] = field(init=False, compare=False, repr=False)
    #: Whether its Power can be below 1 with no effect on it: a Power static (it reads the
    #: board) or a base Power under 1 (no card set has one). State-Based Conditions read it.
    fragile: bool = field(init=False, compare=False, repr=False)
    #: Whether it has a Turn Start or End of Turn ability (collected from the Arena each turn).
    clocked: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        statics = [a.static for a in self.abilities if a.static is not None]
        words = {k for s in statics for k in KEYWORDS if getattr(s, k)}
        object.__setattr__(self, "keywords", frozenset(words))
        object.__setattr__(self, "power_statics", tuple(s.power for s in statics if s.power is not None))
        object.__setattr__(self, "extra_success", tuple(s.extra_success for s in statics if s.extra_success))
        object.__setattr__(self, "token_value", next((s.token_value for s in statics if s.token_value), None))
        object.__setattr__(self, "fragile", bool(self.power_statics) or self.power < 1)
        object.__setattr__(self, "clocked", any(a.when in ("turn_start", "end_of_turn") for a in self.abilities))
        object.__setattr__(self, "by_timing", {t: tuple(a for a in self.abilities if a.when == t) for t in TIMINGS
                                               if any(a.when == t for a in self.abilities)})

    def triggered(self, when: str) -> tuple[Ability, ...]:
        return self.by_timing.get(when, ())

    def __deepcopy__(self, memo: dict[int, object]) -> CardDef:
        return self  # immutable: a copied game state shares its card definitions
