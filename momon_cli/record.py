"""The game record: a JSON Lines file written as the game happens (docs/records.md).

Line 1 is the header (format version, engine version, profile, seed, names, first player
and the full card data of both decks); then one line per answer and one per event, in
order. The file is flushed after every answer, so a crash loses at most the step under way.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import IO

from . import __version__
from .carddata import DataError, card_from_mapping, card_to_mapping
from .engine import Game, Placement, Setup
from .engine.elements import ElementMatrix

FORMAT = 1


def header(setup: Setup, deck_names: tuple[str, str]) -> dict:
    return {
        "type": "header", "format": FORMAT, "engine": __version__,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "profile": setup.profile, "seed": setup.seed, "names": list(setup.names),
        "first_player": setup.first_player,
        "decks": [{"name": deck_names[i], "cards": [card_to_mapping(c) for c in setup.decks[i]]} for i in (0, 1)],
        "preset": [{"owner": p.owner, "zone": p.zone, "space": p.space, "controller": p.controller,
                    "card": card_to_mapping(p.card)} for p in setup.preset],
    }


def setup_from_header(head: dict, matrix: ElementMatrix) -> Setup:
    """Rebuild the Setup a record was played with; raises DataError for a damaged header."""
    try:
        decks = tuple(tuple(card_from_mapping(c, matrix, "record") for c in d["cards"]) for d in head["decks"])
        preset = tuple(Placement(p["owner"], card_from_mapping(p["card"], matrix, "record"), p["zone"], p["space"],
                                 p["controller"]) for p in head.get("preset", ()))
        return Setup(decks, matrix, head["seed"], head["profile"], tuple(head["names"]), head["first_player"], preset)
    except (KeyError, TypeError, ValueError) as err:
        if isinstance(err, DataError):
            raise
        raise DataError([f"the record's header is damaged: {err}"]) from None


def _line(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


class Recorder:
    """Writes one game's record as it happens: a listener of events, a relay of answers."""

    def __init__(self, path: Path, game: Game, deck_names: tuple[str, str], *, resume: bool = False) -> None:
        self.path = Path(path)
        self.game = game
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = self.path.open("a" if resume else "w", encoding="utf-8")
        self._events = len(game.events)
        if not resume:
            self._file.write(_line(header(game.setup, deck_names)))
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
