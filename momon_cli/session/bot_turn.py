"""A bot seat's answer: made from its own seat's observation, its thinking a plain function
a front end runs where it likes (under a spinner, in ``asyncio.to_thread``), and what it
weighed, kept for ``why``. The bots are imported only when a bot answers: a game between two
people never loads them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import Decision, Observation, card_of_key
from ..language import _
from ..record import Seat

if TYPE_CHECKING:
    from ..bots.players import Candidate, RandomBot


@dataclass(frozen=True)
class LastBot:
    """A bot's latest answer and what it weighed, for ``why``."""

    player: int
    bot: str
    decision: Decision
    considered: tuple[Candidate, ...]
    answer: object
    name: str = ""  # the played card's name, kept as it was played (it may leave the Arena)


class BotTurn:
    """One answer of the bot in ``player``'s seat, to ``decision``: :meth:`think` finds it
    (it reads only ``mine``, a copy the game never changes, so it may run in another
    thread); the session plays it (``Session.play_bot``)."""

    def __init__(self, player: int, name: str, seat: Seat, decision: Decision, mine: Observation, before: int) -> None:
        from ..bots.roster import seat_bot

        self.player, self.name, self.seat, self.decision, self.mine = player, name, seat, decision, mine
        self.before = before  # the events of the story before the answer: the bot has seen them
        self.bot: RandomBot = seat_bot(seat, mine)

    def think(self) -> object:
        """The bot's answer (seconds of search for the strong ones)."""
        return self.bot.answer(self.mine)

    def progress(self) -> str:
        """What to say while it thinks: its playouts against its budget, asked again at each redraw."""
        bot, seat, name = self.bot, self.seat, self.name
        if not bot.budget:
            return _("{name} is thinking…").format(name=name)
        if not seat.seconds:
            return _("{name} is thinking… playout {work} of {budget}").format(name=name, work=bot.work,
                                                                              budget=bot.budget)
        return _("{name} is thinking… playout {work} of {budget}, {seconds} s at most").format(
            name=name, work=bot.work, budget=bot.budget, seconds=f"{seat.seconds:g}")

    def weighed(self, answer: object) -> LastBot:
        """What the bot answered and weighed, with the name of the card it played (kept as it
        was played: the card may leave the Arena)."""
        played = ""
        if isinstance(answer, tuple):
            played = next((o.card.name for o in self.mine.state.zones.objects.values()
                           if o.card.id == card_of_key(str(answer[0]))), "")
        return LastBot(self.player, self.seat.bot, self.decision, tuple(self.bot.considered), answer, played)
