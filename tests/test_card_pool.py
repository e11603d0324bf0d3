"""The built-in pool (MCL): every card's every ability resolves in a game, and the pool and
decks cover the whole vocabulary and the rules' examples (docs/cards.md)."""

import re

import pytest
from helpers import SCENARIO_POOL, arena, at, first_legal, game, mk, of, void

from momon_cli.data.cards import builtin_deck_names, load_deck, load_pool
from momon_cli.data.cardtext import GENERATORS
from momon_cli.engine import Change, Kind
from momon_cli.engine.effects import power, scores
from momon_cli.engine.vocabulary import KINDS

POOL = load_pool()
TRIGGERED = [(c, a) for c in POOL.values() for a in c.abilities if a.when is not None]
STATIC = [(c, a) for c in POOL.values() for a in c.abilities if a.static is not None]
TITAN = mk("Titan", "Origin", 99, ["N", "NE", "E", "SE", "S", "SW", "W", "NW"])
FILLER = mk("Filler", "Origin", 1)


def around(card, timing: str):
    """A board on which ``card``'s ``timing`` ability triggers, with something to act on:
    friendly and enemy Momons of 1-3 Stars around C2, one Warded, a Dark friend, a Sprite
    and a small card in Hand, a face-up 2-Star card in the Void."""
    ward = (Change("ward", "your_next_turn", 2),)
    board = [arena(1, POOL["MCL-021"], "B2"), arena(1, POOL["MCL-001"], "D2"),  # Dark friend, Fire friend
             arena(2, POOL["MCL-005"], "C3"), arena(2, POOL["MCL-014"], "B3"),  # enemies of 1 and 2 Stars
             arena(2, POOL["MCL-006"], "D3", changes=ward), void(1, POOL["MCL-014"])]
    hand = [POOL["MCL-053"], POOL["MCL-009"], FILLER]  # a Sprite, a small Momon, a filler
    if timing == "on_summon":
        return game([card, *hand], [FILLER] * 3, board), (card.name, "C2")
    if timing == "on_snatch":
        return game([card, *hand], [FILLER] * 3, [arena(2, mk("Weak", "Origin", 1), "C3")]), (card.name, "C2")
    if timing == "snatched_back":
        return game([TITAN, *hand], [FILLER] * 3, [arena(1, card, "C3", controller=2)]), ("Titan", "C2")
    if timing in ("turn_start", "end_of_turn"):
        return game(hand, [FILLER] * 3, [*board, arena(1, card, "C2")]), ("Filler", "A4")
    assert timing == "leaves_arena"
    sweep = mk("Sweep", ability=[{"when": "on_summon", "do": [{"to_void": "face_up", "on": "all",
                                                                "group": {"other": True}}]}])
    return game([sweep, *hand], [FILLER] * 3, [arena(1, card, "C2")]), ("Sweep", "A4")


def play_out_turn(g, first_summon) -> None:
    """Answer the first turn's decisions as an eager player: yes to every offer, every
    mover, the first of everything else."""
    name, space = first_summon
    while g.pending is not None and g.state.turn == 1:
        d = g.pending
        if d.kind is Kind.SUMMON:
            g.answer((next(c for c, _ in d.options if _name(g, c) == name), space))
        else:
            g.answer(first_legal(d))


def _name(g, card_id: str) -> str:
    return next(o.card.name for o in g.state.zones.objects.values() if o.card.id == card_id)


@pytest.mark.parametrize("card,ability", TRIGGERED, ids=lambda x: getattr(x, "id", None) or f"#{x.index + 1}")
def test_every_triggered_ability_of_the_pool_resolves(card, ability):
    g, first = around(card, ability.when)
    play_out_turn(g, first)
    mine = {e.trigger for e in of(g, "trigger_waiting") if e.card == card.id}
    outcomes = [e.outcome for e in of(g, "ability_resolved") if e.trigger in mine]
    assert "resolved" in outcomes, (card.name, outcomes)


#: "You may" as each language's card text writes it (data/cardtext.py, data/cardtext_th.py).
MAY = {"en": re.compile(r"\bmay\b"), "th": re.compile("เลือกได้ว่าจะ")}


@pytest.mark.parametrize("card,ability", TRIGGERED, ids=lambda x: getattr(x, "id", None) or f"#{x.index + 1}")
def test_r_mc_21_th_17_5_an_ability_is_asked_yes_or_no_exactly_when_its_text_says_may(card, ability):
    # Played as the pool test above plays it (the ability resolves): whether the engine asked
    # its Controller yes or no must be what the card says, in English and in Thai. A once-only
    # right is asked (TH 17.5 lets FBD 134's Controller decline it), so it says "you may" too.
    g, first = around(card, ability.when)
    asked = []
    name, space = first
    while g.pending is not None and g.state.turn == 1:
        d = g.pending
        if d.kind is Kind.YES_NO and d.trigger is not None and (d.trigger.card, d.trigger.ability) == (
                card.id, ability.index):
            asked.append(d)
        if d.kind is Kind.SUMMON:
            g.answer((next(c for c, _ in d.options if _name(g, c) == name), space))
        else:
            g.answer(first_legal(d))
    for language, (_, one) in GENERATORS.items():
        text = one(ability)
        assert bool(MAY[language].search(text)) == bool(asked), (card.name, language, text, len(asked))


@pytest.mark.parametrize("pool", [POOL, SCENARIO_POOL], ids=["built-in", "scenario"])
def test_r_mc_21_every_card_says_may_exactly_where_the_queue_asks(pool):
    # The Queue asks by Ability.optional (engine/queue.py); every card of both pools says so.
    for card in pool.values():
        for a in (a for a in card.abilities if a.when is not None):
            for language, (_, one) in GENERATORS.items():
                assert bool(MAY[language].search(one(a))) == a.optional, (card.id, language, one(a))


def test_every_static_ability_of_the_pool_does_what_it_says():
    kinds = {k for _, a in STATIC for k in ("token_value", "unsnatchable_together",
                                             "unsnatchable_by_opponent_abilities", "cannot_snatch",
                                             "extra_success", "power") if getattr(a.static, k)}
    assert kinds == {"token_value", "unsnatchable_together", "unsnatchable_by_opponent_abilities", "cannot_snatch",
                     "extra_success", "power"}
    # Token value: Moss Tortoise and World Seed count double under their Owner.
    g = game([FILLER], [FILLER], [arena(1, POOL["MCL-010"], "A1"), arena(1, POOL["MCL-027"], "B1")])
    assert scores(g.state) == (4, 0)
    # Not together: Halo Sentinel.
    g = game([TITAN], [FILLER], [arena(2, POOL["MCL-019"], "C3"), arena(2, FILLER, "D2")])
    g.answer((TITAN.id, "C2"))
    assert {e.defender_name: e.reason for e in of(g, "attempt_resolved")}["Halo Sentinel"] == "prohibited"
    # Not by an opponent's abilities: Sanctum Keeper against a Direct Snatch.
    taker = mk("Taker", ability=[{"when": "on_summon", "target": {"side": "enemy"},
                                  "do": [{"direct_snatch": True, "on": "targets"}]}])
    g = game([taker], [FILLER], [arena(2, POOL["MCL-037"], "C3")])
    g.answer((taker.id, "A1"))
    assert of(g, "direct_snatch")[0].reason == "protected"
    # Cannot Snatch: Bulwark Ox makes no Attempts.
    g = game([POOL["MCL-049"]], [FILLER], [arena(2, FILLER, "C3")])
    g.answer(("MCL-049", "C2"))
    assert of(g, "check_started")[0].attempts == 0
    # Extra success: Bully Boar Snatches a 1-Star Momon of any Power.
    g = game([POOL["MCL-050"]], [FILLER], [arena(2, mk("Tiny Giant", "Fire", 50), "C3")])
    g.answer(("MCL-050", "C2"))
    assert of(g, "attempt_resolved")[0].reason == "extra"
    # Board-dependent Power: Pack Wolf (+2 with two friends adjacent), Swarm Queen (+1 each).
    g = game([FILLER], [FILLER], [arena(1, POOL["MCL-051"], "B2"), arena(1, FILLER, "A2"), arena(1, FILLER, "C2"),
                                  arena(1, POOL["MCL-052"], "D4")])
    assert (power(g.state, at(g, "B2")), power(g.state, at(g, "D4"))) == (5, 6)


def test_the_pool_has_48_cards_and_every_key_of_the_vocabulary():
    assert len(POOL) >= 48
    used = {type(i).KEY for c in POOL.values() for a in c.abilities for i in a.do}
    assert used == set(KINDS)
    selectors = {i.on for c in POOL.values() for a in c.abilities for i in a.do}
    assert {"self", "targets", "friendly", "enemy", "snatcher", "snatched", "moved"} <= selectors
    flags = {k for c in POOL.values() for a in c.abilities for k in ("may", "once") if getattr(a, k)}
    assert flags == {"may", "once"} and any(a.condition for c in POOL.values() for a in c.abilities)


def test_cards_model_every_example_the_rules_name():
    models = {a.models for c in POOL.values() for a in c.abilities if a.models}
    assert models == {f"FBD {n}" for n in (126, 127, 128, 134, 146, 147, 148, 159, 162, 167, 174, 178, 180)}


def test_at_least_six_legal_standard_decks_each_with_a_plan():
    decks = [load_deck(n, POOL) for n in builtin_deck_names()]
    assert len(decks) >= 6
    for deck in decks:
        assert deck.format == "standard" and len(deck.cards) == 10 and deck.plan


def test_docs_cards_md_lists_every_card_of_the_pool_and_every_deck():
    from pathlib import Path
    doc = (Path(__file__).parent.parent / "docs" / "cards.md").read_text()
    from momon_cli.data.cardtext import card_text, mechanics
    sections = {h.split("\n", 1)[0].strip(): h for h in doc.split("### ")[1:]}
    for card in POOL.values():
        for key in mechanics(card) or ["No abilities"]:
            assert card.id in sections[key], (card.id, key)
        assert card_text(card) in doc  # the listing reads as the cards do
    assert all(f"(`{name}`)" in doc for name in builtin_deck_names())
