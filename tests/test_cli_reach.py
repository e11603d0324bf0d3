"""The smaller things a newcomer met (issue 36): ``momon howto`` on one 80x24 screen in
either language, "did you mean" for a mistyped command or card name, and ``momon games``
with each game's result, without the records that hold no answer."""

from __future__ import annotations

import subprocess
import sys

import pyte
import pytest
from locale_env import thai_environment


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
