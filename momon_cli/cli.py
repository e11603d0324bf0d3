"""The ``momon`` command: a thin Typer layer that parses options and wires library pieces.

No rules here. Errors in input data print one line each and exit 1; no traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from . import __version__
from .carddata import DataError, builtin_deck_names, load_deck, load_matrix, load_pool
from .engine import PROFILES

app = typer.Typer(
    help="Monsnatch: the two-player card game on a 4x4 Arena, in your terminal.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


def _fail(message: str, code: int = 1) -> None:
    typer.secho(message, err=True, fg=typer.colors.RED)
    raise typer.Exit(code)


def _data_error(err: DataError) -> None:
    for line in err.problems:
        typer.secho(line, err=True, fg=typer.colors.RED)
    raise typer.Exit(1)


def _profile(value: str) -> str:
    if value not in PROFILES:
        raise typer.BadParameter(f"choose {' or '.join(PROFILES)}")
    return value


def _version(value: bool) -> None:
    if value:
        typer.echo(f"momon {__version__}")
        raise typer.Exit()


@app.callback()
def main(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="Print the version and exit.")) -> None:
    """Monsnatch in a terminal."""


@app.command()
def simulate(
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many games to play."),
    seed: int = typer.Option(1, "--seed", help="Game i uses seed SEED+i-1."),
    deck1: Optional[str] = typer.Option(None, help="Player 1's deck (built-in name or file); random if omitted."),
    deck2: Optional[str] = typer.Option(None, help="Player 2's deck (built-in name or file); random if omitted."),
    rules: str = typer.Option("sequential", "--rules", callback=_profile, help="sequential or simultaneous."),
    cards: list[Path] = typer.Option([], "--cards", help="Extra card-set TOML file (repeatable)."),
) -> None:
    """Play random-vs-random games and report games per second.

    Example: momon simulate --games 2000 --seed 1 --rules simultaneous
    """
    from . import simulate as sim

    try:
        matrix = load_matrix()
        pool = load_pool(tuple(cards), matrix)
        decks = [load_deck(name, pool) for name in builtin_deck_names()]
        d1 = load_deck(deck1, pool) if deck1 else None
        d2 = load_deck(deck2, pool) if deck2 else None
    except DataError as err:
        _data_error(err)
    try:
        report = sim.run(games, seed, decks, d1, d2, matrix, rules)
    except sim.SimulationError as err:
        _fail(f"engine error in {err}\nreproduce: momon simulate --games 1 --seed {err.seed} --rules {rules}"
              + (f" --deck1 {deck1}" if deck1 else "") + (f" --deck2 {deck2}" if deck2 else ""))
    n = report.games
    typer.echo(f"{n} games in {report.seconds:.2f} s: {report.games_per_second:.0f} games/s ({rules})")
    typer.echo(f"wins: player 1 {report.wins[1]} ({100 * report.wins[1] / n:.1f}%), "
               f"player 2 {report.wins[2]} ({100 * report.wins[2] / n:.1f}%)")
    typer.echo(f"average turns {report.turns / n:.1f}, decisions {report.decisions / n:.1f}, "
               f"events {report.events / n:.1f} per game")
    typer.echo("end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(report.reasons.items())))
