"""The message catalogs, kept current with Babel: ``python tests/catalog.py`` extracts every
``_()``, ``N_()`` and ``ngettext()`` of momon_cli, merges them into each language's .po
(keeping its translations, dropping messages no longer in the code) and compiles the .mo
the package reads. tests/test_catalog.py checks that doing so would change nothing.

Babel is a test and maintainer tool: players' installs read the compiled .mo with the
standard library's gettext."""

from __future__ import annotations

import io
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "momon_cli"
LOCALE = PACKAGE / "locale"
DOMAIN = "momon"
#: gettext's names: a literal given to any of them is a message (tests/test_catalog.py holds
#: every name they are imported as to these).
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
LANGUAGES = ("th",)
_FIXED = datetime(2026, 12, 1, tzinfo=UTC)  # a fixed header date: the files change only with their messages


def extract() -> Catalog:
    """Every message of the package's code, with the files it is in."""
    template = Catalog(project="momon-cli", domain=DOMAIN, charset="utf-8")
    for path, _line, message, comments, context in extract_from_dir(PACKAGE, keywords=KEYWORDS,
                                                                    comment_tags=("TRANSLATORS:",)):
        template.add(message, None, [(f"momon_cli/{path}", None)], auto_comments=comments, context=context)
    return template


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(language: str) -> Catalog:
    path = po_path(language)
    if not path.exists():
        return Catalog(locale=language, domain=DOMAIN, project="momon-cli")
    with path.open("rb") as f:
        return read_po(f, locale=language, domain=DOMAIN)


def merged(language: str) -> Catalog:
    """The language's catalog brought up to the code: new messages untranslated, gone ones dropped."""
    catalog = read(language)
    catalog.update(extract(), no_fuzzy_matching=True, update_creation_date=False)
    catalog.obsolete.clear()
    catalog.project, catalog.version = "momon-cli", "0.1"
    catalog.creation_date = catalog.revision_date = _FIXED
    catalog.last_translator = catalog.language_team = "momon-cli"
    catalog.msgid_bugs_address = ""
    catalog.header_comment = f"# The {language} messages of momon-cli: made by tests/catalog.py, translated by hand."
    catalog.fuzzy = False
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=0, sort_by_file=True, include_lineno=False, omit_header=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _translated(message: Message) -> bool:
    """Whether the message has its translation, every plural form of it."""
    return bool(message.string) and (isinstance(message.string, str) or all(message.string))


def update(sources: list[Path] = []) -> int:  # noqa: B006 (read, never changed)
    """Writes every .po and .mo; the number of messages still untranslated. A message the
    catalog has not translated takes its translation from the first of ``sources`` (other .po
    files, such as the two sides of a merge) that has one."""
    missing = 0
    for language in LANGUAGES:
        catalog = merged(language)
        for source in sources:
            with source.open("rb") as f:
                for message in read_po(f, locale=language, domain=DOMAIN):
                    mine = catalog.get(message.id, message.context) if message.id else None
                    if mine is not None and not _translated(mine) and _translated(message):
                        mine.string = message.string
        po_path(language).parent.mkdir(parents=True, exist_ok=True)
        po_path(language).write_bytes(po_bytes(catalog))
        with po_path(language).open("rb") as f:  # compiled from the file as written
            po_path(language).with_suffix(".mo").write_bytes(mo_bytes(read_po(f, locale=language, domain=DOMAIN)))
        untranslated = [m.id for m in catalog if m.id and not _translated(m)]
        missing += len(untranslated)
        print(f"{language}: {len(catalog)} messages, {len(untranslated)} untranslated")
    return missing


if __name__ == "__main__":
    # python tests/catalog.py [--strict] [--from FILE.po ...]
    arguments = sys.argv[1:]
    given = [Path(a) for a in arguments[arguments.index("--from") + 1:]] if "--from" in arguments else []
    sys.exit(1 if update(given) and "--strict" in arguments else 0)
