"""The closed vocabulary of instructions, by family: one frozen class per kind, which knows
how it is read from its TOML table (and each way that table can be wrong), how it is
written back, and how its rules text reads. :data:`KINDS` is the registry the card loader
reads keys from; :data:`AnyInstruction` is every kind, so that a dispatch on the kind
(resolution.resolve) is a type error until it handles a new one."""

from __future__ import annotations

from typing import TypeAlias

from ..decisions import N_
from ..filters import Problems
from .base import Instruction, ReadContext, describe_filter, with_article
from .movement import Move, MultiMove, Swap
from .power import Power, SetElement, SetPower
from .sending import ToHand, ToVoid
from .snatching import DirectSnatch, Incite
from .summoning import Summon
from .tokens import TakeFirstPlayerToken
from .ward import LoseWard, Ward

AnyInstruction: TypeAlias = (Power | SetPower | SetElement | Ward | LoseWard | Move | MultiMove | Swap | DirectSnatch
                             | Incite | ToVoid | ToHand | Summon | TakeFirstPlayerToken)

#: The registry: TOML key -> kind. A table names exactly one of these keys.
KINDS: dict[str, type[AnyInstruction]] = {k.KEY: k for k in (
    Power, SetPower, SetElement, Ward, LoseWard, Move, MultiMove, Swap, DirectSnatch, Incite, ToVoid, ToHand,
    Summon, TakeFirstPlayerToken)}


def read_instruction(c: Problems, data: object, at: str, rc: ReadContext) -> AnyInstruction | None:
    table = c.table(data, at.rstrip("."))
    keys = [k for k in KINDS if k in table]
    if len(keys) != 1:
        c.bad(at.rstrip("."), N_("must name exactly one instruction of {kinds}"), kinds=", ".join(KINDS))
        return None
    kind = KINDS[keys[0]]
    c.only(table, at.rstrip("."), {kind.KEY, *kind.KEYS})
    return kind.read(c, table, at, rc)


__all__ = [
    "KINDS", "AnyInstruction", "DirectSnatch", "Incite", "Instruction", "LoseWard", "Move", "MultiMove", "Power",
    "ReadContext", "SetElement", "SetPower", "Summon", "Swap", "TakeFirstPlayerToken", "ToHand", "ToVoid", "Ward",
    "describe_filter", "read_instruction", "with_article",
]
