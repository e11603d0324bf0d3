"""Records survive engine changes: answers name board things, and a record made for other
rules is refused with one line instead of being replayed differently."""

import json

from helpers import POSITIONS
from typer.testing import CliRunner

from momon_cli.cli.app import app
from momon_cli.engine import RULES_VERSION

runner = CliRunner()


def _record(tmp_path, script="summon climber B1\n1 2\n"):
    log = tmp_path / "g.jsonl"
    runner.invoke(app, ["play", "--position", str(POSITIONS / "17-1-order-matters.toml"), "--cards",
                        str(POSITIONS / "cards.toml"), "--p1", "Ann", "--p2", "Bea", "--script", "-", "--log", str(log)],
                  input=script)
    return log


def test_recorded_answers_name_cards_spaces_and_option_keys(tmp_path):
    lines = [json.loads(line) for line in _record(tmp_path).read_text().splitlines()]
    head = lines[0]
    assert head["format"] == 3 and head["rules"] == RULES_VERSION
    assert {c["id"] for c in head["cards"]} >= {"TPS-006", "TPS-002", "TPS-003"}
    answers = [(a["kind"], a["value"]) for a in lines if a["type"] == "answer"]
    assert answers == [("summon", ["TPS-006", "B1"]), ("order_attempts", ["B2", "C1"])]


def test_a_script_keeps_the_listed_order_with_listed(tmp_path):
    """A script skips blank lines, so it cannot press Enter: 'listed' is its Enter."""
    lines = [json.loads(line) for line in _record(tmp_path, "summon climber B1\n\nlisted\n").read_text().splitlines()]
    assert [(a["kind"], a["value"]) for a in lines if a["type"] == "answer"] == [
        ("summon", ["TPS-006", "B1"]), ("order_attempts", ["B2", "C1"])]


def test_a_record_for_other_rules_is_refused_in_one_line(tmp_path):
    log = _record(tmp_path)
    lines = log.read_text().splitlines()
    head = json.loads(lines[0])
    head["rules"] = RULES_VERSION + 1
    log.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    for command in (["verify", str(log)], ["replay", str(log), "--to-end"], ["play", "--resume", str(log)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1 and "rules version" in result.output and "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1


def test_a_format_1_record_is_refused_in_one_line(tmp_path):
    old = tmp_path / "old.jsonl"
    old.write_text(json.dumps({"type": "header", "format": 1, "engine": "0.1.0"}) + "\n")
    result = runner.invoke(app, ["verify", str(old)])
    assert result.exit_code == 1 and "record format 1" in result.output
