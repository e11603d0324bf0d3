"""Continuing a record in place (resume) and taking its last answer back (undo): the file
is cut to whole answers and the game rebuilt from them, leaving a file that resumes again
at every moment."""

from __future__ import annotations

from ..data.cards import load_matrix
from ..engine import Game, answer_from_json
from .files import RecordFile
from .header import setup_from_header
from .recorder import Recorder
from .validate import Record


def _continue(file: RecordFile, record: Record, kept: int, cut: int) -> tuple[Game, Recorder]:
    """The game after the record's first ``kept`` entries (ending with an answer, or none),
    its file cut at byte ``cut``, the end of those entries; what the replay derives after
    them is appended, in the record's own format."""
    file.truncate(cut)
    game = Game(setup_from_header(record.header, load_matrix()))
    mark = written = 0
    for entry in record.entries[:kept]:
        if entry["type"] == "event":
            written += 1
            continue
        mark = len(game.events)
        if entry["type"] == "concede":
            game.concede(entry["player"])
        else:
            game.answer(answer_from_json(entry["value"]))
    return game, Recorder(file, game, fmt=record.format, full=record.full, written=written, mark=mark)


def _answer_lines(record: Record) -> list[int]:
    return [i for i, e in enumerate(record.entries) if e["type"] != "event"]


def resume(file: RecordFile, record: Record) -> tuple[Game, Recorder]:
    """Continue a record in place: keep it up to its last whole answer, replay every answer,
    and append the events the replay derives after that answer. Every moment of this leaves
    a file that resumes again, so nothing is written elsewhere first."""
    marks = _answer_lines(record)
    return _continue(file, record, marks[-1] + 1 if marks else 0, record.answers_end)


def undo(recorder: Recorder, count: int = 1) -> tuple[Game, Recorder]:
    """Take back the last ``count`` answers (against a bot: yours and its reply): cut the
    record, in place and still locked, to just before the first of them, and rebuild the
    game from the answers before it."""
    file = recorder.file
    record = file.read()
    marks = _answer_lines(record)
    if not 1 <= count <= len(marks):
        raise ValueError(f"cannot take back {count} of {len(marks)} answers")
    return _continue(file, record, marks[-count], record.answer_starts[-count])
