"""Ctrl-C (SIGINT) and kill -9 (SIGKILL) at random moments of a scripted ``momon play``:
every game resumes, with at most the answer in progress lost. A signal that comes after
the game has ended leaves a finished record, which must equal the uninterrupted one."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from short_game import game_lines, resume_and_finish
from typer.testing import CliRunner

from momon_cli.cli.app import app
from momon_cli.record import read_record
from momon_cli.record.replay import verify

GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"
ARGS = ["--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7", "--first", "1"]
LINES = [line for line in GAME.read_text().splitlines() if line and not line.startswith("#")]
TRIALS = 20


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    path = tmp_path_factory.mktemp("whole") / "whole.jsonl"
    assert CliRunner().invoke(app, ["play", *ARGS, "--script", str(GAME), "--log", str(path)]).exit_code == 0
    return read_record(path)


def _interrupted_game(path: Path, out: Path, sig: int, rng: random.Random) -> None:
    """Start the game with its whole script, wait until a random number of answers is on
    disk, then send ``sig`` a random few milliseconds later (mid-answer, mid-render or
    mid-read); let it end (EOF) if it is still running."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", "PYTHONUNBUFFERED": "1"}
    target = rng.randrange(len(LINES))
    with out.open("wb") as sink:
        # The default SIGINT action in the child: a shell's background job would pass "ignore"
        # down, and the SIGINT trials would then test nothing.
        proc = subprocess.Popen([sys.executable, "-m", "momon_cli", "play", *ARGS, "--script", "-", "--log", str(path)],
                                stdin=subprocess.PIPE, stdout=sink, stderr=subprocess.STDOUT, env=env,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        proc.stdin.write(("\n".join(LINES) + "\n").encode())
        proc.stdin.close()
        deadline = time.monotonic() + 30
        while proc.poll() is None and time.monotonic() < deadline:
            if path.exists() and path.read_bytes().count(b'"type":"answer"') >= target:
                time.sleep(rng.uniform(0, 0.05))
                proc.send_signal(sig)
                break
            time.sleep(0.002)
        proc.wait(timeout=30)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL], ids=["SIGINT", "SIGKILL"])
def test_signals_at_random_moments_lose_at_most_the_answer_in_progress(tmp_path, whole, sig):
    rng = random.Random(f"signals-{int(sig)}")
    for trial in range(TRIALS):
        path, out = tmp_path / f"g{trial}.jsonl", tmp_path / f"out{trial}.txt"
        _interrupted_game(path, out, sig, rng)
        shown = out.read_text(encoding="utf-8", errors="replace")
        assert "Traceback" not in shown, shown
        held = read_record(path)
        # A Ctrl-C in the middle of printing an echoed answer can make Rich print that
        # line again with the "Interrupted" message: one prompt, shown twice.
        prompts = [line for line in shown.splitlines() if line.startswith(("Ann › ", "Bea › "))]
        asked = sum(1 for i, line in enumerate(prompts) if i == 0 or line != prompts[i - 1])
        assert asked - 1 <= len(held.answers) <= asked, (trial, asked, len(held.answers))
        assert held.answers == whole.answers[: len(held.answers)]
        assert verify(held) is None, trial
        assert resume_and_finish(path, whole.answers) == game_lines(whole.path), trial
