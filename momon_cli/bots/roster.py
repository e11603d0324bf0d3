"""The bots by the names a seat, a tournament and a record give them, and the levels a
player picks from (``bot:easy``, ``bot:medium``, ``bot:hard``).

A level is a bot and a budget, chosen from the strength curve measured with
benchmarks/strength.py (every deck pair, both profiles, both seats): against greedy, the
search bot wins 62% of games with 25 iterations a Summon (31 ms of CPU a decision) and 80%
with 400 (0.3 s), so each level wins clearly against the one below it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import CardDef, Observation
from ..limits import BOT_NAMES
from ..record import Seat
from .players import SEARCH_PLAYOUTS, FlatBot, GreedyBot, RandomBot
from .tree import TREE_PLAYOUTS, TreeBot

#: Level -> (bot, iterations per Summon).
LEVELS = {"easy": ("greedy", 0), "medium": ("search", 25), "hard": ("search", TREE_PLAYOUTS)}


def make_bot(name: str, seed: object, imaginable: Sequence[CardDef] = (), seconds: float | None = None,
             playouts: int | None = None) -> RandomBot:
    """A bot by name (``random``, ``greedy``, ``flat``, ``search`` or a level); ``seconds``
    (CPU) and ``playouts`` are a search bot's budget per decision."""
    if name in LEVELS:
        name, budget = LEVELS[name]
        playouts = playouts or budget
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed, imaginable)
    if name == "flat":
        return FlatBot(seed, imaginable, playouts=playouts or SEARCH_PLAYOUTS, seconds=seconds)
    if name == "search":
        return TreeBot(seed, imaginable, playouts=playouts or TREE_PLAYOUTS, seconds=seconds)
    raise ValueError(f"unknown bot {name!r} (choose {', '.join(BOT_NAMES)})")


def seat_bot(seat: Seat, observation: Observation) -> RandomBot:
    """The bot a record's seat names (record.Seat), for the answer to ``observation``'s
    decision: made anew for every answer, seeded from the seat's seed and the answer's
    number, so a resumed game goes on as it would have without the break."""
    return make_bot(seat.bot, f"{seat.seed}/{observation.answers}", seat.imaginable, seat.seconds)


def seat_answer(seat: Seat, observation: Observation) -> object:
    """The answer of the bot a record's seat names, from that seat's observation (seat_bot)."""
    return seat_bot(seat, observation).answer(observation)
