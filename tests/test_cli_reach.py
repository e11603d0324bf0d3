"""The smaller things a newcomer met (issue 36): ``momon howto`` on one 80x24 screen in
either language, "did you mean" for a mistyped command or card name, and ``momon games``
with each game's result, without the records that hold no answer."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pyte
import pytest
from locale_env import thai_environment
from typer.testing import CliRunner

from momon_cli.cli.app import app
from momon_cli.engine import Game, scores
from momon_cli.record import read_record
from momon_cli.record.replay import rebuild

runner = CliRunner()


def _rows_drawn(text: str, width: int = 80) -> int:
    """The rows ``text`` takes on a terminal ``width`` columns wide, as it draws it (a line
    longer than the width wraps onto the next row), the row the shell's prompt then takes
    included."""
    screen = pyte.Screen(width, 200)
    pyte.Stream(screen).feed(text.replace("\n", "\r\n"))
    return screen.cursor.y + 1


@pytest.mark.parametrize("lang", ["en", "th"])
def test_howto_fits_one_80x24_screen_with_the_prompt_after_it(lang):
    run = subprocess.run([sys.executable, "-m", "momon_cli", "--lang", lang, "howto"], capture_output=True, text=True,
                         env=thai_environment(COLUMNS="80", LINES="24"), timeout=60)
    assert run.returncode == 0, run.stderr
    assert ("Snatch-Sight" in run.stdout) and ("ผู้เล่น" in run.stdout) == (lang == "th")
    assert _rows_drawn(run.stdout) <= 24


# -- momon games ---------------------------------------------------------------------------------
GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"
ARGS = ["--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7", "--first", "1"]


def _play(path: Path, *extra: str, script: str = str(GAME), given: str | None = None) -> None:
    runner.invoke(app, ["play", *ARGS, *extra, "--script", script, "--log", str(path)], input=given)
    assert path.exists()


def _listing(folder: Path, *extra: str) -> str:
    result = runner.invoke(app, ["games", "--folder", str(folder), *extra], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_games_says_who_won_why_and_the_control_scores_where_the_record_holds_them(tmp_path, monkeypatch):
    _play(tmp_path / "compact.jsonl")
    _play(tmp_path / "full.jsonl", "--full")
    final = scores(rebuild(read_record(tmp_path / "full.jsonl")).state)

    def no_replay(*_args: object) -> None:
        raise AssertionError("momon games replayed a record")

    monkeypatch.setattr(Game, "answer", no_replay)  # the listing reads the records' lines, never plays them
    full, compact = _listing(tmp_path).split(str(tmp_path / "compact.jsonl"))
    assert full.endswith(f" · Ann wins (Arena full) · 16 turns · Control Score Ann {final[0]}, Bea {final[1]}\n  1  ")
    assert compact.endswith(" · Ann wins (Arena full) · 16 turns\n")  # a compact record does not hold its scores


def test_games_leaves_out_records_with_no_answer_unless_all_is_given(tmp_path):
    _play(tmp_path / "done.jsonl")
    _play(tmp_path / "empty.jsonl", script="-", given="")  # left at the first question
    _play(tmp_path / "half.jsonl", script="-", given="summon halo A4\n")
    listing = _listing(tmp_path)
    assert "empty.jsonl" not in listing and "half.jsonl" in listing and "done.jsonl" in listing
    assert listing.endswith("\n1 record with no answer is not listed (momon games --all lists it).\n")
    every = _listing(tmp_path, "--all")
    assert "  2  " + str(tmp_path / "empty.jsonl") in every and "unfinished · 0 answers so far" in every
    assert "not listed" not in every
    (tmp_path / "done.jsonl").unlink()
    (tmp_path / "half.jsonl").unlink()
    assert _listing(tmp_path) == "1 record with no answer is not listed (momon games --all lists it).\n"


def test_games_says_the_result_in_thai(tmp_path):
    _play(tmp_path / "done.jsonl")
    _play(tmp_path / "empty.jsonl", script="-", given="")
    run = subprocess.run([sys.executable, "-m", "momon_cli", "--lang", "th", "games", "--folder", str(tmp_path)],
                         capture_output=True, text=True, env=thai_environment(COLUMNS="80"), timeout=60)
    assert run.returncode == 0, run.stderr
    assert "Ann ชนะ (Arena เต็ม) · 16 เทิร์น" in run.stdout and "full-arena" not in run.stdout
    assert run.stdout.splitlines()[-1] == "ไม่ได้แสดงบันทึกที่ยังไม่มีคำตอบ 1 รายการ (momon games --all แสดงด้วย)"


# -- did you mean --------------------------------------------------------------------------------
def _momon(lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "momon_cli", "--lang", lang, *args], capture_output=True, text=True,
                          env=thai_environment(COLUMNS="80"), timeout=60)


@pytest.mark.parametrize(("args", "said"), [
    (["cards", "glimer"], "no card matches 'glimer'; did you mean 'Glimmer Moth'?"),
    (["cards", "mirror trickstr"], "no card matches 'mirror trickstr'; did you mean 'Mirror Trickster'?"),
    (["cards", "--element", "Fire", "glimer"], "no card matches"),  # Glimmer Moth is no Fire card
    (["cards", "zz"], "no card matches"),
    (["rules", "wrd"], "nothing in the rules about 'wrd'; did you mean 'Ward'?"),
    (["rules", "snatch", "chek"], "nothing in the rules about 'snatch chek'; did you mean 'Snatch Check'?"),
])
def test_a_misspelt_card_name_or_rules_word_gets_did_you_mean_in_one_line(args, said):
    result = runner.invoke(app, args)
    assert result.exit_code == 1 and result.stderr == said + "\n"


def test_nothing_near_a_rules_word_still_says_how_to_look_one_up():
    result = runner.invoke(app, ["rules", "zzzz"])
    assert result.exit_code == 1 and result.stderr.startswith("nothing in the rules about 'zzzz'; try a keyword")


def test_did_you_mean_in_thai_for_a_card_name_a_rules_word_and_a_command():
    assert _momon("th", "cards", "ember lyx").stderr == "ไม่พบการ์ด 'ember lyx' หมายถึง 'Ember Lynx' หรือเปล่า\n"
    assert _momon("th", "rules", "เป้าหมย").stderr == "ไม่พบเรื่อง 'เป้าหมย' ในกติกา หมายถึง 'เป้าหมาย' หรือเปล่า\n"
    deck = _momon("th", "deck", "chek")  # a command of a group: Typer's own suggestion, in Thai
    assert deck.returncode == 2 and deck.stderr.startswith("momon deck: ไม่มีคำสั่ง 'chek' หมายถึง 'check' หรือเปล่า")
    assert _momon("en", "gmes").stderr.startswith("momon: No such command 'gmes'. Did you mean 'games'?")
