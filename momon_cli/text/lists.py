"""Lists said in the language in use: alternatives ("A or B or C") and wholes ("A, B and C"),
each joined by a template, so Thai joins them with its own words; and the few names a
mistyped word was likely meant to be, for a "did you mean" line."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from ..language import _


def either(items: Iterable[object]) -> str:
    """``items`` as alternatives: ``A``, ``A or B``, ``A or B or C`` (items may hold spaces:
    a card's name, an order of Attempts)."""
    said = [str(i) for i in items]
    out = said[0] if said else ""
    for item in said[1:]:
        # TRANSLATORS: two alternatives, a card name, a number or an order each: "Ember Lynx or Ember Sprite", "1 or 2"
        out = _("{first} or {second}").format(first=out, second=item)
    return out


def listed(items: Iterable[object]) -> str:
    """``items`` together: ``A1``, ``A1 and B2``, ``A1, B2 and C3``."""
    said = [str(i) for i in items]
    if len(said) < 2:
        return "".join(said)
    return _("{items} and {last}").format(items=", ".join(said[:-1]), last=said[-1])


def close_to(word: str, choices: Iterable[str], whole: Iterable[str] = (), n: int = 3) -> list[str]:
    """What ``word`` was likely meant to be: up to ``n`` of ``choices`` and ``whole``, the
    nearest first, by ``difflib.get_close_matches`` with case ignored. A choice is measured
    whole and by its start as long as ``word`` (a mistyped start of a long name finds the
    name, as a name's start is what commands take), and by each later word of it (``moth``
    finds Glimmer Moth); one of ``whole`` (an id, whose starts are all alike) only whole."""
    low = word.lower()
    meant: dict[str, str] = {}
    for choice in whole:
        meant.setdefault(choice.lower(), choice)
    for choice in choices:
        meant.setdefault(choice.lower(), choice)
        meant.setdefault(choice.lower()[:len(low)], choice)
        for part in choice.lower().split()[1:]:
            meant.setdefault(part, choice)
    found = dict.fromkeys(meant[key] for key in difflib.get_close_matches(low, list(meant), n=n * 3, cutoff=0.75))
    return list(found)[:n]


def quoted(items: Iterable[str]) -> str:
    """``items`` as alternatives, each quoted as typed: ``'Ward'``, ``'Ward' or 'Warp'``."""
    return either(repr(item) for item in items)
