"""The club's database (serve/club_store.py, serve/ratings.py) and ``momon club ratings``:
a versioned schema, accounts by SSH key with names claimed once, guests and bots unrated,
each rated game applied once, two threads writing at once, and the files kept private."""

from __future__ import annotations

import os
import sqlite3
import stat
import threading
import unicodedata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from momon_cli import language
from momon_cli.cli.app import app
from momon_cli.serve.club_store import MIGRATIONS, VERSION, ClubStore, ClubStoreError, Player, name_key
from momon_cli.serve.ratings import START_DEVIATION, START_RATING, Rating

pytest.importorskip("openskill")  # the serve extra, which CI installs

runner = CliRunner()


def key(n: int) -> str:
    """A well-formed SHA256 fingerprint, different for each ``n``."""
    return "SHA256:" + f"{n:043d}"


@pytest.fixture
def store(tmp_path: Path) -> ClubStore:
    return ClubStore(tmp_path / "club" / "club.db")


def play(store: ClubStore, one: Player, two: Player, winner: int | None, record: str = "g1.jsonl") -> int:
    game = store.begin_game("ABC123", "sequential", Path("/games") / record, (one, two))
    store.end_game(game, winner, "score")
    return game


def test_a_new_database_is_made_at_the_latest_version_with_a_write_ahead_journal(store):
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION == len(MIGRATIONS)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"accounts", "games", "players", "ratings", "rating_changes"} <= tables


def test_the_store_holds_foreign_keys(store):
    game = store.begin_game("ABC123", "sequential", Path("/g.jsonl"),
                            (Player("prism", guest="Ann"), Player("prism", guest="Bea")))
    with pytest.raises(sqlite3.IntegrityError):  # an account that is not there
        store.begin_game("ABC124", "sequential", Path("/h.jsonl"), (Player("prism", account=99), Player("prism", guest="Bea")))
    assert store.end_game(game, 1, "score")


def test_a_database_of_an_older_version_is_brought_up_to_date_and_keeps_its_accounts(tmp_path):
    path = tmp_path / "club.db"
    db = sqlite3.connect(path, isolation_level=None)
    for statement in MIGRATIONS[0]:
        db.execute(statement)
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO accounts (fingerprint, name, name_key, created) VALUES (?, 'Ann', 'ann', '2026-01-01')", (key(1),))
    db.close()
    store = ClubStore(path)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == VERSION
    ann = store.account(key(1))
    assert ann is not None and ann.name == "Ann"
    bea = store.claim(key(2), "Bea")
    play(store, Player("prism", account=ann.id), Player("prism", account=bea.id), 1)
    assert store.rating(ann.id) is not None  # the tables the later step made are there


def test_a_database_newer_than_this_momon_is_refused_in_one_line(tmp_path):
    path = tmp_path / "club.db"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {VERSION + 1}")
    db.close()
    with pytest.raises(ClubStoreError) as err:
        ClubStore(path)
    assert str(err.value) == (f"{path}: the club database is version {VERSION + 1}, newer than this momon reads "
                              f"({VERSION}): upgrade momon")


def test_a_file_that_is_no_database_is_refused_in_one_line(tmp_path):
    path = tmp_path / "club.db"
    path.write_bytes(b"not a database at all, only text" * 100)
    with pytest.raises(ClubStoreError) as err:
        ClubStore(path)
    assert str(err.value).startswith(f"{path}: the club database cannot be used:") and "\n" not in str(err.value)


def test_a_folder_or_a_pipe_where_the_database_goes_is_refused_in_one_line(tmp_path):
    (tmp_path / "folder.db").mkdir()
    os.mkfifo(tmp_path / "pipe.db")
    for name, what in (("folder.db", "a folder"), ("pipe.db", "a pipe (FIFO)")):
        with pytest.raises(ClubStoreError) as err:
            ClubStore(tmp_path / name)
        assert str(err.value) == f"{tmp_path / name}: is {what}"


def test_a_key_claims_a_name_once_and_keeps_it(store):
    assert store.account(key(1)) is None
    ann = store.claim(key(1), "Ann")
    assert (ann.fingerprint, ann.name) == (key(1), "Ann")
    assert store.account(key(1)) == ann
    assert store.claim(key(1), "Annabel") == ann  # the key's account keeps the name it claimed first
    assert store.claim(key(1), "\x1b[2J") == ann  # and the name given again is not read


@pytest.mark.parametrize("first, second", [
    ("Ann", "Ann"), ("Ann", "ANN"), ("ann", "aNn"), ("Straße", "STRASSE"),
    (unicodedata.normalize("NFD", "Nguyễn"), unicodedata.normalize("NFC", "nguyễn")), ("สมศักดิ์", "สมศักดิ์")])
def test_a_name_another_key_holds_is_refused_in_one_line(store, first, second):
    store.claim(key(1), first)
    with pytest.raises(ClubStoreError) as err:
        store.claim(key(2), second)
    assert str(err.value) == f"the name {unicodedata.normalize('NFC', second)} is taken: pick another"
    assert store.account(key(2)) is None
    assert name_key(first) == name_key(second)


@pytest.mark.parametrize("name", ["Ann\x1b[2J", "\u202eAnn", "Ann\u200b", "Ann\x07", "", "   ", "A" * 25, "\u0301",
                                  "Ann\u2028Bea", "Ann\x00"])
def test_hostile_names_are_refused_for_accounts_and_guests(store, name):
    with pytest.raises(ClubStoreError) as err:
        store.claim(key(1), name)
    assert str(err.value).startswith("the name must ") and "\n" not in str(err.value)
    with pytest.raises(ClubStoreError):
        store.guest(name)
    assert store.account(key(1)) is None


def test_a_name_that_reads_as_sql_is_kept_as_it_is(store):
    name = "');DROP TABLE games;--"
    assert store.claim(key(1), name).name == name
    assert store.account(key(1)).name == name
    assert store.guest(name + "x") == name + "x"
    play(store, Player("prism", guest=name + "x"), Player("prism", guest="Bea"), 1)  # the games table is still there


@pytest.mark.parametrize("fingerprint", ["", "SHA256:short", "MD5:" + "a" * 43, key(1) + "\n", "SHA256:" + "é" * 43])
def test_a_fingerprint_that_is_not_one_is_refused(store, fingerprint):
    with pytest.raises(ClubStoreError) as err:
        store.claim(fingerprint, "Ann")
    assert str(err.value) == "not an SSH key's SHA256 fingerprint"


def test_a_guest_is_unrated_and_cannot_take_an_account_s_name(store):
    ann = store.claim(key(1), "Ann")
    with pytest.raises(ClubStoreError):
        store.guest("ann")
    assert store.guest("Bea") == "Bea"
    play(store, Player("prism", account=ann.id), Player("prism", guest="Bea"), 1)
    assert store.rating(ann.id) is None
    assert store.leaderboard() == []


def test_a_game_against_a_bot_is_unrated(store):
    ann = store.claim(key(1), "Ann")
    game = store.begin_game("ABC123", "sequential", Path("/g.jsonl"),
                            (Player("prism", account=ann.id), Player("dawn-dusk", bot="bot:easy")), bot_level="easy")
    assert store.end_game(game, 1, "score")
    assert store.rating(ann.id) is None


def test_a_seat_is_exactly_one_of_an_account_a_guest_or_a_bot(store):
    with pytest.raises(ClubStoreError):
        store.begin_game("ABC123", "sequential", Path("/g.jsonl"), (Player("prism", guest="Ann", bot="bot:easy"),
                                                                     Player("prism", guest="Bea")))
    with pytest.raises(ClubStoreError):
        store.begin_game("ABC123", "sequential", Path("/g.jsonl"), (Player("prism"), Player("prism", guest="Bea")))


def test_a_rated_game_moves_the_winner_up_and_the_loser_down_and_both_grow_surer(store):
    ann, bea = store.claim(key(1), "Ann"), store.claim(key(2), "Bea")
    play(store, Player("prism", account=ann.id), Player("prism", account=bea.id), 2)
    won, lost = store.rating(bea.id), store.rating(ann.id)
    assert won.rating > START_RATING > lost.rating
    assert won.deviation < START_DEVIATION and lost.deviation < START_DEVIATION
    play(store, Player("prism", account=ann.id), Player("prism", account=bea.id), 2, record="g2.jsonl")
    again = store.rating(bea.id)
    assert again.rating > won.rating and again.deviation < won.deviation
    assert [(s.rank, s.name, s.games) for s in store.leaderboard()] == [(1, "Bea", 2), (2, "Ann", 2)]


def test_an_upset_moves_ratings_more_than_an_expected_result():
    from momon_cli.serve.ratings import after_game

    strong, weak = Rating(1900, 100), Rating(1300, 100)
    expected, _ = after_game(strong, weak)
    upset, _ = after_game(weak, strong)
    assert upset.rating - weak.rating > expected.rating - strong.rating > 0


def test_a_result_applied_twice_changes_nothing(store):
    ann, bea = store.claim(key(1), "Ann"), store.claim(key(2), "Bea")
    game = play(store, Player("prism", account=ann.id), Player("prism", account=bea.id), 1)
    before = store.leaderboard()
    assert store.end_game(game, 1, "score") is False
    assert store.leaderboard() == before
    with pytest.raises(ClubStoreError) as err:  # nor may a game's result be changed
        store.end_game(game, 2, "concession")
    assert str(err.value) == f"game {game} has already ended with another result"
    assert store.leaderboard() == before
    assert sqlite3.connect(store.path).execute("SELECT COUNT(*) FROM rating_changes").fetchone()[0] == 2


def test_the_index_keeps_each_game_and_knows_the_unfinished_ones(store):
    ann = store.claim(key(1), "Ann")
    done = play(store, Player("prism", account=ann.id), Player("dawn-dusk", guest="Bea"), 2)
    going = store.begin_game("XYZ789", "simultaneous", Path("/games/g2.jsonl"),
                             (Player("ember-tide", bot="bot:hard"), Player("stone-gale", account=ann.id)), bot_level="hard")
    entry = store.game(done)
    assert (entry.room, entry.profile, entry.record, entry.names, entry.winner, entry.reason) == (
        "ABC123", "sequential", Path("/games/g1.jsonl"), ("Ann", "Bea"), 2, "score")
    assert entry.players == (Player("prism", account=ann.id), Player("dawn-dusk", guest="Bea"))
    assert entry.started <= entry.ended
    [left] = store.unfinished()
    assert (left.id, left.room, left.bot_level, left.names, left.ended) == (going, "XYZ789", "hard", ("bot:hard", "Ann"), None)
    assert store.game(going + 1) is None


def test_a_record_is_one_game_of_the_index(store):
    game = play(store, Player("prism", guest="Ann"), Player("prism", guest="Bea"), 1)
    with pytest.raises(ClubStoreError) as err:
        store.begin_game("XYZ789", "sequential", Path("/games/g1.jsonl"), (Player("prism", guest="Ann"),
                                                                            Player("prism", guest="Bea")))
    assert str(err.value) == f"/games/g1.jsonl: that record is game {game} of the club's index already"


def test_an_unknown_game_cannot_end(store):
    with pytest.raises(ClubStoreError) as err:
        store.end_game(7, 1, "score")
    assert str(err.value) == "no game 7 in the club's index"


def test_two_threads_writing_at_once_leave_a_sound_database(store):
    accounts = [store.claim(key(n), f"P{n}") for n in range(4)]
    games = [store.begin_game(f"R{n:05d}", "sequential", Path(f"/g{n}.jsonl"),
                              (Player("prism", account=accounts[n % 4].id), Player("prism", account=accounts[(n + 1) % 4].id)))
             for n in range(40)]
    start = threading.Barrier(2)
    failures: list[BaseException] = []

    def writer(offset: int) -> None:
        try:
            start.wait()
            for n in range(offset, 40, 2):
                store.end_game(games[n], 1, "score")
                store.end_game(games[(n + 1) % 40], 1, "score")  # the other thread ends this one too: it counts once
                store.claim(key(100 + n), f"New{n}")
        except BaseException as err:  # noqa: BLE001 - handed to the test's thread
            failures.append(err)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    assert db.execute("SELECT COUNT(*) FROM rating_changes").fetchone()[0] == 80
    assert sum(s.games for s in store.leaderboard()) == 80
    assert db.execute("SELECT COUNT(*) FROM accounts").fetchone()[0] == 44


def test_an_online_backup_holds_what_is_still_in_the_write_ahead_log(store, tmp_path):
    server = sqlite3.connect(store.path)  # a connection held open, as the server's, keeps the log from being folded in
    server.execute("SELECT 1 FROM accounts").fetchall()
    store.claim(key(1), "Ann")
    assert Path(f"{store.path}-wal").stat().st_size > 0
    copy = tmp_path / "copy.db"
    copy.write_bytes(store.path.read_bytes())  # what cp would take: the database file alone
    assert sqlite3.connect(copy).execute("SELECT COUNT(*) FROM accounts").fetchone()[0] == 0
    backup = sqlite3.connect(tmp_path / "backup.db")
    sqlite3.connect(store.path).backup(backup)  # docs/serving.md, "Backups"
    backup.close()
    assert ClubStore(tmp_path / "backup.db").account(key(1)).name == "Ann"
    server.close()


def test_the_database_is_private_from_the_start_whatever_the_umask(tmp_path):
    old = os.umask(0)
    try:
        store = ClubStore(tmp_path / "data" / "club" / "club.db")
        with sqlite3.connect(store.path) as db:  # the journal files, while a connection holds them
            db.execute("CREATE TABLE IF NOT EXISTS probe (x)")
            journals = [p for p in store.path.parent.iterdir() if p.name != "club.db"]
            modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in [store.path, *journals]}
    finally:
        os.umask(old)
    assert stat.S_IMODE(store.path.parent.stat().st_mode) == 0o700
    assert journals and set(modes.values()) == {0o600}, modes


def test_a_club_folder_open_to_others_is_closed(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    ClubStore(folder / "club.db")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def _leaderboard(tmp_path: Path) -> Path:
    store = ClubStore(tmp_path / "club" / "club.db")
    ann, bea, som = store.claim(key(1), "Ann"), store.claim(key(2), "Bea"), store.claim(key(3), "สมศักดิ์")
    play(store, Player("prism", account=som.id), Player("prism", account=ann.id), 1, "g1.jsonl")
    play(store, Player("prism", account=som.id), Player("prism", account=bea.id), 1, "g2.jsonl")
    play(store, Player("prism", account=ann.id), Player("prism", account=bea.id), 1, "g3.jsonl")
    return store.path.parent


def test_club_ratings_prints_one_line_a_player_best_first(tmp_path):
    folder = _leaderboard(tmp_path)
    result = runner.invoke(app, ["club", "ratings", "--folder", str(folder)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["Rank", "Player", "Rating", "Deviation", "Games"]
    rows = [line.split() for line in lines[1:]]
    assert [row[:2] for row in rows] == [["1", "สมศักดิ์"], ["2", "Ann"], ["3", "Bea"]]
    assert [row[4] for row in rows] == ["2", "2", "2"]
    ratings = [int(row[2]) for row in rows]
    assert ratings == sorted(ratings, reverse=True) and all(int(row[3]) < START_DEVIATION for row in rows)
    from momon_cli.widths import columns

    assert len({columns(line[: line.index(row[2])]) for line, row in zip(lines[1:], rows, strict=True)}) == 1  # aligned

    top = runner.invoke(app, ["club", "ratings", "--folder", str(folder), "--top", "1"])
    assert len(top.stdout.splitlines()) == 2


def test_club_ratings_in_thai(tmp_path):
    folder = _leaderboard(tmp_path)
    with language.using("th"):
        result = runner.invoke(app, ["club", "ratings", "--folder", str(folder)])
        empty = runner.invoke(app, ["club", "ratings", "--folder", str(tmp_path / "none")])
    assert result.exit_code == 0, result.output
    head = result.stdout.splitlines()[0]
    assert "Rank" not in head and "Rating" not in head and all("\u0e00" <= c <= "\u0e7f" or c.isspace() for c in head)
    assert result.stdout.splitlines()[1].split()[:2] == ["1", "สมศักดิ์"]
    assert "momon serve" in empty.stdout and "club.db" in empty.stdout and "No club" not in empty.stdout


def test_club_ratings_makes_no_database_and_says_none_is_there(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = runner.invoke(app, ["club", "ratings"])
    assert result.exit_code == 0
    path = tmp_path / "data" / "momon-cli" / "club" / "club.db"
    assert result.stdout == f"No club database at {path} yet: momon serve makes it.\n"
    assert not path.parent.exists()
    ClubStore(path)
    assert runner.invoke(app, ["club", "ratings"]).stdout == "No rated games yet.\n"


def test_club_ratings_refuses_a_newer_database_in_one_line(tmp_path):
    path = tmp_path / "club.db"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {VERSION + 5}")
    db.close()
    result = runner.invoke(app, ["club", "ratings", "--folder", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr.strip().count("\n") == 0 and "upgrade momon" in result.stderr


def _at_version(path: Path, version: int) -> sqlite3.Connection:
    """A database made by the first ``version`` steps only, as an older momon left it."""
    db = sqlite3.connect(path, isolation_level=None)
    for step in MIGRATIONS[:version]:
        for statement in step:
            db.execute(statement)
    db.execute(f"PRAGMA user_version = {version}")
    return db


def _older_with_a_game(path: Path, version: int) -> Path:
    """A database at ``version`` holding one unfinished game between two guests, Ann and Bea."""
    db = _at_version(path, version)
    db.execute("INSERT INTO games (room, profile, record, started) VALUES ('abcdef', 'sequential', '/g.jsonl', 'then')")
    db.executemany("INSERT INTO players (game, seat, guest, deck) VALUES (1, ?, ?, 'prism')", [(1, "Ann"), (2, "Bea")])
    db.close()
    return path


def test_a_version_2_database_keeps_its_games_and_they_have_no_clock(tmp_path):
    store = ClubStore(_older_with_a_game(tmp_path / "club.db", 2))
    (game,) = store.unfinished()
    assert game.names == ("Ann", "Bea") and game.clock is None
    store.clock(game.id, {1: 5.0, 2: 6.0})  # a game with no clock gets none
    assert store.game(game.id).clock is None
    timed = store.begin_game("ghjkmn", "sequential", Path("/t.jsonl"), (Player("prism", guest="Ann"),
                                                                       Player("prism", guest="Bea")), clock=60.0)
    store.clock(timed, {1: 12.5, 2: 60.0})
    assert store.game(timed).clock == (12.5, 60.0)


def test_a_version_3_database_gives_its_seats_english_and_keeps_a_seats_language_from_then_on(tmp_path):
    store = ClubStore(_older_with_a_game(tmp_path / "club.db", 3))
    (game,) = store.unfinished()
    assert [p.language for p in game.players] == ["en", "en"]
    later = store.begin_game("ghjkmn", "sequential", Path("/t.jsonl"), (Player("prism", guest="Ann", language="th"),
                                                                       Player("prism", guest="Bea")))
    assert [p.language for p in store.game(later).players] == ["th", "en"]


def test_a_version_4_database_gains_the_guests_rejoin_secrets_and_only_a_guest_has_one(tmp_path):
    path = tmp_path / "club.db"
    _at_version(path, 4).close()
    store = ClubStore(path)
    digest = "ab" * 32
    game = store.begin_game("abcdef", "sequential", Path("/g.jsonl"), (Player("prism", guest="Ann", secret=digest),
                                                                      Player("prism", bot="bot:easy")))
    assert [p.secret for p in store.game(game).players] == [digest, None]
    ann = store.claim(key(1), "Ann")
    with pytest.raises(sqlite3.IntegrityError):  # an account rejoins by its key: it has no secret
        store.begin_game("ghjkmn", "sequential", Path("/h.jsonl"), (Player("prism", account=ann.id, secret=digest),
                                                                   Player("prism", guest="Bea")))


def test_club_prune_ends_only_unfinished_bot_games_older_than_its_days(tmp_path):
    """A bot game left ten days ago is ended with no result; one begun today, a finished one and
    a game between people of the same age are kept as they are."""
    store = ClubStore(tmp_path / "club.db")
    old_bot = store.begin_game("abcdef", "sequential", Path("/a.jsonl"), (Player("prism", guest="Ann"),
                                                                         Player("stone-gale", bot="bot:easy")), "easy")
    new_bot = store.begin_game("bcdefg", "sequential", Path("/b.jsonl"), (Player("prism", guest="Ann"),
                                                                         Player("stone-gale", bot="bot:hard")), "hard")
    people = store.begin_game("cdefgh", "sequential", Path("/c.jsonl"), (Player("prism", guest="Ann"),
                                                                        Player("prism", guest="Bea")))
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE games SET started = '2020-01-01T00:00:00+00:00' WHERE id IN (?, ?)", (old_bot, people))
    result = runner.invoke(app, ["club", "prune", "--folder", str(tmp_path), "--days", "7"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "Ended 1 unfinished game against a bot."
    pruned = store.game(old_bot)
    assert pruned is not None and pruned.ended and pruned.winner is None and pruned.reason == "abandoned"
    assert {g.id for g in store.unfinished()} == {new_bot, people}
    assert runner.invoke(app, ["club", "prune", "--folder", str(tmp_path)]).output.strip() == (
        "Ended 0 unfinished games against a bot.")


@pytest.mark.parametrize("name", ["Ann ", " Ann", "Ann\u00a0", "Ann\u3000", "\u0410nn", "\u0391\u039d\u039d", "Ａｎｎ", "ann"],
                         ids=["space after", "space before", "nbsp", "ideographic space", "cyrillic A", "greek ANN",
                              "full-width", "case"])
def test_a_name_that_looks_like_an_accounts_is_refused_to_a_guest_and_to_another_key(store, name):
    store.claim(key(1), "Ann")
    with pytest.raises(ClubStoreError, match="is taken"):
        store.guest(name)
    with pytest.raises(ClubStoreError, match="is taken"):
        store.claim(key(2), name)


def test_a_persons_name_is_kept_with_its_outer_spaces_trimmed_and_a_bots_is_refused(store):
    assert store.guest("  Bea\u00a0") == "Bea"
    assert store.claim(key(3), " Cid ").name == "Cid"
    assert store.guest("Ann  Lee") == "Ann  Lee"  # inner spaces are the name's own
    for bot in ("bot:hard", "Bot:easy", " b\u043et:medium"):
        with pytest.raises(ClubStoreError, match="is a bot's"):
            store.guest(bot)
        with pytest.raises(ClubStoreError, match="is a bot's"):
            store.claim(key(4), bot)
