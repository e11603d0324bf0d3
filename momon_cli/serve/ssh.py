"""The SSH side of ``momon serve``: seat codes, limits, and one session per connection.

Players need nothing but ``ssh``: the seat code is the user name, so there are no passwords
or keys to share; a code is random (80 bits), shown once, and admits only its seat. The
session runs the seat's game (seat.py) as a task on the server's event loop, fed by a pipe
from the SSH channel and writing back to it through the loop; a closed connection cancels
its task. No thread a connection: the bots think in an executor. Bounded: connections open at once, time to log in, the
bytes a connection may send at once; a wrong code gets one line, then the connection closes
after a delay that grows with each failure from its address.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import os
import secrets
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, cast

import asyncssh
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from ..engine import SPECTATOR
from ..language import _
from ..tui.screen import Screen
from .host import Host
from .lobby import Lobby, pick_deck
from .seat import RemoteSeat

log = logging.getLogger("momon.serve")  # for the operator: every connection, login, refusal and result

MAX_CONNECTIONS = 16  # logged in at once
MAX_STARTUPS = 10  # not yet logged in, at once (as OpenSSH's MaxStartups)
MAX_STARTUPS_PER_ADDRESS = 4  # of those, from one address
MAX_TRIES = 3  # codes one connection may try before it is closed
LOGIN_SECONDS = 10.0  # from connecting to a session opened (as OpenSSH's LoginGraceTime)
IDLE_SECONDS = 1800.0  # a connection that sends nothing this long is closed
KEEPALIVE = (30.0, 3)  # seconds between keepalives, and how many may go unanswered
MAX_INPUT = 4096  # characters one message from a client may carry (a paste, not a flood)
FAIL_DELAY = (0.5, 8.0)  # seconds before a wrong code's connection closes: the first, the most
MAX_SIZE = (500, 200)  # the widest and tallest terminal a client may ask for: columns, rows
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
    connections: int = 0  # logged in
    starting: dict[str, int] = field(default_factory=dict)  # not logged in yet, by address
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
        """How long a wrong code from ``address`` waits before its connection closes."""
        now = time.monotonic()
        for old, (_count, last) in list(self.failures.items()):  # oldest first (insertion order)
            if now - last < FAILURE_SECONDS and len(self.failures) < FAILURES_KEPT:
                break
            del self.failures[old]
        n = self.failures.pop(address, (0, now))[0]
        self.failures[address] = (n + 1, now)  # to the end: the most recent
        return float(min(FAIL_DELAY[1], FAIL_DELAY[0] * 2 ** min(n, 16)))


class _ChannelText:
    """A text file whose writes go to the SSH channel, from any thread, in order."""

    def __init__(self, chan: Any, loop: asyncio.AbstractEventLoop) -> None:
        self.chan, self.loop = chan, loop
        self.encoding = "utf-8"

    def write(self, data: str) -> int:
        if data and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._send, data.replace("\n", "\r\n"))
        return len(data)

    def _send(self, data: str) -> None:
        try:
            self.chan.write(data)
        except (BrokenPipeError, OSError, asyncssh.Error):
            pass  # the connection is gone: its seat's task ends with it

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        return None


class SeatSession(asyncssh.SSHServerSession[str]):  # type: ignore[misc]  # (mypy does not read asyncssh)
    """One connection: a seat's game as a task, or one line for a wrong code."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.chan: Any = None
        self.screen: Screen | None = None
        self.pipe: Any = None
        self.task: asyncio.Task[None] | None = None
        self.closing = ExitStack()  # the pipe from the channel to the seat's screen
        self.idle: asyncio.TimerHandle | None = None

    def _active(self) -> None:
        """The client sent something (or the session began): the idle timeout starts again."""
        if self.idle is not None:
            self.idle.cancel()
        self.idle = asyncio.get_running_loop().call_later(IDLE_SECONDS, self._idle_out)

    def _idle_out(self) -> None:
        log.info("closed %s: idle", self.server.address)
        self.chan.write("\r\n" + _("Closed: nothing was typed for too long. Join again with the same line.") + "\r\n")
        self.chan.close()

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def shell_requested(self) -> bool:
        return True

    def session_started(self) -> None:
        seats = self.server.seats
        code = str(self.chan.get_extra_info("username") or "")
        seat = seats.seat_of(code)
        loop = asyncio.get_running_loop()
        if seat is None:  # (authentication refuses such a code before any session)
            self.chan.close()
            return
        self._active()
        if seat != SPECTATOR:  # spectators watch side by side, as many as the connections allow
            old = seats.live.get(seat)
            if old is not None and old is not self:
                old.chan.close()  # the same player joins again: the older connection gives way
            seats.live[seat] = self
            seats.joined.add(seat)
        self.pipe = self.closing.enter_context(create_pipe_input())
        out = _ChannelText(self.chan, loop)
        size: Callable[[], Size] = self._size
        output = Vt100_Output(cast(TextIO, out), size, term=self.chan.get_terminal_type() or "xterm")
        self.screen = Screen(self.pipe, output)
        width = size().columns
        console = Console(file=cast(TextIO, out), force_terminal=True, width=width, legacy_windows=False)
        self.task = loop.create_task(self._play(seat, console, self.server.rejoin(code), output))

    def _size(self) -> Size:
        width, height, _pixels, _pixel_height = self.chan.get_terminal_size()
        return Size(rows=min(height or 24, MAX_SIZE[1]), columns=min(width or 80, MAX_SIZE[0]))

    async def _play(self, seat: int, console: Console, rejoin: str, output: Vt100_Output) -> None:
        """The seat's task: a deck to pick first if the game waits for it, then the game.
        Its own app session: prompt_toolkit finds "the running Application" through it, and
        every seat's prompt runs at once on the one event loop."""
        lobby, screen = self.server.lobby, self.screen
        assert screen is not None
        try:
            with create_app_session(input=self.pipe, output=output):
                if lobby.needs(seat):
                    lobby.pick(seat, await pick_deck(screen, self.server.names[seat - 1]))
                if lobby.host is None:
                    await screen.abusy(_("Waiting for the other player to pick a deck…"), lobby.arrived())
                await RemoteSeat(await lobby.arrived(), seat, console, screen, rejoin,
                                 self.server.seats.absent).arun()
        except (EOFError, KeyboardInterrupt, asyncio.CancelledError):
            pass  # left (or gone) before the game began: joining again picks up where this left off
        finally:
            if not self.server.loop.is_closed():  # after the writes already queued (the end screen)
                self.server.loop.call_soon(self.chan.close)

    def data_received(self, data: str, datatype: object) -> None:
        self._active()
        if self.pipe is not None and len(data) <= MAX_INPUT:  # a flood is dropped whole, never half-read
            self.pipe.send_text(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.screen is not None:
            self.screen.resized()

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        seats = self.server.seats
        for seat, session in list(seats.live.items()):
            if session is self:
                del seats.live[seat]
        if self.idle is not None:
            self.idle.cancel()
        self.closing.close()  # the seat's prompt reads the end of its input
        if self.task is not None:
            self.task.cancel()  # and its task ends, whatever it awaited


class GameServer(asyncssh.SSHServer):  # type: ignore[misc]
    """Checks the code during authentication (the user name is the code: no passwords or
    keys), so the login timeout, the tries limit and the caps on connections not yet logged
    in apply before any session; logged-in connections have a cap of their own."""

    def __init__(self, lobby: Lobby, seats: Seats, loop: asyncio.AbstractEventLoop, rejoin: Callable[[str], str],
                 names: tuple[str, str]) -> None:
        self.lobby, self.seats, self.loop, self.rejoin, self.names = lobby, seats, loop, rejoin, names
        self.conn: Any = None
        self.address = "?"
        self.tries = 0
        self.starting = False  # counted among the connections not yet logged in
        self.logged_in = False
        self.grace: asyncio.TimerHandle | None = None  # logged in, but no session opened yet

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        self.address = str((conn.get_extra_info("peername") or ("?",))[0])
        starting = self.seats.starting
        log.info("connection from %s", self.address)
        if sum(starting.values()) >= MAX_STARTUPS or starting.get(self.address, 0) >= MAX_STARTUPS_PER_ADDRESS:
            log.warning("refused %s: too many connections not yet logged in", self.address)
            conn.close()
            return
        starting[self.address] = starting.get(self.address, 0) + 1
        self.starting = True

    def _started(self) -> None:
        """No longer among the connections not yet logged in."""
        if self.starting:
            self.starting = False
            starting = self.seats.starting
            starting[self.address] -= 1
            if not starting[self.address]:
                del starting[self.address]

    def connection_lost(self, exc: Exception | None) -> None:
        log.info("connection from %s closed%s", self.address, f": {exc}" if exc else "")
        self._started()
        if self.logged_in:
            self.seats.connections -= 1
        if self.grace is not None:
            self.grace.cancel()

    async def begin_auth(self, username: str) -> bool:
        """False (no more to check) for a code that admits a seat; otherwise a line, a delay
        that grows with the address's failures (holding no session slot), and a refusal."""
        if self.seats.seat_of(username) is not None:
            return False
        self.tries += 1
        log.warning("wrong code from %s (try %d)", self.address, self.tries)
        try:
            self.conn.send_auth_banner(
                _("That code admits no seat of this game. Check the line the host gave you.") + "\r\n")
        except (OSError, asyncssh.Error):
            pass
        await asyncio.sleep(self.seats.delay(self.address))
        if self.tries >= MAX_TRIES:
            log.warning("closed %s: %d wrong codes", self.address, self.tries)
            self.conn.close()
        return True  # and no method can log in: the client is refused

    def auth_completed(self) -> None:
        self._started()
        self.seats.connections += 1
        self.logged_in = True
        seat = self.seats.seat_of(str(self.conn.get_extra_info("username") or ""))
        log.info("login from %s: %s", self.address, f"seat {seat}" if seat != SPECTATOR else "spectator")
        if self.seats.connections > MAX_CONNECTIONS and seat not in (1, 2):  # a player's seat is never crowded out
            log.warning("refused %s: %d connections logged in", self.address, self.seats.connections - 1)
            self.conn.close()
            return
        self.grace = self.loop.call_later(LOGIN_SECONDS, self._no_session)  # a session must follow

    def _no_session(self) -> None:
        log.info("closed %s: logged in but opened no session", self.address)
        self.conn.close()

    def session_requested(self) -> SeatSession:
        if self.grace is not None:
            self.grace.cancel()
        return SeatSession(self)


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
                started: Callable[[int], None], stop: asyncio.Event) -> None:
    """Listen at ``address``:``port`` (0: any free port) until ``stop`` is set or the game
    ends; ``started`` is told the port."""
    loop = asyncio.get_running_loop()
    seats = Seats(codes)

    def rejoin(code: str) -> str:
        return f"ssh -p {bound} {code}@{reachable(address)}"

    server = await asyncssh.create_server(lambda: GameServer(lobby, seats, loop, rejoin, names), address, port,
                                          server_host_keys=[key], login_timeout=LOGIN_SECONDS, encoding="utf-8",
                                          keepalive_interval=KEEPALIVE[0], keepalive_count_max=KEEPALIVE[1],
                                          errors="replace")  # a stray byte is a character the prompt refuses
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

