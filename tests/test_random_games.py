"""Random whole games (hypothesis): never crash, invariants hold after every event."""

from pathlib import Path

from helpers import MATRIX
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from momon_cli.bots.players import RandomBot
from momon_cli.data.cards import builtin_deck_names, load_deck, load_pool
from momon_cli.engine import Game, Setup
from momon_cli.engine.invariants import check

POOL = load_pool([Path(__file__).parent / "positions" / "cards.toml"])
DECKS = [load_deck(n, POOL) for n in builtin_deck_names()]
CARDS = sorted(POOL.values(), key=lambda c: c.id)
# Built-in decks; small casual ones that empty Hands early, fill Voids and reach the Void
# Fallback, "no Summon" turns and exhaustion; and decks of the scenario cards, which use
# every key of the effect vocabulary.
MECHANICS = [c for c in CARDS if c.id.startswith("TPS") and c.abilities]
deck_cards = st.one_of(st.sampled_from([d.cards for d in DECKS]),
                       st.lists(st.sampled_from(CARDS), min_size=1, max_size=8).map(tuple),
                       st.lists(st.sampled_from(MECHANICS), min_size=4, max_size=12).map(tuple))


def token_worth(obj) -> int:
    """Independent of the engine: a Token is 1 unless the card says otherwise, never below 0."""
    values = obj.card.token_value
    if values is None:
        return 1
    return max(0, values[0] if obj.controller == obj.owner else values[1])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), bot_seed=st.integers(0, 2**32), profile=st.sampled_from(["sequential", "simultaneous"]),
       d1=deck_cards, d2=deck_cards, first=st.sampled_from([None, 1, 2]),
       concede_at=st.one_of(st.none(), st.integers(0, 30)))
def test_random_games_keep_invariants_after_every_event(seed, bot_seed, profile, d1, d2, first, concede_at):
    holder = {}
    setup = Setup.new_game((d1, d2), MATRIX, seed, profile, ("A", "B"), first)
    game = Game(setup, (lambda e: check(holder["g"]) if "g" in holder else None,))
    holder["g"] = game
    bot = RandomBot(bot_seed)
    while game.pending is not None:
        if concede_at is not None and len(game.answers) == concede_at:
            game.concede(game.pending.player)
            break
        game.answer(bot.answer(game.observe(game.pending.player)))
        check(game)
    assert game.result is not None
    end = game.events[-1]
    assert end.kind == "game_ended"
    if end.reason != "concession":
        zones = game.state.zones
        totals = [0, 0]
        for oid in zones.arena.values():
            obj = zones.objects[oid]
            totals[obj.controller - 1] += token_worth(obj)
        assert tuple(totals) == end.scores
        if totals[0] != totals[1]:
            assert end.winner == (1 if totals[0] > totals[1] else 2) and not end.tiebreak
        else:
            assert end.winner == end.first_token and end.tiebreak
