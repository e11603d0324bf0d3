"""One room of the club: a six-character code, the players who sat down, and once both have,
one served Session (a Host) that every connection in the room plays or watches.

A room is made by its first player (deck, rules, opponent: a person, or a bot at a level);
a person joins it by its code and picks a deck; the game, and its write-ahead record, begin
then (at once against a bot). Spectators watch the public view, as many as connect.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..data.cards import load_matrix, load_pool
from ..engine import profile_named
from ..record import GameRequest, new_game
from .clock import Clock
from .club_store import name_key
from .host import Host

CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud, typed once
BOT_LEVELS = ("easy", "medium", "hard")
SECRET_LENGTH = 8  # a guest's rejoin secret: 31**8 guesses, each a connection and a lobby line


def rejoin_secret() -> tuple[str, str]:
    """A guest's secret for rejoining a room (shown to them once sat) and its SHA-256, which
    is all the club keeps."""
    secret = "".join(secrets.choice(CODE_LETTERS) for _ in range(SECRET_LENGTH))
    return secret, hashed(secret)


def guest_login(name: str, password: str | None) -> str:
    """Who a guest is to the club: the name and the password it logged in with (any password:
    none is checked), as SHA-256, so a guest who logs in alike again finds their games listed
    and another guest of that name does not; with no password (keyboard-interactive), this
    connection alone, drawn at random. A name alone is anyone's."""
    if password is None:
        return secrets.token_hex(32)
    return hashlib.sha256(f"{name_key(name)}\0{password}".encode()).hexdigest()


def hashed(secret: str) -> str:
    return hashlib.sha256(secret.strip().lower().encode()).hexdigest()


def room_code(taken: set[str]) -> str:
    """A new six-character room code, not one of ``taken``."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
        if code not in taken:
            return code


@dataclass
class Sitter:
    """A player who sat in a room: the name shown, the deck, the language, the account (None: a
    guest, who rejoins by a secret: ``secret`` is its SHA-256), and a guest's ``login``
    (:func:`guest_login`; None after the club started again, when only the secret finds it)."""

    name: str
    deck: str
    language: str
    account: int | None = None
    secret: str | None = None
    login: str | None = None


@dataclass
class Room:
    """A room: its code, its rules, its opponent (``bot`` None: a person), who sat, the game once
    begun, and its clock (None: the players take the time they like)."""

    code: str
    rules: str
    bot: str | None
    sitters: list[Sitter] = field(default_factory=list)
    host: Host | None = None
    game_id: int | None = None
    begun: asyncio.Event = field(default_factory=asyncio.Event)
    clock: Clock | None = None
    present: dict[int, Callable[[], None]] = field(default_factory=dict)  # a seat's connection: its close
    away: dict[int, float] = field(default_factory=dict)  # since when (monotonic) a seat's player is away
    claimed: bool = False  # the game ended by a claim on an absent player's seat

    def arrive(self, seat: int, close: Callable[[], None]) -> None:
        """``seat``'s player is connected (by the connection ``close`` ends); a connection that
        was on the seat is closed, so two never read for one seat."""
        before = self.present.get(seat)
        if before is not None and before is not close:
            before()
        self.present[seat] = close
        self.away.pop(seat, None)

    def leave(self, seat: int, close: Callable[[], None]) -> None:
        """The connection ``close`` ends has left ``seat`` (unless another has taken it since)."""
        if self.present.get(seat) is close:
            del self.present[seat]
            self.away[seat] = time.monotonic()

    def absent(self, seat: int) -> bool:
        """Whether ``seat``'s player has left (or not come back since the club started again)
        and nobody is connected on it."""
        return seat in self.away

    def claim_in(self, seat: int, grace: float) -> float | None:
        """Seconds until the game may be claimed from ``seat``'s absent player (0: it may now;
        None: the player is here): when their clock runs out, or with no clock, ``grace``
        seconds after they left."""
        if not self.absent(seat):
            return None
        if self.clock is not None:
            return self.clock.remaining(seat)
        return max(0.0, grace - (time.monotonic() - self.away[seat]))

    @property
    def open(self) -> bool:
        """Whether a person may still sit down."""
        return self.host is None and self.bot is None and len(self.sitters) < 2

    @property
    def over(self) -> bool:
        return self.host is not None and self.host.game.pending is None

    def names(self) -> tuple[str, str]:
        first = self.sitters[0].name
        second = self.sitters[1].name if len(self.sitters) > 1 else f"bot:{self.bot}" if self.bot else "?"
        return first, second

    def start(self, log: Path, seed: int | None = None, first: int | None = None) -> Host:
        """The game: made, recorded at ``log``, and served (once both seats are taken); ``seed``
        and ``first`` fixed only by tests (else drawn)."""
        matrix = load_matrix()
        pool = load_pool((), matrix)
        decks = (self.sitters[0].deck, self.sitters[1].deck if len(self.sitters) > 1 else "stone-gale")
        request = GameRequest(self.names(), secrets.randbelow(1_000_000) if seed is None else seed, log, decks,
                              first=first, profile=profile_named(self.rules))
        started = new_game(request, pool, matrix)
        languages = {seat: sitter.language for seat, sitter in enumerate(self.sitters, 1)}
        self.host = Host(started.game, started.recorder, started.seats, languages)
        self.begun.set()
        return self.host
