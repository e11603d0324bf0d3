"""The language momon speaks to its players: English, or Thai from the catalog in
momon_cli/locale (GNU gettext, compiled by Babel; tests/catalog.py keeps it current).

Every sentence a player reads is written in English inside ``_()`` (or ``ngettext`` where
a number changes the words) at the moment it is shown, and a word kept in a table is marked
with ``N_()`` and translated where it is used, so a language chosen after import still
applies. Only what players read is translated: records, game files, answers and events are
the same whatever the language (tests/test_thai.py).

Whose language: the reader's, held in a context variable. ``_()`` reads the translator of
the current context: the one :func:`using` set in this thread or asyncio task, else the
process's default, which the command line chooses once at start-up (:func:`use_flag`). Each
thread starts with a context of its own and each asyncio task runs in a copy of the context
that created it, so two seats of one process (a served game: a task or a thread per seat)
each read their own language, and one seat switching changes nothing for the other
(tests/test_language_seats.py). A thread's context is empty, not its starter's: work
handed to a thread that says anything runs in ``contextvars.copy_context()`` (as
``Screen.busy`` does; ``asyncio.to_thread`` copies it, ``loop.run_in_executor`` does not)
or enters ``using`` itself. A context variable rather than a translator object passed
along: ``_()`` is called at hundreds of places in every layer above the engine, in functions
that others call (narration, prompts, card text, notation's refusals); passing a translator
would change every one of their signatures, and a call that forgot to pass it on would
quietly speak the process's language. With the variable no call changes, and the rule is
one line: a seat's text is made inside ``using(seat_language)``.

The default is ``--lang``, else the first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is
set (``th_TH.UTF-8`` is Thai), else English. Choosing it at start-up also binds the catalog
as the process's gettext domain and sets LANGUAGE, so Click's and Typer's own words
(``Usage:``, ``Options``), which read the process's gettext and environment, are in the
command line's language: they stay process-wide, as the command line is one reader.
Nothing here writes the environment or the gettext domain after start-up; translated text
is never cached without its language (a cache keyed by text alone would show one seat's
language to another).
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DOMAIN = "momon"
LANGUAGES = ("en", "th")  # English is the source language; th has a catalog
TRANSLATED = LANGUAGES[1:]  # the languages a data file (a puzzle, a deck) may give its own words in
LOCALE = Path(__file__).parent / "locale"
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # read in this order, as gettext does


@dataclass(frozen=True, slots=True)
class Translator:
    """One language's words: its code and its catalog (English's is the empty one)."""

    code: str
    catalog: _gettext.NullTranslations


def translator(language: str) -> Translator:
    """The translator of ``language`` (a code of LANGUAGES, or a locale name such as
    ``th_TH.UTF-8``; anything else is English)."""
    return _loaded(_code(language))


@cache  # one per code of LANGUAGES, loaded once and never changed: shared by every reader of it
def _loaded(code: str) -> Translator:
    return Translator(code, _gettext.translation(DOMAIN, LOCALE, languages=[code], fallback=True))


#: The reader's translator in this thread or task, where :func:`using` set one.
_reader: ContextVar[Translator] = ContextVar("momon_reader")


#: The process's language, for a context that set none: written once, at start-up by
#: :func:`use` (or on the first ``_()``, from the environment), and read-only after.
_default: Translator | None = None


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
    """Make ``language`` (a code of LANGUAGES) the process's default, at start-up: every
    thread and task that has not chosen its own (:func:`using`) reads it, and so do Typer's
    and Click's own words, through the gettext domain bound here."""
    global _default
    _default = translator(language)
    _gettext.bindtextdomain(DOMAIN, str(LOCALE))
    _gettext.textdomain(DOMAIN)


def use_flag(argv: list[str]) -> None:
    """The language of a command line, chosen once as it starts: ``--lang X`` (or
    ``--lang=X``) anywhere in it, else the environment's. Called before the command line's
    help texts are made; the language chosen also becomes LANGUAGE, which Typer's own gettext
    calls read, so they agree with ours whatever the locale holds (the one write to the
    environment, made before any seat exists)."""
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
    """The language code of the reader in this thread or task."""
    return _active().code


@contextmanager
def using(language: str) -> Iterator[None]:
    """``language`` for the block, in this thread or asyncio task only, then the one before
    it again: a seat's text is made inside ``using`` its language (and tests use it). Other
    threads and tasks go on reading their own."""
    token = _reader.set(translator(language))
    try:
        yield
    finally:
        _reader.reset(token)


def _active() -> Translator:
    found = _reader.get(None)
    if found is not None:
        return found
    if _default is None:
        use(chosen())
    assert _default is not None
    return _default


def _(message: str) -> str:
    """``message`` in the reader's language."""
    return _active().catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, in the reader's language."""
    return _active().catalog.ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for it)
    """``message`` unchanged: marks a word kept in a table for the catalog, translated with
    ``_()`` where it is shown."""
    return message
