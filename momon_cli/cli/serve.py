"""``momon serve``: host a club over SSH (the default), or one game with ``--game``.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts, and evaluated ones save it compiling them again (about 2 ms of each start)."""

from pathlib import Path

import typer

from ..language import _
from ..limits import BOT_SECONDS
from . import complete
from .base import BOT_TIME_HELP, _fail, _profile, _seed, _working, app
from .play import _resume, _start


@app.command(help=_(
    "Host a club over SSH, or one game with --game.\n\n"
    "Players join with ssh -p PORT NAME@HOST: a lobby, rooms, accounts and ratings. With --game (or any option "
    "of one game), one game with a code for each seat.\n\n"
    "Examples:\n\n"
    "  momon serve\n\n"
    "  momon serve --host 0.0.0.0\n\n"
    "  momon serve --game --p1 Ann --p2 bot:search\n\n"
    "  momon serve --resume last"))
def serve(
    ctx: typer.Context,
    host: str = typer.Option("127.0.0.1", "--host", help=_("The address to listen on: 0.0.0.0 opens the server to "
                             "the network; the default, loopback, to this machine only.")),
    port: int = typer.Option(2222, "--port", min=0, max=65535, help=_("The port (0: any free one).")),
    p1: str | None = typer.Option(None, "--p1", help=_("Player 1's name, or a bot as for play."),
                                  autocompletion=complete.players),
    p2: str | None = typer.Option(None, "--p2", help=_("Player 2's name, or a bot as for play."),
                                  autocompletion=complete.players),
    bot_time: float | None = typer.Option(None, "--bot-time", min=BOT_SECONDS[0], max=BOT_SECONDS[1],
                                          help=BOT_TIME_HELP),
    deck1: str | None = typer.Option(None, help=_("Player 1's deck: a built-in name or a file (else ember-tide)."),
                                     autocompletion=complete.decks),
    deck2: str | None = typer.Option(None, help=_("Player 2's deck (else stone-gale)."), autocompletion=complete.decks),
    cards: list[Path] = typer.Option([], "--cards", help=_("Extra card-set TOML file (repeatable).")),
    seed: int | None = typer.Option(None, callback=_seed, help=_("The game's seed (random if omitted).")),
    first: int | None = typer.Option(None, min=1, max=2, help=_("Who goes first, 1 or 2 (drawn from the seed if omitted).")),
    rules: str = typer.Option("sequential", "--rules", callback=_profile, help=_("sequential or simultaneous.")),
    log: Path | None = typer.Option(None, help=_("Write the game record here (default: your data folder).")),
    force: bool = typer.Option(False, "--force", help=_("Let --log overwrite a file that is there: a finished or damaged "
                                                       "record, another game's, or any other file.")),
    full: bool = typer.Option(False, "--full", help=_("Keep every event in the record, not only their digests.")),
    resume: str | None = typer.Option(None, help=_("Continue a stopped server's game: its record, 'last' or its number "
                                      "(a game file goes on in a new record, as for play)."),
                                      autocompletion=complete.records),
    position: Path | None = typer.Option(None, help=_("Start from this position file instead of dealing the decks.")),
    one: bool = typer.Option(False, "--game", help=_("Host one game, with a code for each seat, instead of a club "
                                                      "(implied by every option above but --host, --port, --seed "
                                                      "and --first).")),
    club: bool = typer.Option(False, "--club", hidden=True),  # the default since the club's listener is hardened
) -> None:
    """Host a club over SSH, or one game with --game."""
    from .. import serve as _served  # noqa: F401  (its warnings filter, before asyncssh loads)

    try:
        import asyncssh  # noqa: F401  (the optional extra: said in one line when it is missing)
    except ImportError:
        _fail(_("momon serve needs the serve extra: {command}").format(command="pip install 'momon-cli[serve]'"))
    if not _one_game(ctx, one, club):
        from ..serve.club_run import run_club

        raise typer.Exit(run_club(host, port, seed, first))
    from ..serve.host import Host
    from ..serve.lobby import Lobby

    if resume is not None:
        game, recorder, seats = _resume(resume, log, force)
        lobby, names, bots = Lobby(Host(game, recorder, seats)), game.setup.names, set(seats)
    else:
        _check_names(p1, p2)
        names = (p1 or "Player 1", p2 or "Player 2")
        bots = {i + 1 for i, who in enumerate(names) if who.startswith("bot:")}
        choosers = tuple(seat for seat, deck in ((1, deck1), (2, deck2))
                         if deck is None and position is None and seat not in bots)

        def make(picks: dict[int, str]) -> Host:
            return Host(*_start(names[0], names[1], bot_time, picks.get(1, deck1), picks.get(2, deck2), cards, seed,
                                first, rules, log, force, full, position, at_terminal=False))

        lobby = Lobby(None, choosers, make) if choosers else Lobby(make({}))
    _working()
    from ..serve.run import run_server

    raise typer.Exit(run_server(lobby, (names[0], names[1]), bots, host, port))


ONE_GAME = ("p1", "p2", "bot_time", "deck1", "deck2", "cards", "rules", "log", "force", "full", "resume", "position")


def _one_game(ctx: typer.Context, one: bool, club: bool) -> bool:
    """Whether to host one game: ``--game``, or any option only one game takes (a user who
    names the players wants that game); a club beside either is refused in one line. ``--seed``
    and ``--first`` go with both (a club's fix every room's deal)."""
    sources = (ctx.get_parameter_source(name) for name in ONE_GAME)
    given = [source for source in sources if source is not None and source.name != "DEFAULT"]
    if club and given:
        raise typer.BadParameter(_("a club's rooms choose their own players, decks and rules"), param_hint="--club")
    if club and one:
        raise typer.BadParameter(_("a club or one game: not both"), param_hint="--club")
    return one or bool(given)


def _check_names(p1: str | None, p2: str | None) -> None:
    """The names given, by the one name rule, said in one line before the server listens: a
    game whose decks the players pick on joining begins only then."""
    from ..record import SetupError, checked_name

    try:
        for flag, given in (("--p1", p1), ("--p2", p2)):
            if given is not None and not given.startswith("bot:"):
                checked_name(given, flag)
    except SetupError as err:
        _fail(str(err))
    named = (p1 or "Player 1", p2 or "Player 2")
    if named[0] == named[1] and not named[0].startswith("bot:"):
        _fail(_("the two players need different names"))
