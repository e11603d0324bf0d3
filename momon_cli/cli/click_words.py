"""Click's and Typer's own words in the language in use: the words Typer's core reads from
gettext, and the ones its copy of Click writes in English, translated here.

Typer (0.28) carries its own copy of Click (``typer._click``) with the gettext calls taken
out: "Usage:", "Show this message and exit." and its usage errors ("No such option: --x")
are English literals. Typer's core (``typer/core.py``) does call gettext, for "Options",
"Arguments", "Commands", "[default: ...]", "required", "env var: ..." and its command
errors; momon_cli.language binds our catalog as the process's gettext domain, so those are
read from it, and TYPER_WORDS lists them for the catalog. The rest are translated here, in a
language other than English only (English stays Typer's own text, byte for byte): the
help's usage prefix and Typer's own option help (``--help``, ``--install-completion``,
``--show-completion``) by the help formatter, and a usage error's message, matched against
the English templates of Typer's Click, by ``usage_error`` (cli/app.py prints it). Typer's
rich help (rich_utils) is never used: the application has ``rich_markup_mode=None``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from typer._click.core import Command, Context
from typer._click.formatting import HelpFormatter
from typer.core import TyperGroup

from ..language import N_, _, current

#: Typer's words that typer/core.py passes through gettext (its msgids, exactly), as a
#: ``momon`` user can meet them: help sections, an option's notes, a command not found.
TYPER_WORDS = (
    N_("Arguments"),
    N_("Options"),
    N_("Commands"),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    N_("Missing command."),
    N_("No such command {name!r}."),
)

#: The usage line's prefix, as Typer's Click writes it (with its space).
USAGE = N_("Usage: ")

#: The help of the options Typer adds itself, which it writes in English.
OPTION_HELP = frozenset((
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
))

#: Typer's Click's usage errors, as it writes them, and what each is said as: the first
#: pattern that matches the whole message wins; a ``message`` part is itself translated.
ERRORS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(pattern), template) for pattern, template in (
    (r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.*)\)",
     N_("No such option: {name} (Possible options: {options})")),
    (r"No such option: (?P<name>\S+)", N_("No such option: {name}")),
    (r"Option (?P<name>'.*') requires an argument\.", N_("Option {name} requires an argument.")),
    (r"Option (?P<name>'.*') requires (?P<count>\d+) arguments\.", N_("Option {name} requires {count} arguments.")),
    (r"Option (?P<name>'.*') does not take a value\.", N_("Option {name} does not take a value.")),
    (r"Invalid value for (?P<hint>.+?): (?P<message>.*)", N_("Invalid value for {hint}: {message}")),
    (r"Invalid value: (?P<message>.*)", N_("Invalid value: {message}")),
    (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}.")),
    (r"Missing option (?P<name>.+)\.", N_("Missing option {name}.")),
    (r"Got unexpected extra argument\(s\) \((?P<args>.*)\)", N_("Got unexpected extra argument(s) ({args})")),
    (r"(?P<message>.*)\. Did you mean (?P<names>.*)\?", N_("{message}. Did you mean {names}?")),
    (r"(?P<value>.+) is not a valid int\.", N_("{value} is not a valid integer.")),
    (r"(?P<value>.+) is not a valid float\.", N_("{value} is not a valid number.")),
    (r"(?P<value>.+) is not in the range (?P<range>.+)\.", N_("{value} is not in the range {range}.")),
))


class Formatter(HelpFormatter):
    """Typer's help formatter, with its own words in the language in use."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _(USAGE) if prefix is None else prefix)

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        rows = [(term, _(text) if text in OPTION_HELP else text) for term, text in rows]
        super().write_dl(rows, col_max, col_spacing)


class _Context(Context):
    formatter_class = Formatter


def in_language(command: Command) -> Command:
    """``command`` and every command under it with their help written by :class:`Formatter`
    (nothing changes in English)."""
    if current() != "en":
        command.context_class = _Context
        if isinstance(command, TyperGroup):
            for sub in command.commands.values():
                in_language(sub)
    return command


def usage_error(message: str) -> str:
    """A usage error of Typer's Click in the language in use (as it is in English, or in a
    form no pattern of ERRORS knows)."""
    if current() == "en":
        return message
    for pattern, template in ERRORS:
        found = pattern.fullmatch(message)
        if found is not None:
            parts = found.groupdict()
            if "message" in parts:
                parts["message"] = usage_error(parts["message"])
            return _(template).format(**parts)
    return message
