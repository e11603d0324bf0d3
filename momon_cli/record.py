"""The game record: a JSON Lines file written as the game happens (docs/records.md).

Line 1 is the header (format version, engine version, profile, seed, names, first player,
the full card data of both decks and its digest); then the answers and the events they
cause. Each answer is on disk (written and fsync'd) before the engine runs it, so a file
that ends anywhere holds whole answers and resumes from them: the events after the last
answer are derived again, never trusted to be complete.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from . import __version__
from .carddata import DataError, card_from_mapping, card_to_mapping, load_matrix
from .engine import PROFILES, RULES_VERSION, Game, GameOver, Setup, answer_from_json
from .engine.elements import ElementMatrix
from .positions import position_cards, position_from_mapping, position_to_mapping

FORMAT = 2
RECORD_LIMIT = 64 * 2**20  # bytes; a real game is a few hundred kilobytes at most
NAME_LIMIT = 24  # characters in a player's name
TEXT_LIMIT = 200  # characters in the header's other strings (deck names, dates, versions)
HEAD_LIMIT = 4 * 2**20  # bytes read to tell whether an existing file is a record of this game


class RecordError(ValueError):
    """A file that cannot be read or written as a game record: one line saying why."""


def cards_digest(head: dict) -> str:
    """sha256 of the canonical JSON of the header's card data (its cards and its position)."""
    data = {"cards": head.get("cards"), "position": head.get("position")}
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def header(setup: Setup, deck_names: tuple[str, str]) -> dict:
    position = setup.position
    head = {
        "type": "header", "format": FORMAT, "rules": RULES_VERSION, "engine": __version__,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "profile": setup.profile, "seed": setup.seed, "names": list(setup.names),
        "decks": list(deck_names),
        "cards": [card_to_mapping(c) for c in position_cards(position).values()],
        "position": position_to_mapping(position),
    }
    head["cards_digest"] = cards_digest(head)
    return head


def setup_from_header(head: dict, matrix: ElementMatrix) -> Setup:
    """Rebuild the Setup a record was played with; raises DataError for a damaged header."""
    try:
        pool = {}
        for data in head["cards"]:
            card = card_from_mapping(data, matrix, "record")
            pool[card.id] = card
        position = position_from_mapping(head["position"], pool, matrix.elements, "record")
        return Setup(position, matrix, head["seed"], head["profile"], tuple(head["names"]))
    except DataError as err:  # one line for the record, however many problems its cards have
        more = f" (and {len(err.problems) - 1} more)" if len(err.problems) > 1 else ""
        raise DataError([f"the record's card data is damaged: {err.problems[0]}{more}"]) from None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise DataError([f"the record's header is damaged: {err}"]) from None


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


def header_problem(head: dict) -> str | None:
    """What is wrong with a header's fields, against what this momon and its engine know
    (its format and rules version are checked first, by :func:`parse_record`)."""
    names, decks = head.get("names"), head.get("decks")
    checks = (
        (_text(head.get("engine")), "engine: must be a version string"),
        (_text(head.get("created")), "created: must be a date string"),
        (head.get("profile") in PROFILES, f"profile: must be {' or '.join(PROFILES)}"),
        (_is_int(head.get("seed")), "seed: must be a whole number"),
        (isinstance(names, list) and len(names) == 2 and all(_text(n, NAME_LIMIT) for n in names),
         f"names: must be two names of 1-{NAME_LIMIT} characters"),
        (isinstance(decks, list) and len(decks) == 2 and all(_text(d) for d in decks),
         f"decks: must be two deck names of 1-{TEXT_LIMIT} characters"),
        (isinstance(head.get("cards"), list), "cards: must be a list of cards"),
        (isinstance(head.get("position"), dict), "position: must be a table"),
        (_unicode(head), "holds text that is not valid Unicode"),
        (head.get("cards_digest", cards_digest(head)) == cards_digest(head),
         "the card data does not match its cards_digest (it was edited)"),
    )
    return next((why for ok, why in checks if not ok), None)


def _entry_problem(item: dict, answers: int, events: int) -> str | None:
    """What is wrong with one answer, concession or event line, given the counts before it."""
    kind = item["type"]
    if kind in ("answer", "concede"):
        if item.get("n") != answers or not _is_int(item.get("n")):
            return f"answer number {item.get('n')!r} out of order (expected {answers})"
        if item.get("player") not in (1, 2) or not _is_int(item.get("player")):
            return "player: must be 1 or 2"
        if kind == "answer" and (not _text(item.get("kind"), 40) or "value" not in item):
            return "an answer needs a kind and a value"
        return None
    if kind == "event":
        if item.get("n") != events or not _is_int(item.get("n")):
            return f"event number {item.get('n')!r} out of order (expected {events})"
        event = item.get("event")
        if not isinstance(event, dict) or not _text(event.get("kind"), 40):
            return "an event needs a kind"
        return None
    return f"unknown type {kind!r}"


@dataclass
class Record:
    path: Path
    header: dict
    entries: list[dict]  # answers, concessions and events, in file order
    warnings: list[str]
    answer_starts: list[int]  # the byte where each answer (or concession) line begins
    answers_end: int  # the byte just after the last whole answer (or the header): where resume appends

    @property
    def answers(self) -> list[dict]:
        return [e for e in self.entries if e["type"] in ("answer", "concede")]

    @property
    def events(self) -> list[dict]:
        return [e["event"] for e in self.entries if e["type"] == "event"]

    @property
    def finished(self) -> bool:
        return any(e.get("kind") == "game_ended" for e in self.events[-1:])


def _check_header(path: Path, head: dict) -> None:
    if head["type"] != "header":
        raise RecordError(f"{path}: not a game record (no header line)")
    if head.get("format") != FORMAT or not _is_int(head.get("format")):
        raise RecordError(f"{path}: record format {head.get('format')!r} is not one this momon reads "
                          f"(it reads format {FORMAT})")
    if head.get("rules") != RULES_VERSION or not _is_int(head.get("rules")):
        raise RecordError(f"{path}: recorded with rules version {head.get('rules')!r}; this momon plays rules "
                          f"version {RULES_VERSION} and will not replay it differently")
    if problem := header_problem(head):
        raise RecordError(f"{path}: the header is damaged: {problem}")


def parse_record(path: Path, data: bytes) -> Record:
    """A record from its bytes. A last line without its newline (cut mid-write) is dropped
    with a warning; every other line must be whole, valid and in order."""
    lines = data.split(b"\n")
    torn = lines.pop()  # b"" when the file ends with a newline
    items: list[dict] = []
    ends: list[int] = []
    offset = 0
    answers = events = 0
    for number, line in enumerate(lines, 1):
        offset += len(line) + 1
        try:
            item = json.loads(line.decode("utf-8"))
        except (ValueError, RecursionError):
            item = None
        if not isinstance(item, dict) or not isinstance(item.get("type"), str):
            if number == 1:
                raise RecordError(f"{path}: not a game record (its first line is not a record header)")
            raise RecordError(f"{path}: damaged at line {number} (not a whole record line)")
        if number == 1:
            _check_header(path, item)
        elif problem := _entry_problem(item, answers, events):
            raise RecordError(f"{path}: damaged at line {number}: {problem}")
        elif item["type"] == "event":
            events += 1
        else:
            answers += 1
        items.append(item)
        ends.append(offset)
    if not items:
        raise RecordError(f"{path}: not a game record (no header line)")
    warnings = []
    if torn:
        warnings.append(f"{path}: line {len(lines) + 1} was cut off mid-write; recovered the game up to line "
                        f"{len(lines)}")
    marks = [i for i, item in enumerate(items) if item["type"] in ("answer", "concede")]
    return Record(path, items[0], items[1:], warnings, [ends[i - 1] for i in marks], ends[marks[-1] if marks else 0])


def _regular(path: Path) -> None:
    """Refuse, before opening it, anything that is not a regular file (a FIFO would hang us)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except OSError as err:
        raise RecordError(f"{path}: cannot open: {err.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise RecordError(f"{path}: not a regular file")


def _read_fd(fd: int, path: Path) -> bytes:
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise RecordError(f"{path}: not a regular file")
    if info.st_size > RECORD_LIMIT:
        raise RecordError(f"{path}: larger than {RECORD_LIMIT // 2**20} MiB, not a record momon reads")
    chunks = []
    while chunk := os.pread(fd, RECORD_LIMIT + 1, sum(map(len, chunks))):
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

    def close(self) -> None:
        if self.fd >= 0:
            with contextlib.suppress(OSError):  # a full disk: what is written is what was saved
                os.fsync(self.fd)
            os.close(self.fd)  # closing releases the lock
            self.fd = -1


def create_record_file(path: Path, head: dict, force: bool) -> RecordFile:
    """A new record at ``path``. An existing file is replaced only when it is a record of
    this same game (the same header but for the date) or when ``force`` says so."""
    file = RecordFile(path, create=True)
    if file.size and not force:
        try:
            old = json.loads(file.first_line())
        except (ValueError, RecursionError):
            old = None
        same = isinstance(old, dict) and {**old, "created": None} == {**head, "created": None}
        if not same:
            file.close()
            raise RecordError(f"{path}: already exists and is not a record of this game; "
                              f"choose another --log, or add --force to overwrite it")
    file.truncate(0)
    return file


def _line(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


class Recorder:
    """Writes one game's record as it happens: each answer before the events it causes."""

    def __init__(self, file: RecordFile, game: Game, *, head: dict | None = None, written: int = 0,
                 durable: bool = True) -> None:
        """Write ``head`` (a new record) and the game's events after the first ``written``, then
        follow the game. ``durable`` fsyncs every answer; bots, which can replay a game, need not."""
        self.file, self.path, self.game, self.durable = file, file.path, game, durable
        self._events = written
        self._burst: list[str] = []
        for event in game.events[self._events:]:
            self._event(event)
        self.file.write((_line(head) if head is not None else "") + "".join(self._burst), sync=True)
        self._burst.clear()
        game.listen(self._event)

    def _event(self, event) -> None:
        self._burst.append(_line({"type": "event", "n": self._events, "event": event.to_dict()}))
        self._events += 1

    def answer(self, choice) -> None:
        """Validate, make the answer durable, then let the game advance; its events follow."""
        game = self.game
        decision = game.pending
        if decision is None:
            game.answer(choice)  # raises GameOver
        value = decision.validate(choice)
        self._ahead({"type": "answer", "n": len(game.answers), "player": decision.player,
                     "kind": decision.kind.value, "value": value}, game.answer, value)

    def concede(self, player: int) -> None:
        self._ahead({"type": "concede", "n": len(self.game.answers), "player": player}, self.game.concede, player)

    def _ahead(self, entry: dict, step, argument) -> None:
        """Write-ahead: ``entry`` is on disk before ``step`` runs. A step refused before it
        changed anything (IllegalAnswer, a bad player, GameOver) takes its line back. An
        interrupt leaves the line, and the record resumes from it; so does an EngineError,
        and the record shows how to reproduce it."""
        mark, events = self.file.size, self._events
        self.file.write(_line(entry), sync=self.durable)
        try:
            step(argument)
        except (ValueError, GameOver):
            self._burst.clear()
            self._events = events
            self.file.truncate(mark)
            raise
        self.file.write("".join(self._burst))
        self._burst.clear()

    def close(self) -> None:
        self.file.close()


def start_record(path: Path, game: Game, deck_names: tuple[str, str], *, force: bool = False,
                 durable: bool = True) -> Recorder:
    """Record a new game at ``path`` (see :func:`create_record_file`)."""
    head = header(game.setup, deck_names)
    return Recorder(create_record_file(Path(path), head, force), game, head=head, durable=durable)


def _continue(file: RecordFile, record: Record, kept: int, cut: int) -> tuple[Game, Recorder]:
    """The game after the record's first ``kept`` entries (ending with an answer, or none),
    its file cut at byte ``cut``, the end of those entries; the events the replay derives
    after them are appended."""
    file.truncate(cut)
    game = Game(setup_from_header(record.header, load_matrix()))
    for entry in record.entries[:kept]:
        if entry["type"] == "concede":
            game.concede(entry["player"])
        elif entry["type"] == "answer":
            game.answer(answer_from_json(entry["value"]))
    return game, Recorder(file, game, written=sum(e["type"] == "event" for e in record.entries[:kept]))


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
