"""MSN's text (docs/notation.md): a game file cut into tokens, each with its line and column,
and the one spelling the writer gives tag values and comments.

Reading is lax: any whitespace between tokens, comments anywhere between them, a move
number glued to its answer (``3.kiln``). Every problem is one :class:`NotationError`,
``file:line:column: what``.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..language import _
from ..text.safe import clean
from .format import RecordError

COMMENT_LIMIT = 2000  # characters of one comment, as the writer keeps it
SUFFIX = ".msn"


class NotationError(RecordError):
    """A game file that cannot be read: one line naming the file, the line and the column."""

    def __init__(self, path: Path | str, line: int, col: int, why: str) -> None:
        super().__init__(f"{path}:{line}:{col}: {why}")
        self.line, self.col, self.why = line, col, why
        self.in_variation = False  # ``why`` already says which variation it is in


@dataclass(frozen=True, slots=True)
class Token:
    """One piece of a game file. ``kind`` is one of: ``tag`` (``text`` its name, ``value``
    its value), ``block`` (``text`` its name, ``value`` its lines, ``body`` the line they
    begin on), ``comment``, ``open`` and ``close`` (a variation's brackets), ``number`` (a
    move number: ``text`` its digits), ``result``, ``word`` and ``comma``."""

    kind: str
    text: str
    line: int
    col: int
    value: str = ""
    body: int = 0


_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_NUMBER = re.compile(r"(\d{1,6})(\.\.\.|\.|…)(.*)", re.DOTALL)
_STOPS = frozenset('{}()[],";')
_ESCAPES = re.compile(r'\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|["\\])|\\')
RESULTS = ("1-0", "0-1", "*")


class _Where:
    """Line and column (both from 1) of a character offset."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def __call__(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


def decode(path: Path | str, data: bytes) -> str:
    """The file's text: UTF-8 (a byte order mark allowed), or one line naming the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        head = data[:err.start]
        raise NotationError(path, head.count(b"\n") + 1, err.start - (head.rfind(b"\n") + 1) + 1,
                            _("not UTF-8 text")) from None


def lex(path: Path | str, text: str) -> list[Token]:
    """Every token of ``text`` in order; raises NotationError at the first thing that is none."""
    where = _Where(text)
    tokens: list[Token] = []
    i, n = 0, len(text)

    def fail(at: int, why: str) -> NotationError:
        return NotationError(path, *where(at), why)

    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        line, col = where(i)
        if ch == "%" and not text[where.starts[line - 1]:i].strip():
            i = _block(text, i, line, col, tokens, fail)
        elif ch == "[":
            match = _TAG.match(text, i)
            if match is None:
                raise fail(i, _('a tag is [Name "value"], its value in double quotes on one line'))
            try:
                value = unescape(match[2])
            except ValueError as err:
                raise fail(i, str(err)) from None
            tokens.append(Token("tag", match[1], line, col, value))
            i = match.end()
        elif ch == "{":
            end = text.find("}", i + 1)
            if end < 0:
                raise fail(i, _("this comment is never closed with '}'"))
            tokens.append(Token("comment", comment_text(text[i + 1:end]), line, col))
            i = end + 1
        elif ch in "(),":
            tokens.append(Token({"(": "open", ")": "close", ",": "comma"}[ch], ch, line, col))
            i += 1
        elif ch in _STOPS:
            raise fail(i, (_("{char} stands for nothing here (a comment is {{...}})") if ch == "}" else
                           _("{char} stands for nothing here")).format(char=repr(ch)))
        else:
            end = i
            while end < n and not text[end].isspace() and text[end] not in _STOPS:
                end += 1
            _word(text[i:end], line, col, tokens)
            i = end
    return tokens


def _word(word: str, line: int, col: int, tokens: list[Token]) -> None:
    """A word, a move number (and the word glued to it) or a result."""
    number = _NUMBER.fullmatch(word)
    if number is not None:
        tokens.append(Token("number", number[1], line, col, number[2]))
        rest = number[3]
        if rest:
            _word(rest, line, col + len(word) - len(rest), tokens)
    elif word in RESULTS:
        tokens.append(Token("result", word, line, col))
    else:
        tokens.append(Token("word", word, line, col))


def _block(text: str, i: int, line: int, col: int, tokens: list[Token],
           fail: Callable[[int, str], NotationError]) -> int:
    """A data block: ``%name`` alone on its line, its lines, then ``%end`` alone on its line."""
    eol = text.find("\n", i)
    eol = len(text) if eol < 0 else eol
    name = text[i + 1:eol].strip()
    if not name.isalpha():
        raise fail(i, _("a block begins with %cards or %position alone on its line"))
    end = re.compile(r"^[ \t]*%end[ \t]*\r?$", re.M).search(text, eol)
    if end is None:
        raise fail(i, _("the block %{name} has no %end line").format(name=name[:20]))
    tokens.append(Token("block", name.lower(), line, col, text[eol + 1:end.start()], line + 1))
    return end.end()


def unescape(value: str) -> str:
    """A tag value as written: ``\\"``, ``\\\\``, ``\\uXXXX`` and ``\\UXXXXXXXX`` stand for
    their characters; any other backslash raises ValueError."""

    def one(match: re.Match[str]) -> str:
        code = match[1]
        if code is None:
            raise ValueError(_("a backslash in a tag value starts \\\", \\\\ or \\uXXXX"))
        if code in ('"', "\\"):
            return code
        point = int(code[1:], 16)
        if point > 0x10FFFF or unicodedata.category(chr(point)) == "Cs":
            raise ValueError(_("\\{code} is not a character").format(code=code))
        return chr(point)

    return _ESCAPES.sub(one, value)


def quote(value: str) -> str:
    """A tag value as the writer spells it: in double quotes, with ``"`` and ``\\`` escaped,
    and every control or format character (an escape, a bidi override) as ``\\uXXXX``, so a
    file is safe to print and reads back to the same text."""
    out = []
    for ch in value:
        if ch in '"\\':
            out.append("\\" + ch)
        elif unicodedata.category(ch) in ("Cc", "Cf"):
            out.append(f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def comment_text(raw: str) -> str:
    """A comment as it is kept and written: printable, its whitespace runs one space each,
    at most COMMENT_LIMIT characters."""
    return " ".join(clean(raw, COMMENT_LIMIT * 4).split())[:COMMENT_LIMIT].rstrip()
