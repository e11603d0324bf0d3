"""Saved games: ``games``, ``replay``, ``verify`` and ``export``, by path, ``last`` or number.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts, and evaluated ones save it compiling them again (about 2 ms of each start)."""

import os
import shutil
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

from .. import exits
from ..language import N_, _, ngettext
from ..text.safe import clean
from . import complete

if TYPE_CHECKING:
    from ..bots.analysis import Analysis
    from ..record import Record
from .base import MESSAGE_LIMIT, RECORD_HELP, _data_error, _fail, _loading, _working, _write_new, app


def _saved(ref: str) -> Path:
    """The record a reference names: a path, ``last`` or a number from ``momon games``."""
    from ..record.saved import games_folder, resolve

    try:
        return resolve(ref, games_folder())
    except LookupError as err:
        _fail(str(err))
    raise AssertionError  # _fail exits


def _read(ref: str) -> "Record":
    """A record that replays as written, or one clear line and exit 1: the same line from
    every command that reads one (:func:`_check`); warnings (a recovered torn line) go to stderr."""
    from ..record import RecordError, read_record

    _working()
    path = _saved(ref)
    try:
        record = read_record(path)
    except RecordError as err:
        if _exists(path):
            _fail(str(err))
        _fail(_("{problem} (a record is named by a path, 'last' or its number in 'momon games')").format(problem=err))
    _warn(record)
    _check(record)
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


def _warn(record: "Record") -> None:
    for warning in record.warnings:
        typer.secho(clean(_("warning: {warning}").format(warning=warning), MESSAGE_LIMIT), err=True, fg=typer.colors.YELLOW)


def _check(record: "Record") -> None:
    """Refuse a damaged record (its replay differs from it: a cut or edited line) in the one
    line every reader says of it, exit 1."""
    from ..record.replay import damage

    with _loading(record.path):
        said = damage(record)
    if said is not None:
        _fail(said)


@app.command(help=_(
    "Step through a saved game: the Arena after each step, with the line that got there.\n\n"
    "Keys: n/→/Enter next · p/← previous · t/T next/previous turn · b start · e end · q quit.\n\n"
    "Examples: momon replay game.jsonl · momon replay game.jsonl --turn 5 · momon replay game.jsonl --to-end --json"))
def replay(
    record: str = typer.Argument(..., help=RECORD_HELP, autocompletion=complete.records),
    turn: int | None = typer.Option(None, min=1, help=_("Start at this turn.")),
    to_end: bool = typer.Option(False, "--to-end", help=_("Go straight to the end of the record.")),
    as_json: bool = typer.Option(False, "--json", help=_("Print the state at that point as one JSON object and exit.")),
    position: Path | None = typer.Option(None, "--position", help=_("Write the position at the start of --turn to this "
                                         "new TOML file (a puzzle or a bug report) and exit.")),
    force: bool = typer.Option(False, "--force", help=_("Let --position replace a file that is already there.")),
    marks: bool = typer.Option(False, "--marks", help=_("Print the moves, each answer with the coach's mark and win "
                               "chance, and exit: read from a game file written by momon analyse --annotate, else "
                               "worked out now (as momon analyse does).")),
) -> None:
    """Step through a saved game: the Arena after each step, with the line that got there."""
    import json

    from rich.console import Console

    from ..record.replay import rebuild, state_json
    from ..tui.viewer import Timeline, Viewer

    rec = _read(record)
    if position is not None:
        _write_position(rec, turn or 1, position, force)
        return
    if marks:
        _print_moves(rec)
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


def _print_moves(rec: "Record") -> None:
    """The record's moves with the coach's marks: an annotated game file's, else the coach's now."""
    from rich.console import Console

    from .. import limits
    from ..bots.analysis import marks_in, marks_of
    from ..record.msn import tree_of
    from ..tui.viewer import move_lines

    try:
        found = marks_in(tree_of(rec))
        if not found:
            found = marks_of(_analysed(rec, limits.ANALYSIS_PLAYOUTS))
        console = Console()
        lines = move_lines(rec, found, min(console.width, 80))
    except Exception as err:  # a record whose answers do not replay
        _does_not_replay(rec, err)
    for line in lines:
        console.print(line, overflow="crop", no_wrap=True)
    marked = [n for n, m in sorted(found.items()) if m.mark]
    if marked:
        typer.echo(clean(_("Play a marked decision again, as: {command}").format(
            command=f"momon play --from {_quoted(str(rec.path))} --at @{marked[0]}"), MESSAGE_LIMIT))


def _analysed(rec: "Record", playouts: int) -> "Analysis":
    """The coach's analysis of the record, with a progress bar on the error stream."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from ..bots.analysis import analyse
    from ..data.cards import DataError, load_matrix, load_pool
    from ..record.header import setup_from_header

    try:
        setup = setup_from_header(rec.header, load_matrix())
        pool = tuple(load_pool().values())
    except DataError as err:
        _data_error(err)
    with Progress(TextColumn(_("Analysing")), BarColumn(), MofNCompleteColumn(), console=Console(stderr=True),
                  transient=True) as bar:
        task = bar.add_task("", total=len(rec.answers))
        return analyse(setup, rec.answers, playouts, pool, lambda done, total: bar.update(task, completed=done))


def _does_not_replay(rec: "Record", err: Exception) -> NoReturn:
    from ..record.saved import short_name

    _fail(_("{file}: the record does not replay ({kind}: {error}); try: {command}").format(
        file=rec.path, kind=err.__class__.__name__, error=err, command=f"momon verify {_quoted(short_name(rec.path))}"))


def _quoted(name: str) -> str:
    """A record's name as a shell takes it."""
    import shlex

    return shlex.quote(name)


def _write_position(rec: "Record", turn: int, out: Path, force: bool) -> None:
    from ..data.cards import DataError, load_pool
    from ..data.positions import cards_outside, write_position
    from ..record.replay import position_at

    try:
        found = position_at(rec, turn)
        outside = cards_outside(found, load_pool()) if found is not None else []
    except DataError as err:
        _data_error(err)
    except Exception as err:  # a record whose answers do not replay
        _does_not_replay(rec, err)
    if found is None:
        _fail(_("{file}: the game never reaches the start of turn {turn}").format(file=rec.path, turn=turn))
    _write_new(out, lambda: write_position(out, found, force, _players(rec), outside))
    play = f"momon play --position {_quoted(str(out))}"
    if outside:
        play = _("{command} --cards FILE, where FILE is the card set that holds {cards} (not built in)").format(
            command=play, cards=", ".join(outside))
    typer.echo(clean(_("Position at the start of turn {turn} written to {file}; play it with: {command}").format(
        turn=turn, file=out, command=play), MESSAGE_LIMIT))


def _players(rec: "Record") -> tuple[str, str]:
    """Who played the record's game, as ``momon play`` takes them: a name, or ``bot:NAME``
    for a seat a bot played."""
    names = list(rec.header["names"])
    for seat in rec.header.get("bots", []):
        names[seat["player"] - 1] = f"bot:{seat['bot']}"
    return names[0], names[1]


@app.command("verify", help=_(
    "Replay records from their headers and answers and check everything matches.\n\n"
    "One line per record. Exit 0: whole games that match; 3: one is unfinished (cut off or stopped), what it holds "
    "matches and it resumes; 1: one does not match, or is not a record. Several records end with a count and how "
    "many were checked per second. See docs/records.md.\n\n"
    "Examples: momon verify (the newest saved game) · momon verify 3 · momon verify records/ (after simulate "
    "--log-dir records/)"))
def verify_command(records: list[str] | None = typer.Argument(
        None, help=_("Game records: paths, folders (every *.jsonl in them), 'last' or numbers from 'momon games'; "
                     "none: the newest saved game, as 'last'."), autocompletion=complete.records)) -> None:
    """Replay records from their headers and answers and check everything matches."""
    import time

    from ..record.saved import in_number_order, scan

    records = records or ["last"]  # the newest saved game, the one just played
    paths: list[str] = []
    empty: list[str] = []
    for ref in records:
        folder = os.path.expanduser(ref)
        if os.path.isdir(folder):  # False, not an error, for a name the system refuses
            found, skipped = scan(Path(folder))
            for why in skipped:
                _skip(why)
            paths.extend(str(p) for p in sorted(found, key=in_number_order))
            empty += [] if found else [ref]
        else:
            paths.append(ref)
    if not paths:
        _fail(_("{records}: no records (*.jsonl) to verify").format(records=", ".join(records)))
    for ref in empty:
        _skip(_("{folder}: a folder with no records (*.jsonl) in it").format(folder=ref))
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
    # TRANSLATORS: ends the line of counts below ({rate} in it), when the time could be measured.
    rate = _("; {rate:.0f} records/s").format(rate=n / seconds) if seconds > 0 else ""
    typer.echo(ngettext("{n} record: {match} match, {unfinished} unfinished, {wrong} do not match or are not records"
                        "{rate}", "{n} records: {match} match, {unfinished} unfinished, {wrong} do not match or are not "
                        "records{rate}", n).format(n=n, match=codes[0], unfinished=codes[exits.UNFINISHED],
                                                   wrong=codes[1], rate=rate))
    raise typer.Exit(1 if codes[1] else exits.UNFINISHED if codes[exits.UNFINISHED] else 0)


def _verify_one(ref: str) -> None:
    """One record's line; exits 1 (it differs, or is not a record) or 3 (unfinished)."""
    from ..record.saved import resume_hint

    rec = _read(ref)  # a record that does not match is refused there, in the line every reader says
    n = len(rec.answers)
    digest = "" if "cards_digest" in rec.header else _(" (no digest: card data not checked)")
    if rec.finished:
        typer.echo(clean(_("{file}: OK — {n} answers replay to the same {events} events{digest}").format(
            file=rec.path, n=n, events=rec.event_count, digest=digest), MESSAGE_LIMIT))
        return
    typer.echo(clean(_("{file}: unfinished, resumable at answer {next} — its {n} answers replay to the same events"
                       "{digest}; continue with: {command}").format(file=rec.path, next=n + 1, n=n, digest=digest,
                                                                     command=resume_hint(rec.path)), MESSAGE_LIMIT))
    raise typer.Exit(exits.UNFINISHED)


def _skip(why: str) -> None:
    typer.secho(clean(_("skipped {why}").format(why=why), MESSAGE_LIMIT), err=True, fg=typer.colors.YELLOW)


#: How ``momon games`` says why a game ended, by the end line's ``reason`` (a reason momon
#: does not know is shown as the record writes it).
END_REASONS = {"full-arena": N_("Arena full"), "exhaustion": N_("no cards left"), "turn-limit": N_("turn limit"),
               "loop": N_("a loop"), "concession": N_("concession")}


def _game_row(rec: "Record") -> list[str]:
    """What ``momon games`` says of a record, in parts, read from a checked header and what
    the record tells of its end: its end line's winner, reason and turns, and the Control
    Scores where the record holds them (the events of a ``--full`` record). Nothing is
    replayed: a record without event lines does not tell its scores, and its line leaves
    them out (``momon replay N --to-end`` shows them)."""
    from ..record.header import shown_names

    head = rec.header
    names = shown_names(head)  # a bot in this screen's language
    winner, reason, turns = rec.outcome()
    why = _(END_REASONS[reason]) if reason in END_REASONS else str(reason)
    result = _("{name} wins ({reason})").format(name=names[winner - 1], reason=why) if winner in (1, 2) else \
        _("unfinished")
    # An unfinished record without event lines does not tell its turns; its answers say how far it went.
    answered = len(rec.answers)
    progress = ngettext("{n} answer so far", "{n} answers so far", answered).format(n=answered) if turns is None \
        else ngettext("{n} turn", "{n} turns", turns).format(n=turns)
    decks = head["decks"]
    # TRANSLATORS: two players' names, then two decks' names, in a line of 'momon games'.
    parts = [head["created"][:16].replace("T", " "), _("{one} vs {other}").format(one=names[0], other=names[1]),
             _("{one} vs {other}").format(one=decks[0], other=decks[1]), result, progress]
    scores = _final_scores(rec)
    if scores is not None:
        parts.append(_("Control Score {one} {first}, {other} {second}").format(
            one=names[0], first=scores[0], other=names[1], second=scores[1]))
    return [clean(part, MESSAGE_LIMIT) for part in parts]


def _final_scores(rec: "Record") -> tuple[int, int] | None:
    """The Control Scores the game ended with, where the record holds its events (None: it
    holds none, or the game is not over)."""
    ended = next((e for e in reversed(rec.events) if e.get("kind") == "game_ended"), None)
    scores = ended.get("scores") if ended is not None else None
    if isinstance(scores, list) and len(scores) == 2 and all(type(n) is int for n in scores):
        return scores[0], scores[1]
    return None


def _empty(rec: "Record") -> bool:
    """A record that holds no answer and no end: a game left at its first question."""
    return not rec.answers and not rec.finished


@app.command(help=_(
    "The saved games, newest first: a number and the record's path on one line, then the date, players, decks, "
    "result (who won and why, with the Control Scores where the record holds its events: --full) and turns (of an "
    "unfinished game: its answers so far). Use the number (or 'last', the newest) with replay, verify, export and "
    "play --resume.\n\n"
    "Games are numbered in the order they began, oldest first: a new game takes the next number and the others keep "
    "theirs. A record with no answer (a game left at its first question) is not listed unless --all is given. A file "
    "that is not a readable record is skipped, with one line on stderr saying why."))
def games(folder: Path | None = typer.Option(None, help=_("Where to look (default: your data folder).")),
          every: bool = typer.Option(False, "--all", help=_("List the records with no answer as well."))) -> None:
    """The saved games, newest first, numbered in the order they began."""
    from ..record import RecordError, read_record
    from ..record.saved import games_folder, saved
    from ..tui.frame import pack

    _working()
    width = max(40, shutil.get_terminal_size().columns) - 5  # each game's line is indented by 5
    folder = folder or games_folder()
    shown = hidden = 0
    found = saved(folder)
    for why in found.skipped:
        _skip(why)
    for number, path in reversed(list(enumerate(found.games, 1))):
        try:
            rec = read_record(path)  # its lines checked, not replayed
        except RecordError as err:  # its number stays its own: the next game does not take it
            _skip(str(err))
            continue
        if _empty(rec) and not every:
            hidden += 1
            continue
        row = _game_row(rec)
        typer.echo(clean(f"{number:>3}  {path}", MESSAGE_LIMIT))
        for line in pack(row, width):  # broken between parts, never inside a name
            typer.echo(f"     {line}")
        shown += 1
    for path in found.others:  # no header line: reading it says what it is instead
        try:
            read_record(path)
        except RecordError as err:
            _skip(str(err))
    if hidden:
        typer.echo(ngettext("{n} record with no answer is not listed (momon games --all lists it).",
                            "{n} records with no answer are not listed (momon games --all lists them).",
                            hidden).format(n=hidden))
    elif not shown:
        typer.echo(clean(_("No saved games in {folder}.").format(folder=folder), MESSAGE_LIMIT))


@app.command(help=_(
    "Print a readable transcript of the whole game, or the game as a game file (MSN).\n\n"
    "A game file read back (replay, verify, analyse, play --resume or --from) is the same game; exported again, the "
    "same bytes.\n\n"
    "Examples: momon export game.jsonl --format md > game.md · momon export last --format msn > game.msn"))
def export(
    record: str = typer.Argument(..., help=RECORD_HELP, autocompletion=complete.records),
    fmt: str = typer.Option("md", "--format", help=_("md or txt (a transcript), or msn (a game file to share, "
                            "docs/notation.md).")),
) -> None:
    """Print a readable transcript of the whole game, or the game as a game file (MSN)."""
    if fmt not in ("md", "txt", "msn"):
        raise typer.BadParameter(_("choose md, txt or msn"), param_hint="--format")
    rec = _read(record)
    try:
        typer.echo(_game_file(rec) if fmt == "msn" else _transcript(rec, fmt), nl=False)
    except Exception as err:  # a record whose answers do not replay
        _does_not_replay(rec, err)


def _transcript(rec: "Record", fmt: str) -> str:
    from ..record.replay import transcript

    return transcript(rec, fmt)


def _game_file(rec: "Record") -> str:
    """The game as a game file; a game file read in keeps its comments and variations."""
    from ..record.msn import to_text, tree_of

    return to_text(tree_of(rec))
