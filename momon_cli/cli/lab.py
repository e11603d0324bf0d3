"""The lab: ``simulate``, ``bench`` and ``tournament``, bots against bots, with their reports.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts, and evaluated ones save it compiling them again (about 2 ms of each start)."""

import signal
from collections import Counter
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..limits import BOT_SECONDS
from ..text.safe import safe
from .base import (
    BOT_TIME_HELP,
    Stopped,
    _data_file,
    _fail,
    _load,
    _loading,
    _profile,
    _seed,
    _stopped_by_signals,
    _working,
    app,
    profile_named,
)

if TYPE_CHECKING:
    from ..bots.simulate import Pairings


@app.command()
def simulate(
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many games to play."),
    seed: int = typer.Option(1, "--seed", callback=_seed, help="Game i uses seed SEED+i-1."),
    deck1: str | None = typer.Option(None, help="Player 1's deck (built-in name or file); random if omitted."),
    deck2: str | None = typer.Option(None, help="Player 2's deck (built-in name or file); random if omitted."),
    rules: str = typer.Option("sequential", "--rules", callback=_profile, help="sequential or simultaneous."),
    cards: list[Path] = typer.Option([], "--cards", help="Extra card-set TOML file (repeatable)."),
    log_dir: Path | None = typer.Option(None, help="Write each game's record into this folder."),
    full: bool = typer.Option(False, "--full", help="With --log-dir: keep every event in the records, not only "
                              "their digests."),
    all_pairs: bool = typer.Option(False, "--all-pairs", help="Every built-in deck against every one, both seats: "
                                   "GAMES games per pairing, a win matrix and each deck against the field."),
    bot1: str | None = typer.Option(None, help="A bot (random, greedy, search) against --bot2, seats swapped every "
                                    "other game: win rates with 95% intervals."),
    bot2: str | None = typer.Option(None, help="The other bot, as for --bot1."),
    jobs: int = typer.Option(1, min=1, max=64, help="With --bot1/--bot2: games in this many processes."),
) -> None:
    """Play random-vs-random games and report games per second.

    Examples: momon simulate --games 2000 --seed 1 --rules simultaneous ·
    momon simulate --all-pairs --games 200 · momon simulate --bot1 greedy --bot2 random --games 400
    """
    from ..bots import simulate as sim
    from ..data.cards import builtin_deck_names, load_deck
    from ..record import RecordError

    if bot1 or bot2:
        _tournament_report([bot1 or "random", bot2 or "random"], builtin_deck_names(), games, seed, rules, jobs,
                           "local", None, None, None, None)
        return
    matrix, pool = _load(cards)
    _working()
    if all_pairs:
        _pairings_report(sim.run_pairings(games, seed, [load_deck(n, pool) for n in builtin_deck_names()], matrix,
                                          profile_named(rules)))
        return
    for deck in filter(None, (deck1, deck2)):
        _data_file(deck, "deck")
    with _loading(deck1, deck2):
        decks = [load_deck(name, pool) for name in builtin_deck_names()]
        d1 = load_deck(deck1, pool) if deck1 else None
        d2 = load_deck(deck2, pool) if deck2 else None
    try:
        report = sim.run(games, seed, decks, d1, d2, matrix, profile_named(rules), log_dir, full)
    except RecordError as err:
        _fail(str(err))
    except sim.SimulationError as err:
        _fail(f"engine error in {err}\nreproduce: momon simulate --games 1 --seed {err.seed} --rules {rules}"
              + (f" --deck1 {deck1}" if deck1 else "") + (f" --deck2 {deck2}" if deck2 else ""))
    n = report.games
    typer.echo(f"{n} games in {report.seconds:.2f} s: {report.games_per_second:.0f} games/s ({rules})")
    typer.echo(f"wins: player 1 {report.wins[1]} ({100 * report.wins[1] / n:.1f}%), "
               f"player 2 {report.wins[2]} ({100 * report.wins[2] / n:.1f}%)")
    typer.echo(f"average turns {report.turns / n:.1f}, decisions {report.decisions / n:.1f} per game")
    typer.echo("end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(report.reasons.items())))


@app.command()
def bench(games: int = typer.Option(1000, "--games", "-n", min=10, help="Games per profile.")) -> None:
    """Time the engine against a bare loop of the same core rules, in one process.

    Judge a change by the ratio (engine time per game / bare-loop time per game): the
    machines are shared and noisy, a ratio measured in one run is not. The bare loop plays
    no abilities, so the same games are timed again with the abilities taken off the cards.
    """
    from ..bots import bench as b
    from ..data.cards import builtin_deck_names, load_deck

    matrix, pool = _load([])
    decks = [load_deck(name, pool) for name in builtin_deck_names()]
    _working()
    for abilities in (True, False):
        if not abilities:
            typer.echo("The same games with every ability taken off the cards (the bare loop's own rules):")
        for profile in ("sequential", "simultaneous"):
            r = b.run(games, decks, matrix, profile, abilities)
            typer.echo(f"{profile:>12}: {r.games_per_second:6.0f} games/s (ratio {r.ratio:.1f}), with events "
                       f"{r.telling_games_per_second:6.0f} (ratio {r.telling_ratio:.1f}), bare loop "
                       f"{r.bare_games_per_second:6.0f} games/s")


def _abbreviations(names: list[str]) -> dict[str, str]:
    """A short, distinct column heading for each name: its initials, and where two names
    share them (Earth Tricks, Ember Tide), more of the last word until they differ."""
    def short(name: str, more: int) -> str:
        words = name.split() or ["?"]
        return "".join(w[0] for w in words[:-1]) + words[-1][:1 + more]

    found: dict[str, str] = {}
    for name in names:
        more = 0
        while any(short(name, more) == short(other, more) for other in names if other != name) and \
                more < len(name):
            more += 1
        found[name] = short(name, more)
    taken = Counter(found.values())
    return {name: found[name] + (str(number) if taken[found[name]] > 1 else "")  # alike to the last letter
            for number, name in enumerate(names, 1)}


def _pairings_report(report: "Pairings") -> None:
    """The balance report: a win matrix (row deck's wins over column deck) and the field."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{report.games} games ({report.seconds:.0f} s): row deck wins against column deck, %")
    short = _abbreviations(report.decks)
    table.add_column("Deck")
    for d in report.decks:
        table.add_column(safe(short[d]), justify="right")
    table.add_column("Field", justify="right")
    for a in report.decks:
        cells = ["—" if a == b else f"{100 * report.rate(a, b):.0f}" for b in report.decks]
        table.add_row(safe(f"{a} ({short[a]})"), *cells, f"{100 * report.against_field(a):.1f}")
    console = Console()
    console.print(table)
    console.print("end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(report.reasons.items())))


def _tournament_report(bots: list[str], decks: list[str], games: int, seed: int, rules: str, jobs: int,
                       backend: str, address: str | None, as_json: Path | None, as_csv: Path | None,
                       bot_time: float | None = None, playouts: int | None = None) -> None:
    """Play the games with a progress bar, then print win rates, 95% intervals, Elo and
    how long each bot thought."""
    import json

    _working()
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from ..bots import tournament as t

    tasks = t.specs(bots, decks, games, seed, profile_named(rules), bot_time, playouts)
    if not tasks:
        _fail("a tournament needs two bots")
    outcomes = []
    try:
        with _stopped_by_signals() as stops:
            runner = t.run_ray(tasks, address) if backend == "ray" else t.run_local(tasks, jobs, stops.check)
            with closing(runner), Progress(transient=True) as progress:  # closed at once when stopped
                bar = progress.add_task(f"{len(tasks)} games", total=len(tasks))
                for outcome in runner:
                    outcomes.append(outcome)
                    progress.advance(bar)
                    stops.check()
    except ImportError:
        _fail("the Ray backend needs the ray extra: pip install 'momon-cli[ray]'")
    except KeyboardInterrupt as stop:
        signum = stop.signum if isinstance(stop, Stopped) else signal.SIGINT
        _fail(f"stopped by {signal.Signals(signum).name} after {len(outcomes)} of {len(tasks)} games; nothing was "
              f"written (rerun with the same --seed for the same games)", 128 + signum)
    rows = t.standings(tasks, outcomes)
    ratings = t.elo(rows)
    table = Table(title=f"{len(tasks)} games, {rules} rules, seats swapped every other game")
    for col in ("Bot", "Opponent", "Wins", "Games", "Win rate", "95% interval"):
        table.add_column(col)
    for r in rows:
        low, high = r.interval()
        table.add_row(r.bot, r.opponent, str(r.wins), str(r.games), f"{100 * r.rate:.1f}%",
                      f"{100 * low:.1f}–{100 * high:.1f}%")
    console = Console()
    console.print(table)
    console.print("Elo: " + ", ".join(f"{b} {e:.0f}" for b, e in sorted(ratings.items(), key=lambda x: -x[1])))
    for think in sorted(t.thinking(outcomes).values(), key=lambda th: th.bot):
        console.print(f"{think.bot}: {think.decisions} answers, {1000 * think.mean:.1f} ms on average, "
                      f"slowest {1000 * think.slowest:.0f} ms")
    data = t.to_rows(rows)
    if as_json is not None:
        as_json.write_text(json.dumps({"rows": data, "elo": ratings}, indent=1) + "\n", encoding="utf-8")
    if as_csv is not None:
        import csv

        with as_csv.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=list(data[0]))
            writer.writeheader()
            writer.writerows(data)


@app.command()
def tournament(
    bots: str = typer.Option("random,greedy,search", help="Bots, comma-separated: random, greedy, search."),
    decks: str = typer.Option("all", help="Built-in decks, comma-separated, or all."),
    games: int = typer.Option(100, "--games", "-n", min=1, help="Games for every pair of bots."),
    seed: int = typer.Option(1, callback=_seed,
                             help="The run's seed: each game's seed comes from it and the game's number."),
    rules: str = typer.Option("sequential", "--rules", callback=_profile, help="sequential or simultaneous."),
    jobs: int = typer.Option(1, min=1, max=64, help="Play in this many processes (same results as 1)."),
    backend: str = typer.Option("local", help="local (processes) or ray (a Ray cluster; local Ray without --address)."),
    address: str | None = typer.Option(None, help="The Ray cluster's address, with --backend ray."),
    bot_time: float | None = typer.Option(None, "--bot-time", min=BOT_SECONDS[0], max=BOT_SECONDS[1],
                                          help=BOT_TIME_HELP),
    playouts: int | None = typer.Option(None, "--playouts", min=1, max=100_000,
                                        help="Playouts a search bot runs per Summon (default 500)."),
    as_json: Path | None = typer.Option(None, "--json", help="Also write the results as JSON here."),
    as_csv: Path | None = typer.Option(None, "--csv", help="Also write the results as CSV here."),
) -> None:
    """Bots against bots: win rates with 95% confidence intervals and Elo ratings.

    Examples: momon tournament --bots random,greedy --games 400 --jobs 2 ·
    momon tournament --backend ray --address ray://head:10001
    """
    from ..data.cards import builtin_deck_names
    from ..limits import BOT_NAMES as BOTS

    names = [b.strip() for b in bots.split(",") if b.strip()]
    if any(b not in BOTS for b in names) or len(names) < 2:
        _fail(f"--bots takes two or more of {', '.join(BOTS)}")
    known = builtin_deck_names()
    chosen = known if decks == "all" else [d.strip() for d in decks.split(",")]
    if any(d not in known for d in chosen):
        _fail(f"--decks takes all or built-in deck names: {', '.join(known)}")
    if backend not in ("local", "ray"):
        _fail("--backend is local or ray")
    _tournament_report(names, chosen, games, seed, rules, jobs, backend, address, as_json, as_csv, bot_time, playouts)
