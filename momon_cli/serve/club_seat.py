"""One connection's time in a room of the club, after the lobby: a seat's game or a
spectator's view of one, with what the room adds to a served seat (its clock).

The SSH side (club_ssh.py) calls :func:`sit` with the connection's console and screen.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from ..engine import SPECTATOR
from ..language import _, using
from ..tui.screen import Screen
from .club import Club
from .lobby_view import Seated
from .room import Room
from .seat import RemoteSeat


class RoomClaims:
    """A seat's claims on its room's absent player (seat.Claims), answered by the club."""

    def __init__(self, club: Club, room: Room) -> None:
        self.club, self.room = club, room

    def claim_in(self, player: int) -> float | None:
        return self.room.claim_in(player, self.club.grace)

    def claim(self, by: int) -> str:
        return self.club.claim(self.room, by)


async def sit(club: Club, seated: Seated, console: Console, screen: Screen, close: Callable[[], None]) -> None:
    """The seat (or the spectator's view) to the game's end, or until the connection leaves;
    ``close`` ends this connection (another has taken its seat)."""
    room, seat = seated.room, seated.seat
    assert room.host is not None
    if seat:
        room.arrive(seat, close)
    try:
        with using(seated.language):  # a spectator's; a seat's own is the session's (RemoteSeat.arun)
            code = f"{room.code} {seated.secret}" if seated.secret else room.code
            rejoin = _("Join again from the lobby with the room's code: {code}").format(code=code)
            remote = RemoteSeat(room.host, seat or SPECTATOR, console, screen, rejoin, absent=room.absent,
                                clock=room.clock, claims=RoomClaims(club, room))
            if seated.secret:  # a guest's way back to the seat, on the screen while it fits beside the clock ('code' says it)
                shown = remote.drawn.corner
                remote.drawn.corner = lambda: (*shown(), _("rejoin: {code}").format(code=code))
            await remote.arun()
    finally:
        if seat:
            room.leave(seat, close)
