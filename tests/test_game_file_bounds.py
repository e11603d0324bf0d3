"""Game files (docs/notation.md) that would cost without bound to read: TOML nested deeply in
a block, a file over the size limit, a file of brackets or of one long tag. Each is refused
in one line with exit status 1, and reading one costs memory in proportion to what it reads,
not to the whole file (measured with tracemalloc as a ratio, never with a clock)."""

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from momon_cli import exits
from momon_cli.cli.app import app

ROOT = Path(__file__).parent.parent
runner = CliRunner()


def _doc_example() -> str:
    """The game file docs/notation.md begins with."""
    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    found = re.search(r"```\n(\[MSN .*?)```\n", text, re.S)
    assert found is not None
    return found[1]


def _with_block(name: str, body: str) -> str:
    head, moves = _doc_example().split("\n\n", 1)
    return f"{head}\n\n%{name}\n{body}\n%end\n\n{moves}"


def _commands(path: Path, tmp_path: Path) -> list[list[str]]:
    """Every command that reads a game file, as a player would type it."""
    return [["verify", str(path)], ["replay", str(path), "--to-end", "--json"], ["export", str(path), "--format", "md"],
            ["analyse", str(path), "--json", "--playouts", "10"],
            ["play", "--from", str(path), "--at", "3", "--log", str(tmp_path / "new.jsonl")]]


def _refused_in_one_line(path: Path, tmp_path: Path, why: str) -> None:
    for command in _commands(path, tmp_path):
        done = runner.invoke(app, command)
        lines = done.output.strip().splitlines()
        assert done.exit_code == exits.FAILED and isinstance(done.exception, SystemExit), (command, done.output)
        assert len(lines) == 1 and "Traceback" not in done.output, (command, done.output[-2000:])
        assert lines[0].startswith(f"{path}:") and why in lines[0], (command, lines[0])


@pytest.mark.parametrize("block", ["cards", "position"])
def test_a_block_nested_a_thousand_deep_is_refused_in_one_line_by_every_reader(tmp_path, block):
    path = tmp_path / f"deep-{block}.msn"
    path.write_text(_with_block(block, "x = " + "[" * 1000 + "]" * 1000), encoding="utf-8")
    _refused_in_one_line(path, tmp_path, f"%{block}: not valid TOML: arrays or tables nested too deeply")
