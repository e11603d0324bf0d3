"""Look-ahead for answerers that search: a game to play on, made from one seat's observation.

An observation holds only what its seat may know (engine.observation): the other Hand's
unseen cards and any never-seen face-down card are hidden, the face-down cards' places are
not known, and there is no generator. ``determinize`` fills those in by sampling: each hidden
card from the cards the seat could imagine, the face-down places by a shuffle, a generator
seeded from the caller's. Nothing the seat cannot see can steer a choice made on the copy;
from it the rest of the game can be played out with any answerer, as fast as the engine
plays, with no events kept.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from typing import Any

from .cards import CardDef
from .context import Rules
from .decisions import Decision
from .effects import scores
from .information import HIDDEN
from .observation import Observation
from .state import GameState
from .summon import copies, put_onto_arena
from .turn import after_summon, end_step, play_on
from .worlds import imagine

Answerer = Callable[[Decision], object]


def determinize(observation: Observation, rng: random.Random, imaginable: Sequence[CardDef] = (),
                telling: bool = False) -> Rules:
    """One game consistent with ``observation``, drawn with ``rng`` (see the module docstring).
    ``imaginable``: what a hidden card may be (by default every card the seat can see);
    ``telling``: make events (a preview tells its turn; a search needs none)."""
    state = observation.state
    if state.resolving or any(f.waiting or f.queue for f in state.frames):
        raise ValueError("a game is made from an observation between Queue resolutions (at a Summon decision)")
    mine = state.clone()
    pool = tuple(imaginable) or tuple(o.card for o in mine.zones.objects.values() if o.card is not HIDDEN)
    imagine(mine, rng, pool, {})
    mine.previews = False  # an answerer that looks ahead needs no preview to be asked an order
    return Rules(mine, telling)


def summon_then_play_on(ctx: Rules, key: str, space: str) -> Generator[Decision, Any, None]:
    """The game from a Summon answer on: that Summon, the rest of its turn, later turns."""
    state = ctx.state
    player = state.active
    oid = copies(state, state.zones.hands[player])[key]
    summoned = put_onto_arena(ctx, oid, space, player, "hand")
    yield from after_summon(ctx, summoned)
    yield from end_step(ctx)
    yield from play_on(ctx)


def play(flow: Generator[Decision, Any, None], answer: Answerer,
         stop: Callable[[Decision], bool] = lambda d: False) -> Decision | None:
    """Drive a flow with ``answer`` until it ends (None) or a Decision ``stop`` accepts."""
    try:
        decision = next(flow)
        while not stop(decision):
            decision = flow.send(answer(decision))
        return decision
    except StopIteration:
        return None


def margin(state: GameState, player: int) -> int:
    """Control Score lead of ``player`` (negative when behind) [BASELINE 7.4]."""
    score = scores(state)
    return score[player - 1] - score[2 - player]
