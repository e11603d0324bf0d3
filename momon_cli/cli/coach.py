"""``momon analyse``: every decision of a saved game rated by the coach.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..language import _
from ..limits import ANALYSIS_PLAYOUTS
from ..text.safe import clean
from . import complete
from .base import MESSAGE_LIMIT, RECORD_HELP, _data_error, _write_new, app
from .records import _does_not_replay, _quoted, _read

if TYPE_CHECKING:
    from rich.console import Console

    from ..bots.analysis import Analysis
    from ..record import Record


@app.command(help=_(
    "Rate every decision of a saved game from its player's view at that point.\n\n"
    "For each decision the coach gives the win chance of the answer played and of its own best, as that player "
    "could know them then, both played out on the same imagined games; an answer is marked (? a mistake, ?? a "
    "blunder) only when what it cost is clear of the noise of that estimate, with a summary per player and a chart "
    "of the win chance. Answers are written as you type them; play decision #N again with momon play --from RECORD "
    "--at @N.\n\n"
    "--annotate FILE writes the game as a game file instead (docs/notation.md): each answer rated is followed by "
    "its win chance, a mistake or blunder by its mark and the coach's best answer (as {?? 21%, best: kiln d4 62%}), "
    "which is also given as a variation.\n\n"
    "Examples: momon analyse last · momon analyse game.jsonl --json > ratings.json · momon analyse last --annotate "
    "game.msn"))
def analyse(
    record: str = typer.Argument(..., help=RECORD_HELP, autocompletion=complete.records),
    as_json: bool = typer.Option(False, "--json", help=_("Print every rating as one JSON object instead.")),
    playouts: int = typer.Option(ANALYSIS_PLAYOUTS, "--playouts", min=10, max=100_000,
                                 help=_("The coach's search iterations per decision (more: slower, surer).")),
    annotate: Path | None = typer.Option(None, "--annotate", help=_("Write the game to this new game file (MSN), "
                                         "the coach's verdicts as comments, instead of the report (- prints it).")),
    force: bool = typer.Option(False, "--force", help=_("Let --annotate replace a file that is already there.")),
    seed: str = typer.Option("", "--seed", help=_("The coach's seed: another gives an independent analysis, whose "
                             "marks should mostly agree with this one's.")),
) -> None:
    """Rate every decision of a saved game from its player's view at that point."""
    import json

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from ..bots.analysis import analyse as rate
    from ..data.cards import DataError, load_matrix, load_pool
    from ..record.header import setup_from_header
    from ..widths import columns

    rec = _read(record)
    try:
        setup = setup_from_header(rec.header, load_matrix())
        pool = tuple(load_pool().values())
    except DataError as err:
        _data_error(err)
    err_console = Console(stderr=True)
    with Progress(TextColumn(_("Analysing")), BarColumn(), MofNCompleteColumn(), console=err_console,
                  transient=True) as bar:
        task = bar.add_task("", total=len(rec.answers))
        try:
            result = rate(setup, rec.answers, playouts, pool, lambda done, total: bar.update(task, completed=done),
                          seed=seed)
        except Exception as err:  # a record whose answers do not replay
            _does_not_replay(rec, err)
    if annotate is not None:
        _write_annotated(rec, result, annotate, force)
        return
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
        return
    console = Console()
    width = min(console.width, 80)
    print_report(console, result, width)
    marked = [r.number for r in result.ratings if r.mark]
    if marked:  # the report keeps within 80 columns: a long path is left for the reader to put in
        for source in (_quoted(str(rec.path)), "RECORD"):
            said = clean(_("Play a marked decision again, as: {command}").format(
                command=f"momon play --from {source} --at @{marked[0]}"), MESSAGE_LIMIT)
            if columns(said) <= width:
                break
        typer.echo(said)


def _write_annotated(rec: "Record", result: "Analysis", out: Path, force: bool) -> None:
    """The annotated game to ``out`` (``-``: standard output), with one line saying where."""
    from ..bots.analysis import annotate
    from ..files import write_new
    from ..record.msn import to_text, tree_of

    try:
        text = to_text(annotate(tree_of(rec), result))
    except Exception as err:  # a record whose answers do not replay
        _does_not_replay(rec, err)
    if str(out) == "-":
        typer.echo(text, nl=False)
        return
    _write_new(out, lambda: write_new(out, text.encode("utf-8"), force))
    typer.echo(clean(_("Annotated game written to {file}; read it, or play on from a move with: {command}").format(
        file=out, command=f"momon play --from {out} --at MOVE"), MESSAGE_LIMIT))


def print_report(console: "Console", result: "Analysis", width: int) -> None:
    """The analysis report within ``width`` columns: a long line goes on below, broken between
    words (Thai's too), not cut; the chart's lines fit as they are."""
    from ..tui.analysis_view import report_lines
    from ..widths import wrapped

    for line in report_lines(result, width):
        for piece in wrapped(line, width):
            console.print(piece, overflow="crop", no_wrap=True)
