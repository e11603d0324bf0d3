"""The club's own terminal: where it listens, its host key, the rooms resumed; served until Ctrl-C.

The database and every game's write-ahead record are in the club folder; a restart (after
Ctrl-C or a SIGKILL alike) resumes every unfinished room from its record.
"""

from __future__ import annotations

import asyncio

from .. import exits
from ..language import _
from ..text.safe import clean
from .club import Club
from .club_ssh import serve_club
from .club_store import ClubStore, ClubStoreError, club_folder
from .connection import log, start_log
from .ssh import host_key, reachable


def run_club(address: str, port: int, seed: int | None = None, first: int | None = None) -> int:
    """Serve the club at ``address``:``port``; the exit status of ``momon serve``. ``seed`` and
    ``first``: every room's deal fixed (a tournament's, a test's), else each drawn."""
    folder = club_folder()
    key = host_key(folder.parent)  # first: a data folder it makes is 0700, the log's too
    start_log(folder.parent)
    try:
        store = ClubStore(folder / "club.db")  # where `momon club ratings` reads it
    except ClubStoreError as err:
        print(clean(str(err)))
        return exits.FAILED
    club = Club(store, folder / "games", seed, first)

    async def main() -> None:
        def started(bound: int) -> None:
            for room in resumed:
                print(clean(_("Room {code} resumed: {first} and {second}").format(
                    code=room.code, first=room.names()[0], second=room.names()[1])), flush=True)
            log.info("club open on %s:%d, %d rooms resumed", address, bound, len(resumed))
            print(clean(_("The club is open: ssh -p {port} NAME@{host}").format(port=bound, host=reachable(address))),
                  flush=True)
            print(_("Host key fingerprint: {fingerprint}").format(fingerprint=key.get_fingerprint()), flush=True)

        resumed = club.resume()
        await serve_club(club, address, port, key, started, asyncio.Event())

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        club.stop()
        print(_("Stopped. Every unfinished room resumes when the club starts again."))
        return exits.INTERRUPTED
    except OSError as err:
        print(clean(_("cannot listen on {address}:{port}: {error}").format(address=address, port=port,
                                                                          error=err.strerror or err)))
        return exits.FAILED
    return exits.DONE
