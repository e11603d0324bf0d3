"""MSN, the game notation people read, write and share (docs/notation.md): a game as a tree
of lines (the main line, and the variations given instead of its answers, with comments),
made from a record or read from a file (record.msn_read), written in its one canonical
form, and played on from any answer of any line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..data.cards import load_matrix
from ..engine import Answer, Game, Result, Setup, answer_from_json
from ..language import _, ngettext
from ..text.notation import written
from .format import Header, header
from .header import seats_from_header, setup_from_header
from .msn_syntax import quote
from .msn_tags import result_word, tags_and_blocks
from .recorder import Recorder, continue_record
from .seats import Seat
from .validate import Record

DEPTH_LIMIT = 40  # variations inside variations
VARIATION_LIMIT = 2000  # variations in one file: each is read on a game replayed up to it


@dataclass
class Node:
    """One answer of a line: the engine's answer (None for a concession by ``conceder``),
    the turn it was given in, the comments after it and the variations given instead of it;
    ``word``, the answer as the file writes it, once someone has worked it out."""

    answer: Answer | None
    turn: int
    conceder: int = 0
    comments: list[str] = field(default_factory=list)
    variations: list[Branch] = field(default_factory=list)
    word: str = ""


@dataclass
class Branch:
    """A line of play: its answers in order, and the comments before its first one."""

    nodes: list[Node] = field(default_factory=list)
    before: list[str] = field(default_factory=list)


@dataclass
class GameText:
    """A game as a file holds it: the record header it stands for, its main line and the
    tags this momon does not know (kept, and written after its own); ``ending``, who went
    first and the result of the main line, once it has been played."""

    head: Header
    main: Branch
    extra: list[tuple[str, str]] = field(default_factory=list)
    ending: tuple[int, Result | None] | None = None


def advance(game: Game, node: Node) -> None:
    """Give ``node``'s answer (or concession) to ``game``."""
    if node.answer is None:
        game.concede(node.conceder)
    else:
        game.answer(node.answer)


def replay(setup: Setup, steps: Sequence[Node], telling: bool = False) -> Game:
    """The game after ``steps``, its answers (a look-alike: no one watches its events)."""
    game = Game(setup, telling=telling)
    for node in steps:
        advance(game, node)
    return game


def word_of(game: Game, node: Node) -> str:
    """``node``'s answer as the file writes it, at ``game``'s pending decision (kept on it)."""
    if not node.word:
        decision = game.pending
        assert decision is not None  # the tree was read from a game that went on
        node.word = f"concede p{node.conceder}" if node.answer is None else \
            written(game.observe(decision.player), decision, node.answer)
    return node.word


def tree_of(record: Record) -> GameText:
    """The game a record holds as a tree: the game file's, variations and all, for a record
    read from one; else its answers as the main line."""
    return record.notation if isinstance(record.notation, GameText) else from_record(record)


def from_record(record: Record) -> GameText:
    """A record's game as a tree: its answers, the main line, with no comment or variation."""
    game = Game(setup_from_header(record.header, load_matrix()), telling=False)
    main = Branch()
    for entry in record.answers:
        turn = game.state.turn
        if entry["type"] == "concede":
            node = Node(None, turn, entry["player"])
        else:
            decision = game.pending
            assert decision is not None  # a record that replays has a decision for every answer
            node = Node(decision.validate(answer_from_json(entry["value"])), turn)
        word_of(game, node)
        advance(game, node)
        main.nodes.append(node)
    return GameText(record.header, main, ending=(game.state.first_player, game.result))


def to_text(game: GameText) -> str:
    """The game in MSN's canonical form: its tags, a blank line, each block and a blank line,
    then one line for each turn of the main line (its comments and variations in it), and
    its result on the last line."""
    setup = setup_from_header(game.head, load_matrix())
    writer = _Writer(setup)
    lines = writer.main(game.main)
    if game.ending is None:
        played = replay(setup, game.main.nodes)
        game.ending = (played.state.first_player, played.result)
    tags, blocks = tags_and_blocks(game.head, *game.ending)
    out = [f"[{name} {quote(value)}]\n" for name, value in tags + game.extra]
    out.append("\n")
    out += [f"%{name}\n{body}%end\n\n" for name, body in blocks]
    lines.append(result_word(game.ending[1]))
    return "".join(out) + "\n".join(lines) + "\n"


class _Writer:
    """The movetext: a line's answers with their numbers, comments and variations. An answer
    whose word is not known yet is worked out on the game replayed up to it."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup

    def main(self, branch: Branch) -> list[str]:
        """The main line's text lines, a turn each."""
        lines: list[list[str]] = [[f"{{{c}}}" for c in branch.before]] if branch.before else []
        for turn_start, words in self._words(branch, [], numbered=False):
            if turn_start or not lines:
                lines.append([])
            lines[-1] += words
        return [" ".join(words) for words in lines]

    def _words(self, branch: Branch, before: list[Node], numbered: bool) -> list[tuple[bool, list[str]]]:
        """Each answer's words (its number, the answer, its comments and variations), and
        whether it begins a turn; ``numbered``: the first answer gets its number even inside
        a turn (a variation's first)."""
        out: list[tuple[bool, list[str]]] = []
        last = before[-1].turn if before else None
        game: Game | None = None
        for k, node in enumerate(branch.nodes):
            new = node.turn != last
            words = [f"{node.turn}." if new else f"{node.turn}..."] if new or numbered else []
            if not node.word:
                game = game or replay(self.setup, before + branch.nodes[:k])
                word_of(game, node)
            words.append(node.word)
            words += [f"{{{c}}}" for c in node.comments]
            steps = before + branch.nodes[:k]
            for variation in node.variations:
                inner = self._words(variation, steps, numbered=True)
                text = " ".join([*(f"{{{c}}}" for c in variation.before), *(w for _, ws in inner for w in ws)])
                words.append(f"({text})")
            if game is not None:
                advance(game, node)
            out.append((new, words))
            last, numbered = node.turn, bool(node.variations)
        return out


_MOVE = re.compile(r"\d{1,4}(\.\d{1,4})*")
_RETRY = re.compile(r"@(\d{1,5})")


def steps_at(game: GameText, move: str | None) -> list[Node]:
    """The answers from the start of the game to ``move`` (docs/notation.md, *Moves*): ``N``
    is a line's answers through turn N, ``N.V`` the V-th variation given in turn N, through
    its end, and so on down (``12.1.14``, ``12.1.13.2``); ``@N`` the main line's answers
    before its N-th, so that decision N is answered again; None: the whole main line."""
    if move is None:
        return list(game.main.nodes)
    retry = _RETRY.fullmatch(move.strip())
    if retry is not None:
        number, count = int(retry.group(1)), len(game.main.nodes)
        if not 1 <= number <= count:
            raise ValueError(ngettext("the main line has {count} answer: give @1 to answer it again",
                                      "the main line has {count} answers: give @1 to @{count} to answer one again",
                                      count).format(count=count))
        return list(game.main.nodes[:number - 1])
    if not _MOVE.fullmatch(move.strip()):
        raise ValueError(_("{move} is not a move: give a turn (12), a turn and a variation (12.1), ... or a "
                           "decision to answer again (@23)").format(
            move=repr(move[:20])))
    parts = [int(p) for p in move.strip().split(".")]
    steps: list[Node] = []
    branch, where = game.main, _("the main line")
    for i in range(0, len(parts), 2):
        turn = parts[i]
        mine = [k for k, n in enumerate(branch.nodes) if n.turn == turn]
        if not mine:
            turns = sorted({n.turn for n in branch.nodes})
            if not turns:
                raise ValueError(_("{where} has no answer in turn {turn} (it has no answers)").format(where=where,
                                                                                                      turn=turn))
            raise ValueError(_("{where} has no answer in turn {turn} (it has turns {first}-{last})").format(
                where=where, turn=turn, first=turns[0], last=turns[-1]))
        if i + 1 == len(parts):
            return steps + branch.nodes[:mine[-1] + 1]
        offered = [(k, v) for k in mine for v in branch.nodes[k].variations]
        number = parts[i + 1]
        if not 1 <= number <= len(offered):
            if not offered:
                raise ValueError(_("{where} has no variations in turn {turn}, not a variation {number}").format(
                    where=where, turn=turn, number=number))
            raise ValueError(ngettext("{where} has {n} variation in turn {turn}, not a variation {number}",
                                      "{where} has {n} variations in turn {turn}, not a variation {number}",
                                      len(offered)).format(where=where, n=len(offered), turn=turn, number=number))
        k, variation = offered[number - 1]
        steps += branch.nodes[:k]
        branch = variation
        where = _("variation {move}").format(move=".".join(map(str, parts[:i + 2])))
    return steps + branch.nodes


def play_on(game: GameText, steps: Sequence[Node], path: Path, force: bool = False
            ) -> tuple[Game, Recorder, dict[int, Seat]]:
    """A new game at ``path``, a record of its own dated now, whose answers so far are
    ``steps``: it goes on from there as a resumed game does (its bot seats as the file
    has them). Raises GameOver when those answers end the game; RecordError or OSError for
    the record's file."""
    matrix = load_matrix()
    setup = setup_from_header(game.head, matrix)
    seats = seats_from_header(game.head, matrix)
    played = Game(setup)
    asked = []
    for node in steps:
        decision = played.pending
        assert decision is not None  # the steps were read from this game
        asked.append((len(played.events), node.conceder or decision.player,
                      "concede" if node.answer is None else decision.kind.value))
        advance(played, node)
    head = header(setup, (game.head["decks"][0], game.head["decks"][1]), bots=seats)
    return played, continue_record(path, head, played, asked, force=force), seats
