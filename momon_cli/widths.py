"""How wide text is drawn, and how it is cut: the one measure of every width on screen.

A width is counted in terminal columns as Rich measures them (``rich.cells.cell_len``): a
Thai tone mark or upper vowel adds nothing, a wide character adds two. Text is cut only
between graphemes, the user-perceived letters of Unicode's UAX #29 (the ``regex`` module's
``\\X``), so a letter never loses its mark and SARA AM stays with its consonant; Rich's own
splitter treats SARA AM as a letter of its own, so it is not used for cutting.
"""

from __future__ import annotations

import regex
from rich.cells import cell_len

_GRAPHEME = regex.compile(r"\X")
ELLIPSIS = "…"


def columns(text: str) -> int:
    """The columns ``text`` takes on a terminal."""
    return cell_len(text)


def graphemes(text: str) -> list[str]:
    """``text`` as its user-perceived letters."""
    return _GRAPHEME.findall(text)


def cut(text: str, width: int, mark: str = ELLIPSIS) -> str:
    """``text`` if it fits ``width`` columns, else its longest start of whole graphemes that
    fits with ``mark`` after it (which then ends the result)."""
    if cell_len(text) <= width:
        return text
    room = width - cell_len(mark)
    kept: list[str] = []
    used = 0
    for letter in graphemes(text):
        size = cell_len(letter)
        if used + size > room:
            break
        kept.append(letter)
        used += size
    return "".join(kept) + mark if room >= 0 else ""


def pad(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns and filled with spaces to exactly that many."""
    text = cut(text, width)
    return text + " " * (width - cell_len(text))
