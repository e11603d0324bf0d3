"""``momon analyse``: every decision of a saved game rated, chances in [0, 1], the mistakes
marked, a summary per player and a chart within 80 columns; one line for a bad record."""

import json

from typer.testing import CliRunner

from momon_cli.bots.analysis import BLUNDER, MISTAKE, Rating
from momon_cli.cli.app import app

runner = CliRunner()


def _record(tmp_path):
    made = runner.invoke(app, ["simulate", "--games", "1", "--seed", "4", "--log-dir", str(tmp_path)])
    assert made.exit_code == 0, made.output
    (path,) = tmp_path.glob("*.jsonl")
    return path


def test_analyse_json_rates_every_decision_with_win_chances_in_0_1(tmp_path):
    path = _record(tmp_path)
    answers = sum(1 for line in path.read_text().splitlines() if '"type": "answer"' in line or '"type":"answer"' in line)
    done = runner.invoke(app, ["analyse", str(path), "--json", "--playouts", "12"])
    assert done.exit_code == 0, done.output
    result = json.loads(done.stdout)
    rated = result["decisions"]
    assert answers and len(rated) + result["forced"] == answers
    assert [r["number"] for r in rated] == sorted(r["number"] for r in rated)
    for r in rated:
        assert 0.0 <= r["played_chance"] <= 1.0 and 0.0 <= r["best_chance"] <= 1.0
        assert r["cost"] == round(max(0.0, r["best_chance"] - r["played_chance"]), 4)
    assert {p["player"] for p in result["players"]} == {1, 2}
    assert all(0.0 <= t["player_1"] <= 1.0 for t in result["win_chance"])


def test_analyse_text_marks_mistakes_summarises_and_charts_within_80_columns(tmp_path):
    path = _record(tmp_path)
    done = runner.invoke(app, ["analyse", str(path), "--playouts", "12"], terminal_width=80)
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert any("decisions rated" in line for line in lines) and any("win chance after each turn" in line
                                                                     for line in lines)
    assert max(len(line) for line in lines) <= 80


def test_a_rating_is_marked_by_what_it_cost():
    def rated(played, best):
        return Rating(1, 1, 1, "summon", "a b", "c d", played, best)
    assert rated(0.5, 0.5).mark == "" and rated(0.6, 0.5).cost == 0.0
    assert rated(0.5, 0.5 + MISTAKE).mark == "?" and rated(0.2, 0.2 + BLUNDER).mark == "??"


def test_analyse_of_something_that_is_not_a_record_is_one_line(tmp_path):
    bad = tmp_path / "x.jsonl"
    bad.write_text("not json\n")
    done = runner.invoke(app, ["analyse", str(bad)])
    assert done.exit_code == 1 and len(done.output.strip().splitlines()) == 1 and "Traceback" not in done.output
