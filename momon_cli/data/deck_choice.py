"""A built-in deck picked by what a player types: its number in the list, its file name, its
title ("Ember Tide"), or the start of one of them when only one deck fits.

``momon play`` asks at the terminal and ``momon serve`` at each player's join: one list,
one reading of the answer.
"""

from __future__ import annotations

from ..engine import CardDef
from .cards import Deck, builtin_deck_names, load_deck


def deck_menu(pool: dict[str, CardDef]) -> list[tuple[str, Deck]]:
    """The built-in decks by file name, in the order they are listed and numbered."""
    return [(name, load_deck(name, pool)) for name in builtin_deck_names()]


def chosen(said: str, menu: list[tuple[str, Deck]]) -> str | None:
    """The file name of the deck ``said`` picks from ``menu``, or None."""
    words = " ".join(said.lower().split())
    names = [name for name, _ in menu]
    if words.isdecimal() and 1 <= int(words) <= len(names):
        return names[int(words) - 1]
    titles = {name: " ".join(deck.name.lower().split()) for name, deck in menu}
    fits = [n for n in names if words in (n, titles[n])] or \
        [n for n in names if words and (n.startswith(words) or titles[n].startswith(words))]
    return fits[0] if len(fits) == 1 else None
