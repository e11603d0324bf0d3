"""A tournament in processes ends with its parent: after SIGTERM, SIGHUP or SIGKILL to
``momon tournament --jobs 2`` no worker is left, and a SIGTERM, SIGHUP or Ctrl-C says how
far the run got. Each test waits for the state it expects (the workers there, the workers
gone) up to a deadline, never for a fixed time, and measures no time: a loaded machine
slows a worker's end without changing it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
ARGS = ["tournament", "--bots", "random,greedy", "--games", "100000", "--jobs", "2"]


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for a reaper that never comes is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _until(condition, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(what)
        time.sleep(0.02)


def _started() -> tuple[subprocess.Popen, list[int]]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    proc = subprocess.Popen([sys.executable, "-m", "momon_cli", *ARGS], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    workers: list[int] = []

    def two_workers() -> bool:
        workers[:] = _children(proc.pid)
        return len(workers) >= 2

    _until(two_workers, 60, "the tournament never started its two workers")
    return proc, workers


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("group", [False, True], ids=["parent", "group"])
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL, signal.SIGINT])
def test_no_worker_outlives_a_stopped_tournament(sig, group):
    """To the parent alone, or to the whole group as a closed terminal (SIGHUP) or a
    process manager does."""
    proc, workers = _started()
    if group:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    # A worker watches its parent and leaves when it is gone: the deadline only ends a wait
    # for one that never would.
    _until(lambda: not any(_alive(w) for w in workers), 60, f"workers {workers} still run after {sig.name}")
    out, err = proc.communicate(timeout=60)
    if sig == signal.SIGKILL:
        assert proc.returncode == -signal.SIGKILL
        return
    assert proc.returncode == 128 + sig, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"stopped by {sig.name} after ") and " of 100000 games" in lines[0]
    assert "Traceback" not in err + out


@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_workers_watch_the_process_that_started_them_whatever_the_start_method(method):
    """Under forkserver (Python 3.14's default on Linux) a worker's parent is the fork server:
    a worker that watched the main process's pid would leave at once and the run would hang."""
    code = (f"import multiprocessing; multiprocessing.set_start_method({method!r})\n"
            "from momon_cli.bots.tournament import run_local, specs\n"
            "if __name__ == '__main__':\n"
            "    print(len(list(run_local(specs(['random', 'greedy'], ['ember-tide'], 6, 1, 'sequential'), 2))))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "6", done.stderr
