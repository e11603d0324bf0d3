"""The ``momon`` command: runs the Typer application with every command group registered
(play, puzzles, serve, club, records, coach, cards, lab), one line for a command line it cannot take.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts, and evaluated ones save it compiling them again (about 2 ms of each start)."""

import gc
import re
import signal
import sys
from itertools import islice

import typer

from .. import exits
from ..language import _
from ..text.safe import clean
from . import cards, club, coach, lab, play, puzzles, records, serve  # each registers its commands on the app
from .base import MESSAGE_LIMIT, app
from .click_words import in_language, usage_error

THAI = re.compile("[\u0e00-\u0e7f]")  # the Thai script's block

#: The order ``momon --help`` lists the command groups in: playing first, the lab last.
GROUPS = (play, puzzles, serve, club, records, coach, cards, lab)
app.registered_commands.sort(key=lambda c: [g.__name__ for g in GROUPS].index(getattr(c.callback, "__module__", "")))


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
        code: int | None = in_language(typer.main.get_command(app))(lang_first(sys.argv[1:]), prog_name="momon",
                                                                     standalone_mode=False)
        return code
    except typer.TyperException as err:  # a usage error; or, with no arguments, the help itself
        message = err.format_message()
        if "\n" in message:
            typer.echo(message, err=True)
        else:
            message = usage_error(message)
            ctx = getattr(err, "ctx", None)
            command = ctx.command_path if ctx is not None else _command_named()
            typer.secho(clean(_("{command}: {message} See: {command} --help").format(
                command=command, message=_sentence(message)), MESSAGE_LIMIT), err=True, fg=typer.colors.RED)
        raise SystemExit(err.exit_code) from None
    except typer.Abort:  # end of input at a question
        typer.echo(_("Aborted."), err=True)
        raise SystemExit(1) from None


def lang_first(args: list[str]) -> list[str]:
    """``args`` with ``--lang X`` (or ``--lang=X``) moved before the command, where Typer takes
    it: a player writes ``momon play --lang th`` as often as ``momon --lang th play``, and the
    language was already read from anywhere in the line (cli/__init__.py)."""
    flags: list[str] = []
    rest: list[str] = []
    words = iter(args)
    for word in words:
        if word == "--lang":
            flags += [word, *islice(words, 1)]  # and its value, if the line has one
        elif word.startswith("--lang="):
            flags.append(word)
        else:
            rest.append(word)
    return flags + rest


def _command_named() -> str:
    """``momon X`` when the command line names command X, else ``momon``: Click raises some
    usage errors (an option missing its value) without the context that names the command."""
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    return f"momon {sys.argv[1]}" if len(sys.argv) > 1 and sys.argv[1] in commands else "momon"


def _sentence(message: str) -> str:
    """A message as one sentence of the usage line: with its full stop in English; Thai, which
    ends a sentence with a space instead, without one."""
    if THAI.search(message):
        return message.rstrip(".")
    return message if message.endswith((".", "?", "!")) else f"{message}."

