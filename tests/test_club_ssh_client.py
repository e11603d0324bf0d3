"""The system ``ssh`` client in a pseudo-terminal at 80x24, read through pyte, joins the club
(``momon serve`` in a subprocess): as a guest with no key (no question asked, or a password
prompt where the client only tries passwords: anything typed will do) and with a fresh key,
which is an account."""

from __future__ import annotations

import shutil
import subprocess
import time

import pytest
from test_club import ClubProcess
from test_serve import SshTerminal

pytest.importorskip("asyncssh")
pytestmark = pytest.mark.skipif(shutil.which("ssh") is None or shutil.which("ssh-keygen") is None,
                                reason="no OpenSSH client on this machine")

PLAIN = ("-F", "/dev/null", "-o", "BatchMode=no")  # none of this machine's ssh settings


def _lobby(term: SshTerminal) -> None:
    """The lobby, whole at 80x24; a room begun from it by keys typed one at a time."""
    term.wait_for("Open rooms:")
    assert "Leaderboard:" in term.text and "c: create a room" in term.text
    assert all(len(line.rstrip()) <= 80 for line in term.screen.display)
    term.child.send("c")  # echoed by the screen's own prompt, once
    term.wait_for("› c")
    assert "› cc" not in term.text
    for columns in (79, 80):  # the window changes: drawn again, with the line typed so far (the screen's)
        size = len(term.raw)
        term.child.setwinsize(24, columns)
        end = time.monotonic() + 30
        while len(term.raw) == size or "Open rooms:" not in term.text:
            assert time.monotonic() < end, "not drawn again after a window change"
            term.pump()
    term.wait_for("› c", 5)
    term.child.send("\r")
    term.wait_for("Pick your deck (a number or a name):")


def test_the_system_ssh_client_joins_the_club_lobby_as_a_guest_and_with_a_key(tmp_path):
    club = ClubProcess(tmp_path)
    terms = []
    try:
        guest = SshTerminal(club.port, "Ann", *PLAIN, "-o", "PubkeyAuthentication=no")
        terms.append(guest)
        _lobby(guest)
        asked = SshTerminal(club.port, "Cid", *PLAIN, "-o", "PubkeyAuthentication=no", "-o",
                            "PreferredAuthentications=password")
        terms.append(asked)
        asked.child.expect("password:", timeout=30)
        asked.child.send("anything\r")
        _lobby(asked)
        key = tmp_path / "key"
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
        keyed = SshTerminal(club.port, "Bea", *PLAIN, "-i", str(key), "-o", "IdentitiesOnly=yes")
        terms.append(keyed)
        _lobby(keyed)
    finally:
        for term in terms:
            term.child.close(force=True)
        club.kill()
    from momon_cli.serve.club_store import ClubStore

    fingerprint = subprocess.run(["ssh-keygen", "-l", "-f", f"{key}.pub"], capture_output=True, text=True,
                                 check=True).stdout.split()[1]
    store = ClubStore(tmp_path / "data" / "momon-cli" / "club" / "club.db")
    account = store.account(fingerprint)
    assert account is not None and account.name == "Bea"  # the key is Bea's account
