"""``momon serve``: a whole game over SSH, each seat on its own connection.

The server runs as the real command; the seats join with asyncssh's client (and, where an
``ssh`` binary exists, with the system client in a pseudo-terminal). Each seat's bytes are
read through a terminal emulator; a new prompt is known by the window title each prompt
sets ("momon — Ann decides"), never by timing."""

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from drained import Drained

asyncssh = pytest.importorskip("asyncssh")

GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"
TITLE = re.compile(rb"\x1b\]2;momon \xe2\x80\x94 (\w+) decides")
LINE = re.compile(r"^(\w+): ssh -p (\d+) (\w+)@(\S+)$")


class Server:
    def __init__(self, tmp_path: Path, *extra: str, decks: tuple[str, ...] = ("--deck1", "dawn-dusk", "--deck2", "prism"),
                 run: tuple[str, ...] = ("-m", "momon_cli")) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
        self.log = tmp_path / "g.jsonl"
        self.proc = subprocess.Popen(
            [sys.executable, *run, "serve", "--port", "0", "--p1", "Ann", "--p2", "Bea", *decks,
             "--seed", "7", "--first", "1", "--log", str(self.log), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=Path(__file__).parent.parent)
        self.stderr = Drained(self.proc.stderr)  # the operator's log, read as it is written
        self.codes: dict[str, str] = {}
        self.lines: list[str] = []
        while not any(line.startswith(("Recording to", "Each player picks")) for line in self.lines):
            line = self.proc.stdout.readline()
            assert line, self.stderr.text()
            self.lines.append(line.rstrip("\n"))
            m = LINE.match(self.lines[-1])
            if m:
                self.codes[m[1]], self.port = m[3], int(m[2])

    def finish(self) -> str:
        out = self.proc.stdout.read()
        self.proc.wait(30)
        err = self.stderr.text()
        assert "Traceback" not in err, err
        return out

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Seat:
    """One SSH connection at 80x24: every byte it got, and the prompts it was shown."""

    def __init__(self, name: str) -> None:
        self.name, self.raw, self.conn, self.proc = name, bytearray(), None, None

    async def join(self, port: int, code: str) -> None:
        self.conn = await asyncssh.connect("127.0.0.1", port, username=code, known_hosts=None, client_keys=None,
                                           password=None)
        self.proc = await self.conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while True:
            data = await self.proc.stdout.read(65536)
            if not data:
                return
            self.raw += data

    def prompts(self) -> int:
        return len(TITLE.findall(self.raw))

    def send(self, line: str) -> None:
        self.proc.stdin.write((line + "\r").encode())

    def leave(self) -> None:
        self.conn.close()


async def until(check, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.02)


async def bad_connections(port: int, codes: list[str]) -> list[bytes]:
    """Connections with codes that admit no seat: what each was told before it closed."""
    async def one(code: str) -> bytes:
        try:
            async with asyncssh.connect("127.0.0.1", port, username=code, known_hosts=None, client_keys=None,
                                        password=None) as conn:
                proc = await conn.create_process(term_type="xterm", encoding=None)
                return await asyncio.wait_for(proc.stdout.read(), 30)
        except (TimeoutError, asyncssh.Error, OSError) as err:
            return f"refused: {err}".encode()
    return await asyncio.gather(*(one(c) for c in codes))


def test_a_whole_game_over_ssh_keeps_each_hand_private_survives_a_drop_and_refuses_bad_codes(tmp_path):
    from momon_cli.data.cards import load_deck, load_pool

    pool = load_pool()
    decks = {"Ann": {c.name for c in load_deck("dawn-dusk", pool).cards},
             "Bea": {c.name for c in load_deck("prism", pool).cards}}
    answers = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    server = Server(tmp_path)
    try:
        assert set(server.codes) == {"Ann", "Bea", "spectators"} and server.lines[3].startswith("Host key fingerprint: SHA256:")
        told = asyncio.run(_play(server, answers, decks))
        out = server.finish()
        assert "Game over: Ann wins" in out and str(server.log) in out
        assert "game over: Ann wins" in (tmp_path / "data" / "momon-cli" / "serve.log").read_text()  # the operator's log
    finally:
        server.kill()
    seats, bad, dropped = told
    # what each seat was sent: nothing of the other Hand that never became public
    played = {json.loads(line)["value"][0] for line in server.log.read_text().splitlines()
              if '"kind":"summon"' in line}
    names = {c.id: c.name for c in pool.values()}
    for me, other in (("Ann", "Bea"), ("Bea", "Ann")):
        kept = {names[i] for i in {c.id for c in load_deck("dawn-dusk" if other == "Ann" else "prism", pool).cards}
                if i not in played} - decks[me]
        assert kept, "the test needs a card the other player never played"
        ids = {i for i in {c.id for c in load_deck("dawn-dusk" if other == "Ann" else "prism", pool).cards}
               if i not in played and names[i] in kept}
        for secret in kept | ids:
            assert secret.encode() not in seats[me].raw, f"{me} was sent {secret} from {other}'s Hand"
        assert b"Winner:" in seats[me].raw
        assert b"saved on the server as" in seats[me].raw and b"momon replay" not in seats[me].raw  # not on their machine
    assert b"Winner:" in seats["spectators"].raw
    for name in decks["Ann"] ^ decks["Bea"]:  # a spectator sees no Hand at all (only what was played)
        if name not in {names[i] for i in played}:
            assert name.encode() not in seats["spectators"].raw
    assert all(b"admits no seat" in said or said.startswith(b"refused") for said in bad)
    assert dropped  # the seat that dropped was asked the same decision again
    verify = subprocess.run([sys.executable, "-m", "momon_cli", "verify", str(server.log)], capture_output=True,
                            text=True, cwd=Path(__file__).parent.parent)
    assert verify.returncode == 0, verify.stdout + verify.stderr


async def _play(server: Server, answers: list[str], decks: dict[str, set[str]]):
    seats = {name: Seat(name) for name in ("Ann", "Bea", "spectators")}
    for name, seat in seats.items():
        await seat.join(server.port, server.codes[name])
    await until(lambda: seats["Ann"].prompts() == 1)
    assert not any(name.encode() in seats["Ann"].raw for name in decks["Bea"] - decks["Ann"])
    bad: list[bytes] = []
    dropped, decider = False, "Ann"
    for n, line in enumerate(answers):
        if n == 6:  # the decider's connection drops; the same code joins again, at the same decision
            seats[decider].leave()
            again = Seat(decider)
            await again.join(server.port, server.codes[decider])
            seats[decider] = again
            await until(lambda again=again: again.prompts() == 1)
            dropped = True
        if n == 8:  # bad codes while the game goes on: wrong, empty, and a burst of fifty
            bad = await bad_connections(server.port, ["wrongcode", ""] + [f"guess{i}" for i in range(50)])
        counts = {name: seats[name].prompts() for name in ("Ann", "Bea")}
        seats[decider].send(line)
        if n == len(answers) - 1:
            break
        await until(lambda counts=counts: any(seats[name].prompts() > counts[name] for name in counts))
        decider = next(name for name in counts if seats[name].prompts() > counts[name])
    await until(lambda: all(b"Winner:" in s.raw for s in seats.values()), 60)
    for seat in seats.values():
        seat.leave()
    return seats, bad, dropped


class SshTerminal:
    """The system ``ssh`` client in a pseudo-terminal at 80x24, read through pyte."""

    def __init__(self, port: int, code: str, *options: str) -> None:
        import pexpect
        import pyte
        from screen_driver import AltScreen

        self.screen = AltScreen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.child = pexpect.spawn("ssh", ["-tt", "-p", str(port), "-o", "StrictHostKeyChecking=no", "-o",
                                           "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", *options,
                                           f"{code}@127.0.0.1"], dimensions=(24, 80))

    def pump(self) -> None:
        import pexpect

        try:
            data = self.child.read_nonblocking(65536, timeout=0.05)
        except (pexpect.TIMEOUT, pexpect.EOF):
            return
        self.raw += data
        self.stream.feed(data)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, needle: str, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while needle not in self.text:
            assert time.monotonic() < end, f"{needle!r} never appeared:\n{self.text}"
            self.pump()


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no ssh client on this machine")
def test_the_system_ssh_client_at_80x24_plays_a_whole_game_each_player_seeing_their_own_screen(tmp_path):
    from momon_cli.data.cards import load_deck, load_pool

    pool = load_pool()
    ann_deck = {c.name for c in load_deck("dawn-dusk", pool).cards} - {c.name for c in load_deck("prism", pool).cards}
    answers = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    server = Server(tmp_path)
    terms = {"Ann": SshTerminal(server.port, server.codes["Ann"]), "Bea": SshTerminal(server.port, server.codes["Bea"])}
    ann, bea = terms["Ann"], terms["Bea"]
    try:
        ann.wait_for("Ann ›")
        bea.wait_for("Ann is deciding…")
        assert "Ann (P1)'s Hand" in ann.text and "'s Hand" not in bea.text
        assert all(len(line) <= 80 for line in ann.screen.display) and ann.text.count("┌") == 1  # the whole Arena
        decider = "Ann"
        for n, line in enumerate(answers):
            counts = {name: len(TITLE.findall(t.raw)) for name, t in terms.items()}
            terms[decider].child.send(line + "\r")
            if n == 0:
                bea.wait_for("Bea ›")
                ann.wait_for("Bea is deciding…")
                assert "Halo Sentinel" in bea.text and "Bea (P2)'s Hand" in bea.text and "'s Hand" not in ann.text
                assert not any(name.encode() in bea.raw for name in ann_deck - {"Halo Sentinel"})
            if n == len(answers) - 1:
                break
            end = time.monotonic() + 30
            while not any(len(TITLE.findall(t.raw)) > counts[name] for name, t in terms.items()):
                assert time.monotonic() < end, terms[decider].text
                for t in terms.values():
                    t.pump()
            decider = next(name for name, t in terms.items() if len(TITLE.findall(t.raw)) > counts[name])
        for term in terms.values():
            term.wait_for("Winner: Ann")
        assert "Game over: Ann wins" in server.finish()
    finally:
        for term in terms.values():
            term.child.close(force=True)
        server.kill()


def test_with_no_deck_named_each_player_picks_one_on_joining_and_then_the_game_begins(tmp_path):
    server = Server(tmp_path, decks=())
    try:
        assert "Each player picks a deck on joining" in server.lines[-1] and not server.log.exists()

        async def join_and_pick():
            ann, bea = Seat("Ann"), Seat("Bea")
            await ann.join(server.port, server.codes["Ann"])
            await until(lambda: b"pick your deck" in ann.raw)
            ann.send("nonsense")
            await until(lambda: b"Give a number" in ann.raw)
            ann.send("2")  # dawn-dusk
            await until(lambda: b"Waiting for the other player to pick a deck" in ann.raw)
            await bea.join(server.port, server.codes["Bea"])
            await until(lambda: b"pick your deck" in bea.raw)
            bea.send("Prism")
            await until(lambda: TITLE.findall(ann.raw) == [b"Ann"])  # the game began: Ann's first Summon
            ann.leave()
            bea.leave()

        asyncio.run(join_and_pick())
        header = json.loads(server.log.read_text().splitlines()[0])
        assert header["decks"] == ["Dawn and Dusk", "Prism"] and header["names"] == ["Ann", "Bea"]
    finally:
        server.kill()


def test_two_spectators_both_watch_the_game_neither_evicting_the_other(tmp_path):
    answers = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    server = Server(tmp_path)
    try:
        async def watch():
            ann, first, second = Seat("Ann"), Seat("spectators"), Seat("spectators")
            await ann.join(server.port, server.codes["Ann"])
            await first.join(server.port, server.codes["spectators"])
            await until(lambda: b"deciding" in first.raw)
            await second.join(server.port, server.codes["spectators"])
            await until(lambda: b"deciding" in second.raw)
            await until(lambda: ann.prompts() == 1)
            seen = (len(first.raw), len(second.raw))
            ann.send(answers[0])  # Ann's Summon: both spectators are shown it
            await until(lambda: len(first.raw) > seen[0] and len(second.raw) > seen[1])
            assert not first.reader.done() and not second.reader.done()  # both connections still open
            for seat in (ann, first, second):
                seat.leave()

        asyncio.run(watch())
    finally:
        server.kill()


def test_code_says_a_seat_its_own_line_to_join_again_and_no_one_else_reads_it(tmp_path):
    """One game served: Ann's ``code`` prints her seat's ssh line; Bea and a spectator never
    read Ann's code, nor Ann Bea's."""
    server = Server(tmp_path)
    try:
        async def ask():
            ann, bea, watcher = Seat("Ann"), Seat("Bea"), Seat("spectators")
            for seat in (ann, bea, watcher):
                await seat.join(server.port, server.codes[seat.name])
            await until(lambda: ann.prompts() == 1 and b"deciding" in bea.raw and b"deciding" in watcher.raw)
            mine = f"ssh -p {server.port} {server.codes['Ann']}@".encode()
            assert mine not in ann.raw
            ann.send("code")
            await until(lambda: mine in ann.raw)
            for other, code in ((bea, "Ann"), (watcher, "Ann"), (ann, "Bea"), (ann, "spectators")):
                assert server.codes[code].encode() not in other.raw
            for seat in (ann, bea, watcher):
                seat.leave()

        asyncio.run(ask())
    finally:
        server.kill()
