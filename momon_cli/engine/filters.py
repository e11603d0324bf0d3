"""What a card's abilities select Momons by: filters, targets and conditions, and the
reader that collects every problem of a card's table. A leaf of the engine: the card data,
the vocabulary and the rules all read these, and they read nothing of the engine but its
words, so no import cycle can pass through them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from .decisions import N_
from .words import SIDES, Side

W = TypeVar("W", bound=str)


class Problems:
    """Collects every problem of one card while its fields are read (``where: field: reason``).
    ``say``: the reader's language, for the reasons the engine writes (the card loader gives
    its gettext; English without it)."""

    def __init__(self, where: str, problems: list[str], say: Callable[[str], str] = str) -> None:
        self.where, self.problems, self.say = where, problems, say

    def bad(self, field: str, reason: str, **values: object) -> None:
        """One problem: ``reason`` is an English template marked with N_, said in the reader's
        language and filled in with ``values`` (or a reason already in that language)."""
        said = self.say(reason)
        self.problems.append(f"{self.where}: {field}: {said.format(**values) if values else said}")

    def only(self, data: Mapping[str, Any], field: str, allowed: set[str]) -> None:
        for key in data:
            if key not in allowed:
                self.bad(field, N_("unknown key {key}"), key=repr(key))

    def integer(self, data: Mapping[str, Any], key: str, low: int, high: int, default: int, at: str = "") -> int:
        """A whole number in [low, high]; TOML booleans are not numbers."""
        value = data.get(key, default)
        if type(value) is not int or not low <= value <= high:
            self.bad(at + key, N_("must be a whole number from {low} to {high}"), low=low, high=high)
            return default
        return value

    def flag(self, data: Mapping[str, Any], key: str, at: str = "") -> bool:
        """A TOML boolean; ``"false"`` or ``0`` are refused, not guessed."""
        value = data.get(key, False)
        if type(value) is not bool:
            self.bad(at + key, N_("must be true or false"))
            return False
        return value

    def true(self, data: Mapping[str, Any], key: str, at: str = "") -> None:
        """A key whose only meaning is ``true`` (``move = true``)."""
        if data.get(key) is not True:
            self.bad(at + key, N_("must be true"))

    def choice(self, data: Mapping[str, Any], key: str, allowed: tuple[W, ...], default: W, at: str = "") -> W:
        """One of the words ``allowed`` (a Literal type's tuple: the word comes back as that type)."""
        value = data.get(key, default)
        for word in allowed:
            if type(value) is str and value == word:
                return word
        self.bad(at + key, N_("must be one of {words}"), words=", ".join(allowed))
        return default

    def table(self, data: object, field: str) -> Mapping[str, Any]:
        if not isinstance(data, Mapping):
            self.bad(field, N_("must be a table"))
            return {}
        return data


@dataclass(frozen=True, slots=True)
class Filter:
    """Which Momons on the Arena a target, group or condition may be (all conditions hold)."""

    side: Side = "any"
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
            c.bad(at + "trait", N_("must be a trait name"))
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

    def with_side(self, side: Side) -> Filter:
        """This filter for ``side``; made once per filter and side (instructions ask on every resolution)."""
        if side == self.side:
            return self
        found = _SIDED.get((self, side))
        if found is None:
            found = _SIDED[(self, side)] = replace(self, side=side)
        return found


_SIDED: dict[tuple[Filter, Side], Filter] = {}  # an entry per filter of the card data loaded, and side


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
