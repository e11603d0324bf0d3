"""What every ``momon`` command shares: the Typer application, its option callbacks, and
the one-line error. Errors in input data print one line each and exit 1, never a
traceback; every string from outside is shown through text.safe.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts, and evaluated ones save it compiling them again (about 2 ms of each start)."""

import gc
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

from .. import __version__
from ..language import LANGUAGES, _
from ..limits import SEED_DIGITS
from ..text.safe import clean

if TYPE_CHECKING:
    from ..data.cards import DataError
    from ..engine import CardDef, ElementMatrix, Profile


DATA_LIMIT = 2**20  # bytes in a deck or card-set file


MESSAGE_LIMIT = 2000  # characters in one error line


DEFAULT_DECKS = ("ember-tide", "stone-gale")


# Help texts are made once, at import, after cli/__init__.py chose the language.
BOT_TIME_HELP = _("Most seconds a search bot may think per Summon (it stops sooner at its playouts).")
PLAIN_HELP = _("Plain lines for a screen reader: no full screen, box drawing, colour or cursor movement; one fact a "
               "line (also MOMON_PLAIN=1).")


RECORD_HELP = _("A game record or game file (.msn): a path, 'last' (the newest record) or its number in "
                "'momon games'.")


app = typer.Typer(
    help=_("Monsnatch: the two-player card game on a 4x4 Arena, in your terminal.\n\n"
           "Start a game with: momon play"),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: flags without a "<bool>" after them
)


deck_app = typer.Typer(help=_("Work with deck files."), no_args_is_help=True, rich_markup_mode=None)


app.add_typer(deck_app, name="deck")


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


class StopSignals:
    """Ctrl-C, SIGTERM and SIGHUP raise :class:`Stopped`, so a command can say how far it
    got. A handler that runs inside a callback whose exceptions Python ignores (an at-fork
    hook, as a process pool forks) loses its exception; the signal is kept, and ``check``,
    which a long wait calls whenever it wakes, raises it again."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

    def __init__(self) -> None:
        self.signum: int | None = None

    def _stop(self, signum: int, frame: object) -> None:
        self.signum = signum
        raise Stopped(signum)

    def check(self) -> None:
        if self.signum is not None:
            raise Stopped(self.signum)


@contextmanager
def _stopped_by_signals() -> Iterator[StopSignals]:
    """:class:`StopSignals` in force for the block."""
    stops = StopSignals()
    old = {s: signal.signal(s, stops._stop) for s in StopSignals.SIGNALS}
    try:
        yield stops
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


def _fail(message: str, code: int = 1) -> NoReturn:
    typer.secho(clean(message, MESSAGE_LIMIT), err=True, fg=typer.colors.RED)
    raise typer.Exit(code)


def _script_lines(script: str | None) -> "Iterable[bytes] | None":
    """The lines of ``--script FILE`` (``-``: standard input), or None without it; a file
    that cannot be read is one line (exit 1)."""
    if script is None:
        return None
    try:
        return sys.stdin.buffer if script == "-" else Path(script).read_bytes().splitlines()
    except OSError as err:
        _fail(_("cannot read the script {script}: {error}").format(script=script, error=err.strerror))


def _write_new(out: Path, write: "Callable[[], None]") -> None:
    """Run ``write``, which makes the new file ``out`` a person asked for (``--force``
    replaces a file, never a folder, a device or a pipe); each way it fails is one line."""
    from ..files import NotAFile, regular_file

    try:
        regular_file(out, missing_ok=True)
        write()
    except NotAFile as err:
        _fail(_("{problem}; give the name of a file to write").format(problem=err))
    except FileExistsError:
        _fail(_("{file}: already exists; choose another name, or add --force to replace it").format(file=out))
    except OSError as err:
        _fail(_("{file}: cannot write: {error}").format(file=out, error=err.strerror))


def _data_error(err: "DataError") -> NoReturn:
    for line in err.problems:
        typer.secho(clean(line, MESSAGE_LIMIT), err=True, fg=typer.colors.RED)
    raise typer.Exit(1)


def _data_file(name: str | Path, what: str) -> None:
    """Refuse in one line a deck or card file the loader could not read: a directory, a FIFO,
    a symlink loop, a huge or non-UTF-8 file. Built-in deck names pass through. ``what`` is
    the kind of file, in the language in use (``_("deck")``)."""
    from ..files import NotAFile, regular_file

    path = Path(name)
    if not os.path.lexists(path):
        return
    try:
        regular_file(path)
        if path.stat().st_size > DATA_LIMIT:
            _fail(_("the {what} {name} is larger than {mib} MiB").format(what=what, name=name,
                                                                        mib=DATA_LIMIT // 2**20))
        path.read_bytes().decode("utf-8")
    except NotAFile:
        _fail(_("the {what} {name} is not a regular file").format(what=what, name=name))
    except OSError as err:
        _fail(_("cannot read the {what} {name}: {error}").format(what=what, name=name, error=err.strerror))
    except UnicodeDecodeError:
        _fail(_("the {what} {name} is not UTF-8 text").format(what=what, name=name))


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
        _fail(_("{sources}: not valid data ({kind}: {error})").format(sources=", ".join(map(str, sources)),
                                                                     kind=err.__class__.__name__, error=err))


def profile_named(name: str) -> "Profile":
    """The engine's profile for a name the option callback already checked (loaded late:
    --version and --help load no engine)."""
    from ..engine import profile_named as named

    return named(name)


def _profile(value: str) -> str:
    from ..engine import PROFILES

    try:
        profile_named(value)
    except ValueError:
        raise typer.BadParameter(_("choose {first} or {second}").format(first=PROFILES[0], second=PROFILES[1])) \
            from None
    return value


def _seed(value: int | None) -> int | None:
    if value is not None and len(str(abs(value))) > SEED_DIGITS:
        raise typer.BadParameter(_("at most {digits} digits").format(digits=SEED_DIGITS))
    return value


def _version(value: bool) -> None:
    if value:
        typer.echo(f"momon {__version__}")
        raise typer.Exit()


def _language(value: str | None) -> str | None:
    """``--lang`` was read before the help texts were made (cli/__init__.py); here it is checked."""
    if value is not None and value.lower() not in LANGUAGES:
        raise typer.BadParameter(_("choose {languages}").format(languages=" or ".join(LANGUAGES)))
    return value


@app.callback()
def root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help=_("Print the version and exit.")),
         lang: str | None = typer.Option(None, "--lang", callback=_language, metavar="en|th",
                                         help=_("The language to play in: en or th (else LANG, LC_ALL or "
                                                "LC_MESSAGES; English if none names Thai)."))) -> None:
    """Monsnatch in a terminal."""


def _load(cards: list[Path]) -> "tuple[ElementMatrix, dict[str, CardDef]]":
    from ..data.cards import load_matrix, load_pool

    for path in cards:
        _data_file(path, _("card file"))
    with _loading(*cards):
        matrix = load_matrix()
        return matrix, load_pool(tuple(cards), matrix)

def default_log_path() -> Path:
    """Where a game is recorded when --log is not given: the user's data folder. The name is
    the time alone: the path is on screen, and the seed is no player's to know (R-mc 30)."""
    from datetime import datetime

    from ..record.saved import games_folder

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")[:-3]
    return games_folder() / f"{stamp}.jsonl"
