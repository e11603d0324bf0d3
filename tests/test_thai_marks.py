"""The Arena's marks of what changed, in the reader's language: on a Thai screen the cells
and the legend under the game say them in Thai, each mark keeps its symbol first, and a
marked cell keeps its Momon's name whole, giving the mark's word up for its symbol."""

from __future__ import annotations

import re
import typing

import pytest
from helpers import arena, game, mk, summon
from locale_env import thai_environment
from screen_driver import POSITIONS, Terminal, cell_lines
from test_marks import POSITION

from momon_cli.language import using
from momon_cli.session.marks import Change, changes
from momon_cli.tui.arena_view import arena_lines
from momon_cli.tui.frame import legend
from momon_cli.tui.marks import LABEL, label, labels
from momon_cli.widths import columns

ENGLISH = tuple(LABEL.values())
LATIN = re.compile(r"[A-Za-z]")
THAI = re.compile(r"[\u0e00-\u0e7f]")


def test_every_mark_is_thai_on_a_thai_screen_with_its_symbol_first_and_no_wider_than_english():
    assert set(LABEL) == set(typing.get_args(Change))
    with using("th"):
        thai = labels()
    for change, english in LABEL.items():
        assert thai[change][0] == english[0], (change, thai[change])  # the symbol every language shares
        assert THAI.search(thai[change]) and not LATIN.search(thai[change]), thai[change]
        assert columns(thai[change]) <= columns(english) <= 7, thai[change]  # drawn columns, not characters


def test_the_legend_says_the_thai_marks_in_thai():
    with using("th"):
        said = " ".join(legend())
        thai = labels()
    assert all(mark in said for mark in thai.values()) and not any(mark in said for mark in ENGLISH), said
    english = " ".join(legend())
    assert all(mark in english for mark in ENGLISH)


def _marked(name: str):
    """Bea's Pup (named ``name``) on C3 Snatched by Ann's Kiln Drake Summoned to C2, drawn
    from Bea's seat at 80 columns: each cell's two lines by Space."""
    g = game([mk("Kiln Drake", "Fire", 7, ["N"]), mk("Pup")], [mk("Ember", "Fire", 2, ["S"]), mk("Moss")],
             [arena(2, mk(name, "Fire", 2, ["S"]), "C3")])
    summon(g, "Kiln Drake", "C2")
    seen = g.observe(2)
    return [line.plain for line in arena_lines(seen, 2, 80, "Bea", changes(seen.story))]


@pytest.mark.parametrize("language", ["en", "th"])
@pytest.mark.parametrize("name", ["Cinder Pup", "Pup", "ผีเสื้อไฟน้ำตก", "ผีเสื้อ"])
def test_a_marked_cell_keeps_the_name_whole_and_gives_the_word_up_for_its_symbol(language, name):
    with using(language):
        lines = _marked(name)
        mark = label("snatched")
    row = next(i for i, line in enumerate(lines) if name in line)  # the name is drawn whole
    cell = lines[row] + lines[row + 1]
    assert mark in cell or (mark[0] in cell and mark not in cell), cell  # its word where it fits, else its symbol
    if columns(name) <= 5:  # a short name leaves the word its room
        assert mark in cell, cell


def test_a_thai_screen_marks_the_other_sides_summon_and_snatch_in_thai_with_a_thai_legend(tmp_path):
    position = tmp_path / "marks.toml"
    position.write_text(POSITION)
    term = Terminal(["play", "--position", str(position), "--cards", str(POSITIONS / "cards.toml"), "--p1", "Ann",
                     "--p2", "Bea", "--seed", "7", "--log", str(tmp_path / "game.jsonl")], 80, 44, thai_environment())
    with using("th"):
        thai = labels()
        opening = legend()[2].split(":")[0]  # the legend's line of the marks starts with these words
    try:
        term.wait_for("⏎", 30)
        term.answer("")  # the hand-off to Ann
        term.answer("Clod B1")  # Ann's Clod Snatches Bea's Breeze on B2
        term.answer("")  # to Bea: Ann's Summon and Snatch are news to her
        shown = {space: " ".join(rows) for space, rows in cell_lines(term, 2).items()}
        assert thai["new"] in shown["B1"] and thai["snatched"][0] in shown["B2"], term.text
        assert opening in term.text and THAI.search(opening), term.text  # the legend, in Thai
        line = next(line for line in term.lines if opening in line)
        assert all(mark in term.text for mark in thai.values()), term.text
        assert not any(mark in term.text for mark in ENGLISH), term.text
        assert THAI.search(line.split(":", 1)[1]), line
    finally:
        term.close()
