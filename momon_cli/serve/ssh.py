"""The SSH side of ``momon serve --game``: seat codes, and one session per connection.

Players need nothing but ``ssh``: the seat code is the user name, so there are no passwords
or keys to share; a code is random (80 bits), shown once, and admits only its seat. The
session runs the seat's game (seat.py) as a task on the server's event loop (connection.py,
which the club shares, holds the limits and the terminal); no thread a connection: the bots
think in an executor. A wrong code gets one line, then the connection closes after a delay
that grows with each failure from its address.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
from rich.console import Console

from ..engine import SPECTATOR
from ..language import _
from ..tui.screen import WAIT_REDRAW, Screen
from . import connection
from .connection import Counts, LimitedServer, Limits, TerminalSession, listen
from .host import Host
from .lobby import Lobby, pick_deck
from .seat import RemoteSeat

MAX_TRIES = 3  # codes one connection may try before it is closed
FAIL_DELAY = (0.5, 8.0)  # seconds before a wrong code's connection closes: the first, the most
FAILURES_KEPT = 1024  # addresses the failure table remembers at most (the oldest go first)
FAILURE_SECONDS = 600.0  # a failure older than this is forgotten


def new_code() -> str:
    """A seat code: 80 random bits in letters and digits OpenSSH takes as a user name."""
    return base64.b32encode(secrets.token_bytes(10)).decode().lower()


@dataclass
class Seats:
    """Which code admits which seat, the connection each player has now, and failures by address."""

    codes: dict[str, int]
    live: dict[int, SeatSession] = field(default_factory=dict)
    failures: dict[str, tuple[int, float]] = field(default_factory=dict)  # address: (count, last)
    joined: set[int] = field(default_factory=set)  # the player seats that have joined at least once

    def absent(self, seat: int) -> bool:
        """Whether ``seat``'s player joined and has no connection now."""
        return seat in self.joined and seat not in self.live

    def seat_of(self, code: str) -> int | None:
        """The seat ``code`` admits (compared in constant time), or None."""
        found = None
        for known, seat in self.codes.items():
            if secrets.compare_digest(known.encode(), code.encode()):
                found = seat
        return found

    def delay(self, address: str) -> float:
        """How long a wrong code from ``address`` (an IPv6 one by its /64) waits before its connection closes."""
        now = time.monotonic()
        for old, (_count, last) in list(self.failures.items()):  # oldest first (insertion order)
            if now - last < FAILURE_SECONDS and len(self.failures) < FAILURES_KEPT:
                break
            del self.failures[old]
        n = self.failures.pop(address, (0, now))[0]
        self.failures[address] = (n + 1, now)  # to the end: the most recent
        return float(min(FAIL_DELAY[1], FAIL_DELAY[0] * 2 ** min(n, 16)))


class SeatSession(TerminalSession):
    """One connection: a seat's game, or a spectator's view of it."""

    def __init__(self, server: GameServer) -> None:
        super().__init__(server)
        self.server = server
        self.code = ""

    def session_started(self) -> None:
        seats = self.server.seats
        self.code = str(self.chan.get_extra_info("username") or "")
        seat = seats.seat_of(self.code)
        if seat is None:  # (authentication refuses such a code before any session)
            self.chan.close()
            return
        if seat != SPECTATOR:  # spectators watch side by side, as many as the connections allow
            old = seats.live.get(seat)
            if old is not None and old is not self:
                old.chan.close()  # the same player joins again: the older connection gives way
            seats.live[seat] = self
            seats.joined.add(seat)
        super().session_started()

    async def play(self, screen: Screen, console: Console) -> None:
        """A deck to pick first if the game waits for it, then the game."""
        lobby, seat = self.server.lobby, self.server.seats.seat_of(self.code)
        assert seat is not None
        if lobby.needs(seat):
            lobby.pick(seat, await pick_deck(screen, self.server.names[seat - 1]))
        if lobby.host is None:
            await screen.abusy(_("Waiting for the other player to pick a deck…"), lobby.arrived(), WAIT_REDRAW)
        rejoin = _("Join again with: {command}").format(command=self.server.rejoin(self.code))
        await RemoteSeat(await lobby.arrived(), seat, console, screen, rejoin,
                         self.server.seats.absent).arun()

    def connection_lost(self, exc: Exception | None) -> None:
        seats = self.server.seats
        for seat, session in list(seats.live.items()):
            if session is self:
                del seats.live[seat]
        super().connection_lost(exc)


class GameServer(LimitedServer):
    """Checks the code during authentication (the user name is the code: no passwords or
    keys), so the login timeout, the tries limit and the caps on connections not yet logged
    in apply before any session; a player's own seat is never crowded out by other logins."""

    def __init__(self, lobby: Lobby, seats: Seats, counts: Counts, limits: Limits, loop: asyncio.AbstractEventLoop,
                 rejoin: Callable[[str], str], names: tuple[str, str]) -> None:
        super().__init__(counts, limits, loop)
        self.lobby, self.seats, self.rejoin, self.names = lobby, seats, rejoin, names
        self.tries = 0

    def _seat(self) -> int | None:
        return self.seats.seat_of(str(self.conn.get_extra_info("username") or ""))

    def who(self) -> str:
        return "spectator" if self._seat() == SPECTATOR else f"seat {self._seat()}"

    def crowd_proof(self) -> bool:
        return self._seat() in (1, 2)

    def invited(self) -> bool:
        return True  # every login here holds a seat's or the spectators' code

    def session(self) -> SeatSession:
        return SeatSession(self)

    async def begin_auth(self, username: str) -> bool:
        """False (no more to check) for a code that admits a seat; otherwise a line, a delay
        that grows with the address's failures (holding no session slot), and a refusal."""
        if self.seats.seat_of(username) is not None:
            return False
        self.tries += 1
        self.note(logging.WARNING, "wrong code from %s (try %d)", self.address, self.tries)
        try:
            self.conn.send_auth_banner(
                _("That code admits no seat of this game. Check the line the host gave you.") + "\r\n")
        except (OSError, asyncssh.Error):
            pass
        await asyncio.sleep(self.seats.delay(self.source))
        if self.tries >= MAX_TRIES:
            self.note(logging.WARNING, "closed %s: %d wrong codes", self.address, self.tries)
            self.conn.close()
        return True  # and no method can log in: the client is refused


def host_key(folder: Path) -> Any:
    """The server's host key: made once and kept in ``folder`` (clients remember it)."""
    path = folder / "ssh_host_ed25519_key"
    if path.is_file():
        return asyncssh.read_private_key(str(path))
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    # private from its first byte: made 0600 by the call that creates it, whatever the umask
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(key.export_private_key())
    return key


async def serve(lobby: Lobby, codes: dict[str, int], names: tuple[str, str], address: str, port: int, key: Any,
                started: Callable[[int], None], stop: asyncio.Event, limits: Limits | None = None) -> None:
    """Listen at ``address``:``port`` (0: any free port) until ``stop`` is set or the game
    ends; ``started`` is told the port. ``limits``: else one game's (connection.GAME)."""
    loop = asyncio.get_running_loop()
    seats = Seats(codes)

    def rejoin(code: str) -> str:
        return f"ssh -p {bound} {code}@{reachable(address)}"

    allowed, counts = limits or connection.GAME, Counts()
    server = await listen(lambda: GameServer(lobby, seats, counts, allowed, loop, rejoin, names), address, port, key,
                          allowed)
    bound = server.sockets[0].getsockname()[1]

    bots: list[asyncio.Task[None]] = []

    def hosting(host: Host) -> None:  # the game is made (now, or once the decks are picked)
        def changed() -> None:  # after each change: the end of the game stops the server
            loop.call_soon_threadsafe(_check_end, host, stop)

        host.on_change = changed
        bots.append(loop.create_task(host.bots_task()))

    started(bound)
    if lobby.host is not None:
        hosting(lobby.host)
    else:
        lobby.on_host = hosting
    try:
        await stop.wait()
    finally:
        over = lobby.host is not None and lobby.host.game.pending is None
        await asyncio.sleep(0.5 if over else 0)  # the end screen reaches both seats
        for task in bots:
            task.cancel()
        server.close()
        await server.wait_closed()


def _check_end(host: Host, stop: asyncio.Event) -> None:
    if host.game.pending is None:
        stop.set()


def seat_lines(codes: dict[str, int], names: tuple[str, str], address: str, port: int) -> list[str]:
    """What the host gives out: one line a seat, then the spectators' line."""
    lines = []
    for code, seat in codes.items():
        # TRANSLATORS: the name the line for watchers (not players) begins with: "spectators: ssh -p ...".
        who = _("spectators") if seat == SPECTATOR else names[seat - 1]
        lines.append(f"{who}: ssh -p {port} {code}@{reachable(address)}")
    return lines


def reachable(address: str) -> str:
    """The address another machine reaches this server at: the one it listens on, or for
    every address (0.0.0.0, ::) the one this machine's outward traffic leaves from."""
    if address not in ("0.0.0.0", "::", ""):
        return address
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()

