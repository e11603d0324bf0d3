"""The club's state: its rooms by code, the folder their records go in, and its store
(accounts, ratings, the index of games), which is reached only through ``asyncio.to_thread``.

Every room's game is a served Session on the one event loop; the club indexes a game as it
begins and ends it in the store when the game is over (a game between two accounts is rated).
"""

from __future__ import annotations

import asyncio
import math
import time
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path

from ..language import _, ngettext
from .clock import Clock
from .club_store import ClubStore, ClubStoreError, Player, Standing, name_key
from .connection import log
from .host import Host, stand_in
from .room import Room, Sitter, hashed, room_code

GRACE_SECONDS = 180.0  # with no clock, an absent player's game may be claimed this long after they left
RETURN_POLL_SECONDS = 1.0  # how often an absent player out of time is looked for
OPEN_ROOMS = 2  # rooms one player (an account, or a guest's name) may have waiting for an opponent
GAMES_IN_PLAY = 3  # unfinished games one player may sit in, against people or bots


class Club:
    """The rooms, the records' folder and the store."""

    def __init__(self, store: ClubStore, folder: Path, seed: int | None = None, first: int | None = None,
                 minute: float = 60.0, grace: float = GRACE_SECONDS) -> None:
        self.store, self.folder = store, folder
        self.seed, self.first = seed, first  # every game's deal, fixed only by tests
        self.minute = minute  # a clock's minute, in seconds (shorter only in tests)
        self.grace = grace  # how long a player with no clock may be away before the game may be claimed
        self.rooms: dict[str, Room] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    def create(self, sitter: Sitter, rules: str, bot: str | None, minutes: int = 0) -> Room:
        """A new room with ``sitter`` in seat 1 (its game begins later, or at once against a bot),
        ``minutes`` on each player's clock (0: no clock)."""
        room = Room(room_code(set(self.rooms)), rules, bot, [sitter])
        if minutes:
            room.clock = Clock({1: minutes * self.minute, 2: minutes * self.minute})
        self.rooms[room.code] = room
        return room

    def find(self, code: str) -> Room | None:
        return self.rooms.get(code.strip().lower())

    def remove(self, room: Room) -> None:
        """An open room whose creator left before anyone sat down: gone from the lobby."""
        if self.rooms.get(room.code) is room and room.open:
            del self.rooms[room.code]

    def refusal(self, name: str, account: int | None, opening: bool) -> str | None:
        """Why this player may not have another room waiting (``opening``) or another game in
        play, or None: one player cannot fill the lobby or the club's loop."""
        if opening and sum(room.open for room in self._theirs(name, account)) >= OPEN_ROOMS:
            return ngettext("You have {n} room waiting already: wait for an opponent there.",
                            "You have {n} rooms waiting already: wait for an opponent in one.",
                            OPEN_ROOMS).format(n=OPEN_ROOMS)
        if not opening and len(self.games_of(name, account)) >= GAMES_IN_PLAY:
            return ngettext("You have {n} game in play already: finish it first.",
                            "You have {n} games in play already: finish one first.",
                            GAMES_IN_PLAY).format(n=GAMES_IN_PLAY)
        return None

    async def begin(self, room: Room) -> Host:
        """The room's game, made in a worker thread, indexed, and served (its bots answered)."""
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        self.folder.mkdir(parents=True, exist_ok=True)
        host = await asyncio.to_thread(room.start, self.folder / f"club-{stamp}-{room.code}.jsonl", self.seed,
                                       self.first)
        players = tuple(Player(deck=s.deck, account=s.account, guest=None if s.account else s.name, language=s.language,
                               secret=s.secret)
                        for s in room.sitters)
        if room.bot is not None:
            players = (players[0], Player(deck="stone-gale", bot=f"bot:{room.bot}"))
        room.game_id = await asyncio.to_thread(self.store.begin_game, room.code, room.rules, host.recorder.path,
                                               (players[0], players[1]), room.bot,
                                               None if room.clock is None else room.clock.left[1])
        task = asyncio.get_running_loop().create_task(self._serve(room, host))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return host

    async def _serve(self, room: Room, host: Host) -> None:
        """The room's bots and clock, then its end: the record closed and the result in the store.
        A player out of time has each decision answered by the easy bot while connected; an
        absent one's waits, so that the other may claim the game."""
        from ..session.aplay import changed

        bots = asyncio.get_running_loop().create_task(host.bots_task())
        try:
            while host.game.pending is not None:
                version = host.session.version
                if host.stopped:
                    return
                player = host.game.pending.player
                if room.clock is None or player in host.bots:
                    await changed(host.session, version)
                    continue
                room.clock.run(player)
                left = room.clock.remaining(player)
                if left <= 0 and not room.absent(player):
                    await stand_in(host, player, f"{room.code}-{player}")
                else:  # an absent player out of time waits: to come back, or for the other to claim the game
                    with suppress(TimeoutError):
                        await asyncio.wait_for(changed(host.session, version), left or RETURN_POLL_SECONDS)
                room.clock.run(None)
                if host.session.version != version and room.game_id is not None:
                    await asyncio.to_thread(self.store.clock, room.game_id, dict(room.clock.left))
            host.session.close()  # the record is whole: closed, its lock released
            result = host.game.state.result
            if room.game_id is not None:
                winner = None if result is None else result.winner
                try:
                    await asyncio.to_thread(self.store.end_game, room.game_id, winner,
                                            "claimed" if room.claimed else "over")
                except ClubStoreError as err:  # pruned by the host (momon club prune) while it was played
                    log.warning("room %s: %s", room.code, err)
            log.info("game over in room %s: %s; record %s", room.code, result, host.recorder.path)
        finally:
            bots.cancel()

    def resume(self) -> list[Room]:
        """Every unfinished game of the index as a room again, from its write-ahead record
        (after a restart, even one that followed a SIGKILL); its players rejoin by its code."""
        from ..data.cards import load_matrix
        from ..record import RecordError, RecordFile, resume, seats_from_header

        rooms = []
        for game in self.store.unfinished():
            try:
                file = RecordFile(game.record, create=False)
                record = file.read()
                bots = seats_from_header(record.header, load_matrix())
                played, recorder = resume(file, record)
            except (OSError, RecordError):
                continue  # a record gone or damaged stays in the index, unfinished, for its host to look at
            sitters = [Sitter(name, player.deck, player.language, player.account, player.secret)
                       for name, player in zip(game.names, game.players, strict=True) if player.bot is None]
            room = Room(game.room, game.profile, game.bot_level, sitters, game_id=game.id)
            room.host = Host(played, recorder, bots, {seat: s.language for seat, s in enumerate(sitters, 1)})
            if game.clock is not None:
                room.clock = Clock({1: game.clock[0], 2: game.clock[1]})
            room.begun.set()
            room.away = {seat: time.monotonic() for seat in range(1, len(sitters) + 1)}  # until they rejoin
            self.rooms[room.code] = room
            task = asyncio.get_running_loop().create_task(self._serve(room, room.host))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
            rooms.append(room)
        return rooms

    def claim(self, room: Room, by: int) -> str:
        """``by`` claims the game from the other seat's absent player: it ends as that player's
        concession, in the record, and the index says it was claimed. What ``by`` is told."""
        other = 3 - by
        name = room.names()[other - 1]
        wait = room.claim_in(other, self.grace)
        if wait is None or room.host is None or room.over:
            return _("{name} is here: the game goes on.").format(name=name)
        if wait > 0:
            return _("The game may be claimed in {seconds} s, if {name} has not come back.").format(
                seconds=math.ceil(wait), name=name)
        room.claimed = True
        room.host.session.concede(other)
        return _("You claimed the game: {name} was away.").format(name=name)

    def seat_of(self, room: Room, account: int | None, secret: str) -> int:
        """The seat (1 or 2) of ``room`` that this player sat in, or 0 (a spectator): an account by its
        number, a guest by the secret it was given (a name alone could be anyone's)."""
        for seat, sitter in enumerate(room.sitters, 1):
            if account is not None and sitter.account == account:
                return seat
            if account is None and sitter.secret is not None and secret and hashed(secret) == sitter.secret:
                return seat
        return 0

    def games_of(self, name: str, account: int | None) -> list[Room]:
        """The games in play this player's caps count: a guest's are every guest's of that name
        (a guest may take any name, so a name is what a cap can hold)."""
        return [room for room in self._theirs(name, account) if room.host is not None and not room.over]

    def listed(self, account: int | None, login: str | None) -> list[Room]:
        """This player's games in play, for the lobby to list with their codes (a player who
        dropped goes back by a code they may not have kept): an account's by its number, a
        guest's by its login, never by its name, which another guest may log in with too."""
        return [room for room in self.rooms.values() if room.host is not None and not room.over
                and any(self._sat(s, account, login) for s in room.sitters)]

    def _theirs(self, name: str, account: int | None) -> list[Room]:
        """The rooms this player sits in, waiting or in play."""
        return [room for room in self.rooms.values() if any(self._is(s, name, account) for s in room.sitters)]

    def own(self, room: Room, account: int | None, login: str | None) -> bool:
        """Whether ``room`` is this player's: an account's by its number, a guest's by its login."""
        return self._sat(room.sitters[0], account, login)

    @staticmethod
    def _sat(sitter: Sitter, account: int | None, login: str | None) -> bool:
        """Whether this player sat as ``sitter``: an account by its number, a guest by its login."""
        if account is not None:
            return sitter.account == account
        return sitter.account is None and login is not None and sitter.login == login

    @staticmethod
    def _is(sitter: Sitter, name: str, account: int | None) -> bool:
        """Whether ``sitter`` is this player: an account by its number, a guest by its name."""
        return (sitter.account == account) if account is not None else (sitter.account is None
                                                                         and name_key(sitter.name) == name_key(name))

    def watchable(self) -> list[Room]:
        """The games in play with a person connected: one whose players have all left (a bot's
        opponent gone) stays resumable by its code, but off the lobby's list."""
        return [room for room in self.rooms.values() if room.host is not None and not room.over and room.present]

    def waiting(self) -> list[Room]:
        return [room for room in self.rooms.values() if room.open]

    async def leaderboard(self) -> list[Standing]:
        return await asyncio.to_thread(self.store.leaderboard, 10)

    def stop(self) -> None:
        for room in self.rooms.values():
            if room.host is not None:
                room.host.stop()
