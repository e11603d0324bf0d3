"""A copy of the game at a seat's pending decision, whatever kind it is, drawn from what the
seat knows: the search's way to "clone at any decision" without the game.

The rules are a generator, and a generator cannot be copied halfway. But a turn's Summon
step starts with nothing waiting or resolving, so its state alone restarts the game there
(engine.turn.summon_step), and an observation carries that state, redacted, with every
answer given since (engine.observation). A world is that root with its hidden cards
imagined, then the answers since played into it. Hidden cards seen since the root (one
played from a Hand, say) are filled in as they are now known; what cannot be forced is
checked instead: a world whose replay refuses an answer, or arrives at another decision or
another Arena than the observation's, is drawn again.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .cards import CardDef
from .context import Rules
from .decisions import Decision, IllegalAnswer
from .information import HIDDEN
from .observation import Observation
from .state import GameState
from .turn import play_on, run_game, summon_step

Flow = Generator[Decision, Any, None]


@dataclass(slots=True)
class World:
    """One imagined game, paused at the observation's decision: send an answer to ``flow``."""

    ctx: Rules
    flow: Flow
    decision: Decision


def imagine(state: GameState, rng: random.Random, pool: Sequence[CardDef], known: dict[int, CardDef]) -> None:
    """Fill a redacted state in place: each hidden card as ``known`` gives it by card number,
    else drawn from ``pool``; the face-down cards of each Void in shuffled places; a fresh
    generator from ``rng``. Caches that read the cards start again."""
    zones = state.zones
    state.rng = random.Random(rng.getrandbits(64))
    for pile in (zones.hands[1], zones.hands[2], zones.voids[1], zones.voids[2]):
        for oid in pile:
            obj = zones.objects[oid]
            if obj.card is HIDDEN:
                card = known.get(obj.card_no)
                if card is None:
                    if not pool:
                        raise ValueError("nothing to imagine the hidden cards as")
                    card = rng.choice(pool)
                obj.card = card
    for p in (1, 2):
        places = [o for o in zones.voids[p] if not zones.objects[o].face_up]
        shuffled = iter(rng.sample(places, len(places)))
        zones.voids[p] = [next(shuffled) if not zones.objects[o].face_up else o for o in zones.voids[p]]
    state.sbc_clean = (-1, -1)


def world(observation: Observation, rng: random.Random, imaginable: Sequence[CardDef] = (),
          tries: int = 12) -> World | None:
    """A world at ``observation``'s own decision (see the module docstring), or None when
    ``tries`` draws all disagreed with it. ``imaginable``: what a hidden card may be (by
    default every card the seat can see)."""
    decision = observation.decision
    if decision is None:
        raise ValueError(f"seat {observation.seat} has no decision to make")
    now = observation.state
    known = {o.card_no: o.card for o in now.zones.objects.values() if o.card is not HIDDEN}
    pool = tuple(imaginable) or tuple(known.values())
    for _ in range(tries):
        if observation.root is None:  # before the first Summon step: from the setup
            setup = observation.setup
            start = replace(setup, position=replace(setup.position, first_player=now.first_player))
            state = GameState.new(start)
            imagine(state, rng, pool, known)
            ctx = Rules(state, telling=False)
            flow = run_game(ctx)
        else:
            state = observation.root.clone(chance=False)
            imagine(state, rng, pool, known)
            ctx = Rules(state, telling=False)
            flow = _from_summon_step(ctx)
        found = _replay(flow, observation.since)
        if found is not None and _agrees(found, decision, state, now):
            state.previews = False  # from here the searcher is simply asked every order
            return World(ctx, flow, found)
        flow.close()
    return None


def _from_summon_step(ctx: Rules) -> Flow:
    yield from summon_step(ctx)
    yield from play_on(ctx)


def _replay(flow: Flow, answers: tuple[Any, ...]) -> Decision | None:
    """The decision after giving ``answers``; None if one is refused or the game ends."""
    try:
        decision = next(flow)
        for answer in answers:
            decision = flow.send(decision.validate(answer))
    except (StopIteration, IllegalAnswer):
        return None
    return decision


def _agrees(found: Decision, decision: Decision, state: GameState, now: GameState) -> bool:
    """The world waits for the same decision, with the same options, over the same Arena."""
    if found.kind is not decision.kind or found.player != decision.player or state.turn != now.turn:
        return False
    if list(found.options) != list(decision.options):
        return False
    mine, theirs = state.zones, now.zones
    return mine.arena.keys() == theirs.arena.keys() and all(
        mine.objects[o].card.id == theirs.objects[theirs.arena[s]].card.id
        and mine.objects[o].controller == theirs.objects[theirs.arena[s]].controller for s, o in mine.arena.items())
