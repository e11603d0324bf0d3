"""Answerers that need no person: a uniformly random legal choice for every Decision."""

from __future__ import annotations

import random
from typing import assert_never

from .engine import Decision, Kind


class RandomBot:
    """Answers from its own seeded generator, never the game's, so it cannot bend the game's RNG."""

    def __init__(self, seed: object) -> None:
        self.rng = random.Random(str(seed))

    def __call__(self, decision: Decision) -> object:
        options = decision.options
        kind = decision.kind
        if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
            keys = decision.keys()
            return tuple(self.rng.sample(keys, len(keys)))
        if kind is Kind.TARGETS:
            low = decision.count if decision.min_count is None else decision.min_count
            return tuple(self.rng.sample(options, self.rng.randint(low, decision.count)))
        if kind in (Kind.SUMMON, Kind.SPACE, Kind.CARD, Kind.YES_NO, Kind.PICK_FACE_DOWN):
            return self.rng.choice(options)
        assert_never(kind)
