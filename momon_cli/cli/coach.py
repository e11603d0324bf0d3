"""``momon analyse``: every decision of a saved game rated by the coach.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts."""

import typer

from ..limits import ANALYSIS_PLAYOUTS
from .base import RECORD_HELP, _data_error, app
from .records import _does_not_replay, _read


@app.command()
def analyse(
    record: str = typer.Argument(..., help=RECORD_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print every rating as one JSON object instead."),
    playouts: int = typer.Option(ANALYSIS_PLAYOUTS, "--playouts", min=10, max=100_000,
                                 help="The coach's search iterations per decision (more: slower, surer)."),
) -> None:
    """Rate every decision of a saved game from its player's view at that point.

    For each decision the coach gives the win chance of the answer played and of its own
    best, as that player could know them then; the costliest answers are marked (? a
    mistake, ?? a blunder), with a summary per player and a chart of the win chance.

    Examples: momon analyse last · momon analyse game.jsonl --json > ratings.json
    """
    import json

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from ..bots.analysis import analyse as rate
    from ..data.cards import DataError, load_matrix, load_pool
    from ..record.header import setup_from_header
    from ..tui.analysis_view import report_lines

    rec = _read(record)
    try:
        setup = setup_from_header(rec.header, load_matrix())
        pool = tuple(load_pool().values())
    except DataError as err:
        _data_error(err)
    err_console = Console(stderr=True)
    with Progress(TextColumn("Analysing"), BarColumn(), MofNCompleteColumn(), console=err_console,
                  transient=True) as bar:
        task = bar.add_task("", total=len(rec.answers))
        try:
            result = rate(setup, rec.answers, playouts, pool, lambda done, total: bar.update(task, completed=done))
        except Exception as err:  # a record whose answers do not replay
            _does_not_replay(rec, err)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
        return
    console = Console()
    for line in report_lines(result, min(console.width, 80)):
        console.print(line, overflow="crop", no_wrap=True)
