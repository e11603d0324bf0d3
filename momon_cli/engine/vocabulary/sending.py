"""Leaving the Arena by an ability: to the Void, to the Hand now or later [TH 17.3, 17.4, 17.7]."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from ..filters import Problems
from .base import AT_TEXT, TARGETED, Instruction, ReadContext, on_group, owners

When: TypeAlias = Literal["now", "end_of_turn", "your_next_turn"]  # when a Return to Hand happens


@dataclass(frozen=True, slots=True, repr=False)
class ToVoid(Instruction):
    """Send to the Owner's Void, face up or face down: a new object [TH 17.3, 17.4]."""

    KEY = "to_void"
    KEYS = TARGETED
    face_up: bool = True

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> ToVoid:
        face = c.choice(data, "to_void", ("face_up", "face_down"), "face_up", at)
        return cls(*on_group(c, data, at, rc), face == "face_up")

    def fields(self) -> dict[str, Any]:
        return {"to_void": "face_up" if self.face_up else "face_down"}

    def phrase(self, whom: str) -> str:
        voids = "Void" if owners(whom) != "their Owners'" else "Voids"
        return f"send {whom} to {owners(whom)} {voids} face-{'up' if self.face_up else 'down'}"

@dataclass(frozen=True, slots=True, repr=False)
class ToHand(Instruction):
    """Return to the Owner's Hand now, or later: a delayed return tracks that one object and
    does nothing once it has changed zones [TH 17.7]. For a Leaves Arena ability, ``me`` is
    the object the Source became as it left (FBD 146); otherwise a new object of the card is
    not ``me`` [R-mc 14]."""

    KEY = "to_hand"
    KEYS = TARGETED | {"at"}
    at: When = "now"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> ToHand:
        c.true(data, "to_hand", at)
        return cls(*on_group(c, data, at, rc), c.choice(data, "at", ("now", "end_of_turn", "your_next_turn"), "now", at))

    def fields(self) -> dict[str, Any]:
        return {"to_hand": True, "at": self.at}

    def phrase(self, whom: str) -> str:
        hands = "Hand" if owners(whom) != "their Owners'" else "Hands"
        return f"return {whom} to {owners(whom)} {hands}{AT_TEXT[self.at]}"
