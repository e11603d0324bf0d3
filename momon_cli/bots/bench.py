"""`momon bench`: the engine's speed as a ratio to a bare loop of the same core rules, both
timed in the same process, so that a change can be judged on a shared, noisy machine.

The bare loop plays the built-in decks' cards with nothing but the core: Summon onto a
random empty Space, Sights read from the Owner's seat, Power or Element success, the
Full-Arena end and the Control Score. No abilities, events, decisions or records: what
the full engine costs beyond it is the ratio. The engine's games resolve the cards'
abilities as well, which the bare loop never does; so the same games are also timed with
every ability taken off the cards (``abilities=False``), where both play the same rules.
Engine games are timed twice: as ``momon simulate`` plays them, with no events made, and
with every event made, as a watched or recorded game makes them. CPU time of this process.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Any

from ..data.cards import Deck
from ..engine import SPACES, CardDef, ElementMatrix, Profile, Setup, sight_target
from .simulate import play_random


@dataclass(frozen=True)
class BenchResult:
    profile: Profile
    games: int
    games_per_second: float  # as ``momon simulate`` plays them: no events made
    telling_games_per_second: float  # every event made (a game that is watched or recorded)
    bare_games_per_second: float

    @property
    def ratio(self) -> float:
        return self.bare_games_per_second / self.games_per_second

    @property
    def telling_ratio(self) -> float:
        return self.bare_games_per_second / self.telling_games_per_second


def _bare_game(rng: random.Random, hands: list[list[CardDef]], matrix: ElementMatrix) -> int:
    """One game of the core rules; returns the winner."""
    board: dict[str, list[Any]] = {}  # Space -> [card, owner, controller]
    hands = [list(hands[0]), list(hands[1])]
    first = active = rng.choice((1, 2))
    while len(board) < len(SPACES) and (hands[0] or hands[1]):
        hand = hands[active - 1]
        if hand:
            card = hand.pop(rng.randrange(len(hand)))
            space = rng.choice([s for s in SPACES if s not in board])
            me = board[space] = [card, active, active]
            for direction in card.sights:
                target = sight_target(space, direction, active)
                other = board.get(target) if target else None
                if other is not None and other[2] != me[2] and (
                        card.power > other[0].power or matrix.beats(card.element, other[0].element)):
                    other[2] = me[2]
        active = 3 - active
    score = [0, 0]
    for _, _, controller in board.values():
        score[controller - 1] += 1
    return first if score[0] == score[1] else 1 if score[0] > score[1] else 2


def _setups(games: int, decks: list[Deck], matrix: ElementMatrix, profile: Profile) -> list[Setup]:
    """A fixed set of games: every pairing of the decks in turn, seeds 0..games-1."""
    return [Setup.new_game((decks[i % len(decks)].cards, decks[(i // len(decks)) % len(decks)].cards), matrix, i,
                           profile) for i in range(games)]


def without_abilities(deck: Deck) -> Deck:
    """The deck's cards with their abilities taken off: the rules the bare loop plays."""
    return replace(deck, cards=tuple(replace(card, abilities=()) for card in deck.cards))


def run(games: int, decks: list[Deck], matrix: ElementMatrix, profile: Profile, abilities: bool = True) -> BenchResult:
    if not abilities:
        decks = [without_abilities(deck) for deck in decks]
    setups = _setups(games, decks, matrix, profile)
    start = time.process_time()
    for setup in setups:
        play_random(setup)
    quiet = time.process_time() - start
    start = time.process_time()
    for setup in setups:
        play_random(setup, telling=True)
    telling = time.process_time() - start
    rng = random.Random(0)
    start = time.process_time()
    for setup in setups:
        _bare_game(rng, [[p.card for p in setup.position.hands[i]] for i in (0, 1)], matrix)
    bare = time.process_time() - start
    return BenchResult(profile, games, games / quiet, games / telling, games / bare)

