"""MSN's tag pairs and data blocks (docs/notation.md): what a game file says of the game's
setup, made from a record's header, and the setup and header read back from them.

A card is named by its id and taken from the built-in pool, unless the file's ``%cards``
block holds it (a card not built in, or other than the built-in one of that id); a deck is
named by its title and its cards are the built-in deck's, unless a ``DeckNCards`` tag lists
them; a game that did not begin with the decks dealt has its ``%position`` block. The
digests (``DeckNDigest``, ``CardsDigest``) say whether what is rebuilt is what was played.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from .. import __version__
from ..data.cards import DataError, builtin_decks_dir, card_to_mapping, load_matrix, load_pool, parse_card_set, read_toml
from ..data.positions import position_from_mapping, position_to_toml
from ..data.toml_out import card_set_toml
from ..engine import PROFILES, RULES_VERSION, CardDef, Game, Position, Result, Setup
from ..language import _
from ..limits import BOT_NAMES, BOT_SECONDS, NAME_LIMIT
from ..text.lists import either
from ..widths import columns, name_problem
from .format import TEXT_LIMIT, Header, _sorted_json, header
from .header import seats_from_header, setup_from_header
from .msn_syntax import NotationError, Token
from .seats import Seat

T = TypeVar("T")

VERSION = "1"  # the notation's version, the MSN tag


def _seat_tags(n: int) -> list[str]:
    return [f"Bot{n}", f"Bot{n}Seed", f"Bot{n}Time", f"Bot{n}Imagines"]


#: Every tag this momon reads, in the order it writes them.
KNOWN = ["MSN", "Date", "P1", "P2", "Result", "Termination", "Profile", "Seed", "First",
         "Deck1", "Deck1Digest", "Deck1Cards", "Deck2", "Deck2Digest", "Deck2Cards", *_seat_tags(1), *_seat_tags(2),
         "Rules", "Engine", "CardsDigest"]
CANONICAL = {name.lower(): name for name in KNOWN}


@functools.cache
def _built_in() -> tuple[dict[str, CardDef], dict[str, str]]:
    """The built-in pool, read once, and each card's canonical JSON (to tell a card from it)."""
    pool = load_pool(matrix=load_matrix())
    return pool, {card_id: _sorted_json(card_to_mapping(card)) for card_id, card in pool.items()}


@functools.cache
def _built_in_decks() -> dict[str, tuple[str, tuple[str, ...]]]:
    """The built-in decks' titles and card ids, by lower-case title and by file name."""
    decks = {}
    for path in sorted(builtin_decks_dir().glob("*.toml")):
        data = read_toml(path)
        entry = (str(data.get("name", path.stem)).strip(), tuple(map(str, data.get("cards", []))))
        decks[path.stem.lower()] = decks[entry[0].lower()] = entry
    return decks


def result_word(result: Result | None) -> str:
    """A game's result as a file writes it: ``1-0`` Player 1 won, ``0-1`` Player 2, ``*`` unfinished."""
    return "*" if result is None else "1-0" if result.winner == 1 else "0-1"


def deck_digest(cards: Iterable[CardDef]) -> str:
    """The first 16 hex digits of the sha256 of the canonical JSON array of the cards' tables."""
    return hashlib.sha256(_sorted_json([card_to_mapping(c) for c in cards]).encode()).hexdigest()[:16]


def _dealt(position: Position) -> bool:
    """Whether a game began with each whole deck in its Owner's Hand (BASELINE 6.1)."""
    return position == Position.new_game((tuple(p.card for p in position.hands[0]),
                                         tuple(p.card for p in position.hands[1])), position.first_player)


def _pool_order(embedded: Iterable[CardDef]) -> dict[str, CardDef]:
    """The pool a game file plays with: the built-in cards, each replaced by the embedded card
    of its id, then the embedded cards of new ids in their order."""
    pool = dict(_built_in()[0])
    for card in embedded:
        pool[card.id] = card
    return pool


def _imagines_by_default(bot: str, pool: Mapping[str, CardDef]) -> tuple[str, ...]:
    """What a seat imagines when its tags do not say: as ``momon play`` seats a bot, the whole
    pool, and nothing for the random bot."""
    return () if bot == "random" else tuple(pool)


def tags_and_blocks(head: Header, first: int, result: Result | None) -> tuple[list[tuple[str, str]],
                                                                           list[tuple[str, str]]]:
    """The tags (name, value) and blocks (name, text) of a game file for a record's header,
    and for what its main line gives: who went ``first``, and its ``result``."""
    matrix = load_matrix()
    setup = setup_from_header(head, matrix)
    seats = seats_from_header(head, matrix)
    norm = header(setup, (head["decks"][0], head["decks"][1]), bots=seats, created=head["created"])
    builtin = _built_in()[1]
    cards = [c for c in norm["cards"] if builtin.get(c["id"]) != _sorted_json(c)]
    embedded = {c["id"] for c in cards}
    pool = _pool_order(card for card_id, card in _cards_of(setup, seats).items() if card_id in embedded)
    position = setup.position
    tags = [("MSN", VERSION), ("Date", head["created"]), ("P1", setup.names[0]), ("P2", setup.names[1]),
            ("Result", result_word(result))]
    if result is not None:
        tags.append(("Termination", result.reason))
    drawn = " (drawn)" if position.first_player is None else ""
    tags += [("Profile", setup.profile), ("Seed", str(setup.seed)), ("First", f"{first}{drawn}")]
    dealt = _dealt(position)
    for n in (1, 2):
        title, hand = head["decks"][n - 1], position.hands[n - 1]
        tags += [(f"Deck{n}", title), (f"Deck{n}Digest", deck_digest(p.card for p in hand))]
        ids = tuple(p.card.id for p in hand)
        if dealt and _built_in_decks().get(title.lower(), ("", ()))[1] != ids:
            tags.append((f"Deck{n}Cards", " ".join(ids)))
    for n, seat in sorted(seats.items()):
        tags.append((f"Bot{n}", seat.bot))
        if seat.seed != f"{setup.seed}-{n}":
            tags.append((f"Bot{n}Seed", seat.seed))
        if seat.seconds is not None:
            tags.append((f"Bot{n}Time", json.dumps(seat.seconds)))
        imagined = tuple(c.id for c in seat.imaginable)
        if imagined != _imagines_by_default(seat.bot, pool):
            tags.append((f"Bot{n}Imagines", " ".join(imagined)))
    tags += [("Rules", str(head["rules"])), ("Engine", head["engine"]), ("CardsDigest", norm["cards_digest"])]
    blocks = [("cards", card_set_toml(cards))] if cards else []
    if not dealt:
        blocks.append(("position", position_to_toml(position)))
    return tags, blocks


def _cards_of(setup: Setup, seats: Mapping[int, Seat]) -> dict[str, CardDef]:
    cards = {p.card.id: p.card for p in setup.position.cards()}
    for seat in seats.values():
        for card in seat.imaginable:
            cards.setdefault(card.id, card)
    return cards


@dataclass
class Start:
    """What a game file's tags and blocks give: the header of the record it stands for, the
    Setup, and the tags the replay is checked against (Result, Termination, First)."""

    head: Header
    setup: Setup
    tags: dict[str, Token]
    extra: list[Token]  # tags this momon does not know, kept in their order


class _Reading:
    def __init__(self, path: Path | str, tokens: list[Token], blocks: list[Token]) -> None:
        self.path = path
        self.tags: dict[str, Token] = {}
        self.extra: list[Token] = []
        for tag in tokens:
            name = CANONICAL.get(tag.text.lower())
            if name is None:
                self.extra.append(tag)
            elif name in self.tags:
                raise self.fail(tag, _("a second {name} tag").format(name=name))
            else:
                self.tags[name] = tag
        self.blocks: dict[str, Token] = {}
        for block in blocks:
            if block.text not in ("cards", "position"):
                raise self.fail(block, _("no block is named %{name} (there are %cards and %position)").format(
                    name=block.text[:20]))
            if block.text in self.blocks:
                raise self.fail(block, _("a second %{name} block").format(name=block.text))
            self.blocks[block.text] = block

    def fail(self, token: Token | None, why: str) -> NotationError:
        return NotationError(self.path, token.line if token else 1, token.col if token else 1, why)

    def value(self, name: str, default: str | None = None) -> str:
        tag = self.tags.get(name)
        if tag is not None:
            return tag.value
        if default is None:
            raise self.fail(None, _('no {name} tag; a game file gives it as [{name} "..."]').format(name=name))
        return default

    def text(self, name: str, default: str | None, limit: int) -> str:
        """A tag's text, within the bounds a record's header keeps it in."""
        value = self.value(name, default)
        if not 0 < len(value) <= 8 * limit or columns(value) > limit:  # as drawn: a Thai name has more characters
            raise self.fail(self.tags.get(name), _("{name}: must be 1-{limit} columns wide").format(name=name, limit=limit))
        return value

    def data(self, block: Token, read: Callable[[], T]) -> T:
        """What a block's ``read`` gives, each of its problems one line at the block."""
        try:
            return read()
        except RecursionError:  # TOML's reader recurses once for each array or table inside another
            raise self.fail(block, _("%{name}: not valid TOML: {why}").format(
                name=block.text, why=_("arrays or tables nested too deeply"))) from None
        except DataError as err:
            first, more = err.problems[0], len(err.problems) - 1
            at = re.search(r"\(at line (\d+), column (\d+)\)", err.toml or "")
            if at is not None:  # TOML's own place, counted from the block's first line
                raise NotationError(self.path, block.body + int(at[1]) - 1, int(at[2]),
                                    _("%{name}: not valid TOML: {why}").format(name=block.text, why=err.toml)) from None
            raise self.fail(block, _("{problem} (and {n} more)").format(problem=first, n=more) if more else first) \
                from None


def read_start(path: Path | str, tag_tokens: list[Token], block_tokens: list[Token]) -> Start:
    """The setup and the record header a game file's tags and blocks describe; raises
    NotationError at the tag or block that is wrong."""
    r = _Reading(path, tag_tokens, block_tokens)
    tags = r.tags
    if r.value("MSN", VERSION) != VERSION:
        raise r.fail(tags["MSN"], _("MSN version {version} is not one this momon reads (it reads {reads})").format(
            version=repr(r.value("MSN")[:10]), reads=VERSION))
    if r.value("Rules", str(RULES_VERSION)) != str(RULES_VERSION):
        raise r.fail(tags["Rules"], _("recorded with rules version {found}; this momon plays rules version {version} "
                                      "and will not replay it differently").format(found=r.value("Rules")[:10],
                                                                                   version=RULES_VERSION))
    matrix = load_matrix()
    cards_block = r.blocks.get("cards")
    embedded = {} if cards_block is None else r.data(
        cards_block, lambda: parse_card_set(cards_block.value, "%cards", matrix))
    pool = _pool_order(embedded.values())
    names = (_player(r, "P1", "Player 1"), _player(r, "P2", "Player 2"))
    if names[0] == names[1]:
        raise r.fail(tags.get("P2"), _("the two players need different names"))
    dealt = "position" not in r.blocks
    decks = (r.text("Deck1", None if dealt else "position", TEXT_LIMIT),
             r.text("Deck2", None if dealt else "position", TEXT_LIMIT))
    position = _position(r, pool, decks, matrix.elements)
    profile = r.value("Profile", "sequential").strip().lower()
    if profile not in PROFILES:
        raise r.fail(tags["Profile"], _("Profile: must be {profiles}").format(profiles=either(PROFILES)))
    seed = _whole(r, "Seed")
    setup = Setup(position, matrix, seed, PROFILES[PROFILES.index(profile)], names)
    seats = {n: _seat(r, n, seed, pool) for n in (1, 2) if f"Bot{n}" in tags}
    head = header(setup, decks, bots=seats, created=r.text("Date", "?", TEXT_LIMIT))
    head["engine"] = r.text("Engine", __version__, TEXT_LIMIT)
    told = r.value("CardsDigest", head["cards_digest"]).strip().lower()
    if told != head["cards_digest"]:
        raise r.fail(tags["CardsDigest"], _("CardsDigest: the cards this file gives are not those the game was "
                                            "played with (a built-in card or deck changed since it was written?)"))
    return Start(head, setup, tags, r.extra)


def _player(r: _Reading, tag: str, default: str) -> str:
    """A player's name from its tag, by the one name rule (``widths.name_problem``)."""
    value = r.value(tag, default)
    if (why := name_problem(value, NAME_LIMIT)) is not None:
        raise r.fail(r.tags.get(tag), f"{tag}: {why}")
    return value


def _whole(r: _Reading, name: str) -> int:
    value = r.value(name).strip()
    if not re.fullmatch(r"-?\d{1,100}", value):
        raise r.fail(r.tags[name], _("{name}: must be a whole number").format(name=name))
    return int(value)


def _position(r: _Reading, pool: dict[str, CardDef], decks: tuple[str, str], elements: tuple[str, ...]) -> Position:
    """Where the game began: the %position block, or the decks dealt (and who goes first)."""
    first_tag = r.tags.get("First")
    first = re.fullmatch(r"\s*([12])?\s*(\(?\s*drawn\s*\)?)?\s*", first_tag.value, re.I) if first_tag else None
    if first_tag is not None and (first is None or not first[1] and not first[2]):
        raise r.fail(first_tag, _('First: must be 1 or 2, or "(drawn)" after it when the seed drew it'))
    block = r.blocks.get("position")
    if block is not None:
        return r.data(block, lambda: position_from_mapping(read_toml("%position", block.value), pool, elements,
                                                           "%position"))
    hands = []
    for n in (1, 2):
        listed = r.tags.get(f"Deck{n}Cards")
        ids = listed.value.split() if listed else _built_in_decks().get(decks[n - 1].lower(), ("", None))[1]
        if ids is None:
            raise r.fail(r.tags[f"Deck{n}"], _("Deck{n}: no built-in deck is named {deck}; give its cards with a "
                                               "Deck{n}Cards tag").format(n=n, deck=repr(decks[n - 1][:40])))
        unknown = [i for i in ids if i not in pool]
        if unknown:
            raise r.fail(listed or r.tags[f"Deck{n}"], _("no card {card} in the pool (the built-in cards and the "
                                                         "%cards block)").format(card=repr(unknown[0][:20])))
        hands.append(tuple(pool[i] for i in ids))
        digest = r.tags.get(f"Deck{n}Digest")
        if digest is not None and digest.value.strip().lower() != deck_digest(hands[-1]):
            raise r.fail(digest, _("Deck{n}Digest: deck {deck} is not the one this game was played with (its cards, "
                                   "or the built-in deck, changed since the file was written)").format(
                n=n, deck=repr(decks[n - 1][:40])))
    chosen = None if first is None or first[2] is not None else int(first[1])
    return Position.new_game((hands[0], hands[1]), chosen)


def _seat(r: _Reading, n: int, seed: int, pool: Mapping[str, CardDef]) -> Seat:
    bot = r.value(f"Bot{n}").strip().lower()
    if bot not in BOT_NAMES:
        raise r.fail(r.tags[f"Bot{n}"], _("Bot{n}: must be one of {bots}").format(n=n, bots=", ".join(BOT_NAMES)))
    time_tag = r.tags.get(f"Bot{n}Time")
    seconds: float | None = None
    if time_tag is not None:
        try:
            seconds = json.loads(time_tag.value.strip())
            assert isinstance(seconds, int | float) and not isinstance(seconds, bool)
            assert BOT_SECONDS[0] <= seconds <= BOT_SECONDS[1]
        except (ValueError, AssertionError):
            raise r.fail(time_tag, _("Bot{n}Time: must be seconds from {low} to {high}").format(
                n=n, low=BOT_SECONDS[0], high=BOT_SECONDS[1])) from None
    listed = r.tags.get(f"Bot{n}Imagines")
    ids = listed.value.split() if listed is not None else _imagines_by_default(bot, pool)
    unknown = [i for i in ids if i not in pool]
    if unknown:
        raise r.fail(listed, _("Bot{n}Imagines: no card {card} in the pool").format(n=n, card=repr(unknown[0][:20])))
    return Seat(bot, r.text(f"Bot{n}Seed", f"{seed}-{n}", TEXT_LIMIT), tuple(pool[i] for i in ids), seconds)


def check_outcome(path: Path | str, start: Start, game: Game, result: Token | None) -> None:
    """The file's First, Result and Termination tags, and its result token, against its
    main line replayed."""
    r = _Reading(path, [], [])
    r.tags = tags = start.tags
    first, state, end = tags.get("First"), game.state, game.result
    if first is not None:
        drawn = "drawn" in first.value.lower()
        number = first.value.strip()[:1]
        if number in ("1", "2") and number != str(state.first_player) or drawn != (
                start.setup.position.first_player is None):
            told = _("First: player {player} goes first in this game (drawn from the seed)") \
                if start.setup.position.first_player is None else \
                _("First: player {player} goes first in this game (chosen)")
            raise r.fail(first, told.format(player=state.first_player))
    said = result_word(end)
    for token, tagged in ((tags.get("Result"), True), (result, False)):
        if token is not None and (token.value if tagged else token.text).strip() != said:
            raise r.fail(token, _outcome(tagged, end).format(result=said, winner=end and end.winner,
                                                             reason=end and end.reason))
    reason = tags.get("Termination")
    if reason is not None and reason.value.strip() != (end.reason if end else ""):
        raise r.fail(reason, _("Termination: the game ends by {reason}").format(reason=end.reason) if end else
                     _("Termination: the game is unfinished"))


def _outcome(tagged: bool, end: Result | None) -> str:
    """The template saying what a game's result is, for its Result tag (``tagged``) or its
    result token."""
    if tagged:
        return _("Result: the result is {result}: the game is unfinished") if end is None else \
            _("Result: the result is {result}: player {winner} won ({reason})")
    return _("the result is {result}: the game is unfinished") if end is None else \
        _("the result is {result}: player {winner} won ({reason})")
