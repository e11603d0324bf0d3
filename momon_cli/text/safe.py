"""The one boundary for text from outside (data files, records, file names, people).

Such text can carry terminal escapes (a window title, an OSC 52 clipboard write, a screen
clear), bidi overrides that make a line read differently from what it holds, or Rich
markup. Everything shown from outside goes through :func:`clean` (a plain, printable,
``str`` bounded in columns) or :func:`safe` (the same as a ``Text``, which Rich never reads as markup).
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.text import Text

#: Whole escape sequences (CSI, OSC, DCS/SOS/PM/APC, two-byte ESC and their C1 forms), dropped
#: as one piece so their parameters ("]0;title") do not show up as text.
_ESCAPE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]?|\x9b[0-?]*[ -/]*[@-~]?"
                     r"|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
                     r"|(?:\x1b[PX^_]|[\x90\x98\x9e\x9f])[^\x1b\x9c]*(?:\x1b\\|\x9c)?"
                     r"|\x1b.?", re.DOTALL)
#: Line and tab breaks become one space; the rest of Cc (C0, DEL, C1), Cf (bidi overrides and
#: isolates, zero-width characters, BOM) and Cs (lone surrogates, unprintable) are removed, and
#: so are the letters and marks drawn as nothing (widths.INVISIBLE: the Hangul fillers, U+034F).
_SPACES = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029")
_DROPPED = ("Cc", "Cf", "Cs")
LIMIT = 200


def clean(text: object, limit: int = LIMIT) -> str:
    """``text`` as a single printable line at most ``limit`` columns wide as a terminal draws
    it, cut between graphemes (``…`` marks a cut): a Thai name of 24 columns is whole, though
    it holds more characters, and no letter is parted from its marks."""
    raw = _ESCAPE.sub("", str(text)[: limit * 8])  # bounded work for a hostile 50 MB name
    out = "".join(" " if c in _SPACES else c for c in raw if c in _SPACES or unicodedata.category(c) not in _DROPPED)
    if out.isascii():  # printable ASCII is a column a character: the common case, without Rich
        return out if len(out) <= limit else out[: limit - 1] + "…"
    from ..widths import INVISIBLE, cut  # here: momon --help and --version start without Rich

    return cut("".join(c for c in out if c not in INVISIBLE), limit)


def safe(text: object, limit: int = LIMIT, style: str = "") -> Text:
    """:func:`clean` as a Rich ``Text``: shown literally, brackets and all."""
    from rich.text import Text  # here, so that momon --version and --help, which print plain lines, start without it

    return Text(clean(text, limit), style=style)
