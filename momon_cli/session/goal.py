"""A puzzle as a session: one turn of its solver, ending as that turn ends, its goal judged
on the table as it stood then; ``clue`` shows the goal and the hint at any prompt."""

from __future__ import annotations

from ..data.goals import TurnEnd, TurnWatch, Verdict, judge
from ..data.puzzles import Puzzle
from ..engine import Game, Observation
from ..language import _
from ..text.safe import clean
from .content import Line


class _Watch(TurnWatch):
    """The puzzle's turn, watched: also what the solver's seat saw as it ended, for the end."""

    def __init__(self, game: Game, turn: int, seat: int) -> None:
        super().__init__(game, turn)
        self.seat = seat
        self.seen: Observation | None = None

    def capture(self) -> TurnEnd:
        self.seen = self.game.observe(self.seat)
        return super().capture()


class PuzzleGoal:
    """What makes a session a puzzle: its goal, watched over the puzzle's turn (``again``:
    the command that starts it again)."""

    def __init__(self, puzzle: Puzzle, again: str) -> None:
        self.puzzle, self.again = puzzle, again
        self.watch: _Watch | None = None

    def follow(self, game: Game) -> None:
        """Watch ``game`` (a new one, or one rebuilt by an undo)."""
        self.watch = _Watch(game, self.puzzle.position.turn, self.puzzle.solver)
        game.listen(self.watch)

    def going(self) -> bool:
        return self.watch is None or self.watch.end is None

    def ended_seen(self) -> Observation | None:
        """What the solver saw as the turn ended (None: it did not end)."""
        return None if self.watch is None else self.watch.seen

    def verdict(self) -> Verdict:
        end = None if self.watch is None else self.watch.end
        if end is None:  # the game ended without the turn's end: it cannot, but say so plainly
            return Verdict(False, _("Goal not met: the game stopped before the turn ended."))
        return judge(self.puzzle.goal, self.puzzle.solver, end)

    def opening(self) -> str:
        return _("Goal: {goal}. 'clue' shows the hint.").format(goal=self.puzzle.goal.text())

    def clue(self) -> tuple[Line, ...]:
        # TRANSLATORS: {goal} is the puzzle's goal, a sentence of its own; the full stop after it may go
        goal = _("{goal}.").format(goal=self.puzzle.goal.text())
        return (Line(_("Goal: ") + goal), Line(_("Hint: ") + (clean(self.puzzle.hint, 2000) or
                                                                _("this puzzle has none."))))
