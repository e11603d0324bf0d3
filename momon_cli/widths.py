"""How wide text is drawn, and how it is cut: the one measure of every width on screen.

A width is counted in terminal columns as Rich measures them (``rich.cells.cell_len``): a
Thai tone mark or upper vowel adds nothing, a wide character adds two. Text is cut only
between graphemes, the user-perceived letters of Unicode's UAX #29 (the ``regex`` module's
``\\X``), so a letter never loses its mark and SARA AM stays with its consonant; Rich's own
splitter treats SARA AM as a letter of its own, so it is not used for cutting.

It also holds the one rule for a name (a player's, a card's, a deck's): :func:`name_problem`.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

import regex
from rich.cells import cell_len

from .language import _

if TYPE_CHECKING:
    from rich.text import Text

_GRAPHEME = regex.compile(r"\X")
_RUN = regex.compile(r"\S+")  # a word, as Rich's wrap sees words
ELLIPSIS = "…"
#: The most combining marks one letter of a name may carry: a Thai letter carries at most two
#: (an upper vowel and a tone mark), a Devanagari conjunct three, a stack of 30 is an attack.
MARKS_PER_LETTER = 4
#: Characters a terminal draws as nothing (or as a blank) that are neither marks nor in the
#: refused categories below: the combining grapheme joiner, the Hangul fillers, Khmer's
#: inherent vowels and the blank braille pattern.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u3164\uffa0\u17b4\u17b5\u2800")
#: Control (C0, DEL, C1), format (bidi controls, zero-width spaces and joiners, U+2060-2064,
#: BOM, tags), lone surrogates, line and paragraph separators.
_REFUSED = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))


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


def name_problem(name: object, limit: int) -> str | None:
    """None when ``name`` is a name (a player's, a card's, a deck's), else why not, as a
    translated clause ("must be 1-24 columns wide"). A name is 1 to ``limit`` columns wide
    as drawn (at most eight characters a column), holds no control, format or invisible
    character, puts at most MARKS_PER_LETTER marks on a letter and none where there is no
    letter, and shows at least one letter. Variation selectors are marks: an emoji's
    presentation needs one, and they cannot stand alone."""
    if not isinstance(name, str) or not 0 < len(name) <= 8 * limit or cell_len(name) > limit:
        return _("must be 1-{limit} columns wide").format(limit=limit)
    if any(c in _INVISIBLE or unicodedata.category(c) in _REFUSED for c in name):
        return _("must not hold control, format or invisible characters")
    shown = False
    for letter in _GRAPHEME.findall(name):
        base = letter[0]
        marks = sum(unicodedata.category(c)[0] == "M" for c in letter)
        if unicodedata.category(base)[0] == "M" or (marks and base.isspace()) or marks > MARKS_PER_LETTER:
            return _("must have at most {most} marks on a letter, and no mark without a letter").format(most=MARKS_PER_LETTER)
        if not base.isspace() and cell_len(letter) == 0:  # a letter drawn as nothing (a lone Hangul vowel)
            return _("must not hold control, format or invisible characters")
        shown = shown or not base.isspace()
    return None if shown else _("must show at least one letter")
