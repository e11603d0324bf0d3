"""The bot seats a record keeps: which bot plays a seat, its seed, the cards it imagines and
its time budget (docs/records.md, *Bot seats*). Data only: the bots layer, above the
records, makes the bot that answers for a seat (bots.roster.seat_answer)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import CardDef


@dataclass(frozen=True)
class Seat:
    """A bot in one seat of a played game, as the game's record keeps it.

    Before every answer the bot is made anew, seeded from ``seed`` and the number of the
    answer in the game: its answers depend on the game alone, never on the answers it gave
    before in this process, so a game resumed from its record goes on with the answers it
    would have had without the break (with ``seconds``, a search bot's answers also depend
    on how fast the machine is)."""

    bot: str
    seed: str
    imaginable: tuple[CardDef, ...] = ()
    seconds: float | None = None
