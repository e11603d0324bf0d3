"""Puzzles: ``puzzles`` lists the built-in ones, ``puzzle N|FILE`` plays one, ``learn``
walks a new player through the first ones.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts, and evaluated ones save it compiling them again (about 2 ms of each start)."""

import os
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .. import exits
from ..language import _
from .base import PLAIN_HELP, _data_file, _fail, _load, _loading, _script_lines, _working, app
from .play import _console, _width

if TYPE_CHECKING:
    from ..data.puzzles import Puzzle
    from ..engine import CardDef, ElementMatrix


def _built_in(pool: "dict[str, CardDef]", matrix: "ElementMatrix") -> "tuple[list[Path], list[Puzzle]]":
    from ..data.puzzles import built_in, read_puzzle

    files = built_in()
    with _loading(*files):
        return files, [read_puzzle(f, pool, matrix.elements) for f in files]


@app.command(help=_(
    "List the built-in puzzles, easiest first.\n\n"
    "Each line: its number, difficulty, title and goal. Play one with: momon puzzle N"))
def puzzles() -> None:
    """List the built-in puzzles, easiest first."""
    from ..tui.puzzle import listing

    matrix, pool = _load([])
    _files, found = _built_in(pool, matrix)
    for line in listing(found):
        typer.echo(line)


@app.command(help=_(
    "Play one puzzle: one turn and a goal.\n\n"
    "The turn is played in the game's usual screen. The puzzle's intro and goal come first; 'clue' at any prompt "
    "shows its hint. When the turn ends, one line says whether the goal was met.\n\n"
    "Examples:\n\n"
    "  momon puzzle 1\n\n"
    "  momon puzzle 8 --hint\n\n"
    "  momon puzzle my-puzzle.toml --cards my-cards.toml"))
def puzzle(
    which: str = typer.Argument(..., metavar="N|FILE", help=_("A puzzle's number in 'momon puzzles', or a "
                                "position file with a [puzzle] table.")),
    hint: bool = typer.Option(False, "--hint", help=_("Show the puzzle's hint before it starts.")),
    cards: list[Path] = typer.Option([], "--cards", help=_("Extra card-set TOML file (repeatable), for a FILE "
                                     "that uses cards not built in.")),
    script: str | None = typer.Option(None, help=_("Answer from FILE (or - for stdin), one line per answer.")),
    log: Path | None = typer.Option(None, help=_("Write the game record here (default: the puzzles folder in "
                                    "your data folder, replacing the last try).")),
    narration: str = typer.Option("terse", help=_("terse: what happened; full: every step with its rule.")),
    plain: bool = typer.Option(False, "--plain", envvar="MOMON_PLAIN", help=PLAIN_HELP),
) -> None:
    """Play one puzzle: one turn and a goal."""
    from ..data.puzzles import built_in_puzzle, read_puzzle
    from ..record import RecordError, SetupError
    from ..record.saved import puzzles_folder
    from ..tui import puzzle as pz
    from ..tui.script import ScriptReader

    if narration not in ("terse", "full"):
        raise typer.BadParameter(_("choose terse or full"), param_hint="--narration")
    lines = _script_lines(script)
    matrix, pool = _load(cards)
    if which.isascii() and which.isdecimal():
        try:
            path = built_in_puzzle(int(which))
        except LookupError as err:
            _fail(str(err), exits.BAD_SCRIPT)  # a number that names no puzzle: a usage error, 2
        heading, again, record = _("Puzzle {number}").format(number=which), f"momon puzzle {int(which)}", \
            f"{int(which):02d}.jsonl"
    else:
        path = Path(which)
        if not os.path.lexists(path):  # neither a number nor a file: a usage error, 2
            _fail(_("no puzzle {which}: give its number in 'momon puzzles' or a puzzle file").format(which=repr(which)),
                  exits.BAD_SCRIPT)
        _data_file(path, _("puzzle file"))
        heading, again, record = _("Puzzle"), f"momon puzzle {shlex.quote(which)}", f"file-{path.stem[:40]}.jsonl"
    with _loading(path):
        found = read_puzzle(path, pool, matrix.elements)
    again += " --plain" * plain
    console = _console(plain)
    level = f", {pz.level_words(found.difficulty)}" if plain else f"  {pz.stars(found.difficulty)}"
    for line in pz.intro(found, f"{heading}: {found.title}{level}", _width(console, plain), hint):
        console.print(line)
    if lines is None:
        try:
            console.input(_("Press Enter to start › "))
        except EOFError:  # Ctrl-D: not now
            console.print()
            raise typer.Exit(exits.DONE) from None
    target = log or puzzles_folder() / record
    _working()
    try:
        with _loading(path):
            try:
                seat = pz.start(path, found, target, pool, matrix, console, again, None if lines is None else
                                ScriptReader(lines, console), narration == "full", plain)
            except (SetupError, RecordError) as err:
                _fail(str(err))
    except OSError as err:
        _fail(_("cannot write the game record {file}: {error}").format(file=target, error=err.strerror))
    code = seat.run()
    if seat.verdict is not None and code == exits.DONE:
        number = int(which) if which.isascii() and which.isdecimal() else None
        console.print(pz.offer(seat.verdict.met, again, number, plain), soft_wrap=True)
    raise typer.Exit(code)


@app.command(help=_(
    "The first lesson: the easiest puzzles in order.\n\n"
    "Each comes with a few words on what it teaches. Stop at any prompt with quit (or Ctrl-D); the next 'momon "
    "learn' goes on from there."))
def learn(
    restart: bool = typer.Option(False, "--restart", help=_("Start again from the first lesson.")),
    script: str | None = typer.Option(None, help=_("Answer from FILE (or - for stdin), one line per answer "
                                      "('play' for Enter between two puzzles).")),
    plain: bool = typer.Option(False, "--plain", envvar="MOMON_PLAIN", help=PLAIN_HELP),
) -> None:
    """The first lesson: the easiest puzzles in order."""
    from ..tui.lesson import Lesson

    lines = _script_lines(script)
    matrix, pool = _load([])
    files, found = _built_in(pool, matrix)
    _working()
    from ..record import RecordError, SetupError

    try:
        with _loading(*files):
            code = Lesson(files, found, pool, matrix, _console(plain), lines, restart, plain).run()
    except (SetupError, RecordError) as err:
        _fail(str(err))
    except OSError as err:
        _fail(_("cannot write a puzzle's record: {error}").format(error=err.strerror))
    raise typer.Exit(code)
