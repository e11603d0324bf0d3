"""The Thai catalog is complete and current: every message of the code is in it, translated
into Thai with the same placeholders, and the compiled .mo is what its .po compiles to
(tests/catalog.py makes both)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import catalog
import pytest

from momon_cli import language
from momon_cli.text.glossary import ENTRIES

THAI = re.compile(r"[\u0e00-\u0e7f]")
#: A placeholder: {name} or a %-format (no space flag: "95% interval" is a percentage and a word).
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[-#0+]*\d*(?:\.\d+)?[sdifr%]")
#: Messages that read the same in Thai: the game's terms, which the Thai edition keeps in English.
SAME_IN_THAI = {entry.term for entry in ENTRIES} | {"Momons", "Fire", "Water", "Earth", "Air", "Light", "Dark", "Stars",
                                                    "Sights",
                                                    "{n} Star"}  # one card's Stars, as the Thai edition writes them


def _messages(c):
    return [m for m in c if m.id]


@pytest.fixture(scope="module")
def thai():
    return catalog.read("th")


def test_the_thai_catalog_holds_exactly_the_messages_of_the_code(thai):
    code = {m.id if isinstance(m.id, str) else m.id[0] for m in _messages(catalog.extract())}
    held = {m.id if isinstance(m.id, str) else m.id[0] for m in _messages(thai)}
    assert not code - held, f"not in the catalog (run python tests/catalog.py): {sorted(code - held)[:10]}"
    assert not held - code, f"no longer in the code (run python tests/catalog.py): {sorted(held - code)[:10]}"


def test_the_po_file_is_as_tests_catalog_writes_it():
    assert catalog.po_path("th").read_bytes() == catalog.po_bytes(catalog.merged("th"))


def test_every_message_has_a_thai_translation_with_the_same_placeholders(thai):
    wrong = []
    for m in _messages(thai):
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for s in strings:
            letters = re.sub(PLACEHOLDER, "", ids[0])
            if not s:
                wrong.append(f"untranslated: {ids[0]!r}")
            elif m.fuzzy:
                wrong.append(f"fuzzy: {ids[0]!r}")
            elif not THAI.search(s) and re.search(r"[A-Za-z]{2}", letters) and ids[0] not in SAME_IN_THAI:
                wrong.append(f"English left in the Thai catalog: {ids[0]!r} -> {s!r}")
            elif sorted(PLACEHOLDER.findall(s)) != sorted(PLACEHOLDER.findall(ids[-1])):
                wrong.append(f"placeholders differ: {ids[0]!r} -> {s!r}")
    assert not wrong, "\n".join(wrong[:30]) + f"\n({len(wrong)} in all)"


def test_the_compiled_catalog_is_compiled_from_the_current_po(thai):
    assert catalog.po_path("th").with_suffix(".mo").read_bytes() == catalog.mo_bytes(thai)


def test_thai_has_one_plural_form(thai):
    assert thai.num_plurals == 1 and thai.plural_expr == "0"


def test_no_message_is_built_before_it_is_translated():
    """``_(f"...")``, ``_("..." + x)`` or ``_("...".format(x))`` would look up a sentence no
    catalog holds; ``_(TABLE[key])`` of an N_-marked word is fine."""
    wrong = []
    for path in catalog.PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))
                    and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr) in catalog.KEYWORDS
                    and any(isinstance(a, (ast.JoinedStr, ast.BinOp, ast.Call, ast.IfExp)) for a in node.args[:2])):
                wrong.append(f"{path.relative_to(catalog.ROOT)}:{node.lineno}")
    assert not wrong, wrong


@pytest.mark.parametrize(("setting", "code"), [
    ({"LANG": "th_TH.UTF-8"}, "th"), ({"LC_ALL": "th_TH"}, "th"), ({"LC_MESSAGES": "th"}, "th"),
    ({"LANG": "en_GB.UTF-8"}, "en"), ({"LANG": "C.UTF-8"}, "en"), ({}, "en"), ({"LANG": "fr_FR"}, "en"),
    ({"LC_ALL": "en_US.UTF-8", "LANG": "th_TH.UTF-8"}, "en"), ({"LANGUAGE": "th:en", "LANG": "C"}, "th"),
    ({"LANGUAGE": "fr:th", "LANG": "C"}, "th"), ({"LANGUAGE": "fr", "LANG": "th_TH.UTF-8"}, "th"),
])
def test_the_language_comes_from_the_environment_as_gettext_reads_it(setting, code):
    assert language.chosen(None, setting) == code


def test_the_lang_flag_comes_before_the_environment():
    assert language.chosen("th", {"LANG": "en_US.UTF-8"}) == "th"
    assert language.chosen("en", {"LANG": "th_TH.UTF-8"}) == "en"


def test_a_message_is_read_in_the_language_in_use():
    message = next((m for m in _messages(catalog.read("th")) if isinstance(m.id, str)), None)
    if message is None:
        pytest.fail("the Thai catalog is empty")
    with language.using("th"):
        assert language._(message.id) == message.string
    with language.using("en"):
        assert language._(message.id) == message.id


def test_the_catalog_files_are_in_the_package():
    assert (Path(language.LOCALE) / "th" / "LC_MESSAGES" / "momon.mo").is_file()


def test_every_name_that_language_underscore_is_imported_as_is_a_keyword_babel_extracts():
    """``from ..language import _ as translated``: a literal given to ``translated`` must reach the catalog too."""
    names = {a.asname or a.name for path in catalog.PACKAGE.rglob("*.py") for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("language")
             for a in node.names if a.name in ("_", "ngettext", "N_")}
    assert names <= set(catalog.KEYWORDS), names - set(catalog.KEYWORDS)
