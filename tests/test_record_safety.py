"""A record is never lost or misread without a word: ``--log`` keeps a finished game (and
anything else but this game's unfinished record) unless ``--force`` is given, every reader
refuses a damaged record in the same line, and ``play --resume`` closes the record on each
of its refusals."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from scripted_game import LINES, runner
from scripted_game import play as _play
from short_game import record

from momon_cli import exits
from momon_cli.cli.app import app
from momon_cli.record import read_record


def _whole(tmp_path: Path) -> Path:
    log = tmp_path / "g.jsonl"
    assert _play(log, "\n".join(LINES) + "\n").exit_code == exits.DONE
    assert read_record(log).finished and len(read_record(log).answers) == 19
    return log


def test_log_keeps_a_finished_record_of_the_same_game_unless_forced(tmp_path):
    log = _whole(tmp_path)
    kept = log.read_bytes()
    again = _play(log, "")
    assert again.exit_code == exits.FAILED and again.stderr.count("\n") == 1, again.output
    assert "finished" in again.stderr and "--force" in again.stderr and "Recording to" not in again.output
    assert log.read_bytes() == kept
    full = _play(log, "", "--full")  # the same game in another form is the same game
    assert full.exit_code == exits.FAILED and log.read_bytes() == kept
    forced = _play(log, LINES[0] + "\n", "--force")
    assert forced.exit_code == exits.SCRIPT_ENDED and len(read_record(log).answers) == 1


def test_log_starts_this_games_unfinished_record_again_but_keeps_a_damaged_one(tmp_path):
    log = tmp_path / "g.jsonl"
    assert _play(log, "\n".join(LINES[:5]) + "\n").exit_code == exits.SCRIPT_ENDED
    assert _play(log, LINES[0] + "\n").exit_code == exits.SCRIPT_ENDED  # a script run again: the same game anew
    assert len(read_record(log).answers) == 1
    lines = log.read_text().splitlines(keepends=True)
    damaged = "".join([lines[0], "not a line of a record\n", *lines[1:]])
    log.write_text(damaged)
    result = _play(log, "")
    assert result.exit_code == exits.FAILED and result.stderr.count("\n") == 1 and "damaged" in result.stderr
    assert log.read_text() == damaged
    assert _play(log, "", "--force").exit_code == exits.SCRIPT_ENDED and not read_record(log).answers
    empty = tmp_path / "empty.jsonl"
    empty.touch()  # nothing to lose
    assert _play(empty, "").exit_code == exits.SCRIPT_ENDED


def test_simulate_still_writes_its_games_again_into_the_same_folder(tmp_path):
    for _ in range(2):
        result = runner.invoke(app, ["simulate", "--games", "1", "--seed", "3", "--log-dir", str(tmp_path)])
        assert result.exit_code == exits.DONE, result.output
    assert len(list(tmp_path.glob("*.jsonl"))) == 1


def _without_last_answer(whole: Path, out: Path) -> Path:
    lines = whole.read_text().splitlines(keepends=True)
    last = max(i for i, line in enumerate(lines) if line.startswith('{"type":"answer"'))
    out.write_text("".join(lines[:last] + lines[last + 1:]))
    return out


READERS = [["verify"], ["replay", "--to-end"], ["replay", "--json"], ["replay", "--turn", "2", "--position", "P"],
           ["export"], ["export", "--format", "msn"], ["analyse", "--playouts", "10"],
           ["play", "--resume", "--script", "-"], ["play", "--from", "--script", "-", "--log", "L"]]


def _said(tmp_path: Path, record_path: Path) -> set[tuple[int, str]]:
    said = set()
    for command in READERS:
        args = [*command[:1], str(record_path), *command[1:]]
        args = [str(tmp_path / "out.toml") if a == "P" else str(tmp_path / "new.jsonl") if a == "L" else a for a in args]
        if command[0] == "play":
            args = ["play", args[2], str(record_path), *args[3:]]
        result = runner.invoke(app, args, input="")
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.output, (command, result.output)
        said.add((result.exit_code, result.stderr))
    return said


def test_every_reader_refuses_a_record_without_its_last_answer_in_one_same_line(tmp_path):
    cut = _without_last_answer(_whole(tmp_path), tmp_path / "cut.jsonl")
    said = _said(tmp_path, cut)
    assert len(said) == 1, said
    code, line = said.pop()
    assert code == exits.FAILED and "does not replay as written" in line and "does not match at step" in line
    assert not (tmp_path / "out.toml").exists() and not (tmp_path / "new.jsonl").exists()


def test_every_reader_refuses_an_edited_digest_in_one_same_line(tmp_path):
    path = record(tmp_path / "short.jsonl")
    lines = path.read_text().splitlines()
    second = [i for i, line in enumerate(lines) if line.startswith('{"type":"answer"')][1]
    lines[second] = json.dumps({**json.loads(lines[second]), "digest": "0123456789abcdef"}, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")
    said = _said(tmp_path, path)
    assert len(said) == 1 and "to have digest 0123456789abcdef" in said.pop()[1]


def _open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts descriptors in /proc")
def test_play_resume_closes_the_record_on_every_refusal(tmp_path):
    whole = _whole(tmp_path)
    finished = whole
    cut = _without_last_answer(whole, tmp_path / "cut.jsonl")
    unreadable = tmp_path / "unreadable.jsonl"
    lines = whole.read_text().splitlines(keepends=True)
    unreadable.write_text("".join([lines[0], "{}\n", *lines[1:3]]))
    bad_bots = tmp_path / "bots.jsonl"
    head = {**json.loads(lines[0]), "bots": [{"player": 2, "bot": "greedy", "seed": "1", "seconds": None,
                                             "imagines": ["MCL-999"]}]}
    bad_bots.write_text("".join([json.dumps(head) + "\n", *lines[1:3]]))
    for path in (finished, cut, unreadable, bad_bots):
        before = _open_files()
        result = runner.invoke(app, ["play", "--resume", str(path), "--script", "-"], input="")
        assert result.exit_code == exits.FAILED and result.stderr.count("\n") == 1, (path, result.output)
        assert _open_files() == before, (path.name, result.stderr)
