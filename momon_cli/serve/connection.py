"""The connection layer both SSH servers share (one game's ssh.py, the club's club_ssh.py).

An open listener meets clients that never log in, log in and open nothing, sit idle, ask for
huge terminals, send stray bytes or floods: connections not yet logged in have their own caps,
in all (with OpenSSH's random early drop) and per address (as OpenSSH's MaxStartups), and a
login timeout (LoginGraceTime) that also closes a logged-in connection starting no shell;
logged-in connections have caps of their own, in all and per address, and one session channel
each; keepalives and an idle timeout; terminal sizes capped on the pty request and on every
window change (a burst of them drawn once, at the last size); a message over the input bound
dropped whole, and input past a bound the screen has not read dropped too, so the loop never
waits on its own pipe; invalid UTF-8 read as replacement characters, which a prompt refuses
in one line; only the environment's LANG and LC_ALL kept; no agent forwarding. Every
connection, login, refusal and timeout goes to the operator's log, a client's words quoted;
those about connections not yet logged in, and about logins that start no shell (anyone may log
in as a guest), within a bound per address (log_limit.py), so a flood of them cannot drown the
rest; a login's line waits until its shell starts, or its connection closes without one.
"""

from __future__ import annotations

import asyncio
import fcntl
import io
import logging
import logging.handlers
import os
import random
import sys
import termios
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine
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

from ..language import _
from ..text.safe import clean
from ..tui.screen import Screen
from .log_limit import LogLimit, source

log = logging.getLogger("momon.serve")  # for the operator: every connection, login, refusal and result


@dataclass(frozen=True)
class Limits:
    """What one listener allows; the defaults are one game's."""

    connections: int = 16  # logged in at once
    connections_per_address: int = 16  # of those, from one address (an IPv6 address: from its /64)
    startups: int = 10  # not yet logged in, at once, before some are refused (as OpenSSH's MaxStartups 10:30:100)
    startups_rate: float = 0.3  # at that many, the chance a new one is refused, rising to all of them at
    startups_full: int = 100  # this many
    startups_per_address: int = 4  # of those, from one address (an IPv6 address: from its /64)
    login_seconds: float = 10.0  # from connecting to a session opened (as OpenSSH's LoginGraceTime)
    idle_seconds: float = 1800.0  # a connection that sends nothing this long is closed
    keepalive: tuple[float, int] = (30.0, 3)  # seconds between keepalives, and how many may go unanswered
    max_input: int = 4096  # characters one message from a client may carry (a paste, not a flood)
    max_pending: int = 16384  # bytes typed but not yet read by the screen: more is dropped, never waited on
    sessions: int = 1  # session channels on one connection
    max_size: tuple[int, int] = (500, 200)  # the widest and tallest terminal a client may ask for: columns, rows


ENV_KEPT = frozenset({b"LANG", b"LC_ALL"})  # the variables a session keeps (its seat's language); any other is refused
ENV_VALUE = 64  # bytes a kept variable's value may hold
RESIZE_SECONDS = 0.1  # a burst of window changes is drawn once, this long after the first, at the last size

GAME = Limits()  # one game: two seats and a few spectators
CLUB = Limits(connections=256, connections_per_address=32)  # a club: many rooms, spectators without limit but these
# (read when a server starts, so a test may shorten a child server's timeouts before it does)


@dataclass
class Counts:
    """A listener's connections: logged in (in all, by address), and not yet logged in by
    address, with the bound on the log lines those write."""

    connections: int = 0
    logged: dict[str, int] = field(default_factory=dict)
    starting: dict[str, int] = field(default_factory=dict)
    strangers: LogLimit = field(default_factory=lambda: LogLimit(log))


def heard(text: object) -> str:
    """What a client said (a login name, a disconnect reason), as the log writes it: quoted, on
    one line, without a control character or an escape sequence, bounded, so a client cannot
    forge a log line or reach the operator's terminal."""
    return repr(clean(text, 200))


def _unread(fd: int) -> int:
    """Bytes in the pipe ``fd`` reads that nobody has read yet."""
    return int.from_bytes(fcntl.ioctl(fd, termios.FIONREAD, bytes(4)), sys.byteorder)


class ChannelText:
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
            pass  # the connection is gone: its task ends with it

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        return None


class TerminalSession(asyncssh.SSHServerSession[str], ABC):  # type: ignore[misc]  # (mypy does not read asyncssh)
    """One connection's terminal: a screen fed by a pipe from the channel, and what the
    connection does (``play``) as a task on the server's loop, in its own prompt_toolkit app
    session; a closed connection cancels the task, and the end of the task closes the connection."""

    def __init__(self, server: LimitedServer) -> None:
        self.limits, self.address, self.opened = server.limits, server.address, server.opened
        self.chan: Any = None
        self.screen: Screen | None = None
        self.pipe: Any = None
        self.task: asyncio.Task[None] | None = None
        self.closing = ExitStack()  # the pipe from the channel to the screen
        self.idle: asyncio.TimerHandle | None = None
        self.resize: asyncio.TimerHandle | None = None  # a redraw at a new size, pending
        self.dropping = False  # input is being dropped: the client was told once

    @abstractmethod
    async def play(self, screen: Screen, console: Console) -> None:
        """What the connection does, until it is done or the client leaves."""

    def connection_made(self, chan: Any) -> None:
        self.chan = chan
        chan._process_env_request = self._env_request  # (asyncssh's own keeps every variable, of any size)

    def _env_request(self, packet: Any) -> bool:
        """A variable the client sends: one of ``ENV_KEPT``, short, is kept; any other is refused."""
        key, value = packet.get_string(), packet.get_string()
        packet.check_end()
        if key not in ENV_KEPT or len(value) > ENV_VALUE:
            return False
        self.chan._env[key] = value
        return True

    def shell_requested(self) -> bool:
        return True

    def session_started(self) -> None:
        loop = asyncio.get_running_loop()
        self.opened()
        self._active()
        self.pipe = self.closing.enter_context(create_pipe_input())
        os.set_blocking(self.pipe.pipe.write_fd, False)  # its reader is this loop: a write must never wait
        out = cast(TextIO, ChannelText(self.chan, loop))
        size: Callable[[], Size] = self._size
        output = Vt100_Output(out, size, term=self.chan.get_terminal_type() or "xterm")
        self.screen = Screen(self.pipe, output)
        console = Console(file=out, force_terminal=True, width=size().columns, legacy_windows=False)
        self.task = loop.create_task(self._run(self.play(self.screen, console), output, loop))

    async def _run(self, play: Coroutine[Any, Any, None], output: Vt100_Output, loop: asyncio.AbstractEventLoop) -> None:
        """Its own app session: prompt_toolkit finds "the running Application" through it, and
        every connection's prompt runs at once on the one event loop."""
        try:
            with create_app_session(input=self.pipe, output=output):
                await play
        except (EOFError, KeyboardInterrupt, asyncio.CancelledError):
            pass  # left, or gone: what it was doing is kept where it is (a game, a room)
        finally:
            if not loop.is_closed():  # after the writes already queued (an end screen)
                loop.call_soon(self.chan.close)

    def _size(self) -> Size:
        width, height, _pixels, _pixel_height = self.chan.get_terminal_size()
        columns, rows = self.limits.max_size
        return Size(rows=min(height or 24, rows), columns=min(width or 80, columns))

    def _active(self) -> None:
        """The client sent something (or the session began): the idle timeout starts again."""
        if self.idle is not None:
            self.idle.cancel()
        self.idle = asyncio.get_running_loop().call_later(self.limits.idle_seconds, self._idle_out)

    def _idle_out(self) -> None:
        log.info("closed %s: idle", self.address)
        self.chan.write("\r\n" + _("Closed: nothing was typed for too long. Join again with the same line.") + "\r\n")
        self.chan.close()

    def data_received(self, data: str, datatype: object) -> None:
        self._active()
        if self.pipe is None or len(data) > self.limits.max_input:  # a flood is dropped whole, never half-read
            return
        sent = data.encode("utf-8")
        try:
            if _unread(self.pipe.pipe.read_fd) + len(sent) > self.limits.max_pending:
                raise BlockingIOError
            self.pipe.send_bytes(sent)
            self.dropping = False
        except BlockingIOError:  # typed faster than the screen reads: dropped, and the client told once
            if not self.dropping:
                self.dropping = True
                log.info("dropped input from %s: more than %d bytes unread", self.address, self.limits.max_pending)
                self.chan.write("\r\n" + _("Too much typed at once: some of it was dropped.") + "\r\n")

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.screen is not None and self.resize is None:  # a burst of changes is drawn once
            self.resize = asyncio.get_running_loop().call_later(RESIZE_SECONDS, self._resized)

    def _resized(self) -> None:
        self.resize = None
        if self.screen is not None:
            self.screen.resized()  # drawn again at the latest size, which _size caps

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        for timer in (self.idle, self.resize):
            if timer is not None:
                timer.cancel()
        self.closing.close()  # the prompt reads the end of its input
        if self.task is not None:
            self.task.cancel()  # and the task ends, whatever it awaited


class LimitedServer(asyncssh.SSHServer, ABC):  # type: ignore[misc]
    """One connection's server side, under the listener's caps: until it logs in it counts
    among the connections not yet logged in (refused past their caps); once logged in, among the
    logged-in ones (refused past their cap unless ``crowd_proof``), and a shell must start
    within the login time, in its one session channel."""

    def __init__(self, counts: Counts, limits: Limits, loop: asyncio.AbstractEventLoop) -> None:
        self.counts, self.limits, self.loop = counts, limits, loop
        self.conn: Any = None
        self.address = "?"
        self.source = "?"  # what the per-address caps count it under (an IPv6 address by its /64)
        self.starting = False  # counted among the connections not yet logged in
        self.logged_in = False
        self.turned_away = False  # logged in past the caps on logged-in connections, and closed
        self.shell = False  # a shell started on it
        self.login_told = False  # its login line written (or left out within its bound)
        self.grace: asyncio.TimerHandle | None = None  # logged in, but no shell started yet
        self.sessions = 0  # session channels asked for

    @abstractmethod
    def who(self) -> str:
        """Who logged in, for the log."""

    @abstractmethod
    def session(self) -> TerminalSession:
        """The session a logged-in connection opens."""

    def crowd_proof(self) -> bool:
        """Whether this login gets in past the cap on logged-in connections (a player's own seat)."""
        return False

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        self.address = str((conn.get_extra_info("peername") or ("?",))[0])
        self.source = source(self.address)
        starting, limits = self.counts.starting, self.limits
        self.note(logging.INFO, "connection from %s", self.address)
        if self._refused(sum(starting.values())) or starting.get(self.source, 0) >= limits.startups_per_address:
            self.note(logging.WARNING, "refused %s: too many connections not yet logged in", self.address)
            conn.close()
            return
        starting[self.source] = starting.get(self.source, 0) + 1
        self.starting = True

    def note(self, level: int, message: str, *args: object) -> None:
        """A line about this connection, within its address's bound while it is a stranger's
        (``known`` says when it is no longer)."""
        if self.known():
            log.log(level, message, *args)
        else:
            self.counts.strangers.line(level, self.source, message, *args)

    def known(self) -> bool:
        """Whether this connection's lines go to the log unbounded: logged in within the caps, and
        either a shell started or the login was ``invited``."""
        return self.logged_in and not self.turned_away and (self.shell or self.invited())

    def invited(self) -> bool:
        """Whether a login alone shows the host let this client in (with a code the host gave
        out). Anyone may log in to a club as a guest, so there a login is no more known than a
        connection until its shell starts: a stream of logins that open nothing stays within
        its address's bound."""
        return False

    def _refused(self, starting: int) -> bool:
        """Whether a new connection is refused, ``starting`` being not yet logged in: none below
        ``startups``, then at random, more often the more there are, up to all at
        ``startups_full`` (OpenSSH's random early drop), so silent connections cannot hold every
        place: a player who tries again gets in."""
        limits = self.limits
        if starting < limits.startups:
            return False
        if starting >= limits.startups_full:
            return True
        rise = (starting - limits.startups) / (limits.startups_full - limits.startups)
        return random.random() < limits.startups_rate + (1 - limits.startups_rate) * rise

    def _started(self) -> None:
        """No longer among the connections not yet logged in."""
        if self.starting:
            self.starting = False
            _less(self.counts.starting, self.source)

    def connection_lost(self, exc: Exception | None) -> None:
        self._login()
        self.note(logging.INFO, "connection from %s closed%s", self.address, f": {heard(exc)}" if exc else "")
        self._started()
        if self.logged_in:
            self.counts.connections -= 1
            _less(self.counts.logged, self.source)
        if self.grace is not None:
            self.grace.cancel()

    def auth_completed(self) -> None:
        self._started()
        counts, limits = self.counts, self.limits
        counts.connections += 1
        counts.logged[self.source] = counts.logged.get(self.source, 0) + 1
        self.logged_in = True
        crowded = counts.connections > limits.connections or counts.logged[self.source] > limits.connections_per_address
        if crowded and not self.crowd_proof():  # anyone may log in as a guest: a crowd of logins is bounded in the log too
            self.turned_away = True
            self.note(logging.INFO, "login from %s: %s", self.address, self.who())
            self.note(logging.WARNING, "refused %s: %d connections logged in, %d from there", self.address,
                          counts.connections - 1, counts.logged[self.source] - 1)
            self.conn.close()
            return
        if self.known():
            self._login()
        self.grace = self.loop.call_later(self.limits.login_seconds, self._no_session)  # a session must follow

    def _login(self) -> None:
        """The login line, once: as soon as the login is ``known``, unbounded; if it never is,
        on closing, within the address's bound."""
        if self.logged_in and not self.turned_away and not self.login_told:
            self.login_told = True
            self.note(logging.INFO, "login from %s: %s", self.address, self.who())

    def _no_session(self) -> None:
        self._login()
        self.note(logging.INFO, "closed %s: logged in but opened no session", self.address)
        self.conn.close()

    def opened(self) -> None:
        """A shell started: the login time is over (a session channel alone does not end it)."""
        self.shell = True
        self._login()
        if self.grace is not None:
            self.grace.cancel()

    def session_requested(self) -> TerminalSession | bool:
        self.sessions += 1
        if self.sessions > self.limits.sessions:  # each costs a screen: refused, and logged once
            if self.sessions == self.limits.sessions + 1:
                log.warning("refused %s: more than %d session channels", self.address, self.limits.sessions)
            return False
        return self.session()


def _less(counts: dict[str, int], address: str) -> None:
    """One connection fewer from ``address`` (an address with none is forgotten)."""
    counts[address] -= 1
    if not counts[address]:
        del counts[address]


async def listen(factory: Callable[[], LimitedServer], address: str, port: int, key: Any, limits: Limits) -> Any:
    """The listener at ``address``:``port`` (0: any free port), with the limits asyncssh applies
    itself: the login timeout, keepalives, and stray bytes read as replacement characters. No
    line editor of asyncssh's: every key reaches the screen's prompt as typed (its editing,
    completion, Ctrl-C), and a paste arrives as the client sent it, not cut into lines."""
    return await asyncssh.create_server(factory, address, port, server_host_keys=[key], line_editor=False,
                                        login_timeout=limits.login_seconds, encoding="utf-8", errors="replace",
                                        keepalive_interval=limits.keepalive[0], keepalive_count_max=limits.keepalive[1],
                                        agent_forwarding=False)


LOG_BYTES, LOG_FILES = 1_000_000, 5  # the rotating log: each file's size, and the old ones kept


class PrivateLog(logging.handlers.RotatingFileHandler):
    """A rotating log whose every file is created 0600: it names players and their addresses."""

    def _open(self) -> io.TextIOWrapper:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return open(fd, "a", encoding=self.encoding, errors=self.errors)


def start_log(folder: Path) -> None:
    """The operator's log: to stderr and to ``serve.log`` (rotated) in the data folder."""
    if log.handlers:
        return
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    form = logging.Formatter("%(asctime)s %(levelname)s %(message)s")
    for handler in (logging.StreamHandler(sys.stderr),
                    PrivateLog(folder / "serve.log", maxBytes=LOG_BYTES, backupCount=LOG_FILES, encoding="utf-8")):
        handler.setFormatter(form)
        log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
