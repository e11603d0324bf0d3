"""Does the club hold up under load? Many games at once plus idle connections, on one process.

    .venv/bin/python benchmarks/club_load.py                      # 50 games + 100 idle connections
    .venv/bin/python benchmarks/club_load.py --games 5 --idle 10  # a quick look

Not a test. The club is served by a child process (``--serve``, its own interpreter), so that
its CPU time and peak memory are its own, read from ``/proc``; this process is the players.
The club's own limits hold, but for its cap of connections from one address (every player
here is 127.0.0.1). Every game replays one recorded game's answers (``tests/games/``), each seat a scripted
player that sends its line as soon as its prompt is drawn, as fast as the club answers.

Runs on fresh clubs: a lone game (the cheapest of three), then ``--games`` games at once with ``--idle``
connections sitting in the lobby. For each it prints the club's CPU time per Enter (from a
line typed to its frame drawn, averaged over every answer of every game: the idle
connections' cost included), the ratio of the loaded figure to the lone one (the goal is
2x or less), a probe game's Enter -> frame wall time, the club's peak memory (VmHWM) with the
idle connections alone and with every game begun, the peak memory per game, and the load
average at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path

warnings.filterwarnings("ignore", message="DSA is deprecated")  # asyncssh's import of cryptography's DSA

GAME = Path(__file__).resolve().parent.parent / "tests" / "games" / "dawn-dusk-vs-prism-seed7.txt"
TITLE = re.compile(rb"\x1b\]2;momon \xe2\x80\x94 (\w+) ")
CREATE = (("Open rooms:", "c"), ("Pick your deck (a number or a name):", "dawn-dusk"),
          ("Rules: 1 sequential, 2 simultaneous", "1"),
          ("Opponent: 1 a person, 2 bot easy, 3 bot medium, 4 bot hard", "1"),
          ("Clock: minutes for each player (0: no clock)", "0"))


def serve(folder: Path) -> None:
    """The child: a club in ``folder`` on a free loopback port, printed on stdout."""
    from dataclasses import replace

    import asyncssh

    from momon_cli.serve import connection
    from momon_cli.serve.club import Club
    from momon_cli.serve.club_ssh import serve_club
    from momon_cli.serve.club_store import ClubStore

    club = Club(ClubStore(folder / "club.db"), folder / "games", seed=7, first=1)
    # every player of the benchmark comes from 127.0.0.1: the club's cap of one address lifted
    limits = replace(connection.CLUB, connections_per_address=connection.CLUB.connections)

    async def main() -> None:
        key = asyncssh.generate_private_key("ssh-ed25519")
        await serve_club(club, "127.0.0.1", 0, key, lambda port: print(port, flush=True), asyncio.Event(),
                         limits)

    asyncio.run(main())


class Player:
    """One SSH connection at 80x24: how many prompts it has been shown, counted as bytes arrive."""

    def __init__(self, name: str) -> None:
        self.name, self.tail, self.prompts, self.text = name, b"", 0, bytearray()
        self.changed = asyncio.Event()

    async def join(self, port: int) -> None:
        import asyncssh

        self.conn = await asyncssh.connect("127.0.0.1", port, username=self.name, known_hosts=None,
                                           client_keys=None, password="guest")
        self.proc = await self.conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None,
                                                   env={"LANG": "en_GB.UTF-8"})
        asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while data := await self.proc.stdout.read(65536):
            seen = self.tail + data
            self.prompts += len([m for m in TITLE.findall(seen) if m != b"club"]) - \
                len([m for m in TITLE.findall(self.tail) if m != b"club"])
            self.tail = seen[-96:]
            if len(self.text) < 1 << 20:  # the lobby's words and the room's code, not a whole game
                self.text += data
            self.changed.set()
        self.changed.set()

    async def until(self, check: Callable[[], object], timeout: float = 600) -> None:
        end = time.monotonic() + timeout
        while not check():
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.01, end - time.monotonic()))

    def send(self, line: str) -> None:
        self.proc.stdin.write((line + "\r").encode())


async def sit(a: Player, b: Player, taken: set[str]) -> None:
    """``a`` creates a room against a person and ``b`` joins it by the code ``a`` is shown."""
    for words, line in CREATE:
        await a.until(lambda words=words: words.encode() in a.text)
        a.send(line)
    codes = re.compile(rb"Room ([a-z2-9]{6}):")
    await a.until(lambda: any(c.decode() not in taken for c in codes.findall(bytes(a.text))))
    code = next(c.decode() for c in codes.findall(bytes(a.text)) if c.decode() not in taken)
    taken.add(code)
    await b.until(lambda: b"Open rooms:" in b.text)
    b.send(code)
    await b.until(lambda: b"Pick your deck" in b.text)
    b.send("prism")


async def play(pair: tuple[Player, Player], answers: list[str], waits: list[float] | None) -> int:
    """The recorded game to its end, each line sent by whichever seat is asked next; the Enters
    sent. ``waits`` gets each Enter's wall time to the next prompt drawn."""
    a, b = pair
    await a.until(lambda: a.prompts or b.prompts)
    decider = a if a.prompts else b
    for n, line in enumerate(answers):
        counts = (a.prompts, b.prompts)
        sent = time.perf_counter()
        decider.send(line)
        if n == len(answers) - 1:
            break
        while (a.prompts, b.prompts) == counts:
            a.changed.clear()
            b.changed.clear()
            await asyncio.wait([asyncio.ensure_future(a.changed.wait()), asyncio.ensure_future(b.changed.wait())],
                               return_when=asyncio.FIRST_COMPLETED, timeout=600)
        if waits is not None:
            waits.append(time.perf_counter() - sent)
        decider = a if a.prompts > counts[0] else b
    return len(answers)


def cpu(pid: int) -> float:
    """The child's user and system CPU seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def hwm(pid: int) -> int:
    """The child's peak resident memory, in kB."""
    line = next(x for x in Path(f"/proc/{pid}/status").read_text().splitlines() if x.startswith("VmHWM"))
    return int(line.split()[1])


async def run(port: int, pid: int, games: int, idle: int, answers: list[str]) -> dict[str, float]:
    """``games`` games at once beside ``idle`` lobby connections; the club's figures."""
    loiterers = [Player(f"Idle{i}") for i in range(idle)]
    for p in loiterers:
        await p.join(port)
    await asyncio.gather(*(p.until(lambda p=p: b"Open rooms:" in p.text) for p in loiterers))
    idle_kb = hwm(pid)
    pairs = [(Player(f"A{i}"), Player(f"B{i}")) for i in range(games)]
    taken: set[str] = set()
    for a, b in pairs:
        await a.join(port)
        await b.join(port)
        await sit(a, b, taken)
    await asyncio.sleep(0.5)
    quiet = cpu(pid)
    await asyncio.sleep(3.0)  # every game seated, no one typing: what waiting costs the club
    before, start, waits = cpu(pid), time.perf_counter(), []
    waiting = (before - quiet) / 3.0
    enters = await asyncio.gather(*(play(pair, answers, waits if i == 0 else None) for i, pair in enumerate(pairs)))
    for a, b in pairs:
        await a.until(lambda a=a, b=b: b"Winner:" in a.tail or b"Winner:" in a.text[-8192:], 120)
    used = cpu(pid) - before
    figures = {"cpu_per_enter_ms": used / sum(enters) * 1000, "enters": sum(enters), "cpu_s": used,
               "wall_s": time.perf_counter() - start, "probe_median_ms": statistics.median(waits) * 1000,
               "probe_max_ms": max(waits) * 1000, "idle_kb": idle_kb, "peak_kb": hwm(pid),
               "load": os.getloadavg()[0], "waiting": waiting}
    for p in loiterers + [p for pair in pairs for p in pair]:
        p.conn.close()
    return figures


def measured(games: int, idle: int, answers: list[str]) -> dict[str, float]:
    """One fresh club in a child process, loaded with ``games`` and ``idle``."""
    with tempfile.TemporaryDirectory() as folder:
        child = subprocess.Popen([sys.executable, __file__, "--serve", folder], stdout=subprocess.PIPE, text=True)
        try:
            assert child.stdout is not None
            port = int(child.stdout.readline())
            return asyncio.run(run(port, child.pid, games, idle, answers))
        finally:
            child.terminate()
            child.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--idle", type=int, default=100)
    parser.add_argument("--serve", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(Path(args.serve))
        return
    answers = [x for x in GAME.read_text(encoding="utf-8").splitlines() if x.strip() and not x.startswith("#")]
    lone = min((measured(1, 0, answers) for _ in range(3)), key=lambda f: f["cpu_per_enter_ms"])
    load = measured(args.games, args.idle, answers)
    for label, f in (("lone game", lone), (f"{args.games} games + {args.idle} idle", load)):
        print(f"{label}: {f['cpu_per_enter_ms']:.1f} ms club CPU an Enter ({f['enters']:.0f} Enters, "
              f"{f['cpu_s']:.1f} s CPU in {f['wall_s']:.1f} s); probe Enter -> frame median "
              f"{f['probe_median_ms']:.0f} ms, slowest {f['probe_max_ms']:.0f} ms; peak memory "
              f"{f['idle_kb'] / 1024:.0f} MB idle, {f['peak_kb'] / 1024:.0f} MB with the games; load {f['load']:.2f}; "
              f"seated and waiting, {f['waiting'] * 100:.1f}% of a core")
    print(f"CPU an Enter, loaded / lone: {load['cpu_per_enter_ms'] / lone['cpu_per_enter_ms']:.2f}x (goal <= 2x)")
    print(f"peak memory a game: {(load['peak_kb'] - load['idle_kb']) / 1024 / args.games:.2f} MB")


if __name__ == "__main__":
    main()
