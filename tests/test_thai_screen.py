"""A Thai game at 80×24 in a pseudo-terminal: Thai player names and card names (tone marks,
upper vowels, SARA AM) keep every line of the Arena grid the same drawn width, no line wraps,
and a cut name keeps whole graphemes."""

from __future__ import annotations

import re
import time

from locale_env import thai_environment
from screen_driver import POSITIONS, Terminal
from test_widths import THAI_24

from momon_cli.widths import graphemes

BORDERS = "┌┬┐├┼┤└┴┘│"
THAI = re.compile(r"[\u0e00-\u0e7f]")
#: A Thai mark drawn twice on its letter: prompt_toolkit doubles a zero-width mark that ends a line.
DOUBLED = re.compile(r"([\u0e31\u0e34-\u0e3a\u0e47-\u0e4e])\1")
#: Card names with marks above and below the line and SARA AM, one of them wider than a cell.
CARD_NAMES = ("น้ำตกสีเงิน", "กำแพงหินผา", "ผีเสื้อไฟ", "เต่าทองคำ", "นกกระเรียนลำน้ำ", "ช้างศึกกำลังพลผู้ยิ่งใหญ่แห่งทุ่ง",
              "ปลาทูน้ำลึก", "หมีขั้วโลกผู้กล้า")
P2 = "กำลังใจ"


def thai_cards(tmp_path):
    """The test positions' card set with every card given a Thai name (its number kept, so each is its own)."""
    numbers = iter(range(1000))
    text = re.sub(r'^name = ".*"$', lambda m: f'name = "{CARD_NAMES[(n := next(numbers)) % len(CARD_NAMES)]}{n}"',
                  (POSITIONS / "cards.toml").read_text(encoding="utf-8"), flags=re.M)
    path = tmp_path / "thai-cards.toml"
    path.write_text(text, encoding="utf-8")
    return path, re.findall(r'^name = "(.*)"$', text, flags=re.M)


def grid(term: Terminal) -> list[list[int]]:
    """The columns of the Arena's border characters on each of its lines, top to bottom, read
    from the terminal's cells (not from the characters: a Thai mark takes no cell)."""
    rows = []
    for y in range(term.screen.lines):
        line = term.screen.buffer[y]
        rows.append([x for x in range(term.screen.columns) if line[x].data in BORDERS])
    top = next(y for y in range(term.screen.lines) if term.screen.buffer[y][2].data == "┌")
    bottom = next(y for y in range(top, term.screen.lines) if term.screen.buffer[y][2].data == "└")
    return rows[top:bottom + 1]


def cell_texts(term: Terminal) -> list[str]:
    """The first line of every occupied or empty cell, as the terminal holds it."""
    top = next(y for y in range(term.screen.lines) if term.screen.buffer[y][2].data == "┌")
    bars = grid(term)[0]
    texts = []
    for r in range(4):
        line = term.screen.buffer[top + 1 + 3 * r]
        for a, b in zip(bars, bars[1:], strict=False):
            texts.append("".join(line[x].data for x in range(a + 1, b)).strip())
    return texts


def test_a_thai_game_keeps_the_arena_grid_straight_and_never_wraps(tmp_path):
    cards, names = thai_cards(tmp_path)
    term = Terminal(["play", "--position", str(POSITIONS / "17-8-full-arena.toml"), "--cards", str(cards),
                     "--p1", THAI_24, "--p2", P2, "--seed", "7", "--log", str(tmp_path / "game.jsonl")],
                    80, 24, thai_environment())
    try:
        term.wait_for("┌", 30)  # the hand-off screen to the Active Player, Arena and all
        term.child.send("\r")
        term.wait_for("›", 30)
        lines = grid(term)
        assert len(lines) == 13, term.text  # four rows of two lines and five borders: nothing wrapped into it
        # every line's borders in the same columns; the bottom one carries the seat's name over its middle
        assert all(row == lines[0] for row in lines[:-1]), "\n".join(map(str, lines))
        assert (lines[-1][0], lines[-1][-1]) == (lines[0][0], lines[0][-1]), "\n".join(map(str, lines))
        assert lines[0][-1] < 80
        for text in cell_texts(term):
            if re.fullmatch(r"[A-D][1-4]", text):
                continue  # an empty Space
            name = next(n for n in names if n.startswith(text.split(" ")[0].removesuffix("…")))
            shown = text.split(" ")[0].removesuffix("…")
            assert graphemes(name)[:len(graphemes(shown))] == graphemes(shown), (text, name)
        assert THAI_24 in term.text  # the 24-column name whole, in the log of the game's start
        assert not term.lines[0].rstrip().endswith("…"), term.lines[0]  # the status line whole: P1 and P2 for names
        assert term.lines[0].startswith("เทิร์น 2"), term.lines[0]  # a Thai screen: the status line,
        hint = next(line for line in reversed(term.lines) if line.strip() and "›" not in line)
        assert THAI.search(hint), term.text  # and what the prompt accepts
        term.child.send("queue\r")  # a Thai line that ends in a tone mark: "... ว่างอยู่"
        term.wait_for("Trigger Queue", 30)
        assert not DOUBLED.search(term.text), term.text
        term.child.send("\r")  # back to the decision
        term.wait_for("›", 30)
        term.child.send("1 D4\r")  # the sixteenth Momon: the Arena is full and the game ends
        end = time.monotonic() + 60
        while term.child.isalive() and time.monotonic() < end:  # the end screen is printed after the full screen
            term.pump(0.2)
        term.pump(0.2)
        assert THAI_24 in term.text
        assert term.screen.wraps == 0, term.text
    finally:
        term.close()
