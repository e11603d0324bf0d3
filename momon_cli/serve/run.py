"""The server's own terminal: the seat lines out, the game served until it ends or Ctrl-C.

What a host reads: one line a seat (``NAME: ssh -p PORT CODE@HOST``), the spectators' line
and the host key's fingerprint; at the end, the result and where the record is; after
Ctrl-C, the command that resumes the game.
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

from .. import exits
from ..engine import SPECTATOR
from ..language import _
from ..record import short_name
from ..record.saved import games_folder
from ..text.safe import clean
from .connection import log, start_log
from .lobby import Lobby
from .ssh import host_key, new_code, seat_lines, serve


def run_server(lobby: Lobby, names: tuple[str, str], bots: set[int], address: str, port: int) -> int:
    """Serve the lobby's game at ``address``:``port``; the exit status of ``momon serve``."""
    wanted = {seat for seat in (1, 2) if seat not in bots} | {SPECTATOR}
    kept = read_codes(lobby.host.recorder.path) if lobby.host is not None else None
    if kept is not None and set(kept.values()) == wanted and len(kept) == len(wanted):
        codes = kept  # a resumed game: the players' rejoin lines still work
    else:
        codes = {new_code(): seat for seat in sorted(wanted, key=lambda seat: seat or 3)}
    if lobby.host is not None:
        keep_codes(lobby.host.recorder.path, codes)
    key = host_key(games_folder().parent)
    start_log(games_folder().parent)

    def started(bound: int) -> None:
        for line in seat_lines(codes, names, address, bound):
            print(clean(line), flush=True)
        print(_("Host key fingerprint: {fingerprint}").format(fingerprint=key.get_fingerprint()), flush=True)
        if lobby.host is None:
            print(_("Each player picks a deck on joining; the game begins (and is recorded) once they have."),
                  flush=True)
        else:
            print(clean(_("Recording to {file}. Ctrl-C stops the server; the game is saved.").format(
                file=lobby.host.recorder.path)), flush=True)

    async def main() -> None:
        await serve(lobby, codes, names, address, port, key, started, asyncio.Event())

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        return _stopped(lobby, codes)
    except OSError as err:
        if lobby.host is not None:
            lobby.host.stop()
        print(clean(_("cannot listen on {address}:{port}: {error}").format(address=address, port=port,
                                                                          error=err.strerror or err)))
        return exits.FAILED
    host = lobby.wait()
    host.stop()
    result = host.game.state.result
    assert result is not None  # serve returns when the game is over
    codes_file(host.recorder.path).unlink(missing_ok=True)  # over: nothing left to rejoin
    log.info("game over: %s wins %d-%d (%s); record %s", names[result.winner - 1], result.scores[1], result.scores[2],
             result.reason, host.recorder.path)
    print(clean(_("Game over: {name} wins, {score1}–{score2}. The record: {file}").format(
        name=names[result.winner - 1], score1=result.scores[1], score2=result.scores[2], file=host.recorder.path)))
    return exits.DONE


def codes_file(record: Path) -> Path:
    """Where a game's seat codes are kept: beside its record, readable by the host alone."""
    return record.with_name(record.name + ".codes")


def keep_codes(record: Path, codes: dict[str, int]) -> None:
    """The seat codes, beside the record (0600 from its creation), for ``--resume``."""
    try:
        fd = os.open(codes_file(record), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            json.dump(codes, file)
    except OSError:
        pass  # a resumed game then gets new codes, as before


def read_codes(record: Path) -> dict[str, int] | None:
    """The seat codes kept for ``record``, or None (none kept, or not a table of codes)."""
    try:
        kept = json.loads(codes_file(record).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict) or not all(
            isinstance(code, str) and code.isalnum() and len(code) >= 16 and seat in (1, 2, SPECTATOR)
            for code, seat in kept.items()):
        return None
    return {str(code): int(seat) for code, seat in kept.items()}


def _stopped(lobby: Lobby, codes: dict[str, int]) -> int:
    """Ctrl-C: the game is saved (its record is written ahead) and resumes with one command."""
    if lobby.host is None:
        print(_("Stopped before the game began: nothing to save."))
        return exits.INTERRUPTED
    lobby.host.stop()
    path = lobby.host.recorder.path
    keep_codes(path, codes)
    print(clean(_("Stopped. The game is saved to {file}").format(file=path)))
    print(clean(_("Resume it with: {command}").format(command=f"momon serve --resume {short_name(path)}")))
    return exits.INTERRUPTED
