"""Lists said in the language in use: alternatives ("A or B or C") and wholes ("A, B and C"),
each joined by a template, so Thai joins them with its own words."""

from __future__ import annotations

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
