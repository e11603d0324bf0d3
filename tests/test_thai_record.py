"""A game is recorded the same whatever the language it was played in: the same scripted
hot-seat game, played through the real command line in English, in a Thai locale and with
``--lang th``, leaves the same record byte for byte (but the date it began), and exports
to the same game file (MSN)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from locale_env import thai_environment

GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"
PLAY = ["play", "--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7",
        "--first", "1", "--script", str(GAME)]
THAI_LETTER = range(0x0E00, 0x0E80)


def _english() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    return {**env, "LANG": "C.UTF-8"}


#: How each run chooses its language: its environment and the options before the command.
LANGUAGES = {
    "en": (_english, []),
    "th-locale": (thai_environment, []),
    "th-flag": (_english, ["--lang", "th"]),
}


def _momon(how: str, *args: str) -> subprocess.CompletedProcess[str]:
    environment, options = LANGUAGES[how]
    env = {**environment(), "NO_COLOR": "1", "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "momon_cli", *options, *args], capture_output=True, text=True,
                          encoding="utf-8", env=env, check=False, timeout=120)


def _thai(text: str) -> bool:
    return any(ord(ch) in THAI_LETTER for ch in text)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """Each language's record of the game, played at one --log path (taken away after each game)."""
    folder = tmp_path_factory.mktemp("thai-record")
    log = folder / "game.jsonl"
    records = {}
    for how in LANGUAGES:
        run = _momon(how, *PLAY, "--log", str(log))
        assert run.returncode == 0, (how, run.stdout[-2000:], run.stderr[-2000:])
        assert _thai(run.stdout) == how.startswith("th"), how  # the language did reach the game's words
        records[how] = log.read_bytes()
        assert b'"type":"end"' in records[how], how  # the whole game was played
        kept = folder / f"{how}.jsonl"
        log.rename(kept)
    return records


def _without_date(record: bytes) -> tuple[dict[str, object], bytes]:
    """A record's header without its ``created`` date, and every line after the header, as bytes."""
    first, _, rest = record.partition(b"\n")
    head = json.loads(first)
    head.pop("created")
    return head, rest


def test_a_game_played_in_thai_is_recorded_byte_for_byte_as_in_english(played):
    """The header differs only in its date (``created``, when the game began): every other
    field, and every answer, digest and end line after it, is the same bytes."""
    english = played["en"]
    for how in ("th-locale", "th-flag"):
        assert _without_date(played[how]) == _without_date(english), how
        first, thai_first = english.partition(b"\n")[0], played[how].partition(b"\n")[0]
        date = json.loads(first)["created"].encode()
        thai_date = json.loads(thai_first)["created"].encode()
        assert thai_first.replace(thai_date, date, 1) == first, how  # the same bytes, the date apart
        assert not _thai(played[how].decode("utf-8")), how  # not a word of Thai in it


def test_the_game_file_is_the_same_whatever_the_language(played, tmp_path):
    """``export --format msn``: the same record exports to the same bytes in English and in
    Thai, and each language's record to the same game file but for its Date tag."""
    exported = {}
    for how, record in played.items():
        path = tmp_path / f"{how}.jsonl"
        path.write_bytes(record)
        for language in LANGUAGES:
            run = _momon(language, "export", str(path), "--format", "msn")
            assert run.returncode == 0, (how, language, run.stderr)
            exported[how, language] = run.stdout
    english = exported["en", "en"]
    assert english.startswith('[MSN "1"]\n') and english.rstrip().endswith("1-0")
    for how in LANGUAGES:
        by_language = {exported[how, language] for language in LANGUAGES}
        assert len(by_language) == 1, f"the record played as {how} exports differently by language"

    def undated(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("[Date ")]

    for how in ("th-locale", "th-flag"):
        assert undated(exported[how, how]) == undated(english), how
    msn = tmp_path / "game.msn"
    msn.write_text(english, encoding="utf-8")
    again = {language: _momon(language, "export", str(msn), "--format", "msn").stdout for language in LANGUAGES}
    assert set(again.values()) == {english}  # a game file read back in Thai writes the same file
