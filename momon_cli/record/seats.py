"""The bot seats a record keeps: which bot plays a seat, its seed, the cards it imagines and
its time budget (docs/records.md, *Bot seats*). Data only: the bots layer, above the
records, makes the bot that answers for a seat (bots.roster.seat_answer). A bot seat's name is
its title: kept in the record as the game played it (in the game's language: its events name
the players so), and shown to each reader in the reader's own language."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine import CardDef
from ..language import LANGUAGES, N_, _, translator

#: The name each bot plays under, translated when the game begins and again for each reader
#: (with its seat's number after it when both seats play the same bot).
BOT_TITLES = {"random": N_("Random bot"), "greedy": N_("Greedy bot"), "flat": N_("Flat bot"), "search": N_("Search bot"),
              "easy": N_("Easy bot"), "medium": N_("Medium bot"), "hard": N_("Hard bot")}
_NUMBERED = re.compile(r"(.*?)( [12])?")


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


def _titled(name: str, bot: str) -> tuple[str, str] | None:
    """The title (its English) and the seat number after it that ``name`` is for ``bot``, in any
    language (a record holds its game's), else None."""
    match = _NUMBERED.fullmatch(name)
    title = BOT_TITLES.get(bot)
    if match is None or title is None:
        return None
    said = {translator(code).catalog.gettext(title) for code in LANGUAGES}
    return (title, match[2] or "") if match[1] in said else None


def bot_names(names: Sequence[str], bots: Mapping[int, str]) -> tuple[str, str]:
    """``names`` with each bot seat's title (``bots``: the bot of each seat) in the reader's
    language; any other name as it is."""
    out = []
    for player, name in enumerate(names[:2], 1):
        titled = _titled(name, bots[player]) if player in bots else None
        out.append(name if titled is None else _(titled[0]) + titled[1])
    return out[0], out[1]
