"""The server's own terminal: the seat lines out, the game served until it ends or Ctrl-C.

What a host reads: one line a seat (``NAME: ssh -p PORT CODE@HOST``), the spectators' line
and the host key's fingerprint; at the end, the result and where the record is; after
Ctrl-C, the command that resumes the game.
"""

from __future__ import annotations

import asyncio

from .. import exits
from ..engine import SPECTATOR, Game
from ..record import Recorder, Seat, short_name
from ..record.saved import games_folder
from ..text.safe import clean
from .host import Host
from .ssh import host_key, new_code, seat_lines, serve


def run_server(game: Game, recorder: Recorder, bots: dict[int, Seat], address: str, port: int) -> int:
    """Serve ``game`` at ``address``:``port``; the exit status of ``momon serve``."""
    host = Host(game, recorder, bots)
    codes = {new_code(): seat for seat in (1, 2) if seat not in bots}
    codes[new_code()] = SPECTATOR
    key = host_key(games_folder().parent)

    def started(bound: int) -> None:
        for line in seat_lines(codes, game.setup.names, address, bound):
            print(clean(line), flush=True)
        print(f"Host key fingerprint: {key.get_fingerprint()}", flush=True)
        print(clean(f"Recording to {recorder.path}. Ctrl-C stops the server; the game is saved."), flush=True)

    async def main() -> None:
        await serve(host, codes, address, port, key, started, asyncio.Event())

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        host.stop()
        print(clean(f"Stopped. The game is saved; resume it with: momon serve --resume {short_name(recorder.path)}"))
        return exits.INTERRUPTED
    except OSError as err:
        host.stop()
        print(clean(f"cannot listen on {address}:{port}: {err.strerror or err}"))
        return exits.FAILED
    host.stop()
    result = game.state.result
    assert result is not None  # serve returns when the game is over
    print(clean(f"Game over: {game.setup.names[result.winner - 1]} wins, {result.scores[1]}–{result.scores[2]}. "
                f"The record: {recorder.path}"))
    return exits.DONE
