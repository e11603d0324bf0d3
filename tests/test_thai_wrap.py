"""Thai broken like Thai: a line breaks between two words (PyThaiNLP's newmm finds them), never
inside one nor where the script cannot break, and a letter keeps its marks at the screen's
last column; English wraps as it did."""

from __future__ import annotations

import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pexpect
import pyte
import pytest
from locale_env import thai_environment
from rich.console import Console
from rich.text import Text
from screen_driver import POSITIONS, AltScreen, Terminal

from momon_cli import widths
from momon_cli.cli.base import _load
from momon_cli.data.cardtext import rules_text
from momon_cli.language import using
from momon_cli.tui import render
from momon_cli.tui.frame import lines_of

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from thai_breaks import NO_END, NO_START, THAI, count  # noqa: E402

os.environ.setdefault("PYTHAINLP_READ_ONLY", "1")
from pythainlp.tokenize.newmm import segment  # noqa: E402


def word_ends(text: str) -> set[int]:
    """The places in ``text`` where a line may break: its spaces' edges and, inside a run of
    Thai letters, between two of newmm's words."""
    places = {0, len(text)}
    at = 0
    for word in segment(text):
        at += len(word)
        places.add(at)
    return places


def broken_words(lines: list[str]) -> list[str]:
    """Each break between two lines (joined as they were) that parts two Thai letters inside
    a word, or where Thai never breaks."""
    bad = []
    for before, after in zip(lines, lines[1:], strict=False):
        before, after = before.rstrip(), after.lstrip()
        if not before or not after or before[-1] not in THAI or after[0] not in THAI:
            continue
        left, right = before.split(" ")[-1], after.split(" ")[0]
        if len(left) not in word_ends(left + right) or before[-1] in NO_END or after[0] in NO_START \
                or unicodedata.category(after[0])[0] == "M":
            bad.append(f"{left}|{right}")
    return bad


def thai_card_texts() -> list[str]:
    with using("th"):
        _, pool = _load([])
        return [rules_text(c) for c in pool.values() if c.abilities]


@pytest.mark.parametrize("width", [14, 20, 27, 40, 61, 76])
def test_thai_card_text_breaks_only_between_words(width):
    for text in thai_card_texts():
        lines = [line.plain for line in render.wrap(Text(text), width)]
        assert all(Text(line).cell_len <= width for line in lines), lines
        assert "".join(lines).replace(" ", "") == text.replace(" ", ""), lines  # nothing lost, nothing added
        assert broken_words(lines) == [], (text, lines)


def test_a_thai_word_wider_than_the_line_is_cut_between_graphemes_only():
    word = "ฝ่ายตรงข้ามทุกตัวที่อยู่ติดกับการ์ดนี้"  # one run of letters, 31 columns
    lines = [line.plain for line in widths.wrapped(Text(word), 5)]
    assert "".join(lines) == word
    assert all(unicodedata.category(line[0])[0] != "M" and line[0] not in NO_START for line in lines), lines


@pytest.mark.parametrize("text", [
    "On Summon: give every opposing Momon adjacent to this card Power -1 until the end of the turn.",
    "Ann (P1) decides: order the Attempts — 1. N ↑ Ember Lynx on B3 (Power 4 vs 3, Fire vs Earth): now succeeds",
    "x" * 100 + " word " + "y" * 30, " leading  spaces and  doubled  ones\nand a second line that is long enough to wrap",
])
def test_english_wraps_exactly_as_rich_with_graphemes_cut_as_before(text):
    for width in (10, 33, 80):
        old = Text(text).wrap(Console(width=200, color_system=None), width) if all(
            len(w) <= width for w in text.split()) else None
        new = render.wrap(Text(text), width)
        if old is not None:
            assert [line.plain for line in new] == [line.plain for line in old]
        assert all(line.cell_len <= width for line in new)


def test_the_segmenter_is_loaded_only_when_thai_must_break():
    probe = """
import sys
from rich.text import Text
from momon_cli.tui import render
render.wrap(Text("English wraps with no Thai segmenter at all, however long the line may be " * 3), 40)
render.wrap(Text("สั้น ๆ พอดีบรรทัด"), 40)
before = "pythainlp" in sys.modules
render.wrap(Text("ให้ Momon ฝ่ายตรงข้ามทุกตัวที่อยู่ติดกับการ์ดนี้ ได้รับ Power -1 จนจบเทิร์น"), 20)
print(before, "pythainlp" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["False", "True"], out


def test_a_thai_card_panel_breaks_no_word():
    with using("th"):
        _, pool = _load([])
        for card in pool.values():
            for width in (30, 44):
                lines = [line.plain.strip("│ ") for line in lines_of(render.card_panel(card), width)]
                assert broken_words(lines) == [], (card.name, lines)


def test_momon_cards_in_thai_at_80_columns_breaks_no_word():
    env = {**thai_environment(), "COLUMNS": "80", "LINES": "50", "PYTHAINLP_READ_ONLY": "1"}
    table = subprocess.run([sys.executable, "-m", "momon_cli", "--lang", "th", "cards"], capture_output=True, text=True,
                           env=env, cwd=ROOT, check=True).stdout
    assert "\x1b" not in table
    inside, in_word, never, examples = count(table)
    assert inside > 0  # the ability column is narrow: Thai lines do break
    assert (in_word, never) == (0, 0), examples


class Script(Terminal):
    """A Python snippet in a pseudo-terminal, read through the same emulator as `momon play`."""

    def __init__(self, code: str, columns: int = 80, rows: int = 24) -> None:
        self.screen = AltScreen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
        env["TERM"] = "xterm-256color"
        self.child = pexpect.spawn(sys.executable, ["-c", code], dimensions=(rows, columns), env=env, cwd=str(ROOT))


MARKED = "ที่"  # a letter with an upper vowel and a tone mark, one column


def test_a_thai_letter_in_the_last_column_keeps_its_marks_at_80x24():
    code = f"""
from rich.text import Text
from momon_cli.tui.screen import Screen
screen = Screen()
screen.frame = lambda width, height, below: [Text("x" * (width - 1) + {MARKED!r}), Text("ก" * (width - 3) + "ผู้น้ำ"),
                                             Text("end of frame")]
screen.read("› ")
screen.leave()
"""
    term = Script(code)
    try:
        term.wait_for("end of frame")
        first, second = term.screen.buffer[0], term.screen.buffer[1]
        assert first[79].data == MARKED, repr(first[79].data)
        assert [second[x].data for x in (77, 78, 79)] == ["ผู้", "น้", "ำ"], [second[x].data for x in (77, 78, 79)]
        assert term.screen.wraps == 0
    finally:
        term.close()


def test_a_thai_card_panel_on_a_thai_game_screen_breaks_no_word_at_80x24(tmp_path):
    term = Terminal(["play", "--position", str(POSITIONS / "17-8-full-arena.toml"), "--cards", str(POSITIONS / "cards.toml"),
                     "--p1", "Ann", "--p2", "Bea", "--seed", "7", "--log", str(tmp_path / "game.jsonl")],
                    80, 24, thai_environment(PYTHAINLP_READ_ONLY="1"))
    try:
        term.wait_for("┌", 30)
        term.child.send("\r")
        term.wait_for("›", 30)
        shown = 0
        for what in ("1", "A1", "B1"):  # the Hand's card, the Heirloom (an ability), a Boulder
            term.child.send(f"inspect {what}\r")
            term.wait_for("╭", 30)
            lines = [line.strip().strip("│").strip() for line in term.lines if line.strip().startswith("│")]
            shown += sum(any(ch in THAI for ch in line) for line in lines)
            assert broken_words(lines) == [], term.text
            term.child.send("\r")
            term.wait_for("›", 30)
        assert shown, term.text
    finally:
        term.close()


def test_a_thai_message_under_the_prompt_breaks_no_word():
    message = Text("ไม่มีอะไรให้ดูที่ '2': ให้ระบุช่องที่มี Momon อยู่ (เช่น B2) หมายเลขใน Hand หรือ id หรือชื่อของการ์ดที่คุณมองเห็น")
    for width in (18, 25, 33):
        lines = [line.plain for line in lines_of(message, width)]
        assert broken_words(lines) == [], lines
