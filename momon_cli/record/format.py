"""The game record's format (docs/records.md): a JSON Lines file, line 1 the header (format
version, engine version, profile, seed, names, whether it is full, the bot seats, the full
card data of the game and its digest), then the answers. Format 3 gives each answer the
count and a short digest of the events before it (the events themselves only with
``full``); format 2, still read and continued, has the events as lines after each answer.
This module makes the header and the digests, and names the fields of every line."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from datetime import UTC, datetime
from operator import attrgetter
from typing import Any, Literal, TypeAlias, TypedDict

from .. import __version__
from ..data.cards import card_to_mapping
from ..data.positions import position_cards, position_to_mapping
from ..engine import RULES_VERSION, CardDef, Event, Profile, Setup
from .seats import Seat

Line: TypeAlias = dict[str, Any]  # one record line, as JSON gives it: checked by validate before use


class BotLine(TypedDict):
    """One bot seat as the header keeps it (docs/records.md, *Bot seats*)."""

    player: int
    bot: str
    seed: str
    seconds: float | None
    imagines: list[str]


class _HeaderFields(TypedDict):
    type: Literal["header"]
    format: int
    rules: int
    engine: str
    created: str
    profile: Profile
    seed: int
    names: list[str]
    decks: list[str]
    cards: list[Line]
    position: Line


class Header(_HeaderFields, total=False):
    """A record's first line, once validate has checked every field (docs/records.md): what
    the game was played with. A format 2 header has no ``full``; one written before bot seats
    or the cards' digest existed lacks them. (The fields a header may lack are declared with
    ``total=False`` rather than NotRequired, which this module's postponed annotations would
    hide from the runtime's view of the keys.)"""

    full: bool
    bots: list[BotLine]
    cards_digest: str

FORMAT = 3  # the format this momon writes


READS = (2, 3)  # the formats it reads, replays and continues (a format 2 record is continued as format 2)


DIGEST_LENGTH = 16  # hex characters of an answer's events digest


RECORD_LIMIT = 64 * 2**20  # bytes; a real game is a few hundred kilobytes at most


TEXT_LIMIT = 200  # characters in the header's other strings (deck names, dates, versions)


HEAD_LIMIT = 4 * 2**20  # bytes read to tell whether an existing file is a record of this game


CARDS_LIMIT = 1000  # cards a bot seat imagines


SUFFIX = ".msn"  # a game file's (docs/notation.md): the file layer tells one by it without the MSN reader


class RecordError(ValueError):
    """A file that cannot be read or written as a game record: one line saying why."""


def _sorted_json(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def cards_digest(head: Line) -> str:
    """sha256 of the canonical JSON of the header's card data (its cards and its position)."""
    return hashlib.sha256(_sorted_json({"cards": head.get("cards"), "position": head.get("position")}).encode()).hexdigest()


_CARD_DATA: dict[tuple[int, ...], tuple[tuple[CardDef, ...], list[Line], str]] = {}


def _card_data(cards: tuple[CardDef, ...]) -> tuple[list[Line], str]:
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


_ROWS: dict[type, Callable[[Event], tuple[object, ...]]] = {}


_CANONICAL = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode  # ASCII: the rest as \uXXXX


_LINE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def _row(event: Event) -> tuple[object, ...]:
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
           bots: Mapping[int, Seat] | None = None, created: str | None = None) -> Header:
    """A new record's header; ``full``: the record keeps every event as a line too; ``bots``:
    the seats bots play, with the cards they imagine (their data joins the game's);
    ``created``: the date the game began, when it is not now (a game read from its text)."""
    position = setup.position
    cards = position_cards(position)
    seats = sorted((bots or {}).items())
    for _, seat in seats:
        for card in seat.imaginable:
            cards.setdefault(card.id, card)
    tables, tables_json = _card_data(tuple(cards.values()))
    start = position_to_mapping(position)
    head: Header = {
        "type": "header", "format": FORMAT, "rules": RULES_VERSION, "engine": __version__,
        "created": created or datetime.now(UTC).isoformat(timespec="seconds"),
        "profile": setup.profile, "seed": setup.seed, "names": list(setup.names),  # as the game's events name them
        "decks": list(deck_names), "full": full,
        "bots": [{"player": player, "bot": seat.bot, "seed": seat.seed, "seconds": seat.seconds,
                  "imagines": [card.id for card in seat.imaginable]} for player, seat in seats],
        "cards": list(tables), "position": start,
    }
    # cards_digest(head), from the cards' JSON made once: sorted keys put "cards" before "position"
    canonical = f'{{"cards":{tables_json},"position":{_sorted_json(start)}}}'
    head["cards_digest"] = hashlib.sha256(canonical.encode()).hexdigest()
    return head


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
