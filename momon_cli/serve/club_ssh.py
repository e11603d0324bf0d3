"""The SSH side of the club: a key is an account, no key a guest; each connection a task
that runs the lobby, then a seat of a room or a spectator's view of one.

A client's key is taken during authentication (any key: it names an account, claimed on
first use under the login name); a client with no key logs in by keyboard-interactive or
any password as a guest, unrated, whose games the lobby lists by that name and password
(room.guest_login), not by the name alone. The seat's language is the client's ``LANG`` when it is Thai.
The limits, the terminal and the log are the single game's (connection.py), with room for
many more logged-in connections.
"""

from __future__ import annotations

import asyncio
from typing import Any

from rich.console import Console

from ..language import _, using
from ..tui.screen import Screen
from . import connection
from .club import Club
from .club_seat import sit
from .club_store import ClubStoreError
from .connection import Counts, LimitedServer, Limits, TerminalSession, heard, listen, log
from .lobby_view import lobby
from .room import guest_login


def language_of(lang: str | None) -> str:
    """A seat's language from the client's LANG: Thai for th_*, else English."""
    return "th" if (lang or "").lower().startswith("th") else "en"


class ClubSession(TerminalSession):
    """One connection: the lobby, then a room."""

    def __init__(self, server: ClubServer) -> None:
        super().__init__(server)
        self.server = server
        self.evicted = False  # another connection took this one's seat

    async def play(self, screen: Screen, console: Console) -> None:
        club = self.server.club
        name = str(self.chan.get_extra_info("username") or "guest")
        env = self.chan.get_environment() or {}
        language = language_of(env.get("LANG"))
        with using(language):
            try:
                name, account = await self._identity(name)
                login = None if account is not None else guest_login(name, self.server.password)
                seated = await lobby(screen, club, name, language, account, login)
            except ClubStoreError as err:  # a name refused, or the database out of use (the leaderboard's too)
                screen.leave()
                self._refused(str(err))
                return
            assert seated.room.host is not None
            log.info("%s %s %s room %s", self.address, heard(name), "watches" if not seated.seat else f"sits in seat "
                     f"{seated.seat} of", seated.room.code)
            try:
                await sit(club, seated, console, screen, self.evict)
            finally:
                if self.evicted:
                    self.chan.write(_("Your seat was taken by a new connection of yours; this one is closed.") + "\r\n")

    def evict(self) -> None:
        """Another connection of this player's has taken the seat: this one says why and ends."""
        self.evicted = True
        log.info("closed %s: its seat taken by a new connection", self.address)
        if self.task is not None:
            self.task.cancel()

    async def _identity(self, name: str) -> tuple[str, int | None]:
        """The name this connection plays under, and its account: the key's (its name claimed on
        first use), or none for a guest (the name rule, and no account's name)."""
        store = self.server.club.store
        if self.server.fingerprint is None:
            return await asyncio.to_thread(store.guest, name), None
        found = await asyncio.to_thread(store.claim, self.server.fingerprint, name)
        return found.name, found.id

    def _refused(self, message: str) -> None:
        """The store's refusal in one line; one that names the server's files is logged, and the
        player reads only that the club cannot seat them."""
        log.warning("refused %s: %s", self.address, message)
        if str(self.server.club.store.path.parent) in message:
            message = _("The club cannot seat you just now. Try again later.")
        self.chan.write(message + "\r\n")


class ClubServer(LimitedServer):
    """One connection's server side: its key (an account) or none (a guest)."""

    def __init__(self, club: Club, counts: Counts, limits: Limits, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(counts, limits, loop)
        self.club = club
        self.fingerprint: str | None = None
        self.password: str | None = None  # a guest's, which with its name is who it is (room.guest_login)

    def who(self) -> str:
        name = heard(self.conn.get_extra_info("username") or "")
        return f"guest {name}" if self.fingerprint is None else f"{name} with key {self.fingerprint}"

    def session(self) -> ClubSession:
        return ClubSession(self)

    def begin_auth(self, username: str) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: Any) -> bool:
        """Any key (asyncssh checks its signature after this): the last key validated before a
        login is the one that logged in, so it is the account's."""
        self.fingerprint = str(key.get_fingerprint("sha256"))
        return True

    def password_auth_supported(self) -> bool:
        return True

    def validate_password(self, username: str, password: str) -> bool:
        self.fingerprint = None  # a key offered, or unproven, before: the login is still a guest's
        self.password = password
        return True  # a guest: the password is not checked (unrated, under the name it logs in with)

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.fingerprint = self.password = None
        return True  # a guest, with no questions asked


async def serve_club(club: Club, address: str, port: int, key: Any, started: Any, stop: asyncio.Event,
                     limits: Limits | None = None) -> None:
    """Listen at ``address``:``port`` until ``stop`` is set. ``limits``: else a club's (connection.CLUB)."""
    loop, allowed, counts = asyncio.get_running_loop(), limits or connection.CLUB, Counts()
    server = await listen(lambda: ClubServer(club, counts, allowed, loop), address, port, key, allowed)
    started(server.sockets[0].getsockname()[1])
    try:
        await stop.wait()
    finally:
        club.stop()
        server.close()
        await server.wait_closed()
