"""Bot seats in the record: a game against a bot, cut anywhere and resumed, goes on with the
same bot, which gives the answers it gave in the game played without a break."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from short_game import MATRIX, POOL, game_lines, setup
from typer.testing import CliRunner

from momon_cli.bots.roster import seat_answer
from momon_cli.cli.app import app
from momon_cli.engine import Game
from momon_cli.record import RecordFile, Seat, read_record, resume, seats_from_header, start_record
from momon_cli.record.replay import verify

runner = CliRunner()
BOTS = ["--p1", "bot:random", "--p2", "bot:greedy", "--seed", "4"]


def _cut(path: Path, out: Path, answers: int, torn: int = 0) -> None:
    """``path`` up to (not including) its answer number ``answers`` (or its end line), then
    ``torn`` bytes of that line."""
    data = path.read_bytes()
    starts = [i for i in range(len(data)) if data.startswith((b'{"type":"answer"', b'{"type":"end"'), i)]
    end = starts[answers] if answers < len(starts) else len(data)
    out.write_bytes(data[: end + torn])


def test_a_game_between_bots_resumes_with_both_bots_and_the_same_answers(tmp_path):
    whole = tmp_path / "whole.jsonl"
    result = runner.invoke(app, ["play", *BOTS, "--script", "-", "--log", str(whole)], input="")
    assert result.exit_code == 0 and "Winner:" in result.output, result.output
    head = read_record(whole).header
    assert head["names"] == ["Random bot", "Greedy bot"]
    assert [(b["player"], b["bot"], b["seed"], b["seconds"]) for b in head["bots"]] == [(1, "random", "4-1", None),
                                                                                        (2, "greedy", "4-2", None)]
    assert head["bots"][0]["imagines"] == [] and len(head["bots"][1]["imagines"]) == len(POOL)
    answers = len(read_record(whole).answers)
    for given, torn in ((0, 0), (1, 0), (7, 0), (7, 30), (answers - 1, 0), (answers, 0)):
        cut = tmp_path / f"cut-{given}-{torn}.jsonl"
        _cut(whole, cut, given, torn)
        assert len(read_record(cut).answers) == given
        resumed = runner.invoke(app, ["play", "--resume", str(cut), "--script", "-"], input="")
        assert resumed.exit_code == 0 and "Winner:" in resumed.output, (given, resumed.output)
        assert game_lines(cut) == game_lines(whole), given


def test_a_person_against_a_bot_resumes_with_the_bot_answering(tmp_path):
    """Cut right after Ann's second answer: on resume the bot gives its answers again, the
    same ones, and the game waits for Ann."""
    args = ["play", "--p1", "Ann", "--p2", "bot:greedy", "--seed", "4", "--script", "-"]
    whole = tmp_path / "whole.jsonl"
    assert runner.invoke(app, [*args, "--log", str(whole)], input="summon 1 B2\nsummon 1 C3\n").exit_code == 3
    held = read_record(whole)
    anns = [a["n"] for a in held.answers if a["player"] == 1]
    assert len(anns) == 2 and any(a["player"] == 2 and a["n"] > anns[1] for a in held.answers)
    cut = tmp_path / "cut.jsonl"
    _cut(whole, cut, anns[1] + 1)
    resumed = runner.invoke(app, ["play", "--resume", str(cut), "--script", "-"], input="")
    assert resumed.exit_code == 3 and "Greedy bot Summons" in resumed.output and "Pass to" not in resumed.output
    assert "Ann (P1) decides" in resumed.output.rsplit("Greedy bot Summons", 1)[1]
    assert game_lines(cut) == game_lines(whole)


@pytest.mark.parametrize("bots", [("search", "greedy"), ("greedy", "random")])
def test_seats_resumed_after_every_answer_give_the_same_answers(tmp_path, bots):
    """In process, a short game: the search bot's look-ahead and the greedy bot's choices
    after a resume are those of the game played through."""
    seats = {p: Seat(bot, f"46-{p}", tuple(POOL.values())) for p, bot in enumerate(bots, 1)}
    whole = tmp_path / "whole.jsonl"
    game = Game(setup())
    recorder = start_record(whole, game, ("Small One", "Small Two"), bots=seats)
    while game.pending is not None:
        recorder.answer(seat_answer(seats[game.pending.player], game.observe(game.pending.player)))
    recorder.close()
    assert verify(read_record(whole)) is None
    for given in range(len(read_record(whole).answers) + 1):
        cut = tmp_path / f"cut-{given}.jsonl"
        _cut(whole, cut, given)
        file = RecordFile(cut, create=False)
        held = file.read()
        again = seats_from_header(held.header, MATRIX)
        assert again == seats
        game, recorder = resume(file, held)
        while game.pending is not None:
            recorder.answer(seat_answer(again[game.pending.player], game.observe(game.pending.player)))
        recorder.close()
        assert game_lines(cut) == game_lines(whole), given


def test_a_bot_answers_the_same_whatever_it_answered_before(tmp_path):
    """A seat's bot is made anew for every answer, from its seed and the answer's number."""
    seat = Seat("greedy", "7-2", tuple(POOL.values()))
    game = Game(setup())
    first = seat_answer(seat, game.observe(game.pending.player))
    for _ in range(3):
        seat_answer(seat, game.observe(game.pending.player))
    assert seat_answer(seat, game.observe(game.pending.player)) == first
    assert seat_answer(Seat("greedy", "7-2", tuple(POOL.values())), game.observe(game.pending.player)) == first


@pytest.mark.parametrize("bots,why", [
    ([{"player": 2, "bot": "wizard", "seed": "1", "seconds": None, "imagines": []}], "bot must be one of"),
    ([{"player": 2, "bot": "\u001b]0;x\u0007", "seed": "1", "seconds": None, "imagines": []}], "bot must be one of"),
    ([{"player": 3, "bot": "random", "seed": "1", "seconds": None, "imagines": []}], "player: must be 1 or 2"),
    ([{"player": 2, "bot": "search", "seed": "1", "seconds": 1e9, "imagines": []}], "seconds must be"),
    ([{"player": 2, "bot": "search", "seed": "1", "seconds": True, "imagines": []}], "seconds must be"),
    ([{"player": 2, "bot": "greedy", "seed": "1", "seconds": None, "imagines": ["MCL-999"]}], "imagines must"),
    ([{"player": 2, "bot": "greedy", "seed": "1", "seconds": None, "imagines": [["MCL-001"]]}], "imagines must"),
    ([{"player": 2, "bot": "greedy", "seed": "", "seconds": None, "imagines": []}], "seed must be"),
    ([{"player": 2, "bot": "greedy", "seed": "1", "seconds": None}], "each needs"),
    ([{"player": 2, "bot": "random", "seed": "1", "seconds": None, "imagines": []}] * 2, "two bots in one seat"),
    ({"player": 2}, "must be a list"),
])
def test_bad_bot_seats_in_a_header_are_one_line(tmp_path, bots, why):
    whole = tmp_path / "whole.jsonl"
    assert runner.invoke(app, ["play", *BOTS, "--script", "-", "--log", str(whole)], input="").exit_code == 0
    lines = whole.read_text().splitlines()
    cut = tmp_path / "bad.jsonl"
    cut.write_text("\n".join([json.dumps({**json.loads(lines[0]), "bots": bots}), *lines[1:5]]) + "\n")
    for command in (["verify"], ["replay", "--to-end"], ["play", "--resume"]):
        result = runner.invoke(app, [*command, str(cut), *(["--script", "-"] if command[0] == "play" else [])], input="")
        assert result.exit_code == 1 and why in result.stderr and "\x1b" not in result.output, (command, result.output)
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_an_unknown_bot_on_the_command_line_is_one_line():
    result = runner.invoke(app, ["play", "--p1", "Ann", "--p2", "bot:wizard", "--script", "-"], input="")
    assert result.exit_code == 1 and "unknown bot 'wizard'" in result.stderr and len(result.stderr.splitlines()) == 1
