"""Puzzles: position files with a ``[puzzle]`` table (a title, a goal, a hint, a lesson),
read and checked with the rest of the file; and the built-in ones, numbered easy to hard.

A puzzle's words are English; a ``[puzzle.th]`` table may give them in Thai too (each of
its title, intro and hint), and a puzzle shows the words of the language in use.

A puzzle is one turn: its position's Active Player (the solver) plays it, and its goal
(:mod:`momon_cli.data.goals`) is judged as that turn ends. The built-in puzzles are package
data (``data/puzzles/NN-name.toml``); a puzzle's number is its place in that folder's order,
which the two digits at the start of each name give. See docs/positions.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import language
from ..engine import CardDef, Position, Problems
from ..language import TRANSLATED, _
from ..widths import columns
from .cards import DATA, DataError, read_toml
from .goals import Goal, read_goal
from .positions import position_from_mapping

PUZZLES = DATA / "puzzles"
WORDS_KEYS = {"title", "hint", "intro"}  # the words a translation gives
PUZZLE_KEYS = {"title", "goal", "hint", "intro", "difficulty", "teaches", "solution", *TRANSLATED}
TITLE_LIMIT = 40  # columns: a title and its goal share one line of ``momon puzzles``
TEXT_LIMIT = 1200  # characters in a hint or an intro
MOST_LEVEL = 5  # difficulty runs 1 (a first lesson) to 5
PUZZLE_SEED = 1  # every puzzle is played with this seed, so a solution always plays alike


@dataclass(frozen=True)
class Words:
    """What a puzzle says in one language: its title, its hint and its intro (a lesson)."""

    title: str
    hint: str = ""
    intro: str = ""


@dataclass(frozen=True)
class Puzzle:
    """A position and what it asks: ``solver`` is its Active Player; ``solution`` the lines
    that solve it, as the solver types them (``summon gale b2``, ``y``, ``C3``). ``english``
    is what it says; ``translations`` the languages it says it in too, each with its words
    (an empty one is said in English)."""

    english: Words
    goal: Goal
    position: Position
    solver: int
    difficulty: int = 1
    teaches: tuple[str, ...] = ()
    solution: tuple[str, ...] = ()
    source: str = ""
    translations: tuple[tuple[str, Words], ...] = ()

    def words(self, language_code: str | None = None) -> Words:
        """Its words in ``language_code`` (default: the language in use): each that the
        language's table gives, the English for the rest."""
        code = language_code or language.current()
        given = dict(self.translations).get(code)
        if given is None:
            return self.english
        return Words(given.title or self.english.title, given.hint or self.english.hint,
                     given.intro or self.english.intro)

    @property
    def title(self) -> str:
        return self.words().title

    @property
    def hint(self) -> str:
        return self.words().hint

    @property
    def intro(self) -> str:
        return self.words().intro


def _text(c: Problems, table: dict[str, Any], key: str, limit: int, required: bool = False, at: str = "puzzle") -> str:
    """A text of the table, at most ``limit`` characters; a title's limit counts columns (its
    line's width: a Thai mark takes none)."""
    value = table.get(key, "")
    long = type(value) is str and (columns(value) if key == "title" else len(value)) > limit
    if type(value) is not str or (required and not value.strip()) or long:
        if key == "title":
            why = (_("must be a text 1-{limit} columns wide") if required else
                   _("must be a text at most {limit} columns wide"))
        else:
            why = _("must be a text of 1-{limit} characters") if required else _("must be a text of at most {limit} characters")
        c.bad(f"{at}.{key}", why.format(limit=limit))
        return ""
    return value.strip()


def _words(c: Problems, data: object, at: str) -> Words:
    """A translation's words (``[puzzle.th]``): a title, an intro and a hint, each optional."""
    table = dict(c.table(data, at))
    c.only(table, at, WORDS_KEYS)
    return Words(_text(c, table, "title", TITLE_LIMIT, at=at), _text(c, table, "hint", TEXT_LIMIT, at=at),
                 _text(c, table, "intro", TEXT_LIMIT, at=at))


def _strings(c: Problems, table: dict[str, Any], key: str, what: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(type(v) is str and v.strip() and len(v) <= 200 for v in value):
        c.bad(f"puzzle.{key}", _("must be a list of {what}").format(what=what))
        return ()
    return tuple(v.strip() for v in value)


def puzzle_from_mapping(data: dict[str, Any], pool: dict[str, CardDef], elements: tuple[str, ...],
                        source: str = "puzzle") -> Puzzle:
    """A Puzzle from a position file's table; raises DataError listing every problem of the
    file, its position's and its ``[puzzle]`` table's together."""
    problems: list[str] = []
    c = Problems(source, problems, _)
    table = dict(c.table(data.get("puzzle"), "puzzle"))
    c.only(table, "puzzle", PUZZLE_KEYS)
    title = _text(c, table, "title", TITLE_LIMIT, required=True)
    goal = read_goal(c, table.get("goal"), "puzzle.goal") if "goal" in table else None
    if "goal" not in table:
        c.bad("puzzle.goal", _("is missing: give win = true, snatch = N or hold = \"SPACE\""))
    hint, intro = _text(c, table, "hint", TEXT_LIMIT), _text(c, table, "intro", TEXT_LIMIT)
    translations = tuple((code, _words(c, table[code], f"puzzle.{code}")) for code in TRANSLATED if code in table)
    difficulty = c.integer(table, "difficulty", 1, MOST_LEVEL, 1, "puzzle.")
    teaches = _strings(c, table, "teaches", _("keywords (the glossary's terms)"))
    solution = _strings(c, table, "solution", _("answers as the solver types them"))
    if "active" not in data and "first_player" not in data:
        c.bad("active", _("a puzzle names its solver: give active = 1 or 2"))
    try:
        position = position_from_mapping(data, pool, elements, source)
    except DataError as err:
        raise DataError(err.problems + problems) from None
    if problems or goal is None:
        raise DataError(problems)
    solver = position.active or position.first_player or 1
    return Puzzle(Words(title, hint, intro), goal, position, solver, difficulty, teaches, solution, source,
                  translations)


def read_puzzle(path: Path | str, pool: dict[str, CardDef], elements: tuple[str, ...]) -> Puzzle:
    """The puzzle in the position file at ``path`` (DataError: every problem, one a line)."""
    data = read_toml(path)
    if "puzzle" not in data:
        raise DataError([_("{path}: not a puzzle: a puzzle is a position file with a [puzzle] table "
                           "(docs/positions.md)").format(path=path)])
    return puzzle_from_mapping(data, pool, elements, str(path))


def built_in() -> list[Path]:
    """The built-in puzzles' files: puzzle N is the Nth, easiest first."""
    return sorted(PUZZLES.glob("*.toml"))


def built_in_puzzle(number: int) -> Path:
    """The file of built-in puzzle ``number`` (LookupError: there is none)."""
    files = built_in()
    if not 1 <= number <= len(files):
        raise LookupError(_("no puzzle {number}: the puzzles are numbered 1-{count} (momon puzzles lists them)").format(
            number=number, count=len(files)))
    return files[number - 1]
