"""The engine's prompts and the record and data layers' refusals, in Thai: a prompt is the
engine's English template (``N_``) translated and filled in with its card, and a refusal
is one line, its file, field names and values kept as they are inside the Thai sentence."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from momon_cli.data.cards import DataError, load_deck, load_pool
from momon_cli.engine import Decision, Kind
from momon_cli.language import using
from momon_cli.record import RecordError, parse_record
from momon_cli.record.msn_read import read_text
from momon_cli.text.prompts import prompt_text

ENGINE = Path(__file__).parent.parent / "momon_cli" / "engine"
THAI = re.compile(r"[\u0e00-\u0e7f]")


def _templates() -> set[str]:
    """Every prompt the engine marks with N_: in the modules that ask for Decisions (the card
    reader's problems are marked too)."""
    found = set()
    for path in ENGINE.rglob("*.py"):
        if "yield Decision(" not in path.read_text():
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_":
                found.add(node.args[0].value)
    return found


def test_every_engine_prompt_reads_in_english_as_before_and_in_thai_with_its_card():
    templates = _templates()
    assert "Choose where {card} Moves" in templates and "Summon a Momon from your Hand" in templates
    for template in templates:
        decision = Decision(Kind.SPACE, 1, ("A1", "B2"), template, count=2, subject="Kiln Drake")
        english = prompt_text(decision)
        assert english == template.format(card="Kiln Drake", count=2)
        with using("th"):
            thai = prompt_text(decision)
        assert THAI.search(thai), template
        assert ("Kiln Drake" in thai) == ("{card}" in template), (template, thai)


def test_a_card_name_with_braces_is_shown_as_it_is():
    decision = Decision(Kind.SPACE, 1, ("A1",), "Choose a Space for {card}", subject="{count} Drake")
    assert prompt_text(decision) == "Choose a Space for {count} Drake"


def _refusal(call) -> str:
    with pytest.raises((RecordError, DataError)) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize("language", ["en", "th"])
def test_a_damaged_record_is_one_line_naming_its_file_and_line(tmp_path, language):
    with using(language):
        said = _refusal(lambda: parse_record(tmp_path / "g.jsonl", b'{"type": "header"}\n'))
    assert said.startswith(f"{tmp_path / 'g.jsonl'}: ") and "\n" not in said
    assert bool(THAI.search(said)) == (language == "th")
    assert "2" in said and "3" in said  # the formats it reads


def test_a_bad_deck_says_each_problem_in_thai_with_its_keys_kept(tmp_path):
    deck = tmp_path / "bad.toml"
    deck.write_text('name = ""\nformat = "standard"\ncards = ["MCL-008", "MCL-008", "MCL-008", "NOPE-1"]\n')
    pool = load_pool()
    english = _refusal(lambda: load_deck(str(deck), pool)).splitlines()
    with using("th"):
        thai = _refusal(lambda: load_deck(str(deck), pool)).splitlines()
    assert len(thai) == len(english) == 4
    assert all(THAI.search(line) and line.startswith(f"{deck}: ") for line in thai)
    assert f"{deck}: name: " in thai[0] and "NOPE-1" in thai[1] and "MCL-008" in thai[3]


def test_a_game_file_problem_in_thai_still_names_its_line_and_column(tmp_path):
    path = tmp_path / "g.msn"
    data = b'[MSN "1"]\n[P1 "Ann"]\n[P2 "Ann"]\n'
    with using("th"):
        said = _refusal(lambda: read_text(path, data))
    assert said.startswith(f"{path}:3:1: ") and THAI.search(said)
    cards = b'[MSN "1"]\n[Deck1 "prism"]\n[Deck2 "prism"]\n\n%cards\n[[card]\n%end\n'
    with using("th"):
        said = _refusal(lambda: read_text(path, cards))
    assert said.startswith(f"{path}:6:") and "%cards" in said and THAI.search(said)  # TOML's own place, in the file


def test_a_card_file_problem_the_engine_finds_is_said_in_thai():
    from momon_cli.data.cards import card_from_mapping, load_matrix

    card = {"id": "TST-001", "name": "Test", "stars": 9, "element": "Fire", "power": 2, "sights": [], "colour": 1}
    english = _refusal(lambda: card_from_mapping(card, load_matrix())).splitlines()
    with using("th"):
        thai = _refusal(lambda: card_from_mapping(card, load_matrix())).splitlines()
    assert english == ["card: TST-001: card: unknown key 'colour'", "card: TST-001: stars: must be a whole number from 1 to 5"]
    assert thai == ["card: TST-001: card: ไม่รู้จักคีย์ 'colour'", "card: TST-001: stars: ต้องเป็นจำนวนเต็มตั้งแต่ 1 ถึง 5"]
