"""A club player's rating and how one game changes it: OpenSkill's Plackett-Luce model (a
Weng-Lin Bayesian rating, the ``openskill`` package), on a scale a chess player reads.

Each rating is a belief about a player's skill: a mean (the rating) and its standard
deviation (how sure the club is of it). A new player starts at 1500 with a deviation of
500; a game moves the winner's rating up and the loser's down, by more when the result
surprises the ratings, and shrinks both deviations. OpenSkill's own defaults (25 and 25/3)
are multiplied by 60 here, every parameter alike, so the model is the same and only the
numbers read as people expect a rating to read.

Why OpenSkill and not the ``glicko2`` package: Glicko-2 is meant for rating periods of
several games each, and a club rates each game as it ends, which is what Weng-Lin models
are made for; ``openskill`` is kept (releases in 2026), typed, and has no dependencies,
while ``glicko2`` (last release 2024) is untyped and its volatility step reads a player's
rating where Glickman's formula has the deviation, so it is right only for a player at 1500.

Pure: the store (``serve.club_store``) reads and writes ratings, this module only computes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

SCALE = 60.0  # OpenSkill's defaults times this: mu 25 -> 1500, sigma 25/3 -> 500
START_RATING = 25.0 * SCALE
START_DEVIATION = 25.0 / 3.0 * SCALE


@dataclass(frozen=True)
class Rating:
    """A player's rating: the mean and the deviation of the club's belief of their skill."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION


@cache
def _model() -> Any:
    """The Plackett-Luce model, every parameter at OpenSkill's default times SCALE (the optional
    ``serve`` extra brings the package; it is loaded only when a game is rated)."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=25.0 * SCALE, sigma=25.0 / 3.0 * SCALE, beta=25.0 / 6.0 * SCALE, tau=25.0 / 300.0 * SCALE)


def after_game(winner: Rating, loser: Rating) -> tuple[Rating, Rating]:
    """The winner's and the loser's ratings after one game between them (a game of Monsnatch
    always has a winner: a tie of Control Scores is broken by the First Player Token)."""
    model = _model()
    teams = [[model.rating(mu=winner.rating, sigma=winner.deviation)], [model.rating(mu=loser.rating, sigma=loser.deviation)]]
    (won,), (lost,) = model.rate(teams, ranks=[1, 2])
    return Rating(float(won.mu), float(won.sigma)), Rating(float(lost.mu), float(lost.sigma))
