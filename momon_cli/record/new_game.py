"""A new recorded game from what a player asks for: the decks dealt (or a position read),
bot seats made for ``bot:NAME`` players, the Setup and the write-ahead record started.
``momon play`` parses its options and calls :func:`new_game`; tests call it directly."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..data.cards import load_deck
from ..data.positions import read_position
from ..engine import CardDef, ElementMatrix, Game, Position, Profile, Setup
from ..language import _
from ..limits import BOT_NAMES, NAME_LIMIT
from ..text.safe import clean
from ..widths import name_problem
from .recorder import Recorder, start_record
from .seats import BOT_TITLES as BOT_TITLES  # the lobby names a room's bot by it
from .seats import Seat


class SetupError(ValueError):
    """What a player asked for cannot start a game: one line saying why."""


@dataclass(frozen=True)
class GameRequest:
    """Everything that starts a game. A player is a name or ``bot:NAME``; ``position``, when
    given, replaces the decks; ``first``: who goes first (None: drawn from the seed)."""

    players: tuple[str, str]
    seed: int
    log: Path
    decks: tuple[str, str] = ("ember-tide", "stone-gale")
    position: Path | None = None
    first: int | None = None
    profile: Profile = "sequential"
    bot_seconds: float | None = None
    force: bool = False
    full: bool = False


@dataclass(frozen=True)
class StartedGame:
    """A new game with its record open and its seats (person or bot) named: what a front end
    needs to begin."""

    game: Game
    recorder: Recorder
    seats: dict[int, Seat]


def seats_for(players: tuple[str, str], seed: int, pool: tuple[CardDef, ...],
              seconds: float | None) -> tuple[dict[int, Seat], tuple[str, str]]:
    """``bot:NAME`` players: the seats bots play (seeded from the game's seed and the seat;
    a random bot imagines nothing) and the names they play under; people keep theirs."""
    seats: dict[int, Seat] = {}
    names = []
    for player, name in enumerate(players, 1):
        if name.startswith("bot:"):
            kind = name[4:]
            if kind not in BOT_NAMES:
                raise SetupError(_("unknown bot {bot}: choose {bots}").format(bot=repr(clean(kind, 20)),
                                                                            bots="bot:" + ", bot:".join(BOT_NAMES)))
            seats[player] = Seat(kind, f"{seed}-{player}", pool if kind != "random" else (), seconds)
            name = _(BOT_TITLES[kind]) + ("" if players[2 - player] != name else f" {player}")
        names.append(name)
    return seats, (names[0], names[1])


def checked_name(value: str, which: int | str) -> str:
    """A player's name as given, if it is one by the name rule (``widths.name_problem``: 1-24
    columns wide, a Thai name holding more characters than that, nothing invisible); if it is
    not, one line naming ``which``: the player's number, or the option it was given with (``--p1``)."""
    why = name_problem(value, NAME_LIMIT)
    if why is not None:
        if isinstance(which, int):
            raise SetupError(_("Player {number}'s name {why}").format(number=which, why=why))
        raise SetupError(_("{option}: the player's name {why}").format(option=which, why=why))
    return value


def table(request: GameRequest, pool: dict[str, CardDef], matrix: ElementMatrix) -> tuple[Position, tuple[str, str]]:
    """Where the game begins and the names of its decks: the position read, or the decks
    dealt. Raises DataError for a deck or position that does not load."""
    if request.position is not None:
        return read_position(str(request.position), pool, matrix.elements), ("position", "position")
    d1, d2 = load_deck(request.decks[0], pool), load_deck(request.decks[1], pool)
    return Position.new_game((d1.cards, d2.cards), request.first), (d1.name, d2.name)


def new_game(request: GameRequest, pool: dict[str, CardDef], matrix: ElementMatrix) -> StartedGame:
    """The game asked for, with its record begun at ``request.log``. Raises SetupError,
    DataError (a deck or position), RecordError or OSError (the record's file)."""
    seats, names = seats_for(request.players, request.seed, tuple(pool.values()), request.bot_seconds)
    names = (checked_name(names[0], 1), checked_name(names[1], 2))
    if names[0] == names[1]:
        raise SetupError(_("the two players need different names"))
    start, deck_names = table(request, pool, matrix)
    game = Game(Setup(start, matrix, request.seed, request.profile, names))
    recorder = start_record(request.log, game, deck_names, force=request.force, full=request.full, bots=seats)
    return StartedGame(game, recorder, seats)
