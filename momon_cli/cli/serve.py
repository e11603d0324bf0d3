"""``momon serve``: host one game over SSH, each player on their own terminal.

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
    "Host a game over SSH: each player joins from their own terminal with ssh.\n\n"
    "Examples:\n\n"
    "  momon serve --p1 Ann --p2 Bea\n\n"
    "  momon serve --host 0.0.0.0 --port 2222 --p1 Ann --p2 bot:search\n\n"
    "  momon serve --resume last"))
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help=_("The address to listen on: 0.0.0.0 opens the game to the "
                             "network; the default, loopback, to this machine only.")),
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
    club: bool = typer.Option(False, "--club", help=_("Host a club (a lobby, rooms, accounts and ratings) instead of "
                                                      "one game; not with an option of one game.")),
) -> None:
    """Host a game over SSH: each player joins from their own terminal with ssh."""
    try:
        import asyncssh  # noqa: F401  (the optional extra: said in one line when it is missing)
    except ImportError:
        _fail(_("momon serve needs the serve extra: {command}").format(command="pip install 'momon-cli[serve]'"))
    if _club(club, p1, p2, bot_time, deck1, deck2, cards, log, resume, position, rules):
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


def _club(club: bool, *one_game: object) -> bool:
    """The club hook: ``momon serve --club`` is a club, refused in one line beside an option of one
    game (``--rules`` counts only when it is not the default; ``--seed`` and ``--first`` fix
    every room's deal). Opt-in until the club's listener has the single game's connection limits."""
    *given, rules = one_game
    if club and not (rules == "sequential" and all(v is None or v == [] for v in given)):
        raise typer.BadParameter(_("a club's rooms choose their own players, decks and rules"), param_hint="--club")
    return club


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
