"""The bots play both seats alike: neither seat of a bot against itself wins more than chance
allows, and the searches weigh their Summons without regard to which side of the Arena the
Space order lists first.

The greedy bot's figure is over every deck pair under both profiles, each game with its own
seed (two games of one bot against itself on one seed are one game twice), so it is fixed
for this code: Player 2's share of the wins must lie in a Wilson 95% interval that excludes
56.2%, the share measured for greedy as Player 2 when the strength benchmark dealt each seed
under both profiles and counted each deal twice (486 games that were 243 twice over).
"""

from __future__ import annotations

import random
from itertools import product

from momon_cli.bots.players import GreedyBot, summon_leads
from momon_cli.bots.tournament import Standing, _library
from momon_cli.engine import PROFILES, Game, Setup

DEALS = 5  # per deck pair and profile: 810 games, about 40 s of CPU
OLD_SHARE = 0.562


def test_greedy_against_itself_wins_alike_from_each_seat():
    decks, pool, matrix = _library()
    names = sorted(decks)
    wins = {1: 0, 2: 0}
    for deal, (a, b), profile in product(range(DEALS), product(names, names), PROFILES):
        seed = random.Random(f"seats-{deal}-{a}-{b}-{profile}").getrandbits(32)
        game = Game(Setup.new_game((decks[a].cards, decks[b].cards), matrix, seed, profile), telling=False)
        bots = {p: GreedyBot(f"{seed}-{p}", pool) for p in (1, 2)}
        while game.pending is not None:
            player = game.pending.player
            game.answer(bots[player].answer(game.observe(player)))
        assert game.result is not None
        wins[game.result.winner] += 1
    games = wins[1] + wins[2]
    for seat in (1, 2):
        low, high = Standing("greedy", "greedy", wins[seat], games).interval()
        assert low <= 0.5 <= high and not low <= OLD_SHARE <= high, (seat, wins, low, high)


def test_equal_summon_leads_are_weighed_from_both_sides_of_the_arena():
    """The first Summon of a game changes no Control Score wherever it goes, so its leads tie
    (but for Power); the best few a search weighs must not be the first Spaces in A1-to-D4
    order, which are Player 1's home rows and Player 2's far ones."""
    decks, pool, matrix = _library()
    names = sorted(decks)
    rows: set[str] = set()
    for seed in range(4):
        game = Game(Setup.new_game((decks[names[0]].cards, decks[names[1]].cards), matrix, seed, "sequential"))
        seat = game.pending.player if game.pending is not None else 1
        best = summon_leads(random.Random(seed), game.observe(seat))[:8]
        rows |= {space[1] for (_, space), _ in best}
    assert rows == {"1", "2", "3", "4"}


def test_the_search_weighs_equal_summons_on_the_far_rows_first_from_either_seat():
    """At the root, equal leads go to the Spaces farthest from the Summoner's own edge (rows
    are numbered from Player 1's): the same rule read from each seat."""
    from momon_cli.bots.tree import far_first

    leads = [(("k", "A1"), 1005), (("k", "A4"), 1005), (("k", "B2"), 2007), (("k", "C3"), 1009), (("k", "D1"), 1005),
             (("k", "D4"), 1002), (("k", "A2"), -1980)]
    assert [s for (_, s), _ in far_first(leads, 1)] == ["B2", "A4", "D4", "C3", "A1", "D1", "A2"]
    assert [s for (_, s), _ in far_first(leads, 2)] == ["B2", "A1", "D1", "C3", "A4", "D4", "A2"]
