"""The club's listener has the single game's hardening (connection.py, shared): caps on
connections not yet logged in and logged in, the login and idle timeouts, terminal sizes,
stray bytes and floods, the log, no server path to a player. Served on this test's event
loop with short timeouts; clients are asyncssh's, on 127.0.0.x."""

from __future__ import annotations

import asyncio
import logging

import pytest
from test_club import DECK, GAME, OPEN, Client, Running, _play, _sit, shown, until

asyncssh = pytest.importorskip("asyncssh")

SHORT = {"login_seconds": 1.5, "idle_seconds": 3.0}


@pytest.fixture
def short(monkeypatch, caplog):
    """The club's limits with short timeouts, and the operator's log captured."""
    from momon_cli.serve import connection

    def limits(**changes: object) -> None:
        monkeypatch.setattr(connection, "CLUB", connection.Limits(**{**SHORT, "connections": 256,
                                                                     "connections_per_address": 32, **changes}))

    limits()
    monkeypatch.setattr(logging.getLogger("momon.serve"), "propagate", True)
    caplog.set_level(logging.INFO, logger="momon.serve")
    return limits


async def _guest(port: int, name: str, source: str = "127.0.0.1"):
    """A guest that logs in and opens no session."""
    return await asyncssh.connect("127.0.0.1", port, username=name, password="x", known_hosts=None,
                                  client_keys=None, local_addr=(source, 0))


def test_connections_not_logged_in_are_capped_in_all_and_per_address_and_closed_by_the_login_timeout(
        tmp_path, short, caplog):
    short(login_seconds=4.0)

    async def main() -> None:
        async with Running(tmp_path) as running:
            async def raw(source: str):  # a TCP connection that never speaks SSH
                return await asyncio.open_connection("127.0.0.1", running.port, local_addr=(source, 0))

            held = [await raw("127.0.0.2") for _n in range(4)]
            for reader, _w in held:  # the server's version line: each was let in
                assert (await asyncio.wait_for(reader.readline(), 5)).startswith(b"SSH-2.0-")
            fifth, _w = await raw("127.0.0.2")  # a fifth from one address is closed at once
            await asyncio.wait_for(fifth.read(), 1)  # (its end read well before the login timeout)
            held += [await raw("127.0.0.3") for _n in range(4)] + [await raw("127.0.0.4") for _n in range(2)]
            eleventh, _w = await raw("127.0.0.5")  # ten in all: the eleventh too
            await asyncio.wait_for(eleventh.read(), 1)
            for reader, _w in held:  # the login timeout closes every one of them
                await asyncio.wait_for(reader.read(), 10)
            ann = Client("Ann")  # and then a player joins
            await ann.join(running.port)
            await until(lambda: shown(ann, OPEN) in ann.raw)
            ann.leave()

    asyncio.run(main())
    assert caplog.text.count("too many connections not yet logged in") == 2


def test_s1_sixteen_logged_in_idle_connections_do_not_stop_a_join_and_are_closed_by_the_timeouts(
        tmp_path, short, caplog):
    async def main() -> None:
        async with Running(tmp_path) as running:
            idle = [await _guest(running.port, f"idle{n}") for n in range(16)]  # logged in, no session
            sitting = [Client(f"Sit{n}") for n in range(4)]  # in the lobby, typing nothing
            for c in sitting:
                await c.join(running.port)
                await until(lambda c=c: shown(c, OPEN) in c.raw)
            ann = Client("Ann")
            await ann.join(running.port)  # the 21st: she joins, and goes on
            await until(lambda: shown(ann, OPEN) in ann.raw)
            ann.send("c")
            await until(lambda: shown(ann, DECK) in ann.raw)
            await asyncio.wait_for(asyncio.gather(*(conn.wait_closed() for conn in idle)), 10)  # the login timeout
            for c in (*sitting, ann):  # the idle timeout, told in a line
                await until(lambda c=c: c.reader.done() and b"nothing was typed" in c.raw, 10)

    asyncio.run(main())
    for said in ("connection from 127.0.0.1", "login from 127.0.0.1: guest 'idle0'", "login from 127.0.0.1: guest 'Ann'",
                 "logged in but opened no session", "closed 127.0.0.1: idle"):
        assert said in caplog.text


def test_logged_in_connections_are_capped_per_address_and_another_address_still_joins(tmp_path, short, caplog):
    short(connections_per_address=4)

    async def main() -> None:
        async with Running(tmp_path) as running:
            idle = [await _guest(running.port, f"idle{n}", "127.0.0.2") for n in range(4)]
            fifth = await _guest(running.port, "idle4", "127.0.0.2")  # logged in, then closed at once
            await asyncio.wait_for(fifth.wait_closed(), 1)
            assert not any(conn.is_closed() for conn in idle)
            ann = Client("Ann")
            await ann.join(running.port)
            await until(lambda: shown(ann, OPEN) in ann.raw)
            ann.leave()
            for conn in idle:
                conn.close()

    asyncio.run(main())
    assert "refused 127.0.0.2: 4 connections logged in, 4 from there" in caplog.text


def test_the_lobby_redraws_on_a_window_change_refuses_stray_bytes_in_a_line_and_drops_a_flood(tmp_path, short):
    async def main() -> None:
        async with Running(tmp_path) as running:
            ann = Client("Ann")
            await ann.join(running.port)
            await until(lambda: shown(ann, OPEN) in ann.raw)
            size = len(ann.raw)
            ann.proc.change_terminal_size(100, 30)
            await until(lambda: shown(ann, OPEN) in ann.raw[size:])  # drawn again at its new size
            nothing = shown(ann, "No open room has that code.")
            ann.proc.stdin.write(b"\xff\xfe\xc3\r")  # invalid UTF-8: one line, and the lobby stays
            await until(lambda: nothing in ann.raw)
            size = len(ann.raw)
            ann.proc.stdin.write(b"x" * 5000)  # one message over the bound: dropped whole
            ann.send("c")  # had the flood been read, this would end a line of x's that opens no room
            await until(lambda: shown(ann, DECK) in ann.raw[size:])
            assert not ann.reader.done()
            ann.leave()

    asyncio.run(main())


def test_save_in_a_club_room_names_the_record_and_no_path_on_the_server(tmp_path, short):
    async def main() -> None:
        async with Running(tmp_path) as running:
            ann = Client("Ann")
            await ann.join(running.port)
            for message, line in ((OPEN, "c"), (DECK, "dawn-dusk"), ("Rules: 1 sequential, 2 simultaneous", "1"),
                                  ("Opponent: 1 a person, 2 bot easy, 3 bot medium, 4 bot hard", "2"),
                                  ("Clock: minutes for each player (0: no clock)", "0")):
                await until(lambda message=message: shown(ann, message) in ann.raw)
                ann.send(line)
            await until(lambda: ann.prompts() >= 1)
            ann.send("save")
            await until(lambda: b"Saved on the server as" in ann.raw)
            assert str(tmp_path).encode() not in ann.raw and b".jsonl" in ann.raw
            ann.leave()

    asyncio.run(main())


@pytest.mark.parametrize("step", ["guest", "leaderboard"])  # before the lobby, and inside it
def test_a_refusal_that_names_the_servers_files_reaches_the_player_without_them(tmp_path, short, monkeypatch, caplog,
                                                                                step):
    from momon_cli.serve.club_store import ClubStore, ClubStoreError

    def broken(self, *args):
        raise ClubStoreError(f"{self.path}: the club database cannot be used: disk I/O error")

    monkeypatch.setattr(ClubStore, step, broken)

    async def main() -> None:
        async with Running(tmp_path) as running:
            ann = Client("Ann")
            await ann.join(running.port)
            await until(lambda: ann.reader.done())
            assert shown(ann, "The club cannot seat you just now. Try again later.") in ann.raw
            assert str(tmp_path).encode() not in ann.raw

    asyncio.run(main())
    assert "disk I/O error" in caplog.text  # the operator reads what happened


def test_a_key_offered_but_not_proven_leaves_a_password_login_a_guest():
    """asyncssh asks the server about a key before it checks the client's signature: a client
    that offers someone's public key, cannot sign with it and then logs in by password (or
    keyboard-interactive) is a guest, never that key's account."""
    from momon_cli.serve.club_ssh import ClubServer
    from momon_cli.serve.connection import CLUB, Counts

    someone = asyncssh.generate_private_key("ssh-ed25519")
    for login in ("password", "kbdint"):
        server = ClubServer(None, Counts(), CLUB, None)  # type: ignore[arg-type]
        assert server.validate_public_key("ann", someone.convert_to_public())
        assert server.fingerprint is not None
        if login == "password":
            assert server.validate_password("ann", "anything")
        else:
            assert server.get_kbdint_challenge("ann", "", "") is True
        assert server.fingerprint is None


def test_the_log_has_each_seating_and_the_result_of_a_club_game(tmp_path, short, caplog):
    short(idle_seconds=1800.0)
    answers = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    ann, bea, watcher = Client("Ann"), Client("Bea"), Client("Cid")

    async def main() -> str:
        async with Running(tmp_path) as running:
            for c in (ann, bea):
                await c.join(running.port)
            code = await _sit(running.club, ann, bea)
            await watcher.join(running.port)
            await until(lambda: b"w1" in watcher.raw)
            watcher.send("w1")
            await _play((ann, bea), answers)
            await until(lambda: "game over in room" in caplog.text, 60)
            for c in (ann, bea, watcher):
                c.leave()
            return code

    code = asyncio.run(main())
    for said in (f"127.0.0.1 'Ann' sits in seat 1 of room {code}", f"127.0.0.1 'Bea' sits in seat 2 of room {code}",
                 f"127.0.0.1 'Cid' watches room {code}", f"game over in room {code}: "):
        assert said in caplog.text, said


def test_momon_serve_makes_the_clubs_data_folder_0700_and_logs_to_stderr_and_a_0600_serve_log(tmp_path):
    import stat

    from test_club import ClubProcess

    club = ClubProcess(tmp_path)
    try:
        async def visit() -> None:
            ann = Client("Ann")
            await ann.join(club.port)
            await until(lambda: shown(ann, OPEN) in ann.raw)
            ann.leave()

        asyncio.run(visit())
    finally:
        club.kill()
    data = tmp_path / "data" / "momon-cli"
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE((data / "serve.log").stat().st_mode) == 0o600  # names and addresses: the operator's alone
    logged = (data / "serve.log").read_text()
    for said in ("club open on 127.0.0.1:", "connection from 127.0.0.1", "login from 127.0.0.1: guest 'Ann'"):
        assert said in logged, said
    assert "login from 127.0.0.1: guest 'Ann'" in club.proc.stderr.read()


def test_both_listeners_ask_asyncssh_for_keepalives_the_login_timeout_no_line_editor_and_replaced_bytes(monkeypatch):
    """What asyncssh itself enforces, asked of it alike by the club and by one game."""
    from momon_cli.serve import club_ssh, connection, ssh

    asked = []

    async def create_server(factory, address, port, **options):
        asked.append(options)
        raise OSError("not listening in this test")

    monkeypatch.setattr(connection.asyncssh, "create_server", create_server)
    for serve in (lambda: club_ssh.serve_club(None, "127.0.0.1", 0, None, print, asyncio.Event()),
                  lambda: ssh.serve(None, {}, ("A", "B"), "127.0.0.1", 0, None, print, asyncio.Event())):
        with pytest.raises(OSError):
            asyncio.run(serve())
    club, game = asked
    for options, limits in ((club, connection.CLUB), (game, connection.GAME)):
        assert options["keepalive_interval"] == 30.0 and options["keepalive_count_max"] == 3
        assert options["login_timeout"] == limits.login_seconds == 10.0
        assert options["line_editor"] is False and options["errors"] == "replace" and options["encoding"] == "utf-8"
