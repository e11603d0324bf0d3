"""Record format 3 (answers with event digests, the end line, --full) and format 2 (every
event as a line), which still reads, replays, verifies and resumes."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from short_game import game_lines, record, setup
from typer.testing import CliRunner

from momon_cli.bots import simulate as sim
from momon_cli.cli.app import app
from momon_cli.engine import Game, answer_from_json
from momon_cli.record import read_record, write_record
from momon_cli.record.replay import verify

runner = CliRunner()
GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"
FORMAT2 = Path(__file__).parent / "records" / "format2-dawn-dusk-vs-prism-seed7.jsonl"
ARGS = ["--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7", "--first", "1"]
LINES = [line for line in GAME.read_text().splitlines() if line and not line.startswith("#")]


def _play(path: Path, *extra: str, script: str | None = None):
    source = ["--script", str(GAME)] if script is None else ["--script", "-"]
    return runner.invoke(app, ["play", *ARGS, *extra, *source, "--log", str(path)], input=script)


def second_implementation(events: list[dict]) -> str:
    """docs/records.md's digest, from event objects as a --full record holds them."""
    rows = [list(event.values()) for event in events]  # kind first, then the fields in order
    text = json.dumps(rows, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def test_the_digests_follow_the_documented_definition(tmp_path):
    """Each answer's digest covers the events since the line before; the end line the rest."""
    path = record(tmp_path / "full.jsonl", setup(names=("Ann \u00e9\u0e17\u0e48", "Bea \U0001f600")), full=True)
    held = read_record(path)
    lines = [held.header, *held.entries, held.end]
    mark, checked = 0, 0
    for line in lines[1:]:
        if line["type"] == "event":
            continue
        events = held.events[mark:line["events"]]
        assert line["digest"] == second_implementation(events), line
        mark, checked = line["events"], checked + 1
    assert held.end["events"] == len(held.events) and checked == len(held.answers) + 1
    assert second_implementation([]) == hashlib.sha256(b"[]").hexdigest()[:16]


@pytest.mark.parametrize("full", [False, True], ids=["compact", "full"])
def test_a_simulated_record_is_the_record_play_writes(tmp_path, full):
    """simulate writes its records in one piece; they hold the very lines a Recorder writes."""
    live = record(tmp_path / "live.jsonl", full=full)
    game = sim.play_random(setup(), tmp_path / "sim.jsonl", ("Small One", "Small Two"), full)
    assert game.result is not None and verify(read_record(tmp_path / "sim.jsonl")) is None
    game = Game(setup())  # the live game's answers (another bot's), written as simulate writes
    asked = []
    for entry in read_record(live).answers:
        asked.append((len(game.events), game.pending.player, game.pending.kind.value))
        game.answer(answer_from_json(entry["value"]))
    write_record(tmp_path / "batch.jsonl", game, ("Small One", "Small Two"), asked, full=full)
    assert game_lines(tmp_path / "batch.jsonl") == game_lines(live)


def test_simulate_full_keeps_every_event_and_is_larger(tmp_path):
    for extra, folder in (([], "compact"), (["--full"], "full")):
        result = runner.invoke(app, ["simulate", "--games", "3", "--seed", "5", "--log-dir", str(tmp_path / folder),
                                     *extra])
        assert result.exit_code == 0, result.output
    for name in ("game-5-sequential.jsonl", "game-7-sequential.jsonl"):
        compact, full = read_record(tmp_path / "compact" / name), read_record(tmp_path / "full" / name)
        assert not compact.events and not compact.full and full.full and len(full.events) == full.end["events"]
        assert compact.end == full.end and [a["digest"] for a in compact.answers] == [a["digest"] for a in full.answers]
        assert (tmp_path / "full" / name).stat().st_size > 4 * (tmp_path / "compact" / name).stat().st_size
        assert runner.invoke(app, ["verify", str(tmp_path / "compact" / name)]).exit_code == 0


def test_a_compact_record_says_less_but_replays_the_same(tmp_path):
    compact, full = tmp_path / "c.jsonl", tmp_path / "f.jsonl"
    assert _play(compact).exit_code == 0 and _play(full, "--full").exit_code == 0
    created = (read_record(compact).header["created"], read_record(full).header["created"])
    for args in (["replay", "--to-end", "--json"], ["export", "--format", "md"], ["replay", "--turn", "4", "--json"]):
        shown = runner.invoke(app, [*args, str(compact)]).output.replace(*created)
        assert shown == runner.invoke(app, [*args, str(full)]).output
    listing = runner.invoke(app, ["games", "--folder", str(tmp_path)], env={"COLUMNS": "200"}).output
    assert listing.count("Ann wins (Arena full) · 16 turns") == 2
    assert compact.stat().st_size * 5 < full.stat().st_size


def test_format_2_still_reads_replays_verifies_and_lists(tmp_path):
    path = tmp_path / "old.jsonl"
    shutil.copyfile(FORMAT2, path)
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 0 and "OK — 19 answers replay to the same 278 events" in result.output
    new = tmp_path / "new.jsonl"
    assert _play(new).exit_code == 0
    for args in (["replay", "--to-end", "--json"], ["export", "--format", "txt"]):
        old_out, new_out = (runner.invoke(app, [*args, str(p)]).output for p in (path, new))
        created = (read_record(path).header["created"], read_record(new).header["created"])
        assert old_out.replace(*created) == new_out
    listing = runner.invoke(app, ["games", "--folder", str(tmp_path)], env={"COLUMNS": "200"}).output
    assert listing.count("Ann wins (Arena full) · 16 turns") == 2


def test_a_format_2_record_resumes_as_format_2(tmp_path):
    """Cut after its seventh answer (mid-burst), it continues in its own format."""
    path = tmp_path / "old.jsonl"
    lines = FORMAT2.read_text().splitlines(keepends=True)
    seventh = [i for i, line in enumerate(lines) if '"type":"answer"' in line][6]
    path.write_text("".join(lines[: seventh + 3]))
    assert runner.invoke(app, ["verify", str(path)]).exit_code == 3
    result = runner.invoke(app, ["play", "--resume", str(path), "--script", "-"], input="\n".join(LINES[7:]) + "\n")
    assert result.exit_code == 0 and "Winner: Ann (P1)" in result.output
    assert path.read_text() == FORMAT2.read_text()  # the same lines, the old header kept
    assert read_record(path).format == 2 and verify(read_record(path)) is None


def test_a_compact_record_cut_anywhere_between_answers_resumes(tmp_path):
    """The answers' events are never in a compact record: a game left between two answers
    resumes from its answers alone, and comes out as the uncut record."""
    whole = tmp_path / "whole.jsonl"
    assert _play(whole).exit_code == 0
    for given in (0, 1, 9, len(LINES) - 1):
        path = tmp_path / f"cut-{given}.jsonl"
        result = _play(path, script="\n".join(LINES[:given]) + "\n")
        assert result.exit_code == 3, result.output
        held = read_record(path)
        assert len(held.answers) == given and held.end is None and not held.finished
        verified = runner.invoke(app, ["verify", str(path)])
        assert verified.exit_code == 3 and f"resumable at answer {given + 1}" in verified.output
        resumed = runner.invoke(app, ["play", "--resume", str(path), "--script", "-"],
                                input="\n".join(LINES[given:]) + "\n")
        assert resumed.exit_code == 0, resumed.output
        assert game_lines(path) == game_lines(whole)


def test_undo_cuts_a_compact_record_back_and_the_game_goes_on(tmp_path):
    path = tmp_path / "undo.jsonl"
    script = "\n".join([*LINES[:8], "undo", LINES[7], *LINES[8:]]) + "\n"  # Bea answers twice in a row there
    result = _play(path, script=script)
    assert result.exit_code == 0 and "Your last answer is taken back" in result.output, result.output
    whole = tmp_path / "whole.jsonl"
    assert _play(whole).exit_code == 0
    assert game_lines(path) == game_lines(whole)


def test_simulate_replaces_its_own_records_in_any_form_but_no_other_file(tmp_path):
    """A second run over the same folder replaces the records of its games (compact, full or
    format 2); a file that is not a record of that game stays, and the run stops on it."""
    args = ["simulate", "--games", "2", "--seed", "3", "--log-dir", str(tmp_path)]
    assert runner.invoke(app, args).exit_code == 0
    assert runner.invoke(app, [*args, "--full"]).exit_code == 0 and read_record(tmp_path / "game-3-sequential.jsonl").full
    path = tmp_path / "game-4-sequential.jsonl"
    lines = path.read_text().splitlines()
    old = {k: v for k, v in json.loads(lines[0]).items() if k not in ("full", "bots")}
    path.write_text(json.dumps({**old, "format": 2}) + "\n")  # a format 2 record of the same game, cut after its header
    assert runner.invoke(app, args).exit_code == 0 and read_record(path).format == 3
    path.write_text(json.dumps({**old, "seed": 99}) + "\n")
    result = runner.invoke(app, args)
    assert result.exit_code == 1 and "not a record of this game" in result.stderr
    assert json.loads(path.read_text())["seed"] == 99


def test_a_simulated_game_that_fails_leaves_its_record_up_to_the_answer_that_broke_it(tmp_path, monkeypatch):
    import momon_cli.engine.turn as turn

    real, calls = turn.run_check, {"n": 0}

    def failing(ctx, summoned, *rest):
        calls["n"] += 1
        if calls["n"] == 5:
            raise RuntimeError("a rules bug")
        return real(ctx, summoned, *rest)

    monkeypatch.setattr(turn, "run_check", failing)
    result = runner.invoke(app, ["simulate", "--games", "1", "--seed", "8", "--log-dir", str(tmp_path)])
    assert result.exit_code == 1 and "a rules bug" in result.stderr and "--seed 8" in result.stderr
    held = read_record(tmp_path / "game-8-sequential.jsonl")
    assert held.end is None and len(held.answers) >= 5
    calls["n"] = 0
    assert f"answer {len(held.answers)} (" in str(verify(held))  # its replay meets the bug at the last answer
    monkeypatch.setattr(turn, "run_check", real)
    assert verify(held) is None  # without the bug, what it holds replays: unfinished


def _edited(tmp_path: Path, source: Path, number: int, change) -> Path:
    """A copy of ``source`` whose line ``number`` (0: the header) went through ``change``."""
    lines = source.read_text().splitlines()
    data = json.loads(lines[number])
    change(data)
    lines[number] = json.dumps(data)
    out = tmp_path / f"edited-{number}.jsonl"
    out.write_text("\n".join(lines) + "\n")
    return out


@pytest.mark.parametrize("full", [False, True])
def test_verify_refuses_unknown_fields_on_every_kind_of_line(tmp_path, full):
    """Records are as strict as card and position files: a field nobody wrote is damage."""
    path = tmp_path / "g.jsonl"
    assert _play(path, *(["--full"] if full else [])).exit_code == 0
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    kinds = {"header": 0, **{item["type"]: i for i, item in reversed(list(enumerate(lines))) if i}}
    assert set(kinds) == ({"header", "answer", "end", "event"} if full else {"header", "answer", "end"})
    for kind, number in kinds.items():
        edited = _edited(tmp_path, path, number, lambda d: d.update(note="x" * 1000))
        result = runner.invoke(app, ["verify", str(edited)])
        assert result.exit_code == 1 and "unknown field 'note'" in result.output, (kind, result.output)
        assert len(result.output.strip().splitlines()) == 1


def test_verify_refuses_a_huge_unknown_header_field_in_one_line(tmp_path):
    path = tmp_path / "g.jsonl"
    assert _play(path).exit_code == 0
    edited = _edited(tmp_path, path, 0, lambda d: d.update(padding="p" * (48 * 2**20)))
    result = runner.invoke(app, ["verify", str(edited)])
    assert result.exit_code == 1 and "the header is damaged: unknown field 'padding'" in result.output


def test_a_format_2_record_with_exactly_its_fields_still_verifies():
    result = runner.invoke(app, ["verify", str(FORMAT2)])
    assert result.exit_code == 0, result.output


def test_verify_refuses_a_key_named_twice(tmp_path):
    """json.loads keeps the last of two keys: the first could hide megabytes of padding."""
    path = tmp_path / "g.jsonl"
    assert _play(path).exit_code == 0
    original = path.read_text().splitlines()
    for number, key, twice in ((1, "seed", '"seed":"' + "p" * 100_000 + '","seed":'), (2, "n", '"n":7,"n":')):
        lines = list(original)
        lines[number - 1] = lines[number - 1].replace(f'"{key}":', twice, 1)
        edited = tmp_path / f"twice{number}.jsonl"
        edited.write_text("\n".join(lines) + "\n")
        result = runner.invoke(app, ["verify", str(edited)])
        assert result.exit_code == 1 and f"damaged at line {number}: the key '{key}' is named twice" in result.output


def test_the_header_is_a_typed_structure_holding_exactly_the_fields_validate_checks():
    """A record's header is read as ``Header`` (a TypedDict), not a dict of anything: its keys
    are the ones the validator takes, and the ones a header may lack are the optional ones."""
    import typing

    from momon_cli.record import Record
    from momon_cli.record.format import HEADER_KEYS, OPTIONAL_HEADER_KEYS, Header

    assert typing.get_type_hints(Record)["header"] is Header
    assert Header.__required_keys__ | Header.__optional_keys__ == HEADER_KEYS[3] | OPTIONAL_HEADER_KEYS
    assert Header.__optional_keys__ == OPTIONAL_HEADER_KEYS | (HEADER_KEYS[3] - HEADER_KEYS[2])
