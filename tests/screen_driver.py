"""`momon play` in a pseudo-terminal, read through a terminal emulator (pexpect + pyte).

``Terminal`` spawns the real command with a terminal size, types into it and keeps the
emulated screen and its scrollback. pyte has no alternate screen, so ``AltScreen`` adds one
the way xterm and tmux do it: what is drawn there never reaches the scrollback and is gone
when the program leaves it.
"""

from __future__ import annotations

import copy
import os
import sys
import time
import unicodedata
from pathlib import Path

import pexpect
import pyte
from wcwidth import wcwidth

from momon_cli.engine import Game

ALT = 1049
TITLE = b"\x1b]2;momon"  # each prompt sets the window title: a new prompt has started
POSITIONS = Path(__file__).parent / "positions"


class AltScreen(pyte.HistoryScreen):
    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines, history=5000)
        self.saved = None
        self.wraps = 0  # lines the terminal wrapped because the program wrote past the last column
        self._drawing = False

    def draw(self, data: str) -> None:
        """pyte 0.8.2 stops drawing at a zero-width mark whose combining class is 0 (Thai
        vowels and marks above the letter: U+0E31, U+0E34-0E37, U+0E47, U+0E4C-0E4E), which a
        terminal draws on the letter before; such a mark is put on that letter's cell here."""
        start = 0
        for i, char in enumerate(data):
            if char > "\u02ff" and unicodedata.category(char) == "Mn" and not unicodedata.combining(char) \
                    and wcwidth(char) == 0:
                if start < i:
                    self._draw(data[start:i])
                start = i + 1
                if self.cursor.x:
                    cell = self.buffer[self.cursor.y][self.cursor.x - 1]
                    self.buffer[self.cursor.y][self.cursor.x - 1] = cell._replace(data=cell.data + char)
        if start < len(data):
            self._draw(data[start:])

    def _draw(self, data: str) -> None:
        self._drawing = True
        try:
            super().draw(data)
        finally:
            self._drawing = False

    def linefeed(self) -> None:
        self.wraps += self._drawing  # inside draw, a line feed is the terminal wrapping a line
        super().linefeed()

    def set_mode(self, *modes, **kwargs) -> None:
        if kwargs.get("private") and ALT in modes and self.saved is None:
            self.saved = (copy.deepcopy(self.buffer), copy.copy(self.cursor), self.history)
            self.history = self.history._replace(top=type(self.history.top)(maxlen=0))  # no scrollback
            self.erase_in_display(2)
        super().set_mode(*modes, **kwargs)

    def reset_mode(self, *modes, **kwargs) -> None:
        if kwargs.get("private") and ALT in modes and self.saved is not None:
            buffer, cursor, history = self.saved
            self.saved = None
            self.erase_in_display(2)
            self.buffer.update(buffer)
            self.cursor, self.history = cursor, history
            self.dirty.update(range(self.lines))
        super().reset_mode(*modes, **kwargs)


class Terminal:
    def __init__(self, args: list[str], columns: int = 80, rows: int = 24, environ: dict[str, str] | None = None,
                 program: tuple[str, ...] = ("-m", "momon_cli")) -> None:
        """``momon ARGS`` at a terminal of that size; ``program``: what Python runs in momon's place
        (``-c`` and a probe that runs momon)."""
        self.screen = AltScreen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()  # every byte the program wrote, for escape sequences pyte does not keep
        given = os.environ if environ is None else environ
        env = {k: v for k, v in given.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
        env["TERM"] = "xterm-256color"
        self.child = pexpect.spawn(sys.executable, [*program, *args], dimensions=(rows, columns), env=env,
                                   cwd=str(Path(__file__).parent.parent))

    def pump(self, wait: float = 0.05) -> None:
        while True:
            try:
                data = self.child.read_nonblocking(65536, timeout=wait)
            except (pexpect.TIMEOUT, pexpect.EOF):
                return
            self.raw += data
            self.stream.feed(data)

    @property
    def lines(self) -> list[str]:
        return list(self.screen.display)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def words(self) -> str:
        """The screen's text with the Arena cut out and lines joined: a wrapped phrase reads whole."""
        lines = self.lines
        right = max((line.rfind("┐") for line in lines), default=-1)
        parts = [line[right + 1:] if right >= 0 and len(line) > right and line[right] in "┐┤┘│" else line
                 for line in lines]
        return " ".join(" ".join(parts).split())

    @property
    def scrollback(self) -> str:
        return "\n".join("".join(ch.data for ch in line.values()) for line in self.screen.history.top)

    def wait_for(self, needle: str, timeout: float = 15) -> None:
        end = time.monotonic() + timeout
        while needle not in self.text:
            if time.monotonic() > end:
                raise AssertionError(f"{needle!r} never appeared; the screen:\n{self.text}")
            self.pump()
        self.pump(0.1)  # let the redraw finish

    def answer(self, line: str, timeout: float = 15) -> None:
        """Type a line and wait for the next screen: the next prompt drawn whole (a line read
        starts a new prompt, whatever it did), or the end of the game."""
        self.pump(0)
        prompts = self.prompts
        self.child.send(line + "\r")
        end = time.monotonic() + timeout
        while True:
            self.pump()
            title = self.raw.rfind(TITLE)
            drawn = any(mark.encode() in self.raw[title:] for mark in "›⏎")  # the new prompt, not the old screen
            if (self.prompts > prompts and drawn or not self.child.isalive()) and self._prompt() is not None:
                return
            if time.monotonic() > end:
                raise AssertionError(f"no new prompt after {line!r}; the screen:\n{self.text}")

    @property
    def prompts(self) -> int:
        """How many prompts the game has started: each sets the window title (the hand-off's too)."""
        return self.raw.count(TITLE)

    def _prompt(self) -> str | None:
        """The screen's prompt mark ("›" at a decision, "⏎" at a hand-off), "end" once the game
        is over, None while the prompt is not drawn whole."""
        lines = [x.rstrip() for x in self.lines]
        if "Winner:" in self.text:
            return "end"
        last = max((i for i, x in enumerate(lines) if x), default=None)
        if last is None or not lines[last].endswith(("›", "⏎")):
            return None
        # a decision's prompt is drawn whole with its hint (or a message) above it
        return lines[last][-1] if lines[last][-1] == "⏎" or (last and lines[last - 1]) else None

    def type(self, line: str, then: str | None = None) -> None:
        self.child.send(line + "\r")
        if then is not None:
            self.wait_for(then)

    def resize(self, columns: int, rows: int) -> None:
        self.screen.resize(rows, columns)
        self.child.setwinsize(rows, columns)
        self.pump(0.3)

    def close(self) -> int | None:
        self.child.close(force=True)
        return self.child.exitstatus


def play(tmp_path, position: str, columns: int = 80, rows: int = 24, *extra: str) -> Terminal:
    return Terminal(["play", "--position", str(POSITIONS / f"{position}.toml"), "--cards", str(POSITIONS / "cards.toml"),
                     "--p1", "Ann", "--p2", "Bea", "--seed", "7", "--log", str(tmp_path / "game.jsonl"), *extra],
                    columns, rows)


def cell_lines(term: Terminal, depth: int = 1) -> dict[str, list[str]]:
    """Each Space's first ``depth`` cell lines, read off the emulated screen's cells by the
    Arena's border letters (the columns) and row numbers (the rows): by cell, not by
    character, as a Thai mark shares its letter's cell."""
    buffer, width = term.screen.buffer, term.screen.columns

    def between(y: int, a: int, b: int) -> str:
        return "".join(buffer[y][x].data for x in range(a, b))

    top = next(y for y in range(term.screen.lines) if between(y, 0, 3) == "  ┌")
    bars = [x for x in range(width) if buffer[top][x].data in "┌┬┐"]
    letters = [between(top, a + 1, b).strip("─ ") for a, b in zip(bars, bars[1:], strict=False)]
    found = {}
    for r in range(4):
        rows = range(top + 1 + 3 * r, top + 1 + 3 * r + depth)
        for (a, b), letter in zip(zip(bars, bars[1:], strict=False), letters, strict=True):
            found[f"{letter}{buffer[rows[0]][0].data}"] = [between(y, a + 1, b) for y in rows]
    return found


def cells(term: Terminal) -> dict[str, str]:
    """Each Space's first cell line, read off the emulated screen by the Arena's border letters."""
    return {space: rows[0].strip() for space, rows in cell_lines(term).items()}


def expected_cells(game: Game) -> dict[str, str]:
    """What each cell's first line starts with: the Momon's name, or the empty Space's name."""
    zones = game.state.zones
    return {f"{c}{r}": (zones.objects[zones.arena[f"{c}{r}"]].card.name if f"{c}{r}" in zones.arena else f"{c}{r}")
            for c in "ABCD" for r in (1, 2, 3, 4)}


def whole_arena_on_screen(term: Terminal, game: Game) -> None:
    seen, wanted = cells(term), expected_cells(game)
    assert set(seen) == set(wanted), term.text
    for space, name in wanted.items():
        assert seen[space].startswith(name[:10]), f"{space}: {seen[space]!r} is not {name!r}\n{term.text}"
