"""What a view reads: a live Game, or a snapshot of one taken for the replay viewer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..engine import GameState, Setup


class Shown(Protocol):
    @property
    def state(self) -> GameState: ...

    @property
    def setup(self) -> Setup: ...


@dataclass(frozen=True)
class Snapshot:
    """A copy of a game's state at one step: views draw it without replaying anything."""

    state: GameState
    setup: Setup
