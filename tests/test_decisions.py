"""The engine contract: every illegal answer, of any type or value, raises IllegalAnswer and
changes nothing; an error inside the rules ends the game's life with that error."""

import pytest
from helpers import answer, from_position, summon
from hypothesis import given, settings
from hypothesis import strategies as st

from momon_cli.engine import EngineError, GameOver, IllegalAnswer, Kind


def at_summon():
    return from_position("17-1-multi-snatch")


def at_order_attempts():
    g = from_position("17-1-order-matters")
    summon(g, "Climber", "B1")
    return g


def at_order_triggers():
    g = from_position("17-2-queue")
    summon(g, "Pebble", "D1")
    return g


def at_targets_any_number():
    g = from_position("th-17-9-fbd180")
    summon(g, "Herder", "A1")
    return g


def at_targets_exactly_one():
    g = from_position("th-17-9-fbd162")
    summon(g, "Storm Rider", "A1")
    answer(g, "C2")
    summon(g, "Pebble", "A4")
    return g


def at_space():
    g = from_position("17-9-move-incite")
    summon(g, "Storm Rider", "A1")
    return g


def at_card():
    g = from_position("th-17-1-batch-nested")
    summon(g, "Rift Caller", "A1")
    return g


def at_yes_no():
    return from_position("th-17-5-fbd134")


def at_pick_face_down():
    return from_position("17-7-void-fallback")


FACTORIES = {Kind.SUMMON: at_summon, Kind.ORDER_ATTEMPTS: at_order_attempts, Kind.ORDER_TRIGGERS: at_order_triggers,
             Kind.SPACE: at_space, Kind.CARD: at_card, Kind.YES_NO: at_yes_no, Kind.PICK_FACE_DOWN: at_pick_face_down}
GAMES = {kind: make() for kind, make in FACTORIES.items()}
GAMES["targets-any"] = at_targets_any_number()

scalars = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True)
           | st.text(max_size=8) | st.sampled_from(["A1", "B2", "C2", "D4", "TPS-012", "TPS-011", "B2 C1", "1"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                      | st.dictionaries(st.text(max_size=3), inner, max_size=2), max_leaves=8)


def test_every_decision_kind_is_reachable_from_a_position():
    kinds = {g.pending.kind for g in GAMES.values()} | {at_targets_exactly_one().pending.kind}
    assert kinds == set(Kind)


@settings(max_examples=600, deadline=None)
@given(which=st.sampled_from(sorted(GAMES, key=str)), value=values)
def test_any_illegal_value_raises_illegal_answer_and_changes_nothing(which, value):
    g = GAMES[which]
    decision = g.pending
    try:
        decision.validate(value)
        return  # a legal answer: not this test's business
    except IllegalAnswer:
        pass
    before = (len(g.events), list(g.answers), g.state.turn)
    with pytest.raises(IllegalAnswer):
        g.answer(value)
    assert (len(g.events), list(g.answers), g.state.turn) == before and g.pending is decision


@pytest.mark.parametrize("kind,wrong", [
    (Kind.PICK_FACE_DOWN, True), (Kind.PICK_FACE_DOWN, 1.0), (Kind.YES_NO, 1), (Kind.YES_NO, "y"),
    (Kind.SUMMON, ["TPS-001", "B1"]), (Kind.ORDER_ATTEMPTS, ["B2", "C1"]), (Kind.ORDER_ATTEMPTS, (0, 1)),
    (Kind.SPACE, ("C2",)), (Kind.CARD, 1),
])
def test_types_are_exact_true_is_not_1_and_a_list_is_not_a_tuple(kind, wrong):
    g = FACTORIES[kind]()
    with pytest.raises(IllegalAnswer):
        g.answer(wrong)


def test_an_error_inside_the_rules_ends_the_game_with_that_error(monkeypatch):
    from momon_cli.engine import snatch

    def broken(*args, **kwargs):
        raise KeyError("boom")

    g = at_summon()
    monkeypatch.setattr(snatch, "create_attempts", broken)
    with pytest.raises(EngineError, match="KeyError"):
        g.answer(("TPS-001", "B1"))
    assert g.pending is None and g.error is not None
    with pytest.raises(EngineError):
        g.answer(("TPS-001", "B1"))
    with pytest.raises(EngineError):
        g.concede(1)


def test_a_finished_game_refuses_answers():
    g = at_summon()
    g.concede(2)
    with pytest.raises(GameOver):
        g.answer(("TPS-001", "B1"))


def test_summon_options_are_every_card_and_space_pair_listed_on_demand():
    """A Summon's options behave as the tuple of (card id, Space) pairs, card by card, without
    being built: counted, indexed, tested for and compared as that tuple."""
    from itertools import product

    from momon_cli.engine.decisions import SummonOptions

    options = SummonOptions(iter(["MCL-001", "MCL-002"]), ("A1", "B1", "C1"))
    pairs = tuple(product(["MCL-001", "MCL-002"], ["A1", "B1", "C1"]))
    assert len(options) == 6 and tuple(options) == pairs and options == pairs and hash(options) == hash(pairs)
    assert options != list(pairs) and SummonOptions([], ("A1",)) != "" and SummonOptions([], ()) == ()
    assert [options[i] for i in range(-6, 6)] == [*pairs, *pairs] and options[1:3] == pairs[1:3]
    assert all(p in options for p in pairs)
    assert ("MCL-003", "A1") not in options and ["MCL-001", "A1"] not in options and "MCL-001" not in options
    with pytest.raises(IndexError):
        options[6]
    decision = at_summon().pending
    assert isinstance(decision.options, SummonOptions) and decision.options.cards and decision.options.spaces
