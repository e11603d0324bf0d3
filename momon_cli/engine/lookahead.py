"""Look-ahead for answerers that search: a player's copy of the game at a Summon decision.

A copy holds only what that player may know (CR: Hands are hidden from the opponent,
face-down Void cards from both): the opponent's cards that never left their Hand are
replaced by cards drawn from what the player could imagine, face-down Void cards are
shuffled anew, and the copy's generator is reseeded, so nothing a player cannot see
steers their choice. From such a copy the rest of the game can be played out with any
answerer, as fast as the engine plays, with no events kept.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from typing import Any

from .cards import CardDef
from .context import Rules
from .decisions import Decision
from .effects import scores
from .state import GameState
from .summon import copies, put_onto_arena
from .turn import after_summon, end_step, play_on

Answerer = Callable[[Decision], object]


def player_copy(state: GameState, player: int, rng: random.Random, imaginable: Sequence[CardDef]) -> Rules:
    """``player``'s copy of a game waiting for a Summon: see the module docstring."""
    if any(f.waiting or f.queue for f in state.frames):
        raise ValueError("a copy is made between Queue resolutions (at a Summon decision)")
    mine = state.clone()
    mine.rng = random.Random(rng.getrandbits(64))
    zones = mine.zones
    for oid in zones.hands[3 - player]:
        obj = zones.objects[oid]
        if obj.oid == obj.card_no and imaginable:  # never left the Hand: never seen
            obj.card = rng.choice(imaginable)
    for p in (1, 2):
        hidden = [o for o in zones.voids[p] if not zones.objects[o].face_up]
        shuffled = rng.sample(hidden, len(hidden))
        slots = iter(shuffled)
        zones.voids[p] = [next(slots) if not zones.objects[o].face_up else o for o in zones.voids[p]]
    mine.sbc_clean = (-1, -1)
    mine.previews = False  # an answerer that looks ahead needs no preview to be asked an order
    return Rules(mine)


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
