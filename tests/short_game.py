"""A short recorded game for the record tests: three-card casual decks, random answers, in process.

Its decisions cover a Summon, targets, yes/no and orders, and the Void Fallback; a record
is a few kilobytes, so a test can cut it at every byte.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from momon_cli.bots.players import RandomBot
from momon_cli.data.cards import load_matrix, load_pool
from momon_cli.engine import Game, Setup, answer_from_json
from momon_cli.record import RecordFile, read_record, resume, start_record

MATRIX = load_matrix()
POOL = load_pool()
DECKS = (("MCL-013", "MCL-022", "MCL-003"), ("MCL-015", "MCL-017", "MCL-028"))


def setup(names=("Ann", "Bea"), card_name: str | None = None, seed: int = 46) -> Setup:
    """The short game; ``card_name`` renames Player 1's first card (a hostile name, say, which
    no card file passes: made in code, as the engine's API lets a program make it)."""
    decks = [[POOL[i] for i in ids] for ids in DECKS]
    if card_name is not None:
        decks[0][0] = dataclasses.replace(decks[0][0], name=card_name)
    return Setup.new_game((tuple(decks[0]), tuple(decks[1])), MATRIX, seed, "sequential", tuple(names), 1)


def record(path: Path, game_setup: Setup | None = None, deck_names=("Small One", "Small Two"), full: bool = False) -> Path:
    """Play the game with a seeded RandomBot, recorded to ``path`` (``full``: with event lines)."""
    game = Game(game_setup or setup())
    recorder = start_record(path, game, deck_names, force=True, full=full)
    bot = RandomBot(f"short-{game.setup.seed}")
    while game.pending is not None:
        recorder.answer(bot.answer(game.observe(game.pending.player)))
    recorder.close()
    return path


def game_lines(path: Path) -> list[str]:
    """A record's lines, its header's date left out: the same for two records of one game
    written in one format (the answers, their digests, the events and the end)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head.pop("created")
    return [json.dumps(head), *lines[1:]]


def resume_and_finish(path: Path, answers: list[dict]) -> list[str]:
    """Resume the record at ``path``, give it the answers it lacks, and return its
    :func:`game_lines`."""
    file = RecordFile(path, create=False)
    held = file.read()
    game, recorder = resume(file, held)
    for entry in answers[len(held.answers):]:
        recorder.answer(answer_from_json(entry["value"]))
    recorder.close()
    read_record(path)  # still a record
    return game_lines(path)
