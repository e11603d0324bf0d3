"""The SSH side of the club: a key is an account, no key a guest; each connection a task
that runs the lobby, then a seat of a room or a spectator's view of one.

A client's key is taken during authentication (any key: it names an account, claimed on
first use under the login name); a client with no key logs in by keyboard-interactive or
any password as a guest, unrated. The seat's language is the client's ``LANG`` when it is Thai.
"""

from __future__ import annotations

import asyncio
from contextlib import ExitStack
from typing import Any, TextIO, cast

import asyncssh
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from ..language import _, using
from ..tui.screen import Screen
from .club import Club
from .club_seat import sit
from .club_store import ClubStoreError
from .lobby_view import lobby
from .ssh import MAX_INPUT, _ChannelText


def language_of(lang: str | None) -> str:
    """A seat's language from the client's LANG: Thai for th_*, else English."""
    return "th" if (lang or "").lower().startswith("th") else "en"


class ClubSession(asyncssh.SSHServerSession[str]):  # type: ignore[misc]
    """One connection: the lobby, then a room."""

    def __init__(self, server: ClubServer) -> None:
        self.server, self.chan, self.pipe = server, cast(Any, None), cast(Any, None)
        self.task: asyncio.Task[None] | None = None
        self.closing = ExitStack()
        self.evicted = False  # another connection took this one's seat

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def shell_requested(self) -> bool:
        return True

    def session_started(self) -> None:
        loop = asyncio.get_running_loop()
        self.pipe = self.closing.enter_context(create_pipe_input())
        out = _ChannelText(self.chan, loop)
        output = Vt100_Output(cast(TextIO, out), self._size, term=self.chan.get_terminal_type() or "xterm")
        console = Console(file=cast(TextIO, out), force_terminal=True, width=self._size().columns, legacy_windows=False)
        self.task = loop.create_task(self._run(Screen(self.pipe, output), console, output))

    def _size(self) -> Size:
        width, height, _w, _h = self.chan.get_terminal_size()
        return Size(rows=min(height or 24, 200), columns=min(width or 80, 500))

    async def _run(self, screen: Screen, console: Console, output: Vt100_Output) -> None:
        club = self.server.club
        name = str(self.chan.get_extra_info("username") or "guest")
        env = self.chan.get_environment() or {}
        language = language_of(env.get("LANG"))
        account = None
        try:
            with create_app_session(input=self.pipe, output=output), using(language):
                if self.server.fingerprint is not None:
                    try:
                        found = await asyncio.to_thread(club.store.claim, self.server.fingerprint, name)
                        name, account = found.name, found.id
                    except ClubStoreError as err:
                        self.chan.write(str(err) + "\r\n")
                        return
                else:  # a guest: the name rule, and no account's name
                    try:
                        name = await asyncio.to_thread(club.store.guest, name)
                    except ClubStoreError as err:
                        self.chan.write(str(err) + "\r\n")
                        return
                seated = await lobby(screen, club, name, language, account)
                await sit(club, seated, console, screen, self.evict)
        except (EOFError, KeyboardInterrupt, asyncio.CancelledError):
            pass
        finally:
            if self.evicted:
                with using(language):
                    self.chan.write(_("Your seat was taken by a new connection of yours; this one is closed.") + "\r\n")
            self.server.loop.call_soon(self.chan.close)

    def evict(self) -> None:
        """Another connection of this player's has taken the seat: this one says why and ends."""
        self.evicted = True
        if self.task is not None:
            self.task.cancel()

    def data_received(self, data: str, datatype: object) -> None:
        if self.pipe is not None and len(data) <= MAX_INPUT:
            self.pipe.send_text(data)

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.closing.close()
        if self.task is not None:
            self.task.cancel()


class ClubServer(asyncssh.SSHServer):  # type: ignore[misc]
    """One connection's server side: its key (an account) or none (a guest)."""

    def __init__(self, club: Club, loop: asyncio.AbstractEventLoop) -> None:
        self.club, self.loop = club, loop
        self.fingerprint: str | None = None

    def begin_auth(self, username: str) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: Any) -> bool:
        self.fingerprint = str(key.get_fingerprint("sha256"))
        return True

    def password_auth_supported(self) -> bool:
        return True

    def validate_password(self, username: str, password: str) -> bool:
        return True  # a guest: the password is not checked (unrated, under the name it logs in with)

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        return True  # a guest, with no questions asked

    def session_requested(self) -> ClubSession:
        return ClubSession(self)


async def serve_club(club: Club, address: str, port: int, key: Any, started: Any, stop: asyncio.Event) -> None:
    """Listen at ``address``:``port`` until ``stop`` is set."""
    loop = asyncio.get_running_loop()
    server = await asyncssh.create_server(lambda: ClubServer(club, loop), address, port, server_host_keys=[key],
                                          login_timeout=10, encoding="utf-8")
    started(server.sockets[0].getsockname()[1])
    try:
        await stop.wait()
    finally:
        club.stop()
        server.close()
        await server.wait_closed()
