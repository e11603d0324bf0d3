"""Every option of a decision on an 80×24 screen: the longest list the built-in cards make
(Mirror Trickster's Swap, choosing 2 of the 15 other Momons on a full Arena) is drawn a page
at a time, its keys said under it, in English and in Thai."""

from __future__ import annotations

import re

import pytest
from helpers import from_position, summon
from locale_env import thai_environment
from screen_driver import POSITIONS, Terminal

from momon_cli.engine import Kind
from momon_cli.language import using
from momon_cli.tui.frame import View, compose

PGDN, PGUP = "\x1b[6~", "\x1b[5~"  # the keys as an xterm sends them


def _swap_targets():
    g = from_position("swap-fifteen-targets")
    summon(g, "Mirror Trickster", "D4")
    assert g.pending.kind is Kind.TARGETS and len(g.pending.options) == 15
    return g


def _options(lines: list[str]) -> list[int]:
    """The numbers of the target options drawn, in the order drawn (beside the Arena too)."""
    return [int(m[1]) for line in lines for m in re.finditer(r"(?:^|\s)(\d+)\. [A-D][1-4] ", line)]


@pytest.mark.parametrize("size", [(80, 24), (100, 24)])
def test_paging_through_a_long_decision_shows_every_option_once_and_keeps_its_first_line(size):
    g = _swap_targets()
    seen = g.observe(1)
    view = View(seat=1, decision=g.pending)
    pages = []
    while True:
        lines = [line.plain for line in compose(seen, view, *size)]
        assert len(lines) <= size[1] - 2 and all(len(line) <= size[0] for line in lines)
        pages.append(lines)
        if not view.turn_page(1):
            break
    assert len(pages) > 1  # the list does not fit: it is paged, not cut
    assert [n for page in pages for n in _options(page)] == list(range(1, 16))  # each once, in order
    assert all(any("decides:" in line for line in page) for page in pages)
    first, last = " ".join(pages[0]), " ".join(pages[-1])  # a narrow panel wraps the words under the page
    assert "PgDn" in first and "'>'" in first and "PgUp" not in first
    assert "PgUp" in last and "'<'" in last and "PgDn" not in last
    while view.turn_page(-1):
        pass
    assert [line.plain for line in compose(seen, view, *size)] == pages[0]


def test_a_decision_that_fits_is_drawn_whole_with_no_page_keys():
    g = _swap_targets()
    view = View(seat=1, decision=g.pending)
    lines = [line.plain for line in compose(g.observe(1), view, 120, 30)]
    assert _options(lines) == list(range(1, 16)) and not any("PgDn" in line for line in lines)
    assert not view.paged() and not view.turn_page(1) and not view.turn_page(-1)


def test_the_page_keys_are_said_in_thai():
    g = _swap_targets()
    with using("th"):
        lines = [line.plain for line in compose(g.observe(1), View(seat=1, decision=g.pending), 80, 24)]
    assert any("บรรทัด" in line and "PgDn" in line for line in lines), lines


@pytest.mark.parametrize("thai", [False, True], ids=["english", "thai"])
def test_at_80x24_the_last_swap_target_is_paged_to_and_chosen(thai, tmp_path):
    term = Terminal(["play", "--position", str(POSITIONS / "swap-fifteen-targets.toml"), "--p1", "Ann", "--p2", "Bea",
                     "--seed", "7", "--log", str(tmp_path / "game.jsonl")], 80, 24,
                    thai_environment() if thai else None)
    more, back, targets = ("อีก", "ก่อนหน้า", "เป้าหมาย: Storm Roc ที่ C4, Cinder Pup ที่ A1") if thai else \
        ("more lines", "before", "Targets: Storm Roc on C4, Cinder Pup on A1")
    try:
        term.wait_for("⏎", 30)
        term.answer("")  # the hand-off
        term.answer("summon trickster d4")
        assert " 1. A1 Cinder Pup" in term.text and "15. C4" not in term.text, term.text
        footer = next(line for line in term.lines if "PgDn" in line)
        assert more in footer and "'>'" in footer, term.text
        term.child.send(PGDN)  # the key turns the page with nothing typed
        term.wait_for(" 6. B2 Zephyr Kite")
        assert " 1. A1" not in term.text and ("ตัดสินใจ" if thai else "decides") in term.text, term.text
        assert back in next(line for line in term.lines if "PgUp" in line), term.text
        term.answer(">")  # and so does '>' typed as a line
        term.wait_for("15. C4 Storm Roc")
        assert "PgDn" not in term.text and "PgUp" in term.text, term.text
        term.child.send(PGUP)
        term.wait_for(" 6. B2 Zephyr Kite")
        term.answer(">")
        term.wait_for("15. C4 Storm Roc")
        term.answer("15 1")  # the last option, and one no longer on screen
        term.wait_for(targets)
    finally:
        term.close()
