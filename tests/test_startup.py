"""Commands that do not play start without the rules engine or the card data, and a game
starts without the bots and the other modules only some games need.

Startup time is measured (benchmarks/startup.py), not asserted; which modules a command
loads is a property of the code, so it is checked here, each command in a fresh interpreter.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from screen_driver import Terminal

HEAVY = ("momon_cli.engine", "momon_cli.data.cards")
RECORDS = Path(__file__).parent / "records"
PROBE = """
import json, sys
from momon_cli.cli.app import app
try:
    app(sys.argv[1:], prog_name="momon")
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("momon_cli", "rich", "prompt_toolkit")))))
"""


def loaded(*args: str) -> list[str]:
    """The momon_cli, rich and prompt_toolkit modules loaded by ``momon ARGS``."""
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.splitlines()[-1])


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["play", "--help"], ["howto"], ["rules", "incite"]])
def test_commands_that_do_not_play_leave_the_engine_and_card_data_unloaded(args):
    modules = loaded(*args)
    assert "momon_cli.cli.app" in modules
    assert not [m for m in modules if m.startswith(HEAVY)], modules


def test_version_and_help_print_plain_lines_without_rich_or_prompt_toolkit():
    for args in (["--version"], ["--help"]):
        assert not [m for m in loaded(*args) if m.startswith(("rich", "prompt_toolkit"))]


GC_PROBE = """
import gc, sys
import momon_cli.cli.app as cli
import momon_cli.cli.base as base
seen = []
probe = lambda working=base._working: (seen.append(gc.isenabled()), working())
for name, module in list(sys.modules.items()):  # every command module holds its own name for it
    if name.startswith("momon_cli.cli.") and hasattr(module, "_working"):
        module._working = probe
sys.argv = ["momon", *sys.argv[1:]]
try:
    cli.run()
except SystemExit:
    pass
print(seen, gc.isenabled())
"""


@pytest.mark.parametrize("args, after", [
    (["--version"], "[] False"),  # a command that only starts and stops never turns it on
    (["simulate", "--games", "2"], "[False] True"),
    (["bench", "--games", "10"], "[False] True"),
    (["play", "--p1", "Ann", "--p2", "Bea", "--script", "-", "--log", "{tmp}/g.jsonl"], "[False] True"),
    (["verify", "{record}"], "[False] True"),  # every command that reads records
    (["export", "{record}"], "[False] True"),
    (["replay", "{record}", "--position", "{tmp}/p.toml"], "[False] True"),
    (["games", "--folder", "{tmp}"], "[False] True"),
    (["cards"], "[] False"),  # a command that ends once it has shown its answer
])
def test_the_collector_is_off_while_starting_and_on_for_the_work(args, after, tmp_path):
    """cli.run keeps the garbage collector off while a command starts; the commands that go
    on to play or measure turn it on, once, before that work."""
    record = RECORDS / "format2-dawn-dusk-vs-prism-seed7.jsonl"
    args = [a.replace("{tmp}", str(tmp_path)).replace("{record}", str(record)) for a in args]
    out = subprocess.run([sys.executable, "-c", GC_PROBE, *args], capture_output=True, text=True, input="concede\n",
                         check=False)
    assert out.stdout.splitlines()[-1] == after, out.stderr


#: What a hot-seat game loads only when it is asked for: the bots (a bot seat, ``hint``), a
#: puzzle's goal, the MSN reader (a game file read), Rich's tables (the Element chart), the
#: grapheme module (text that is not ASCII: this game's names and cards are).
LATE = ("momon_cli.bots", "momon_cli.session.goal", "momon_cli.data.goals", "momon_cli.data.puzzles",
        "momon_cli.record.msn", "rich.table", "regex")
AT_EXIT = """
import json, sys
from pathlib import Path
from momon_cli.cli.app import run
out = Path(sys.argv.pop(1))
sys.argv[0] = "momon"
try:
    run()
finally:
    out.write_text(json.dumps(sorted(sys.modules)))
"""
GAME = ["play", "--seed", "7", "--deck1", "ember-tide", "--deck2", "stone-gale"]


def late(modules: list[str]) -> list[str]:
    """The late modules among ``modules``."""
    return [m for m in modules if m.startswith(LATE)]


def test_a_hot_seat_game_reaches_its_first_prompt_without_the_bots_or_other_late_modules(tmp_path):
    """The full screen up to the first decision, and leaving there: what it needs is all it loads."""
    out = tmp_path / "modules.json"
    term = Terminal([*GAME, "--p1", "Ann", "--p2", "Bea", "--first", "1", "--open-hands",
                     "--log", str(tmp_path / "g.jsonl")], program=("-c", AT_EXIT, str(out)))
    try:
        term.wait_for("Ann ›")
        term.type("quit")
        while term.child.isalive():
            term.pump()
    finally:
        term.close()
    assert "momon_cli.tui.screen" in json.loads(out.read_text())  # the full screen ran
    assert not late(json.loads(out.read_text()))


@pytest.mark.parametrize("seats, typed, wanted", [
    (["--p1", "Ann", "--p2", "bot:easy", "--first", "2"], "quit\n", "momon_cli.bots.roster"),  # the bot answered first
    (["--p1", "Ann", "--p2", "Bea", "--first", "1"], "hint\nquit\n", "momon_cli.bots.coach"),
])
def test_a_bot_seat_and_hint_load_the_bots_when_they_are_needed(seats, typed, wanted, tmp_path):
    out = tmp_path / "modules.json"
    subprocess.run([sys.executable, "-c", AT_EXIT, str(out), *GAME, *seats, "--script", "-",
                    "--log", str(tmp_path / "g.jsonl")], input=typed, capture_output=True, text=True, check=False)
    assert wanted in json.loads(out.read_text())


def test_a_scripted_hot_seat_game_loads_no_late_module(tmp_path):
    out = tmp_path / "modules.json"
    subprocess.run([sys.executable, "-c", AT_EXIT, str(out), *GAME, "--p1", "Ann", "--p2", "Bea", "--script", "-",
                    "--log", str(tmp_path / "g.jsonl")], input="1 B2\nquit\n", capture_output=True, text=True,
                   check=False)
    assert not late(json.loads(out.read_text()))
