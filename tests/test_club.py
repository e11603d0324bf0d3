"""The club over SSH (``momon serve``'s default): a lobby, rooms by code, many games and
spectators at once on one event loop, guests and accounts, ratings, languages by LANG."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path

import pytest
from drained import Drained

asyncssh = pytest.importorskip("asyncssh")

GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"
TITLE = re.compile(rb"\x1b\]2;momon \xe2\x80\x94 (\w+) ")


async def until(check, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.02)


class Client:
    """One SSH connection at 80x24 to the club: every byte it got."""

    def __init__(self, name: str, lang: str = "en_GB.UTF-8", key: object = None, password: str | None = None) -> None:
        self.name, self.lang, self.key, self.raw = name, lang, key, bytearray()
        self.password = password  # a guest's, logged in by password (else keyboard-interactive, as OpenSSH does)

    async def join(self, port: int) -> None:
        keys = [self.key] if self.key is not None else None
        way = {} if self.password is None else {"preferred_auth": "password"}
        self.conn = await asyncssh.connect("127.0.0.1", port, username=self.name, known_hosts=None,
                                           client_keys=keys, password=self.password or (None if keys else "guest"),
                                           **way)
        self.proc = await self.conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None,
                                                   env={"LANG": self.lang})
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while data := await self.proc.stdout.read(65536):
            self.raw += data

    def prompts(self) -> int:
        return len([m for m in TITLE.findall(self.raw) if m.decode() != "club"])

    def send(self, line: str) -> None:
        self.proc.stdin.write((line + "\r").encode())

    def leave(self) -> None:
        self.conn.close()


class Running:
    """A club served on this test's event loop, its records and store in ``tmp_path``."""

    def __init__(self, tmp_path: Path, minute: float = 60.0, grace: float = 180.0) -> None:
        from momon_cli.serve.club import Club
        from momon_cli.serve.club_store import ClubStore

        self.club = Club(ClubStore(tmp_path / "club" / "club.sqlite3"), tmp_path / "games", seed=7, first=1,
                         minute=minute, grace=grace)
        self.tmp_path = tmp_path

    async def __aenter__(self) -> Running:
        from momon_cli.serve.club_ssh import serve_club

        key = asyncssh.generate_private_key("ssh-ed25519")
        self.stop, bound = asyncio.Event(), asyncio.get_running_loop().create_future()
        self.task = asyncio.get_running_loop().create_task(
            serve_club(self.club, "127.0.0.1", 0, key, bound.set_result, self.stop))
        self.port = await bound
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.stop.set()
        await self.task


def shown(client: Client, message: str) -> bytes:
    """``message`` as ``client``'s screen shows it, in the client's language."""
    from momon_cli.language import _, using

    with using("th" if client.lang.startswith("th") else "en"):
        return _(message).encode()


OPEN, DECK = "Open rooms:", "Pick your deck (a number or a name):"
STEPS = ((OPEN, "c"), (DECK, "dawn-dusk"), ("Rules: 1 sequential, 2 simultaneous", "1"),
         ("Opponent: 1 a person, 2 bot easy, 3 bot medium, 4 bot hard", "1"),
         ("Clock: minutes for each player (0: no clock)", "0"))


async def _create(a: Client, minutes: int = 0) -> None:
    """``a`` creates a room against a person with dawn-dusk (``minutes`` on its clock), each
    line once its screen is there."""
    for message, line in (*STEPS[:-1], (STEPS[-1][0], str(minutes))):
        await until(lambda message=message: shown(a, message) in a.raw)
        a.send(line)


async def _join(b: Client, code: str) -> None:
    """``b`` joins the room ``code`` from the lobby with prism."""
    await until(lambda: shown(b, OPEN) in b.raw)
    b.send(code)
    await until(lambda: shown(b, DECK) in b.raw)
    b.send("prism")


async def _opened(port: int, creator: Client, *others: Client) -> str:
    """Everyone joins the lobby, ``creator`` opens a room against a person: its code."""
    for c in (creator, *others):
        await c.join(port)
    await _create(creator)
    await until(lambda: ROOM.search(creator.raw))
    return ROOM.search(creator.raw)[1].decode()


async def _sit(club, a: Client, b: Client, minutes: int = 0) -> str:
    """``a`` creates a room against a person; ``b`` joins it by its code."""
    before = set(club.rooms)
    await _create(a, minutes)
    await until(lambda: set(club.rooms) - before)
    code = (set(club.rooms) - before).pop()
    await until(lambda: code.encode() in a.raw)
    await _join(b, code)
    await until(lambda: club.rooms[code].host is not None)
    return code


async def _play(pair: tuple[Client, Client], answers: list[str]) -> None:
    """The scripted game to its end, each line sent by whichever seat is asked."""
    await until(lambda: any(c.prompts() for c in pair))
    decider = next(c for c in pair if c.prompts())
    for n, line in enumerate(answers):
        counts = [c.prompts() for c in pair]
        decider.send(line)
        if n == len(answers) - 1:
            break
        await until(lambda counts=counts: any(c.prompts() > k for c, k in zip(pair, counts, strict=True)))
        decider = next(c for c, k in zip(pair, counts, strict=True) if c.prompts() > k)


def test_two_rooms_played_at_once_with_three_spectators_thai_and_english_and_no_hidden_card_sent(tmp_path):
    from momon_cli.data.cards import load_deck, load_pool

    pool = load_pool()
    answers = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    ann, bea, cid, dee = Client("Ann"), Client("Bea", "th_TH.UTF-8"), Client("Cid"), Client("Dee")
    watchers = [Client(f"W{i}") for i in range(3)]

    async def main() -> tuple[str, str]:
        async with Running(tmp_path) as running:
            for c in (ann, bea, cid, dee):
                await c.join(running.port)
            first = await _sit(running.club, ann, bea)
            second = await _sit(running.club, cid, dee)
            for w in watchers:
                await w.join(running.port)
                await until(lambda w=w: b"w1" in w.raw)
                w.send(first)
            await asyncio.gather(_play((ann, bea), answers), _play((cid, dee), answers))
            everyone = (ann, bea, cid, dee, *watchers)
            await until(lambda: all(b"Winner:" in c.raw or "ผู้ชนะ".encode() in c.raw for c in everyone), 90)
            await until(lambda: all(g.ended for g in running.club.store._games("", ())), 30)
            for c in everyone:
                c.leave()
            return first, second

    first, second = asyncio.run(main())
    games = {g.room: g for g in _store(tmp_path).unfinished()}
    assert not games  # both games ended in the store's index
    # each seat's language: Thai for the client whose LANG is th_*, English for the others
    assert "ตัดสินใจ".encode() in bea.raw and "ตัดสินใจ".encode() not in ann.raw
    assert b"decides" in ann.raw and b"decides" not in bea.raw
    assert "ห้องที่รอผู้เล่น".encode() in bea.raw and b"Open rooms" not in bea.raw and b"Open rooms" in ann.raw
    # no hidden card's name or id reached a seat or a spectator
    names = {c.id: c.name for c in pool.values()}
    for record in (tmp_path / "games").glob("*.jsonl"):
        played = {json.loads(line)["value"][0] for line in record.read_text().splitlines() if '"kind":"summon"' in line}
        for who, mine, theirs in ((ann, "dawn-dusk", "prism"), (bea, "prism", "dawn-dusk"),
                                  (cid, "dawn-dusk", "prism"), (dee, "prism", "dawn-dusk")):
            own = {c.name for c in load_deck(mine, pool).cards}
            hidden = {c.id for c in load_deck(theirs, pool).cards if c.id not in played and c.name not in own}
            assert hidden, "the test needs a card the other player never played"
            for secret in hidden | {names[i] for i in hidden}:
                assert secret.encode() not in who.raw, f"{who.name} was sent {secret}"
        unplayed = {c.name for deck in ("dawn-dusk", "prism") for c in load_deck(deck, pool).cards} - {
            names[i] for i in played}
        for w in watchers:
            for name in unplayed:
                assert name.encode() not in w.raw, f"{w.name} was sent {name}"
            assert b"Winner:" in w.raw


def _store(tmp_path: Path):
    from momon_cli.serve.club_store import ClubStore

    return ClubStore(tmp_path / "club" / "club.sqlite3")


def test_a_rated_game_between_two_keys_changes_both_ratings_and_the_lobby_shows_them(tmp_path):
    answers = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    ann = Client("Ann", key=asyncssh.generate_private_key("ssh-ed25519"))
    bea = Client("Bea", key=asyncssh.generate_private_key("ssh-ed25519"))
    later = Client("Cid")

    async def main() -> None:
        async with Running(tmp_path) as running:
            for c in (ann, bea):
                await c.join(running.port)
            await _sit(running.club, ann, bea)
            await _play((ann, bea), answers)
            await until(lambda: not running.club.store.unfinished() and running.club.store.leaderboard())
            for c in (ann, bea):
                c.leave()
            await later.join(running.port)
            await until(lambda: b"Bea" in later.raw and b"Ann" in later.raw)
            later.leave()
            imposter = Client("ann")  # a guest cannot play under an account's name
            await imposter.join(running.port)
            await until(lambda: b"is taken" in imposter.raw)
            imposter.leave()

    asyncio.run(main())
    board = {s.name: s for s in _store(tmp_path).leaderboard()}
    assert set(board) == {"Ann", "Bea"} and board["Ann"].games == board["Bea"].games == 1
    from momon_cli.serve.ratings import START_RATING

    assert board["Ann"].rating > START_RATING > board["Bea"].rating  # Ann (seat 1) wins the scripted game


def test_a_player_out_of_time_is_answered_by_the_easy_bot_and_a_resumed_room_keeps_the_time_left(tmp_path):
    """A clock of one 'minute' (three seconds here): Ann, first to decide, answers nothing; when
    her time is spent the easy bot answers for her, both screens show the clock, and the
    index keeps what is left, which a club started again on it resumes with."""
    ann, bea = Client("Ann"), Client("Bea")

    async def main() -> None:
        async with Running(tmp_path, minute=3.0) as running:
            for c in (ann, bea):
                await c.join(running.port)
            code = await _sit(running.club, ann, bea, minutes=1)
            room = running.club.rooms[code]
            await until(lambda: b"clock 0:0" in ann.raw and b"clock 0:0" in bea.raw)
            await until(lambda: room.host.game.answers and room.clock.left[1] == 0, 20)
            assert room.host.session.last_bot is not None and room.host.session.last_bot.player == 1
            await until(lambda: any("Your time is up: the easy bot answers for you." in line for line in _screen(ann)))
            await until(lambda: running.club.store.unfinished()[0].clock[0] == 0)
            for c in (ann, bea):
                c.leave()

    asyncio.run(main())
    (game,) = _store(tmp_path).unfinished()
    assert game.clock is not None and game.clock[0] == 0 and 0 < game.clock[1] <= 3

    async def again() -> None:
        from momon_cli.serve.club import Club

        club = Club(_store(tmp_path), tmp_path / "games")
        (room,) = club.resume()
        assert room.clock is not None and room.clock.left == {1: 0, 2: game.clock[1]}
        club.stop()

    asyncio.run(again())


@pytest.mark.parametrize(("minutes", "minute", "grace"), [(0, 60.0, 1.5), (1, 3.0, 180.0)], ids=["grace", "clock"])
def test_a_dropped_players_opponent_is_told_and_claims_the_rated_game_once_their_time_is_up(tmp_path, minutes, minute,
                                                                                          grace):
    """Ann (to decide first) drops; Bea reads that she dropped, is refused a claim before
    Ann's time is up (with no clock the grace time, else Ann's clock), then claims: the
    record ends in Ann's concession and verifies, the index says claimed, and both ratings
    move."""
    from typer.testing import CliRunner

    from momon_cli.cli.app import app
    from momon_cli.serve.ratings import START_RATING

    ann = Client("Ann", key=asyncssh.generate_private_key("ssh-ed25519"))
    bea = Client("Bea", key=asyncssh.generate_private_key("ssh-ed25519"))

    async def main() -> None:
        async with Running(tmp_path, minute=minute, grace=grace) as running:
            for c in (ann, bea):
                await c.join(running.port)
            code = await _sit(running.club, ann, bea, minutes)
            await until(lambda: ann.prompts())
            ann.leave()
            await until(lambda: any("Ann dropped — waiting for them to rejoin" in line for line in _screen(bea)))
            assert running.club.claim(running.club.rooms[code], 2).startswith("The game may be claimed in")
            await until(lambda: b"type claim to win the game" in bea.raw)
            bea.send("claim")
            await until(lambda: b"Winner:" in bea.raw)
            await until(lambda: not running.club.store.unfinished())
            bea.leave()

    asyncio.run(main())
    store = _store(tmp_path)
    (game,) = store._games("", ())
    assert game.winner == 2 and game.reason == "claimed"
    board = {s.name: s.rating for s in store.leaderboard()}
    assert board["Bea"] > START_RATING > board["Ann"]
    result = CliRunner().invoke(app, ["verify", str(game.record)])
    assert result.exit_code == 0, result.output
    assert '"type":"concede"' in game.record.read_text().replace(" ", "")


def test_a_claim_waits_for_the_absent_players_clock_or_with_none_the_grace_time():
    from momon_cli.serve.clock import Clock
    from momon_cli.serve.room import Room, Sitter

    room = Room("abcdef", "sequential", None, [Sitter("Ann", "prism", "en"), Sitter("Bea", "prism", "en")])
    first, second = (lambda: None), (lambda: None)
    room.arrive(1, first)
    assert room.claim_in(1, 10.0) is None  # here
    room.arrive(1, second)
    room.leave(1, first)  # the connection that was replaced leaves: Ann is still here
    assert not room.absent(1) and room.claim_in(1, 10.0) is None
    room.leave(1, second)
    assert room.absent(1) and 9.0 < room.claim_in(1, 10.0) <= 10.0
    room.away[1] -= 11.0
    assert room.claim_in(1, 10.0) == 0
    room.clock = Clock({1: 5.0, 2: 5.0})  # with a clock, the time left decides, not the grace time
    assert room.claim_in(1, 10.0) == 5.0
    room.clock.left[1] = 0.0
    assert room.claim_in(1, 10.0) == 0 and room.claim_in(2, 10.0) is None


def test_a_language_picked_in_the_lobby_is_the_seats_and_a_restarted_club_keeps_it(tmp_path):
    """Ann's LANG is English; she switches the lobby to Thai with l, makes a room, and her seat
    is in Thai while Bea's is in English; the index keeps each seat's language, and so does
    the room when a club starts again on it."""
    ann, bea = Client("Ann"), Client("Bea")

    async def main() -> None:
        async with Running(tmp_path) as running:
            for c in (ann, bea):
                await c.join(running.port)
            await until(lambda: shown(ann, OPEN) in ann.raw)
            ann.send("l")
            ann.lang = "th_TH.UTF-8"  # what shown() reads her screen in from here on
            await until(lambda: shown(ann, OPEN) in ann.raw)
            code = await _sit(running.club, ann, bea)
            session = running.club.rooms[code].host.session
            assert (session.language_of(1), session.language_of(2)) == ("th", "en")
            await until(lambda: ann.prompts())
            await until(lambda: "ตัดสินใจ".encode() in ann.raw)
            for c in (ann, bea):
                c.leave()

    asyncio.run(main())
    (game,) = _store(tmp_path).unfinished()
    assert [p.language for p in game.players] == ["th", "en"]

    async def again() -> None:
        from momon_cli.serve.club import Club

        club = Club(_store(tmp_path), tmp_path / "games")
        (room,) = club.resume()
        assert (room.host.session.language_of(1), room.host.session.language_of(2)) == ("th", "en")
        assert [s.language for s in room.sitters] == ["th", "en"]
        club.stop()

    asyncio.run(again())


def test_a_second_connection_takes_the_seat_a_guest_rejoins_by_its_secret_and_nobody_joins_their_own_room(tmp_path):
    """Ann (a guest) makes a room; another "Ann" joining it as its second player is refused
    (a game's two players need two names);
    Bea (a key) joins and, connecting again with her key, takes her seat from her first
    connection, which is told why and closed. A guest named Ann with the room's code alone
    only watches, with a wrong secret is refused, and with Ann's secret takes her seat."""
    bea_key = asyncssh.generate_private_key("ssh-ed25519")
    ann, bea = Client("Ann"), Client("Bea", key=bea_key)

    async def lobby_line(client: Client, port: int, line: str) -> None:
        await client.join(port)
        await until(lambda: shown(client, OPEN) in client.raw)
        client.send(line)

    async def main() -> None:
        async with Running(tmp_path) as running:
            await ann.join(running.port)
            await bea.join(running.port)
            await _create(ann)
            await until(lambda: ROOM.search(ann.raw))
            code = ROOM.search(ann.raw)[1].decode()
            also_ann = Client("Ann")
            await lobby_line(also_ann, running.port, code)
            await until(lambda: b"That room's player is named Ann too" in also_ann.raw)  # two guests, one name
            assert running.club.rooms[code].open
            await _join(bea, code)
            room = running.club.rooms[code]
            await until(lambda: set(room.present) == {1, 2})
            first_bea = room.present[2]
            bea_again = Client("Bea", key=bea_key)
            await lobby_line(bea_again, running.port, code)
            await until(lambda: b"Your seat was taken by a new connection" in bea.raw)
            await until(lambda: room.present.get(2) not in (None, first_bea))
            await until(lambda: bea.proc.stdout.at_eof())
            secret = REJOIN.search(ann.raw)[1].decode().split()[1]
            watcher = Client("Ann")
            await lobby_line(watcher, running.port, code)  # a name alone is anyone's: it watches
            await until(lambda: watcher.prompts() == 0 and b"Ann is deciding" in watcher.raw)
            wrong = Client("Ann")
            await lobby_line(wrong, running.port, f"{code} {'x' * 8}")
            await until(lambda: b"That rejoin code is not this room's" in wrong.raw)
            first_ann = room.present[1]
            ann_again = Client("Ann")
            await lobby_line(ann_again, running.port, f"{code} {secret}")
            await until(lambda: b"Your seat was taken by a new connection" in ann.raw)
            await until(lambda: room.present.get(1) not in (None, first_ann) and ann_again.prompts())
            for c in (also_ann, bea_again, watcher, wrong, ann_again):
                c.leave()

    asyncio.run(main())
    (game,) = _store(tmp_path).unfinished()
    import hashlib

    secret_hash = game.players[0].secret
    assert game.players[0].guest == "Ann" and len(secret_hash) == 64 and game.players[1].secret is None
    assert hashlib.sha256(REJOIN.search(ann.raw)[1].split()[1]).hexdigest() == secret_hash


def _screen(client: Client) -> list[str]:
    """The lines of ``client``'s 80x24 screen as a terminal draws its bytes so far."""
    import pyte

    screen = pyte.Screen(80, 24)
    pyte.ByteStream(screen).feed(bytes(client.raw))
    return screen.display


def test_the_deciders_own_clock_counts_down_on_their_prompt(tmp_path):
    """Ann's clock (six seconds here) runs while her prompt waits, and her own screen shows it
    going down with nothing typed; Bea's, not running, stays whole."""
    import re

    ann, bea = Client("Ann"), Client("Bea")

    async def main() -> None:
        async with Running(tmp_path, minute=6.0) as running:
            for c in (ann, bea):
                await c.join(running.port)
            await _sit(running.club, ann, bea, minutes=1)
            await until(lambda: re.search(r"clock 0:0[1-4] / 0:06", _screen(ann)[0]) is not None, 30)
            for c in (ann, bea):
                c.leave()

    asyncio.run(main())


def test_code_shows_a_seat_its_way_back_when_the_clock_leaves_no_room_and_to_that_seat_alone(tmp_path):
    """Beside a clock of ten minutes or more, a guest's status line at 80 columns has no room for the
    rejoin code: the clock stays, the code goes. At her
    prompt Ann types ``code`` (which ``help`` lists): she reads the room's code and her secret;
    Bea's ``code`` says Bea's own. Neither secret reaches the other seat, nor Cid watching."""
    from momon_cli.serve.room import hashed

    answers = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    ann, bea, cid = Client("Ann"), Client("Bea"), Client("Cid")
    told = re.compile(rb"Join again from the lobby with the room's code: ([a-z0-9]{6}) ([a-z0-9]{8})")

    async def main() -> None:
        async with Running(tmp_path) as running:
            for c in (ann, bea, cid):
                await c.join(running.port)
            code = await _sit(running.club, ann, bea, minutes=20)
            room = running.club.rooms[code]
            await until(lambda: shown(cid, OPEN) in cid.raw and room.present.keys() == {1, 2})
            cid.send("")  # the lobby drawn again, with the game to watch
            await until(lambda: f"w1 {code}".encode() in cid.raw)
            cid.send("w1")
            await until(lambda: ann.prompts() and "clock 20:00 / 20:00" in _screen(ann)[0] and b"is deciding" in cid.raw)
            ann.send("help")
            await until(lambda: b"more lines: Enter shows them" in ann.raw)
            ann.send("")  # its last page
            await until(lambda: b"the code to join this game again (a guest's secret too)" in ann.raw)
            ann.send("code")
            await until(lambda: told.search(ann.raw))
            room_code, secret = (part.decode() for part in told.search(ann.raw).groups())
            assert room_code == code and hashed(secret) == room.sitters[0].secret
            ann.send(answers[0])
            await until(lambda: bea.prompts())
            bea.send("code")
            await until(lambda: told.search(bea.raw))
            bea_secret = told.search(bea.raw)[2].decode()
            assert hashed(bea_secret) == room.sitters[1].secret != room.sitters[0].secret
            await until(lambda: room.host.game.answers)
            assert not REJOIN.search(ann.raw) and not REJOIN.search(bea.raw)  # the clock kept, the code gone
            for other, kept in ((bea, secret), (cid, secret), (ann, bea_secret), (cid, bea_secret)):
                assert kept.encode() not in other.raw and kept not in "".join(_screen(other))
            bea.send("quit")  # her way back said once, in one sentence
            await until(lambda: b"You left; the game waits for you. Join again from the lobby" in bea.raw)
            assert b"Join again with" not in bea.raw
            cid.proc.stdin.write(b"\x03")  # a watcher's Ctrl-C: no seat waits for him
            await until(lambda: b"You stopped watching; the game goes on." in cid.raw)
            assert b"the game waits for you" not in cid.raw
            for c in (ann, bea, cid):
                c.leave()

    asyncio.run(main())


def test_a_bots_progress_and_why_reach_its_opponent_in_a_club_room(tmp_path, monkeypatch):
    """Against bot:hard, Ann's screen shows the bot's progress while it thinks (BotTurn.progress,
    as hot-seat shows it), and ``why`` then tells what it weighed (not that no bot has
    answered). The bot's first answer waits until the test has seen its progress, so a fast
    machine shows it too."""
    import threading

    from momon_cli.session.bot_turn import BotTurn

    ann, seen = Client("Ann"), threading.Event()
    think = BotTurn.think

    def held(turn: BotTurn) -> object:
        seen.wait(60)
        return think(turn)

    monkeypatch.setattr(BotTurn, "think", held)

    async def main() -> None:
        async with Running(tmp_path) as running:
            await ann.join(running.port)
            for message, line in (*STEPS[:-2], (STEPS[-2][0], "4"), (STEPS[-1][0], "0")):
                await until(lambda message=message: shown(ann, message) in ann.raw)
                ann.send(line)
            await until(lambda: ann.prompts() == 1)
            ann.send("1 B2")
            await until(lambda: any("Hard bot is thinking…" in line for line in _screen(ann)))
            seen.set()
            await until(lambda: ann.prompts() == 2)
            ann.send("why")
            await until(lambda: "← played".encode() in ann.raw)
            assert b"No bot has answered" not in ann.raw
            ann.leave()

    asyncio.run(main())


class ClubProcess:
    """``momon serve`` (a club) in a subprocess, its data folder in ``tmp_path``."""

    def __init__(self, tmp_path: Path) -> None:
        import os
        import subprocess
        import sys

        env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
        self.proc = subprocess.Popen([sys.executable, "-m", "momon_cli", "serve", "--club", "--port", "0", "--seed", "7",
                                      "--first", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env=env, cwd=Path(__file__).parent.parent)
        self.stderr = Drained(self.proc.stderr)  # the operator's log, read as it is written
        self.lines: list[str] = []
        while not self.lines or not self.lines[-1].startswith("Host key fingerprint"):
            line = self.proc.stdout.readline()
            assert line, self.stderr.text()
            self.lines.append(line.rstrip("\n"))
        self.port = int(re.search(r"ssh -p (\d+)", self.lines[-2])[1])

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()  # SIGKILL: nothing is flushed or closed
            self.proc.wait()


ROOM = re.compile(rb"Room ([a-z0-9]{6}):")
REJOIN = re.compile(rb"rejoin: ([a-z0-9]{6} [a-z0-9]{8})")


def test_a_host_killed_mid_game_resumes_both_rooms_from_their_records_and_the_players_rejoin(tmp_path):
    answers = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    pairs = [(Client("Ann"), Client("Bea")), (Client("Cid"), Client("Dee"))]
    codes: list[str] = []
    cut = 6  # answers played before the kill

    async def before(port: int) -> None:
        for a, b in pairs:
            await a.join(port)
            await b.join(port)
            await _create(a)
            await until(lambda a=a: ROOM.search(a.raw))
            codes.append(ROOM.search(a.raw)[1].decode())
            await _join(b, codes[-1])
        await asyncio.gather(*(_play(pair, answers[:cut + 1]) for pair in pairs))
        await until(lambda: all(REJOIN.search(c.raw) for pair in pairs for c in pair))
        await until(lambda: all(pair[1].prompts() + pair[0].prompts() >= cut + 2 for pair in pairs))

    async def after(port: int) -> list[tuple[Client, Client]]:
        again = [(Client("Ann"), Client("Bea")), (Client("Cid"), Client("Dee"))]
        for pair, old in zip(again, pairs, strict=True):
            for c, was in zip(pair, old, strict=True):
                await c.join(port)
                await until(lambda c=c: shown(c, OPEN) in c.raw)
                c.send(REJOIN.search(was.raw)[1].decode())  # a guest rejoins by the code it was shown
        await asyncio.gather(*(_play(pair, answers[cut + 1:]) for pair in again))
        await until(lambda: all(b"Winner:" in c.raw for pair in again for c in pair), 90)
        return again

    first = ClubProcess(tmp_path)
    try:
        asyncio.run(before(first.port))
    finally:
        first.kill()
    second = ClubProcess(tmp_path)
    try:
        assert sum(line.startswith("Room ") and "resumed" in line for line in second.lines) == 2, second.lines
        asyncio.run(after(second.port))
    finally:
        second.kill()
    from momon_cli.serve.club_store import ClubStore

    store = ClubStore(tmp_path / "data" / "momon-cli" / "club" / "club.db")
    assert not store.unfinished()
    assert {g.winner for g in store._games("", ())} == {1}


def test_a_club_beside_an_option_of_one_game_is_refused_in_one_line():
    """A club chooses its own players: the hidden --club with --p1 is one line, exit 2."""
    from typer.testing import CliRunner

    from momon_cli.cli.app import app

    result = CliRunner().invoke(app, ["serve", "--club", "--p1", "Ann"])
    assert result.exit_code == 2 and "--club" in result.output and "Traceback" not in result.output


def test_two_players_typing_one_open_rooms_code_at_once_seat_only_the_first_to_pick_a_deck(tmp_path):
    """Bea and Cid both type Ann's room's code and both reach the deck menu; Bea picks first and
    sits; Cid, picking after, is told the seat is taken and stays in the lobby: the room has
    two sitters and the index one game."""
    ann, bea, cid = Client("Ann"), Client("Bea"), Client("Cid")

    async def main() -> None:
        async with Running(tmp_path) as running:
            code = await _opened(running.port, ann, bea, cid)
            for c in (bea, cid):
                await until(lambda c=c: shown(c, OPEN) in c.raw)
                c.send(code)
            await until(lambda: all(shown(c, DECK) in c.raw for c in (bea, cid)))
            bea.send("prism")
            room = running.club.rooms[code]
            await until(lambda: room.host is not None)
            cid.send("prism")
            await until(lambda: b"Someone took that seat first." in cid.raw)
            assert [s.name for s in room.sitters] == ["Ann", "Bea"]
            for c in (ann, bea, cid):
                c.leave()

    asyncio.run(main())
    (game,) = _store(tmp_path)._games("", ())
    assert game.names == ("Ann", "Bea")


def test_an_open_room_goes_when_its_creator_leaves_before_anyone_sits_down(tmp_path):
    ann, bea = Client("Ann"), Client("Bea")

    async def main() -> None:
        async with Running(tmp_path) as running:
            await ann.join(running.port)
            await _create(ann)
            await until(lambda: ROOM.search(ann.raw))
            code = ROOM.search(ann.raw)[1].decode()
            assert [room.code for room in running.club.waiting()] == [code]
            ann.leave()
            await until(lambda: code not in running.club.rooms)
            await bea.join(running.port)
            await until(lambda: shown(bea, OPEN) in bea.raw)
            bea.send(code)
            await until(lambda: b"No open room has that code." in bea.raw)
            bea.leave()

    asyncio.run(main())
    assert not _store(tmp_path)._games("", ())


def test_one_player_has_at_most_two_rooms_waiting_and_three_games_in_play_and_a_game_nobody_is_at_is_not_listed(
        tmp_path):
    """Club.refusal counts a guest's rooms by name (an account's by number): a third waiting room
    and a fourth game in play are refused, another player is not; a bot game whose player left
    stays in the club (rejoined by its code) but not among the games to watch."""
    from momon_cli.serve.club import Club
    from momon_cli.serve.club_store import ClubStore
    from momon_cli.serve.room import Sitter

    async def main() -> None:
        club = Club(ClubStore(tmp_path / "club.db"), tmp_path / "games", seed=7, first=1)
        for _n in range(2):
            assert club.refusal("Ann", None, True) is None
            club.create(Sitter("Ann", "prism", "en"), "sequential", None)
        assert club.refusal("ANN", None, True) == "You have 2 rooms waiting already: wait for an opponent in one."
        assert club.refusal("Bea", None, True) is None and club.refusal("Ann", 4, True) is None
        games = []
        for _n in range(3):
            assert club.refusal("Ann", None, False) is None
            games.append(club.create(Sitter("Ann", "prism", "en"), "sequential", "easy"))
            await club.begin(games[-1])
        assert club.refusal("Ann", None, False) == "You have 3 games in play already: finish one first."
        assert club.watchable() == []  # nobody connected at any of them
        games[0].arrive(1, lambda: None)
        assert club.watchable() == [games[0]]
        games[0].leave(1, next(iter(games[0].present.values())))
        assert club.watchable() == [] and club.find(games[0].code) is games[0]
        club.stop()

    asyncio.run(main())


def test_the_lobby_marks_a_guest_and_not_an_account_in_each_language():
    from momon_cli.language import using
    from momon_cli.serve.lobby_view import _room_line
    from momon_cli.serve.room import Room, Sitter

    room = Room("abcdef", "sequential", None, [Sitter("Ann", "prism", "en", account=1), Sitter("Bea", "prism", "en")])
    assert _room_line(room).plain == "abcdef  Ann (prism) / Bea (guest) (prism) · sequential · a person"
    with using("th"):
        thai = _room_line(room).plain
    assert "Ann (prism)" in thai and "Bea (guest)" not in thai and "Bea" in thai


def test_the_lobby_names_a_rooms_rules_and_bot_in_the_screens_language():
    from momon_cli.language import using
    from momon_cli.serve.lobby_view import _room_line
    from momon_cli.serve.room import Room, Sitter

    room = Room("abcdef", "simultaneous", "hard", [Sitter("Ann", "prism", "en", account=1)])
    assert _room_line(room).plain == "abcdef  Ann (prism) · simultaneous · Hard bot"
    with using("th"):
        thai = _room_line(room).plain
    assert thai == "abcdef  Ann (prism) · ตัดสินพร้อมกัน · บอทระดับยาก", thai


def test_a_player_past_their_rooms_is_told_so_before_the_questions_that_it_makes_useless(tmp_path):
    """With two rooms waiting, Ann is refused a third as soon as she chooses a person as her
    opponent (not after the clock's question); with three games in play besides, before the
    first question."""
    from momon_cli.serve.room import Sitter

    ann = Client("Ann")

    async def main() -> None:
        async with Running(tmp_path) as running:
            for _n in range(2):
                running.club.create(Sitter("Ann", "prism", "en"), "sequential", None)
            await ann.join(running.port)
            for message, line in STEPS[:-1]:
                await until(lambda message=message: shown(ann, message) in ann.raw)
                ann.send(line)
            await until(lambda: b"You have 2 rooms waiting already" in ann.raw)
            assert shown(ann, STEPS[-1][0]) not in ann.raw
            for _n in range(3):
                await running.club.begin(running.club.create(Sitter("Ann", "prism", "en"), "sequential", "easy"))
            seen = len(ann.raw)
            ann.send("c")
            await until(lambda: b"You have 3 games in play already" in ann.raw[seen:])
            assert shown(ann, DECK) not in ann.raw[seen:]
            ann.leave()

    asyncio.run(main())


def test_the_lobby_lists_a_players_own_games_in_play_to_go_back_to_and_only_theirs(tmp_path):
    """Ann (a guest) left her game against a bot: back in the lobby she sees it under her games
    with its code, told that her rejoin secret goes with it; Bea does not, and neither sees a
    room still waiting there. Bea's empty lists (no game to watch, no rating yet) say so."""
    from momon_cli.serve.room import Sitter, guest_login

    ann, bea = Client("Ann", password="any"), Client("Bea")
    login = guest_login("Ann", "any")

    async def main() -> None:
        async with Running(tmp_path) as running:
            game = running.club.create(Sitter("Ann", "prism", "en", login=login), "sequential", "easy")
            await running.club.begin(game)
            waiting = running.club.create(Sitter("Ann", "prism", "en", login=login), "sequential", None)
            for c in (ann, bea):
                await c.join(running.port)
                await until(lambda c=c: shown(c, OPEN) in c.raw)
            top = "\n".join(_screen(ann))
            assert "Your games (type a game's code and your rejoin secret to go back):" in top
            assert top.index(game.code) < top.index("Open rooms:") < top.index(waiting.code)
            seen = _screen(bea)
            assert "Your games" not in "\n".join(seen)
            for heading in ("Games to watch:", "Leaderboard:"):  # an empty list says so
                assert seen[seen.index(heading.ljust(80)) + 1].strip() == "(none)", seen
            for c in (ann, bea):
                c.leave()

    asyncio.run(main())


def test_a_guest_sees_only_the_games_they_sat_in_not_another_guests_of_the_same_name(tmp_path):
    """Two guests log in as Ann with other passwords: the first created a game against a bot
    from the lobby and dropped; logging in again alike (any case of the name) she finds it
    under her games with its code, while the other Ann is shown neither the heading nor the
    code, nor is an Ann who logs in with no password; the second is not told the first Ann's
    open room is hers, but that its player has her name (two players need two names), while
    the first Ann is told it is hers."""
    first, second, third = Client("Ann", password="one"), Client("ann", password="two"), Client("Ann")

    async def main() -> None:
        async with Running(tmp_path) as running:
            await first.join(running.port)
            for message, line in (*STEPS[:3], (STEPS[3][0], "2"), STEPS[4]):  # against bot:easy
                await until(lambda message=message: shown(first, message) in first.raw)
                first.send(line)
            await until(lambda: any(room.host is not None for room in running.club.rooms.values()))
            code = next(iter(running.club.rooms))
            first.leave()
            again = Client("ANN", password="one")
            for c in (again, second, third):
                await c.join(running.port)
                await until(lambda c=c: shown(c, OPEN) in c.raw)
            mine = "\n".join(_screen(again))
            assert "Your games (type a game's code and your rejoin secret to go back):" in mine and code in mine
            for other in (second, third):
                theirs = "\n".join(_screen(other))
                assert "Your games" not in theirs and code not in theirs
            waiting = running.club.create(Sitter("Ann", "prism", "en", login=guest_login("Ann", "one")),
                                          "sequential", None)
            seen = len(second.raw)
            second.send(waiting.code)
            await until(lambda: b"That room's player is named Ann too" in second.raw[seen:])
            assert b"That room is yours" not in second.raw and waiting.open
            again.send(waiting.code)
            await until(lambda: b"That room is yours" in again.raw)  # the Ann who made it, by her login
            for c in (again, second, third):
                c.leave()

    from momon_cli.serve.room import Sitter, guest_login

    asyncio.run(main())


def test_wrong_rejoin_secrets_are_logged_slowed_down_and_the_fifth_closes_the_connection(tmp_path, monkeypatch, caplog):
    """A guest guessing Ann's secret is refused, each wrong secret logged with the room's code
    and each next one read later than the last (the delay doubles: 0.2, 0.4, 0.8, 1.6 s
    here); the fifth closes the connection in one line."""
    import logging

    from momon_cli.serve.lobby_view import Guesses

    monkeypatch.setattr(Guesses, "FIRST_DELAY", 0.2)
    caplog.set_level(logging.WARNING, logger="momon.serve")
    ann, bea, eve = Client("Ann"), Client("Bea"), Client("Eve")

    def logged() -> list[logging.LogRecord]:
        return [r for r in caplog.records if "wrong rejoin secret" in r.getMessage()]

    async def main() -> None:
        async with Running(tmp_path) as running:
            code = await _opened(running.port, ann, bea, eve)
            await _join(bea, code)
            await until(lambda: running.club.rooms[code].host is not None)
            await until(lambda: shown(eve, OPEN) in eve.raw)
            for n in range(1, 6):
                eve.send(f"{code} {'x' * 8}")
                await until(lambda n=n: len(logged()) == n)
            await until(lambda: b"Too many wrong rejoin codes: this connection is closed." in eve.raw)
            await until(lambda: eve.proc.stdout.at_eof())
            assert b"That rejoin code is not this room's" in eve.raw
            for c in (ann, bea):
                c.leave()

    asyncio.run(main())
    records = logged()
    gaps = [later.created - earlier.created for earlier, later in zip(records, records[1:], strict=False)]
    assert all(gap >= 0.2 * 2 ** n for n, gap in enumerate(gaps)), gaps
    assert all(f"{n} of 5 for room " in r.getMessage() and "'Eve'" in r.getMessage() for n, r in enumerate(records, 1))
