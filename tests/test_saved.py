"""Saved games by number and by ``last``: numbered in the order they began, and the
shortest name (or command) that reaches a record again."""

import json
import os
from pathlib import Path

import short_game

from momon_cli.record.saved import resolve, saved


def _game(folder: Path, name: str, began: str) -> Path:
    """A short recorded game in ``folder``, its header dated ``began``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = short_game.record(folder / name)
    head, rest = path.read_text(encoding="utf-8").split("\n", 1)
    path.write_text(json.dumps({**json.loads(head), "created": began}) + "\n" + rest, encoding="utf-8")
    return path


def test_numbers_follow_the_dates_games_began_then_their_names(tmp_path):
    b = _game(tmp_path, "b.jsonl", "2026-03-01T10:00:00+00:00")
    a = _game(tmp_path, "a.jsonl", "2026-03-01T10:00:00+00:00")  # the same second: by name
    d = _game(tmp_path, "d.jsonl", "2026-03-01T10:30:00+02:00")  # 08:30 UTC: another zone, read as a time
    old = _game(tmp_path, "z.jsonl", "2026-02-01T10:00:00")  # no zone: read as UTC
    (tmp_path / "notes.jsonl").write_text("not a record\n")
    os.utime(old)  # a file changed last is not a game begun last
    found = saved(tmp_path)
    assert found.games == [old, d, a, b] and found.others == [tmp_path / "notes.jsonl"]
    assert [resolve(ref, tmp_path) for ref in ("1", "2", "4", "last")] == [old, d, b, b]
