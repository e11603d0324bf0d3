"""``momon serve`` hosts a club by default, one game with ``--game`` or with any option only
one game takes; a club beside either is one line. Nothing listens: the servers are replaced."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

pytest.importorskip("asyncssh")


@pytest.fixture
def started(monkeypatch, tmp_path):
    """What ``momon serve`` started: ("club", address, port, seed, first) or ("game", names, address, port)."""
    import momon_cli.serve.club_run as club_run
    import momon_cli.serve.run as run

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(club_run, "run_club", lambda *args: calls.append(("club", *args)) or 0)
    monkeypatch.setattr(run, "run_server", lambda lobby, names, bots, host, port: calls.append(
        ("game", names, host, port)) or 0)
    return calls


def _serve(*args: str):
    from momon_cli.cli.app import app

    return CliRunner().invoke(app, ["serve", *args])


def test_momon_serve_alone_hosts_a_club_on_loopback_port_2222(started):
    assert _serve().exit_code == 0
    assert _serve("--seed", "7", "--first", "1", "--host", "0.0.0.0").exit_code == 0  # a club's deal fixed
    assert _serve("--club").exit_code == 0  # still taken, hidden
    assert started == [("club", "127.0.0.1", 2222, None, None), ("club", "0.0.0.0", 2222, 7, 1),
                       ("club", "127.0.0.1", 2222, None, None)]
    assert "--club" not in _serve("--help").output


def test_game_or_any_option_of_one_game_hosts_one_game(started, tmp_path):
    assert _serve("--game").exit_code == 0
    assert _serve("--p1", "Ann", "--p2", "bot:easy").exit_code == 0
    assert _serve("--rules", "sequential", "--port", "0").exit_code == 0  # given, even as the default
    assert started == [("game", ("Player 1", "Player 2"), "127.0.0.1", 2222),
                       ("game", ("Ann", "bot:easy"), "127.0.0.1", 2222),
                       ("game", ("Player 1", "Player 2"), "127.0.0.1", 0)]
    resumed = _serve("--resume", str(tmp_path / "none.jsonl"))  # a game to resume: never a club
    assert resumed.exit_code != 0 and "Traceback" not in resumed.output and len(started) == 3


def test_a_club_beside_game_or_an_option_of_one_game_is_one_line(started):
    for args in (["--club", "--game"], ["--club", "--deck1", "prism"], ["--club", "--resume", "last"]):
        result = _serve(*args)
        assert result.exit_code == 2 and "--club" in result.output and "Traceback" not in result.output, args
    assert not started
