"""The lab: ``simulate``, ``bench`` and ``tournament``, bots against bots, with their reports.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts, and evaluated ones save it compiling them again (about 2 ms of each start)."""

import signal
from collections import Counter
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..language import N_, _
from ..limits import BOT_SECONDS
from ..text.safe import safe
from . import complete
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


@app.command(help=_(
    "Play random-vs-random games and report games per second.\n\n"
    "Examples: momon simulate --games 2000 --seed 1 --rules simultaneous · momon simulate --all-pairs --games 200 · "
    "momon simulate --bot1 greedy --bot2 random --games 400"))
def simulate(
    games: int = typer.Option(100, "--games", "-n", min=1, help=_("How many games to play.")),
    seed: int = typer.Option(1, "--seed", callback=_seed, help=_("Game i uses seed SEED+i-1.")),
    deck1: str | None = typer.Option(None, help=_("Player 1's deck (built-in name or file); random if omitted."),
                                     autocompletion=complete.decks),
    deck2: str | None = typer.Option(None, help=_("Player 2's deck (built-in name or file); random if omitted."),
                                     autocompletion=complete.decks),
    rules: str = typer.Option("sequential", "--rules", callback=_profile, help=_("sequential or simultaneous.")),
    cards: list[Path] = typer.Option([], "--cards", help=_("Extra card-set TOML file (repeatable).")),
    log_dir: Path | None = typer.Option(None, help=_("Write each game's record into this folder.")),
    full: bool = typer.Option(False, "--full", help=_("With --log-dir: keep every event in the records, not only "
                              "their digests.")),
    all_pairs: bool = typer.Option(False, "--all-pairs", help=_("Every built-in deck against every one, both seats: "
                                   "GAMES games per pairing, a win matrix and each deck against the field.")),
    bot1: str | None = typer.Option(None, help=_("A bot (random, greedy, search) against --bot2, seats swapped every "
                                    "other game: win rates with 95% intervals."), autocompletion=complete.bots),
    bot2: str | None = typer.Option(None, help=_("The other bot, as for --bot1."), autocompletion=complete.bots),
    jobs: int = typer.Option(1, min=1, max=64, help=_("With --bot1/--bot2: games in this many processes.")),
) -> None:
    """Play random-vs-random games and report games per second."""
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
        _data_file(deck, _("deck"))
    with _loading(deck1, deck2):
        decks = [load_deck(name, pool) for name in builtin_deck_names()]
        d1 = load_deck(deck1, pool) if deck1 else None
        d2 = load_deck(deck2, pool) if deck2 else None
    try:
        report = sim.run(games, seed, decks, d1, d2, matrix, profile_named(rules), log_dir, full)
    except RecordError as err:
        _fail(str(err))
    except sim.SimulationError as err:
        command = f"momon simulate --games 1 --seed {err.seed} --rules {rules}" + \
            (f" --deck1 {deck1}" if deck1 else "") + (f" --deck2 {deck2}" if deck2 else "")
        _fail(_("engine error in {error}\nreproduce: {command}").format(error=err, command=command))
    n = report.games
    typer.echo(_("{n} games in {seconds:.2f} s: {rate:.0f} games/s ({rules})").format(
        n=n, seconds=report.seconds, rate=report.games_per_second, rules=rules))
    typer.echo(_("wins: player 1 {wins1} ({share1:.1f}%), player 2 {wins2} ({share2:.1f}%)").format(
        wins1=report.wins[1], share1=100 * report.wins[1] / n, wins2=report.wins[2], share2=100 * report.wins[2] / n))
    typer.echo(_("average turns {turns:.1f}, decisions {decisions:.1f} per game").format(
        turns=report.turns / n, decisions=report.decisions / n))
    typer.echo(_("end reasons: {reasons}").format(reasons=_reasons(report.reasons)))


@app.command(help=_(
    "Time the engine against a bare loop of the same core rules, in one process.\n\n"
    "Judge a change by the ratio (engine time per game / bare-loop time per game): the machines are shared and "
    "noisy, a ratio measured in one run is not. The bare loop plays no abilities, so the same games are timed again "
    "with the abilities taken off the cards."))
def bench(games: int = typer.Option(1000, "--games", "-n", min=10, help=_("Games per profile."))) -> None:
    """Time the engine against a bare loop of the same core rules, in one process."""
    from ..bots import bench as b
    from ..data.cards import builtin_deck_names, load_deck

    matrix, pool = _load([])
    decks = [load_deck(name, pool) for name in builtin_deck_names()]
    _working()
    for abilities in (True, False):
        if not abilities:
            typer.echo(_("The same games with every ability taken off the cards (the bare loop's own rules):"))
        for profile in ("sequential", "simultaneous"):
            r = b.run(games, decks, matrix, profile, abilities)
            typer.echo(_("{profile}: {rate:6.0f} games/s (ratio {ratio:.1f}), with events {telling:6.0f} (ratio "
                         "{telling_ratio:.1f}), bare loop {bare:6.0f} games/s").format(
                profile=f"{profile:>12}", rate=r.games_per_second, ratio=r.ratio, telling=r.telling_games_per_second,
                telling_ratio=r.telling_ratio, bare=r.bare_games_per_second))


#: The columns of the tournament's standings.
STANDING_COLUMNS = (N_("Bot"), N_("Opponent"), N_("Wins"), N_("Games"), N_("Win rate"), N_("95% interval"))
#: The seats of the table by seat (bots.tournament.SEATS), as a player reads them.
SEAT_NAMES = {"1": N_("as Player 1"), "2": N_("as Player 2"), "first": N_("moving first"), "all": N_("both seats")}


def _profiles(value: str) -> str:
    """A rules profile, or both of them."""
    return value if value == "both" else _profile(value)


def _reasons(reasons: "Counter[str]") -> str:
    """How the games ended, each reason with its count (the reasons are the records' own words)."""
    return ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))


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

    table = Table(title=_("{games} games ({seconds:.0f} s): row deck wins against column deck, %").format(
        games=report.games, seconds=report.seconds))
    short = _abbreviations(report.decks)
    table.add_column(_("Deck"))
    for d in report.decks:
        table.add_column(safe(short[d]), justify="right")
    # TRANSLATORS: the column of each deck's win rate against all the other decks together.
    table.add_column(_("Field"), justify="right")
    for a in report.decks:
        cells = ["—" if a == b else f"{100 * report.rate(a, b):.0f}" for b in report.decks]
        table.add_row(safe(f"{a} ({short[a]})"), *cells, f"{100 * report.against_field(a):.1f}")
    console = Console()
    console.print(table)
    console.print(_("end reasons: {reasons}").format(reasons=_reasons(report.reasons)))


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
    from ..engine import PROFILES

    tasks = t.specs(bots, decks, games, seed, PROFILES if rules == "both" else profile_named(rules), bot_time, playouts)
    if not tasks:
        _fail(_("a tournament needs two bots"))
    outcomes = []
    try:
        with _stopped_by_signals() as stops:
            runner = t.run_ray(tasks, address) if backend == "ray" else t.run_local(tasks, jobs, stops.check)
            with closing(runner), Progress(transient=True) as progress:  # closed at once when stopped
                bar = progress.add_task(_("{n} games").format(n=len(tasks)), total=len(tasks))
                for outcome in runner:
                    outcomes.append(outcome)
                    progress.advance(bar)
                    stops.check()
    except ImportError:
        _fail(_("the Ray backend needs the ray extra: {command}").format(command="pip install 'momon-cli[ray]'"))
    except KeyboardInterrupt as stop:
        signum = stop.signum if isinstance(stop, Stopped) else signal.SIGINT
        _fail(_("stopped by {signal} after {done} of {games} games; nothing was written (rerun with the same --seed "
                "for the same games)").format(signal=signal.Signals(signum).name, done=len(outcomes), games=len(tasks)),
              128 + signum)
    rows = t.standings(tasks, outcomes)
    ratings = t.elo(rows)
    table = Table(title=_("{games} games, {rules} rules, seats swapped every other game").format(games=len(tasks),
                                                                                               rules=rules))
    for col in STANDING_COLUMNS:
        table.add_column(_(col))
    for r in rows:
        low, high = r.interval()
        table.add_row(r.bot, r.opponent, str(r.wins), str(r.games), f"{100 * r.rate:.1f}%",
                      f"{100 * low:.1f}–{100 * high:.1f}%")
    console = Console()
    console.print(table)
    seats = Table(title=_("By seat: each deal is played from both seats; the first mover is drawn from the seed"))
    for col in STANDING_COLUMNS[:2] + (N_("Seat"),) + STANDING_COLUMNS[2:]:
        seats.add_column(_(col))
    for row in t.by_seat(tasks, outcomes):
        st = row.standing()
        low, high = st.interval()
        seats.add_row(row.bot, row.opponent, _(SEAT_NAMES[row.seat]), str(st.wins), str(st.games), f"{100 * st.rate:.1f}%",
                      f"{100 * low:.1f}–{100 * high:.1f}%")
    console.print(seats)
    console.print(_("Elo: {ratings}").format(ratings=", ".join(f"{b} {e:.0f}" for b, e in sorted(ratings.items(),
                                                                                              key=lambda x: -x[1]))))
    for think in sorted(t.thinking(outcomes).values(), key=lambda th: th.bot):
        console.print(_("{bot}: {answers} answers, {mean:.1f} ms on average, slowest {slowest:.0f} ms").format(
            bot=think.bot, answers=think.decisions, mean=1000 * think.mean, slowest=1000 * think.slowest))
    data = t.to_rows(rows)
    if as_json is not None:
        as_json.write_text(json.dumps({"rows": data, "elo": ratings}, indent=1) + "\n", encoding="utf-8")
    if as_csv is not None:
        import csv

        with as_csv.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=list(data[0]))
            writer.writeheader()
            writer.writerows(data)


@app.command(help=_(
    "Bots against bots: win rates with 95% confidence intervals and Elo ratings.\n\n"
    "Examples: momon tournament --bots random,greedy --games 400 --jobs 2 · momon tournament --backend ray "
    "--address ray://head:10001"))
def tournament(
    bots: str = typer.Option("random,greedy,search", help=_("Bots, comma-separated: random, greedy, search."),
                             autocompletion=complete.bot_list),
    decks: str = typer.Option("all", help=_("Built-in decks, comma-separated, or all."), autocompletion=complete.deck_list),
    games: int = typer.Option(100, "--games", "-n", min=1, help=_("Games for every pair of bots.")),
    seed: int = typer.Option(1, callback=_seed,
                             help=_("The run's seed: each game's seed comes from it and the game's number.")),
    rules: str = typer.Option("both", "--rules", callback=_profiles,
                              help=_("sequential, simultaneous or both (each deal under each profile).")),
    jobs: int = typer.Option(1, min=1, max=64, help=_("Play in this many processes (same results as 1).")),
    backend: str = typer.Option("local", help=_("local (processes) or ray (a Ray cluster; local Ray without --address).")),
    address: str | None = typer.Option(None, help=_("The Ray cluster's address, with --backend ray.")),
    bot_time: float | None = typer.Option(None, "--bot-time", min=BOT_SECONDS[0], max=BOT_SECONDS[1],
                                          help=BOT_TIME_HELP),
    playouts: int | None = typer.Option(None, "--playouts", min=1, max=100_000,
                                        help=_("Playouts a search bot runs per Summon (default 500).")),
    as_json: Path | None = typer.Option(None, "--json", help=_("Also write the results as JSON here.")),
    as_csv: Path | None = typer.Option(None, "--csv", help=_("Also write the results as CSV here.")),
) -> None:
    """Bots against bots: win rates with 95% confidence intervals and Elo ratings."""
    from ..data.cards import builtin_deck_names
    from ..limits import BOT_NAMES as BOTS

    names = [b.strip() for b in bots.split(",") if b.strip()]
    if any(b not in BOTS for b in names) or len(names) < 2:
        _fail(_("--bots takes two or more of {bots}").format(bots=", ".join(BOTS)))
    known = builtin_deck_names()
    chosen = known if decks == "all" else [d.strip() for d in decks.split(",")]
    if any(d not in known for d in chosen):
        _fail(_("--decks takes all or built-in deck names: {decks}").format(decks=", ".join(known)))
    if backend not in ("local", "ray"):
        _fail(_("--backend is local or ray"))
    _tournament_report(names, chosen, games, seed, rules, jobs, backend, address, as_json, as_csv, bot_time, playouts)
