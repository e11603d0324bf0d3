"""A bot seat's name: the record keeps its English title, whatever language the game was
played in, and each screen shows it in its own; an older record that holds the title in
Thai still reads, in the reader's language."""

import json

from helpers import MATRIX

from momon_cli import language
from momon_cli.cli.records import _game_row
from momon_cli.data.cards import load_pool
from momon_cli.record import GameRequest, new_game, read_record
from momon_cli.record.header import setup_from_header, shown_names
from momon_cli.record.replay import transcript, verify


def _thai_game(tmp_path, players=("Ann", "bot:search")):
    log = tmp_path / "g.jsonl"
    with language.using("th"):
        started = new_game(GameRequest(players, 7, log, ("dawn-dusk", "prism"), first=1), load_pool(), MATRIX)
    return started, log


def test_a_thai_game_records_the_bots_english_title_and_shows_its_thai_one(tmp_path):
    started, log = _thai_game(tmp_path)
    assert started.game.setup.names == ("Ann", "บอทค้นหา")  # the Thai player's own screen
    head = read_record(log).header
    assert head["names"] == ["Ann", "Search bot"]
    assert shown_names(head) == ("Ann", "Search bot")
    with language.using("th"):
        assert shown_names(head) == ("Ann", "บอทค้นหา")
        assert setup_from_header(head, MATRIX, shown=True).names == ("Ann", "บอทค้นหา")
    assert setup_from_header(head, MATRIX).names == ("Ann", "Search bot")  # a game file's tags, the JSON state


def test_an_english_games_list_and_transcript_name_a_thai_games_bot_in_english(tmp_path):
    """A playtester's English 'momon games' printed the bot of a Thai game in Thai."""
    _thai_game(tmp_path)
    rec = read_record(tmp_path / "g.jsonl")
    row = " ".join(_game_row(rec))
    assert "Ann vs Search bot" in row and "บอท" not in row, row
    assert "บอท" not in transcript(rec)
    with language.using("th"):
        assert "บอทค้นหา" in " ".join(_game_row(rec))


def test_an_older_record_holding_a_thai_bot_title_reads_in_the_readers_language(tmp_path):
    _thai_game(tmp_path, ("bot:easy", "bot:easy"))
    log = tmp_path / "g.jsonl"
    lines = log.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    assert head["names"] == ["Easy bot 1", "Easy bot 2"]
    with language.using("th"):
        thai = [language._("Easy bot") + " 1", language._("Easy bot") + " 2"]
    head["names"] = thai  # as a Thai game wrote it before the record kept the English
    log.write_text("\n".join([json.dumps(head, ensure_ascii=False), *lines[1:]]) + "\n", encoding="utf-8")
    rec = read_record(log)
    assert verify(rec) is None
    assert shown_names(rec.header) == ("Easy bot 1", "Easy bot 2")
    with language.using("th"):
        assert shown_names(rec.header) == (thai[0], thai[1])


def test_a_person_who_took_a_bots_title_as_a_name_keeps_it(tmp_path):
    _, log = _thai_game(tmp_path, ("บอทค้นหา", "bot:greedy"))
    head = read_record(log).header
    assert head["names"] == ["บอทค้นหา", "Greedy bot"] and shown_names(head)[0] == "บอทค้นหา"
