"""Commands that do not play start without the rules engine or the card data.

Startup time is measured (benchmarks/startup.py), not asserted; which modules a command
loads is a property of the code, so it is checked here, each command in a fresh interpreter.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("momon_cli.engine", "momon_cli.carddata")
PROBE = """
import json, sys
from momon_cli.cli import app
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


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["play", "--help"], ["howto"]])
def test_commands_that_do_not_play_leave_the_engine_and_card_data_unloaded(args):
    modules = loaded(*args)
    assert "momon_cli.cli" in modules
    assert not [m for m in modules if m.startswith(HEAVY)], modules


def test_version_and_help_print_plain_lines_without_rich_or_prompt_toolkit():
    for args in (["--version"], ["--help"]):
        assert not [m for m in loaded(*args) if m.startswith(("rich", "prompt_toolkit"))]
