"""A new game is one function call, without Typer: decks or a position, bot seats, the record."""

import pytest
from helpers import MATRIX, POSITIONS, SCENARIO_POOL

from momon_cli.data.cards import load_pool
from momon_cli.record import GameRequest, SetupError, new_game, read_record
from momon_cli.record.replay import verify


def test_a_new_game_deals_the_decks_seats_the_bot_and_starts_its_record(tmp_path):
    log = tmp_path / "g.jsonl"
    started = new_game(GameRequest(("Ann", "bot:greedy"), 7, log, ("dawn-dusk", "prism"), first=1), load_pool(), MATRIX)
    assert started.game.setup.names == ("Ann", "Greedy bot") and set(started.seats) == {2}
    assert started.game.pending.player == 1
    started.recorder.close()
    record = read_record(log)
    assert record.header["decks"] == ["Dawn and Dusk", "Prism"] and verify(record) is None


def test_a_new_game_from_a_position(tmp_path):
    request = GameRequest(("Ann", "Bea"), 7, tmp_path / "g.jsonl", position=POSITIONS / "17-1-multi-snatch.toml")
    started = new_game(request, SCENARIO_POOL, MATRIX)
    assert started.game.setup.position.arena and not started.seats
    started.recorder.close()


@pytest.mark.parametrize("players, problem", [(("Ann", "Ann"), "different names"), (("Ann", "bot:nope"), "unknown bot"),
                                              (("A\x1b[2J", "Bea"), "control")])
def test_what_cannot_start_a_game_is_one_line(tmp_path, players, problem):
    with pytest.raises(SetupError, match=problem):
        new_game(GameRequest(players, 7, tmp_path / "g.jsonl"), load_pool(), MATRIX)
    assert not (tmp_path / "g.jsonl").exists()
