"""Card sets, decks and formats: TOML validated on load, every problem listed (BASELINE 2, 5)."""

import pytest
from helpers import MATRIX

from momon_cli.data.cards import DataError, builtin_deck_names, deck_problems, load_deck, load_formats, load_pool, parse_card_set
from momon_cli.data.cardtext import card_text


def test_builtin_pool_has_24_plus_cards_over_every_element_and_star():
    pool = load_pool()
    assert len(pool) >= 24
    assert {c.element for c in pool.values()} == set(MATRIX.elements)
    assert {c.stars for c in pool.values()} == {1, 2, 3, 4, 5}
    assert sum(1 for c in pool.values() if c.abilities) >= 8


def test_builtin_decks_are_legal_standard_decks():
    pool = load_pool()
    names = builtin_deck_names()
    assert len(names) >= 4
    for name in names:
        deck = load_deck(name, pool)
        assert deck.format == "standard" and len(deck.cards) == 10


def test_every_ability_has_generated_rules_text():
    for card in load_pool().values():
        if card.abilities:
            assert card_text(card).endswith(".")


def test_card_set_problems_are_all_listed_with_file_card_and_field():
    text = '''
[[card]]
id = "BAD-1"
name = ""
stars = 9
element = "Plasma"
power = 0
sights = ["UP"]

[[card]]
id = "OK-001"
name = "Fine"
stars = 1
element = "Fire"
power = 1
sights = []
[[card.ability]]
when = "on_summon"
do = [{ power = 1, on = "targets" }]
'''
    with pytest.raises(DataError) as err:
        parse_card_set(text, "home.toml", MATRIX)
    problems = "\n".join(err.value.problems)
    for field in ("id:", "name:", "stars:", "element:", "power:", "sights:", "ability[1].do[1].on:"):
        assert field in problems
    assert all(p.startswith("home.toml: card ") for p in err.value.problems)
    assert "OK-001" in problems


def test_custom_card_set_loads_beside_the_pool(tmp_path):
    f = tmp_path / "home.toml"
    f.write_text('[[card]]\nid = "HOME-001"\nname = "Hearth"\nstars = 1\nelement = "Fire"\npower = 2\nsights = ["N"]\n')
    pool = load_pool((f,))
    assert "HOME-001" in pool and "MCL-001" in pool
    clash = tmp_path / "clash.toml"
    clash.write_text(f.read_text().replace("HOME-001", "MCL-001"))
    with pytest.raises(DataError, match="already in the pool"):
        load_pool((clash,))


def test_baseline_5_standard_deck_problems_listed():
    pool = load_pool()
    big = [pool["MCL-008"]] * 3 + [pool["MCL-004"]] * 3 + [pool["MCL-024"]] * 3
    problems = deck_problems(big, load_formats()["standard"], "standard")
    assert any("exactly 10" in p for p in problems)
    assert sum("copies" in p for p in problems) == 3
    assert any("Stars" in p for p in problems)


def test_baseline_5_casual_allows_1_to_16(tmp_path):
    pool = load_pool()
    deck = tmp_path / "tiny.toml"
    deck.write_text('name = "Tiny"\nformat = "casual"\ncards = ["MCL-008", "MCL-008", "MCL-008"]\n')
    assert len(load_deck(str(deck), pool).cards) == 3
    deck.write_text('name = "Empty"\nformat = "casual"\ncards = []\n')
    with pytest.raises(DataError, match="1 to 16"):
        load_deck(str(deck), pool)


def test_unknown_deck_and_bad_toml_are_one_clear_line(tmp_path):
    pool = load_pool()
    with pytest.raises(DataError, match="no built-in deck named 'nope'"):
        load_deck("nope", pool)
    bad = tmp_path / "bad.toml"
    bad.write_text("name = ")
    with pytest.raises(DataError, match="not valid TOML"):
        load_deck(str(bad), pool)


def _one_card(ability: str) -> str:
    return ('[[card]]\nid = "BAD-001"\nname = "Bad"\nstars = 1\nelement = "Fire"\npower = 1\nsights = []\n'
            '[[card.ability]]\n' + ability)


@pytest.mark.parametrize("ability,field", [
    ('when = "on_summon"\nmay = "no"\ndo = [{ power = 1 }]\n', "may: must be true or false"),
    ('when = "on_summon"\ndo = [{ take_first_player_token = false }]\n', "take_first_player_token: must be true"),
    ('when = "on_summon"\ntarget = { adjacent = "false" }\ndo = [{ power = 1, on = "targets" }]\n',
     "adjacent: must be true or false"),
    ('when = "on_summon"\ndo = [{ power = true }]\n', "power: must be a non-zero whole number"),
    ('when = "on_summon"\ndo = [{ move = true, to = "far" }]\n', "to: must be one of any, adjacent"),
    ('when = "on_summon"\ndo = [{ swap = true, on = "self" }]\n', "swaps exactly 2 targets"),
    ('when = "on_summon"\ndo = [{ power = 1, on = "snatcher" }]\n', "'snatcher' is only for snatched_back"),
    ('when = "on_summon"\ndo = [{ summon = { from = "deck" } }]\n', "summon.from: must be one of hand, void"),
    ('when = "on_summon"\ndo = [{ summon = { into = "that_space" } }]\n', "'that_space' needs the ability to have a target"),
    ('when = "on_summon"\ndo = [{ to_hand = true, at = "later" }]\n', "at: must be one of now"),
    ('when = "on_summon"\ndo = [{ power = 1, move = true }]\n', "must name exactly one instruction"),
    ('static = { power = 2 }\n', "needs exactly one of 'while' or 'per'"),
    ('static = { cannot_snatch = 1 }\n', "cannot_snatch: must be true"),
    ('static = { token_value = { owner_controls = -1, otherwise = 1 } }\n', "owner_controls: must be a whole number"),
    ('when = "on_summon"\nonce = 1\ndo = [{ power = 1 }]\n', "once: must be true or false"),
])
def test_strict_card_data_every_type_checked_one_line_naming_card_and_field(ability, field):
    with pytest.raises(DataError) as err:
        parse_card_set(_one_card(ability), "home.toml", MATRIX)
    assert any(field in p and p.startswith("home.toml: card 1: BAD-001: ability[1]") for p in err.value.problems), \
        err.value.problems


def test_every_card_round_trips_through_its_mapping_with_the_same_rules_text():
    from helpers import SCENARIO_POOL

    from momon_cli.data.cards import card_from_mapping, card_to_mapping
    for card in SCENARIO_POOL.values():
        again = card_from_mapping(card_to_mapping(card), MATRIX)
        assert again == card and card_text(again) == card_text(card)


def test_written_rules_text_must_match_the_generated_text():
    text = _one_card('when = "on_summon"\ndo = [{ incite = true, on = "self" }]\n').replace(
        'sights = []\n', 'sights = []\ntext = "On Summon: Incite me."\n', 1)
    assert card_text(next(iter(parse_card_set(text, "ok.toml", MATRIX).values()))) == "On Summon: Incite me."
    with pytest.raises(DataError, match="should read: 'On Summon: Incite me.'"):
        parse_card_set(text.replace("Incite me.", "Incite."), "bad.toml", MATRIX)


def test_docs_cards_md_names_every_key_of_the_vocabulary():
    from pathlib import Path

    from momon_cli.data.cards import STATIC_KEYS
    from momon_cli.engine.vocabulary import KINDS
    from momon_cli.engine.words import SELECTORS, TIMINGS
    doc = (Path(__file__).parent.parent / "docs" / "cards.md").read_text()
    for key in [*KINDS, *STATIC_KEYS, *SELECTORS, *TIMINGS, "once", "may", "if", "models", "per", "while"]:
        assert f"`{key}" in doc, key


def test_every_instruction_kind_shows_its_kind_and_fields():
    """One __repr__ for all kinds (a generated one per kind costs every start)."""
    from momon_cli.engine.vocabulary import KINDS, Power

    assert repr(Power(amount=2)) == "Power(on='self', group=None, amount=2, until='end_of_turn')"
    for kind in KINDS.values():
        assert repr(kind()).startswith(f"{kind.__name__}(on='self', group=None")
