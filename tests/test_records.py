"""Saved games: records written as played, replayed, verified, resumed; bad records handled."""

import json
import os
import signal
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path

import pyte
import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from screen_driver import AltScreen
from short_game import game_lines
from typer.testing import CliRunner

from momon_cli.bots import simulate as sim
from momon_cli.cli.app import app
from momon_cli.data.cards import builtin_deck_names, load_deck, load_matrix, load_pool
from momon_cli.engine import Setup
from momon_cli.record import RecordError, read_record
from momon_cli.record.replay import rebuild, state_json, verify
from momon_cli.tui.viewer import Timeline, Viewer

runner = CliRunner()
GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"
ARGS = ["--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7", "--first", "1"]
POOL = load_pool()
DECKS = [load_deck(n, POOL) for n in builtin_deck_names()]


@pytest.mark.parametrize("profile", ["sequential", "simultaneous"])
def test_simulated_records_verify_and_replay_to_the_engines_final_state(tmp_path, profile):
    sim.run(25, 100, DECKS, None, None, load_matrix(), profile, tmp_path)
    records = sorted(tmp_path.glob("*.jsonl"))
    assert len(records) == 25
    for path in records:
        record = read_record(path)
        assert verify(record) is None, path
        seed = record.header["seed"]
        d1, d2 = (next(d for d in DECKS if d.name == record.header["decks"][i]) for i in (0, 1))
        live = sim.play_random(Setup.new_game((d1.cards, d2.cards), load_matrix(), seed, profile, (d1.name, d2.name)))
        result = runner.invoke(app, ["replay", str(path), "--to-end", "--json"])
        assert result.exit_code == 0
        assert json.loads(result.output) == state_json(live)


def _record(tmp_path, *extra):
    path = tmp_path / "g.jsonl"
    assert runner.invoke(app, ["play", *ARGS, *extra, "--script", str(GAME), "--log", str(path), "--force"]).exit_code == 0
    return path


def test_verify_passes_and_catches_an_edited_answer_digest_or_event(tmp_path):
    path = _record(tmp_path)
    ok = runner.invoke(app, ["verify", str(path)])
    assert ok.exit_code == 0 and "OK — 19 answers replay to the same 278 events" in ok.output
    lines = path.read_text().splitlines()
    answer = next(i for i, line in enumerate(lines) if '"type":"answer"' in line)
    edited = lines.copy()
    edited[answer] = edited[answer].replace('"A4"', '"B4"')
    path.write_text("\n".join(edited) + "\n")
    bad = runner.invoke(app, ["verify", str(path)])
    assert bad.exit_code == 1 and "does not match at step" in bad.output and "expected" in bad.output
    edited = lines.copy()
    edited[answer + 3] = json.dumps({**json.loads(edited[answer + 3]), "digest": "0123456789abcdef"})
    path.write_text("\n".join(edited) + "\n")
    bad = runner.invoke(app, ["verify", str(path)])
    assert bad.exit_code == 1 and "to have digest 0123456789abcdef" in bad.output and "--full" in bad.output
    path = _record(tmp_path, "--full")
    assert runner.invoke(app, ["verify", str(path)]).exit_code == 0
    lines = path.read_text().splitlines()
    edited = lines.copy()
    event = next(i for i, line in enumerate(lines) if '"kind":"summoned"' in line)
    edited[event] = edited[event].replace('"space":"A4"', '"space":"A3"')
    path.write_text("\n".join(edited) + "\n")
    bad = runner.invoke(app, ["verify", str(path)])
    assert bad.exit_code == 1 and '"space": "A3"' in bad.output.replace("\n", "") or '"space":"A3"' in bad.output


def test_torn_last_line_is_recovered_with_a_warning(tmp_path):
    path = _record(tmp_path)
    text = path.read_text()
    path.write_text(text[: len(text) - 40])  # cut the last line mid-write
    record = read_record(path)
    assert record.warnings and "cut off mid-write" in record.warnings[0]
    assert verify(record) is None  # whatever is whole still replays
    result = runner.invoke(app, ["replay", str(path), "--to-end", "--json"])
    assert result.exit_code == 0 and "warning:" in result.output


@pytest.mark.parametrize("full", [False, True], ids=["compact", "full"])
def test_torn_unfinished_record_resumes(tmp_path, full):
    """Torn inside the last line: with --full an event of the fifth answer, else the fifth
    answer itself (given again on resume)."""
    path = tmp_path / "half.jsonl"
    lines = [line for line in GAME.read_text().splitlines() if line and not line.startswith("#")]
    runner.invoke(app, ["play", *ARGS, *(["--full"] if full else []), "--script", "-", "--log", str(path)],
                  input="\n".join(lines[:5]) + "\n")
    text = path.read_text()
    path.write_text(text[: len(text) - 25])
    assert len(read_record(path).answers) == (5 if full else 4)
    result = runner.invoke(app, ["play", "--resume", str(path), "--script", "-"],
                           input="\n".join(lines[5 if full else 4:]) + "\n")
    assert result.exit_code == 0 and "Winner: Ann (P1)" in result.output
    assert "cut off mid-write" in result.output
    assert read_record(path).warnings == [] and verify(read_record(path)) is None


@pytest.mark.parametrize("content,message", [
    ('{"type":"header","format":99}\n', "record format 99 is not one this momon reads"),
    ('{"type":"answer","n":0}\n', "no header line"),
    ("hello, I am a shopping list\n", "not a game record"),
    ("", "no header line"),
])
def test_bad_records_get_one_clear_line(tmp_path, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    for command in (["verify"], ["replay", "--to-end"], ["export"], ["play", "--resume"]):
        result = runner.invoke(app, [*command, str(path)])
        assert result.exit_code == 1 and message in result.output and "Traceback" not in result.output
    with pytest.raises(RecordError):
        read_record(tmp_path / "missing.jsonl")
    for command in (["verify"], ["replay"], ["export"]):  # a name that is no file: say what names a record
        missing = runner.invoke(app, [*command, "nope"])
        assert missing.exit_code == 1 and missing.stderr.strip() == "nope: no such file (a record is named by a " \
                                                                   "path, 'last' or its number in 'momon games')"
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00garbage")
    assert runner.invoke(app, ["verify", str(tmp_path / "bin.jsonl")]).exit_code == 1


def test_sigkill_mid_game_then_resume_continues_the_same_game(tmp_path):
    lines = [line for line in GAME.read_text().splitlines() if line and not line.startswith("#")]
    path = tmp_path / "killed.jsonl"
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    proc = subprocess.Popen([sys.executable, "-m", "momon_cli", "play", *ARGS, "--script", "-", "--log", str(path)],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    proc.stdin.write(("\n".join(lines[:9]) + "\n").encode())
    proc.stdin.flush()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # wait until the ninth answer is on disk
        if path.exists() and path.read_text().count('"type":"answer"') == 9:
            break
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert path.read_text().count('"type":"answer"') == 9
    resumed = subprocess.run([sys.executable, "-m", "momon_cli", "play", "--resume", str(path), "--script", "-"],
                             input=("\n".join(lines[9:]) + "\n").encode(), capture_output=True, env=env)
    out = resumed.stdout.decode()
    assert resumed.returncode == 0, out + resumed.stderr.decode()
    assert out.strip().splitlines()[-1] == "Winner: Ann (P1)" and "Ann (P1) 8: " in out
    whole = _record(tmp_path)  # the same game played without a break
    assert game_lines(path) == game_lines(whole)
    assert verify(read_record(path)) is None


def test_resume_refuses_a_finished_game(tmp_path):
    path = _record(tmp_path)
    result = runner.invoke(app, ["play", "--resume", str(path)])
    assert result.exit_code == 1 and "that game is over" in result.output


def test_replay_keys_walk_steps_and_turns(tmp_path):
    path = _record(tmp_path)
    timeline = Timeline(read_record(path))
    assert timeline.move(1, "next") == 2 and timeline.move(2, "previous") == 1
    turn2 = timeline.move(timeline.step_of_turn(1), "next_turn")
    assert timeline.lines[turn2 - 1].startswith("— Turn 2")
    assert timeline.move(turn2, "previous_turn") == timeline.step_of_turn(1)
    assert timeline.move(5, "end") == timeline.last
    screen, shown = _view(timeline, "nnptTeppq", 100, 30)
    assert f"Step {timeline.last - 2}/{timeline.last}" in "\n".join(screen.display)  # e, then p twice
    assert shown.count("\x1b[?1049h") == 1  # one screen, redrawn in place


def _view(timeline, keys: str, columns: int, rows: int):
    """The viewer driven by ``keys``: the emulated screen just before it closed, and its output."""
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        screen = AltScreen(columns, rows)
        stream = StringIO()
        Viewer(timeline, 1).run(pipe, Vt100_Output(stream, lambda: Size(rows, columns), term="xterm"))
    shown = stream.getvalue()
    pyte.Stream(screen).feed(shown[:shown.rindex("\x1b[?1049l")])
    return screen, shown


def test_replay_at_80x24_shows_the_last_step_whole_at_the_bottom_and_the_whole_legend(tmp_path):
    path = _record(tmp_path)
    timeline = Timeline(read_record(path))
    screen, _ = _view(timeline, "eq", 80, 24)
    words = " ".join(" ".join(screen.display).split())
    assert " ".join(timeline.lines[-1].split()) in words  # the result, in reading order at the end
    assert words.endswith("v turn the Arena · q quit")


def test_replay_legend_breaks_only_between_keys():
    from momon_cli.tui.viewer import keys, legend

    HELP = keys()

    for width in (40, 60, 80, 100, 200):
        lines = [line.plain for line in legend(width)]
        assert " · ".join(lines) == " · ".join(HELP) and all(len(line) <= width for line in lines)
        assert all(line.split(" · ")[0] in HELP for line in lines)  # every line starts with a whole key
    assert [line.plain for line in legend(80)][-1] == "v turn the Arena · q quit"


def test_replay_opens_on_the_setup_then_turn_1(tmp_path):
    """Before the first Turn Start the status line says Setup, not a turn 0 no game has."""
    path = _record(tmp_path)
    first = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "100"})
    assert first.exit_code == 0 and first.stdout.startswith("Setup: Ann · Ann 0 – Bea 0")
    assert runner.invoke(app, ["replay", str(path), "--turn", "1"], env={"COLUMNS": "100"}).stdout.startswith("Turn 1: Ann")


def test_replay_turn_option_and_state_json_contract(tmp_path):
    path = _record(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--turn", "3", "--json"])
    state = json.loads(result.output)
    assert state["turn"] == 3 and state["active"] == 1 and state["result"] is None
    assert set(state) == {"turn", "active", "first_player_token", "profile", "arena", "hands", "voids", "scores",
                          "result"}
    assert len(state["arena"]) == 16 and set(state["hands"]) == {"1", "2"}
    taken = [v for v in state["arena"].values() if v]
    assert set(taken[0]) == {"card", "name", "owner", "controller", "power", "element", "ward", "token_value"}
    final = json.loads(runner.invoke(app, ["replay", str(path), "--to-end", "--json"]).output)
    assert final["result"] == {"winner": 1, "reason": "full-arena", "tiebreak": False}
    assert runner.invoke(app, ["replay", str(path), "--turn", "2"]).exit_code == 0


def test_export_and_games_list(tmp_path):
    path = _record(tmp_path)
    md = runner.invoke(app, ["export", str(path), "--format", "md"]).output
    assert md.startswith("# Ann vs Bea") and "## Turn 1: Ann" in md and "> Ann chooses to Summon Halo Sentinel onto A4" in md
    assert "MCL-" not in md  # every card by its name: no two of its cards share one
    assert "Game over" in md
    last_turn = md[md.rindex("## Turn "):]  # the turn whose Summon step found the Arena full
    assert "End condition recorded: the Arena is full" in last_turn
    txt = runner.invoke(app, ["export", str(path), "--format", "txt"]).output
    assert "— Turn 1: Ann" in txt and "#" not in txt.splitlines()[0]
    unfinished = tmp_path / "half.jsonl"
    runner.invoke(app, ["play", *ARGS, "--script", "-", "--log", str(unfinished)], input="summon halo A4\n")
    listing = runner.invoke(app, ["games", "--folder", str(tmp_path)], env={"COLUMNS": "200"}).output
    assert listing.index("half.jsonl") < listing.index("g.jsonl")  # newest first
    assert "unfinished · 1 answer so far" in listing and "Ann wins (Arena full) · 16 turns" in listing


def test_time_travel_stops_exactly_after_an_event(tmp_path):
    record = read_record(_record(tmp_path))
    game = rebuild(record, stop_after=10)
    assert len(game.events) == 10


def test_games_lines_break_between_parts_never_inside_a_name(tmp_path):
    path = _record(tmp_path)
    listing = runner.invoke(app, ["games", "--folder", str(tmp_path)], env={"COLUMNS": "50"}).stdout.splitlines()
    assert listing[0] == f"  1  {path}"
    assert listing[1].endswith(" · Ann vs Bea") and listing[2:] == ["     Dawn and Dusk vs Prism",
                                                                  "     Ann wins (Arena full) · 16 turns"]
    assert all(len(line) <= 50 for line in listing[1:])


def test_games_counts_the_turns_played_not_the_turn_the_end_was_found_in(tmp_path):
    """A full Arena is found at the start of the Summon step of the turn after the sixteenth
    Summon: that turn summons nothing, so the listing says 16 turns. A game from a position
    counts from the position's turn."""
    path = _record(tmp_path)
    summons = sum(answer["kind"] == "summon" for answer in read_record(path).answers)
    listing = runner.invoke(app, ["games", "--folder", str(tmp_path)], env={"COLUMNS": "200"}).output
    assert summons == 16 and "Ann wins (Arena full) · 16 turns" in listing
    late = tmp_path / "late"
    positions = Path(__file__).parent / "positions"
    played = runner.invoke(app, ["play", "--position", str(positions / "17-8-full-arena.toml"), "--cards",
                                 str(positions / "cards.toml"), "--p1", "Ann", "--p2", "Bea", "--script", "-",
                                 "--log", str(late / "g.jsonl")], input="summon 1 D4\n")
    assert played.exit_code == 0, played.output
    listing = runner.invoke(app, ["games", "--folder", str(late)], env={"COLUMNS": "200"}).output
    assert "(Arena full) · 1 turn\n" in listing  # turn 2 only: the position starts there
