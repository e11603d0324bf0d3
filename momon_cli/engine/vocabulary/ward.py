"""Ward and its loss [CR 10.2.2, TH 17.6]."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..filters import Problems
from ..words import Duration
from .base import LASTING, TARGETED, UNTIL_TEXT, Instruction, ReadContext, on_group, until


@dataclass(frozen=True, slots=True, repr=False)
class Ward(Instruction):
    """Ward, non-stacking, with its Token [CR 10.2.2, TH 17.6]."""

    KEY = "ward"
    KEYS = LASTING
    until: Duration = "end_of_turn"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Ward:
        c.true(data, "ward", at)
        return cls(*on_group(c, data, at, rc), until(c, data, at))

    def fields(self) -> dict[str, Any]:
        return {"ward": True, "until": self.until}

    def phrase(self, whom: str) -> str:
        return f"give {whom} Ward{UNTIL_TEXT[self.until]}"

@dataclass(frozen=True, slots=True, repr=False)
class LoseWard(Instruction):
    """Ward ends and its Token goes at once [TH 17.6]."""

    KEY = "lose_ward"
    KEYS = TARGETED

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> LoseWard:
        c.true(data, "lose_ward", at)
        return cls(*on_group(c, data, at, rc))

    def fields(self) -> dict[str, Any]:
        return {"lose_ward": True}

    def phrase(self, whom: str) -> str:
        return f"remove Ward from {whom}"
