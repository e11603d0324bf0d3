"""``GameState.clone`` replaces ``copy.deepcopy`` for order previews, look-ahead and the
viewer's snapshots. It must copy everything that can change and nothing less: a clone made
at any decision plays on exactly as a deep copy does, and playing it leaves the original
untouched."""

import copy
import random

from helpers import MATRIX, SCENARIO_POOL

from momon_cli.bots.players import RandomBot
from momon_cli.bots.simulate import play_random
from momon_cli.engine import Game, Setup
from momon_cli.engine.context import Rules
from momon_cli.engine.lookahead import play
from momon_cli.engine.state import GameState
from momon_cli.engine.turn import play_on


def dump(state: GameState) -> object:
    """Everything a state holds, as plain values."""
    z = state.zones
    return (
        {oid: (o.oid, o.card_no, o.card.id, o.owner, o.zone, o.face_up, o.space, o.controller, o.ward_token)
         for oid, o in z.objects.items()},
        z.arena, z.hands, z.voids, z.last_known, z.successor, z._next_oid, z.version,
        state.rng.getstate(), state.turn, state.active, state.first_player, state.first_token, state.effects,
        state.delayed, state.once_used, [(f.waiting, f.queue) for f in state.frames], state.next_id,
        state.events_made, state.effects_version, state.sbc_clean, state.end_reason, state.resolutions,
        state.halted, state.result, state.previews)


def setups():
    cards = list(SCENARIO_POOL.values())
    for profile in ("sequential", "simultaneous"):
        for seed in range(12):
            rng = random.Random(seed)
            yield Setup.new_game((tuple(rng.choices(cards, k=10)), tuple(rng.choices(cards, k=10))), MATRIX, seed,
                                 profile)


def played_on(state: GameState, seed: int) -> object:
    """The state after the game is played on to its end from its next turn, at random."""
    bot = RandomBot(seed)
    play(play_on(Rules(state)), bot.pick)
    return dump(state)


def test_a_clone_equals_a_deep_copy_at_every_decision_and_plays_on_alike():
    compared = 0
    for setup in setups():
        game = play_random(setup)
        again = Game(setup)
        for answer in game.answers:
            state = again.state
            before = dump(state)
            clone, deep = state.clone(), copy.deepcopy(state)
            assert dump(clone) == dump(deep) == before
            compared += 1
            again.answer(answer)
    assert compared > 200


def test_playing_a_clone_on_leaves_the_original_untouched_and_matches_a_deep_copy():
    for n, setup in enumerate(setups()):
        game = Game(setup)
        state = game.state
        before = dump(state)
        assert played_on(state.clone(), n) == played_on(copy.deepcopy(state), n)
        assert dump(state) == before


def test_a_clone_without_chance_plays_the_same_and_never_draws():
    """Order previews play on a copy with no generator: everything else is copied as usual,
    and any draw on it stops with an error instead of drawing from elsewhere."""
    import pytest

    game = play_random(Setup.new_game((tuple(SCENARIO_POOL.values())[:8], tuple(SCENARIO_POOL.values())[8:16]),
                                      MATRIX, 3, "sequential"))
    sealed = game.state.clone(chance=False)
    full = game.state.clone()
    assert dump(sealed)[:1] == dump(full)[:1] and sealed.zones.arena == full.zones.arena
    for draw in (lambda r: r.random(), lambda r: r.choice((1, 2)), lambda r: r.shuffle([1, 2]), lambda r: r.randrange(3)):
        with pytest.raises(RuntimeError, match="without chance"):
            draw(sealed.rng)
    assert full.rng.getstate() == game.state.rng.getstate()
