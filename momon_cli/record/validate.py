"""A record read from bytes and checked line by line against its format: every field, its
place, its counts, before any answer is replayed."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from ..engine import PROFILES, RULES_VERSION
from ..language import _
from ..limits import BOT_NAMES, BOT_SECONDS, NAME_LIMIT
from ..text.lists import either, listed
from ..widths import name_problem
from .format import (
    _COUNTED,
    CARDS_LIMIT,
    DIGEST_LENGTH,
    HEADER_KEYS,
    LINE_KEYS,
    OPTIONAL_HEADER_KEYS,
    READS,
    TEXT_LIMIT,
    Header,
    Line,
    RecordError,
    cards_digest,
)


def _once_each(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object whose keys are all different: a key named twice (the first one padding,
    say) would be read past unseen, so it makes the line damaged."""
    table = dict(pairs)
    if len(table) != len(pairs):
        raise NamedTwice(next(k for i, (k, _) in enumerate(pairs) if any(k == j for j, _ in pairs[:i])))
    return table


class NamedTwice(ValueError):
    """A JSON object that names one key twice."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: object, limit: int = TEXT_LIMIT) -> bool:
    return isinstance(value, str) and 0 < len(value) <= limit


def _names_problem(names: object) -> str:
    """What is wrong with a header's names ("" when nothing): two names, each by the name rule
    (``widths.name_problem``: 1 to NAME_LIMIT columns as drawn, nothing invisible)."""
    if not isinstance(names, list) or len(names) != 2:
        return _("names: must be two names 1-{limit} columns wide").format(limit=NAME_LIMIT)
    for number, name in enumerate(names, 1):
        if (why := name_problem(name, NAME_LIMIT)) is not None:
            return _("names: Player {number}'s name {why}").format(number=number, why=why)
    return ""


def _unicode(value: object) -> bool:
    """False for text holding lone surrogates (a JSON "\\udc80"), which no file or terminal takes."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def header_problem(head: Line, line: bytes | None = None) -> str | None:
    """What is wrong with a header's fields, against what this momon and its engine know
    (its format and rules version are checked first, by :func:`parse_record`). ``line``:
    the JSON it was read from, where a lone surrogate can only come from a \\uD800-\\uDFFF
    escape; without one, the text needs no further Unicode check."""
    names, decks = head.get("names"), head.get("decks")
    allowed = HEADER_KEYS[head["format"]]
    unknown = sorted(set(head) - allowed - OPTIONAL_HEADER_KEYS)
    missing = sorted(allowed - set(head))
    if unknown or missing:  # as strict as card and position files: no field is taken on trust
        return _("unknown field {field}").format(field=repr(unknown[0][:40])) if unknown else \
            _("missing field {field}").format(field=repr(missing[0]))
    checks: tuple[tuple[bool, Callable[[], str]], ...] = (  # each reason made only for the field that is wrong
        (_text(head.get("engine")), lambda: _("engine: must be a version string")),
        (_text(head.get("created")), lambda: _("created: must be a date string")),
        (head.get("profile") in PROFILES, lambda: _("profile: must be {profiles}").format(profiles=either(PROFILES))),
        (_is_int(head.get("seed")), lambda: _("seed: must be a whole number")),
        (not (naming := _names_problem(names)), lambda: naming),
        (isinstance(decks, list) and len(decks) == 2 and all(_text(d) for d in decks),
         lambda: _("decks: must be two deck names of 1-{limit} characters").format(limit=TEXT_LIMIT)),
        (head["format"] < 3 or isinstance(head.get("full"), bool), lambda: _("full: must be true or false")),
        (not (why := _seats_problem(head.get("bots", []), head.get("cards"))), lambda: f"bots: {why}"),
        (isinstance(head.get("cards"), list), lambda: _("cards: must be a list of cards")),
        (isinstance(head.get("position"), dict), lambda: _("position: must be a table")),
        (line is not None and not _SURROGATE_ESCAPE.search(line) or _unicode(head),
         lambda: _("holds text that is not valid Unicode")),
    )
    problem = next((why() for ok, why in checks if not ok), None)
    if problem is None and "cards_digest" in head and head["cards_digest"] != cards_digest(head):
        return _("the card data does not match its cards_digest (it was edited)")
    return problem


def _seats_problem(bots: object, cards: object) -> str:
    """What is wrong with a header's bot seats ("" when nothing)."""
    if not isinstance(bots, list) or len(bots) > 2 or not all(isinstance(b, dict) for b in bots):
        return _("must be a list of at most two tables")
    known = {c["id"] for c in cards if isinstance(c, dict) and isinstance(c.get("id"), str)} \
        if isinstance(cards, list) else set()
    for b in bots:
        seconds, imagines = b.get("seconds"), b.get("imagines")
        if set(b) != {"player", "bot", "seed", "seconds", "imagines"}:
            return _("each needs player, bot, seed, seconds and imagines, and nothing else")
        if b["player"] not in (1, 2) or not _is_int(b["player"]):
            return _("player: must be 1 or 2")
        if b["bot"] not in BOT_NAMES:
            return _("seat {seat}: bot must be one of {bots}").format(seat=b["player"], bots=", ".join(BOT_NAMES))
        if not _text(b["seed"]):
            return _("seat {seat}: seed must be a string of 1-{limit} characters").format(seat=b["player"],
                                                                                          limit=TEXT_LIMIT)
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int | float)
                                    or not BOT_SECONDS[0] <= seconds <= BOT_SECONDS[1]):
            return _("seat {seat}: seconds must be null or from {low} to {high}").format(
                seat=b["player"], low=BOT_SECONDS[0], high=BOT_SECONDS[1])
        if (not isinstance(imagines, list) or len(imagines) > CARDS_LIMIT
                or not all(isinstance(i, str) and i in known for i in imagines)):
            return _("seat {seat}: imagines must list cards of the header").format(seat=b["player"])
    if len({b["player"] for b in bots}) < len(bots):
        return _("two bots in one seat")
    return ""


def _digest(value: object) -> bool:
    return isinstance(value, str) and len(value) == DIGEST_LENGTH and not value.strip("0123456789abcdef")


class _Reading:
    """What :func:`parse_record` has read so far, to check each line against."""

    def __init__(self, head: Line) -> None:
        self.format = head["format"]
        self.full = self.format < 3 or head["full"]
        self.answers = self.events = 0  # answer (and concession) lines, event lines
        self.mark = 0  # format 3: the events count of the last answer line
        self.ended = False

    def problem(self, item: Line) -> str | None:
        """What is wrong with one answer, concession, event or end line, given the lines before it."""
        kind = item["type"]
        if self.ended:
            return _("a line after the game's end line")
        keys = LINE_KEYS.get(kind)
        if keys is not None:
            wanted = keys | _COUNTED if self.format >= 3 and kind != "event" else keys
            if extra := sorted(set(item) - wanted):
                return _("unknown field {field} in a line of type {kind}").format(field=repr(extra[0][:40]),
                                                                                  kind=repr(kind))
        if kind in ("answer", "concede"):
            if item.get("n") != self.answers or not _is_int(item.get("n")):
                return _("answer number {n} out of order (expected {expected})").format(n=repr(item.get("n")),
                                                                                        expected=self.answers)
            if item.get("player") not in (1, 2) or not _is_int(item.get("player")):
                return _("player: must be 1 or 2")
            if kind == "answer" and (not _text(item.get("kind"), 40) or "value" not in item):
                return _("an answer needs a kind and a value")
            return self._counted(item)
        if kind == "event" and self.full:
            if item.get("n") != self.events or not _is_int(item.get("n")):
                return _("event number {n} out of order (expected {expected})").format(n=repr(item.get("n")),
                                                                                       expected=self.events)
            event = item.get("event")
            if not isinstance(event, dict) or not _text(event.get("kind"), 40):
                return _("an event needs a kind")
            return None
        if kind == "event":
            return _("an event line in a record whose header says full: false")
        if kind == "end" and self.format >= 3:
            if item.get("winner") not in (1, 2) or not _is_int(item.get("winner")):
                return _("winner: must be 1 or 2")
            if not _text(item.get("reason"), 40) or not _is_int(item.get("turns")) or item["turns"] < 0:
                return _("the end needs a reason and a number of turns")
            return self._counted(item)
        return _("unknown type {kind}").format(kind=repr(kind))

    def _counted(self, item: Line) -> str | None:
        """Format 3: the events count (never less than the last line's) and digest."""
        if self.format < 3:
            return None
        if not _is_int(item.get("events")) or item["events"] < self.mark:
            return _("events: must be a whole number of at least {n}").format(n=self.mark)
        if not _digest(item.get("digest")):
            return _("digest: must be {n} hex digits").format(n=DIGEST_LENGTH)
        return None

    def take(self, item: Line) -> None:
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
    """A record file read and checked: its header, its lines, what was wrong with them, and
    where its answers end, so a resumed game appends after the last whole one."""

    path: Path
    header: Header
    entries: list[Line]  # answers, concessions and events, in file order
    warnings: list[str]
    answer_starts: list[int]  # the byte where each answer (or concession) line begins
    answers_end: int  # the byte just after the last whole answer (or the header): where resume appends
    end: Line | None = None  # format 3: the end line, written once the game is over
    notation: object = None  # read from a game file: its tree (a record.msn.GameText), variations and all

    @property
    def format(self) -> int:
        fmt: int = self.header["format"]
        return fmt

    @property
    def full(self) -> bool:
        """Whether the record holds every event as a line (format 2 always does)."""
        return self.format < 3 or self.header["full"]

    @property
    def answers(self) -> list[Line]:
        return [e for e in self.entries if e["type"] in ("answer", "concede")]

    @property
    def events(self) -> list[Line]:
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
            return self.end["winner"], self.end["reason"], self.played(self.end["reason"], self.end["turns"])
        if not self.full:
            return None, None, None
        events = self.events
        end = next((e for e in reversed(events) if e.get("kind") == "game_ended"), None)
        winner = end.get("winner") if end else None
        reason = end.get("reason") if end else None
        turn = max((e["turn"] for e in events if e.get("kind") == "turn_started" and type(e.get("turn")) is int),
                   default=0)
        return (winner if winner in (1, 2) else None), reason, self.played(reason, turn)

    def played(self, reason: object, turn: int) -> int:
        """The turns played, when the game ended (or stands) in turn ``turn`` for ``reason``:
        those from the position's turn to that one, less that one when the game ended at
        its Summon step, which found the end and summoned nothing."""
        start = self.header["position"].get("turn", 1)
        first = start if _is_int(start) else 1
        last = turn - 1 if reason in ENDED_BEFORE_A_SUMMON else turn
        return max(0, last - first + 1)


#: End conditions found at the start of a turn's Summon step (BASELINE 7.2, 7.3): that turn
#: began, but no Summon was made in it, so it is not counted as played.
ENDED_BEFORE_A_SUMMON = ("full-arena", "exhaustion")


def _check_header(path: Path, head: Line, line: bytes) -> Header:
    """The header line, once every field is checked (RecordError, one line, when one is not)."""
    if head["type"] != "header":
        raise RecordError(_("{path}: not a game record (no header line)").format(path=path))
    if head.get("format") not in READS or not _is_int(head.get("format")):
        raise RecordError(_("{path}: record format {format} is not one this momon reads (it reads formats "
                            "{formats})").format(path=path, format=repr(head.get("format")), formats=listed(READS)))
    if head.get("rules") != RULES_VERSION or not _is_int(head.get("rules")):
        raise RecordError(_("{path}: recorded with rules version {found}; this momon plays rules version {version} "
                            "and will not replay it differently").format(path=path, found=repr(head.get("rules")),
                                                                         version=RULES_VERSION))
    if problem := header_problem(head, line):
        raise RecordError(_("{path}: the header is damaged: {problem}").format(path=path, problem=problem))
    return cast(Header, head)  # every field is as Header says: header_problem checked each


def _whole_lines(data: bytes) -> Iterator[bytes]:
    """Each line that ends in a newline, one at a time: a file refused at its first line is
    never cut into all its lines (a 57 MiB file of short lines took 20 times its size so)."""
    start = 0
    while (end := data.find(b"\n", start)) != -1:
        yield data[start:end]
        start = end + 1


def parse_record(path: Path, data: bytes) -> Record:
    """A record from its bytes. A last line without its newline (cut mid-write) is dropped
    with a warning; every other line must be whole, valid and in order."""
    torn = data[data.rfind(b"\n") + 1:]  # b"" when the file ends with a newline
    whole = 0  # whole lines read
    items: list[Line] = []
    ends: list[int] = []
    offset = 0
    reading: _Reading | None = None
    head: Header | None = None
    for number, line in enumerate(_whole_lines(data), 1):
        whole = number
        offset += len(line) + 1
        try:
            item = json.loads(line.decode("utf-8"), object_pairs_hook=_once_each)
        except NamedTwice as err:
            raise RecordError(_("{path}: damaged at line {line}: the key {key} is named twice").format(
                path=path, line=number, key=repr(str(err)[:40]))) from None
        except (ValueError, RecursionError):
            item = None
        if not isinstance(item, dict) or not isinstance(item.get("type"), str):
            if number == 1:
                raise RecordError(_("{path}: not a game record (its first line is not a record header)").format(
                    path=path))
            raise RecordError(_("{path}: damaged at line {line} (not a whole record line)").format(path=path,
                                                                                                  line=number))
        if reading is None:
            head = _check_header(path, item, line)
            reading = _Reading(item)
        elif problem := reading.problem(item):
            raise RecordError(_("{path}: damaged at line {line}: {problem}").format(path=path, line=number,
                                                                                    problem=problem))
        else:
            reading.take(item)
        items.append(item)
        ends.append(offset)
    if head is None:
        raise RecordError(_("{path}: not a game record (no header line)").format(path=path))
    if torn and len(items) > 1 and items[-1]["type"] == "end":
        # nothing is written after the end line, so no cut leaves part of a line there
        raise RecordError(_("{path}: damaged at line {line}: something follows the end line").format(
            path=path, line=whole + 1))
    warnings = []
    if torn:
        warnings.append(_("{path}: line {line} was cut off mid-write; recovered the game up to line {last}").format(
            path=path, line=whole + 1, last=whole))
    end = items.pop() if len(items) > 1 and items[-1]["type"] == "end" else None
    marks = [i for i, item in enumerate(items) if item["type"] in ("answer", "concede")]
    return Record(path, head, items[1:], warnings, [ends[i - 1] for i in marks], ends[marks[-1] if marks else 0],
                  end)
