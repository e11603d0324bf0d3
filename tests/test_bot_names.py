"""A bot seat's name: the record keeps it as its game played it (the events, and so the
digests, hold that name), and each screen shows a bot's title in its own language, whatever
language the game was played in."""


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


def test_a_thai_game_records_the_bots_name_as_played_and_shows_it_in_each_readers_language(tmp_path):
    started, log = _thai_game(tmp_path)
    assert started.game.setup.names == ("Ann", "บอทค้นหา")  # the Thai player's own screen
    head = read_record(log).header
    assert head["names"] == ["Ann", "บอทค้นหา"] == list(setup_from_header(head, MATRIX).names)
    assert shown_names(head) == ("Ann", "Search bot")
    with language.using("th"):
        assert shown_names(head) == ("Ann", "บอทค้นหา")


def test_a_thai_bot_game_replays_in_either_language(tmp_path):
    """A playtester's Thai game against a bot would not replay, analyse or resume: the record
    had kept the bot's English title while the game's first event named it in Thai."""
    started, log = _thai_game(tmp_path, ("Ann", "bot:easy"))
    for _n in range(3):
        started.recorder.answer(started.game.pending.options[0])
    started.recorder.close()
    rec = read_record(log)
    assert verify(rec) is None
    with language.using("th"):
        assert verify(rec) is None
    assert "Easy bot" in transcript(rec) and "บอท" not in transcript(rec)


def test_an_english_games_list_and_transcript_name_a_thai_games_bot_in_english(tmp_path):
    """A playtester's English 'momon games' printed the bot of a Thai game in Thai."""
    _thai_game(tmp_path)
    rec = read_record(tmp_path / "g.jsonl")
    row = " ".join(_game_row(rec))
    assert "Ann vs Search bot" in row and "บอท" not in row, row
    assert "บอท" not in transcript(rec)
    with language.using("th"):
        assert "บอทค้นหา" in " ".join(_game_row(rec))


def test_an_english_record_of_two_bots_reads_in_thai_by_the_thai_titles(tmp_path):
    log = tmp_path / "g.jsonl"
    new_game(GameRequest(("bot:easy", "bot:easy"), 7, log, ("dawn-dusk", "prism"), first=1), load_pool(), MATRIX)
    rec = read_record(log)
    assert rec.header["names"] == ["Easy bot 1", "Easy bot 2"] and verify(rec) is None
    with language.using("th"):
        thai = language._("Easy bot")
        assert shown_names(rec.header) == (f"{thai} 1", f"{thai} 2")


def test_a_person_who_took_a_bots_title_as_a_name_keeps_it(tmp_path):
    _, log = _thai_game(tmp_path, ("บอทค้นหา", "bot:greedy"))
    head = read_record(log).header
    assert head["names"] == ["บอทค้นหา", "บอทละโมบ"] and shown_names(head) == ("บอทค้นหา", "Greedy bot")
