"""The scripted game the record tests play through the real command line: its options, its
answer lines, and one call that plays them into a record."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from momon_cli.cli.app import app

runner = CliRunner()
GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"
ARGS = ["play", "--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7", "--first", "1"]
LINES = [line for line in GAME.read_text().splitlines() if line and not line.startswith("#")]


def play(log: Path, script: str, *extra: str):
    """``script`` typed into ``momon play`` with ARGS, recorded at ``log``."""
    return runner.invoke(app, [*ARGS, "--script", "-", "--log", str(log), *extra], input=script)
