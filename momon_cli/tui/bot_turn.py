"""A bot's answer in the REPL: what the screen says while it thinks, and what it weighed, kept for ``why``."""

from __future__ import annotations

from collections.abc import Callable

from ..bots.players import RandomBot
from ..engine import Decision, Observation, card_of_key
from ..language import _
from ..record import Seat
from .commands import LastBot


def progress(name: str, seat: Seat, bot: RandomBot) -> Callable[[], str]:
    """The words under the spinner while ``bot`` (``name``'s) thinks: its playouts against
    its budget, asked again at each redraw."""

    def said() -> str:
        if not bot.budget:
            return _("{name} is thinking…").format(name=name)
        if not seat.seconds:
            return _("{name} is thinking… playout {work} of {budget}").format(name=name, work=bot.work,
                                                                              budget=bot.budget)
        return _("{name} is thinking… playout {work} of {budget}, {seconds} s at most").format(
            name=name, work=bot.work, budget=bot.budget, seconds=f"{seat.seconds:g}")
    return said


def weighed(player: int, seat: Seat, bot: RandomBot, decision: Decision, mine: Observation, answer: object) -> LastBot:
    """What the bot in ``player``'s seat answered and weighed, with the name of the card it
    played (kept as it was played: the card may leave the Arena)."""
    played = ""
    if isinstance(answer, tuple):
        played = next((o.card.name for o in mine.state.zones.objects.values()
                       if o.card.id == card_of_key(str(answer[0]))), "")
    return LastBot(player, seat.bot, decision, tuple(bot.considered), answer, played)
