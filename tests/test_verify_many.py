"""``momon verify`` over several records and folders: one line each, a count, the worst exit
code; and the card data of each record checked on its own even when the checked cards of
earlier records are reused."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from momon_cli.cli.app import app
from momon_cli.record import read_record

runner = CliRunner()


def _records(folder: Path, games: int = 3) -> list[Path]:
    result = runner.invoke(app, ["simulate", "--games", str(games), "--seed", "5", "--log-dir", str(folder)])
    assert result.exit_code == 0, result.output
    return sorted(folder.glob("*.jsonl"))


def test_a_folder_of_simulated_games_verifies_with_a_count_and_a_rate(tmp_path):
    paths = _records(tmp_path)
    result = runner.invoke(app, ["verify", str(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:-1]] == [str(p) for p in paths]
    assert all(": OK — " in line for line in lines[:-1])
    assert lines[-1].startswith("3 records: 3 match, 0 unfinished, 0 do not match or are not records; ")
    assert lines[-1].endswith(" records/s")


def test_the_worst_record_sets_the_exit_code_and_every_record_still_gets_its_line(tmp_path):
    first, second, third = _records(tmp_path)
    lines = second.read_text().splitlines(keepends=True)
    second.write_text("".join(lines[:3]))  # the header and two answers: unfinished
    assert runner.invoke(app, ["verify", str(first), str(second)]).exit_code == 3
    (tmp_path / "broken.jsonl").write_text("not a record\n")
    result = runner.invoke(app, ["verify", str(tmp_path), str(third)])
    assert result.exit_code == 1
    assert "broken.jsonl: not a game record" in result.stderr
    assert result.stdout.count(": OK — ") == 3 and "unfinished, resumable at answer 3" in result.stdout
    assert result.stdout.splitlines()[-1].startswith("5 records: 3 match, 1 unfinished, 1 do not match or are not ")


def test_a_folder_without_records_is_one_line_and_exit_1(tmp_path):
    result = runner.invoke(app, ["verify", str(tmp_path)])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.splitlines() == [f"{tmp_path}: no records (*.jsonl) to verify"]


def test_a_card_edited_in_one_record_is_checked_again_not_taken_from_an_earlier_record(tmp_path):
    """Checked cards are reused by their exact data: the same id with other data is new data."""
    first, second, _ = _records(tmp_path)
    head, *rest = second.read_text().splitlines(keepends=True)
    header = json.loads(head)
    shared = {c["id"] for c in read_record(first).header["cards"]}
    card = next(c for c in header["cards"] if c["id"] in shared)  # checked with the first record
    card["element"] = "Plasma"  # not an Element of the matrix
    del header["cards_digest"]  # so that only the card check can catch it
    second.write_text(json.dumps(header) + "\n" + "".join(rest))
    result = runner.invoke(app, ["verify", str(first), str(second)])
    assert result.exit_code == 1
    assert "card data is damaged" in result.stderr and "element" in result.stderr
    assert result.stdout.count(": OK — ") == 1


def test_names_the_system_refuses_and_home_folders(tmp_path, monkeypatch):
    """A name too long for the system is one line, as for one record; ~ reaches a folder."""
    result = runner.invoke(app, ["verify", "a" * 300])
    assert result.exit_code == 1 and result.stderr.strip().endswith("cannot open: File name too long")
    assert "Traceback" not in result.output
    (tmp_path / "recs").mkdir()
    _records(tmp_path / "recs", games=1)
    monkeypatch.setenv("HOME", str(tmp_path))
    result = runner.invoke(app, ["verify", "~/recs", "~/recs"])
    assert result.exit_code == 0 and result.stdout.splitlines()[-1].startswith("2 records: 2 match")
    single = runner.invoke(app, ["verify", "~/recs"])
    assert single.exit_code == 0 and single.stdout.splitlines()[-1].startswith("1 record: 1 match")


def test_a_folders_records_are_checked_in_number_order(tmp_path):
    result = runner.invoke(app, ["simulate", "--games", "10", "--seed", "1", "--log-dir", str(tmp_path)])
    assert result.exit_code == 0
    checked = [line.split(":")[0] for line in runner.invoke(app, ["verify", str(tmp_path)]).stdout.splitlines()[:-1]]
    assert checked == [str(tmp_path / f"game-{n}-sequential.jsonl") for n in range(1, 11)]


def test_verify_with_no_record_checks_the_newest_saved_game_as_last_does(tmp_path, monkeypatch):
    import short_game

    from momon_cli.record.saved import games_folder

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    none = runner.invoke(app, ["verify"])
    assert none.exit_code == 1 and "no saved game 'last': there are no saved games in" in none.stderr
    games_folder().mkdir(parents=True)
    newest = short_game.record(games_folder() / "g.jsonl")
    result = runner.invoke(app, ["verify"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{newest}: OK — ") and result.stdout == runner.invoke(app, ["verify", "last"]).stdout
