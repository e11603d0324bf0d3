"""Answerers that need no person: a uniformly random legal choice for every Decision."""

from __future__ import annotations

import random

from .engine import Decision, Kind


class RandomBot:
    """Answers from its own seeded generator, never the game's, so it cannot bend the game's RNG."""

    def __init__(self, seed) -> None:
        self.rng = random.Random(seed)

    def __call__(self, decision: Decision):
        options = decision.options
        if decision.kind in (Kind.ORDER_ATTEMPTS, Kind.ORDER_TRIGGERS):
            return tuple(self.rng.sample(range(len(options)), len(options)))
        if decision.kind is Kind.TARGETS:
            return tuple(self.rng.sample(options, decision.count))
        return self.rng.choice(options)
