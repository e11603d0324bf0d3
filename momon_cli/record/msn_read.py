"""MSN game files read (docs/notation.md): a file's tags, blocks and answers, replayed answer by
answer into its tree of lines and the record its main line stands for.

Answers are words only in the light of the game: a card is named from its Hand, an order
by its option numbers. So each answer's words are read (text.notation.parse) at the
decision the game has pending, and a variation starts again from the answers before the
one it is instead of. Every problem is one line naming its line and column.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import assert_never

from ..engine import SPACES, Decision, EngineError, Game, IllegalAnswer, Kind
from ..language import _
from ..text.notation import BadAnswer, parse
from .format import SUFFIX
from .msn import DEPTH_LIMIT, VARIATION_LIMIT, Branch, GameText, Node, replay, word_of
from .msn_syntax import NotationError, Token, decode, tokens
from .msn_tags import Start, check_outcome, read_start, result_word
from .recorder import record_text
from .validate import Record, parse_record


def is_notation(path: Path, data: bytes) -> bool:
    """Whether a file is a game file rather than a record: by its name (``.msn``, ``.jsonl``),
    else by its first character, the ``[`` of a tag."""
    suffix = path.suffix.lower()
    if suffix in (SUFFIX, ".jsonl"):
        return suffix == SUFFIX
    return data.removeprefix(b"\xef\xbb\xbf").lstrip()[:1] == b"["


def read_text(path: Path, data: bytes) -> tuple[GameText, Record]:
    """A game file's tree and the record its main line stands for (its header as the tags
    give it, its answers with their events counted and digested, its end when the game is
    over). Raises NotationError, one line naming the line and column of the first problem."""
    stream = _Stream(tokens(path, decode(path, data)))
    lead = 0  # the tags, blocks and comments before the first answer
    while (token := stream.peek(lead)) is not None and token.kind in ("tag", "block", "comment"):
        lead += 1
    head = [t for t in stream.ahead if t.kind in ("tag", "block")]
    start = read_start(path, [t for t in head if t.kind == "tag"], [t for t in head if t.kind == "block"])
    reader = _Reader(path, start, stream, lead)
    game = Game(start.setup)
    asked: list[tuple[int, int, str]] = []
    main = reader.line(game, [], asked, None)
    check_outcome(path, start, game, reader.result)
    record = parse_record(path, record_text(start.head, game, asked).encode("utf-8"))
    record.notation = tree = GameText(start.head, main, [(t.text, t.value) for t in start.extra],
                                      (game.state.first_player, game.result))
    return tree, record


_PARTS = 64  # the parts of one answer read at most, more than any decision takes: the answer they make is refused


class _Stream:
    """A file's tokens as the lexer makes them, with the few ahead that a reader looks at
    before it takes them."""

    def __init__(self, made: Iterator[Token]) -> None:
        self.made = made
        self.ahead: deque[Token] = deque()
        self.taken = 0  # tokens taken so far

    def peek(self, k: int = 0) -> Token | None:
        """The token ``k`` places after the next one, None past the end."""
        while len(self.ahead) <= k:
            token = next(self.made, None)
            if token is None:
                return None
            self.ahead.append(token)
        return self.ahead[k]

    def take(self, k: int = 1) -> None:
        """Take the next ``k`` tokens (each already peeked at)."""
        for _n in range(k):
            self.ahead.popleft()
        self.taken += k

    def untake(self, token: Token) -> None:
        """Give back the token just taken."""
        self.ahead.appendleft(token)
        self.taken -= 1


class _Reader:
    """The movetext of a game file, read answer by answer against the game it replays."""

    def __init__(self, path: Path, start: Start, stream: _Stream, lead: int) -> None:
        self.path, self.setup, self.stream = path, start.setup, stream
        self.lead = lead  # the tokens before the first answer: the tags and blocks among them are read
        self.result: Token | None = None
        self.variations = 0

    def fail(self, token: Token | NotationError, why: str) -> NotationError:
        return NotationError(self.path, token.line, token.col, why)

    def peek(self) -> Token | None:
        return self.stream.peek()

    def line(self, game: Game, before: list[Node], asked: list[tuple[int, int, str]] | None,
             opened: Token | None, depth: int = 0) -> Branch:
        """The line from here to its end (the file's, or the ``)`` of the variation ``opened``)."""
        branch = Branch()
        number: Token | None = None
        ended: Token | None = None
        while (token := self.peek()) is not None:
            kind = token.kind
            self.stream.take()
            if kind == "comment":
                (branch.nodes[-1].comments if branch.nodes else branch.before).append(token.text)
            elif kind in ("tag", "block") and self.stream.taken <= self.lead:
                continue  # the file's own, read by msn_tags before any answer
            elif kind == "close":
                if opened is None:
                    raise self.fail(token, _("')' closes no variation"))
                return branch
            elif ended is not None or kind in ("tag", "block"):
                raise self.fail(token, _("nothing but comments follows a result (a file holds one game)")
                                if ended is not None else _("a tag or a block comes before the answers"))
            elif kind == "result":
                ended = token
                if opened is None:
                    self.result = token  # checked with the tags
                elif token.text != (said := result_word(game.result)):
                    raise self.fail(token, _("this variation's result is {result}").format(result=said))
            elif kind == "number":
                number = token
            elif kind == "open":
                if not branch.nodes:
                    raise self.fail(token, _("a variation comes after the answer it is instead of"))
                if depth >= DEPTH_LIMIT:
                    raise self.fail(token, _("variations nested more than {limit} deep").format(limit=DEPTH_LIMIT))
                self.variations += 1
                if self.variations > VARIATION_LIMIT:
                    raise self.fail(token, _("more than {limit} variations in one file").format(limit=VARIATION_LIMIT))
                steps = before + branch.nodes[:-1]
                branch.nodes[-1].variations.append(self.line(replay(self.setup, steps), steps, None, token, depth + 1))
            else:
                self.stream.untake(token)  # the answer begins with it
                try:
                    branch.nodes.append(self.answer(game, number, asked))
                except NotationError as err:
                    if opened is None or err.in_variation:
                        raise
                    inside = self.fail(err, _("{problem} (in the variation opened at {line}:{col})").format(
                        problem=err.why, line=opened.line, col=opened.col))
                    inside.in_variation = True
                    raise inside from None
                number = None
        if opened is not None:
            raise self.fail(opened, _("this variation is never closed with ')'"))
        return branch

    def answer(self, game: Game, number: Token | None, asked: list[tuple[int, int, str]] | None) -> Node:
        """The next answer, read at the game's pending decision, and given to the game."""
        first = self.peek()
        assert first is not None  # line() reads an answer where a token is
        decision = game.pending
        if decision is None:
            raise self.fail(number or first, _("the game is over here: nothing more is answered"))
        turn = game.state.turn
        if number is not None and int(number.text) != turn:
            raise self.fail(number, _("this answer is given in turn {turn}, not {number}").format(turn=turn,
                                                                                                  number=number.text))
        comments: list[str] = []
        if first.kind == "word" and first.text.lower() == "concede":
            self.stream.take()
            who = self._player() or decision.player
            if asked is not None:
                asked.append((len(game.events), who, "concede"))
            game.concede(who)
            return Node(None, turn, who, comments, word=f"concede p{who}")
        words = self._words(decision, comments)
        typed = " ".join(w.text for w in words)
        try:
            answer = parse(game.observe(decision.player), decision, typed)
            if asked is not None:
                asked.append((len(game.events), decision.player, decision.kind.value))
            node = Node(answer, turn, 0, comments)
            word_of(game, node)
            game.answer(answer)
        except (BadAnswer, IllegalAnswer, EngineError) as err:
            what = decision.kind.value.replace("_", " ")
            raise self.fail(words[0], _("{answer} is not an answer to player {player}'s {kind} in turn {turn}: "
                                        "{why}").format(answer=repr(typed[:40]), player=decision.player, kind=what,
                                                        turn=turn, why=err)) from None
        return node

    def _next_word(self, comments: list[str], comma: bool = False) -> Token | None:
        """The next word (after a comma, with ``comma``), its comments taken on the way; None
        (nothing taken) when the next token is something else."""
        peek = self.stream.peek
        i = 0
        found: list[str] = []
        while (token := peek(i)) is not None and token.kind == "comment":
            found.append(token.text)
            i += 1
        if comma:
            if token is None or token.kind != "comma":
                return None
            i += 1
            while (token := peek(i)) is not None and token.kind == "comment":
                found.append(token.text)
                i += 1
            if token is None or token.kind != "word":
                before = peek(i - 1)
                assert before is not None  # the comma, or a comment after it
                raise self.fail(before if token is None else token, _("a comma joins two parts of one answer"))
        if token is None or token.kind != "word":
            return None
        comments += found
        self.stream.take(i + 1)
        return token

    def _player(self) -> int:
        """``p1`` or ``p2`` after ``concede`` (0: not given)."""
        token = self.peek()
        if token is not None and token.kind == "word" and token.text.lower() in ("p1", "p2"):
            self.stream.take()
            return int(token.text[1])
        return 0

    def _words(self, decision: Decision, comments: list[str]) -> list[Token]:
        """The words of one answer: a Summon's card words up to its Space; else one word, or
        words joined by commas, or (an order, targets) the numbers or Spaces that follow, up
        to as many as the decision takes."""
        first = self._next_word(comments)
        if first is None:
            token = self.peek()
            assert token is not None  # answer() is asked for where a token is
            raise self.fail(token, _("a comma joins two parts of one answer") if token.kind == "comma" else
                            _("an answer is expected here"))
        words = [first]
        kind = decision.kind
        if kind is Kind.SUMMON:
            while words[-1].text.upper() not in SPACES and len(words) < 8:
                word = self._next_word(comments)
                if word is None:
                    break
                words.append(word)
            return words
        while len(words) < _PARTS and (word := self._next_word(comments, comma=True)) is not None:
            words.append(word)
        most: int
        if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
            most = len(decision.options)
        elif kind is Kind.TARGETS:
            most = decision.count
        elif kind in (Kind.SPACE, Kind.CARD, Kind.YES_NO, Kind.PICK_FACE_DOWN):
            most = 1
        else:
            assert_never(kind)
        if len(words) == 1 and first.text.lower() not in ("listed", "none"):
            while len(words) < most and (word := self._peek_part(decision)) is not None:
                self.stream.take()
                words.append(word)
        return words

    def _peek_part(self, decision: Decision) -> Token | None:
        """The next token, if it can be one more part of an order (a number) or of targets (a
        Space offered, or an option's number)."""
        token = self.peek()
        if token is None or token.kind != "word":
            return None
        text = token.text
        if text.isdecimal() and text.isascii():
            return token if 1 <= int(text) <= len(decision.options) else None
        return token if decision.kind is Kind.TARGETS and text.upper() in decision.options else None
