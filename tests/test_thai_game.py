"""A whole scripted game in a Thai locale (LANG=th_TH.UTF-8 alone, as a Thai player's terminal
sets it): every line it prints is Thai, but for the names and terms the Thai edition keeps."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from locale_env import thai_environment
from thai_text import english_left

GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"
ARGS = ["play", "--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7", "--first", "1"]
THAI = re.compile(r"[\u0e00-\u0e7f]")


def test_a_whole_scripted_game_in_a_thai_locale_is_in_thai(tmp_path):
    out = subprocess.run([sys.executable, "-m", "momon_cli", *ARGS, "--script", str(GAME), "--log", str(tmp_path / "g.jsonl")],
                         capture_output=True, text=True, env=thai_environment(), timeout=300, check=True)
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    assert len(lines) > 50 and sum(bool(THAI.search(line)) for line in lines) > len(lines) * 0.8
    answers = {line.strip() for line in GAME.read_text().splitlines()}
    left = {}
    for line in lines:
        typed = line.split("›", 1)[1].strip() if "›" in line else None
        if typed in answers:  # the prompt and the answer echoed: names and what was typed
            continue
        if english_left(line, ("Ann", "Bea")):
            left[line] = english_left(line, ("Ann", "Bea"))
    assert not left, "\n".join(f"{line}  <- {words}" for line, words in left.items())
