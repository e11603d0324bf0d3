"""Playouts per CPU second: how fast the search bots can play a game out from a Summon.

    .venv/bin/python benchmarks/playouts.py [--positions 9] [--playouts 200]

From the first Summon decision of a game of each built-in deck pair taken in turn, the
search bot (``FlatBot``, flat Monte Carlo) plays ``--playouts`` playouts; the CPU time of
this process (time.process_time), which a busy machine does not inflate as it inflates
wall time, gives playouts per CPU second. Run it at two commits, one after the other, to
compare them. The tree search bot's iterations (three-turn rollouts) are counted the same
way on the same positions.
"""

from __future__ import annotations

import argparse
import time

from momon_cli.bots.players import FlatBot
from momon_cli.bots.tree import TreeBot
from momon_cli.data.cards import Deck, builtin_deck_names, load_deck, load_matrix, load_pool
from momon_cli.engine import CardDef, ElementMatrix, Game, Kind, Setup


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=9)
    parser.add_argument("--playouts", type=int, default=200)
    args = parser.parse_args()
    pool, matrix = load_pool(), load_matrix()
    names = builtin_deck_names()
    decks = [load_deck(name, pool) for name in names]
    for kind in (FlatBot, TreeBot):
        spent, played = 0.0, 0
        for g in range(args.positions):
            spent_one, played_one = _one(kind, g, decks, matrix, pool, args.playouts)
            spent, played = spent + spent_one, played + played_one
        print(f"{kind.__name__}: {played / spent:.0f} playouts per CPU second ({played} playouts, {spent:.2f} s CPU)")


def _one(kind: type[FlatBot] | type[TreeBot], g: int, decks: list[Deck], matrix: ElementMatrix,
         pool: dict[str, CardDef], playouts: int) -> tuple[float, int]:
    """One position's CPU seconds and playouts."""
    hands = (decks[g % len(decks)].cards, decks[(g + 4) % len(decks)].cards)
    game = Game(Setup.new_game(hands, matrix, 300 + g))
    assert game.pending is not None and game.pending.kind is Kind.SUMMON
    seen = game.observe(game.pending.player)
    bot = kind(f"bench-{g}", tuple(pool.values()), playouts=playouts)
    start = time.process_time()
    bot.answer(seen)
    return time.process_time() - start, bot.work


if __name__ == "__main__":
    main()
