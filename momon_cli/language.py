"""The language momon speaks to its players: English, or Thai from the catalog in
momon_cli/locale (GNU gettext, compiled by Babel; tests/catalog.py keeps it current).

Every sentence a player reads is written in English inside ``_()`` (or ``ngettext`` where
a number changes the words) at the moment it is shown, and a word kept in a table is marked
with ``N_()`` and translated where it is used, so a language chosen after import still
applies. Only what players read is translated: records, game files, answers and events are
the same whatever the language (tests/test_thai.py).

The language is ``--lang``, else the first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is
set (``th_TH.UTF-8`` is Thai), else English. Choosing it also binds the catalog as the
process's gettext domain, so Click's and Typer's own words (``Usage:``, ``Options``) are read
from it too.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

DOMAIN = "momon"
LANGUAGES = ("en", "th")  # English is the source language; th has a catalog
TRANSLATED = LANGUAGES[1:]  # the languages a data file (a puzzle, a deck) may give its own words in
LOCALE = Path(__file__).parent / "locale"
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # read in this order, as gettext does

_catalog: _gettext.NullTranslations | None = None  # None until first needed, then the chosen language's
_chosen = "en"


def chosen(flag: str | None = None, environ: Mapping[str, str] = os.environ) -> str:
    """The language code for ``--lang`` (``flag``) or, without it, for the environment: ``th``
    when the first locale setting that is set names Thai, else ``en``. LANGUAGE is a list
    ("fr:th"), read as gettext reads it: its first language momon speaks."""
    if flag:
        return _code(flag)
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            spoken = [entry for entry in value.split(":") if _base(entry) in LANGUAGES] if name == "LANGUAGE" else [value]
            if spoken:
                return _code(spoken[0])
    return "en"


def _base(value: str) -> str:
    return value.strip().lower().replace("-", "_").split(".")[0].split("@")[0].split("_")[0]


def _code(value: str) -> str:
    """``th`` for ``th``, ``th_TH``, ``th_TH.UTF-8``, ``TH`` and the like; ``en`` for anything else."""
    base = _base(value)
    return base if base in LANGUAGES else "en"


def use(language: str) -> None:
    """Speak ``language`` (a code of LANGUAGES) from now on, in this process."""
    global _catalog, _chosen
    _chosen = _code(language)
    _catalog = _gettext.translation(DOMAIN, LOCALE, languages=[_chosen], fallback=True)
    _gettext.bindtextdomain(DOMAIN, str(LOCALE))
    _gettext.textdomain(DOMAIN)


def use_flag(argv: list[str]) -> None:
    """The language of a command line: ``--lang X`` (or ``--lang=X``) anywhere in it, else
    the environment's. Called before the command line's help texts are made; the language
    chosen also becomes LANGUAGE, which Typer's own gettext calls read, so they agree with
    ours whatever the locale holds."""
    flag = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            flag = argv[i + 1]
        elif arg.startswith("--lang="):
            flag = arg.partition("=")[2]
    code = chosen(flag)
    os.environ["LANGUAGE"] = code
    use(code)


def current() -> str:
    """The language code in use."""
    _active()
    return _chosen


@contextmanager
def using(language: str) -> Iterator[None]:
    """``language`` for the block, then the one before it again (tests, and a screen that
    shows another seat's language)."""
    before = current()
    use(language)
    try:
        yield
    finally:
        use(before)


def _active() -> _gettext.NullTranslations:
    if _catalog is None:
        use(chosen())
    assert _catalog is not None
    return _catalog


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _active().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, in the language in use."""
    return _active().ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for it)
    """``message`` unchanged: marks a word kept in a table for the catalog, translated with
    ``_()`` where it is shown."""
    return message
