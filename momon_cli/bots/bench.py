"""`momon bench`: the engine's speed as a ratio to a bare loop of the same core rules, both
timed in the same process, so that a change can be judged on a shared, noisy machine.

The bare loop is the project's floor, the work of ``../shared/bench/bare_loop.py`` (which
benchmarks/instructions.py and the CPU ratio measure against), played with the built-in
decks' cards: hands dealt at random from them, a random card onto a random empty Space,
Sights read from the Owner's seat, Power or Element success, the Full-Arena end and the
Control Score. No abilities, events, decisions or records: what the full engine costs
beyond it is the ratio, the same ratio the project's figures give. The engine's games
resolve the cards' abilities as well, which the bare loop never does; so they are also
timed with every ability taken off the cards (``abilities=False``). Engine games are timed
twice: as ``momon simulate`` plays them, with no events made, and with every event made, as
a watched or recorded game makes them. CPU time of this process."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Any

from ..data.cards import Deck
from ..engine import DIRECTIONS, SPACES, CardDef, ElementMatrix, Profile, Setup, sight_target
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


#: (column step, row step) of each Sight direction for Player 1, read off the engine's own
#: Sight table (B2 has a neighbour in every direction); Player 2's are the opposite.
_STEPS = {d: (ord(t[0]) - ord("B"), int(t[1]) - 2) for d in DIRECTIONS if (t := sight_target("B2", d, 1)) is not None}
HAND = 10  # cards dealt to each hand of a bare game: 20 for 16 Spaces, so the Arena fills


def _bare_game(rng: random.Random, pool: list[CardDef], beats: frozenset[tuple[str, str]]) -> int:
    """One game of the core rules, the work of ../shared/bench/bare_loop.py's game: two hands
    dealt from ``pool`` one card at a time, a random card of the active hand onto a random
    empty Space (the empty Spaces found anew each Summon), its Sights read from its Owner's
    seat, the enemy Momons it sees taken in a random order, each on Power or Element, until
    the Arena is full; the Control Score, ties to the first mover. Returns the winner (0, 1)."""
    hands = [[rng.choice(pool) for _ in range(HAND)] for _ in range(2)]
    board: dict[tuple[int, int], list[Any]] = {}  # (column, row) -> [card, owner, controller]
    first = active = rng.randrange(2)
    while len(board) < len(SPACES):
        hand = hands[active]
        card = hand.pop(rng.randrange(len(hand)))
        empty = [(x, y) for x in range(4) for y in range(4) if (x, y) not in board]
        at = rng.choice(empty)
        mine = board[at] = [card, active, active]
        turn = 1 if active == 0 else -1
        seen = []
        for direction in card.sights:
            dx, dy = _STEPS[direction]
            other = board.get((at[0] + turn * dx, at[1] + turn * dy))
            if other is not None and other[2] != mine[2]:
                seen.append(other)
        rng.shuffle(seen)
        for other in seen:
            if other[2] != mine[2] and (card.power > other[0].power or (card.element, other[0].element) in beats):
                other[2] = mine[2]
        active = 1 - active
    score = [0, 0]
    for _, _, controller in board.values():
        score[controller] += 1
    return 0 if score[0] > score[1] else 1 if score[1] > score[0] else first


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
    pool = sorted({card for deck in decks for card in deck.cards}, key=lambda c: c.id)
    beats = frozenset((a.element, b.element) for a in pool for b in pool if matrix.beats(a.element, b.element))
    rng = random.Random(0)
    start = time.process_time()
    for _ in setups:
        _bare_game(rng, pool, beats)
    bare = time.process_time() - start
    return BenchResult(profile, games, games / quiet, games / telling, games / bare)

