"""What every instruction kind shares: the abstract kind, the context its table is read
against, and the words its rules text is made of. Kinds are data (how they are read, written
back and phrased); how each resolves is the rules' business (engine/resolution.py)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from ..decisions import N_
from ..filters import Filter, Problems, TargetSpec
from ..words import DURATIONS, SELECTORS, Duration, Selector, Side, Timing

UNTIL_TEXT = {"end_of_turn": " until end of turn", "your_next_turn": " until the start of your next turn",
              "leaves_arena": ""}
AT_TEXT = {"now": "", "end_of_turn": " at end of turn", "your_next_turn": " at the start of your next turn"}
#: The side a group selector reads Momons from.
GROUP_SIDE: dict[str, Side] = {"friendly": "friendly", "enemy": "enemy", "all": "any"}
_SIDE_WORD = {"enemy": "enemy", "friendly": "friendly", "any": ""}


@dataclass(frozen=True, slots=True)
class ReadContext:
    """What an instruction's table is read against: the ability around it."""

    elements: tuple[str, ...]
    when: Timing | None
    target: TargetSpec | None


def describe_filter(flt: Filter, noun: str = "Momon") -> str:
    words = " ".join(w for w in ("other" if flt.other else "", _SIDE_WORD[flt.side], flt.element or "",
                                 f"[{flt.trait}]" if flt.trait else "", noun) if w)
    extras = []
    for key, phrase in (("stars_max", "with {} or fewer"), ("stars_min", "with {} or more"),
                        ("power_max", "with {} Power or less"), ("power_min", "with {} Power or more")):
        value = getattr(flt, key)
        if value is not None:
            amount = f"{value} Star{'s' if value != 1 else ''}" if key.startswith("stars") else str(value)
            extras.append(phrase.format(amount))
    if flt.adjacent:
        extras.append("adjacent to me")
    return " ".join([words, *extras])


def with_article(words: str) -> str:
    """``words`` after 'a' or 'an' ("another" for "other ...")."""
    if words.startswith("other "):
        return "an" + words
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def who(on: str, group: Filter | None, target: TargetSpec | None, again: bool = False) -> str:
    """The words for the Momons an instruction acts on (``again``: the targets were named
    by an earlier step of the same ability, so they are "it" or "them")."""
    if on == "self":
        return "me"
    if on == "targets":
        assert target is not None
        if again:
            return "it" if target.count == 1 else "them"
        if target.count == 1:
            return "target " + describe_filter(target.filter)
        return f"{target.count} target " + describe_filter(target.filter, "Momons")
    if on in ("snatcher", "snatched", "moved"):
        flt = replace(group, power_max=None, power_min=None) if group is not None else Filter()
        noun = describe_filter(flt)
        phrase = {"snatcher": f"the {noun} that Snatched me", "snatched": f"each {noun} I just Snatched",
                  "moved": f"each {noun} Moved this way"}[on]
        if group is not None and (group.power_max is not None or group.power_min is not None):
            bounds = describe_filter(Filter(power_max=group.power_max, power_min=group.power_min), "")
            phrase += f" ({bounds.strip()} at the Snatch)" if on != "moved" else f" ({bounds.strip()})"
        return phrase
    return "each " + describe_filter((group or Filter()).with_side(GROUP_SIDE[on]))


def owners(whom: str) -> str:
    """Whose zone a card goes to, in the number of ``whom``."""
    if whom == "me":
        return "my Owner's"
    if whom == "it" or whom.startswith(("target ", "the ")):
        return "its Owner's"
    return "their Owners'"


def on_group(c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> tuple[Selector, Filter | None]:
    on = c.choice(data, "on", SELECTORS, "self", at)
    if on == "targets" and rc.target is None:
        c.bad(at + "on", N_("'targets' needs the ability to have a target"))
    if on == "snatcher" and rc.when != "snatched_back":
        c.bad(at + "on", N_("'snatcher' is only for snatched_back abilities"))
    if on == "snatched" and rc.when != "on_snatch":
        c.bad(at + "on", N_("'snatched' is only for on_snatch abilities"))
    group = None
    if "group" in data:
        if on in ("self", "targets"):
            c.bad(at + "group", N_("narrows friendly, enemy, all, snatcher, snatched or moved, not {on}"), on=on)
        group = Filter.read(c, data["group"], at + "group", rc.elements)
    return on, group


def until(c: Problems, data: Mapping[str, Any], at: str) -> Duration:
    return c.choice(data, "until", DURATIONS, "end_of_turn", at)


@dataclass(frozen=True, slots=True, repr=False)
class Instruction(ABC):
    """One step of a triggered ability's effect."""

    KEY: ClassVar[str]
    KEYS: ClassVar[frozenset[str]] = frozenset()  # the other keys its table may hold
    on: Selector = "self"
    group: Filter | None = None

    def __repr__(self) -> str:  # one for every kind: a generated one each costs every start
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
        return f"{type(self).__name__}({shown})"

    @classmethod
    @abstractmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Instruction: ...

    @abstractmethod
    def fields(self) -> dict[str, Any]:
        """The table's keys besides ``on`` and ``group`` (the inverse of ``read``)."""

    @abstractmethod
    def phrase(self, whom: str) -> str:
        """Rules text, given the words for whom it acts on."""

    def to_toml(self) -> dict[str, Any]:
        data = self.fields()
        if "on" in self.KEYS:
            data["on"] = self.on
            if self.group is not None:
                data["group"] = self.group.to_toml()
        return data

    def text(self, target: TargetSpec | None, again: bool = False) -> str:
        return self.phrase(who(self.on, self.group, target, again))

    def reads_source(self) -> bool:
        """Whether it reads its own Source (so two copies of it are not interchangeable)."""
        return self.on == "self" or (self.group is not None and (self.group.adjacent or self.group.other))


TARGETED = frozenset({"on", "group"})
LASTING = TARGETED | {"until"}
