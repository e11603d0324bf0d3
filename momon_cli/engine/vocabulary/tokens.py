"""The First Player Token changing hands by an ability [TH 17.8]."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..filters import Problems
from .base import Instruction, ReadContext


@dataclass(frozen=True, slots=True, repr=False)
class TakeFirstPlayerToken(Instruction):
    """The controller takes the First Player Token; turn order does not change [TH 17.8]."""

    KEY = "take_first_player_token"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> TakeFirstPlayerToken:
        c.true(data, "take_first_player_token", at)
        return cls()

    def fields(self) -> dict[str, Any]:
        return {"take_first_player_token": True}

    def phrase(self, whom: str) -> str:
        return "take the First Player Token"

    def reads_source(self) -> bool:
        return False
