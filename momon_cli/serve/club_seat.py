"""One connection's time in a room of the club, after the lobby: a seat's game or a
spectator's view of one, with what the room adds to a served seat (its clock).

The SSH side (club_ssh.py) calls :func:`sit` with the connection's console and screen.
"""

from __future__ import annotations

from rich.console import Console

from ..engine import SPECTATOR
from ..language import _
from ..tui.screen import Screen
from .lobby_view import Seated
from .seat import RemoteSeat


async def sit(seated: Seated, console: Console, screen: Screen) -> None:
    """The seat (or the spectator's view) to the game's end, or until the connection leaves."""
    room = seated.room
    assert room.host is not None
    rejoin = _("Join again from the lobby with the room's code: {code}").format(code=room.code)
    await RemoteSeat(room.host, seated.seat or SPECTATOR, console, screen, rejoin, clock=room.clock).arun()
