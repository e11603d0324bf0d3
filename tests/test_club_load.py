"""The club under load (issue 34's acceptance): huge terminals cost bounded memory (S3), many
spectators watch one room at once (F1), and joins and leaves leave nothing running behind."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest
from test_club import DECK, GAME, OPEN, Client, ClubProcess, Running, _play, _sit, shown, until

asyncssh = pytest.importorskip("asyncssh")

AGAINST_A_BOT = ((OPEN, "c"), (DECK, "dawn-dusk"), ("Rules: 1 sequential, 2 simultaneous", "1"),
                 ("Opponent: 1 a person, 2 bot easy, 3 bot medium, 4 bot hard", "2"),
                 ("Clock: minutes for each player (0: no clock)", "0"))


def _rss_peak(pid: int) -> int:
    """The process's peak resident memory in bytes (VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


async def _huge(client: Client, port: int) -> None:
    """``client`` joins at 10000x10000, and asks for it again on a window change."""
    client.conn = await asyncssh.connect("127.0.0.1", port, username=client.name, known_hosts=None,
                                         client_keys=None, password="guest")
    client.proc = await client.conn.create_process(term_type="xterm", term_size=(10000, 10000), encoding=None,
                                                   env={"LANG": client.lang})
    client.reader = asyncio.get_running_loop().create_task(client._read())
    await until(lambda: shown(client, OPEN) in client.raw)
    size = len(client.raw)
    client.proc.change_terminal_size(10000, 10000)
    await until(lambda: shown(client, OPEN) in client.raw[size:])  # drawn again, at the capped size


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_s3_10000x10000_terminals_in_the_lobby_a_room_and_watching_it_keep_the_club_under_200_mb(tmp_path):
    club = ClubProcess(tmp_path)
    try:
        async def main() -> None:
            ann, watcher = Client("Ann"), Client("Watcher")
            await _huge(ann, club.port)
            ann.send("c")  # (the lobby's first step, already shown)
            for message, line in AGAINST_A_BOT[1:]:
                await until(lambda message=message: shown(ann, message) in ann.raw)
                ann.send(line)
            await until(lambda: ann.prompts() >= 1, 60)
            size = len(ann.raw)
            ann.proc.change_terminal_size(10000, 10000)  # in the game too
            await until(lambda: len(ann.raw) > size)
            await _huge(watcher, club.port)
            watcher.send("w1")
            await until(lambda: b"deciding" in watcher.raw, 60)
            size = len(ann.raw)
            ann.send("help")  # the server still answers at once
            await until(lambda: len(ann.raw) > size)
            assert not ann.reader.done() and not watcher.reader.done()
            ann.leave()
            watcher.leave()

        asyncio.run(main())
        peak = _rss_peak(club.proc.pid)
        assert peak < 200 * 1024 * 1024, f"peak {peak / 2**20:.0f} MB"
    finally:
        club.kill()


def test_f1_five_spectators_watch_one_room_at_once_each_sees_every_move_and_none_evicts_another(tmp_path):
    answers = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    ann, bea = Client("Ann"), Client("Bea")
    watchers = [Client(f"W{i}") for i in range(5)]

    async def main() -> None:
        async with Running(tmp_path) as running:
            for c in (ann, bea):
                await c.join(running.port)
            await _sit(running.club, ann, bea)
            for w in watchers:  # all at once, none after the others have left
                await w.join(running.port)
                await until(lambda w=w: b"w1" in w.raw)
                w.send("w1")
            await until(lambda: all(b"Ann is deciding" in w.raw for w in watchers))
            await _play((ann, bea), answers[:1])  # Ann summons Halo Sentinel
            await until(lambda: all(b"Halo Sentinel" in w.raw for w in watchers))
            sizes = [len(w.raw) for w in watchers]
            await until(lambda: bea.prompts())  # her prompt drawn: else the line goes to Ann's waiting screen
            await _play((bea, ann), answers[1:2])  # and Bea answers
            await until(lambda: all(len(w.raw) > n and b"Ann is deciding" in w.raw[n:]
                                    for w, n in zip(watchers, sizes, strict=True)))
            assert not any(w.reader.done() for w in watchers)  # every spectator still connected
            for c in (ann, bea, *watchers):
                c.leave()

    asyncio.run(main())


def test_100_joins_and_leaves_of_the_lobby_leave_no_task_or_thread_and_no_cpu_use_while_idle(tmp_path):
    def threads() -> set[str]:  # every thread but the event loop's worker pool (reused, bounded)
        return {t.name for t in threading.enumerate() if not t.name.startswith("asyncio_")}

    async def main() -> None:
        async with Running(tmp_path) as running:
            async def visit(name: str) -> None:
                c = Client(name)
                await c.join(running.port)
                await until(lambda: shown(c, OPEN) in c.raw)
                c.leave()
                await c.conn.wait_closed()

            tasks, named = set(asyncio.all_tasks()), threads()
            for batch in range(25):  # four at once: as many as one address may have logging in
                await asyncio.gather(*(visit(f"V{batch}x{n}") for n in range(4)))
            await until(lambda: set(asyncio.all_tasks()) <= tasks, 30)  # every connection's task ended
            assert threads() <= named
            await asyncio.sleep(0.5)  # (the last closes settle)
            cpu = time.process_time()
            await asyncio.sleep(2)
            used = time.process_time() - cpu
            assert used < 0.1, f"{used:.3f} s of CPU over 2 s idle"

    asyncio.run(main())


def test_a_seat_waiting_on_a_person_is_redrawn_about_once_a_second_not_ten_times(tmp_path):
    """A club holds many waiting screens at once: at the spinner's 10 frames a second, 20
    seated games cost the club 70% of a core doing nothing (benchmarks/club_load.py)."""
    from momon_cli.tui.screen import SPINNER

    spun = [ch.encode() for ch in SPINNER]

    async def main() -> None:
        async with Running(tmp_path) as running:
            ann, bea = Client("Ann"), Client("Bea")
            await ann.join(running.port)
            await bea.join(running.port)
            await _sit(running.club, ann, bea)
            await until(lambda: any(c.prompts() for c in (ann, bea)))
            waiter = bea if ann.prompts() else ann
            await until(lambda: any(s in waiter.raw for s in spun))
            start, before = time.monotonic(), sum(waiter.raw.count(s) for s in spun)
            await asyncio.sleep(3)
            frames = sum(waiter.raw.count(s) for s in spun) - before
            assert 1 <= frames <= 2 * (time.monotonic() - start) + 2, frames
            for c in (ann, bea):
                c.leave()

    asyncio.run(main())
