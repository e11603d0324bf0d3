"""``momon play``: options parsed, then one call to record.new_game and the REPL.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts, and evaluated ones save it compiling them again (about 2 ms of each start)."""

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..language import _
from ..limits import BOT_SECONDS
from . import complete
from .base import (
    BOT_TIME_HELP,
    DEFAULT_DECKS,
    PLAIN_HELP,
    _data_file,
    _fail,
    _load,
    _loading,
    _profile,
    _script_lines,
    _seed,
    _working,
    app,
    default_log_path,
    profile_named,
)
from .records import _check, _quoted, _read, _saved, _warn

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from rich.console import Console

    from ..engine import CardDef, Game
    from ..record import Record, Recorder, RecordFile, Seat



@app.command(help=_(
    "Play a hot-seat game: two players, one keyboard.\n\n"
    "Examples:\n\n"
    "  momon play\n\n"
    "  momon play --p1 Ann --p2 Bea --deck1 dawn-dusk --deck2 prism --seed 7\n\n"
    "  momon play --p1 Ann --p2 bot:search --bot-time 0.5\n\n"
    "  momon play --script moves.txt --p1 Ann --p2 Bea --seed 7\n\n"
    "  momon play --resume last\n\n"
    "  momon play --from game.msn --at 12.1\n\n"
    "  momon play --plain"))
def play(
    p1: str | None = typer.Option(None, "--p1", help=_("Player 1's name (asked if omitted), or a bot: "
                                  "bot:easy, bot:medium or bot:hard (or bot:random, greedy, flat, search)."),
                                  autocompletion=complete.players),
    p2: str | None = typer.Option(None, "--p2", help=_("Player 2's name (asked if omitted), or a bot as for --p1."),
                                  autocompletion=complete.players),
    bot_time: float | None = typer.Option(None, "--bot-time", min=BOT_SECONDS[0], max=BOT_SECONDS[1],
                                          help=BOT_TIME_HELP),
    deck1: str | None = typer.Option(None, help=_("Player 1's deck: a built-in name or a file (picked from the "
                                                  "built-in decks at the terminal if omitted; else {deck}).")
                                     .format(deck=DEFAULT_DECKS[0]), autocompletion=complete.decks),
    deck2: str | None = typer.Option(None, help=_("Player 2's deck, as for --deck1 (else {deck}).")
                                     .format(deck=DEFAULT_DECKS[1]), autocompletion=complete.decks),
    cards: list[Path] = typer.Option([], "--cards", help=_("Extra card-set TOML file (repeatable).")),
    seed: int | None = typer.Option(None, callback=_seed, help=_("The game's seed (random if omitted).")),
    first: int | None = typer.Option(None, min=1, max=2, help=_("Who goes first, 1 or 2 (drawn from the seed if omitted).")),
    rules: str = typer.Option("sequential", "--rules", callback=_profile, help=_("sequential or simultaneous.")),
    script: str | None = typer.Option(None, help=_("Answer from FILE (or - for stdin), one line per answer.")),
    log: Path | None = typer.Option(None, help=_("Write the game record here (default: your data folder).")),
    force: bool = typer.Option(False, "--force", help=_("Let --log overwrite a file that is there: a finished or damaged "
                                                       "record, another game's, or any other file.")),
    full: bool = typer.Option(False, "--full", help=_("Keep every event in the record, not only their digests.")),
    resume: str | None = typer.Option(None, help=_("Continue an unfinished game: its record, 'last' or its number "
                                      "in 'momon games' (a game file goes on in a new record: --log, or your data "
                                      "folder)."), autocompletion=complete.records),
    from_file: str | None = typer.Option(None, "--from", help=_("Play on from a game file's (or a record's) line: a "
                                         "new game, recorded as --log says, whose answers so far are the line's "
                                         "up to --at."), autocompletion=complete.records),
    at: str | None = typer.Option(None, "--at", help=_("With --from: where its line stops, a move as docs/notation.md "
                                  "defines it: 12 (the main line through turn 12), 12.1 (the first variation given "
                                  "in turn 12), 12.1.14 (that variation through turn 14), @23 (its 23rd decision, "
                                  "to answer again: a mark of momon analyse or momon replay --marks).")),
    position: Path | None = typer.Option(None, help=_("Start from this position file instead of dealing the decks.")),
    open_hands: bool = typer.Option(False, "--open-hands", help=_("Show each Hand without hand-off screens (for "
                                    "players who play with open hands).")),
    narration: str = typer.Option("terse", help=_("terse: what happened; full: every step with its rule.")),
    view: str = typer.Option("seat", help=_("seat: the Arena from the deciding player's seat; p1 or p2: always "
                             "from that seat.")),
    plain: bool = typer.Option(False, "--plain", envvar="MOMON_PLAIN", help=PLAIN_HELP),
    verbosity: str = typer.Option("brief", help=_("With --plain, what a decision reads: brief (who decides, what "
                                  "changed, your Hand by name, Power, Element and Stars, the empty Spaces; 'board', "
                                  "'row', 'column', 'mine' and 'theirs' read the Arena) or full (the whole Arena and "
                                  "every card's text).")),
    bell: bool = typer.Option(False, "--bell", help=_("Ring the terminal's bell at the other side's move, at a "
                              "hand-off and at the end.")),
    rematch: str | None = typer.Option(None, "--rematch", metavar="GAME", help=_("A new game of the same players "
                                       "as a saved game ('last', its number in 'momon games' or its record), "
                                       "seats swapped: each keeps their deck."), autocompletion=complete.records),
) -> None:
    """Play a hot-seat game: two players, one keyboard."""
    if narration not in ("terse", "full"):
        raise typer.BadParameter(_("choose terse or full"), param_hint="--narration")
    if view not in ("seat", "p1", "p2"):
        raise typer.BadParameter(_("choose seat, p1 or p2"), param_hint="--view")
    if verbosity not in ("brief", "full"):
        raise typer.BadParameter(_("choose brief or full"), param_hint="--verbosity")
    if rematch is not None and (resume is not None or from_file is not None or position is not None):
        raise typer.BadParameter(_("a rematch is a new game: give it without --resume, --from or --position"),
                                 param_hint="--rematch")
    options: dict[str, Any] = {"open_hands": open_hands, "full_log": narration == "full",
               "fixed_seat": None if view == "seat" else int(view[1]), "bell": bell}
    if plain:
        options["verbosity"] = verbosity
    lines = _script_lines(script)
    console = _console(plain)
    if at is not None and from_file is None:
        raise typer.BadParameter(_("give the game file to play on from with --from"), param_hint="--at")
    if from_file is not None and resume is not None:
        raise typer.BadParameter(_("give --resume or --from, not both"), param_hint="--from")
    if from_file is not None:
        game, recorder, options["bots"] = _play_on(from_file, at, log, force)
        _hot_seat(game, console, recorder, lines, options, plain)
    if resume is not None:
        game, recorder, options["bots"] = _resume(resume, log, force)
        _hot_seat(game, console, recorder, lines, options, plain)
    if rematch is not None:
        p1, p2, deck1, deck2, rules, bot_time = _swapped(rematch, p1, p2, deck1, deck2, rules, bot_time)
    game, recorder, options["bots"] = _start(p1, p2, bot_time, deck1, deck2, cards, seed, first, rules, log, force,
                                             full, position, at_terminal=script is None, plain=plain)
    _hot_seat(game, console, recorder, lines, options, plain)


def _swapped(ref: str, p1: str | None, p2: str | None, deck1: str | None, deck2: str | None, rules: str,
             bot_time: float | None) -> "tuple[str, str, str, str, str, float | None]":
    """A rematch of the saved game ``ref``: its players in each other's seats, each with the
    deck they played (a bot stays that bot); what is given on the command line wins."""
    from ..data.cards import DataError, load_matrix
    from ..record import seats_from_header

    record = _read(ref)
    head = record.header
    try:
        bots = seats_from_header(head, load_matrix())
    except DataError as err:
        _fail(str(err))
    names, decks = head["names"], head["decks"]
    if "position" in decks:
        _fail(_("{game} began from a position: a rematch deals decks, and that game had none").format(game=ref))
    players = [f"bot:{bots[p].bot}" if p in bots else str(names[p - 1]) for p in (1, 2)]
    seconds = next((seat.seconds for seat in bots.values() if seat.seconds is not None), None)
    profile = str(head.get("profile", rules)) if rules == "sequential" else rules
    return (p1 or players[1], p2 or players[0], deck1 or _deck_id(str(decks[1]), "--deck1"),
            deck2 or _deck_id(str(decks[0]), "--deck2"), profile, bot_time if bot_time is not None else seconds)


def _deck_id(name: str, flag: str) -> str:
    """The built-in deck a record names by its title ('Prism': prism), or one line and exit 1."""
    from ..data.cards import builtin_deck_names, load_deck, load_pool

    pool = load_pool()
    found = next((deck for deck in builtin_deck_names() if load_deck(deck, pool).name == name), None)
    if found is None:
        _fail(_("the deck {deck} is not a built-in one: give it again with {flag}").format(deck=repr(name), flag=flag))
    return found


def _console(plain: bool) -> "Console":
    """The terminal's console: text only in plain mode (no colour or style), else Rich's own."""
    if plain:
        from ..tui.plain import plain_console

        return plain_console()
    from rich.console import Console

    console = Console()
    # Piped, there is no width: Rich would wrap at 80 columns and cut the record's path
    # ("Recording to ...") and the commands a reader copies. Lines go out whole.
    console.soft_wrap = not console.is_terminal
    return console


def _width(console: "Console", plain: bool) -> int:
    """The width text is wrapped to: the console's, or none in plain mode (a screen reader reads a line whole)."""
    if plain:
        from ..tui.plain import WIDE

        return WIDE
    return console.width



def _start(p1: str | None, p2: str | None, bot_time: float | None, deck1: str | None, deck2: str | None,
           cards: list[Path], seed: int | None, first: int | None, rules: str, log: Path | None, force: bool,
           full: bool, position: Path | None, *, at_terminal: bool,
           plain: bool = False) -> "tuple[Game, Recorder, dict[int, Seat]]":
    """A new game with its record begun, from the options ``play`` and ``serve`` share; at the
    terminal a name or deck not given is asked for (``plain``: the decks listed without style).
    Every problem is one line (exit 1)."""
    import random

    from ..record import GameRequest, RecordError, SetupError, checked_name, new_game, seats_for

    matrix, pool = _load(cards)
    sources = (position,) if position is not None else tuple(d for d in (deck1, deck2) if d is not None)
    for source in sources:
        _data_file(source, _("deck") if position is None else _("position file"))
    if position is not None and (p1 is None or p2 is None):  # the names a position gives, unless given here
        from ..data.positions import read_position_names

        with _loading(position):
            named = read_position_names(str(position))
        if named is not None:
            p1, p2 = named[0] if p1 is None else p1, named[1] if p2 is None else p2
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)  # from the OS, as secrets would, without its start-up
    try:  # a bad name given (empty, too wide), or an unknown bot, is said before any name or deck is asked for
        for flag, given in (("--p1", p1), ("--p2", p2)):
            if given is not None and not given.startswith("bot:"):  # given, even empty: not the same as leaving it out
                checked_name(given, flag)
        seats_for((p1 or "", p2 or ""), seed, (), None)
    except SetupError as err:
        _fail(str(err))
    if at_terminal:
        try:  # a name typed at the question is said before the decks are asked for
            p1 = p1 or checked_name(typer.prompt(_("Player 1's name"), default="Player 1"), 1)
            while not p2 or p2 == p1:
                if p2:
                    typer.echo(_("The two players need different names."))
                p2 = checked_name(typer.prompt(_("Player 2's name"), default="Player 2" if p1 != "Player 2" else "Player 1"), 2)
        except SetupError as err:
            _fail(str(err))
    decks = [deck1, deck2]
    for i, who in enumerate((p1, p2)):
        if decks[i] is None:  # asked of a person at the terminal, before any record exists
            asks = position is None and at_terminal and sys.stdin.isatty() and not (who or "").startswith("bot:")
            decks[i] = _pick_deck(who or f"Player {i + 1}", DEFAULT_DECKS[i], pool, plain) if asks else DEFAULT_DECKS[i]
    path = log or default_log_path()
    request = GameRequest((p1 or "Player 1", p2 or "Player 2"), seed, path, (str(decks[0]), str(decks[1])), position,
                          first,
                          profile_named(rules), bot_time, force, full)
    try:
        with _loading(*sources):  # a deck or position that does not load
            try:
                started = new_game(request, pool, matrix)
            except (SetupError, RecordError) as err:  # said as they are, not as bad data
                _fail(str(err))
    except OSError as err:
        _fail(_("cannot write the game record {file}: {error}").format(file=path, error=err.strerror))
    return started.game, started.recorder, started.seats

def _pick_deck(name: str, default: str, pool: "dict[str, CardDef]", plain: bool = False) -> str:
    """A built-in deck, picked by number or name at the terminal (Enter: ``default``)."""
    from rich.text import Text

    from ..data.deck_choice import chosen
    from ..text.safe import clean
    from .cards import built_in_decks, deck_entries

    console = _console(plain)
    menu = built_in_decks(pool)
    entries = deck_entries(menu, plain)
    cut: dict[str, Any] = {} if plain else {"overflow": "ellipsis", "no_wrap": True}  # plain: lines whole
    console.print(Text(_("Decks for {name}:").format(name=clean(name)), style="bold"))
    for i, (_file, line, plan) in enumerate(entries, 1):
        console.print(Text(f"{i:>2} ").append_text(line), **cut)
        if plan is not None:
            console.print(Text("     ").append_text(plan), **cut)
    while True:
        picked = chosen(str(typer.prompt(_("{name}'s deck (a number or a name)").format(name=clean(name)),
                                         default=default)), menu)
        if picked is not None:
            return picked
        typer.echo(_("Give a number 1-{last} or one of the names listed (Enter: {default}).").format(
            last=len(menu), default=default))


def _hot_seat(game: "Game", console: "Console", recorder: "Recorder", lines: "Iterable[bytes] | None",
              options: "dict[str, Any]", plain: bool = False) -> None:
    """Run the REPL (scripted when ``lines`` are given; in plain lines with ``plain``) and exit with its code."""
    from ..tui.hot_seat import HotSeat
    from ..tui.script import ScriptReader

    _working()
    reader = ScriptReader(lines, console) if lines is not None else None
    if plain:
        from ..tui.plain_seat import PlainSeat
        from ..tui.script import PlainReader

        seat = PlainSeat(game, console, recorder, reader or PlainReader(sys.stdin.buffer, sys.stdout), **options)
        raise typer.Exit(seat.run())
    raise typer.Exit(HotSeat(game, console, recorder, reader, **options).run())


def _resume(ref: str, log: Path | None, force: bool) -> "tuple[Game, Recorder, dict[int, Seat]]":
    """The game, its recorder and its bot seats, continued in place; the record stays locked
    while it runs. A game file is continued in a new record (``log``, or the data folder)."""
    from ..data.cards import load_matrix
    from ..record import RecordError, RecordFile, resume, seats_from_header
    from ..record.files import is_game_file

    path = _saved(ref)
    if is_game_file(path):
        return _play_on(ref, None, log, force, resuming=True)
    try:
        file = RecordFile(path, create=False)
    except RecordError as err:
        _fail(str(err))
    except OSError as err:
        _fail(_("{file}: cannot read: {error}").format(file=path, error=err.strerror))
    try:  # every refusal closes the record (and so releases its lock) before it exits
        record = _resumable(file)
        with _loading(record.path):
            bots = seats_from_header(record.header, load_matrix())
        return (*resume(file, record), bots)
    except OSError as err:
        file.close(sync=False)
        _fail(_("{file}: cannot write: {error}").format(file=path, error=err.strerror))
    except BaseException:
        file.close(sync=False)
        raise


def _resumable(file: "RecordFile") -> "Record":
    """The record ``file`` holds, if it can go on: not damaged, not over; else one line, exit 1."""
    from ..record import RecordError
    from ..record.saved import short_name

    try:
        record = file.read()
    except RecordError as err:
        _fail(str(err))
    except OSError as err:
        _fail(_("{file}: cannot read: {error}").format(file=file.path, error=err.strerror))
    _warn(record)
    _check(record)  # a damaged record: the line every reader says of it (before "over": it may only seem so)
    if record.finished:
        _fail(_("{file}: that game is over; watch it with: {command}").format(
            file=record.path, command=f"momon replay {_quoted(short_name(record.path))}"))
    return record


def _play_on(ref: str, at: str | None, log: Path | None, force: bool, *,
             resuming: bool = False) -> "tuple[Game, Recorder, dict[int, Seat]]":
    """A new game whose answers so far are those of a game file's (or a record's) line up to
    ``at`` (None: its main line), recorded to ``log`` or the data folder, said in one line."""
    from ..engine import GameOver
    from ..record import RecordError
    from ..record.msn import play_on, steps_at, tree_of
    from ..record.saved import short_name
    from ..text.safe import clean
    from .base import MESSAGE_LIMIT

    rec = _read(ref)
    if resuming and rec.finished:
        _fail(_("{file}: that game is over; watch it with: {command}").format(
            file=rec.path, command=f"momon replay {_quoted(short_name(rec.path))}"))
    tree = tree_of(rec)
    try:
        steps = steps_at(tree, at)
    except ValueError as err:
        _fail(f"{rec.path}: --at {at}: {err}")  # the game file's own words (record.msn)
    path = log or default_log_path()
    try:
        with _loading(rec.path):
            started = play_on(tree, steps, path, force)
    except RecordError as err:
        _fail(str(err))
    except GameOver:
        if at is None:
            _fail(_("{file}: the game is over at the end of its main line; nothing is left to play").format(
                file=rec.path))
        _fail(_("{file}: the game is over at {move}; nothing is left to play").format(file=rec.path, move=at))
    except OSError as err:
        _fail(_("cannot write the game record {file}: {error}").format(file=path, error=err.strerror))
    if resuming:
        said = _("Resuming {file} after {answers} answers, in a new record: {record}")
    elif at is None:
        said = _("Playing on from {file} at its end after {answers} answers, in a new record: {record}")
    else:
        said = _("Playing on from {file} at {move} after {answers} answers, in a new record: {record}")
    typer.echo(clean(said.format(file=rec.path, move=at, answers=len(steps), record=path), MESSAGE_LIMIT))
    return started
