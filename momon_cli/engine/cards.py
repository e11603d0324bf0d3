"""Card definitions as the engine sees them: immutable data, built by the card loader.

A card's behaviour is a tuple of :class:`Ability` values drawn from a small closed
vocabulary (BASELINE 11.2, 13); no card carries Python of its own. Instructions, the
steps of a triggered ability, are the vocabulary (:mod:`momon_cli.engine.vocabulary`);
how each resolves is :mod:`momon_cli.engine.resolution`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .filters import Condition, Filter, TargetSpec
from .vocabulary import AnyInstruction
from .words import TIMINGS, Timing, Whose


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
    when: Timing | None = None
    whose: Whose = "yours"  # end_of_turn: whose End of Turn it fires at
    may: bool = False
    once: bool = False  # a once-only right [TH 17.5]
    condition: Condition | None = None  # ``if``: checked at resolution
    target: TargetSpec | None = None
    do: tuple[AnyInstruction, ...] = ()
    static: Static | None = None
    models: str = ""  # the rules example this ability behaves as (``models = "FBD 134"``), for readers

    @property
    def optional(self) -> bool:
        """Whether its Controller is asked, as it resolves, whether to use it: a "you may"
        [BASELINE 11.4], and every once-only right, which TH 17.5 lets its Controller decline
        (FBD 134) [R-mc 21]. The one test of it: the Queue asks by it, card text says "may" by it."""
        return self.may or self.once

    def reads_power_at_snatch(self, on: str) -> bool:
        """Whether a step acts on ``on`` ("snatched" or "snatcher") narrowed by a Power bound:
        the one reading of the Power a Momon had at a Snatch (resolution.affected)."""
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
    by_timing: dict[Timing, tuple[Ability, ...]] = field(init=False, compare=False, repr=False)
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

    def triggered(self, when: Timing) -> tuple[Ability, ...]:
        return self.by_timing.get(when, ())

    def __deepcopy__(self, memo: dict[int, object]) -> CardDef:
        return self  # immutable: a copied game state shares its card definitions
