"""The game record: a JSON Lines file written as the game happens (docs/records.md).

Line 1 is the header (format version, engine version, profile, seed, names, whether it is
full, the bot seats, the full card data of the game and its digest); then the answers.
Each answer is on disk (written and fsync'd) before the engine runs it, so a file that
ends anywhere holds whole answers and resumes from them. Format 3 gives each answer the
count and a short digest of the events before it (the events themselves only with
``full``); format 2, still read and continued, has the events as lines after each answer.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import re
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from operator import attrgetter
from pathlib import Path

from .. import __version__
from ..bots.players import BOTS, Seat
from ..data.cards import DataError, card_from_mapping, card_to_mapping, load_matrix
from ..data.positions import position_cards, position_from_mapping, position_to_mapping
from ..engine import PROFILES, RULES_VERSION, CardDef, ElementMatrix, Event, Game, GameOver, Setup, answer_from_json
from ..files import NotAFile, regular_file
from ..limits import BOT_SECONDS

FORMAT = 3  # the format this momon writes
READS = (2, 3)  # the formats it reads, replays and continues (a format 2 record is continued as format 2)
DIGEST_LENGTH = 16  # hex characters of an answer's events digest
RECORD_LIMIT = 64 * 2**20  # bytes; a real game is a few hundred kilobytes at most
NAME_LIMIT = 24  # characters in a player's name
TEXT_LIMIT = 200  # characters in the header's other strings (deck names, dates, versions)
HEAD_LIMIT = 4 * 2**20  # bytes read to tell whether an existing file is a record of this game
CARDS_LIMIT = 1000  # cards a bot seat imagines


def _once_each(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object whose keys are all different: a key named twice (the first one padding,
    say) would be read past unseen, so it makes the line damaged."""
    table = dict(pairs)
    if len(table) != len(pairs):
        raise NamedTwice(next(k for i, (k, _) in enumerate(pairs) if any(k == j for j, _ in pairs[:i])))
    return table


class NamedTwice(ValueError):
    """A JSON object that names one key twice."""


class RecordError(ValueError):
    """A file that cannot be read or written as a game record: one line saying why."""


def _sorted_json(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def cards_digest(head: dict) -> str:
    """sha256 of the canonical JSON of the header's card data (its cards and its position)."""
    return hashlib.sha256(_sorted_json({"cards": head.get("cards"), "position": head.get("position")}).encode()).hexdigest()


_CARD_DATA: dict[tuple[int, ...], tuple[tuple[CardDef, ...], list[dict], str]] = {}


def _card_data(cards: tuple[CardDef, ...]) -> tuple[list[dict], str]:
    """The cards' tables and their canonical JSON, kept for the card sets a simulation deals
    game after game (the tables are shared: never change them)."""
    key = tuple(map(id, cards))
    known = _CARD_DATA.get(key)
    if known is None:
        tables = [card_to_mapping(c) for c in cards]
        known = _CARD_DATA[key] = (cards, tables, _sorted_json(tables))  # the cards kept: their ids stay theirs
        if len(_CARD_DATA) > 256:
            del _CARD_DATA[next(iter(_CARD_DATA))]
    return known[1], known[2]


_ROWS: dict[type, Callable[[Event], tuple]] = {}
_CANONICAL = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode  # ASCII: the rest as \uXXXX
_LINE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def _row(event: Event) -> tuple:
    """An event as one tuple: its kind, then its fields in the order events.py declares them."""
    get = _ROWS[type(event)] = attrgetter("kind", *(f.name for f in fields(event)))
    return get(event)


def events_digest(events: Sequence[Event]) -> str:
    """The digest of a run of events (docs/records.md): the first 16 hex characters of the
    sha256 of the compact, ASCII-only JSON array of ``[kind, field values...]`` arrays."""
    rows = _ROWS
    try:
        text = _CANONICAL([rows[type(e)](e) for e in events])
    except KeyError:  # a kind of event not seen yet
        text = _CANONICAL([_row(e) for e in events])
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:DIGEST_LENGTH]


def header(setup: Setup, deck_names: tuple[str, str], *, full: bool = False,
           bots: Mapping[int, Seat] | None = None) -> dict:
    """A new record's header; ``full``: the record keeps every event as a line too; ``bots``:
    the seats bots play, with the cards they imagine (their data joins the game's)."""
    position = setup.position
    cards = position_cards(position)
    seats = sorted((bots or {}).items())
    for _, seat in seats:
        for card in seat.imaginable:
            cards.setdefault(card.id, card)
    tables, tables_json = _card_data(tuple(cards.values()))
    start = position_to_mapping(position)
    head = {
        "type": "header", "format": FORMAT, "rules": RULES_VERSION, "engine": __version__,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "profile": setup.profile, "seed": setup.seed, "names": list(setup.names),
        "decks": list(deck_names), "full": full,
        "bots": [{"player": player, "bot": seat.bot, "seed": seat.seed, "seconds": seat.seconds,
                  "imagines": [card.id for card in seat.imaginable]} for player, seat in seats],
        "cards": list(tables), "position": start,
    }
    # cards_digest(head), from the cards' JSON made once: sorted keys put "cards" before "position"
    canonical = f'{{"cards":{tables_json},"position":{_sorted_json(start)}}}'
    head["cards_digest"] = hashlib.sha256(canonical.encode()).hexdigest()
    return head


@contextlib.contextmanager
def _damaged() -> Iterator[None]:
    """Whatever a header's data gets wrong, one DataError line."""
    try:
        yield
    except DataError as err:  # one line for the record, however many problems its cards have
        more = f" (and {len(err.problems) - 1} more)" if len(err.problems) > 1 else ""
        raise DataError([f"the record's card data is damaged: {err.problems[0]}{more}"]) from None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise DataError([f"the record's header is damaged: {err}"]) from None


_CARDS: dict[str, tuple[ElementMatrix, CardDef]] = {}


def _header_cards(head: dict, matrix: ElementMatrix) -> dict[str, CardDef]:
    """The header's cards, each checked once per process: a card is kept by its canonical
    JSON, because records made by one momon (a folder of simulated games, say) carry the
    same cards again and again, and checking them was most of the cost of reading a header."""
    pool = {}
    for data in head["cards"]:
        key = _sorted_json(data)
        known = _CARDS.get(key)
        if known is not None and known[0] is matrix:
            card = known[1]
        else:
            card = card_from_mapping(data, matrix, "record")
            _CARDS[key] = (matrix, card)
            if len(_CARDS) > 4096:
                del _CARDS[next(iter(_CARDS))]
        pool[card.id] = card
    return pool


def setup_from_header(head: dict, matrix: ElementMatrix) -> Setup:
    """Rebuild the Setup a record was played with; raises DataError for a damaged header."""
    with _damaged():
        position = position_from_mapping(head["position"], _header_cards(head, matrix), matrix.elements, "record")
        return Setup(position, matrix, head["seed"], head["profile"], tuple(head["names"]))


def seats_from_header(head: dict, matrix: ElementMatrix) -> dict[int, Seat]:
    """The bots that play the record's seats, by player, as they played them (bots.Seat);
    raises DataError for a damaged header."""
    if not head.get("bots"):
        return {}
    with _damaged():
        pool = _header_cards(head, matrix)
        return {b["player"]: Seat(b["bot"], b["seed"], tuple(pool[i] for i in b["imagines"]), b["seconds"])
                for b in head["bots"]}


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value, limit: int = TEXT_LIMIT) -> bool:
    return isinstance(value, str) and 0 < len(value) <= limit


def _unicode(value) -> bool:
    """False for text holding lone surrogates (a JSON "\\udc80"), which no file or terminal takes."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def header_problem(head: dict, line: bytes | None = None) -> str | None:
    """What is wrong with a header's fields, against what this momon and its engine know
    (its format and rules version are checked first, by :func:`parse_record`). ``line``:
    the JSON it was read from, where a lone surrogate can only come from a \\uD800-\\uDFFF
    escape; without one, the text needs no further Unicode check."""
    names, decks = head.get("names"), head.get("decks")
    allowed = HEADER_KEYS[head["format"]]
    unknown = sorted(set(head) - allowed - OPTIONAL_HEADER_KEYS)
    missing = sorted(allowed - set(head))
    if unknown or missing:  # as strict as card and position files: no field is taken on trust
        return f"unknown field {unknown[0][:40]!r}" if unknown else f"missing field {missing[0]!r}"
    checks = (
        (_text(head.get("engine")), "engine: must be a version string"),
        (_text(head.get("created")), "created: must be a date string"),
        (head.get("profile") in PROFILES, f"profile: must be {' or '.join(PROFILES)}"),
        (_is_int(head.get("seed")), "seed: must be a whole number"),
        (isinstance(names, list) and len(names) == 2 and all(_text(n, NAME_LIMIT) for n in names),
         f"names: must be two names of 1-{NAME_LIMIT} characters"),
        (isinstance(decks, list) and len(decks) == 2 and all(_text(d) for d in decks),
         f"decks: must be two deck names of 1-{TEXT_LIMIT} characters"),
        (head["format"] < 3 or isinstance(head.get("full"), bool), "full: must be true or false"),
        (not (why := _seats_problem(head.get("bots", []), head.get("cards"))), f"bots: {why}"),
        (isinstance(head.get("cards"), list), "cards: must be a list of cards"),
        (isinstance(head.get("position"), dict), "position: must be a table"),
        (line is not None and not _SURROGATE_ESCAPE.search(line) or _unicode(head),
         "holds text that is not valid Unicode"),
    )
    problem = next((why for ok, why in checks if not ok), None)
    if problem is None and "cards_digest" in head and head["cards_digest"] != cards_digest(head):
        return "the card data does not match its cards_digest (it was edited)"
    return problem


def _seats_problem(bots, cards) -> str:
    """What is wrong with a header's bot seats ("" when nothing)."""
    if not isinstance(bots, list) or len(bots) > 2 or not all(isinstance(b, dict) for b in bots):
        return "must be a list of at most two tables"
    known = {c["id"] for c in cards if isinstance(c, dict) and isinstance(c.get("id"), str)} \
        if isinstance(cards, list) else set()
    for b in bots:
        seconds, imagines = b.get("seconds"), b.get("imagines")
        if set(b) != {"player", "bot", "seed", "seconds", "imagines"}:
            return "each needs player, bot, seed, seconds and imagines, and nothing else"
        if b["player"] not in (1, 2) or not _is_int(b["player"]):
            return "player: must be 1 or 2"
        if b["bot"] not in BOTS:
            return f"seat {b['player']}: bot must be one of {', '.join(BOTS)}"
        if not _text(b["seed"]):
            return f"seat {b['player']}: seed must be a string of 1-{TEXT_LIMIT} characters"
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int | float)
                                    or not BOT_SECONDS[0] <= seconds <= BOT_SECONDS[1]):
            return f"seat {b['player']}: seconds must be null or from {BOT_SECONDS[0]} to {BOT_SECONDS[1]}"
        if (not isinstance(imagines, list) or len(imagines) > CARDS_LIMIT
                or not all(isinstance(i, str) and i in known for i in imagines)):
            return f"seat {b['player']}: imagines must list cards of the header"
    if len({b["player"] for b in bots}) < len(bots):
        return "two bots in one seat"
    return ""


#: The fields of each kind of line, by format: exactly these, as card and position files
#: take exactly their keys. A header written before bot seats or the cards' digest existed
#: lacks them (docs/records.md).
HEADER_KEYS = {
    2: frozenset({"type", "format", "rules", "engine", "created", "profile", "seed", "names", "decks", "cards",
                  "position"}),
    3: frozenset({"type", "format", "rules", "engine", "created", "profile", "seed", "names", "decks", "full",
                  "cards", "position"}),
}
OPTIONAL_HEADER_KEYS = frozenset({"bots", "cards_digest"})
_COUNTED = frozenset({"events", "digest"})  # format 3: what an answer, a concession and the end carry
LINE_KEYS = {
    "answer": frozenset({"type", "n", "player", "kind", "value"}),
    "concede": frozenset({"type", "n", "player"}),
    "event": frozenset({"type", "n", "event"}),
    "end": frozenset({"type", "winner", "reason", "turns"}),
}


def _digest(value) -> bool:
    return isinstance(value, str) and len(value) == DIGEST_LENGTH and not value.strip("0123456789abcdef")


class _Reading:
    """What :func:`parse_record` has read so far, to check each line against."""

    def __init__(self, head: dict) -> None:
        self.format = head["format"]
        self.full = self.format < 3 or head["full"]
        self.answers = self.events = 0  # answer (and concession) lines, event lines
        self.mark = 0  # format 3: the events count of the last answer line
        self.ended = False

    def problem(self, item: dict) -> str | None:
        """What is wrong with one answer, concession, event or end line, given the lines before it."""
        kind = item["type"]
        if self.ended:
            return "a line after the game's end line"
        keys = LINE_KEYS.get(kind)
        if keys is not None:
            wanted = keys | _COUNTED if self.format >= 3 and kind != "event" else keys
            if extra := sorted(set(item) - wanted):
                return f"unknown field {extra[0][:40]!r} in a line of type {kind!r}"
        if kind in ("answer", "concede"):
            if item.get("n") != self.answers or not _is_int(item.get("n")):
                return f"answer number {item.get('n')!r} out of order (expected {self.answers})"
            if item.get("player") not in (1, 2) or not _is_int(item.get("player")):
                return "player: must be 1 or 2"
            if kind == "answer" and (not _text(item.get("kind"), 40) or "value" not in item):
                return "an answer needs a kind and a value"
            return self._counted(item)
        if kind == "event" and self.full:
            if item.get("n") != self.events or not _is_int(item.get("n")):
                return f"event number {item.get('n')!r} out of order (expected {self.events})"
            event = item.get("event")
            if not isinstance(event, dict) or not _text(event.get("kind"), 40):
                return "an event needs a kind"
            return None
        if kind == "event":
            return "an event line in a record whose header says full: false"
        if kind == "end" and self.format >= 3:
            if item.get("winner") not in (1, 2) or not _is_int(item.get("winner")):
                return "winner: must be 1 or 2"
            if not _text(item.get("reason"), 40) or not _is_int(item.get("turns")) or item["turns"] < 0:
                return "the end needs a reason and a number of turns"
            return self._counted(item)
        return f"unknown type {kind!r}"

    def _counted(self, item: dict) -> str | None:
        """Format 3: the events count (never less than the last line's) and digest."""
        if self.format < 3:
            return None
        if not _is_int(item.get("events")) or item["events"] < self.mark:
            return f"events: must be a whole number of at least {self.mark}"
        if not _digest(item.get("digest")):
            return f"digest: must be {DIGEST_LENGTH} hex digits"
        return None

    def take(self, item: dict) -> None:
        kind = item["type"]
        if kind == "event":
            self.events += 1
            return
        self.mark = item.get("events", 0)
        if kind == "end":
            self.ended = True
        else:
            self.answers += 1


@dataclass
class Record:
    path: Path
    header: dict
    entries: list[dict]  # answers, concessions and events, in file order
    warnings: list[str]
    answer_starts: list[int]  # the byte where each answer (or concession) line begins
    answers_end: int  # the byte just after the last whole answer (or the header): where resume appends
    end: dict | None = None  # format 3: the end line, written once the game is over

    @property
    def format(self) -> int:
        return self.header["format"]

    @property
    def full(self) -> bool:
        """Whether the record holds every event as a line (format 2 always does)."""
        return self.format < 3 or self.header["full"]

    @property
    def answers(self) -> list[dict]:
        return [e for e in self.entries if e["type"] in ("answer", "concede")]

    @property
    def events(self) -> list[dict]:
        """The event lines (none in a format 3 record without full events)."""
        return [e["event"] for e in self.entries if e["type"] == "event"]

    @property
    def finished(self) -> bool:
        if self.format >= 3:
            return self.end is not None
        return any(e.get("kind") == "game_ended" for e in self.events[-1:])

    @property
    def event_count(self) -> int:
        """How many events the record accounts for: its event lines, or in format 3 the
        count its end line (or last answer) gives."""
        if self.format < 3:
            return len(self.events)
        last = self.end or next((e for e in reversed(self.entries) if e["type"] != "event"), None)
        return max(len(self.events), last["events"] if last else 0)

    def outcome(self) -> tuple[int | None, str | None, int | None]:
        """The winner (None: unfinished), why the game ended and the turns played, as the
        record tells them (a listing's figures; ``verify`` checks them against a replay).
        An unfinished record without event lines does not tell its turns (None)."""
        if self.end is not None:
            return self.end["winner"], self.end["reason"], self.end["turns"]
        if not self.full:
            return None, None, None
        events = self.events
        end = next((e for e in reversed(events) if e.get("kind") == "game_ended"), None)
        winner = end.get("winner") if end else None
        turns = max((e["turn"] for e in events if e.get("kind") == "turn_started" and type(e.get("turn")) is int),
                    default=0)
        return (winner if winner in (1, 2) else None), (end.get("reason") if end else None), turns


def _check_header(path: Path, head: dict, line: bytes) -> None:
    if head["type"] != "header":
        raise RecordError(f"{path}: not a game record (no header line)")
    if head.get("format") not in READS or not _is_int(head.get("format")):
        raise RecordError(f"{path}: record format {head.get('format')!r} is not one this momon reads "
                          f"(it reads formats {' and '.join(map(str, READS))})")
    if head.get("rules") != RULES_VERSION or not _is_int(head.get("rules")):
        raise RecordError(f"{path}: recorded with rules version {head.get('rules')!r}; this momon plays rules "
                          f"version {RULES_VERSION} and will not replay it differently")
    if problem := header_problem(head, line):
        raise RecordError(f"{path}: the header is damaged: {problem}")


def parse_record(path: Path, data: bytes) -> Record:
    """A record from its bytes. A last line without its newline (cut mid-write) is dropped
    with a warning; every other line must be whole, valid and in order."""
    lines = data.split(b"\n")
    torn = lines.pop()  # b"" when the file ends with a newline
    items: list[dict] = []
    ends: list[int] = []
    offset = 0
    reading: _Reading | None = None
    for number, line in enumerate(lines, 1):
        offset += len(line) + 1
        try:
            item = json.loads(line.decode("utf-8"), object_pairs_hook=_once_each)
        except NamedTwice as err:
            raise RecordError(f"{path}: damaged at line {number}: the key {str(err)[:40]!r} is named twice") from None
        except (ValueError, RecursionError):
            item = None
        if not isinstance(item, dict) or not isinstance(item.get("type"), str):
            if number == 1:
                raise RecordError(f"{path}: not a game record (its first line is not a record header)")
            raise RecordError(f"{path}: damaged at line {number} (not a whole record line)")
        if reading is None:
            _check_header(path, item, line)
            reading = _Reading(item)
        elif problem := reading.problem(item):
            raise RecordError(f"{path}: damaged at line {number}: {problem}")
        else:
            reading.take(item)
        items.append(item)
        ends.append(offset)
    if not items:
        raise RecordError(f"{path}: not a game record (no header line)")
    if torn and len(items) > 1 and items[-1]["type"] == "end":
        # nothing is written after the end line, so no cut leaves part of a line there
        raise RecordError(f"{path}: damaged at line {len(lines) + 1}: something follows the end line")
    warnings = []
    if torn:
        warnings.append(f"{path}: line {len(lines) + 1} was cut off mid-write; recovered the game up to line "
                        f"{len(lines)}")
    end = items.pop() if len(items) > 1 and items[-1]["type"] == "end" else None
    marks = [i for i, item in enumerate(items) if item["type"] in ("answer", "concede")]
    return Record(path, items[0], items[1:], warnings, [ends[i - 1] for i in marks], ends[marks[-1] if marks else 0],
                  end)


def _regular(path: Path) -> None:
    """Refuse, before opening it, anything that is not a regular file (a FIFO would hang us)."""
    try:
        regular_file(path)
    except NotAFile as err:
        raise RecordError(str(err)) from None
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except OSError as err:
        raise RecordError(f"{path}: cannot open: {err.strerror}") from None


def _read_fd(fd: int, path: Path) -> bytes:
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise RecordError(f"{path}: not a regular file")
    if info.st_size > RECORD_LIMIT:
        raise RecordError(f"{path}: larger than {RECORD_LIMIT // 2**20} MiB, not a record momon reads")
    chunks: list[bytes] = []
    while chunk := os.pread(fd, RECORD_LIMIT + 1, sum(len(c) for c in chunks)):
        chunks.append(chunk)
    return b"".join(chunks)


def read_record(path: Path | str) -> Record:
    """Read and check a record (see :func:`parse_record`); never opens a special file."""
    path = Path(path)
    _regular(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as err:
        raise RecordError(f"{path}: cannot open: {err.strerror}") from None
    try:
        return parse_record(path, _read_fd(fd, path))
    except OSError as err:
        raise RecordError(f"{path}: cannot read: {err.strerror}") from None
    finally:
        os.close(fd)


class RecordFile:
    """A record open for writing: a regular file reached without following a symlink, and
    locked (flock) so that a second momon cannot write it at the same time."""

    def __init__(self, path: Path, *, create: bool) -> None:
        self.path = path
        if create and self._new():
            return
        if os.path.lexists(path):
            if os.path.islink(path):
                raise RecordError(f"{path}: is a symbolic link; give the record file itself")
            _regular(path)
        elif not create:
            raise RecordError(f"{path}: no such file")
        flags = os.O_RDWR | os.O_APPEND | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | (os.O_CREAT if create else 0)
        try:
            if create:
                path.parent.mkdir(parents=True, exist_ok=True)
            self.fd = os.open(path, flags, 0o644)
        except OSError as err:
            why = "is a symbolic link" if err.errno == errno.ELOOP else f"cannot write: {err.strerror}"
            raise RecordError(f"{path}: {why}") from None
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.fd)
            raise RecordError(f"{path}: another momon is writing this record; finish that game first") from None
        if os.fstat(self.fd).st_ino != os.stat(path, follow_symlinks=False).st_ino:
            os.close(self.fd)
            raise RecordError(f"{path}: the file was replaced while it was being opened; try again")
        self.size = os.fstat(self.fd).st_size

    def _new(self) -> bool:
        """Create the file if nothing is at its path (O_EXCL: not even a symlink) and lock it;
        False when something is there or the folder is missing, for the checks of ``__init__``."""
        try:
            self.fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                              0o644)
        except OSError:
            return False
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # another momon opened it in the moment since it was made
            os.close(self.fd)
            raise RecordError(f"{self.path}: another momon is writing this record; finish that game first") from None
        self.size = 0
        return True

    def read(self) -> Record:
        return parse_record(self.path, _read_fd(self.fd, self.path))

    def first_line(self) -> bytes:
        return os.pread(self.fd, HEAD_LIMIT, 0).split(b"\n", 1)[0]

    def write(self, text: str, sync: bool = False) -> None:
        """Append ``text``; on a failed write (disk full) take back the partial line, then raise."""
        data = text.encode("utf-8")
        start = self.size
        try:
            done = 0
            while done < len(data):
                done += os.write(self.fd, data[done:])
            if sync:
                os.fsync(self.fd)
        except OSError:
            self.truncate(start)
            raise
        self.size = start + len(data)

    def truncate(self, size: int) -> None:
        os.ftruncate(self.fd, size)
        self.size = size

    def close(self, sync: bool = True) -> None:
        fd = self.fd
        if fd >= 0:
            if sync:
                with contextlib.suppress(OSError):  # a full disk: what is written is what was saved
                    os.fsync(fd)
            # marked closed first: a KeyboardInterrupt raised as os.close returns must not
            # leave a closed (perhaps reused) descriptor for a second close to close again
            self.fd = -1
            os.close(fd)  # closing releases the lock


def _game_of(head: dict) -> dict:
    """A header without what does not make the game: its date and the record's form."""
    return {**head, "created": None, "format": None, "full": None, "bots": head.get("bots", [])}


def create_record_file(path: Path, head: dict, force: bool) -> RecordFile:
    """A new record at ``path``. An existing file is replaced only when it is a record of
    this same game (the same header but for the date and the record's form: its format and
    whether it is full) or when ``force`` says so."""
    file = RecordFile(path, create=True)
    if file.size and not force:
        try:
            old = json.loads(file.first_line())
        except (ValueError, RecursionError):
            old = None
        if not isinstance(old, dict) or _game_of(old) != _game_of(head):
            file.close()
            raise RecordError(f"{path}: already exists and is not a record of this game; move it away, or "
                              f"choose another place (play --log also takes --force to overwrite it)")
    if file.size:
        file.truncate(0)
    return file


def _line(data: dict) -> str:
    return _LINE(data) + "\n"


def _counted(events: list, mark: int, at: int) -> dict:
    """Format 3: the events count ``at`` an answer (or the end), and the digest of the events
    since the line before, which came at ``mark``."""
    return {"events": at, "digest": events_digest(events[mark:at])}


def _event_lines(events: list, start: int, stop: int) -> str:
    return "".join(_line({"type": "event", "n": n, "event": events[n].to_dict()}) for n in range(start, stop))


def _end_line(game: Game, mark: int) -> str:
    result = game.result
    assert result is not None
    events = game.events
    return _line({"type": "end", **_counted(events, mark, len(events)), "winner": result.winner,
                  "reason": result.reason, "turns": game.state.turn})


class Recorder:
    """Writes one game's record as it happens: each answer before the events it causes.

    Format 3: each answer (or concession) line carries the count of the events before it and
    the digest of those since the line before; the end line does the same for the last
    ones. With ``full``, and always in format 2, every event is also a line of its own,
    written after the answer that caused it."""

    def __init__(self, file: RecordFile, game: Game, *, head: dict | None = None, fmt: int = FORMAT,
                 full: bool = False, written: int = 0, mark: int = 0) -> None:
        """Write ``head`` (a new record) and what the game has done since ``written`` event
        lines and the answer line whose events count was ``mark``; then follow the game."""
        self.file, self.path, self.game = file, file.path, game
        self.digests = fmt >= 3
        self.full = full or not self.digests
        self._written, self._mark = written, mark
        self.file.write((_line(head) if head is not None else "") + self._after(), sync=True)

    def _burst(self) -> dict:
        events = self.game.events
        return _counted(events, self._mark, len(events)) if self.digests else {}

    def _after(self) -> str:
        """The lines that follow a step: its events (full), and the end line once the game is over."""
        game = self.game
        text = ""
        if self.full:
            text = _event_lines(game.events, self._written, len(game.events))
            self._written = len(game.events)
        if self.digests and game.result is not None:
            text += _end_line(game, self._mark)
            self._mark = len(game.events)
        return text

    def answer(self, choice) -> None:
        """Validate, make the answer durable, then let the game advance; its events follow."""
        game = self.game
        decision = game.pending
        if decision is None:
            raise GameOver("the game is over")
        value = decision.validate(choice)
        self._ahead({"type": "answer", "n": len(game.answers), "player": decision.player,
                     "kind": decision.kind.value, "value": value, **self._burst()}, game.answer, value)

    def concede(self, player: int) -> None:
        self._ahead({"type": "concede", "n": len(self.game.answers), "player": player, **self._burst()},
                    self.game.concede, player)

    def _ahead(self, entry: dict, step, argument) -> None:
        """Write-ahead: ``entry`` is on disk before ``step`` runs. A step refused before it
        changed anything (IllegalAnswer, a bad player, GameOver) takes its line back. An
        interrupt leaves the line, and the record resumes from it; so does an EngineError,
        and the record shows how to reproduce it."""
        mark = self.file.size
        self.file.write(_line(entry), sync=True)
        try:
            step(argument)
        except (ValueError, GameOver):
            self.file.truncate(mark)
            raise
        self._mark = entry.get("events", 0)
        self.file.write(self._after())

    def close(self) -> None:
        self.file.close()


def start_record(path: Path, game: Game, deck_names: tuple[str, str], *, force: bool = False,
                 full: bool = False, bots: Mapping[int, Seat] | None = None) -> Recorder:
    """Record a new game at ``path`` (see :func:`create_record_file`); ``full`` keeps every
    event as a line; ``bots``: the seats bots play."""
    head = header(game.setup, deck_names, full=full, bots=bots)
    return Recorder(create_record_file(Path(path), head, force), game, head=head, full=full)


def write_record(path: Path, game: Game, deck_names: tuple[str, str], asked: Sequence[tuple[int, int, str]], *,
                 full: bool = False, force: bool = False) -> None:
    """Write, in one piece and without fsync, the record of a game played without a
    :class:`Recorder` (``momon simulate``, whose games answer themselves): the same lines a
    Recorder writes. ``asked`` holds, for each of ``game.answers``, the number of events
    before it and the player and kind of the decision it answered."""
    head = header(game.setup, deck_names, full=full)
    events = game.events
    lines = [_line(head)]
    mark = 0
    for n, ((at, player, kind), value) in enumerate(zip(asked, game.answers, strict=False)):
        if full:
            lines.append(_event_lines(events, mark, at))
        digest = events_digest(events[mark:at])
        lines.append(_line({"type": "concede", "n": n, "player": player, "events": at, "digest": digest}
                           if isinstance(value, dict) else  # a concession, as Game.answers holds it
                           {"type": "answer", "n": n, "player": player, "kind": kind, "value": value, "events": at,
                            "digest": digest}))
        mark = at
    if full:
        lines.append(_event_lines(events, mark, len(events)))
    if game.result is not None:
        lines.append(_end_line(game, mark))
    file = create_record_file(Path(path), head, force)
    try:
        file.write("".join(lines))
    finally:
        file.close(sync=False)


def _continue(file: RecordFile, record: Record, kept: int, cut: int) -> tuple[Game, Recorder]:
    """The game after the record's first ``kept`` entries (ending with an answer, or none),
    its file cut at byte ``cut``, the end of those entries; what the replay derives after
    them is appended, in the record's own format."""
    file.truncate(cut)
    game = Game(setup_from_header(record.header, load_matrix()))
    mark = written = 0
    for entry in record.entries[:kept]:
        if entry["type"] == "event":
            written += 1
            continue
        mark = len(game.events)
        if entry["type"] == "concede":
            game.concede(entry["player"])
        else:
            game.answer(answer_from_json(entry["value"]))
    return game, Recorder(file, game, fmt=record.format, full=record.full, written=written, mark=mark)


def _answer_lines(record: Record) -> list[int]:
    return [i for i, e in enumerate(record.entries) if e["type"] != "event"]


def resume(file: RecordFile, record: Record) -> tuple[Game, Recorder]:
    """Continue a record in place: keep it up to its last whole answer, replay every answer,
    and append the events the replay derives after that answer. Every moment of this leaves
    a file that resumes again, so nothing is written elsewhere first."""
    marks = _answer_lines(record)
    return _continue(file, record, marks[-1] + 1 if marks else 0, record.answers_end)


def undo(recorder: Recorder) -> tuple[Game, Recorder]:
    """Take back the last answer: cut the record, in place and still locked, to just before
    that answer's line, and rebuild the game from the answers before it."""
    file = recorder.file
    record = file.read()
    return _continue(file, record, _answer_lines(record)[-1], record.answer_starts[-1])
