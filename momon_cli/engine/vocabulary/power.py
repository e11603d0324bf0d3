"""Power and Element changes: modifiers, set Power, Element changes [BASELINE 11.5, 13]."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..decisions import N_
from ..filters import Problems
from ..words import Duration
from .base import LASTING, UNTIL_TEXT, Instruction, ReadContext, on_group, until


@dataclass(frozen=True, slots=True, repr=False)
class Power(Instruction):
    """A Power modifier [BASELINE 11.5]."""

    KEY = "power"
    KEYS = LASTING
    amount: int = 0
    until: Duration = "end_of_turn"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Power:
        amount = data["power"]
        if type(amount) is not int or amount == 0 or not -99 <= amount <= 99:
            c.bad(at + "power", N_("must be a non-zero whole number from -99 to 99"))
            amount = 1
        return cls(*on_group(c, data, at, rc), amount, until(c, data, at))

    def fields(self) -> dict[str, Any]:
        return {"power": self.amount, "until": self.until}

    def phrase(self, whom: str) -> str:
        return f"give {whom} {self.amount:+d} Power{UNTIL_TEXT[self.until]}"

@dataclass(frozen=True, slots=True, repr=False)
class SetPower(Instruction):
    """Power becomes N: applied before every modifier, the latest set wins [BASELINE 11.5]."""

    KEY = "set_power"
    KEYS = LASTING
    value: int = 1
    until: Duration = "end_of_turn"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> SetPower:
        value = c.integer(data, "set_power", 0, 99, 1, at)
        return cls(*on_group(c, data, at, rc), value, until(c, data, at))

    def fields(self) -> dict[str, Any]:
        return {"set_power": self.value, "until": self.until}

    def phrase(self, whom: str) -> str:
        return f"set the Power of {whom} to {self.value}{UNTIL_TEXT[self.until]}"

@dataclass(frozen=True, slots=True, repr=False)
class SetElement(Instruction):
    """Element becomes E; the latest change wins [BASELINE 11.5]."""

    KEY = "element"
    KEYS = LASTING
    element: str = ""
    until: Duration = "end_of_turn"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> SetElement:
        element = c.choice(data, "element", rc.elements, rc.elements[0], at)
        return cls(*on_group(c, data, at, rc), element, until(c, data, at))

    def fields(self) -> dict[str, Any]:
        return {"element": self.element, "until": self.until}

    def phrase(self, whom: str) -> str:
        return f"make {whom} {self.element}{UNTIL_TEXT[self.until]}"
