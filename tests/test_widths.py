"""Widths are columns as a terminal draws them, and text is cut only between graphemes: a
Thai player's name is limited by the columns it takes, never by its code points, and no cut
parts a letter from its marks or SARA AM from its consonant."""

from __future__ import annotations

import random
import subprocess
import sys
import unicodedata

from hypothesis import given
from hypothesis import strategies as st
from rich.text import Text

from momon_cli.limits import NAME_LIMIT
from momon_cli.record.new_game import SetupError, checked_name
from momon_cli.text.safe import clean
from momon_cli.widths import columns, cut, fitting, graphemes, pad, truncate

#: 24 columns in 31 code points: tone marks, upper vowels, SARA AM (ำ) and MAI YAMOK (ๆ).
THAI_24 = "น้ำผึ้งเดือนห้าคำหวานของยายดีๆ"
THAI_25 = THAI_24 + "ๆ"
#: Thai letters, marks and SARA AM, with Latin and a wide character among them.
LETTERS = st.text(st.sampled_from("กขคงจนมยรลวสหอ" "\u0e31\u0e34\u0e35\u0e36\u0e37\u0e38\u0e39\u0e47"
                                  "\u0e48\u0e49\u0e4a\u0e4b\u0e4c\u0e33เแโใไะาๆabZ 字"), max_size=40)


def test_a_thai_name_is_measured_in_columns_not_code_points():
    assert columns(THAI_24) == 24 < len(THAI_24)
    assert columns(THAI_25) == 25
    assert graphemes("น้ำ") == ["น้ำ"]  # one letter: NO NU, MAI THO and SARA AM
    assert graphemes("กำลัง") == ["กำ", "ลั", "ง"]


def test_a_name_of_24_thai_columns_is_accepted_and_one_of_25_refused():
    assert checked_name(THAI_24, "Player 1") == THAI_24
    try:
        checked_name(THAI_25, "Player 1")
    except SetupError as err:
        assert "\n" not in str(err) and str(NAME_LIMIT) in str(err)
    else:
        raise AssertionError("a 25-column name was accepted")


def test_the_command_line_refuses_a_25_column_name_in_one_line_and_takes_24(tmp_path):
    script = tmp_path / "none.txt"
    script.write_text("")

    def play(name: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "momon_cli", "play", "--p1", name, "--p2", "Bea", "--seed", "1",
                               "--script", str(script), "--log", str(tmp_path / f"{len(name)}.jsonl")],
                              capture_output=True, text=True, timeout=120)

    refused = play(THAI_25)
    assert refused.returncode == 1 and refused.stdout == ""
    assert len(refused.stderr.splitlines()) == 1, refused.stderr
    taken = play(THAI_24)
    assert THAI_24 in (tmp_path / f"{len(THAI_24)}.jsonl").read_text(encoding="utf-8"), taken.stderr


@given(LETTERS, st.integers(0, 30))
def test_a_cut_keeps_whole_graphemes_and_fits(text, width):
    out = cut(text, width)
    assert columns(out) <= width
    kept = out[:-1] if out.endswith("…") and out != text else out
    assert text.startswith(kept) and graphemes(kept) == graphemes(text)[:len(graphemes(kept))]
    assert out == text or out.endswith("…") or width == 0


@given(LETTERS, st.integers(1, 30))
def test_clean_cuts_between_graphemes_within_its_limit_in_columns(text, limit):
    out = clean(text, limit)
    assert columns(out) <= limit
    body = out.removesuffix("…") if out != text else out
    assert text.startswith(body)
    assert not body or not unicodedata.combining(text[len(body):][:1] or "a")
    assert len(graphemes(body)) == len(graphemes(text[:len(body)]))


@given(LETTERS, st.integers(0, 30))
def test_pad_and_fitting_agree_with_the_column_measure(text, width):
    assert columns(pad(text, width)) == width
    assert columns(text[:fitting(text, width)]) <= width


def test_a_rich_text_is_truncated_between_graphemes_and_filled():
    line = Text("ab")
    line.append("น้ำกำลัง", style="bold")
    assert truncate(line, 4).plain == "abน้ำ"  # 2 + 2 columns: SARA AM stays with its letter
    assert truncate(line, 3).plain == "ab "  # a space where the wide letter would straddle the edge, as Rich leaves
    assert truncate(line, 4, "…").plain == "ab …"
    assert truncate(Text("ab"), 5, fill=True).plain == "ab   "


THAI_WORDS = ("ผู้เล่น", "เจ้าของ", "เทิร์น", "น้ำ", "กำลัง", "ที่", "ความสามารถ", "ช่องว่าง", "คว่ำหน้า", "สำเร็จ", "Momon")


def test_wrapped_thai_never_starts_a_line_with_a_mark_and_never_overflows():
    """Rich wraps at spaces and chops a longer word itself, between its own graphemes, which
    part SARA AM and marks from their letters (in about one text in eight of these): a long
    run is broken between ours first."""
    from momon_cli.tui.render import wrap

    rng = random.Random(5)
    for _ in range(600):
        text = "".join(rng.choice(THAI_WORDS) + (" " if rng.random() < 0.25 else "") for _ in range(rng.randint(2, 25)))
        width = rng.randint(3, 40)
        lines = [line.plain for line in wrap(Text(text), width)]
        assert all(columns(line) <= width for line in lines), (width, lines)
        assert not [line for line in lines if line and (unicodedata.category(line[0]) == "Mn" or line[0] == "\u0e33")], \
            (width, lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_clean_drops_what_a_terminal_draws_as_nothing_in_any_text_not_only_in_names():
    # A flavour line or a plan is not a name, so name_problem never sees it: clean must not
    # let a Hangul filler or a grapheme joiner through to stand for a blank or hide a letter.
    hidden = "Gust\u034fSprite \u3164plan\u115f\u1160\uffa0 \u2800\u17b4\u17b5"
    assert clean(hidden) == "GustSprite plan "
    assert clean("ผึ้ง\u3164") == "ผึ้ง"
