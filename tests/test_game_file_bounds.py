"""Game files (docs/notation.md) that would cost without bound to read: TOML nested deeply in
a block, a file over the size limit, a file of brackets or of one long tag. Each is refused
in one line with exit status 1, and reading one costs memory in proportion to what it reads,
not to the whole file (measured with tracemalloc as a ratio, never with a clock)."""

import os
import re
import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from momon_cli import exits
from momon_cli.cli.app import app
from momon_cli.limits import GAME_FILE_LIMIT
from momon_cli.record import RecordError, read_record
from momon_cli.record import files as record_files
from momon_cli.record.msn_read import read_text
from momon_cli.record.msn_syntax import NotationError, tokens

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


def _cli_one_line(path: Path, why: str) -> None:
    for command in (["verify", str(path)], ["export", str(path), "--format", "md"]):
        done = runner.invoke(app, command)
        lines = done.output.strip().splitlines()
        assert done.exit_code == exits.FAILED and isinstance(done.exception, SystemExit), (command, done.output[-2000:])
        assert len(lines) == 1 and why in lines[0], (command, done.output[-2000:])


@pytest.mark.parametrize("name", ["big.msn", "big.txt"])
def test_a_game_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path, monkeypatch, name):
    path = tmp_path / name
    with path.open("wb") as out:  # sparse: its size is all that is over the limit
        out.write(_doc_example().encode())
        out.truncate(GAME_FILE_LIMIT + 1)
    read: list[int] = []
    pread = os.pread

    def counted(fd: int, n: int, offset: int) -> bytes:
        data = pread(fd, n, offset)
        read.append(len(data))
        return data

    monkeypatch.setattr(os, "pread", counted)
    why = f"larger than {GAME_FILE_LIMIT // 2**20} MiB, not a game file momon reads"
    with pytest.raises(RecordError, match=why):
        read_record(path)
    assert sum(read) <= 2**16 + 3  # at most its first bytes, to tell a game file by its "["
    assert record_files.is_game_file(path) and sum(read) <= 2 * (2**16 + 3)
    monkeypatch.undo()
    _cli_one_line(path, why)
    for play in (["--from", str(path)], ["--resume", str(path)]):
        done = runner.invoke(app, ["play", *play, "--log", str(tmp_path / "new.jsonl")])
        assert done.exit_code == exits.FAILED and done.output.strip() == f"{path}: {why}", done.output[-2000:]


def test_the_lexer_makes_its_tokens_one_at_a_time():
    made = tokens("lazy.msn", "1. halo a4 " + "(" * 100_000 + "}")
    assert iter(made) is made  # an iterator, not a list
    assert [next(made).kind for _n in range(3)] == ["number", "word", "word"]
    assert next(made).kind == "open"  # the '}' at the end is not reached yet
    with pytest.raises(NotationError, match="stands for nothing here"):
        list(made)


def _peak(data: bytes) -> tuple[int, str]:
    """The most memory reading ``data`` as a game file took, and the one line refusing it."""
    read_text(Path("warm.msn"), _doc_example().encode())  # the built-in cards and decks, read once
    tracemalloc.start()
    try:
        with pytest.raises(NotationError) as refused:
            read_text(Path("bad.msn"), data)
        return tracemalloc.get_traced_memory()[1], str(refused.value)
    finally:
        tracemalloc.stop()


def _head() -> str:
    return _doc_example().split("\n\n", 1)[0] + "\n\n"


SIZE = 300_000  # big enough to tell memory that grows with the file from memory that does not
PATHOLOGICAL = {
    "brackets": ("1. halo a4 " + "(" * SIZE, "18:13: a variation comes after the answer it is instead of"),
    "nested brackets": ("(" * (SIZE // 2) + ")" * (SIZE // 2), "1:1: no Deck1 tag"),
    "a long tag": ('[Note "' + "a" * SIZE + '"]\n1. halo a4 ]', "19:12: ']' stands for nothing here"),
    "a tag of escapes": ('[Note "' + "\\\\" * (SIZE // 2) + '"]\n1. halo a4 ]', "19:12: ']' stands for nothing here"),
    "an unclosed tag": ('[Note "' + "a" * SIZE, '18:1: a tag is [Name "value"]'),
    "many comments": ("{}" * (SIZE // 2), "18:40001: more than 20000 comments in one file"),
    "many tags": (f'[X "{"x" * (SIZE // 1000)}"]\n' * 1001, "1002:1: more than 1000 tags in one file"),
    "many blocks": ("%cards\n%end\n" * (SIZE // 12), "22:1: a third block (a file has at most one %cards"),
    "many move numbers": ("1. " * (SIZE // 3), "18:4: two move numbers in a row"),
    "many lines": ("\n" * SIZE + "]", f"{SIZE + 18}:1: ']' stands for nothing here"),
}


@pytest.mark.parametrize("case", PATHOLOGICAL, ids=list(PATHOLOGICAL))
def test_a_pathological_game_file_is_refused_in_one_line_in_memory_bounded_by_its_size(tmp_path, case):
    body, why = PATHOLOGICAL[case]
    data = (body if case == "nested brackets" else _head() + body).encode()
    peak, said = _peak(data)
    assert why in said, said
    assert peak <= 10 * len(data), f"{peak / len(data):.0f} times the file's size"
    path = tmp_path / "bad.msn"
    path.write_bytes(data)
    _cli_one_line(path, why)


def test_the_limits_a_game_file_is_read_within_are_the_documented_ones():
    from momon_cli.record.msn import DEPTH_LIMIT, VARIATION_LIMIT
    from momon_cli.record.msn_syntax import COMMENTS_LIMIT, TAGS_LIMIT

    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    limits = " ".join(text.split("## Limits", 1)[1].split("\n## ")[0].split())  # its words, however wrapped
    assert f"A game file is at most {GAME_FILE_LIMIT // 2**20} MiB" in limits
    assert f"larger than {GAME_FILE_LIMIT // 2**20} MiB, not a game file momon reads" in limits
    for said in (f"{TAGS_LIMIT:,} tags", f"{COMMENTS_LIMIT:,} comments", f"{VARIATION_LIMIT:,} variations",
                 f"{DEPTH_LIMIT} levels"):
        assert said in limits, said


@pytest.mark.parametrize("line", [b"ab\n", b"\n"])
def test_a_record_refused_at_its_first_line_is_not_cut_into_all_its_lines(line):
    """A record (JSON Lines) refused at line 1 costs memory in proportion to that line, not to
    the file: the file's bytes are read (within the record limit), its lines are not all made."""
    from momon_cli.record import parse_record

    data = line * (SIZE * 2)
    tracemalloc.start()
    try:
        with pytest.raises(RecordError, match="not a game record"):
            parse_record(Path("big.jsonl"), data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < len(data), (peak, len(data))
