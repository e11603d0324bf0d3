"""The engine's public driver: build a game, read its pending Decision, answer it.

The rules are a generator (:func:`momon_cli.engine.turn.run_game`) over a narrow rules
context; this class is the one place that advances it. Events go to ``events`` and to
every listener, in order. An answer that is refused changes nothing; an error inside the
rules ends the game's life: every later answer is refused with that error.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from . import events as ev
from .context import Listener, Rules
from .decisions import Answer, Decision
from .information import redact, seat_setup
from .observation import Observation, observe, seen_event
from .state import GameState, Result, Setup
from .turn import finish, run_game


class GameOver(RuntimeError):
    """An answer or concession was given to a game that has ended."""


class EngineError(RuntimeError):
    """The rules failed on an answer; the game cannot go on (its record shows how to reproduce it)."""


class Game:
    def __init__(self, setup: Setup, listeners: tuple[Listener, ...] = (), *, start: bool = True,
                 telling: bool = True) -> None:
        """Build the game and run it to its first decision (``start=False``: wait for ``start()``,
        so that a listener holding this object can be attached before the first event).
        ``telling=False``: a game no one watches or records makes no events (engine.context)."""
        self.setup = setup
        self.rules = Rules(GameState.new(setup), telling)
        self.rules.listeners.extend(listeners)
        self.rules.at_root = self._keep_root
        #: The state as the latest Summon step began, and how many answers had been given then:
        #: each seat's observation carries it redacted, with the answers since (engine.lookahead).
        #: Copied only once someone has observed the game: until then only the answer count is
        #: kept (``_root_at``), and the first ``observe`` plays the game again, quietly, to it.
        self._root: tuple[GameState, int] | None = None
        self._root_at: int | None = None
        self._observed = False
        self._seat_roots: dict[int, GameState] = {}
        self.answers: list[Answer | dict[str, int]] = []  # in order, replayable; a concession: {"concede": player}
        self._flow: Generator[Decision, Any, None] = run_game(self.rules)
        self.pending: Decision | None = None
        self.error: EngineError | None = None
        self._seat_setups: dict[int, Setup] = {}
        self._story: list[ev.Event] = []  # the events as every seat sees them, made as asked for
        if start:
            self.start()

    @property
    def state(self) -> GameState:
        return self.rules.state

    @property
    def events(self) -> list[ev.Event]:
        return self.rules.events

    def observe(self, seat: int) -> Observation:
        """What ``seat`` (1, 2, or 0: a spectator) may know now: the only way anything that
        shows a seat the game, or answers for one, reads it (engine.observation)."""
        setup = self._seat_setups.get(seat)
        if setup is None:
            setup = self._seat_setups[seat] = seat_setup(self.setup, seat)
        story, events = self._story, self.rules.events
        story.extend(seen_event(e) for e in events[len(story):])
        self._observed = True
        if self._root is None and self._root_at is not None:
            self._root = (self._root_again(self._root_at), self._root_at)
        root, since = None, 0
        if self._root is not None:
            state, since = self._root
            root = self._seat_roots.get(seat)
            if root is None:
                root = self._seat_roots[seat] = redact(state, seat, setup)
        answers = tuple(a for a in self.answers[since:] if not isinstance(a, dict))
        return observe(self.state, seat, self.pending, tuple(story), len(self.answers), setup, root, answers)

    def _keep_root(self) -> None:
        self._root_at = len(self.answers)
        self._root = (self.state.clone(), self._root_at) if self._observed else None
        self._seat_roots = {}

    def _root_again(self, answers: int) -> GameState:
        """The state as the latest Summon step began, for a game that kept no copy of it: the
        same setup played again with no events, up to the same step after the same answers
        (the rules are deterministic: a record replays the same way)."""
        again = Game(self.setup, telling=False, start=False)
        again._observed = True  # it keeps every root as it goes
        try:
            again.start()
            for value in self.answers[:answers]:
                if isinstance(value, dict):  # a concession ends the game: no Summon step after it
                    break
                again.answer(value)
        except EngineError:  # the step that failed here failed there: its root was kept first
            pass
        if again._root is None or again._root[1] != answers:
            raise EngineError("the rules engine stopped: a game played again did not reach the same Summon step")
        return again._root[0]

    def start(self) -> None:
        self._advance(None)

    def listen(self, listener: Listener) -> None:
        self.rules.listeners.append(listener)

    @property
    def over(self) -> bool:
        return self.state.result is not None

    @property
    def result(self) -> Result | None:
        return self.state.result

    def _check_alive(self) -> Decision:
        if self.error is not None:
            raise self.error
        if self.pending is None:
            raise GameOver("the game is over")
        return self.pending

    def answer(self, choice: object) -> None:
        """Answer the pending Decision. An illegal answer raises IllegalAnswer and changes nothing."""
        value = self._check_alive().validate(choice)
        self.answers.append(value)
        self._advance(value)

    def concede(self, player: int) -> None:
        """BASELINE 7.1: the game ends at once, the opponent wins, nothing pending resolves."""
        self._check_alive()
        if type(player) is not int or player not in (1, 2):
            raise ValueError("player must be 1 or 2")
        self._flow.close()
        self.pending = None
        self.answers.append({"concede": player})
        self.rules.emit(ev.Conceded, player)
        finish(self.rules, "concession", winner=3 - player)

    def _advance(self, value: object) -> None:
        try:
            self.pending = self._flow.send(value)
        except StopIteration:
            self.pending = None
        except BaseException as err:  # a rules bug or an interrupt: never continue a half-done step
            self.pending = None
            self.error = EngineError(f"the rules engine stopped: {type(err).__name__}: {err}")
            if isinstance(err, Exception):
                raise self.error from err
            raise
