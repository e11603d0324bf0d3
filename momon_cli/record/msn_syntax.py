"""MSN's text (docs/notation.md): a game file cut into tokens, each with its line and column,
and the one spelling the writer gives tag values and comments.

Reading is lax: any whitespace between tokens, comments anywhere between them, a move
number glued to its answer (``3.kiln``). Every problem is one :class:`NotationError`,
``file:line:column: what``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..language import _
from ..text.safe import clean
from .format import RecordError

COMMENT_LIMIT = 2000  # characters of one comment, as the writer keeps it
COMMENTS_LIMIT = 20000  # comments in one file (the coach writes one for each answer it rates)
TAGS_LIMIT = 1000  # tag pairs in one file, this momon's own and others'


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


_TAG_NAME = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"')
_TAG_PLAIN = re.compile(r'[^"\\\n]*')  # a tag value's characters up to a quote, a backslash or a line's end
_TAG_END = re.compile(r"\s*\]")
_SPACE = re.compile(r"\s+")
_WORD = re.compile(r'[^\s{}()\[\],";]+')
_NUMBER = re.compile(r"(\d{1,6})(\.\.\.|\.|…)")
_BLOCK_END = re.compile(r"^[ \t]*%end[ \t]*\r?$", re.M)
_STOPS = frozenset('{}()[],";')
_ESCAPES = re.compile(r'\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|["\\])|\\')
_BRACKETS = {"(": "open", ")": "close", ",": "comma"}
RESULTS = ("1-0", "0-1", "*")


class _Where:
    """Line and column (both from 1) of a character offset, for offsets that only grow: the
    lines are counted on the way, never all at once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0  # the offset counted up to
        self.line = 1
        self.start = 0  # the offset where the line of ``at`` begins

    def __call__(self, offset: int) -> tuple[int, int]:
        if offset > self.at:
            newlines = self.text.count("\n", self.at, offset)
            if newlines:
                self.line += newlines
                self.start = self.text.rfind("\n", self.at, offset) + 1
            self.at = offset
        return self.line, offset - self.start + 1


def decode(path: Path | str, data: bytes) -> str:
    """The file's text: UTF-8 (a byte order mark allowed), or one line naming the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        head = data[:err.start]
        raise NotationError(path, head.count(b"\n") + 1, err.start - (head.rfind(b"\n") + 1) + 1,
                            _("not UTF-8 text")) from None


def tokens(path: Path | str, text: str) -> Iterator[Token]:
    """The tokens of ``text`` in order, each made only when it is asked for (a reader that
    stops at a problem has not cut up the rest of the file); raises NotationError at the
    first thing that is no token."""
    where = _Where(text)
    i, n = 0, len(text)
    last = 0  # where the token before ended: a block's % begins its line when a newline lies between
    counts = {"tag": 0, "comment": 0, "block": 0}
    number = False  # the token before, comments aside, was a move number

    def fail(at: int, why: str) -> NotationError:
        return NotationError(path, *where(at), why)

    while i < n:
        space = _SPACE.match(text, i)
        if space is not None:
            i = space.end()
            if i >= n:
                break
        ch = text[i]
        line, col = where(i)
        if ch == "%" and where.start >= last:
            counts["block"] += 1
            if counts["block"] > 2:
                raise fail(i, _("a third block (a file has at most one %cards and one %position)"))
            eol, token = _block(text, i, line, col, fail)
            yield token
            i = eol
        elif ch == "[":
            counts["tag"] += 1
            if counts["tag"] > TAGS_LIMIT:
                raise fail(i, _("more than {limit} tags in one file").format(limit=TAGS_LIMIT))
            token, i = _tag(text, i, line, col, fail)
            yield token
        elif ch == "{":
            end = text.find("}", i + 1)
            if end < 0:
                raise fail(i, _("this comment is never closed with '}'"))
            counts["comment"] += 1
            if counts["comment"] > COMMENTS_LIMIT:
                raise fail(i, _("more than {limit} comments in one file").format(limit=COMMENTS_LIMIT))
            yield Token("comment", comment_text(text[i + 1:end]), line, col)
            i = end + 1
            last = i
            continue  # a comment between a move number and its answer leaves the number waiting
        elif ch in _BRACKETS:
            yield Token(_BRACKETS[ch], ch, line, col)
            i += 1
        elif ch in _STOPS:
            raise fail(i, (_("{char} stands for nothing here (a comment is {{...}})") if ch == "}" else
                           _("{char} stands for nothing here")).format(char=repr(ch)))
        else:
            word = _WORD.match(text, i)
            assert word is not None  # neither space nor a stop: a word's first character
            for token in _word(text, i, word.end(), line, col):
                if number and token.kind == "number":
                    raise fail(i + token.col - col, _("two move numbers in a row (a move number is followed by its "
                                                      "answer)"))
                number = token.kind == "number"
                yield token
            i = word.end()
            last = i
            continue
        number = False
        last = i


def _tag(text: str, i: int, line: int, col: int, fail: Callable[[int, str], NotationError]) -> tuple[Token, int]:
    """A tag pair, read in one pass: its name, then its value up to the closing quote (a run
    of plain characters, or an escape, at a time; never a pattern that backtracks)."""
    name = _TAG_NAME.match(text, i)
    at = name.end() if name is not None else -1
    while name is not None:
        plain = _TAG_PLAIN.match(text, at)
        assert plain is not None  # it matches the empty string
        at = plain.end()
        if text.startswith("\\", at) and at + 1 < len(text) and text[at + 1] != "\n":
            at += 2
        else:
            break
    close = _TAG_END.match(text, at + 1) if name is not None and text.startswith('"', at) else None
    if name is None or close is None:
        raise fail(i, _('a tag is [Name "value"], its value in double quotes on one line'))
    try:
        value = unescape(text[name.end():at])
    except ValueError as err:
        raise fail(i, str(err)) from None
    return Token("tag", name[1], line, col, value), close.end()


def _word(text: str, i: int, end: int, line: int, col: int) -> Iterator[Token]:
    """A word, the move numbers glued to its front (``3.kiln``), or a result."""
    start = i
    while (number := _NUMBER.match(text, i, end)) is not None:
        yield Token("number", number[1], line, col + i - start, number[2])
        i = number.end()
    if i < end:
        word = text[i:end]
        yield Token("result" if word in RESULTS else "word", word, line, col + i - start)


def _block(text: str, i: int, line: int, col: int,
           fail: Callable[[int, str], NotationError]) -> tuple[int, Token]:
    """A data block: ``%name`` alone on its line, its lines, then ``%end`` alone on its line."""
    eol = text.find("\n", i)
    eol = len(text) if eol < 0 else eol
    name = text[i + 1:eol].strip()
    if not name.isalpha():
        raise fail(i, _("a block begins with %cards or %position alone on its line"))
    end = _BLOCK_END.search(text, eol)
    if end is None:
        raise fail(i, _("the block %{name} has no %end line").format(name=name[:20]))
    return end.end(), Token("block", name.lower(), line, col, text[eol + 1:end.start()], line + 1)


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
