"""Effect-Based Summon [BASELINE 9.4, TH 17.1, 17.3]."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from ..decisions import N_
from ..filters import Filter, Problems
from .base import Instruction, ReadContext, describe_filter, with_article

Pile: TypeAlias = Literal["hand", "void"]  # where an Effect-Based Summon takes its card from
Into: TypeAlias = Literal["any", "that_space"]  # onto any empty Space, or the first target's


@dataclass(frozen=True, slots=True, repr=False)
class Summon(Instruction):
    """Effect-Based Summon from the controller's Hand or Void (face-up cards) onto any empty
    Space or into the first target's Space; a batch follows [BASELINE 9.4, TH 17.1, 17.3]."""

    KEY = "summon"
    source: Pile = "hand"
    card: Filter = field(default_factory=Filter)
    into: Into = "any"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Summon:
        spec = c.table(data["summon"], at + "summon")
        at = at + "summon."
        c.only(spec, at.rstrip("."), {"from", "stars_max", "stars_min", "element", "trait", "into"})
        source: Pile = c.choice(spec, "from", ("hand", "void"), "hand", at)
        into: Into = c.choice(spec, "into", ("any", "that_space"), "any", at)
        if into == "that_space" and rc.target is None:
            c.bad(at + "into", N_("'that_space' needs the ability to have a target"))
        flt = Filter.read(c, {k: v for k, v in spec.items() if k in ("stars_max", "stars_min", "element", "trait")},
                          at.rstrip("."), rc.elements)
        return cls("self", None, source, flt, into)

    def fields(self) -> dict[str, Any]:
        return {"summon": {"from": self.source, **self.card.to_toml(), "into": self.into}}

    def phrase(self, whom: str) -> str:
        where = "into that Space" if self.into == "that_space" else "onto an empty Space"
        zone = "Hand" if self.source == "hand" else "Void"
        what = describe_filter(self.card)
        return f"Summon {with_article(what)} from your {zone} {where}"

    def reads_source(self) -> bool:
        return False
