"""``momon club``: what a host reads of its club's database (the leaderboard), and its pruning.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts, and evaluated ones save it compiling them again (about 2 ms of each start)."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..language import _, ngettext
from ..limits import NAME_LIMIT
from ..text.safe import clean
from .base import MESSAGE_LIMIT, _fail, app

if TYPE_CHECKING:
    from ..serve.club_store import ClubStore

club_app = typer.Typer(help=_("The club that momon serve hosts: its players and their ratings."),
                       no_args_is_help=True, rich_markup_mode=None)
app.add_typer(club_app, name="club")


@club_app.command(help=_(
    "The club's leaderboard: each rated player's rank, name, rating, deviation and rated games.\n\n"
    "A rating moves after each game between two players with accounts; the deviation says how sure it is "
    "(it shrinks as a player plays).\n\n"
    "Examples: momon club ratings · momon club ratings --top 10"))
def ratings(
    folder: Path | None = typer.Option(None, help=_("The club's folder, which holds club.db (default: club in your data "
                                                    "folder).")),
    top: int = typer.Option(100, "--top", min=1, max=100_000, help=_("How many players to list, best first.")),
) -> None:
    """The club's leaderboard, one line a player."""
    from ..serve.club_store import ClubStoreError
    from ..widths import columns, pad

    store = _store(folder)
    if store is None:
        return
    try:
        standings = store.leaderboard(top)
    except (ClubStoreError, OSError) as err:
        _fail(str(err))
    if not standings:
        typer.echo(_("No rated games yet."))
        return
    heads = (_("Rank"), _("Player"), _("Rating"), _("Deviation"), _("Games"))
    names = [clean(s.name, NAME_LIMIT) for s in standings]
    widths = [max(columns(heads[0]), len(str(standings[-1].rank))), max(columns(heads[1]), *map(columns, names)),
              *(max(columns(head), 5) for head in heads[2:])]
    typer.echo("  ".join(pad(head, width) if i == 1 else " " * (width - columns(head)) + head
                         for i, (head, width) in enumerate(zip(heads, widths, strict=True))).rstrip())
    for standing, name in zip(standings, names, strict=True):
        cells = (str(standing.rank), name, f"{standing.rating:.0f}", f"{standing.deviation:.0f}", str(standing.games))
        typer.echo("  ".join(pad(cell, width) if i == 1 else cell.rjust(width)
                             for i, (cell, width) in enumerate(zip(cells, widths, strict=True))).rstrip())


@club_app.command(help=_(
    "End the unfinished games against a bot begun more than DAYS days ago, with no result.\n\n"
    "A player who leaves a game against a bot may rejoin it by its code; one never rejoined stays "
    "in the club's index and is resumed at every start until it is pruned. Run it while the club is stopped.\n\n"
    "Examples: momon club prune · momon club prune --days 30"))
def prune(
    folder: Path | None = typer.Option(None, help=_("The club's folder, which holds club.db (default: club in your data "
                                                    "folder).")),
    days: int = typer.Option(7, "--days", min=0, max=100_000, help=_("How old an unfinished game against a bot must "
                                                                     "be, in days.")),
) -> None:
    """The old unfinished games against a bot, ended in the index."""
    from ..serve.club_store import ClubStoreError

    store = _store(folder)
    if store is None:
        return
    try:
        ended = store.prune_bot_games(days)
    except (ClubStoreError, OSError) as err:
        _fail(str(err))
    typer.echo(ngettext("Ended {n} unfinished game against a bot.", "Ended {n} unfinished games against a bot.",
                        ended).format(n=ended))


def _store(folder: Path | None) -> "ClubStore | None":
    """The club's database in ``folder`` (else the data folder's), or None when there is none
    (said in one line): a host's command makes no database."""
    from ..serve.club_store import ClubStore, ClubStoreError, club_folder

    path = (folder or club_folder()) / "club.db"
    if not path.exists():
        typer.echo(clean(_("No club database at {path} yet: momon serve makes it.").format(path=path), MESSAGE_LIMIT))
        return None
    try:
        return ClubStore(path)
    except (ClubStoreError, OSError) as err:
        _fail(str(err))
