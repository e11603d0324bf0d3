"""``momon serve``'s hardening (issue 34): the host key, the failure table, terminal sizes,
stray bytes. Servers are the real command on a free port; clients are asyncssh's."""

import asyncio
import os
import pathlib
import stat
from pathlib import Path

import pytest
from test_serve import GAME, Seat, Server, until

asyncssh = pytest.importorskip("asyncssh")


def test_the_host_key_is_0600_from_its_creation_and_its_folder_0700(tmp_path, monkeypatch):
    from momon_cli.serve import ssh

    def no_chmod(*args, **kwargs):
        raise AssertionError("the key was made with another mode and chmod-ed after")

    monkeypatch.setattr(pathlib.Path, "chmod", no_chmod)
    monkeypatch.setattr(os, "chmod", no_chmod)
    old = os.umask(0)  # nothing masks a mode the creating call did not choose
    try:
        key = ssh.host_key(tmp_path / "data")
    finally:
        os.umask(old)
    path = tmp_path / "data" / "ssh_host_ed25519_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "data").stat().st_mode) == 0o700
    assert ssh.host_key(tmp_path / "data").get_fingerprint() == key.get_fingerprint()  # read back, kept


def test_the_wrong_code_table_is_pruned_to_a_bound_and_forgets_old_failures(monkeypatch):
    from momon_cli.serve import ssh

    seats = ssh.Seats({})
    for n in range(5 * ssh.FAILURES_KEPT):
        seats.delay(f"10.0.{n // 256}.{n % 256}")
    assert len(seats.failures) <= ssh.FAILURES_KEPT
    now = [1000.0]
    monkeypatch.setattr(ssh.time, "monotonic", lambda: now[0])
    seats = ssh.Seats({})
    assert seats.delay("10.0.0.1") == ssh.FAIL_DELAY[0]
    assert seats.delay("10.0.0.1") == 2 * ssh.FAIL_DELAY[0]  # grows with each failure
    now[0] += ssh.FAILURE_SECONDS + 1
    assert seats.delay("10.0.0.2") == ssh.FAIL_DELAY[0]
    assert "10.0.0.1" not in seats.failures  # an old failure is forgotten


def _rss_peak(pid: int) -> int:
    """The process's peak resident memory in bytes (VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_s3_a_10000x10000_terminal_is_capped_and_the_server_memory_stays_bounded(tmp_path):
    server = Server(tmp_path)
    try:
        async def huge():
            ann, watcher = Seat("Ann"), Seat("spectators")
            ann.conn = await asyncssh.connect("127.0.0.1", server.port, username=server.codes["Ann"],
                                              known_hosts=None, client_keys=None, password=None)
            ann.proc = await ann.conn.create_process(term_type="xterm", term_size=(10000, 10000), encoding=None)
            ann.reader = asyncio.get_running_loop().create_task(ann._read())
            await until(lambda: ann.prompts() == 1, timeout=60)
            ann.proc.change_terminal_size(10000, 10000)  # and again on a window change
            await watcher.join(server.port, server.codes["spectators"])
            watcher.proc.change_terminal_size(10000, 10000)
            await until(lambda: b"deciding" in watcher.raw, timeout=60)
            size = len(ann.raw)
            ann.send("help")
            await until(lambda: len(ann.raw) > size, timeout=60)
            assert not ann.reader.done()
            ann.leave()
            watcher.leave()

        asyncio.run(huge())
        assert _rss_peak(server.proc.pid) < 200 * 1024 * 1024
    finally:
        server.kill()


def test_invalid_utf8_typed_at_a_prompt_gets_a_line_and_the_seat_stays(tmp_path):
    answers = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    server = Server(tmp_path)
    try:
        async def stray():
            ann = Seat("Ann")
            await ann.join(server.port, server.codes["Ann"])
            await until(lambda: ann.prompts() == 1)
            ann.proc.stdin.write(b"\xff\xfe\xc3\r")
            ann.send(answers[0])  # then a real Summon: the seat is still there to make it
            await until(lambda: b"Bea is deciding" in ann.raw or ann.reader.done())
            assert not ann.reader.done()
            ann.leave()

        asyncio.run(stray())
    finally:
        server.kill()


SHORT = ("-c", "import runpy, sys; import momon_cli.serve.connection as c; "
         "c.GAME = c.Limits(login_seconds=2.0, idle_seconds=3.0); "
         "sys.argv[0] = 'momon'; runpy.run_module('momon_cli', run_name='__main__')")


def test_s1_sixteen_logged_in_idle_connections_do_not_stop_a_seat_and_are_closed_by_the_timeouts(tmp_path):
    server = Server(tmp_path, run=SHORT)
    try:
        async def crowd():
            idle = []
            for _n in range(16):  # logged in with the spectators' code, and no session ever opened
                idle.append(await asyncssh.connect("127.0.0.1", server.port, username=server.codes["spectators"],
                                                   known_hosts=None, client_keys=None, password=None))
            with pytest.raises(asyncssh.PermissionDenied):  # a wrong code is refused during authentication
                await asyncssh.connect("127.0.0.1", server.port, username="wrongcode", known_hosts=None,
                                       client_keys=None, password=None)
            ann = Seat("Ann")
            await ann.join(server.port, server.codes["Ann"])  # the 17th: a player's seat still joins
            await until(lambda: ann.prompts() == 1)
            await asyncio.wait_for(asyncio.gather(*(conn.wait_closed() for conn in idle)), 30)  # the login timeout
            await until(lambda: b"nothing was typed" in ann.raw and ann.reader.done())  # the idle timeout
            ann.leave()

        asyncio.run(crowd())
    finally:
        server.kill()
    # the operator's log, on stderr and in the rotating file in the data folder
    logged = (tmp_path / "data" / "momon-cli" / "serve.log").read_text()
    for said in ("connection from 127.0.0.1", "wrong code from 127.0.0.1", "login from 127.0.0.1: seat 1",
                 "login from 127.0.0.1: spectator", "logged in but opened no session", "closed 127.0.0.1: idle"):
        assert said in logged
    assert "wrong code from 127.0.0.1" in server.stderr.text()


def test_save_over_ssh_shows_the_record_name_and_no_path_on_the_server(tmp_path):
    server = Server(tmp_path)
    try:
        async def save():
            ann = Seat("Ann")
            await ann.join(server.port, server.codes["Ann"])
            await until(lambda: ann.prompts() == 1)
            ann.send("save")
            await until(lambda: b"Saved on the server as" in ann.raw)
            assert str(tmp_path).encode() not in ann.raw and b"g.jsonl" in ann.raw
            ann.leave()

        asyncio.run(save())
    finally:
        server.kill()


def test_resume_keeps_the_seat_codes_beside_the_record_0600(tmp_path):
    import signal
    import subprocess
    import sys

    first = Server(tmp_path)
    try:
        first.proc.send_signal(signal.SIGINT)  # Ctrl-C: the game is saved
        out = first.finish()
        assert "Resume it with" in out
    finally:
        first.kill()
    kept = tmp_path / "g.jsonl.codes"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    again = subprocess.Popen([sys.executable, "-m", "momon_cli", "serve", "--port", "0", "--resume", str(first.log)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                             cwd=Path(__file__).parent.parent)
    try:
        lines: list[str] = []
        while not any(line.startswith("Recording to") for line in lines):
            line = again.stdout.readline()
            assert line, again.stderr.read()
            lines.append(line)
        for name, code in first.codes.items():
            assert any(line.startswith(f"{name}: ssh -p ") and f" {code}@" in line for line in lines), lines
    finally:
        again.kill()
        again.wait()


def test_the_opponent_is_told_a_player_dropped_and_waits_for_them_to_rejoin(tmp_path):
    server = Server(tmp_path)
    try:
        async def drop():
            ann, bea = Seat("Ann"), Seat("Bea")
            await ann.join(server.port, server.codes["Ann"])
            await bea.join(server.port, server.codes["Bea"])
            await until(lambda: ann.prompts() == 1 and b"Ann is deciding" in bea.raw)
            ann.leave()  # Ann decides, and her connection drops
            await until(lambda: b"dropped" in bea.raw and b"rejoin" in bea.raw)  # (the screen is drawn by its changes)
            size = len(bea.raw)
            again = Seat("Ann")
            await again.join(server.port, server.codes["Ann"])
            await until(lambda: again.prompts() == 1 and b"deciding" in bea.raw[size:])
            again.leave()
            bea.leave()

        asyncio.run(drop())
    finally:
        server.kill()


def test_the_server_loads_without_cryptographys_dsa_warnings():
    """asyncssh's DSA names made cryptography print a dozen deprecation lines as a host started."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-W", "default", "-c", "import momon_cli.serve.connection"],
                         capture_output=True, text=True, check=True)
    assert "DSA" not in out.stderr, out.stderr


def test_momon_serve_starts_without_cryptographys_dsa_warnings(tmp_path):
    """A playtester's 'momon serve' still printed them: the command loaded asyncssh before the
    serve package that filters them."""
    from test_club import ClubProcess

    club = ClubProcess(tmp_path)
    club.kill()
    assert "DSA" not in club.stderr.text()
