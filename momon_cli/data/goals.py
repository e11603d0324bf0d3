"""Puzzle goals: what a puzzle asks of its solver in one turn, read from a position file and
judged from the engine's events and the table as that turn ends.

The vocabulary is closed (:data:`GOAL_KINDS`); every dispatch on a goal's kind ends in
``assert_never``, so a new kind is a type error until each place handles it. Judging is pure:
:class:`TurnWatch`, a listener, keeps the events of the puzzle's turn and what the table
shows at its end (the Control Scores, the First Player Token, who controls each Space), and
:func:`judge` reads only that. It lives in the data layer because the goal is part of the
position file, and judging it needs nothing above the engine. See docs/positions.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias, assert_never

from ..engine import SPACES, Game, Problems, scores
from ..engine import events as ev
from ..language import _, ngettext

GoalKind: TypeAlias = Literal["win", "snatch", "hold"]
GOAL_KINDS: tuple[GoalKind, ...] = ("win", "snatch", "hold")
MOST_SNATCHES = 16  # a turn cannot Snatch more Momons than the Arena holds


@dataclass(frozen=True, slots=True)
class Goal:
    """One goal: ``win`` (the solver would win were the game to end as the turn ends),
    ``snatch`` (at least ``count`` Snatches by the solver this turn) or ``hold`` (the solver
    controls the Momon on ``space`` as the turn ends)."""

    kind: GoalKind
    count: int = 0  # snatch
    space: str = ""  # hold

    def text(self) -> str:
        """The goal in a few words, as ``momon puzzles`` lists it (in the language in use)."""
        if self.kind == "win":
            return _("Be winning on Control Score as the turn ends")
        if self.kind == "snatch":
            return ngettext("Snatch at least {count} Momon this turn", "Snatch at least {count} Momons this turn",
                            self.count).format(count=self.count)
        if self.kind == "hold":
            return _("Control the Momon on {space} as the turn ends").format(space=self.space)
        assert_never(self.kind)

    def to_mapping(self) -> dict[str, Any]:
        """The TOML table :func:`read_goal` reads back to this goal."""
        if self.kind == "win":
            return {"win": True}
        if self.kind == "snatch":
            return {"snatch": self.count}
        if self.kind == "hold":
            return {"hold": self.space}
        assert_never(self.kind)


def read_goal(c: Problems, data: object, at: str = "puzzle.goal") -> Goal | None:
    """A goal from its table (``{ win = true }``, ``{ snatch = 2 }``, ``{ hold = "B2" }``); each
    problem is added to ``c`` and gives None."""
    table = c.table(data, at)
    kinds = [k for k in GOAL_KINDS if k in table]
    if len(kinds) != 1:
        c.bad(at, _("must name one of win = true, snatch = N or hold = \"SPACE\""))
        return None
    kind = kinds[0]
    c.only(table, at, {kind})
    if kind == "win":
        c.true(table, kind, at + ".")
        return Goal(kind)
    if kind == "snatch":
        return Goal(kind, count=c.integer(table, kind, 1, MOST_SNATCHES, 1, at + "."))
    if kind == "hold":
        space = table[kind]
        if space not in SPACES:
            c.bad(at + ".hold", _("must be a Space A1-D4"))
            return None
        return Goal(kind, space=str(space))
    assert_never(kind)


@dataclass(frozen=True, slots=True)
class TurnEnd:
    """The table as the puzzle's turn ended (or the game, had it ended first): the events
    of that turn, the Control Scores, who holds the First Player Token and who controls each
    occupied Space."""

    events: tuple[ev.Event, ...]
    scores: tuple[int, int]
    first_token: int
    controllers: Mapping[str, int]


class TurnWatch:
    """A listener of ``game`` that keeps its table as turn ``turn`` ends (``end``)."""

    def __init__(self, game: Game, turn: int) -> None:
        self.game, self.turn = game, turn
        self.end: TurnEnd | None = None

    def __call__(self, event: ev.Event) -> None:
        if self.end is not None:
            return
        if (isinstance(event, ev.TurnEnded) and event.turn == self.turn) or isinstance(event, ev.GameEnded):
            self.end = self.capture()

    def capture(self) -> TurnEnd:
        """The table now, as the turn (or the game) ends."""
        events = self.game.events
        start = 0
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if isinstance(e, ev.TurnStarted) and e.turn == self.turn:
                start = i
                break
        state = self.game.state
        zones = state.zones
        held = {space: zones.objects[oid].controller or 0 for space, oid in zones.arena.items()}
        return TurnEnd(tuple(events[start:]), scores(state), state.first_token, held)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether the goal was met, and one line that says so and why."""

    met: bool
    line: str


def snatches(end: TurnEnd, solver: int) -> int:
    """How many times this turn a Momon came under ``solver``'s control from the other
    player's: by a Snatch Check of any kind (the turn's, an Incite's, a Summon batch's) or a
    Direct Snatch."""
    return sum(1 for e in end.events if isinstance(e, ev.ControlChanged) and e.new == solver and e.old != solver)


def judge(goal: Goal, solver: int, end: TurnEnd) -> Verdict:
    """The goal judged on the table at the end of the puzzle's turn."""
    if any(isinstance(e, ev.Conceded) for e in end.events):
        return Verdict(False, _("Goal not met: the puzzle was conceded."))
    if goal.kind == "win":
        mine, theirs = end.scores[solver - 1], end.scores[2 - solver]
        met = mine > theirs or (mine == theirs and end.first_token == solver)
        tie = "" if mine != theirs else (_(" and you hold the First Player Token") if end.first_token == solver
                                         else _(" and the other player holds the First Player Token"))
        return Verdict(met, _("{verdict}: the Control Score is {mine}-{theirs} as the turn ends{tie}.").format(
            verdict=_said(met), mine=mine, theirs=theirs, tie=tie))
    if goal.kind == "snatch":
        n = snatches(end, solver)
        return Verdict(n >= goal.count, ngettext("{verdict}: you Snatched {n} Momon this turn ({asked} asked).",
                                                 "{verdict}: you Snatched {n} Momons this turn ({asked} asked).",
                                                 n).format(verdict=_said(n >= goal.count), n=n, asked=goal.count))
    if goal.kind == "hold":
        holder = end.controllers.get(goal.space)
        met = holder == solver
        where = (_("nothing is on {space}") if holder is None else _("you control the Momon on {space}") if met
                 else _("the other player controls {space}")).format(space=goal.space)
        return Verdict(met, _("{verdict}: {where} as the turn ends.").format(verdict=_said(met), where=where))
    assert_never(goal.kind)


def _said(met: bool) -> str:
    # TRANSLATORS: the start of the line that says how a puzzle went ("Goal met: ...")
    return _("Goal met") if met else _("Goal not met")


def attempt(game: Game, turn: int, goal: Goal, solver: int, answer: Callable[[Game], object]) -> Verdict:
    """Play ``game`` (made with ``start=False``) through turn ``turn``, each decision answered
    by ``answer``, and judge ``goal``. Raises RuntimeError when the game stops before that
    turn ends (an answerer that leaves unanswered)."""
    watch = TurnWatch(game, turn)
    game.listen(watch)
    game.start()
    while watch.end is None and game.pending is not None:
        game.answer(answer(game))
    if watch.end is None:
        raise RuntimeError("the game stopped before the puzzle's turn ended")
    return judge(goal, solver, watch.end)
