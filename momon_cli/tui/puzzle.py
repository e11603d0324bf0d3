"""A puzzle at the terminal: its intro, one turn in the hot-seat REPL, and one line saying
whether its goal was met.

:class:`PuzzleSeat` is the REPL of ``momon play`` with three differences: the session ends
as the puzzle's turn ends (the goal is judged then, on the table as it stood), ``clue``
shows the goal and the hint at any prompt (``hint`` is left free for a coach), and leaving
says how to start the puzzle again rather than how to resume a game.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from .. import exits
from ..data.goals import TurnEnd, TurnWatch, Verdict, judge
from ..data.positions import read_position_names
from ..data.puzzles import MOST_LEVEL, PUZZLE_SEED, Puzzle
from ..engine import SPECTATOR, CardDef, Decision, ElementMatrix, Game, Observation
from ..language import _
from ..record import GameRequest, Recorder, Seat, new_game
from ..text.safe import clean, safe
from ..widths import cut, pad
from . import plain, render
from .arena_view import arena_lines
from .commands import COMMANDS
from .plain_seat import PLAIN_COMMANDS, PlainSeat
from .repl import HotSeat
from .screen import Screen
from .script import PlainReader, ScriptReader

CLUE = "clue"  # the command that shows the puzzle's hint ('hint' is kept for a coach)
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


def goal_line(puzzle: Puzzle) -> Text:
    """``Goal: ...`` (the label in bold)."""
    # TRANSLATORS: {goal} is the puzzle's goal, a sentence of its own; the full stop after it may go
    return Text.assemble((_("Goal: "), "bold"), _("{goal}.").format(goal=puzzle.goal.text()))


def start(path: Path, puzzle: Puzzle, log: Path, pool: dict[str, CardDef], matrix: ElementMatrix,
          console: Console, again: str, reader: Screen | ScriptReader | None = None,
          full_log: bool = False, plain: bool = False) -> PuzzleSeat:
    """The puzzle in the file at ``path``, recorded at ``log`` (replacing the last try there),
    ready to run: the solver plays under the name the file gives (else "Solver"), a random bot
    answers for the other seat; ``plain``: in plain lines (plain_seat.py), typed at the
    terminal unless ``reader`` is a script. Raises DataError, SetupError, RecordError or OSError."""
    names = read_position_names(str(path)) or ("Solver", "Solver")
    players = ["bot:random", "bot:random"]
    players[puzzle.solver - 1] = names[puzzle.solver - 1]
    request = GameRequest((players[0], players[1]), PUZZLE_SEED, log, position=path, force=True)
    started = new_game(request, pool, matrix)
    if plain:
        return PlainPuzzleSeat(started.game, console, started.recorder, puzzle, again,
                               reader or PlainReader(sys.stdin.buffer, sys.stdout), bots=started.seats,
                               full_log=full_log)
    return PuzzleSeat(started.game, console, started.recorder, puzzle, again, reader, bots=started.seats,
                      full_log=full_log)


class _Watch(TurnWatch):
    """The puzzle's turn, watched: also what the solver's seat saw as it ended, for the end."""

    def __init__(self, game: Game, turn: int, seat: int) -> None:
        super().__init__(game, turn)
        self.seat = seat
        self.seen: Observation | None = None

    def capture(self) -> TurnEnd:
        self.seen = self.game.observe(self.seat)
        return super().capture()


class PuzzleSeat(HotSeat):
    """The REPL for one puzzle: the solver at the keyboard, the other seat's decisions (if
    any) answered by a bot, until the puzzle's turn ends. ``again``: the command that starts
    it again. ``verdict`` is set once the turn has ended (None: the player left first)."""

    commands: tuple[str, ...] = (*COMMANDS, CLUE)

    def __init__(self, game: Game, console: Console, recorder: Recorder, puzzle: Puzzle, again: str,
                 reader: Screen | ScriptReader | PlainReader | None = None, *, bots: dict[int, Seat] | None = None,
                 full_log: bool = False) -> None:
        self.puzzle, self.again = puzzle, again
        self.verdict: Verdict | None = None
        super().__init__(game, console, recorder, reader, full_log=full_log, bots=bots)

    def extra_help(self) -> str:
        """The clue's line, before any other session's (plain mode's commands, for PlainPuzzleSeat)."""
        return _("\n  clue                  this puzzle's goal and its hint") + super().extra_help()

    def _take(self, game: Game) -> None:
        super()._take(game)
        self.watch = _Watch(game, self.puzzle.position.turn, self.puzzle.solver)  # a game rebuilt by undo too
        game.listen(self.watch)

    def _opening(self) -> Text:
        return Text(_("Goal: {goal}. 'clue' shows the hint.").format(goal=self.puzzle.goal.text()), style="bold")

    def _going(self) -> bool:
        return self.watch.end is None and super()._going()

    def session_command(self, word: str, arg: str, decision: Decision) -> str | int | None:
        if word != CLUE:
            return super().session_command(word, arg, decision)
        self.show(goal_line(self.puzzle))
        self.show(Text.assemble((_("Hint: "), "bold"), clean(self.puzzle.hint, 2000) or _("this puzzle has none.")))
        return None

    def _end(self) -> int:
        """The turn is over (or the game): the Arena as it ended, then the verdict in one line."""
        self._close_record()
        self._back_to_the_terminal()
        end = self.watch.end
        if end is None:  # the game ended without the turn's end: it cannot, but say so plainly
            self.verdict = Verdict(False, _("Goal not met: the game stopped before the turn ended."))
        else:
            self.verdict = judge(self.puzzle.goal, self.puzzle.solver, end)
        self.seen = self.watch.seen or self.game.observe(SPECTATOR)  # the story up to the turn's end
        before = len(self.log)
        self._catch_up(quiet=self.reader.interactive)  # a script prints the turn's last lines as they are narrated
        if self.reader.interactive:
            for told in self._lines(before):
                self.console.print(Text(told))
        self._show_arena()
        self.console.print(Text(self.verdict.line, style="bold green" if self.verdict.met else "bold red"),
                           soft_wrap=True)  # one line, however narrow the terminal
        return exits.DONE

    def _show_arena(self) -> None:
        """The Arena as the turn ended, from the solver's seat."""
        for line in arena_lines(self.seen, self.puzzle.solver, self.console.width):
            self.console.print(line, overflow="crop", no_wrap=True)

    def _leave(self) -> int:
        self._close_record()
        self._back_to_the_terminal()
        self.console.print(safe(_("Left the puzzle. Start it again with: {command}").format(command=self.again)), soft_wrap=True)
        return exits.DONE if self.reader.interactive else exits.SCRIPT_ENDED


class PlainPuzzleSeat(PlainSeat, PuzzleSeat):
    """A puzzle in plain lines (``momon puzzle --plain``, ``momon learn --plain``): the puzzle's
    REPL told as plain mode tells a game, its end as the puzzle's, with the Arena in words."""

    commands: tuple[str, ...] = (*PuzzleSeat.commands, *PLAIN_COMMANDS)

    def _end(self) -> int:
        return PuzzleSeat._end(self)

    def _show_arena(self) -> None:
        for line in plain.board(self.seen, self.puzzle.solver, self.puzzle.solver):
            self.say(line)
