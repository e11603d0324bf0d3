"""How wide text is drawn, and how it is cut: the one measure of every width on screen.

A width is counted in terminal columns as Rich measures them (``rich.cells.cell_len``): a
Thai tone mark or upper vowel adds nothing, a wide character adds two. Text is cut only
between graphemes, the user-perceived letters of Unicode's UAX #29 (the ``regex`` module's
``\\X``), so a letter never loses its mark and SARA AM stays with its consonant; Rich's own
splitter treats SARA AM as a letter of its own, so it is not used for cutting. ``regex`` is
imported the first time text that is not plain ASCII is cut (a fifth of ``momon play``'s
start-up was spent importing it); in ASCII every character is a grapheme of its own.

Thai writes no spaces between words, so a line of Thai may break only where a word ends:
:func:`wrapped` asks PyThaiNLP's word segmenter for those places (imported the first time a
Thai run needs breaking; text with no Thai is wrapped by Rich, as before).

It also holds the one rule for a name (a player's, a card's, a deck's): :func:`name_problem`.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterator
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from rich.cells import cell_len

from .language import _

if TYPE_CHECKING:
    import regex
    from rich.text import Text

_RUN = re.compile(r"\S+")  # a word, as Rich's wrap sees words (Rich's wrap uses ``re`` too)
_WORD = re.compile(r"\s*\S+\s*")  # a word and the spaces after it, as Rich's wrap divides a line
_THAI_LETTERS = re.compile(r"[\u0e01-\u0e5b]+")
#: Thai characters no line may start with (the vowels and marks written after or over their
#: letter, the repetition and abbreviation marks), nor end with (the leading vowels and MAI HAN-AKAT).
_NO_START = frozenset("\u0e2f\u0e30\u0e31\u0e32\u0e33\u0e34\u0e35\u0e36\u0e37\u0e38\u0e39\u0e3a\u0e45\u0e46"
                      "\u0e47\u0e48\u0e49\u0e4a\u0e4b\u0e4c\u0e4d\u0e4e")
_NO_END = frozenset("\u0e40\u0e41\u0e42\u0e43\u0e44\u0e31")
ELLIPSIS = "…"
#: The most combining marks one letter of a name may carry: a Thai letter carries at most two
#: (an upper vowel and a tone mark), a Devanagari conjunct three, a stack of 30 is an attack.
MARKS_PER_LETTER = 4
#: Characters a terminal draws as nothing (or as a blank) that are neither marks nor in the
#: refused categories below: the combining grapheme joiner, the Hangul fillers, Khmer's
#: inherent vowels and the blank braille pattern.
INVISIBLE = frozenset("\u034f\u115f\u1160\u3164\uffa0\u17b4\u17b5\u2800")
#: Control (C0, DEL, C1), format (bidi controls, zero-width spaces and joiners, U+2060-2064,
#: BOM, tags), lone surrogates, line and paragraph separators.
_REFUSED = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))


def columns(text: str) -> int:
    """The columns ``text`` takes on a terminal."""
    return cell_len(text)


@cache
def _grapheme() -> regex.Pattern[str]:
    import regex

    return regex.compile(r"\X")


def _letters(text: str) -> Iterator[str]:
    """``text``'s graphemes; ASCII without a CR LF pair (the one ASCII grapheme of two
    characters) is its characters."""
    if text.isascii() and "\r" not in text:
        return iter(text)
    return (str(g) for g in _grapheme().findall(text))


def graphemes(text: str) -> list[str]:
    """``text`` as its user-perceived letters."""
    return list(_letters(text))


def fitting(text: str, width: int) -> int:
    """How many characters of ``text`` its longest start of whole graphemes within ``width`` columns holds."""
    used = length = 0
    for letter in _letters(text):
        used += cell_len(letter)
        if used > width:
            break
        length += len(letter)
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


def has_thai(text: str) -> bool:
    """Whether ``text`` holds a Thai letter, which only :func:`wrapped` breaks between words."""
    return _THAI_LETTERS.search(text) is not None


@lru_cache(maxsize=4096)
def thai_breaks(run: str) -> tuple[int, ...]:
    """The places inside a run of Thai letters where a line may break: between two of its
    words, as PyThaiNLP's dictionary segmenter (newmm) finds them, and never where Thai
    cannot break (after a leading vowel or MAI HAN-AKAT, before a vowel or mark written
    after or over its letter)."""
    # Without this, importing PyThaiNLP makes a data folder in the player's home; newmm's
    # word list comes inside the package and needs none.
    os.environ.setdefault("PYTHAINLP_READ_ONLY", "1")
    from pythainlp.tokenize.newmm import segment  # a third of a second's CPU, paid once, and only for Thai

    places: list[int] = []
    at = 0
    for word in segment(run)[:-1]:
        at += len(word)
        if run[at - 1] not in _NO_END and run[at] not in _NO_START and unicodedata.category(run[at])[0] != "M":
            places.append(at)
    return tuple(places)


def pieces(text: str) -> list[tuple[int, int]]:
    """``text`` as the pieces a line may break between: Rich's words (a word and the spaces
    after it), each run of Thai letters in them cut again between its words."""
    found = []
    for word in _WORD.finditer(text):
        start = word.start()
        for run in _THAI_LETTERS.finditer(text, word.start(), word.end()):
            for place in thai_breaks(run.group()):
                found.append((start, run.start() + place))
                start = run.start() + place
        found.append((start, word.end()))
    return found


def divide(text: str, width: int) -> list[int]:
    """Where to break ``text`` (one line of it, no line break inside) into lines of ``width``
    columns: Rich's rule (a piece goes on the line if it fits there, its trailing spaces
    aside), with Thai cut between words too and a piece wider than a line cut between
    graphemes."""
    breaks: list[int] = []
    used = 0
    for start, end in pieces(text):
        piece = text[start:end]
        need = cell_len(piece.rstrip())
        if width - used >= need:
            used += cell_len(piece)
            continue
        if used and start:
            breaks.append(start)
        used = 0
        while cell_len(text[start:end].rstrip()) > width:  # wider than any line: between graphemes
            step = max(1, fitting(text[start:end], width))
            start += step
            breaks.append(start)
        used = cell_len(text[start:end])
    return breaks


def wrapped(line: Text, width: int) -> list[Text]:
    """``line`` as lines of ``width`` columns, broken at spaces and between Thai words as
    :func:`divide` says, a line's spaces past the width dropped (as Rich's wrap does)."""
    lines: list[Text] = []
    for paragraph in line.split("\n", allow_blank=True):
        for piece in paragraph.divide(divide(paragraph.plain, width)):
            piece.rstrip_end(width)
            lines.append(piece)
    return lines


def name_problem(name: object, limit: int) -> str | None:
    """None when ``name`` is a name (a player's, a card's, a deck's), else why not, as a
    translated clause ("must be 1-24 columns wide"). A name is 1 to ``limit`` columns wide
    as drawn (at most eight characters a column), holds no control, format or invisible
    character, puts at most MARKS_PER_LETTER marks on a letter and none where there is no
    letter, and shows at least one letter. Variation selectors are marks: an emoji's
    presentation needs one, and they cannot stand alone."""
    if not isinstance(name, str) or not 0 < len(name) <= 8 * limit or cell_len(name) > limit:
        return _("must be 1-{limit} columns wide").format(limit=limit)
    if any(c in INVISIBLE or unicodedata.category(c) in _REFUSED for c in name):
        return _("must not hold control, format or invisible characters")
    shown = False
    for letter in _letters(name):
        base = letter[0]
        marks = sum(unicodedata.category(c)[0] == "M" for c in letter)
        if unicodedata.category(base)[0] == "M" or (marks and base.isspace()) or marks > MARKS_PER_LETTER:
            return _("must have at most {most} marks on a letter, and no mark without a letter").format(most=MARKS_PER_LETTER)
        if not base.isspace() and cell_len(letter) == 0:  # a letter drawn as nothing (a lone Hangul vowel)
            return _("must not hold control, format or invisible characters")
        shown = shown or not base.isspace()
    return None if shown else _("must show at least one letter")
