"""A short recorded game for the record tests: three-card casual decks, random answers, in process.

Its decisions cover a Summon, targets, yes/no and orders, and the Void Fallback; a record
is a few kilobytes, so a test can cut it at every byte.
"""

from __future__ import annotations

from pathlib import Path

from momon_cli.bots import RandomBot
from momon_cli.carddata import card_from_mapping, card_to_mapping, load_matrix, load_pool
from momon_cli.engine import Game, Setup, answer_from_json
from momon_cli.record import RecordFile, read_record, resume, start_record

MATRIX = load_matrix()
POOL = load_pool()
DECKS = (("MCL-013", "MCL-022", "MCL-003"), ("MCL-015", "MCL-017", "MCL-028"))


def setup(names=("Ann", "Bea"), card_name: str | None = None, seed: int = 46) -> Setup:
    """The short game; ``card_name`` renames Player 1's first card (a hostile name, say)."""
    decks = [[POOL[i] for i in ids] for ids in DECKS]
    if card_name is not None:
        decks[0][0] = card_from_mapping({**card_to_mapping(decks[0][0]), "name": card_name}, MATRIX)
    return Setup.new_game((tuple(decks[0]), tuple(decks[1])), MATRIX, seed, "sequential", tuple(names), 1)


def record(path: Path, game_setup: Setup | None = None, deck_names=("Small One", "Small Two")) -> Path:
    """Play the game with a seeded RandomBot, recorded to ``path``."""
    game = Game(game_setup or setup())
    recorder = start_record(path, game, deck_names, force=True)
    bot = RandomBot(f"short-{game.setup.seed}")
    while game.pending is not None:
        recorder.answer(bot.answer(game))
    recorder.close()
    return path


def resume_and_finish(path: Path, answers: list[dict]) -> list[dict]:
    """Resume the record at ``path``, give it the answers it lacks, and return its events."""
    file = RecordFile(path, create=False)
    held = file.read()
    game, recorder = resume(file, held)
    for entry in answers[len(held.answers):]:
        recorder.answer(answer_from_json(entry["value"]))
    recorder.close()
    return read_record(path).events
