"""The command line in Thai: every command's help, Typer's own words in it, and a usage
error, read in a child process whose locale is Thai (or chosen with --lang)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from locale_env import thai_environment

from momon_cli.widths import columns

COMMANDS = ["", "play", "puzzles", "puzzle", "learn", "serve", "replay", "verify", "games", "export", "analyse",
            "cards", "decks", "elements", "howto", "rules", "simulate", "bench", "tournament", "deck", "deck check",
            "club", "club ratings", "club prune"]
THAI = re.compile(r"[\u0e00-\u0e7f]")
#: Words that make a run of English words a sentence, not a list of names or a command line.
FUNCTION_WORDS = {"a", "an", "the", "of", "to", "in", "is", "and", "or", "with", "for", "from", "its", "this",
                  "that", "on", "at", "by", "not", "as", "be", "if", "one", "each", "every", "your"}
#: Every command's --help, in one process: the language is chosen once, as the script starts.
PROBE = """
import contextlib, io, json, sys
commands, sys.argv = sys.argv[1:], ["momon", *(["--lang", LANG] if LANG else [])]  # read as the package loads
from momon_cli.cli import app as cli
helps = {}
for command in commands:
    out = io.StringIO()
    sys.argv = ["momon", *(["--lang", LANG] if LANG else []), *command.split(), "--help"]
    with contextlib.redirect_stdout(out):
        try:
            cli.run()
        except SystemExit:
            pass
    helps[command] = out.getvalue()
print(json.dumps(helps))
"""


def english_environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    return {**env, "LANG": "C.UTF-8"}


def helps(env: dict[str, str], lang: str | None = None) -> dict[str, str]:
    """Each command's --help at 80 columns, ``--lang lang`` given first if ``lang``."""
    probe = PROBE.replace("LANG", repr(lang))
    out = subprocess.run([sys.executable, "-c", probe, *COMMANDS], capture_output=True, text=True, check=True,
                         env={**env, "COLUMNS": "80"})
    return json.loads(out.stdout)


def sentences(text: str) -> list[str]:
    """The runs of three or more English words in ``text`` that hold a function word: its prose,
    not its names, options or example command lines."""
    found = []
    for run in re.findall(r"[A-Za-z']+(?: [A-Za-z']+){2,}", " ".join(text.split())):
        words = run.split()
        if words[0] != "momon" and FUNCTION_WORDS & {w.lower() for w in words}:
            found.append(run)
    return found


@pytest.fixture(scope="module")
def english():
    return helps(english_environment())


@pytest.fixture(scope="module")
def thai():
    return helps(thai_environment())


def test_every_help_is_thai_with_no_english_sentence_left(english, thai):
    for command in COMMANDS:
        said = " ".join(thai[command].split())
        assert THAI.search(thai[command]), command
        assert not THAI.search(english[command]), command
        left = [s for s in sentences(english[command]) if s in said]
        assert not left, (command, left)


def test_typers_own_words_are_thai(english, thai):
    for command in COMMANDS:
        assert english[command].startswith("Usage: momon") and "\nOptions:\n" in english[command]
        assert thai[command].startswith("วิธีใช้: momon"), command
        assert "\nตัวเลือก:\n" in thai[command] and "Options:" not in thai[command], command
        assert "Show this message and exit." not in thai[command] and "แสดงข้อความนี้แล้วออก" in thai[command]
    assert "\nคำสั่ง:\n" in thai[""] and "Install completion" not in thai[""]
    assert "\nอาร์กิวเมนต์:\n" in thai["replay"] and "[ต้องระบุ]" in thai["replay"]
    assert "[ค่าเริ่มต้น: terse]" in thai["play"] and "[ตัวแปรสภาพแวดล้อม: MOMON_PLAIN]" in thai["play"]


def test_thai_help_fits_80_columns_and_lists_each_command_whole(thai):
    for command in COMMANDS:
        wide = [line for line in thai[command].splitlines() if columns(line) > 80]
        assert not wide, (command, wide)
    listed = thai[""].partition("\nคำสั่ง:\n")[2].splitlines()
    assert listed and not [line for line in listed if line.endswith("...")], listed  # no short help cut off


def test_lang_chooses_the_language_over_the_locale(english):
    assert helps(english_environment(), "th") == helps(thai_environment())
    assert helps(thai_environment(), "en") == english


def test_english_help_is_typers_own(english):
    """English is Typer's own output: the formatter of click_words is not used for it."""
    assert "  --help                    Show this message and exit.\n" in english["play"]
    assert english[""].count("\nCommands:\n") == 1 and "Install completion for the current shell." in english[""]


@pytest.mark.parametrize("args, thai_words", [
    (["play", "--nope"], "ไม่มีตัวเลือก --nope"),
    (["replay"], "ไม่ได้ระบุอาร์กิวเมนต์ 'record'"),
    (["play", "--first", "5"], "ค่าของ '--first' ไม่ถูกต้อง: 5 อยู่นอกช่วง 1<=x<=2"),
    (["play", "--narration", "x"], "ค่าของ --narration ไม่ถูกต้อง: เลือก terse หรือ full"),
    (["plai"], "ไม่มีคำสั่ง 'plai' หมายถึง 'play', 'replay' หรือเปล่า"),
])
def test_a_usage_error_is_one_thai_line(args, thai_words):
    done = subprocess.run([sys.executable, "-m", "momon_cli", *args], capture_output=True, text=True,
                          env=thai_environment(), stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and thai_words in lines[0], done.stderr
    command = "momon" if args == ["plai"] else f"momon {args[0]}"
    assert lines[0].startswith(f"{command}: ") and lines[0].endswith(f" ดูวิธีใช้: {command} --help")
    assert not sentences(lines[0]), lines[0]


def test_a_usage_error_in_english_is_as_it_was():
    done = subprocess.run([sys.executable, "-m", "momon_cli", "play", "--nope"], capture_output=True, text=True,
                          env=english_environment())
    assert done.stderr == ("momon play: No such option: --nope (Possible options: --force, --p1, --p2). "
                           "See: momon play --help\n")


def test_lang_after_the_command_is_taken_as_before_it():
    """``momon play --lang th`` was refused ("no such option --lang"); it is the same line as
    ``momon --lang th play``."""
    from momon_cli.cli.app import lang_first

    assert lang_first(["play", "--p1", "Ann", "--lang", "th"]) == ["--lang", "th", "play", "--p1", "Ann"]
    assert lang_first(["rules", "--lang=th", "incite"]) == ["--lang=th", "rules", "incite"]
    assert lang_first(["play", "--lang"]) == ["--lang", "play"]
    after = subprocess.run([sys.executable, "-m", "momon_cli", "rules", "incite", "--lang", "th"],
                           capture_output=True, text=True, env=english_environment(), stdin=subprocess.DEVNULL)
    before = subprocess.run([sys.executable, "-m", "momon_cli", "--lang", "th", "rules", "incite"],
                            capture_output=True, text=True, env=english_environment(), stdin=subprocess.DEVNULL)
    assert after.returncode == before.returncode == 0 and after.stdout == before.stdout and "ความสามารถ" in after.stdout
