"""Moving Momons between Spaces: Move, Multi-Move and Swap [TH 17.3, 17.9]."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from ..decisions import N_
from ..filters import Problems
from .base import GROUP_SIDE, TARGETED, Instruction, ReadContext, on_group

Reach: TypeAlias = Literal["any", "adjacent"]  # where a Momon may Move to


@dataclass(frozen=True, slots=True, repr=False)
class Move(Instruction):
    """To an empty Space chosen at resolution; no Check [TH 17.3, 17.9]."""

    KEY = "move"
    KEYS = TARGETED | {"to"}
    to: Reach = "any"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Move:
        c.true(data, "move", at)
        return cls(*on_group(c, data, at, rc), c.choice(data, "to", ("any", "adjacent"), "any", at))

    def fields(self) -> dict[str, Any]:
        return {"move": True, "to": self.to}

    def phrase(self, whom: str) -> str:
        return f"Move {whom} to an empty {'adjacent ' if self.to == 'adjacent' else ''}Space"

@dataclass(frozen=True, slots=True, repr=False)
class MultiMove(Instruction):
    """Choose every mover and every destination first, then Move them all at once; no
    destination may be another mover's start (those Spaces are occupied) [TH 17.9]."""

    KEY = "multi_move"
    KEYS = TARGETED | {"to"}
    to: Reach = "any"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> MultiMove:
        c.true(data, "multi_move", at)
        on, group = on_group(c, data, at, rc)
        if on not in GROUP_SIDE:
            c.bad(at + "on", N_("a Multi-Move picks its movers from friendly, enemy or all"))
        return cls(on, group, c.choice(data, "to", ("any", "adjacent"), "any", at))

    def fields(self) -> dict[str, Any]:
        return {"multi_move": True, "to": self.to}

    def phrase(self, whom: str) -> str:
        where = "adjacent " if self.to == "adjacent" else ""
        many = whom.replace("each ", "any number of ", 1).replace("Momon", "Momons", 1)
        return f"Move {many} at once, each to a different empty {where}Space"

@dataclass(frozen=True, slots=True, repr=False)
class Swap(Instruction):
    """Two Momons exchange Spaces at once, either player's where the targets allow [TH 17.9]."""

    KEY = "swap"
    KEYS = TARGETED

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Swap:
        c.true(data, "swap", at)
        on, group = on_group(c, data, at, rc)
        if on != "targets" or rc.target is None or rc.target.count != 2:
            c.bad(at + "swap", N_("swaps exactly 2 targets: on = \"targets\" with target count = 2"))
        return cls(on, group)

    def fields(self) -> dict[str, Any]:
        return {"swap": True}

    def phrase(self, whom: str) -> str:
        return f"swap the Spaces of {whom}"
