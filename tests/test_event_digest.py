"""The same seeds give the same events, byte for byte, before and after any change that is
not meant to change the rules (performance work above all). The digest covers 260 games
across both profiles, dealt from the scenario cards, which use every instruction kind.
Change STORED only with a rules change, and say so in the commit."""

import hashlib
import json

from helpers import MATRIX, SCENARIO_POOL

from momon_cli.bots.simulate import play_random
from momon_cli.engine import Setup

STORED = "6f4bb2656904fd1f5fe327d2112aee5955f4f6c7f05e8cb7bf1486d8ae682f40"


def games():
    # Cards TPS-001..051 of the scenario set: a fixed list, so neither new scenario cards nor
    # changes to the built-in pool touch the digest. Plain bodies and every mechanic.
    cards = [SCENARIO_POOL[f"TPS-{n:03d}"] for n in range(1, 52)]
    for profile in ("sequential", "simultaneous"):
        for seed in range(130):
            hands = (tuple(cards[(seed + 3 * i) % len(cards)] for i in range(10)),
                     tuple(cards[(seed * 7 + 5 * i) % len(cards)] for i in range(10)))
            yield Setup.new_game(hands, MATRIX, seed, profile)


def digest() -> str:
    h = hashlib.sha256()
    for setup in games():
        game = play_random(setup, telling=True)
        for event in game.events:
            h.update(json.dumps(event.to_dict(), sort_keys=True).encode())
        h.update(json.dumps(game.answers).encode())
    return h.hexdigest()


def test_event_digest_of_260_seeded_games_is_unchanged():
    assert digest() == STORED


def test_a_game_that_tells_nothing_plays_the_same_answers_and_result():
    # A game no one watches makes no events (engine.context): what it plays must not change.
    for setup in list(games())[::13]:
        quiet, told = play_random(setup), play_random(setup, telling=True)
        assert quiet.events == [] and told.events
        assert quiet.answers == told.answers and quiet.result == told.result
