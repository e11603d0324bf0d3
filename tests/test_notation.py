"""The answer notation is one pair of inverse functions (text.notation): every legal answer
formats to a line that parses back to it, at every decision of random games over the
built-in decks and the scenario cards, and of every scenario position."""

from itertools import combinations, islice, permutations

from helpers import MATRIX, POSITIONS, SCENARIO_POOL, from_position
from hypothesis import given, settings
from hypothesis import strategies as st

from momon_cli.bots.players import RandomBot
from momon_cli.data.cards import builtin_deck_names, load_deck, load_pool
from momon_cli.engine import Decision, Game, Kind, Setup
from momon_cli.text.notation import format_answer, parse

POOL = load_pool()
DECKS = [load_deck(name, POOL).cards for name in builtin_deck_names()]
SCENARIO = list(SCENARIO_POOL.values())


def legal_answers(decision: Decision) -> list[object]:
    """A spread of the decision's legal answers (every one where there are few)."""
    kind, options = decision.kind, decision.options
    if kind is Kind.SUMMON:
        return list(islice(options, 0, None, 7))
    if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
        return list(islice(permutations(decision.keys()), 24))
    if kind is Kind.TARGETS:
        low = decision.count if decision.min_count is None else decision.min_count
        return [c for n in range(low, decision.count + 1) for c in islice(combinations(options, n), 12)]
    if kind is Kind.YES_NO:
        return [True, False]
    return list(options)  # SPACE, CARD, PICK_FACE_DOWN


def round_trips(game: Game, bot: RandomBot) -> int:
    checked = 0
    while game.pending is not None:
        decision = game.pending
        for answer in legal_answers(decision):
            line = format_answer(decision, answer)
            assert parse(game.observe(decision.player), decision, line) == answer, (decision.kind, answer, line)
            checked += 1
        game.answer(bot.answer(game.observe(game.pending.player)))
    return checked


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), profile=st.sampled_from(["sequential", "simultaneous"]),
       scenario=st.booleans(), a=st.integers(0, 100), b=st.integers(0, 100))
def test_every_legal_answer_formats_to_a_line_that_parses_back(seed, profile, scenario, a, b):
    if scenario:
        hands = tuple(tuple(SCENARIO[(a + 7 * i + s) % len(SCENARIO)] for i in range(10)) for s in (0, b))
    else:
        hands = (DECKS[a % len(DECKS)], DECKS[b % len(DECKS)])
    game = Game(Setup.new_game(hands, MATRIX, seed, profile))
    assert round_trips(game, RandomBot(seed)) > 0


def test_every_scenario_positions_decisions_round_trip():
    for path in sorted(POSITIONS.glob("*.toml")):
        if path.name != "cards.toml":
            assert round_trips(from_position(path.stem), RandomBot(path.stem)) >= 0
