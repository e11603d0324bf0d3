"""Random-vs-random games through the real decision interface, with figures for the CLI."""

from __future__ import annotations

import contextlib
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..data.cards import Deck
from ..engine import ElementMatrix, Game, Profile, Setup
from ..engine import check_invariants as check
from ..limits import NAME_LIMIT
from ..record import RecordError, write_record
from ..text.safe import clean
from ..widths import cut, name_problem
from .players import RandomBot


@dataclass
class Report:
    games: int = 0
    seconds: float = 0.0
    wins: Counter[int] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    turns: int = 0
    decisions: int = 0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


class SimulationError(RuntimeError):
    def __init__(self, game_number: int, seed: int, error: BaseException) -> None:
        super().__init__(f"game {game_number} (seed {seed}) failed: {type(error).__name__}: {error}")
        self.game_number, self.seed, self.error = game_number, seed, error


def play_random(setup: Setup, record_to: Path | None = None, deck_names: tuple[str, str] = ("", ""),
                full: bool = False, telling: bool = False) -> Game:
    """One whole game, every decision answered by a RandomBot seeded from the game's seed
    (from the decision alone: a random answer needs nothing else of the seat's observation).

    Its record (``record_to``) is written in one piece when the game ends, or when it fails
    (showing the answer that broke it): a simulated game answers itself, so it needs no
    write-ahead (docs/records.md). With no record and no ``telling``, no events are made.
    """
    game = Game(setup, telling=telling or record_to is not None)
    bot = RandomBot(f"bot-{setup.seed}")
    if record_to is None:
        while game.pending is not None:
            game.answer(bot.pick(game.pending))
        return game
    asked: list[tuple[int, int, str]] = []
    try:
        while game.pending is not None:
            decision = game.pending
            asked.append((len(game.events), decision.player, decision.kind.value))
            game.answer(bot.pick(game.pending))
    except BaseException:
        with contextlib.suppress(RecordError, OSError):  # the failure is the news, not the file
            write_record(record_to, game, deck_names, asked, full=full)
        raise
    write_record(record_to, game, deck_names, asked, full=full)
    return game


def player_names(deck1: Deck, deck2: Deck) -> tuple[str, str]:
    """Players named after their decks, each a name by the one name rule (1-24 columns: a
    longer deck name is cut); a deck name that makes none gives "Player N". Two copies of one
    deck (or two names cut alike) give "Ember Tide" and "Ember Tide 2": a record's two players
    have different names, as a game file read back needs."""
    names = [_player_name(deck, player) for player, deck in enumerate((deck1, deck2), 1)]
    if names[0] == names[1]:
        names[1] = cut(names[1], NAME_LIMIT - 2).rstrip() + " 2"
    return names[0], names[1]


def _player_name(deck: Deck, player: int) -> str:
    name = clean(deck.name, NAME_LIMIT).strip()
    return name if name_problem(name, NAME_LIMIT) is None else f"Player {player}"


def run(games: int, seed: int, decks: list[Deck], deck1: Deck | None, deck2: Deck | None,
        matrix: ElementMatrix, profile: Profile, log_dir: Path | None = None, full: bool = False) -> Report:
    """Play ``games`` games; game i uses seed ``seed + i`` (so one game reproduces alone)."""
    report = Report()
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        pick = random.Random(f"decks-{game_seed}")
        d1 = deck1 or pick.choice(decks)
        d2 = deck2 or pick.choice(decks)
        names = player_names(d1, d2)
        setup = Setup.new_game((d1.cards, d2.cards), matrix, game_seed, profile, names)
        try:
            path = None if log_dir is None else log_dir / f"game-{game_seed}-{profile}.jsonl"
            game = play_random(setup, path, (d1.name, d2.name), full)
            check(game)
        except RecordError:
            raise
        except Exception as err:  # any engine failure is reported with what reproduces it
            raise SimulationError(i + 1, game_seed, err) from err
        result = game.result
        assert result is not None  # play_random plays to the end
        report.games += 1
        report.wins[result.winner] += 1
        report.reasons[result.reason] += 1
        report.turns += game.state.turn
        report.decisions += len(game.answers)
    report.seconds = time.perf_counter() - start
    return report


@dataclass
class Pairings:
    """Every deck against every deck, each in both seats: the balance report."""

    decks: list[str]
    games: int = 0
    seconds: float = 0.0
    wins: Counter[tuple[str, str]] = field(default_factory=Counter)  # (deck, opponent) -> wins of deck over opponent
    played: Counter[tuple[str, str]] = field(default_factory=Counter)  # (deck, opponent) -> games between them
    reasons: Counter[str] = field(default_factory=Counter)

    def rate(self, deck: str, opponent: str) -> float:
        return self.wins[deck, opponent] / self.played[deck, opponent] if self.played[deck, opponent] else 0.0

    def against_field(self, deck: str) -> float:
        """Win rate against every other deck, mirror matches left out."""
        others = [d for d in self.decks if d != deck]
        played = sum(self.played[deck, o] for o in others)
        return sum(self.wins[deck, o] for o in others) / played if played else 0.0


def run_pairings(games: int, seed: int, decks: list[Deck], matrix: ElementMatrix, profile: Profile) -> Pairings:
    """``games`` games for each ordered pair of decks (so each pairing plays both seats);
    game i of a pair uses seed ``seed + i``."""
    report = Pairings([d.name for d in decks])
    start = time.perf_counter()
    for d1 in decks:
        for d2 in decks:
            for i in range(games):
                setup = Setup.new_game((d1.cards, d2.cards), matrix, seed + i, profile, player_names(d1, d2))
                try:
                    game = play_random(setup)
                except Exception as err:  # reported with what reproduces it
                    raise SimulationError(i + 1, seed + i, err) from err
                result = game.result
                assert result is not None
                winner, loser = (d1.name, d2.name) if result.winner == 1 else (d2.name, d1.name)
                report.wins[winner, loser] += 1
                report.played[d1.name, d2.name] += 1
                if d1.name != d2.name:
                    report.played[d2.name, d1.name] += 1
                report.reasons[result.reason] += 1
                report.games += 1
    report.seconds = time.perf_counter() - start
    return report
