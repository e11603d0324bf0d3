"""The game record: a JSON Lines file written as the game happens (docs/records.md).

Line 1 is the header (format version, engine version, profile, seed, names, first player
and the full card data of both decks); then one line per answer and one per event, in
order. The file is flushed after every answer, so a crash loses at most the step under way.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from . import __version__
from .carddata import DataError, card_from_mapping, card_to_mapping, load_matrix
from .engine import RULES_VERSION, Game, Setup, answer_from_json
from .engine.elements import ElementMatrix
from .positions import position_cards, position_from_mapping, position_to_mapping

FORMAT = 2


def header(setup: Setup, deck_names: tuple[str, str]) -> dict:
    position = setup.position
    return {
        "type": "header", "format": FORMAT, "rules": RULES_VERSION, "engine": __version__,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "profile": setup.profile, "seed": setup.seed, "names": list(setup.names),
        "decks": list(deck_names),
        "cards": [card_to_mapping(c) for c in position_cards(position).values()],
        "position": position_to_mapping(position),
    }


def setup_from_header(head: dict, matrix: ElementMatrix) -> Setup:
    """Rebuild the Setup a record was played with; raises DataError for a damaged header."""
    try:
        pool = {}
        for data in head["cards"]:
            card = card_from_mapping(data, matrix, "record")
            pool[card.id] = card
        position = position_from_mapping(head["position"], pool, matrix.elements, "record")
        return Setup(position, matrix, head["seed"], head["profile"], tuple(head["names"]))
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        if isinstance(err, DataError):
            raise
        raise DataError([f"the record's header is damaged: {err}"]) from None


def _line(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


class Recorder:
    """Writes one game's record as it happens: a listener of events, a relay of answers."""

    def __init__(self, path: Path, game: Game, deck_names: tuple[str, str] = ("", ""), *,
                 head: dict | None = None) -> None:
        """Start the record with a new header (or ``head``, when a record is rewritten on resume)."""
        self.path = Path(path)
        self.game = game
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = self.path.open("w", encoding="utf-8")
        self._events = 0
        self._file.write(_line(head or header(game.setup, deck_names)))
        for event in game.events:
            self._event(event)
        game.listen(self._event)
        self._file.flush()

    def _event(self, event) -> None:
        self._file.write(_line({"type": "event", "n": self._events, "event": event.to_dict()}))
        self._events += 1

    def answer(self, choice) -> None:
        """Validate, write the answer, then let the game advance (its events follow the answer)."""
        game = self.game
        decision = game.pending
        if decision is None:
            game.answer(choice)  # raises GameOver
        value = decision.validate(choice)
        self._file.write(_line({"type": "answer", "n": len(game.answers), "player": decision.player,
                                "kind": decision.kind.value, "value": value}))
        game.answer(value)
        self._file.flush()

    def concede(self, player: int) -> None:
        self._file.write(_line({"type": "concede", "n": len(self.game.answers), "player": player}))
        self.game.concede(player)
        self._file.flush()

    def close(self) -> None:
        if not self._file.closed:
            self._file.flush()
            self._file.close()


class RecordError(ValueError):
    """A file that cannot be read as a game record: one line saying why."""


@dataclass
class Record:
    path: Path
    header: dict
    entries: list[dict]  # answers, concessions and events, in file order
    warnings: list[str]

    @property
    def answers(self) -> list[dict]:
        return [e for e in self.entries if e["type"] in ("answer", "concede")]

    @property
    def events(self) -> list[dict]:
        return [e["event"] for e in self.entries if e["type"] == "event"]

    @property
    def finished(self) -> bool:
        return any(e.get("kind") == "game_ended" for e in self.events[-1:])


def read_record(path: Path | str) -> Record:
    """Read and check a record; a torn last line (a crash mid-write) is dropped with a warning."""
    path = Path(path)
    try:
        raw = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise RecordError(f"{path}: not a game record ({err.__class__.__name__})") from None
    lines = raw.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    parsed, warnings = [], []
    for number, line in enumerate(lines, 1):
        try:
            item = json.loads(line)
            if not isinstance(item, dict) or "type" not in item:
                raise ValueError("no type")
        except ValueError:
            if number == len(lines) and number > 1:
                warnings.append(f"{path}: line {number} was cut off mid-write; recovered the game up to line "
                                f"{number - 1}")
                break
            if number == 1:
                raise RecordError(f"{path}: not a game record (its first line is not a record header)") from None
            raise RecordError(f"{path}: damaged at line {number} (not a whole record line)") from None
        parsed.append(item)
    if not parsed or parsed[0].get("type") != "header":
        raise RecordError(f"{path}: not a game record (no header line)")
    head = parsed[0]
    if head.get("format") != FORMAT:
        raise RecordError(f"{path}: record format {head.get('format')!r} is not one this momon reads "
                          f"(it reads format {FORMAT})")
    if head.get("rules") != RULES_VERSION:
        raise RecordError(f"{path}: recorded with rules version {head.get('rules')!r}; this momon plays rules "
                          f"version {RULES_VERSION} and will not replay it differently")
    for number, item in enumerate(parsed[1:], 2):
        if item["type"] not in ("answer", "concede", "event"):
            raise RecordError(f"{path}: line {number} has an unknown type {item['type']!r}")
    return Record(path, head, parsed[1:], warnings)


def resume(record: Record) -> tuple[Game, Recorder]:
    """Continue a record: replay its answers into a fresh copy of the file, then swap it in.

    The rewritten file holds exactly the whole lines of the old one (a torn last line is
    gone), and the game is ready for its next decision.
    """
    return rewrite(record.path, record.header, record.answers)


def rewrite(path: Path, head: dict, answers: list[dict]) -> tuple[Game, Recorder]:
    """The game of ``head`` after ``answers`` (record entries), its record written anew in
    place: for a resume, and for an undo (the same answers but the last)."""
    game = Game(setup_from_header(head, load_matrix()), start=False)
    fresh = path.with_name(path.name + ".resume")
    recorder = Recorder(fresh, game, head=head)
    game.start()
    for entry in answers:
        if entry["type"] == "concede":
            recorder.concede(entry["player"])
        else:
            recorder.answer(answer_from_json(entry["value"]))
    os.replace(fresh, path)
    recorder.path = path
    return game, recorder
