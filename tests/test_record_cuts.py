"""Write-ahead records: a record cut anywhere, or interrupted anywhere, resumes to the same game,
in each form a record takes: format 3 with digests only, with every event (--full), and
format 2 (which resumes as format 2)."""

from __future__ import annotations

import errno
import itertools
import shutil
from pathlib import Path

import pytest
from short_game import game_lines, record, resume_and_finish, setup

from momon_cli.bots.players import RandomBot
from momon_cli.engine import Game
from momon_cli.record import Record, RecordError, parse_record, read_record, start_record
from momon_cli.record.replay import verify

FORMAT2 = Path(__file__).parent / "corpus" / "records" / "finished-format2-short.jsonl"


def _whole(kind: str, folder: Path) -> tuple[bytes, Record]:
    path = folder / "whole.jsonl"
    if kind == "format2":
        shutil.copyfile(FORMAT2, path)
    else:
        record(path, full=kind == "full")
    return path.read_bytes(), read_record(path)


@pytest.fixture(scope="module", params=["compact", "full", "format2"])
def whole(request, tmp_path_factory):
    return _whole(request.param, tmp_path_factory.mktemp("whole"))


@pytest.fixture(scope="module", params=["compact", "full"])
def written(request, tmp_path_factory):
    """A record this momon writes, and the lines of the whole game (see game_lines)."""
    _, held = _whole(request.param, tmp_path_factory.mktemp("written"))
    return held, game_lines(held.path)


def test_a_record_cut_at_every_byte_resumes_to_the_same_game_or_is_not_a_record(tmp_path, whole):
    """Every offset is parsed; verify and resume depend only on what the parse kept (its whole
    lines and where its last answer ends), so each distinct result is replayed once."""
    data, full = whole
    header_end = data.index(b"\n") + 1
    path = tmp_path / "cut.jsonl"
    path.write_bytes(data)
    expected = game_lines(path)
    verified: dict[int, object] = {}
    resumed: dict[int, bool] = {}
    outcomes = {"not a record": 0, "resumed": 0}
    for offset in range(len(data) + 1):
        try:
            cut = parse_record(path, data[:offset])
        except RecordError as err:
            assert offset < header_end, (offset, err)
            assert "not a game record" in str(err)
            outcomes["not a record"] += 1
            continue
        assert bool(cut.warnings) == (offset > 0 and data[offset - 1:offset] != b"\n"), offset
        if len(cut.entries) not in verified:
            verified[len(cut.entries)] = verify(cut)
        assert verified[len(cut.entries)] is None, (offset, verified[len(cut.entries)])
        if cut.answers_end not in resumed:
            path.write_bytes(data[:offset])
            resumed[cut.answers_end] = resume_and_finish(path, full.answers) == expected
            assert verify(read_record(path)) is None
        assert resumed[cut.answers_end], offset
        outcomes["resumed"] += 1
    assert outcomes["not a record"] == header_end and outcomes["resumed"] == len(data) + 1 - header_end


class _Interrupt:
    """A listener that raises KeyboardInterrupt at one event, as Ctrl-C would in the engine."""

    def __init__(self, at: int) -> None:
        self.at, self.seen = at, 0

    def __call__(self, _event) -> None:
        self.seen += 1
        if self.seen == self.at:
            raise KeyboardInterrupt


def test_ctrl_c_at_every_event_of_an_answer_leaves_a_resumable_record(tmp_path, written):
    full, expected = written
    assert full.event_count > 100
    for at in range(1, full.event_count):
        path = tmp_path / f"int-{at}.jsonl"
        game = Game(setup(), start=False)
        game.listen(_Interrupt(at))
        bot = RandomBot(f"short-{game.setup.seed}")
        try:
            game.start()
            recorder = start_record(path, game, ("Small One", "Small Two"), full=full.full)
            while game.pending is not None:
                recorder.answer(bot.answer(game.observe(game.pending.player)))
        except KeyboardInterrupt:
            pass
        if not path.exists():  # interrupted before the record began: nothing was played
            continue
        recorder.close()
        held = read_record(path)
        assert verify(held) is None
        assert resume_and_finish(path, full.answers) == expected, at


def test_a_full_disk_keeps_the_game_saved_up_to_its_last_whole_answer(tmp_path, written, monkeypatch):
    import momon_cli.record.files as rec

    full, expected = written
    real_write = rec.os.write
    for fail_at in itertools.count(1):  # every write of the game, until one game needs no failure
        path = tmp_path / f"full-{fail_at}.jsonl"
        calls = {"n": 0}

        def write(fd, data, fail_at=fail_at, calls=calls):
            calls["n"] += 1
            if calls["n"] >= fail_at:
                real_write(fd, data[: len(data) // 2])  # a partial write, then the disk is full
                raise OSError(errno.ENOSPC, "No space left on device")
            return real_write(fd, data)

        game = Game(setup())
        recorder = start_record(path, game, ("Small One", "Small Two"), full=full.full)
        monkeypatch.setattr(rec.os, "write", write)
        bot = RandomBot(f"short-{game.setup.seed}")
        try:
            while game.pending is not None:
                recorder.answer(bot.answer(game.observe(game.pending.player)))
        except OSError:
            pass
        monkeypatch.setattr(rec.os, "write", real_write)
        recorder.close()
        if calls["n"] < fail_at:
            break
        assert verify(read_record(path)) is None and not read_record(path).warnings
        assert resume_and_finish(path, full.answers) == expected, fail_at
