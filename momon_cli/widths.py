"""How wide text is drawn, and how it is cut: the one measure of every width on screen.

A width is counted in terminal columns as Rich measures them (``rich.cells.cell_len``): a
Thai tone mark or upper vowel adds nothing, a wide character adds two. Text is cut only
between graphemes, the user-perceived letters of Unicode's UAX #29 (the ``regex`` module's
``\\X``), so a letter never loses its mark and SARA AM stays with its consonant; Rich's own
splitter treats SARA AM as a letter of its own, so it is not used for cutting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex
from rich.cells import cell_len

if TYPE_CHECKING:
    from rich.text import Text

_GRAPHEME = regex.compile(r"\X")
_RUN = regex.compile(r"\S+")  # a word, as Rich's wrap sees words
ELLIPSIS = "…"


def columns(text: str) -> int:
    """The columns ``text`` takes on a terminal."""
    return cell_len(text)


def graphemes(text: str) -> list[str]:
    """``text`` as its user-perceived letters."""
    return [str(g) for g in _GRAPHEME.findall(text)]


def fitting(text: str, width: int) -> int:
    """How many characters of ``text`` its longest start of whole graphemes within ``width`` columns holds."""
    used = length = 0
    for letter in _GRAPHEME.finditer(text):
        used += cell_len(letter.group())
        if used > width:
            break
        length = letter.end()
    return length


def cut(text: str, width: int, mark: str = ELLIPSIS) -> str:
    """``text`` if it fits ``width`` columns, else its longest start of whole graphemes that
    fits with ``mark`` after it (which then ends the result)."""
    if cell_len(text) <= width:
        return text
    room = width - cell_len(mark)
    return text[:fitting(text, room)] + mark if room >= 0 else ""


def pad(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns and filled with spaces to exactly that many."""
    text = cut(text, width)
    return text + " " * (width - cell_len(text))


def truncate(line: Text, width: int, mark: str = "", fill: bool = False) -> Text:
    """A Rich ``Text`` within ``width`` columns, cut between graphemes (``mark``, if any, ends
    a cut; a wide letter that would straddle the edge leaves a space, as Rich's own cut does)
    and, with ``fill``, padded with spaces to exactly ``width``: Rich's own truncation can
    part SARA AM from its consonant."""
    if line.cell_len > width:
        room = max(0, width - cell_len(mark))
        line = line[:fitting(line.plain, room)]
        line.append(" " * (room - line.cell_len) + mark)
    if fill and line.cell_len < width:
        line = line.copy()
        line.append(" " * (width - line.cell_len))
    return line


def breakable(line: Text, width: int) -> Text:
    """``line`` with a space between graphemes inside every run of non-spaces wider than
    ``width``, so that Rich, which wraps at spaces, never has to chop a word itself (its chop
    can part SARA AM or a mark from its letter): each piece fills a line of its own."""
    plain = line.plain
    runs = [m for m in _RUN.finditer(plain) if cell_len(m.group()) > width]
    if not runs or width < 2:
        return line
    out = line[:0]
    at = 0
    for run in runs:
        out.append_text(line[at:run.start()])
        start = run.start()
        while cell_len(plain[start:run.end()]) > width:
            end = start + max(1, fitting(plain[start:run.end()], width))
            out.append_text(line[start:end])
            out.append(" ")
            start = end
        out.append_text(line[start:run.end()])
        at = run.end()
    out.append_text(line[at:])
    return out
