"""The glossary in Thai (text/glossary.py and the catalog): every meaning has one Thai sentence
that keeps the game's keywords in English, as the Thai edition does; every entry is found by
Thai words as well as English ones, whatever the language in use; Thai is matched without the
spaces between its words and whatever order its marks were typed in; English is untouched."""

import re
import subprocess
import sys

import pytest
from locale_env import thai_environment
from rich.console import Console
from typer.testing import CliRunner

from momon_cli import language, widths
from momon_cli.cli.app import app
from momon_cli.data.cards import load_pool
from momon_cli.text import glossary
from momon_cli.text.rules_lookup import answer
from momon_cli.tui.render import card_panel

runner = CliRunner()
THAI = re.compile(r"[\u0e00-\u0e7f]")
#: Keywords the Thai edition keeps in English: a Thai meaning names each one its English names.
KEPT = ("Momon", "Summon", "Snatch", "Snatch Check", "Snatch Attempt", "Direct Snatch", "Ward", "Ward Token", "Void",
        "Hand", "Arena", "Power", "Element", "Stars", "Sights", "Trigger Queue", "Marking Token",
        "Control Score", "First Player Token", "Incite", "Move", "Multi-Move", "On Summon", "On Snatch", "Fire",
        "Water", "Earth", "Air", "Light", "Dark", "Origin", "Sprite")
#: Words the Thai edition says in Thai: its rules' word for Beats, and the Thai card text's words
#: (a meaning quotes a card as a Thai player reads it).
SAID_IN_THAI = {"Beats": "มีความได้เปรียบเหนือ", "Once per game": "ใช้ได้ครั้งเดียวต่อเกม",
                "adjacent to me": "ที่อยู่ติดกับการ์ดนี้", "Source": "แหล่งกำเนิด"}
#: The widest run of Thai between two spaces, in columns: a line wraps only at a space.
WIDEST_RUN = 42


def thai(entry: glossary.Entry) -> str:
    with language.using("th"):
        return language._(entry.meaning)


# -- The meanings -------------------------------------------------------------------------------
@pytest.mark.parametrize("entry", glossary.ENTRIES, ids=lambda e: e.term)
def test_every_meaning_is_one_plain_thai_sentence(entry):
    said = thai(entry)
    assert said != entry.meaning and THAI.search(said), "no Thai in the catalog"
    assert "\n" not in said and not said.endswith("."), "one sentence, without the English full stop"
    assert not re.search(r"[*_`\[\]<>#]", said), "plain text, neither Markdown nor Rich markup"
    assert said.count("'") % 2 == 0 and said.count("(") == said.count(")")
    for run in said.split(" "):
        assert widths.columns(run) <= WIDEST_RUN, f"{run!r}: too wide to wrap"


@pytest.mark.parametrize("entry", glossary.ENTRIES, ids=lambda e: e.term)
def test_the_thai_keeps_the_keywords_and_commands_in_english(entry):
    said = thai(entry)
    for word in KEPT:
        if re.search(rf"\b{re.escape(word)}\b", entry.meaning):
            assert word in said, word
    for english, word in SAID_IN_THAI.items():
        if re.search(rf"\b{re.escape(english)}\b", entry.meaning):
            assert word in said and english not in said, (english, said)
    for quoted in re.findall(r"'(?:inspect|queue|momon)[^']*'", entry.meaning):  # what a player types
        assert quoted in said, quoted


def test_a_meaning_is_english_outside_thai():
    entry = glossary.entry("Incite")
    assert language._(entry.meaning) == entry.meaning
    with language.using("th"):
        assert language._(entry.meaning) != entry.meaning
    with language.using("en"):
        assert language._(entry.meaning) == entry.meaning


# -- Finding an entry by a Thai word ------------------------------------------------------------
@pytest.mark.parametrize("entry", glossary.ENTRIES, ids=lambda e: e.term)
def test_every_entry_is_found_by_a_thai_word_in_either_language(entry):
    words = [a for a in entry.aliases if THAI.search(a)]
    assert words, "no Thai alias"
    for code in ("en", "th"):
        with language.using(code):
            for word in words:
                assert glossary.find(word) is entry, (word, glossary.find(word))


@pytest.mark.parametrize("typed, term", [
    ("ผู้เล่นเจ้าของเทิร์น", "Active Player"), ("ผู้เล่นที่ไม่ใช่เจ้าของเทิร์น", "Active Player"), ("เป้าหมาย", "Target"),
    ("เจ้าของ", "Owner"), ("ผู้ควบคุม", "Controller"), ("ติดกัน", "Adjacent"), ("ช่อง", "Space"),
    ("ช่องว่าง", "Space"), ("ความสามารถ", "Ability"), ("ความสามารถต่อเนื่อง", "Ability"),
    ("ใช้ได้ครั้งเดียว", "Once-only"), ("คว่ำหน้า", "Face-down"), ("หงายหน้า", "Face-down"), ("การ์ด", "Momon"),
    ("ธาตุ", "Element"), ("ไฟ", "Element"), ("ชุด Summon", "Summon batch"), ("ถูก Snatch กลับ", "Snatched Back"),
    ("เงื่อนไขความสำเร็จเพิ่มเติม", "Additional success condition"), ("ค่า Token", "Token value"),
    ("คิว", "Trigger Queue"), ("เสมอ", "First Player Token"), ("คะแนน", "Control Score"), ("ลูกศร", "Sights"),
    ("สลับ", "Swap"), ("ย้าย", "Move"), ("ดาว", "Stars"), ("สุสาน", "Void"), ("มือ", "Hand"), ("ซัมมอน", "Summon"),
    ("ไม่สามารถ Snatch ได้", "Cannot Snatch"), ("ได้รับการป้องกัน", "Cannot be Snatched by an opponent's abilities"),
    ("เมื่อ Summon", "On Summon"), ("เริ่มเทิร์น", "Turn Start"), ("จบเทิร์น", "End of Turn"),
    ("ออกจาก Arena", "Leaves Arena"), ("Snatch โดยตรง", "Direct Snatch"), ("ศัตรู", "Enemy"), ("ฝ่ายเดียวกัน", "Friendly"),
])
def test_find_reads_thai_words(typed, term):
    found = glossary.find(typed)
    assert found is not None and found.term == term, (typed, found)


@pytest.mark.parametrize("typed, term", [
    ("ผู้เล่น เจ้าของ เทิร์น", "Active Player"),  # spaces between the words, as some players put them
    ("  เป้าหมาย  ", "Target"),
    ("เป้า\u200bหมาย", "Target"),  # a zero-width space, as Thai text copied from a page carries
    ("ท\u0e48\u0e35รออยู่", "Trigger Queue"),  # ที่ with the tone mark typed before the vowel
    ("น\u0e49\u0e4d\u0e32", "Element"),  # น้ำ with sara am typed as nikhahit and sara aa
    ("น\u0e4d\u0e49\u0e32", "Element"),
    ("เป้\u0e49าหมาย", "Target"),  # a tone mark typed twice
    ("การ Snatch", "Snatch"), ("การSnatch", "Snatch"), ("การ SNATCH", "Snatch"), ("ถูก Snatch", "Snatch"),
    ("การ Move", "Move"), ("การ Swap", "Swap"), ("ธาตุ Fire", "Element"), ("ธาตุ water", "Element"),
    ("Momon ศัตรู", "Enemy"), ("momon ศัตรู", "Enemy"), ("ค่า token", "Token value"),
])
def test_find_reads_thai_as_it_is_typed(typed, term):
    found = glossary.find(typed)
    assert found is not None and found.term == term, (typed, found)


@pytest.mark.parametrize("typed", ["การ", "ความ", "ถูก", "ภาษาไทย", "การ xyzzy", "ๆ"])
def test_find_answers_none_for_thai_that_names_no_term(typed):
    assert glossary.find(typed) is None


def test_english_words_find_what_they_found_without_the_thai_ones():
    """English lookups are as they were: an index of the English words alone (made as
    glossary._index makes it) and the whole index agree on every key of the English words."""
    english: dict[str, glossary.Entry] = {}
    for exact in (True, False):
        for e in glossary.ENTRIES:
            for word in (e.term, *(a for a in e.aliases if not THAI.search(a))):
                for key in glossary._forms(word) if not exact else (glossary._key(word),):
                    english.setdefault(key, e)
    whole = glossary._index()
    assert all(whole[key] is e for key, e in english.items())
    assert all(not THAI.search(key) for key in english)


@pytest.mark.parametrize("typed, term", [
    ("incite", "Incite"), ("direct snatch", "Direct Snatch"), ("Owner’s", "Owner"), ("sights", "Sights"),
    ("once-only", "Once-only"), ("✦", "✦"), ("face up", "Face-down"), ("abilities", "Ability"),
])
def test_english_is_found_as_before_in_thai_too(typed, term):
    with language.using("th"):
        found = glossary.find(typed)
    assert found is not None and found.term == term


# -- Where a meaning is shown ---------------------------------------------------------------------
def test_rules_word_answers_with_the_english_term_and_the_thai_meaning():
    with language.using("th"):
        assert answer("incite")[0] == f"**Incite** — {thai(glossary.entry('Incite'))}"
        first = answer("ผู้เล่นเจ้าของเทิร์น")[0]
        assert first == f"**Active Player** — {thai(glossary.entry('Active Player'))}"
        assert len(answer("เป้าหมาย")) > 1  # the rules about Target follow, found by its term
    assert answer("incite")[0] == f"**Incite** — {glossary.entry('Incite').meaning}"


def test_momon_rules_takes_a_thai_word():
    with language.using("th"):
        result = runner.invoke(app, ["rules", "เป้าหมาย"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Target — Momon ที่ความสามารถเลือกไว้")


def test_momon_rules_in_a_thai_locale():
    result = subprocess.run([sys.executable, "-m", "momon_cli", "rules", "ติดกัน"], capture_output=True, text=True,
                            env=thai_environment(COLUMNS="80"), timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Adjacent — อยู่ชิดกัน")


def test_the_card_panel_gives_each_keyword_its_thai_meaning_within_80_columns():
    card = next(c for c in load_pool().values() if c.name == "Crown Usurper")
    console = Console(width=80, record=True, file=None)
    with language.using("th"):
        console.print(card_panel(card))
    text = console.export_text()
    assert "Target — Momon ที่ความสามารถเลือกไว้" in text and "Direct Snatch — ความสามารถที่ยึดการควบคุม" in text
    assert all(widths.columns(line) <= 80 for line in text.splitlines())
