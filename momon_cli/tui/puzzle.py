"""A puzzle at the terminal: its intro, one turn in the hot-seat REPL, and one line saying
whether its goal was met.

A puzzle is a session with a goal (session/goal.py), played by the same front ends as a game
(the full screen, plain lines): the session ends as the puzzle's turn ends (the goal is
judged then, on the table as it stood), ``clue`` shows the goal and the hint at any prompt
(``hint`` is left free for a coach), and leaving says how to start the puzzle again rather
than how to resume a game.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from ..data.positions import read_position_names
from ..data.puzzles import MOST_LEVEL, PUZZLE_SEED, Puzzle, built_in
from ..engine import CardDef, ElementMatrix
from ..language import _
from ..record import GameRequest, new_game
from ..session import Session
from ..session.commands import PLAIN_COMMANDS
from ..session.goal import PuzzleGoal
from ..text.safe import clean, safe
from ..widths import cut, pad
from . import render
from .hot_seat import HotSeat
from .plain_seat import PlainSeat
from .screen import Screen
from .script import PlainReader, ScriptReader

LIST_WIDTH = 80  # momon puzzles fits an 80-column terminal


def stars(level: int) -> str:
    """A difficulty as a row of stars: ``★★☆☆☆`` is 2 of 5."""
    return "★" * level + "☆" * (MOST_LEVEL - level)


def level_words(level: int) -> str:
    """A difficulty in words, where stars would be read out one by one (plain mode)."""
    return _("difficulty {level} of {most}").format(level=level, most=MOST_LEVEL)


def listing(puzzles: Sequence[Puzzle], width: int = LIST_WIDTH) -> list[str]:
    """``momon puzzles``: one line a puzzle (number, difficulty, title, goal), each cut to
    ``width`` columns."""
    # TRANSLATORS: the headings of 'momon puzzles': the puzzle's number, difficulty, title and goal
    level, heading, goal = _("level"), _("title"), _("goal")
    title = max([cell_len(clean(p.title)) for p in puzzles] + [cell_len(heading)])
    lines = [f"{'#':>3}  {pad(level, max(MOST_LEVEL, cell_len(level)))}  {pad(heading, title)}  {goal}"]
    for n, p in enumerate(puzzles, 1):
        lines.append(f"{n:>3}  {pad(stars(p.difficulty), max(MOST_LEVEL, cell_len(level)))}  {pad(clean(p.title), title)}"
                     f"  {p.goal.text()}")
    return [cut(line, width) for line in lines]


def intro(puzzle: Puzzle, heading: str, width: int, hint: bool = False) -> list[Text]:
    """What a player reads before a puzzle: its heading, lesson, goal and how to get the hint."""
    lines = render.wrap(safe(heading, style="bold"), width)  # a title is text from a file
    if puzzle.intro:
        lines += render.wrap(safe(puzzle.intro, 2000), width)
    lines += render.wrap(goal_line(puzzle), width)
    if puzzle.teaches:
        words = ", ".join(clean(t) for t in puzzle.teaches)
        lines += render.wrap(Text(_("Words: {words} ('rules WORD' at a prompt says what one means).").format(words=words),
                                  style="dim"), width)
    if hint and puzzle.hint:
        lines += render.wrap(Text.assemble((_("Hint: "), "bold"), clean(puzzle.hint, 2000)), width)
    elif puzzle.hint:
        lines += render.wrap(Text(_("Stuck? Type 'clue' at any prompt for a hint."), style="dim"), width)
    return lines


def offer(met: bool, again: str, number: int | None, plain: bool = False) -> Text:
    """What a finished ``momon puzzle`` offers next: the next built-in puzzle once this one is
    solved (``number``: its number, None for a file), else the command that tries it again
    (the verdict above it says why its goal was missed)."""
    if not met:
        return Text(_("Try it again: {command}").format(command=clean(again)), style="bold")
    if number is None:
        return Text(_("Solved."), style="bold")
    if number >= len(built_in()):
        return Text(_("Solved: that was the last puzzle ('momon puzzles' lists them all)."), style="bold")
    return Text(_("Solved. The next puzzle: {command}").format(
        command=f"momon puzzle {number + 1}" + " --plain" * plain), style="bold")


def goal_line(puzzle: Puzzle) -> Text:
    """``Goal: ...`` (the label in bold)."""
    # TRANSLATORS: {goal} is the puzzle's goal, a sentence of its own; the full stop after it may go
    return Text.assemble((_("Goal: "), "bold"), _("{goal}.").format(goal=puzzle.goal.text()))


def start(path: Path, puzzle: Puzzle, log: Path, pool: dict[str, CardDef], matrix: ElementMatrix,
          console: Console, again: str, reader: Screen | ScriptReader | None = None,
          full_log: bool = False, plain: bool = False) -> HotSeat | PlainSeat:
    """The puzzle in the file at ``path``, recorded at ``log`` (replacing the last try there),
    ready to run: a session with the puzzle's goal, the solver under the name the file gives
    (else "Solver"), a random bot answering for the other seat; ``plain``: in plain lines
    (plain_seat.py), typed at the terminal unless ``reader`` is a script. Raises DataError,
    SetupError, RecordError or OSError."""
    names = read_position_names(str(path)) or ("Solver", "Solver")
    players = ["bot:random", "bot:random"]
    players[puzzle.solver - 1] = names[puzzle.solver - 1]
    request = GameRequest((players[0], players[1]), PUZZLE_SEED, log, position=path, force=True)
    started = new_game(request, pool, matrix)
    extra = PLAIN_COMMANDS if plain else ()
    session = Session(started.game, started.recorder, bots=started.seats, full_log=full_log,
                      goal=PuzzleGoal(puzzle, again), extra=extra)
    if plain:
        return PlainSeat(session, console, None, reader if isinstance(reader, ScriptReader) else
                         PlainReader(sys.stdin.buffer, sys.stdout))
    return HotSeat(session, console, None, reader)
