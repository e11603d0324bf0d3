"""The REPL speaks Thai: a short game played at the full screen (80×24) in Thai and in English
with the same keys, its help, a refused line, the Trigger Queue, a concession asked and
declined and the turn's prompt compared; and no sentence of the REPL's own is left in English."""

from __future__ import annotations

import re

import catalog
import pytest
from repl_driver import play, whole_game_lines
from short_game import setup

from momon_cli import language
from momon_cli.engine import Game
from momon_cli.tui.screen import Screen
from momon_cli.widths import columns

THAI = re.compile(r"[\u0e00-\u0e7f]")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
#: The REPL's own files (the catalog names each message's file).
OWN = tuple(f"momon_cli/tui/{name}.py" for name in (
    "hot_seat", "seat_screen", "plain_seat", "commands",
    "completion", "screen", "frame", "viewer", "preview", "script", "marks", "elements_chart",
    "puzzle", "lesson")) + tuple(f"momon_cli/session/{name}.py" for name in (
    "session", "commands", "bot_turn", "goal", "marks"))


def short_game() -> Game:
    return Game(setup())


def typed() -> str:
    """The whole short game, with at the first Summon: help, a misspelt command, a line too
    long to read, the queue, and a concession declined."""
    lines = whole_game_lines(short_game, handoffs=True)
    assert lines[0] == ""  # the hand-off to Ann comes first
    asked = ["help", "hlep", "x" * 4097, "queue", "concede", "n"]
    return "\n".join([lines[0], *asked, *lines[1:]]) + "\n"


def played(language_code: str, tmp_path, monkeypatch) -> tuple[list[str], list[tuple[str, str]], object]:
    """The frames (with their message line) and every prompt read, with the window's title then."""
    prompts: list[tuple[str, str]] = []
    read = Screen.read

    def kept(self, prompt, completer=None, history=None):
        prompts.append((prompt, self.title))
        return read(self, prompt, completer, history)

    monkeypatch.setattr(Screen, "read", kept)
    with language.using(language_code):
        run = play(short_game(), typed(), tmp_path / language_code, width=80, height=24)
    monkeypatch.undo()
    assert run.code == 0 and "Traceback" not in run.text
    return run.frames, prompts, run


@pytest.fixture(scope="module")
def own_english():
    """The English of every message of the REPL's own files, as the words around placeholders."""
    words = []
    for m in catalog.read("th"):
        if m.id and any(place in OWN for place, _line in m.locations):
            for text in [m.id] if isinstance(m.id, str) else m.id:
                words += [part.strip() for part in PLACEHOLDER.split(text) if len(part.strip()) >= 12]
    return words


def _frame(frames: list[str], start: str) -> str:
    return next(f for f in frames if start in f)


def test_the_repl_speaks_thai_where_english_is_spoken_the_same_game(tmp_path, monkeypatch, own_english):
    (tmp_path / "en").mkdir()
    (tmp_path / "th").mkdir()
    en_frames, en_prompts, en_run = played("en", tmp_path, monkeypatch)
    th_frames, th_prompts, th_run = played("th", tmp_path, monkeypatch)
    assert th_run.hot_seat.game.result == en_run.hot_seat.game.result  # the same game, whatever the language
    assert len(th_prompts) == len(en_prompts)

    # help: its first page, then the note that more lines follow
    en_help = _frame(en_frames, "Answer the prompt, or type a command:")
    th_help = _frame(th_frames, "ตอบคำถามที่พรอมต์ หรือพิมพ์คำสั่ง:")
    assert "help" in th_help and "hint" in th_help and "inspect" in th_help  # the commands stay as typed
    assert "this text" in en_help and "this text" not in th_help and "ข้อความนี้" in th_help
    assert "more lines: Enter shows them" in en_help and "กด Enter เพื่อดู" in th_help

    # a misspelt command, then a line too long: refused in Thai
    en_bad = _frame(en_frames, "(did you mean 'help'?)").splitlines()[-1]
    th_bad = _frame(th_frames, "(หมายถึง 'help' หรือไม่?)").splitlines()[-1]
    assert THAI.search(th_bad) and th_bad != en_bad
    assert "that line is longer than 4096 characters" in en_frames[en_frames.index(
        _frame(en_frames, "(did you mean 'help'?)")) + 1]
    assert any(f.endswith("บรรทัดนั้นยาวเกิน 4096 ตัวอักษร") for f in th_frames)

    # the queue, empty at a Summon
    assert any("The Trigger Queue is empty." in f for f in en_frames)
    assert any("Trigger Queue ว่างอยู่" in f for f in th_frames) and not any("The Trigger Queue is empty." in f for f in th_frames)

    # a concession asked, then declined
    assert ("Ann, concede the game? (y/n) ", "momon — Ann decides") in en_prompts
    assert ("Ann จะยอมแพ้เกมนี้หรือไม่? (y/n หรือ ใช่/ไม่) ", "momon — Ann ตัดสินใจ") in th_prompts
    assert any(f.endswith("Ann ไม่ยอมแพ้ เกมดำเนินต่อ") for f in th_frames)

    # the turn's prompt: the hand-off before it, then the prompt under the decider's title
    assert ("⏎ ", "momon — ส่งต่อให้ Ann") in th_prompts and ("⏎ ", "momon — pass to Ann") in en_prompts
    assert any("ส่งต่อให้ Bea — กด Enter" in f for f in th_frames)
    turns = [title for prompt, title in th_prompts if prompt == "Ann › "]
    assert turns and all(title == "momon — Ann ตัดสินใจ" for title in turns)

    # no sentence of the REPL's own is left on its screen in English (the end screen printed
    # after it is render.py's), and every line fits the 80 columns
    th_text = "\n".join(th_frames)
    left = sorted({words for words in own_english if words in th_text})
    assert not left, left
    drawn = [f.split("\n")[:-1] for f in th_frames]  # the message line after each frame wraps on the screen
    wide = [line for lines in drawn for line in lines if columns(line) > 80]
    assert not wide, wide[:5]


def test_help_in_thai_fits_80_columns_at_every_kind_of_prompt():
    from momon_cli.engine import Kind
    from momon_cli.tui.commands import help_text

    with language.using("th"):
        for kind in Kind:
            said = help_text(kind)
            assert THAI.search(said)
            assert all(columns(line) <= 80 for line in said.splitlines()), kind
