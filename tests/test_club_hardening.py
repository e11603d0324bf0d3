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


async def _raw(port: int, source: str):
    """A TCP connection from ``source`` that never speaks SSH."""
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))


def test_connections_not_logged_in_are_capped_in_all_and_per_address_and_closed_by_the_login_timeout(
        tmp_path, short, caplog):
    short(login_seconds=4.0, startups_full=10)  # no random early drop: every one past ten is refused

    async def main() -> None:
        async with Running(tmp_path) as running:
            def raw(source: str):
                return _raw(running.port, source)

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


def test_a_flood_of_silent_sockets_writes_a_burst_of_lines_and_a_players_login_and_close_are_never_left_out(
        tmp_path, short, caplog, monkeypatch):
    from momon_cli.serve import connection, log_limit

    now, made = [0.0], []  # the bound's clock, moved by the test: the flood is left out however slow the machine

    def limit(log: logging.Logger) -> log_limit.LogLimit:
        made.append(log_limit.LogLimit(log, clock=lambda: now[0]))
        return made[-1]

    monkeypatch.setattr(connection, "LogLimit", limit)

    def left_out() -> int:
        return made[0].buckets["127.0.0.1"].left_out

    async def main() -> None:
        async with Running(tmp_path) as running:
            held = [await _raw(running.port, "127.0.0.1") for _n in range(4)]  # the address's four places
            for reader, _w in held:
                assert (await asyncio.wait_for(reader.readline(), 5)).startswith(b"SSH-2.0-")
            for _n in range(100):  # and a hundred more, each refused at once: 300 lines unbounded
                reader, _w = await _raw(running.port, "127.0.0.1")
                await asyncio.wait_for(reader.read(), 5)
            for _r, writer in held:
                writer.close()
            await until(lambda: left_out() == 4 + 300 + 4 - 20)  # all but the burst, the four closes too
            ann = Client("Ann")  # her connection line is left out as well, her login is not
            await ann.join(running.port)
            await until(lambda: shown(ann, OPEN) in ann.raw)
            ann.leave()
            await until(lambda: caplog.messages[-1] == "connection from 127.0.0.1 closed")
            now[0] += 2.0  # two seconds later, a stranger's line is written again, after the count
            _r, writer = await _raw(running.port, "127.0.0.1")
            await until(lambda: "left out" in caplog.text)
            writer.close()

    asyncio.run(main())
    lines = [m for m in caplog.messages if "127.0.0.1" in m]
    login = lines.index("login from 127.0.0.1: guest 'Ann'")
    assert login == 20 and lines[login + 1:] == ["connection from 127.0.0.1 closed",  # the burst, then Ann's
                                                 "... and 289 more lines from 127.0.0.1 left out",
                                                 "connection from 127.0.0.1"]


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
    for said in ("connection from 127.0.0.1", "login from 127.0.0.1: guest 'Ann'", "closed 127.0.0.1: idle"):
        assert said in caplog.text
    # the idle guests' logins and closes are a stranger's lines: most are left out, past the burst
    assert caplog.text.count("logged in but opened no session") < 16


def test_a_stream_of_guest_logins_that_open_nothing_is_bounded_in_the_log_and_a_players_login_is_not(
        tmp_path, short, caplog, monkeypatch):
    """Anyone may log in as a guest: thirty logins that open no session write no more than the
    address's burst; a guest who then starts a shell still has her login line written."""
    from momon_cli.serve import connection, log_limit

    made = []

    def limit(log: logging.Logger) -> log_limit.LogLimit:
        made.append(log_limit.LogLimit(log, clock=lambda: 0.0))  # a clock that never moves: no refill
        return made[-1]

    monkeypatch.setattr(connection, "LogLimit", limit)

    async def main() -> None:
        async with Running(tmp_path) as running:
            for n in range(30):  # each: its connection, its login and its close (90 lines)
                conn = await _guest(running.port, f"g{n}")
                conn.close()
                await conn.wait_closed()
            await until(lambda: made[0].buckets["127.0.0.1"].left_out == 90 - 20)
            ann = Client("Ann")
            await ann.join(running.port)
            await until(lambda: shown(ann, OPEN) in ann.raw)
            ann.leave()
            await until(lambda: caplog.messages[-1] == "connection from 127.0.0.1 closed")

    asyncio.run(main())
    lines = [m for m in caplog.messages if "127.0.0.1" in m]
    assert sum(1 for m in lines if m.startswith("login from 127.0.0.1: guest 'g")) <= 7
    assert lines.count("login from 127.0.0.1: guest 'Ann'") == 1
    assert len(lines) == 20 + 2  # the burst, then Ann's login and close


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


def test_the_per_address_caps_count_an_ipv6_address_by_its_64():
    """One host owns a whole /64: a fifth connection not yet logged in from anywhere in it is
    refused (four per address), one from the next /64 is not."""
    from momon_cli.serve import connection

    class Probe(connection.LimitedServer):
        def who(self) -> str:
            return "probe"

        def session(self):
            raise AssertionError("no session is opened here")

    class Conn:
        def __init__(self, address: str) -> None:
            self.address, self.closed = address, False

        def get_extra_info(self, name: str) -> tuple[str, int, int, int]:
            return (self.address, 22, 0, 0)

        def close(self) -> None:
            self.closed = True

    counts, loop = connection.Counts(), asyncio.new_event_loop()
    conns = [Conn(f"2001:db8:1:2::{n:x}") for n in range(1, 6)] + [Conn("2001:db8:1:3::1")]
    for conn in conns:
        Probe(counts, connection.Limits(), loop).connection_made(conn)
    loop.close()
    assert [conn.closed for conn in conns] == [False, False, False, False, True, False]
    assert counts.starting == {"2001:db8:1:2::/64": 4, "2001:db8:1:3::/64": 1}


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
    assert "login from 127.0.0.1: guest 'Ann'" in club.stderr.text()


def test_both_listeners_ask_asyncssh_for_keepalives_the_login_timeout_no_line_editor_replaced_bytes_no_agent(monkeypatch):
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
        assert options["agent_forwarding"] is False  # (asyncssh's default would forward a client's agent)


def _child_rss_peak(pid: int) -> int:
    """A child server's peak resident memory in bytes (VmHWM)."""
    from pathlib import Path

    return next(int(line.split()[1]) * 1024 for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                if line.startswith("VmHWM:"))


async def _joins_within(port: int, seconds: float) -> None:
    """Bea joins and reads the lobby within ``seconds``."""
    bea = Client("Bea")
    await asyncio.wait_for(bea.join(port), seconds)
    await until(lambda: shown(bea, OPEN) in bea.raw, seconds)
    bea.leave()


def test_an_80_kb_burst_from_one_guest_is_dropped_past_a_bound_and_another_player_still_reaches_the_lobby(tmp_path):
    from test_club import ClubProcess

    club = ClubProcess(tmp_path)  # a child: a loop blocked on its own pipe would never answer again
    try:
        async def flood() -> None:
            eve = Client("Eve")
            await eve.join(club.port)
            await until(lambda: shown(eve, OPEN) in eve.raw)
            for _n in range(20):  # 80 kB, each message under the 4096 bound: past the 64 kB pipe
                eve.proc.stdin.write(b"a" * 4000)
            await until(lambda: shown(eve, "Too much typed at once: some of it was dropped.") in eve.raw, 10)
            await _joins_within(club.port, 10)
            assert not eve.reader.done()
            eve.leave()

        asyncio.run(flood())
    finally:
        club.kill()


@pytest.mark.skipif(not __import__("pathlib").Path("/proc/self/status").exists(), reason="reads /proc")
def test_5000_window_changes_in_a_burst_are_drawn_once_and_the_lobby_still_answers_in_bounded_memory(tmp_path):
    from test_club import ClubProcess

    club = ClubProcess(tmp_path)
    try:
        async def winch() -> None:
            eve = Client("Eve")
            await eve.join(club.port)
            await until(lambda: shown(eve, OPEN) in eve.raw)
            size = len(eve.raw)
            for n in range(5000):
                eve.proc.change_terminal_size(80 + n % 100, 24 + n % 50)
            await _joins_within(club.port, 10)
            await until(lambda: eve.raw.count(shown(eve, OPEN), size) >= 1, 10)  # drawn again at the last size
            assert eve.raw.count(shown(eve, OPEN), size) < 50
            eve.leave()

        asyncio.run(winch())
        assert _child_rss_peak(club.proc.pid) < 200 * 1024 * 1024
    finally:
        club.kill()


def test_a_second_session_channel_on_one_connection_is_refused_and_the_first_plays_on(tmp_path, short, caplog):
    async def main() -> None:
        async with Running(tmp_path) as running:
            ann = Client("Ann")
            await ann.join(running.port)
            await until(lambda: shown(ann, OPEN) in ann.raw)
            with pytest.raises(asyncssh.ChannelOpenError):
                await ann.conn.create_process(term_type="xterm", term_size=(80, 24))
            ann.send("c")
            await until(lambda: shown(ann, DECK) in ann.raw)
            ann.leave()

    asyncio.run(main())
    assert "refused 127.0.0.1: more than 1 session channels" in caplog.text


def test_only_a_short_lang_and_lc_all_are_kept_of_the_environment(tmp_path, short, monkeypatch):
    from momon_cli.serve.connection import TerminalSession

    kept = []
    started = TerminalSession.session_started

    def session_started(self):
        kept.append(dict(self.chan.get_environment_bytes()))
        started(self)

    monkeypatch.setattr(TerminalSession, "session_started", session_started)

    async def main() -> None:
        async with Running(tmp_path) as running:
            ann = Client("Ann")
            ann.conn = await asyncssh.connect("127.0.0.1", running.port, username="Ann", known_hosts=None,
                                              client_keys=None, password="guest")
            env = {"LANG": "th_TH.UTF-8", "LC_ALL": "x" * 65, "HOME": "/", **{f"V{n}": "y" * 30000 for n in range(20)}}
            ann.proc = await ann.conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None, env=env)
            ann.reader = asyncio.get_running_loop().create_task(ann._read())
            ann.lang = "th_TH.UTF-8"
            await until(lambda: shown(ann, OPEN) in ann.raw)  # Thai: its LANG was kept
            ann.leave()

    asyncio.run(main())
    assert kept == [{b"LANG": b"th_TH.UTF-8"}]


def test_a_session_channel_that_starts_no_shell_is_closed_by_the_login_timeout(tmp_path, short, caplog):
    from asyncssh.channel import SSHClientChannel

    async def main() -> None:
        async with Running(tmp_path) as running:
            conn = await _guest(running.port, "bare")
            chan = SSHClientChannel(conn, asyncio.get_running_loop(), "strict", None, "strict", 8192, 1024)
            await chan._open(b"session")  # a session channel, and no shell asked for
            await asyncio.wait_for(conn.wait_closed(), 5)  # the 1.5 s login timeout

    asyncio.run(main())
    assert "closed 127.0.0.1: logged in but opened no session" in caplog.text


def test_ten_silent_sockets_leave_a_player_in_after_a_few_tries(tmp_path, short, caplog, monkeypatch):
    from momon_cli.serve import connection

    monkeypatch.setattr(connection.random, "random", __import__("random").Random(3).random)
    short(login_seconds=30.0)

    async def main() -> int:
        async with Running(tmp_path) as running:
            held = [await asyncio.open_connection("127.0.0.1", running.port, local_addr=(f"127.0.0.{2 + n // 4}", 0))
                    for n in range(10)]
            for reader, _w in held:
                assert (await asyncio.wait_for(reader.readline(), 5)).startswith(b"SSH-2.0-")
            for tries in range(1, 11):
                ann = Client("Ann")
                try:
                    await asyncio.wait_for(ann.join(running.port), 5)
                except (OSError, asyncssh.Error):
                    continue  # refused at random, as OpenSSH's MaxStartups 10:30:100: once more
                await until(lambda ann=ann: shown(ann, OPEN) in ann.raw)
                ann.leave()
                return tries
            raise AssertionError("never let in")

    assert asyncio.run(main()) <= 10


def test_a_disconnect_reason_with_a_newline_and_escapes_stays_on_one_log_line_without_them(tmp_path, short, caplog):
    forged = "bye\n2026-12-06 19:00:00,000 INFO login from 10.0.0.1: 'admin'\x1b[2J\x1b]0;owned\x07"

    async def main() -> None:
        async with Running(tmp_path) as running:
            conn = await _guest(running.port, "Eve")
            conn.disconnect(asyncssh.DISC_PROTOCOL_ERROR, forged)
            await until(lambda: "closed: " in caplog.text, 5)

    asyncio.run(main())
    assert "\x1b" not in caplog.text and "\x07" not in caplog.text
    assert not any(line.startswith("2026-12-06") for line in caplog.text.splitlines())
    assert "bye 2026-12-06 19:00:00,000 INFO login from 10.0.0.1" in caplog.text
