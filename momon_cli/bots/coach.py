"""The coach: the search bot's estimates for one seat's pending decision, for a hint in the
game and for the analysis of a saved one.

It reads the deciding seat's observation and nothing else, and seeds its search from what
is public (the number of answers given), so what it says cannot depend on a hidden card:
two games that differ only in what the seat cannot see get the same advice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import CardDef, Observation, need
from .players import Candidate
from .tree import TreeBot

HINT_PLAYOUTS = 300  # a hint's iterations: well within a second of CPU on a 2-core machine
HINT_SECONDS = 0.9  # and its bound in CPU seconds, whatever the machine


@dataclass(frozen=True)
class Advice:
    """The coach's answers for a decision, best first, each with the decider's estimated win
    chance; ``played``: the estimate for an answer it was asked to rate (None if not asked,
    or if the decision had one answer)."""

    ranked: tuple[Candidate, ...]
    played: Candidate | None = None

    @property
    def forced(self) -> bool:
        """Only one answer was legal: there was nothing to weigh."""
        return len(self.ranked) <= 1 and all(c.playouts is None for c in self.ranked)


def advise(observation: Observation, played: object = None, playouts: int = HINT_PLAYOUTS,
           seconds: float | None = HINT_SECONDS, imaginable: Sequence[CardDef] = ()) -> Advice:
    """What the search bot would answer at ``observation``'s decision, and how it rates
    ``played`` (see the module docstring)."""
    decision = need(observation).decision
    if decision is None:
        raise ValueError(f"seat {observation.seat} has no decision to make")
    bot = TreeBot(f"coach/{observation.answers}", imaginable, playouts, seconds)
    bot.must = played
    answer = bot.answer(observation)
    if not bot.weighed:  # one legal answer, or no world agreed with the observation
        return Advice((Candidate(answer, 0.0, None),))
    rated = next((c for c in bot.weighed if c.answer == played), None) if played is not None else None
    return Advice(tuple(bot.weighed), rated)
