"""Control changes by an ability: Direct Snatch, and Incite's new Check [TH 17.5, 17.9]."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..filters import Problems
from .base import TARGETED, Instruction, ReadContext, on_group


@dataclass(frozen=True, slots=True, repr=False)
class DirectSnatch(Instruction):
    """Control changes to the ability's controller; Ward and prohibitions apply; no On Snatch
    [TH 17.5, 17.6, 17.9]."""

    KEY = "direct_snatch"
    KEYS = TARGETED

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> DirectSnatch:
        c.true(data, "direct_snatch", at)
        return cls(*on_group(c, data, at, rc))

    def fields(self) -> dict[str, Any]:
        return {"direct_snatch": True}

    def phrase(self, whom: str) -> str:
        return f"Direct Snatch {whom}"

@dataclass(frozen=True, slots=True, repr=False)
class Incite(Instruction):
    """A new Snatch Check from the Momon's current Space: Ability-caused, no On Snatch
    [CR 11.1.4, CR 17.9, TH 17.9]."""

    KEY = "incite"
    KEYS = TARGETED

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Incite:
        c.true(data, "incite", at)
        return cls(*on_group(c, data, at, rc))

    def fields(self) -> dict[str, Any]:
        return {"incite": True}

    def phrase(self, whom: str) -> str:
        return f"Incite {whom}"
