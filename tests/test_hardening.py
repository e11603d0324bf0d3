"""Record files and input lines under misuse: a second writer, files that are not ours,
symlinks, long or odd lines, long names. Each gets one line, never a traceback."""

from __future__ import annotations

import json
import os

from scripted_game import ARGS, GAME, LINES, runner
from scripted_game import play as _play
from short_game import record

from momon_cli.cli.app import app
from momon_cli.record import RecordFile, read_record


def test_a_second_writer_is_refused_in_one_line(tmp_path):
    path = tmp_path / "g.jsonl"
    assert _play(path, LINES[0] + "\n").exit_code == 3
    before = path.read_bytes()
    held = RecordFile(path, create=False)  # another momon playing this record
    for result in (_play(path, ""), runner.invoke(app, ["play", "--resume", str(path), "--script", "-"], input="")):
        assert result.exit_code == 1 and result.stderr.count("\n") == 1
        assert "another momon is writing this record" in result.stderr
    held.close()
    assert path.read_bytes() == before
    assert runner.invoke(app, ["play", "--resume", str(path), "--script", "-"], input="").exit_code == 3


def test_log_never_overwrites_a_file_that_is_not_this_games_record(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    result = _play(notes, "")
    assert result.exit_code == 1 and "not a record of this game" in result.stderr and "--force" in result.stderr
    assert notes.read_text() == "my notes\n"
    other = record(tmp_path / "other.jsonl")  # a record of another game
    kept = other.read_bytes()
    assert _play(other, "").exit_code == 1 and other.read_bytes() == kept
    assert _play(other, "", "--force").exit_code == 3 and read_record(other).header["seed"] == 7
    assert _play(other, LINES[0] + "\n").exit_code == 3  # the same game again: no --force needed
    assert _play(notes, "", "--force").exit_code == 3


def test_symlinks_are_never_followed_for_writing(tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("precious\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    for extra in ((), ("--force",)):
        result = _play(link, "", *extra)
        assert result.exit_code == 1 and "symbolic link" in result.stderr
    path = tmp_path / "g.jsonl"
    _play(path, "\n".join(LINES[:3]) + "\n")
    trap = path.with_name(path.name + ".resume")  # the old temporary name, planted by someone else
    trap.symlink_to(target)
    resumed = runner.invoke(app, ["play", "--resume", str(path), "--script", "-"], input="\n".join(LINES[3:]) + "\n")
    assert resumed.exit_code == 0, resumed.output
    assert target.read_text() == "precious\n" and trap.is_symlink()
    result = runner.invoke(app, ["play", "--resume", str(link), "--script", "-"], input="")
    assert result.exit_code == 1 and "symbolic link" in result.stderr


def test_verify_tells_unfinished_from_tampered_and_names_a_missing_digest(tmp_path):
    path = tmp_path / "g.jsonl"
    _play(path, "\n".join(LINES[:5]) + "\n")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 3 and "unfinished, resumable at answer 6" in result.stdout
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    del head["cards_digest"]
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    assert "no digest" in runner.invoke(app, ["verify", str(path)]).stdout


def test_odd_lines_at_the_prompt_are_refused_in_one_line(tmp_path):
    for line, why in (("summon ² A4", "matches '²'"), ("summon " + "x" * 5000 + " A4", "longer than 4096"),
                      ("summon halo A4\xff", "not a Space")):
        script = tmp_path / "s.txt"
        script.write_bytes(line.encode("utf-8", "surrogateescape") if "\xff" not in line
                           else b"summon halo A4\xff\n")
        result = runner.invoke(app, [*ARGS, "--script", str(script), "--log", str(tmp_path / "g.jsonl"), "--force"])
        assert result.exit_code == 2 and "line 1:" in result.stdout and why in result.stdout, result.stdout
        assert "Traceback" not in result.output


def test_player_names_are_bounded_and_markup_is_only_text(tmp_path):
    result = runner.invoke(app, ["play", "--p1", "A" * 25, "--script", "-"], input="")
    assert result.exit_code == 1 and "--p1: the player's name must be 1-24 columns wide" in result.stderr
    result = runner.invoke(app, ["play", "--p1", "Ann\x1b]0;x\x07", "--script", "-"], input="")
    assert result.exit_code == 1 and "\x1b" not in result.output
    path = tmp_path / "g.jsonl"
    args = [a if a != "Ann" else "Ann [/]" for a in ARGS]
    result = runner.invoke(app, [*args, "--script", str(GAME), "--log", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 0 and "Winner: Ann [/] (P1)" in result.stdout
    assert "Ann [/] vs Bea" in runner.invoke(app, ["games", "--folder", str(tmp_path)], env={"COLUMNS": "200"}).stdout


def test_deck_paths_that_cannot_be_read_are_one_line(tmp_path):
    (tmp_path / "dir.toml").mkdir()
    os.symlink("loop.toml", tmp_path / "loop.toml")
    for deck in ("dir.toml", "loop.toml"):
        result = runner.invoke(app, ["play", "--deck1", str(tmp_path / deck), "--script", "-"], input="")
        assert result.exit_code == 1 and result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_a_ctrl_c_as_the_record_closes_never_closes_its_descriptor_twice(tmp_path, monkeypatch):
    """Ctrl-C can land just as os.close returns; the REPL's handler then closes the record
    again, which must not close the same (perhaps reused) descriptor a second time."""
    path = tmp_path / "g.jsonl"
    assert _play(path, LINES[0] + "\n").exit_code == 3
    held = RecordFile(path, create=False)
    closed: list[int] = []
    real = os.close

    def close_then_interrupt(fd: int) -> None:
        real(fd)
        closed.append(fd)
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "close", close_then_interrupt)
    try:
        held.close()
    except KeyboardInterrupt:
        held.close()  # as HotSeat.run does on the way out
    assert len(closed) == 1


def test_once_a_command_is_done_ctrl_c_is_ignored_on_the_way_out(monkeypatch):
    """A KeyboardInterrupt raised in Typer's unwinding or at interpreter shutdown would print
    a traceback after the game's last screen (tests/test_signals.py hits it by chance)."""
    import signal
    import sys

    from momon_cli.cli.app import run

    monkeypatch.setattr(sys, "argv", ["momon", "--version"])
    before = signal.getsignal(signal.SIGINT)
    try:
        try:
            run()
        except SystemExit as done:
            assert done.code in (0, None)
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_a_record_whose_answers_do_not_replay_is_one_line_for_replay_position_too(tmp_path):
    path = record(tmp_path / "g.jsonl")
    lines = path.read_text().splitlines()
    second = next(i for i, line in enumerate(lines) if '"type":"answer"' in line and i > 1)
    entry = json.loads(lines[second])
    entry["value"] = "nonsense"
    lines[second] = json.dumps(entry, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(path), "--turn", "3", "--position", str(tmp_path / "p.toml")])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1 and "does not replay" in result.stderr


def test_something_after_the_end_of_the_game_is_damage_not_a_cut(tmp_path):
    path = record(tmp_path / "g.jsonl")
    with path.open("ab") as f:
        f.write(b"GARBAGE")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1 and "something follows the end line" in result.stderr


def test_seeds_are_bounded_so_that_every_record_they_make_reads_back():
    """A bot seat's seed is recorded as '<seed>-<player>' (at most 200 characters)."""
    for command in (["play", "--script", "-"], ["simulate", "--games", "1"]):
        result = runner.invoke(app, [*command, "--seed", "1" * 101])
        assert result.exit_code == 2 and "--seed" in result.output and "at most 100 digits" in result.output


def test_deck_names_are_bounded_and_players_named_after_them_are_never_empty(tmp_path):
    """A deck file refuses an empty, long or unprintable name (the name rule, tests/test_names.py),
    and simulate names its players after the decks, within a record's bounds."""
    deck = tmp_path / "d.toml"
    for name, why in (("L" * 61, "must be 1-60 columns wide"), ("   ", "must show at least one letter"),
                      ("\\u001b[2J", "must not hold control")):
        deck.write_text(f'name = "{name}"\nformat = "casual"\ncards = ["MCL-001", "MCL-013", "MCL-003"]\n')
        result = runner.invoke(app, ["simulate", "--games", "1", "--deck1", str(deck)])
        assert result.exit_code == 1 and f"name: {why}" in result.stderr, name
    deck.write_text('name = "%s"\nformat = "casual"\ncards = ["MCL-001", "MCL-013", "MCL-003"]\n' % ("L" * 60))
    logs = tmp_path / "logs"
    result = runner.invoke(app, ["simulate", "--games", "1", "--deck1", str(deck), "--log-dir", str(logs)])
    assert result.exit_code == 0
    [path] = logs.iterdir()
    assert read_record(path).header["names"][0] == "L" * 23 + "…"
    assert runner.invoke(app, ["verify", str(path)]).exit_code == 0
