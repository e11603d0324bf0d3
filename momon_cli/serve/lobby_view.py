"""The club's lobby screen over one SSH connection: numbered menus that fit 80x24.

Lists the open rooms (players, decks, rules, bot level), the games to watch and the
leaderboard; a player creates a room, joins one by its code, or watches. Returns what the
connection does next: play a seat of a room, or watch one.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from rich.text import Text

from ..data.cards import load_pool
from ..data.deck_choice import chosen, deck_menu
from ..language import _, using
from ..record.new_game import BOT_TITLES
from ..text.glossary import profile_words
from ..text.safe import safe
from ..tui.screen import WAIT_REDRAW, Screen
from .club import Club
from .club_store import ClubStoreError, name_key
from .connection import log
from .room import BOT_LEVELS, Room, Sitter, rejoin_secret

LANGUAGES = ("en", "th")  # what ``l`` in the lobby steps through
OTHER_LANGUAGE = {"en": "ภาษาไทย", "th": "English"}  # what ``l`` switches to, named in itself
MAX_MINUTES = 120  # the longest clock a room may have, per player


@dataclass(frozen=True)
class Seated:
    """What the lobby ends in: ``seat`` 1 or 2 of ``room``, or 0 to watch it, in ``language``;
    a guest's ``secret`` for rejoining the seat ("" for an account, which rejoins by its key)."""

    room: Room
    seat: int
    language: str
    secret: str = ""


def _shown(sitter: Sitter) -> str:
    """A sitter's name in the lobby, a guest's marked so: a guest's name is nobody's own."""
    return sitter.name if sitter.account is not None else _("{name} (guest)").format(name=sitter.name)


def _room_line(room: Room) -> Text:
    names = " / ".join(f"{_shown(s)} ({s.deck})" for s in room.sitters)
    if not room.bot:
        against = _("a person")
    elif room.bot in BOT_TITLES:
        against = _(BOT_TITLES[room.bot])
    else:
        against = room.bot  # a level with no title (a resumed index's): as it is
    clock = "" if room.clock is None else " · " + _("clock {first} / {second}").format(
        first=room.clock.shown(1), second=room.clock.shown(2))
    return safe(f"{room.code}  {names} · {profile_words(room.rules)} · {against}{clock}")


async def _ask(screen: Screen, lines: list[Text], prompt: str, hint: str) -> str:
    screen.frame = lambda width, height, below: lines[: max(0, height - below)]
    screen.hint = hint
    return (await screen.aread(prompt)).strip()


async def _deck(screen: Screen) -> str:
    menu = deck_menu(load_pool())
    lines = [Text(_("Pick your deck (a number or a name):"), style="bold")]
    lines += [safe(f"{i:>2} {file} — {deck.name}") for i, (file, deck) in enumerate(menu, 1)]
    while True:
        picked = chosen(await _ask(screen, lines, "› ", _("1-{last} or a deck's name").format(last=len(menu))), menu)
        if picked is not None:
            return picked


class Guesses:
    """A connection's wrong rejoin secrets: each logged, each answered after a delay twice the
    last, and the connection closed at the ``TRIES``-th, so a secret cannot be guessed fast."""

    TRIES = 5
    FIRST_DELAY = 1.0  # seconds after the first wrong secret (then 2, 4, 8)

    def __init__(self) -> None:
        self.wrong, self.delay = 0, self.FIRST_DELAY

    async def refused(self, name: str, code: str) -> None:
        """One more wrong secret for room ``code``: logged and slowed; ClubStoreError (the
        connection refused in one line, and closed) at the last try."""
        self.wrong += 1
        log.warning("wrong rejoin secret %d of %d for room %s by %r", self.wrong, self.TRIES, code, name)
        if self.wrong >= self.TRIES:
            raise ClubStoreError(_("Too many wrong rejoin codes: this connection is closed."))
        await asyncio.sleep(self.delay)
        self.delay *= 2


async def lobby(screen: Screen, club: Club, name: str, language: str, account: int | None,
                login: str | None) -> Seated:
    """The lobby until the player sits down in a room or picks one to watch; ``l`` switches
    its language (and the seat's) between English and Thai. ``login``: a guest's
    (room.guest_login), which their games are listed by."""
    guesses = Guesses()  # this connection's wrong rejoin secrets
    while True:
        with using(language):
            seated = await _choose(screen, club, name, language, account, login, guesses)
        if seated is not None:
            return seated
        language = LANGUAGES[(LANGUAGES.index(language) + 1) % len(LANGUAGES)]


async def _choose(screen: Screen, club: Club, name: str, language: str, account: int | None, login: str | None,
                  guesses: Guesses) -> Seated | None:
    """One answer in the lobby: where the player sits, or None to switch languages."""
    screen.title = _("momon club — {name}").format(name=name)
    while True:
        lines = []
        mine = club.listed(account, login)
        if mine:
            lines.append(Text(_("Your games (type a game's code to go back):") if account is not None else
                              _("Your games (type a game's code and your rejoin secret to go back):"), style="bold"))
            lines += [_room_line(room) for room in mine]
        lines.append(Text(_("Open rooms:"), style="bold"))
        none = Text(_("  (none)"), style="dim")
        lines += [_room_line(room) for room in club.waiting()] or [none]
        watch = club.watchable()
        lines.append(Text(_("Games to watch:"), style="bold"))
        lines += [Text(f"w{i} ").append_text(_room_line(room)) for i, room in enumerate(watch, 1)] or [none]
        lines.append(Text(_("Leaderboard:"), style="bold"))
        lines += [safe(f"  {standing.rank}. {standing.name} {standing.rating:.0f} ({standing.games})")
                  for standing in await club.leaderboard()] or [none]
        lines.append(Text(_("c: create a room · a room's code: join it · w1, w2…: watch a game") + " · l: "
                          + OTHER_LANGUAGE[language]))
        answer = (await _ask(screen, lines, "› ", _("c, a code, or w and a number"))).lower()
        if answer == "l":
            return None
        if answer == "c":
            created = await _create(screen, club, name, language, account, login)
            if created is not None:
                return created
            continue
        if answer.startswith("w") and answer[1:].isdigit() and 1 <= int(answer[1:]) <= len(watch):
            return Seated(watch[int(answer[1:]) - 1], 0, language)
        code, _space, secret = answer.partition(" ")
        room = club.find(code)
        if room is not None and room.open and club.own(room, account, login):
            screen.message = Text(_("That room is yours: give its code to your opponent."), style="red")
        elif room is not None and room.open and any(name_key(s.name) == name_key(name) for s in room.sitters):
            # another guest under this name: a game's two players need two names
            screen.message = Text(_("That room's player is named {name} too: log in under another name to play "
                                    "them.").format(name=room.sitters[0].name), style="red")
        elif room is not None and room.open and (refused := club.refusal(name, account, False)):
            screen.message = Text(refused, style="red")
        elif room is not None and room.open:
            deck = await _deck(screen)
            if not (room.open and club.find(room.code) is room):  # another player sat down while this one picked
                screen.message = Text(_("Someone took that seat first."), style="red")
                continue
            secret, digest = rejoin_secret() if account is None else ("", None)
            room.sitters.append(Sitter(name, deck, language, account, digest, login))
            await club.begin(room)
            return Seated(room, 2, language, secret)
        elif room is not None and room.host is not None:  # a player rejoins their seat; anyone else watches
            seat = club.seat_of(room, account, secret)
            if secret.strip() and not seat:
                await guesses.refused(name, room.code)
                screen.message = Text(_("That rejoin code is not this room's: check it, or give the room's code "
                                        "alone to watch."), style="red")
                continue
            return Seated(room, seat, language, secret.strip() if seat else "")
        else:
            screen.message = Text(_("No open room has that code."), style="red")


async def _create(screen: Screen, club: Club, name: str, language: str, account: int | None,
                  login: str | None) -> Seated | None:
    """A new room, and its seat 1 once it begins; None (with the lobby's message saying why)
    when the player has as many rooms waiting or games in play as they may: said before any
    question where neither kind of room is left to them, else as soon as the opponent is
    chosen, and once more at the end (another of their connections may have opened one)."""
    def barred(opening: bool) -> bool:
        refused = club.refusal(name, account, opening)
        if refused is not None:
            screen.message = Text(refused, style="red")
        return refused is not None

    if club.refusal(name, account, True) is not None and barred(False):
        return None
    deck = await _deck(screen)
    rules = ""
    while rules not in ("sequential", "simultaneous"):
        rules = {"1": "sequential", "2": "simultaneous"}.get(await _ask(
            screen, [Text(_("Rules: 1 sequential, 2 simultaneous"))], "› ", "1 / 2"), "")
    levels = {str(i): level for i, level in enumerate(BOT_LEVELS, 2)}
    opponent = ""
    while opponent not in ("1", *levels):
        opponent = await _ask(screen, [Text(_("Opponent: 1 a person, 2 bot easy, 3 bot medium, 4 bot hard"))],
                              "› ", "1-4")
    if barred(opponent == "1"):
        return None
    minutes = ""
    while not (minutes.isdigit() and int(minutes) <= MAX_MINUTES):
        minutes = await _ask(screen, [Text(_("Clock: minutes for each player (0: no clock)"))], "› ",
                             _("0-{most}").format(most=MAX_MINUTES))
    if barred(opponent == "1"):
        return None
    secret, digest = rejoin_secret() if account is None else ("", None)
    room = club.create(Sitter(name, deck, language, account, digest, login), rules, levels.get(opponent), int(minutes))
    if room.bot is not None:
        await club.begin(room)
        return Seated(room, 1, language, secret)
    try:
        await screen.abusy(_("Room {code}: give this code to your opponent. Waiting…").format(code=room.code),
                           room.begun.wait(), WAIT_REDRAW)
    finally:  # the creator left (or pressed Ctrl-C) before anyone sat down: the room goes
        club.remove(room)
    return Seated(room, 1, language, secret)
