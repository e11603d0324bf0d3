"""Saved games by number and by ``last``: numbered in the order they began, and the
shortest name (or command) that reaches a record again."""

import json
import os
from pathlib import Path

import short_game

from momon_cli.record.saved import games_folder, resolve, resume_hint, saved, short_name


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
    odd = _game(tmp_path, "y.jsonl", "the day before")  # no date a reader can read: the oldest
    (tmp_path / "notes.jsonl").write_text("not a record\n")
    os.utime(old)  # a file changed last is not a game begun last
    found = saved(tmp_path)
    assert found.games == [odd, old, d, a, b] and found.others == [tmp_path / "notes.jsonl"]
    assert [resolve(ref, tmp_path) for ref in ("1", "2", "5", "last")] == [odd, old, b, b]


def test_resume_hint_gives_last_a_number_or_the_path(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = games_folder()
    older = _game(folder, "1.jsonl", "2026-03-01T10:00:00+00:00")
    newest = _game(folder, "2.jsonl", "2026-03-02T10:00:00+00:00")
    elsewhere = _game(tmp_path / "my games", "g.jsonl", "2026-03-03T10:00:00+00:00")
    assert resume_hint(newest) == "momon play --resume last"
    assert resume_hint(older) == "momon play --resume 1"
    assert resume_hint(elsewhere) == f"momon play --resume '{elsewhere}'"  # quoted for the shell
    monkeypatch.chdir(folder)
    assert short_name(Path("2.jsonl")) == "last"  # a relative path to it as well
    assert short_name(tmp_path / "gone.jsonl") == str(tmp_path / "gone.jsonl")
