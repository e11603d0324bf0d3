"""How much CPU time the search bot spends on a Summon, by how far into the game it is.

    .venv/bin/python benchmarks/search_cpu.py [--games 8] [--playouts 500]

The search bot plays Player 1 against the greedy bot over built-in deck pairs taken in
turn; each of its Summons is timed in CPU time of this process (time.process_time), which
a busy shared machine does not inflate the way it inflates wall time. Prints the mean per
Summon by its number in the bot's game (the first Summon has the most game left to play
out), then the median, mean and slowest over all of them. The README's figure comes
from here.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from momon_cli.bots.roster import make_bot
from momon_cli.data.cards import builtin_deck_names, load_deck, load_matrix, load_pool
from momon_cli.engine import Game, Kind, Setup


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--playouts", type=int, default=500)
    args = parser.parse_args()
    pool, matrix = load_pool(), load_matrix()
    decks = {name: load_deck(name, pool) for name in builtin_deck_names()}
    names = sorted(decks)
    by_number: dict[int, list[float]] = defaultdict(list)
    for g in range(args.games):
        hands = (decks[names[g % len(names)]].cards, decks[names[(g + 3) % len(names)]].cards)
        game = Game(Setup.new_game(hands, matrix, 200 + g, "sequential", ("search", "greedy")))
        cards = tuple(pool.values())
        bots = {1: make_bot("flat", f"s{g}", cards, playouts=args.playouts), 2: make_bot("greedy", f"g{g}", cards)}
        number = 0
        while game.pending is not None:
            decision = game.pending
            start = time.process_time()
            answer = bots[decision.player].answer(game.observe(decision.player))
            if decision.player == 1 and decision.kind is Kind.SUMMON:
                by_number[number].append(time.process_time() - start)
                number += 1
            game.answer(answer)
    every = [s for spent in by_number.values() for s in spent]
    for number in sorted(by_number):
        print(f"Summon {number + 1:>2}: {statistics.mean(by_number[number]):.2f} s CPU ({len(by_number[number])} games)")
    print(f"all {len(every)} Summons: median {statistics.median(every):.2f} s, mean {statistics.mean(every):.2f} s, "
          f"slowest {max(every):.2f} s CPU ({args.playouts} playouts)")


if __name__ == "__main__":
    main()
