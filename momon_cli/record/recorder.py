"""Writing a record as the game happens: each answer is on disk (written and fsync'd)
before the engine runs it, so a file that ends anywhere holds whole answers and resumes
from them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine import Event, Game, GameOver
from .files import RecordFile, create_record_file
from .format import _LINE, FORMAT, Header, Line, events_digest, header
from .seats import Seat


def _line(data: Mapping[str, object]) -> str:
    return _LINE(data) + "\n"


def _counted(events: Sequence[Event], mark: int, at: int) -> Line:
    """Format 3: the events count ``at`` an answer (or the end), and the digest of the events
    since the line before, which came at ``mark``."""
    return {"events": at, "digest": events_digest(events[mark:at])}


def _event_lines(events: Sequence[Event], start: int, stop: int) -> str:
    return "".join(_line({"type": "event", "n": n, "event": events[n].to_dict()}) for n in range(start, stop))


def _end_line(game: Game, mark: int) -> str:
    result = game.result
    assert result is not None
    events = game.events
    return _line({"type": "end", **_counted(events, mark, len(events)), "winner": result.winner,
                  "reason": result.reason, "turns": game.state.turn})


class Recorder:
    """Writes one game's record as it happens: each answer before the events it causes.

    Format 3: each answer (or concession) line carries the count of the events before it and
    the digest of those since the line before; the end line does the same for the last
    ones. With ``full``, and always in format 2, every event is also a line of its own,
    written after the answer that caused it."""

    def __init__(self, file: RecordFile, game: Game, *, head: Header | None = None, fmt: int = FORMAT,
                 full: bool = False, written: int = 0, mark: int = 0) -> None:
        """Write ``head`` (a new record) and what the game has done since ``written`` event
        lines and the answer line whose events count was ``mark``; then follow the game."""
        self.file, self.path, self.game = file, file.path, game
        self.digests = fmt >= 3
        self.full = full or not self.digests
        self._written, self._mark = written, mark
        self.file.write((_line(head) if head is not None else "") + self._after(), sync=True)

    def _burst(self) -> Line:
        events = self.game.events
        return _counted(events, self._mark, len(events)) if self.digests else {}

    def _after(self) -> str:
        """The lines that follow a step: its events (full), and the end line once the game is over."""
        game = self.game
        text = ""
        if self.full:
            text = _event_lines(game.events, self._written, len(game.events))
            self._written = len(game.events)
        if self.digests and game.result is not None:
            text += _end_line(game, self._mark)
            self._mark = len(game.events)
        return text

    def answer(self, choice: object) -> None:
        """Validate, make the answer durable, then let the game advance; its events follow."""
        game = self.game
        decision = game.pending
        if decision is None:
            raise GameOver("the game is over")
        value = decision.validate(choice)
        self._ahead({"type": "answer", "n": len(game.answers), "player": decision.player,
                     "kind": decision.kind.value, "value": value, **self._burst()}, game.answer, value)

    def concede(self, player: int) -> None:
        self._ahead({"type": "concede", "n": len(self.game.answers), "player": player, **self._burst()},
                    self.game.concede, player)

    def _ahead(self, entry: Line, step: Callable[[Any], object], argument: object) -> None:
        """Write-ahead: ``entry`` is on disk before ``step`` runs. A step refused before it
        changed anything (IllegalAnswer, a bad player, GameOver) takes its line back. An
        interrupt leaves the line, and the record resumes from it; so does an EngineError,
        and the record shows how to reproduce it."""
        mark = self.file.size
        self.file.write(_line(entry), sync=True)
        try:
            step(argument)
        except (ValueError, GameOver):
            self.file.truncate(mark)
            raise
        self._mark = entry.get("events", 0)
        self.file.write(self._after())

    def close(self) -> None:
        self.file.close()


def start_record(path: Path, game: Game, deck_names: tuple[str, str], *, force: bool = False,
                 full: bool = False, bots: Mapping[int, Seat] | None = None) -> Recorder:
    """Record a new game at ``path`` (see :func:`create_record_file`); ``full`` keeps every
    event as a line; ``bots``: the seats bots play."""
    head = header(game.setup, deck_names, full=full, bots=bots)
    return Recorder(create_record_file(Path(path), head, force), game, head=head, full=full)


def record_text(head: Header, game: Game, asked: Sequence[tuple[int, int, str]], *, full: bool = False) -> str:
    """The whole record of ``game`` under ``head``, as a Recorder would have written it:
    ``asked`` holds, for each of ``game.answers``, the number of events before it and the
    player and kind of the decision it answered; the end line once the game is over."""
    events = game.events
    lines = [_line(head)]
    mark = 0
    for n, ((at, player, kind), value) in enumerate(zip(asked, game.answers, strict=False)):
        if full:
            lines.append(_event_lines(events, mark, at))
        digest = events_digest(events[mark:at])
        lines.append(_line({"type": "concede", "n": n, "player": player, "events": at, "digest": digest}
                           if isinstance(value, dict) else  # a concession, as Game.answers holds it
                           {"type": "answer", "n": n, "player": player, "kind": kind, "value": value, "events": at,
                            "digest": digest}))
        mark = at
    if full:
        lines.append(_event_lines(events, mark, len(events)))
    if game.result is not None:
        lines.append(_end_line(game, mark))
    return "".join(lines)


def write_record(path: Path, game: Game, deck_names: tuple[str, str], asked: Sequence[tuple[int, int, str]], *,
                 full: bool = False, force: bool = False) -> None:
    """Write, in one piece and without fsync, the record of a game played without a
    :class:`Recorder` (``momon simulate``, whose games answer themselves): the same lines a
    Recorder writes (``asked`` as for :func:`record_text`)."""
    head = header(game.setup, deck_names, full=full)
    file = create_record_file(Path(path), head, force, ended=True)
    try:
        file.write(record_text(head, game, asked, full=full))
    finally:
        file.close(sync=False)


def continue_record(path: Path, head: Header, game: Game, asked: Sequence[tuple[int, int, str]], *,
                    force: bool = False) -> Recorder:
    """A new record at ``path`` (format 3, not full) for a game already under way, read from
    somewhere else (a game file): its answers so far are written and fsync'd in one piece,
    then a Recorder follows the game from there, as resume does. Raises GameOver for a game
that is over."""
    if game.result is not None:
        raise GameOver("the game is over: nothing is left to record")
    file = create_record_file(Path(path), head, force)
    try:
        file.write(record_text(head, game, asked), sync=True)
    except BaseException:
        file.close(sync=False)
        raise
    return Recorder(file, game, mark=asked[-1][0] if asked else 0)
