"""A record's header read back into what the game was played with: its Setup and its bot
seats, each card checked once per process."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from ..data.cards import DataError, card_from_mapping
from ..data.positions import position_from_mapping
from ..engine import CardDef, ElementMatrix, Setup
from ..language import _
from .format import Header, _sorted_json
from .seats import Seat, bot_names


@contextlib.contextmanager
def _damaged() -> Iterator[None]:
    """Whatever a header's data gets wrong, one DataError line."""
    try:
        yield
    except DataError as err:  # one line for the record, however many problems its cards have
        problem, more = err.problems[0], len(err.problems) - 1
        raise DataError([_("the record's card data is damaged: {problem} (and {n} more)").format(problem=problem, n=more)
                         if more else _("the record's card data is damaged: {problem}").format(problem=problem)]) from None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise DataError([_("the record's header is damaged: {error}").format(error=err)]) from None


_CARDS: dict[str, tuple[ElementMatrix, CardDef]] = {}


def _header_cards(head: Header, matrix: ElementMatrix) -> dict[str, CardDef]:
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


def setup_from_header(head: Header, matrix: ElementMatrix) -> Setup:
    """Rebuild the Setup a record was played with, its players named as they played (the
    events, and so the digests, hold those names: a screen shows them by :func:`shown_names`).
    Raises DataError for a damaged header."""
    with _damaged():
        position = position_from_mapping(head["position"], _header_cards(head, matrix), matrix.elements, "record")
        return Setup(position, matrix, head["seed"], head["profile"], (head["names"][0], head["names"][1]))


def shown_names(head: Header) -> tuple[str, str]:
    """The record's players as the reader is shown them: a bot seat by its title in the reader's
    language (the record keeps it in the language its game was played in), anyone else as named."""
    return bot_names(head["names"], {b["player"]: b["bot"] for b in head.get("bots", [])})


def seats_from_header(head: Header, matrix: ElementMatrix) -> dict[int, Seat]:
    """The bots that play the record's seats, by player, as they played them (record.Seat);
    raises DataError for a damaged header."""
    if not head.get("bots"):
        return {}
    with _damaged():
        pool = _header_cards(head, matrix)
        return {b["player"]: Seat(b["bot"], b["seed"], tuple(pool[i] for i in b["imagines"]), b["seconds"])
                for b in head["bots"]}
