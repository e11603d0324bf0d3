"""The club's database: accounts, ratings and the index of games, in SQLite in the data folder.

An account is an SSH public key (its SHA256 fingerprint, as ``ssh-keygen -l`` writes it) and
the name it claimed on first use; a guest has no account, is never rated and may not take an
account's name. The index holds each game's room code, players, decks, rules, bot level,
times and result, and the path of its write-ahead record, which stays its own file.

The schema is versioned by ``PRAGMA user_version``: ``MIGRATIONS`` are its steps, each run in
one transaction, so an older database is brought up to date when it is opened and a newer one
is refused in one line. The journal is a write-ahead log (readers never wait for a writer);
foreign keys are on; every statement is parameterised.

Every call opens its own connection and closes it, so the store may be called from any
thread. It blocks (a write waits for another writer up to ``BUSY_SECONDS``): the asyncio
server calls it off the event loop, ``await asyncio.to_thread(store.claim, key, name)``."""

from __future__ import annotations

import os
import re
import sqlite3
import unicodedata
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from ..files import NotAFile, regular_file
from ..language import _
from ..limits import NAME_LIMIT
from ..widths import name_problem
from .ratings import Rating, after_game

BUSY_SECONDS = 10.0  # how long a write waits for another writer before it fails
FINGERPRINT = re.compile(r"SHA256:[A-Za-z0-9+/]{43}")  # an SSH key's fingerprint, as OpenSSH and asyncssh write it

#: The schema, step by step: step N (1-based) takes a database from version N - 1 to N.
#: Never change a step that has shipped; add one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: accounts and the index of games
        """CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            fingerprint TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            created TEXT NOT NULL)""",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            room TEXT NOT NULL,
            profile TEXT NOT NULL,
            bot_level TEXT,
            record TEXT NOT NULL UNIQUE,
            started TEXT NOT NULL,
            ended TEXT,
            winner INTEGER CHECK (winner IN (1, 2)),
            reason TEXT)""",
        """CREATE TABLE players (
            game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat IN (1, 2)),
            account INTEGER REFERENCES accounts(id),
            guest TEXT,
            bot TEXT,
            deck TEXT NOT NULL,
            PRIMARY KEY (game, seat),
            CHECK ((account IS NOT NULL) + (guest IS NOT NULL) + (bot IS NOT NULL) = 1))""",
        "CREATE INDEX players_account ON players(account)",
        "CREATE INDEX games_room ON games(room)",
    ),
    (  # 2: ratings, and each rated game's change to them (so a result is applied once)
        """CREATE TABLE ratings (
            account INTEGER PRIMARY KEY REFERENCES accounts(id),
            rating REAL NOT NULL,
            deviation REAL NOT NULL,
            games INTEGER NOT NULL,
            updated TEXT NOT NULL)""",
        """CREATE TABLE rating_changes (
            game INTEGER NOT NULL REFERENCES games(id),
            account INTEGER NOT NULL REFERENCES accounts(id),
            rating_before REAL NOT NULL,
            deviation_before REAL NOT NULL,
            rating_after REAL NOT NULL,
            deviation_after REAL NOT NULL,
            PRIMARY KEY (game, account))""",
    ),
    (  # 3: a room's clock: each player's seconds left (NULL: the room has no clock)
        "ALTER TABLE games ADD COLUMN left1 REAL CHECK (left1 >= 0)",
        "ALTER TABLE games ADD COLUMN left2 REAL CHECK (left2 >= 0)",
    ),
    (  # 4: each seat's language, so a restarted club renders it as before
        "ALTER TABLE players ADD COLUMN language TEXT NOT NULL DEFAULT 'en'",
    ),
    (  # 5: a guest's rejoin secret, as its SHA-256 (a guest's name alone could be anyone's)
        "ALTER TABLE players ADD COLUMN secret TEXT CHECK (secret IS NULL OR guest IS NOT NULL)",
    ),
)
VERSION = len(MIGRATIONS)


class ClubStoreError(Exception):
    """What the store refuses, in one line in the reader's language: a name, a key, a game, or
    a database it cannot read."""


def club_folder() -> Path:
    """Where a club keeps its database (and, beside it, its games' records): ``club`` in the
    user's data folder, which only its owner may enter."""
    from platformdirs import user_data_path

    return user_data_path("momon-cli") / "club"


def name_key(name: str) -> str:
    """What two names are compared by: the same letters, whatever their case or how their
    accents are composed (NFC, folded, NFC again, as folding may decompose)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


#: Letters of other scripts drawn as a Latin letter in most fonts, each with that letter:
#: Cyrillic and Greek, capitals and small letters (a name's look is compared before its case).
LOOK_ALIKE = str.maketrans(
    "АВЕКМНОРСТУХЅІЈаеорсухѕіјһԁԛԝӏкΑΒΕΖΗΙΚΜΝΟΡΤΥΧαονικρυχγ",
    "ABEKMHOPCTYXSIJaeopcyxsijhdqwlkABEZHIKMNOPTYXaovikpuxy")


def look_key(name: str) -> str:
    """What a name looks like, compared so a guest cannot pass for an account or two accounts
    for each other: compatibility forms as their letters (NFKC: full-width, ligatures, NBSP),
    spaces trimmed and each run of them one space, look-alike letters as Latin ones, then the
    name's :func:`name_key`."""
    shown = " ".join(unicodedata.normalize("NFKC", name).split())
    return name_key(shown.translate(LOOK_ALIKE))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Account:
    """An SSH key's account: its row, the key's fingerprint and the name it claimed."""

    id: int
    fingerprint: str
    name: str


@dataclass(frozen=True)
class Player:
    """One seat of a game as the index keeps it: exactly one of an account, a guest's name or a
    bot (``bot:easy``), the deck it played, the language its screen is in, and a guest's
    rejoin secret as its SHA-256 (never the secret)."""

    deck: str
    account: int | None = None
    guest: str | None = None
    bot: str | None = None
    language: str = "en"
    secret: str | None = None


@dataclass(frozen=True)
class Game:
    """One game of the index: where it was played, by whom (``names``: each seat's account name,
    guest name or bot), how it ended (``ended`` None: it has not) and where its record is."""

    id: int
    room: str
    profile: str
    bot_level: str | None
    record: Path
    started: str
    ended: str | None
    winner: int | None
    reason: str | None
    players: tuple[Player, Player]
    names: tuple[str, str]
    clock: tuple[float, float] | None = None  # each player's seconds left (None: no clock)


@dataclass(frozen=True)
class Standing:
    """One line of the leaderboard."""

    rank: int
    name: str
    rating: float
    deviation: float
    games: int


class ClubStore:
    """The club's database at ``path`` (made, with its folder, when it is not there)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        _private_folder(path.parent)
        try:
            regular_file(path, missing_ok=True)  # a FIFO would hang SQLite; a folder or device is said in one line
        except NotAFile as err:
            raise ClubStoreError(str(err)) from None
        if not path.exists():  # made 0600 from the start, never widened and then narrowed
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600))
        with self._connection() as db:
            db.execute("PRAGMA journal_mode=WAL")
            _migrate(db, path)

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        try:
            with closing(sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)) as db:
                db.execute("PRAGMA foreign_keys=ON")
                yield db
        except sqlite3.DatabaseError as err:
            if isinstance(err, sqlite3.IntegrityError):
                raise
            raise ClubStoreError(_("{path}: the club database cannot be used: {why}").format(path=self.path, why=err)) from None

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """A connection in one write transaction, taken at once (BEGIN IMMEDIATE), so two writers
        never read the same ratings and both write from them; committed, or rolled back whole."""
        with self._connection() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:  # SQLite itself ends a transaction that some errors (a full disk) break
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    # Accounts

    def account(self, fingerprint: str) -> Account | None:
        """The account of the key with this fingerprint, or None: it has claimed no name yet."""
        with self._connection() as db:
            row = db.execute("SELECT id, fingerprint, name FROM accounts WHERE fingerprint = ?", (fingerprint,)).fetchone()
        return None if row is None else Account(*row)

    def claim(self, fingerprint: str, name: str) -> Account:
        """The key's account: the one it has (its name stays the one it claimed first), else a new
        one under ``name``. Raises ClubStoreError for a fingerprint that is not one, a name the
        name rule refuses, or a name another key holds (compared by :func:`name_key`)."""
        if not FINGERPRINT.fullmatch(fingerprint):
            raise ClubStoreError(_("not an SSH key's SHA256 fingerprint"))
        with self._writing() as db:
            row = db.execute("SELECT id, fingerprint, name FROM accounts WHERE fingerprint = ?", (fingerprint,)).fetchone()
            if row is not None:
                return Account(*row)
            name = _person(name)
            _not_taken(db, name)
            cursor = db.execute("INSERT INTO accounts (fingerprint, name, name_key, created) VALUES (?, ?, ?, ?)",
                                (fingerprint, name, name_key(name), _now()))
            assert cursor.lastrowid is not None
            return Account(cursor.lastrowid, fingerprint, name)

    def guest(self, name: str) -> str:
        """A guest's name (its spaces trimmed), if a guest may play under it: the name rule, no
        bot's, and none that looks like an account's (a guest cannot pass for a rated player).
        Raises ClubStoreError."""
        name = _person(name)
        with self._connection() as db:
            _not_taken(db, name)
        return name

    # Games

    def begin_game(self, room: str, profile: str, record: Path, players: tuple[Player, Player],
                   bot_level: str | None = None, clock: float | None = None) -> int:
        """Index a game as it starts; its number. ``record`` is its write-ahead record's path;
        ``clock`` each player's seconds (None: no clock)."""
        for player in players:
            if (player.account is not None) + (player.guest is not None) + (player.bot is not None) != 1:
                raise ClubStoreError(_("a player is an account, a guest or a bot"))
        with self._writing() as db:
            row = db.execute("SELECT id FROM games WHERE record = ?", (str(record),)).fetchone()
            if row is not None:
                raise ClubStoreError(_("{record}: that record is game {game} of the club's index already").format(
                    record=record, game=row[0]))
            cursor = db.execute("INSERT INTO games (room, profile, bot_level, record, started, left1, left2) "
                                "VALUES (?, ?, ?, ?, ?, ?, ?)", (room, profile, bot_level, str(record), _now(), clock, clock))
            game = cursor.lastrowid
            assert game is not None
            db.executemany("INSERT INTO players (game, seat, account, guest, bot, deck, language, secret) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [(game, seat, p.account, p.guest, p.bot, p.deck, p.language,
                                                               p.secret) for seat, p in enumerate(players, 1)])
        return game

    def end_game(self, game: int, winner: int | None, reason: str) -> bool:
        """The game's end (``winner`` None: it ended with no result, abandoned), and, when it is
        rated, both players' new ratings, all in one transaction. True when this call ended it;
        False when it had already ended with this result (nothing changes: a result applied
        twice counts once). Raises ClubStoreError for an unknown game or a different result.

        A game is rated when it has a winner and both seats are accounts: a guest is unrated,
        and so is a game against a bot, whose strength is its code and its time to think,
        not a player's."""
        with self._writing() as db:
            row = db.execute("SELECT ended, winner FROM games WHERE id = ?", (game,)).fetchone()
            if row is None:
                raise ClubStoreError(_("no game {game} in the club's index").format(game=game))
            if row[0] is not None:
                if row[1] != winner:
                    raise ClubStoreError(_("game {game} has already ended with another result").format(game=game))
                return False
            db.execute("UPDATE games SET ended = ?, winner = ?, reason = ? WHERE id = ?", (_now(), winner, reason, game))
            seats = dict(db.execute("SELECT seat, account FROM players WHERE game = ?", (game,)).fetchall())
            if winner is not None and seats.get(1) is not None and seats.get(2) is not None:
                _rate(db, game, seats[winner], seats[3 - winner])
        return True

    def prune_bot_games(self, days: int) -> int:
        """End, with no result (``abandoned``), every unfinished game against a bot begun more than
        ``days`` days ago: its player left it and has not come back, and a club resumes every
        unfinished game at each start. How many it ended."""
        before = (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="seconds")
        with self._writing() as db:
            return db.execute("UPDATE games SET ended = ?, reason = 'abandoned' WHERE ended IS NULL "
                              "AND bot_level IS NOT NULL AND started < ?", (_now(), before)).rowcount

    def clock(self, game: int, left: dict[int, float]) -> None:
        """A clocked game's seconds left to each player, as of its latest answer."""
        with self._writing() as db:
            db.execute("UPDATE games SET left1 = ?, left2 = ? WHERE id = ? AND left1 IS NOT NULL",
                       (left[1], left[2], game))

    def game(self, game: int) -> Game | None:
        """The game with this number in the index, or None."""
        found = self._games("WHERE games.id = ?", (game,))
        return found[0] if found else None

    def unfinished(self) -> list[Game]:
        """The games begun and not ended, oldest first: the rooms a restarted server resumes from their records."""
        return self._games("WHERE games.ended IS NULL", ())

    def _games(self, where: str, parameters: tuple[object, ...]) -> list[Game]:
        """The games ``where`` picks: a clause written in this module, its values all parameters."""
        with self._connection() as db:
            rows = db.execute(
                "SELECT games.id, room, profile, bot_level, record, started, ended, winner, reason, "
                "seat, deck, account, guest, bot, accounts.name, left1, left2, language, secret "
                "FROM games JOIN players ON players.game = games.id "
                f"LEFT JOIN accounts ON accounts.id = players.account {where} ORDER BY games.id, seat", parameters).fetchall()
        games = []
        for first, second in zip(rows[::2], rows[1::2], strict=True):
            players = tuple(Player(row[10], row[11], row[12], row[13], row[17], row[18]) for row in (first, second))
            names = tuple(row[14] or row[12] or row[13] for row in (first, second))
            clock = None if first[15] is None else (first[15], first[16])
            games.append(Game(first[0], first[1], first[2], first[3], Path(first[4]), first[5], first[6], first[7], first[8],
                              (players[0], players[1]), (names[0], names[1]), clock))
        return games

    # Ratings

    def rating(self, account: int) -> Rating | None:
        """An account's rating, or None before its first rated game."""
        with self._connection() as db:
            row = db.execute("SELECT rating, deviation FROM ratings WHERE account = ?", (account,)).fetchone()
        return None if row is None else Rating(*row)

    def leaderboard(self, limit: int = 100) -> list[Standing]:
        """The rated players, highest rating first (the surer first among equals), at most ``limit``."""
        with self._connection() as db:
            rows = db.execute("SELECT name, rating, deviation, games FROM ratings JOIN accounts ON accounts.id = account "
                              "ORDER BY rating DESC, deviation, name_key LIMIT ?", (limit,)).fetchall()
        return [Standing(rank, *row) for rank, row in enumerate(rows, 1)]


def _rate(db: sqlite3.Connection, game: int, winner: int, loser: int) -> None:
    """Both players' ratings after ``game``, written with what they were, inside the caller's transaction."""
    before = []
    for account in (winner, loser):
        row = db.execute("SELECT rating, deviation FROM ratings WHERE account = ?", (account,)).fetchone()
        before.append(Rating() if row is None else Rating(*row))
    after = after_game(before[0], before[1])
    for account, old, new in zip((winner, loser), before, after, strict=True):
        db.execute("INSERT INTO rating_changes VALUES (?, ?, ?, ?, ?, ?)",
                   (game, account, old.rating, old.deviation, new.rating, new.deviation))
        db.execute("INSERT INTO ratings (account, rating, deviation, games, updated) VALUES (?, ?, ?, 1, ?) "
                   "ON CONFLICT (account) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "
                   "games = games + 1, updated = excluded.updated", (account, new.rating, new.deviation, _now()))


def _person(name: str) -> str:
    """A person's name as it is kept (NFC, its outer spaces trimmed), if the name rule takes it
    and it is not a bot's (``bot:hard`` is what the index names a bot). Raises ClubStoreError."""
    name = unicodedata.normalize("NFC", name.strip())
    why = name_problem(name, NAME_LIMIT)
    if why is not None:
        raise ClubStoreError(_("the name {why}").format(why=why))
    if look_key(name).startswith("bot:"):
        raise ClubStoreError(_("the name {name} is a bot's: pick another").format(name=name))
    return name


def _not_taken(db: sqlite3.Connection, name: str) -> None:
    """Raises ClubStoreError when an account's name is ``name`` or looks like it (:func:`look_key`).
    Every account is read: a club's accounts are few, and a name is checked once a login."""
    looks = look_key(name)
    if any(look_key(held) == looks for (held,) in db.execute("SELECT name FROM accounts")):
        raise ClubStoreError(_("the name {name} is taken: pick another").format(name=name))


def _private_folder(folder: Path) -> None:
    """``folder``, made 0700 when it is not there (its parents as usual), and held to 0700 when it is."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    if folder.stat().st_mode & 0o077:
        folder.chmod(0o700)


def _migrate(db: sqlite3.Connection, path: Path) -> None:
    """The database brought to VERSION, a step a transaction; one that is newer is refused."""
    found = db.execute("PRAGMA user_version").fetchone()[0]
    if found > VERSION:
        raise ClubStoreError(_("{path}: the club database is version {found}, newer than this momon reads ({known}): "
                               "upgrade momon").format(path=path, found=found, known=VERSION))
    for version in range(found + 1, VERSION + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            if db.execute("PRAGMA user_version").fetchone()[0] >= version:  # another process took this step first
                db.execute("ROLLBACK")
                continue
            for statement in MIGRATIONS[version - 1]:
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {int(version)}")  # a pragma takes no parameter; an int, never text
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
