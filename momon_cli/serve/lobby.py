"""Before a served game begins: each player whose deck was not named picks one on joining.

The game, and its record, are made once every such player has picked (``make``); until then
a seat that has picked, and a spectator, wait on a line that says so. A game whose decks
were all given starts with its host at once.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

from rich.text import Text

from ..data.cards import load_pool
from ..data.deck_choice import chosen, deck_menu
from ..language import _, ngettext
from ..text.safe import clean, safe
from ..tui.screen import Screen
from .host import Host


class Lobby:
    """The host, once there is a game; and the decks picked so far."""

    def __init__(self, host: Host | None, choosers: tuple[int, ...] = (),
                 make: Callable[[dict[int, str]], Host] | None = None) -> None:
        self.host, self.choosers, self.make = host, choosers, make
        self.picks: dict[int, str] = {}
        self.ready = threading.Condition()
        self.on_host: Callable[[Host], None] = lambda host: None  # told once the game is made

    def needs(self, seat: int) -> bool:
        """Whether ``seat``'s player still picks a deck."""
        with self.ready:
            return self.host is None and seat in self.choosers and seat not in self.picks

    def pick(self, seat: int, deck: str) -> None:
        with self.ready:
            self.picks.setdefault(seat, deck)
            if self.host is None and set(self.choosers) <= set(self.picks) and self.make is not None:
                self.host = self.make(dict(self.picks))
                self.on_host(self.host)
            self.ready.notify_all()

    async def arrived(self) -> Host:
        """The host, once the game is made, awaited on the server's loop (which picks run on)."""
        while True:
            with self.ready:
                if self.host is not None:
                    return self.host
            await asyncio.sleep(0.1)

    def wait(self) -> Host:
        """The host, once the game is made."""
        with self.ready:
            self.ready.wait_for(lambda: self.host is not None)
            assert self.host is not None
            return self.host


async def pick_deck(screen: Screen, name: str) -> str:
    """A built-in deck picked at a seat's own screen: the list with each plan, then a prompt."""
    menu = deck_menu(load_pool())
    lines = [Text(_("{name}, pick your deck (a number or a name):").format(name=clean(name)), style="bold")]
    for i, (file, deck) in enumerate(menu, 1):
        count = ngettext("{n} card", "{n} cards", len(deck.cards)).format(n=len(deck.cards))
        lines.append(Text(f"{i:>2} ").append_text(safe(f"{file} — {deck.name} · {count} · "
                                                       f"{sum(c.stars for c in deck.cards)}★", style="bold")))
        if deck.plan:
            lines.append(Text("     ").append_text(safe(deck.shown_plan(), style="dim")))
    screen.frame = lambda width, height, below: lines[: max(0, height - below)]
    screen.title = _("momon — {name} picks a deck").format(name=name)
    while True:
        screen.hint = _("1-{last} or a deck's name, e.g. '2' or 'prism'").format(last=len(menu))
        picked = chosen(await screen.aread(f"{clean(name)} › "), menu)
        if picked is not None:
            return picked
        screen.message = Text(_("Give a number 1-{last} or one of the names listed.").format(last=len(menu)),
                              style="red")
