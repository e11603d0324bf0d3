"""A room's clock: each player's time left, spent while that player decides.

Time is counted on the server's monotonic clock from the moment a person's decision is
pending to the moment it is answered; a bot's thinking is not charged. A player whose time
is spent has every later decision answered by the easy bot, as the public client's turn
timer does, and an absent player out of time may have the game claimed from them. What is
left is written to the club's index after every answer, so a resumed room keeps it (less,
at most, the decision that was pending when the host died).
"""

from __future__ import annotations

import math
import time


class Clock:
    """Both players' seconds left, and whose are running (None: nobody's)."""

    def __init__(self, left: dict[int, float]) -> None:
        self.left = {1: left[1], 2: left[2]}
        self.running: int | None = None
        self._since = 0.0

    def run(self, player: int | None) -> None:
        """Charge the time since the last call to whoever's was running; then run ``player``'s."""
        now = time.monotonic()
        if self.running is not None:
            self.left[self.running] = max(0.0, self.left[self.running] - (now - self._since))
        self.running, self._since = player, now

    def remaining(self, player: int) -> float:
        """``player``'s seconds left as of now."""
        left = self.left[player]
        if self.running == player:
            left -= time.monotonic() - self._since
        return max(0.0, left)

    def shown(self, player: int) -> str:
        """``player``'s time left as the screens show it: minutes and seconds, rounded up."""
        minutes, seconds = divmod(math.ceil(self.remaining(player)), 60)
        return f"{minutes}:{seconds:02d}"
