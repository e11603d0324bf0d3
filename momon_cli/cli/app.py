"""The ``momon`` command: a thin Typer layer that parses options and wires library pieces.

No rules here. Errors in input data print one line each and exit 1; no traceback. Every
string from outside (a file, a record, a name) is shown through ``safe_text``.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts, and evaluated ones save it compiling them again (about 2 ms of each start).
"""

import gc
import os
import re
import shutil
import signal
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

from .. import __version__, exits
from ..limits import BOT_SECONDS, SEED_DIGITS
from ..text.safe import clean, safe

if TYPE_CHECKING:
    from ..data.cards import DataError
    from ..engine import Profile
    from ..record.format import Record

DATA_LIMIT = 2**20  # bytes in a deck or card-set file
MESSAGE_LIMIT = 2000  # characters in one error line

DEFAULT_DECKS = ("ember-tide", "stone-gale")
BOT_TIME_HELP = "Most seconds a search bot may think per Summon (it stops sooner at its playouts)."
RECORD_HELP = "A game record: a path, 'last' (the newest) or its number in 'momon games'."

app = typer.Typer(
    help="Monsnatch: the two-player card game on a 4x4 Arena, in your terminal.\n\n"
         "Start a game with: momon play",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: flags without a "<bool>" after them
)
deck_app = typer.Typer(help="Work with deck files.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(deck_app, name="deck")


def run() -> None:
    """The ``momon`` script and ``python -m momon_cli``. The cyclic garbage collector stays off
    while a command starts: imports and card data make tens of thousands of objects and no
    garbage, and its passes over them cost about 9 ms of every start. Commands that go on to
    play, read records or measure turn it back on where that work begins (``_working``); the
    others end first.

    A command line Typer cannot take (an unknown option, a bad value) is one line naming the
    command and where its help is, not Typer's usage block.

    Once the command is done, Ctrl-C is ignored: all that is left is leaving, and a
    KeyboardInterrupt raised in Typer's unwinding, ``threading._shutdown`` or an atexit
    function would print a traceback. One that comes before that is an exit with 130."""
    gc.disable()
    try:
        try:
            code = _command()
        finally:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # runs a pending handler before it swaps
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a pending Ctrl-C stopped the swap above: again
        raise SystemExit(exits.INTERRUPTED) from None
    raise SystemExit(code)  # None (0) or the code a command exits with


def _command() -> int | None:
    """The command's exit code; a usage error or an Abort is printed and exits here."""
    try:
        return app(prog_name="momon", standalone_mode=False)
    except typer.TyperException as err:  # a usage error; or, with no arguments, the help itself
        message = err.format_message()
        if "\n" in message:
            typer.echo(message, err=True)
        else:
            ctx = getattr(err, "ctx", None)
            command = ctx.command_path if ctx is not None else _command_named()
            stop = "" if message.endswith((".", "?", "!")) else "."
            typer.secho(clean(f"{command}: {message}{stop} See: {command} --help", MESSAGE_LIMIT), err=True,
                        fg=typer.colors.RED)
        raise SystemExit(err.exit_code) from None
    except typer.Abort:  # end of input at a question
        typer.echo("Aborted.", err=True)
        raise SystemExit(1) from None


def _command_named() -> str:
    """``momon X`` when the command line names command X, else ``momon``: Click raises some
    usage errors (an option missing its value) without the context that names the command."""
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    return f"momon {sys.argv[1]}" if len(sys.argv) > 1 and sys.argv[1] in commands else "momon"


def _working() -> None:
    """The collector back on (once), with everything made while starting set aside for good."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP (the terminal closed) during a long command: unwound like Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextmanager
def _stopped_by_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP raise :class:`Stopped` here, so a command can say how far it got."""

    def stop(signum: int, frame: object) -> None:
        raise Stopped(signum)

    old = {s: signal.signal(s, stop) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


def _fail(message: str, code: int = 1) -> NoReturn:
    typer.secho(clean(message, MESSAGE_LIMIT), err=True, fg=typer.colors.RED)
    raise typer.Exit(code)


def _data_error(err: "DataError") -> NoReturn:
    for line in err.problems:
        typer.secho(clean(line, MESSAGE_LIMIT), err=True, fg=typer.colors.RED)
    raise typer.Exit(1)


def _data_file(name: str | Path, what: str) -> None:
    """Refuse in one line a deck or card file the loader could not read: a directory, a FIFO,
    a symlink loop, a huge or non-UTF-8 file. Built-in deck names pass through."""
    from ..files import NotAFile, regular_file

    path = Path(name)
    if not os.path.lexists(path):
        return
    try:
        regular_file(path)
        if path.stat().st_size > DATA_LIMIT:
            _fail(f"the {what} {name} is larger than {DATA_LIMIT // 2**20} MiB")
        path.read_bytes().decode("utf-8")
    except NotAFile:
        _fail(f"the {what} {name} is not a regular file")
    except OSError as err:
        _fail(f"cannot read the {what} {name}: {err.strerror}")
    except UnicodeDecodeError:
        _fail(f"the {what} {name} is not UTF-8 text")


@contextmanager
def _loading(*sources: object) -> Iterator[None]:
    """Data loading: each DataError problem is one line, and so is any other failure a
    loader meets in strange data (naming the files it was reading)."""
    from ..data.cards import DataError

    try:
        yield
    except DataError as err:
        _data_error(err)
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as err:
        _fail(f"{', '.join(map(str, sources))}: not valid data ({err.__class__.__name__}: {err})")


def _name(value: str, which: str) -> str:
    from ..record.format import NAME_LIMIT

    if not value.strip() or clean(value, NAME_LIMIT) != value:
        _fail(f"{which}'s name must be 1-{NAME_LIMIT} printable characters")
    return value


def profile_named(name: str) -> "Profile":
    """The engine's profile for a name the option callback already checked (loaded late:
    --version and --help load no engine)."""
    from ..engine import profile_named as named

    return named(name)


def _profile(value: str) -> str:
    from ..engine import PROFILES

    if value not in PROFILES:
        raise typer.BadParameter(f"choose {' or '.join(PROFILES)}")
    return value


def _seed(value: int | None) -> int | None:
    if value is not None and len(str(abs(value))) > SEED_DIGITS:
        raise typer.BadParameter(f"at most {SEED_DIGITS} digits")
    return value


def _version(value: bool) -> None:
    if value:
        typer.echo(f"momon {__version__}")
        raise typer.Exit()


@app.callback()
def root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="Print the version and exit.")) -> None:
    """Monsnatch in a terminal."""


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
    from ..record.format import RecordError

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
    typer.echo(f"average turns {report.turns / n:.1f}, decisions {report.decisions / n:.1f}, "
               f"events {report.events / n:.1f} per game")
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
            typer.echo(f"{profile:>12}: {r.games_per_second:6.0f} games/s, {r.us_per_event:5.1f} µs/event, "
                       f"bare loop {r.bare_games_per_second:6.0f} games/s, ratio {r.ratio:.1f}")


def _bots(names: tuple[str | None, str | None], seed: int, pool: tuple, seconds: float | None):
    """``bot:NAME`` seats: the bots that answer them (seeded from the game's seed and the
    seat), and the names they play under."""
    from ..bots.players import BOTS, Seat

    bots, out = {}, []
    for player, name in enumerate(names, 1):
        if name is not None and name.startswith("bot:"):
            kind = name[4:]
            if kind not in BOTS:
                _fail(f"unknown bot {clean(kind, 20)!r}: choose bot:{', bot:'.join(BOTS)}")
            bots[player] = Seat(kind, f"{seed}-{player}", pool if kind != "random" else (), seconds)  # random imagines nothing
            name = f"{kind.capitalize()} bot" + ("" if names[2 - player] != name else f" {player}")
        out.append(name)
    return bots, (out[0], out[1])


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


def _pairings_report(report) -> None:
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
        with _stopped_by_signals():
            runner = t.run_ray(tasks, address) if backend == "ray" else t.run_local(tasks, jobs)
            with closing(runner), Progress(transient=True) as progress:  # closed at once when stopped
                bar = progress.add_task(f"{len(tasks)} games", total=len(tasks))
                for outcome in runner:
                    outcomes.append(outcome)
                    progress.advance(bar)
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
    from ..bots.players import BOTS
    from ..data.cards import builtin_deck_names

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


def _load(cards: list[Path]):
    from ..data.cards import load_matrix, load_pool

    for path in cards:
        _data_file(path, "card file")
    with _loading(*cards):
        matrix = load_matrix()
        return matrix, load_pool(tuple(cards), matrix)


def default_log_path(seed: int) -> Path:
    """Where a game is recorded when --log is not given: the user's data folder."""
    from datetime import datetime

    from platformdirs import user_data_path

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return user_data_path("momon-cli") / "games" / f"{stamp}-seed{seed}.jsonl"


@app.command()
def play(
    p1: str | None = typer.Option(None, "--p1", help="Player 1's name (asked if omitted), or bot:random, "
                                  "bot:greedy or bot:search to play against a bot."),
    p2: str | None = typer.Option(None, "--p2", help="Player 2's name (asked if omitted), or a bot as for --p1."),
    bot_time: float | None = typer.Option(None, "--bot-time", min=BOT_SECONDS[0], max=BOT_SECONDS[1],
                                          help=BOT_TIME_HELP),
    deck1: str = typer.Option(DEFAULT_DECKS[0], help="Player 1's deck: a built-in name or a file."),
    deck2: str = typer.Option(DEFAULT_DECKS[1], help="Player 2's deck: a built-in name or a file."),
    cards: list[Path] = typer.Option([], "--cards", help="Extra card-set TOML file (repeatable)."),
    seed: int | None = typer.Option(None, callback=_seed, help="The game's seed (random if omitted)."),
    first: int | None = typer.Option(None, min=1, max=2, help="Who goes first, 1 or 2 (drawn from the seed if omitted)."),
    rules: str = typer.Option("sequential", "--rules", callback=_profile, help="sequential or simultaneous."),
    script: str | None = typer.Option(None, help="Answer from FILE (or - for stdin), one line per answer."),
    log: Path | None = typer.Option(None, help="Write the game record here (default: your data folder)."),
    force: bool = typer.Option(False, "--force", help="Let --log overwrite a file that is not a record of this game."),
    full: bool = typer.Option(False, "--full", help="Keep every event in the record, not only their digests."),
    resume: str | None = typer.Option(None, help="Continue an unfinished game: its record, 'last' or its number "
                                      "in 'momon games'."),
    position: Path | None = typer.Option(None, help="Start from this position file instead of dealing the decks."),
    open_hands: bool = typer.Option(False, "--open-hands", help="Show each Hand without hand-off screens (for "
                                    "players who play with open hands)."),
    narration: str = typer.Option("terse", help="terse: what happened; full: every step with its rule."),
    view: str = typer.Option("seat", help="seat: the Arena from the deciding player's seat; p1 or p2: always "
                             "from that seat."),
) -> None:
    """Play a hot-seat game: two players, one keyboard.

    Examples:

      momon play

      momon play --p1 Ann --p2 Bea --deck1 dawn-dusk --deck2 prism --seed 7

      momon play --p1 Ann --p2 bot:search --bot-time 0.5

      momon play --script moves.txt --p1 Ann --p2 Bea --seed 7

      momon play --resume ~/.local/share/momon-cli/games/20261130-101500-seed7.jsonl
    """
    import random
    import sys

    from rich.console import Console

    from ..data.cards import load_deck
    from ..engine import Game, Position, Setup
    from ..record.format import RecordError, start_record

    if narration not in ("terse", "full"):
        raise typer.BadParameter("choose terse or full", param_hint="--narration")
    if view not in ("seat", "p1", "p2"):
        raise typer.BadParameter("choose seat, p1 or p2", param_hint="--view")
    options = {"open_hands": open_hands, "full_log": narration == "full",
               "fixed_seat": None if view == "seat" else int(view[1])}
    lines = None
    if script is not None:
        try:
            lines = sys.stdin.buffer if script == "-" else Path(script).read_bytes().splitlines()
        except OSError as err:
            _fail(f"cannot read the script {script}: {err.strerror}")
    console = Console()
    if resume is not None:
        game, recorder, options["bots"] = _resume(resume)
        _hot_seat(game, console, recorder, lines, options)
    matrix, pool = _load(cards)
    sources = (position,) if position is not None else (deck1, deck2)
    for source in sources:
        _data_file(source, "deck" if position is None else "position file")
    with _loading(*sources):
        if position is not None:
            from ..data.positions import read_position

            start = read_position(str(position), pool, matrix.elements)
            deck_names = ("position", "position")
        else:
            d1, d2 = load_deck(deck1, pool), load_deck(deck2, pool)
            start = Position.new_game((d1.cards, d2.cards), first)
            deck_names = (d1.name, d2.name)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)  # from the OS, as secrets would, without its start-up
    for flag, given in (("--p1", p1), ("--p2", p2)):
        if given is not None and not given.strip():  # given, but empty: not the same as leaving it out
            _name(given, f"{flag}: the player")
    bots, (p1, p2) = _bots((p1, p2), seed, tuple(pool.values()), bot_time)
    options["bots"] = bots
    if script is None:
        p1 = p1 or typer.prompt("Player 1's name", default="Player 1")
        while not p2 or p2 == p1:
            if p2:
                typer.echo("The two players need different names.")
            p2 = typer.prompt("Player 2's name", default="Player 2" if p1 != "Player 2" else "Player 1")
    names = (_name(p1 or "Player 1", "Player 1"), _name(p2 or "Player 2", "Player 2"))
    if names[0] == names[1]:
        _fail("the two players need different names")
    setup = Setup(start, matrix, seed, profile_named(rules), names)
    game = Game(setup)
    path = log or default_log_path(seed)
    try:
        recorder = start_record(path, game, deck_names, force=force, full=full, bots=bots)
    except RecordError as err:
        _fail(str(err))
    except OSError as err:
        _fail(f"cannot write the game record {path}: {err.strerror}")
    _hot_seat(game, console, recorder, lines, options)


def _hot_seat(game, console, recorder, lines, options: dict) -> None:
    """Run the REPL (scripted when ``lines`` are given) and exit with its code."""
    from ..tui.repl import HotSeat, ScriptReader

    _working()
    reader = ScriptReader(lines, console) if lines is not None else None
    raise typer.Exit(HotSeat(game, console, recorder, reader, **options).run())


@app.command("cards")
def cards_command(
    query: str | None = typer.Argument(None, help="A card id or the start of a name: show that card in full."),
    element: str | None = typer.Option(None, help="Only this Element."),
    stars: int | None = typer.Option(None, min=1, max=5, help="Only this many Stars."),
    has: str | None = typer.Option(None, help="Only cards using this key of docs/cards.md (swap, incite, once...)."),
    cards: list[Path] = typer.Option([], "--cards", help="Extra card-set TOML file (repeatable)."),
) -> None:
    """Browse the card pool; name one card to see it in full, with the decks that use it.

    Examples: momon cards · momon cards --element Fire · momon cards --has swap · momon cards MCL-003
    """
    from rich.console import Console
    from rich.table import Table

    from ..data.cards import builtin_deck_names, load_deck
    from ..data.cardtext import card_text, mechanics
    from ..text.notation import names_starting
    from ..tui import render

    matrix, pool = _load(cards)
    console = Console()
    found = list(pool.values())
    if has:
        keys = sorted({k for c in found for k in mechanics(c)})
        if has not in keys:
            _fail(f"--has takes one of: {', '.join(keys)}")
        found = [c for c in found if has in mechanics(c)]
    if element:
        if element.lower() not in (e.lower() for e in matrix.elements):
            _fail(f"--element takes one of: {', '.join(matrix.elements)}")
        found = [c for c in found if c.element.lower() == element.lower()]
    if stars:
        found = [c for c in found if c.stars == stars]
    if query:
        low = query.lower()
        named = names_starting(low, {c.name for c in found})  # as the Summon prompt finds them
        found = [c for c in found if c.id.lower() == low or c.name in named]
        if len(found) == 1:
            console.print(render.card_panel(found[0]))
            users = [d.name for d in (load_deck(n, pool) for n in builtin_deck_names()) if found[0] in d.cards]
            console.print(safe("Used by: " + (", ".join(users) if users else "no built-in deck")))
            return
    if not found:
        _fail("no card matches")
    table = Table(show_lines=False)
    for col in ("Id", "Name", "Element", "Power", "Stars", "Sights", "Ability"):
        table.add_column(col, overflow="fold")
    for c in found:
        table.add_row(*(safe(v) for v in (c.id, c.name, c.element, c.power, c.stars, " ".join(c.sights), card_text(c))))
    console.print(table)


@app.command("decks")
def decks_command() -> None:
    """List the built-in decks and their plans (use their names with --deck1 / --deck2)."""
    from rich.console import Console
    from rich.text import Text

    from ..data.cards import builtin_deck_names, load_deck

    _, pool = _load([])
    console = Console()
    for name in builtin_deck_names():
        with _loading(name):
            deck = load_deck(name, pool)
        elements = " ".join(sorted({c.element for c in deck.cards}))
        line = Text.assemble(safe(name, style="bold"), " — ", safe(f"{deck.name} · {deck.format} · "
                             f"{len(deck.cards)} cards · {sum(c.stars for c in deck.cards)}★ · {elements}"))
        console.print(line)
        if deck.plan:
            console.print(Text("    ") + safe(deck.plan, style="dim"))


@deck_app.command("check")
def deck_check(
    file: Path = typer.Argument(..., help="A deck TOML file."),
    cards: list[Path] = typer.Option([], "--cards", help="Extra card-set TOML file (repeatable)."),
) -> None:
    """Check a deck file against its format; list every problem (exit 1 if any).

    Example: momon deck check my-deck.toml
    """
    from ..data.cards import load_deck

    _, pool = _load(cards)
    _data_file(file, "deck")
    with _loading(file):
        deck = load_deck(str(file), pool)
    typer.echo(clean(f"{file}: a legal {deck.format} deck, {len(deck.cards)} cards, "
                     f"{sum(c.stars for c in deck.cards)} Stars ({deck.name})", MESSAGE_LIMIT))


def _saved(ref: str) -> Path:
    """The record a reference names: a path, ``last`` or a number from ``momon games``."""
    from ..record.saved import resolve

    try:
        return resolve(ref, default_log_path(0).parent)
    except LookupError as err:
        _fail(str(err))
    raise AssertionError  # _fail exits


def _read(ref: str):
    """A record, or one clear line and exit 1; warnings (a recovered torn line) go to stderr."""
    from ..record.format import RecordError, read_record

    _working()
    path = _saved(ref)
    try:
        record = read_record(path)
    except RecordError as err:
        hint = "" if _exists(path) else " (a record is named by a path, 'last' or its number in 'momon games')"
        _fail(f"{err}{hint}")
    _warn(record)
    return record


def _exists(path: Path) -> bool:
    """Whether anything is at ``path``; a name the system refuses counts as there (it was meant as one)."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return False
    except OSError:
        return True
    return True


def _warn(record) -> None:
    for warning in record.warnings:
        typer.secho(clean(f"warning: {warning}", MESSAGE_LIMIT), err=True, fg=typer.colors.YELLOW)


def _difference(record):
    """The first way the record's replay differs from it (None when it matches)."""
    from ..record.replay import verify

    with _loading(record.path):
        return verify(record)


def _resume(ref: str):
    """The game, its recorder and its bot seats, continued in place; the record stays locked
    while it runs."""
    from ..data.cards import load_matrix
    from ..record.format import RecordError, RecordFile, resume, seats_from_header

    path = _saved(ref)

    try:
        file = RecordFile(path, create=False)
        record = file.read()
    except RecordError as err:
        _fail(str(err))
    except OSError as err:
        _fail(f"{path}: cannot read: {err.strerror}")
    _warn(record)
    difference = _difference(record)
    if record.finished:
        _fail(f"{record.path}: that game is over; watch it with: momon replay {record.path}")
    if difference is not None:
        _fail(f"{path}: the record does not replay ({difference}); it cannot be resumed")
    with _loading(record.path):
        bots = seats_from_header(record.header, load_matrix())
    try:
        return (*resume(file, record), bots)
    except OSError as err:
        _fail(f"{path}: cannot write: {err.strerror}")


@app.command()
def replay(
    record: str = typer.Argument(..., help=RECORD_HELP),
    turn: int | None = typer.Option(None, min=1, help="Start at this turn."),
    to_end: bool = typer.Option(False, "--to-end", help="Go straight to the end of the record."),
    as_json: bool = typer.Option(False, "--json", help="Print the state at that point as one JSON object and exit."),
    position: Path | None = typer.Option(None, "--position", help="Write the position at the start of --turn to this "
                                         "new TOML file (a puzzle or a bug report) and exit."),
    force: bool = typer.Option(False, "--force", help="Let --position replace a file that is already there."),
) -> None:
    """Step through a saved game: the Arena after each step, with the line that got there.

    Keys: n/→/Enter next · p/← previous · t/T next/previous turn · b start · e end · q quit.

    Examples: momon replay game.jsonl · momon replay game.jsonl --turn 5 · momon replay game.jsonl --to-end --json
    """
    import json
    import sys

    from rich.console import Console

    from ..record.replay import rebuild, state_json
    from ..tui.viewer import Timeline, Viewer

    rec = _read(record)
    if position is not None:
        _write_position(rec, turn or 1, position, force)
        return
    try:
        timeline = Timeline(rec)
    except Exception as err:  # a record whose answers do not replay
        _does_not_replay(rec, err)
    step = timeline.last if to_end or turn is None and as_json else 1
    if turn is not None:
        step = timeline.step_of_turn(turn)
    console = Console()
    if as_json:
        typer.echo(json.dumps(state_json(rebuild(rec, stop_after=step)), sort_keys=False))
        return
    if to_end or not sys.stdin.isatty():
        timeline.show(console, step)
        return
    Viewer(timeline, step).run()


def _does_not_replay(rec: "Record", err: Exception) -> NoReturn:
    _fail(f"{rec.path}: the record does not replay ({err.__class__.__name__}: {err}); try: momon verify {rec.path}")


def _write_position(rec, turn: int, out: Path, force: bool) -> None:
    from ..data.cards import DataError
    from ..data.positions import write_position
    from ..files import NotAFile, regular_file
    from ..record.replay import position_at

    try:
        found = position_at(rec, turn)
    except DataError as err:
        _data_error(err)
    except Exception as err:  # a record whose answers do not replay
        _does_not_replay(rec, err)
    if found is None:
        _fail(f"{rec.path}: the game never reaches the start of turn {turn}")
    try:
        regular_file(out, missing_ok=True)  # --force replaces a file, never a folder, device or pipe
        write_position(out, found, force)
    except NotAFile as err:
        _fail(f"{err}; give the name of a file to write")
    except FileExistsError:
        _fail(f"{out}: already exists; choose another name, or add --force to replace it")
    except OSError as err:
        _fail(f"{out}: cannot write: {err.strerror}")
    typer.echo(clean(f"Position at the start of turn {turn} written to {out}; play it with: momon play --position {out}",
                     MESSAGE_LIMIT))


@app.command("verify")
def verify_command(records: list[str] = typer.Argument(..., help="Game records: paths, folders (every *.jsonl "
                                                       "in them), 'last' or numbers from 'momon games'.")) -> None:
    """Replay records from their headers and answers and check everything matches.

    One line per record. Exit 0: whole games that match; 3: one is unfinished (cut off or
    stopped), what it holds matches and it resumes; 1: one does not match, or is not a
    record. Several records end with a count and how many were checked per second. See
    docs/records.md.

    Examples: momon verify last · momon verify records/ (after simulate --log-dir records/)
    """
    import time

    from ..record.saved import scan

    paths: list[str] = []
    empty: list[str] = []
    for ref in records:
        folder = os.path.expanduser(ref)
        if os.path.isdir(folder):  # False, not an error, for a name the system refuses
            found, skipped = scan(Path(folder))
            for why in skipped:
                _skip(why)
            paths.extend(str(p) for p in sorted(found, key=_in_number_order))
            empty += [] if found else [ref]
        else:
            paths.append(ref)
    if not paths:
        _fail(f"{', '.join(records)}: no records (*.jsonl) to verify")
    for ref in empty:
        _skip(f"{ref}: a folder with no records (*.jsonl) in it")
    if len(records) == 1 and paths == records:
        _verify_one(records[0])
        return
    codes: Counter[int] = Counter()
    start = time.perf_counter()
    for ref in paths:
        try:
            _verify_one(ref)
            codes[0] += 1
        except typer.Exit as done:  # its line is out; go on to the next record
            codes[done.exit_code] += 1
    seconds = time.perf_counter() - start
    n = len(paths)
    rate = f"; {n / seconds:.0f} records/s" if seconds > 0 else ""
    typer.echo(f"{n} record{'s' if n != 1 else ''}: {codes[0]} match, {codes[exits.UNFINISHED]} unfinished, "
               f"{codes[1]} do not match or are not records{rate}")
    raise typer.Exit(1 if codes[1] else exits.UNFINISHED if codes[exits.UNFINISHED] else 0)


def _in_number_order(path: Path) -> list:
    """Sort key: names as people count them (game-2 before game-10)."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", path.name)]


def _verify_one(ref: str) -> None:
    """One record's line; exits 1 (it differs, or is not a record) or 3 (unfinished)."""
    rec = _read(ref)
    difference = _difference(rec)
    if difference is not None:
        _fail(f"{rec.path}: does not match at {difference}")
    n = len(rec.answers)
    digest = "" if "cards_digest" in rec.header else " (no digest: card data not checked)"
    if rec.finished:
        typer.echo(clean(f"{rec.path}: OK — {n} answers replay to the same {rec.event_count} events{digest}",
                         MESSAGE_LIMIT))
        return
    typer.echo(clean(f"{rec.path}: unfinished, resumable at answer {n + 1} — its {n} answers replay to the same "
                     f"events{digest}; continue with: momon play --resume {rec.path}", MESSAGE_LIMIT))
    raise typer.Exit(exits.UNFINISHED)


def _skip(why: str) -> None:
    typer.secho(clean(f"skipped {why}", MESSAGE_LIMIT), err=True, fg=typer.colors.YELLOW)


def _game_row(rec) -> list[str]:
    """What ``momon games`` says of a record, in parts, read from a checked header and what
    the record tells of its end."""
    head = rec.header
    names = head["names"]
    winner, reason, turns = rec.outcome()
    result = f"{names[winner - 1]} wins ({reason})" if winner in (1, 2) else "unfinished"
    # An unfinished record without event lines does not tell its turns; its answers say how far it went.
    answered = len(rec.answers)
    progress = f"{answered} answer{'s' if answered != 1 else ''} so far" if turns is None else f"{turns} turns"
    decks = head["decks"]
    parts = [head["created"][:16].replace("T", " "), f"{names[0]} vs {names[1]}", f"{decks[0]} vs {decks[1]}",
             result, progress]
    return [clean(part, MESSAGE_LIMIT) for part in parts]


@app.command()
def games(folder: Path | None = typer.Option(None, help="Where to look (default: your data folder).")) -> None:
    """The saved games, newest first: a number and the record's path on one line, then the date,
    players, decks, result and turns (of an unfinished game: its answers so far). Use the number
    (or 'last') with replay, verify, export and play --resume.

    A file that is not a readable record is skipped, with one line on stderr saying why.
    """
    from ..record.format import RecordError, read_record
    from ..record.saved import scan
    from ..tui.frame import pack

    _working()
    width = max(40, shutil.get_terminal_size().columns) - 5  # each game's line is indented by 5
    folder = folder or default_log_path(0).parent
    shown = 0
    found, skipped = scan(folder)
    for why in skipped:
        _skip(why)
    for number, path in enumerate(found, 1):
        try:
            row = _game_row(read_record(path))
        except RecordError as err:
            _skip(str(err))
            continue
        typer.echo(clean(f"{number:>3}  {path}", MESSAGE_LIMIT))
        for line in pack(row, width):  # broken between parts, never inside a name
            typer.echo(f"     {line}")
        shown += 1
    if not shown:
        typer.echo(clean(f"No saved games in {folder}.", MESSAGE_LIMIT))


@app.command()
def elements() -> None:
    """The Element chart: which Element Beats which (from the game's data)."""
    from rich.console import Console

    from ..data.cards import load_matrix
    from ..tui.elements_chart import chart

    Console().print(chart(load_matrix()))


@app.command()
def howto() -> None:
    """How to play, on one screen: the turn, Sights, Power and Element, the Control Score."""
    from rich.console import Console
    from rich.markdown import Markdown

    from ..text.howto import HOWTO

    Console().print(Markdown(HOWTO))


@app.command()
def export(
    record: str = typer.Argument(..., help=RECORD_HELP),
    fmt: str = typer.Option("md", "--format", help="md or txt."),
) -> None:
    """Print a readable transcript of the whole game.

    Example: momon export game.jsonl --format md > game.md
    """
    from ..record.replay import transcript

    if fmt not in ("md", "txt"):
        raise typer.BadParameter("choose md or txt", param_hint="--format")
    rec = _read(record)
    try:
        typer.echo(transcript(rec, fmt), nl=False)
    except Exception as err:  # a record whose answers do not replay
        _fail(f"{rec.path}: the record does not replay ({err.__class__.__name__}: {err}); try: momon verify {rec.path}")
