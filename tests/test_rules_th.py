"""The rules document in Thai (docs/rules.th.md) and what reads it: ``momon rules`` and
``rules WORD`` in Thai, and ``momon howto`` in Thai.

The Thai document is the English one section for section, passage for passage and
citation for citation, so that a rule narration cites is found in either; a word of either
language finds the Thai passage; and the wheel carries it as it carries rules.md."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from locale_env import thai_environment
from rich.console import Console
from rich.markdown import Markdown

from momon_cli import language
from momon_cli.text import howto
from momon_cli.text import rules_lookup as rulesdoc
from momon_cli.widths import columns

ROOT = Path(__file__).parent.parent
ENGLISH = ROOT / "docs" / "rules.md"
THAI_DOC = ROOT / "docs" / "rules.th.md"
THAI = re.compile(r"[\u0e00-\u0e7f]")
#: Every citation label as the documents write it: "CR 10.2.2", "TH 17.5, 17.6", "R-mc 21",
#: "BASELINE 11.1", "Step 1.2", "FBD 126–128", and the bare tag "[R]" / "[R, ...".
LABEL = re.compile(r"\b(?:CR|TH|R-mc|R|BASELINE|Step|FBD)\s+\d+(?:\.\d+)*(?:(?:,\s*|–)\d+(?:\.\d+)*)*|\[R(?=[],])")
#: The widest run of Thai between two spaces: Rich wraps at spaces only, so a longer run
#: would be cut inside a word on a narrow screen.
WIDEST_RUN = 40


def english() -> tuple[rulesdoc.Passage, ...]:
    with language.using("en"):
        return rulesdoc.passages()


def thai() -> tuple[rulesdoc.Passage, ...]:
    with language.using("th"):
        return rulesdoc.passages()


# -- the document -------------------------------------------------------------------------------
def test_every_citation_label_is_in_both_documents_in_the_same_order():
    en = LABEL.findall(ENGLISH.read_text(encoding="utf-8"))
    th = LABEL.findall(THAI_DOC.read_text(encoding="utf-8"))
    assert len(en) > 150
    assert th == en, next(((i, a, b) for i, (a, b) in enumerate(zip(en, th, strict=False)) if a != b), None)


def test_the_headings_are_the_same_outline_with_the_same_numbers_and_tags():
    def outline(path: Path) -> list[tuple[int, str, str]]:
        out = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                level = len(line) - len(line.lstrip("#"))
                number = re.match(r"#+\s*(\d+\.)?", line)
                assert number is not None
                out.append((level, number[1] or "", " ".join(LABEL.findall(line))))
        return out
    assert outline(THAI_DOC) == outline(ENGLISH)


def test_each_thai_passage_translates_the_english_one_with_the_same_citations():
    en, th = english(), thai()
    assert len(th) == len(en)
    for t, e in zip(th, en, strict=True):
        assert t.english == e
        assert t.cites == e.cites, (e.heading, e.text[:60])
        assert t.heading.count("›") == e.heading.count("›"), t.heading
        assert t.text.startswith("- ") == e.text.startswith("- ") and bool(re.match(r"\d+\. ", t.text)) == bool(
            re.match(r"\d+\. ", e.text)), t.text[:60]


def test_the_thai_document_is_in_thai():
    for p in thai():
        assert THAI.search(p.shown()), p.text[:80]
    for heading in {p.heading for p in thai()}:
        english_heading = next(p.english.heading for p in thai() if p.heading == heading and p.english)
        # a heading of kept terms only ("3. Arena [R]") is the English one's words; any other is Thai
        assert THAI.search(heading) or set(heading.split()) <= set(english_heading.split()), heading


def test_what_players_read_of_the_thai_document_has_no_test_names_or_paths_and_wraps_at_spaces():
    for p in thai():
        shown = p.shown()
        assert "test_" not in shown and ".py" not in shown and ".toml" not in shown, shown[:80]
        assert shown.count("(") == shown.count(")"), shown[:80]
        wide = [run for run in shown.split() if columns(run) > WIDEST_RUN]
        assert not wide, wide
        assert not re.search(r"ๆ[^\s)]", shown), shown[:80]  # MAI YAMOK stands apart, as Thai writes it


def test_the_english_document_reads_as_before():
    en = english()
    assert en == rulesdoc._read("rules.md") and all(p.english is None for p in en)


# -- the look-up in Thai ------------------------------------------------------------------------
def test_a_citation_opens_the_thai_passage():
    with language.using("th"):
        found = rulesdoc.lookup("CR 10.2.2")
        assert found and all(THAI.search(p.shown()) for p in found)
        assert "Ward" in found[0].text and "CR 10.2.2" in found[0].cites
        assert rulesdoc.lookup("R-mc 21") and rulesdoc.lookup("TH 17.5") and rulesdoc.lookup("BASELINE 9.1")


@pytest.mark.parametrize("word", ["incite", "Incite", "direct snatch", "ward", "เป้าหมาย", "สิทธิ์ใช้ได้ครั้งเดียว"])
def test_a_word_of_either_language_finds_thai_passages(word):
    with language.using("th"):
        found = rulesdoc.lookup(word)
        assert found, word
        assert all(THAI.search(p.shown()) for p in found)
        sections = rulesdoc.answer(word)
        assert sections and THAI.search("\n".join(sections))


@pytest.mark.parametrize("typed, written", [
    ("ใช้ได้\u200bครั้งเดียว", "ใช้ได้ครั้งเดียว"),  # a zero-width space between words
    ("ด\u0e4d\u0e32เนินผล", "ดำเนินผล"),  # NIKHAHIT + SARA AA for SARA AM
    ("ท\u0e48\u0e35ติดกัน", "ที่ติดกัน"),  # the tone mark typed before the vowel above
])
def test_thai_is_found_as_a_thai_keyboard_types_it(typed, written):
    with language.using("th"):
        assert rulesdoc.lookup(written) and rulesdoc.lookup(typed) == rulesdoc.lookup(written)


def test_an_english_word_finds_the_thai_passage_of_the_english_one_it_finds():
    en = [p.text for p in rulesdoc.lookup("snatched back")]
    with language.using("th"):
        th = [p.english.text for p in rulesdoc.lookup("snatched back") if p.english]
    assert en and set(en) <= set(th), (en, th)


def test_a_term_defined_in_bold_in_english_is_defined_by_its_thai_passage():
    with language.using("th"):
        defining = rulesdoc.defining()
    assert defining.get("Ward") and all(THAI.search(p.shown()) for p in defining["Ward"])
    assert set(defining) == set(rulesdoc.defining())


# -- in a child process in a Thai locale --------------------------------------------------------
def momon(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "momon_cli", *args], capture_output=True, text=True,
                          cwd=ROOT, env=thai_environment(COLUMNS="80"), timeout=60)


def test_momon_rules_without_a_word_says_how_to_use_it_in_thai():
    run = momon("rules")
    assert run.returncode == 2 and THAI.search(run.stderr) and "momon rules incite" in run.stderr


@pytest.mark.parametrize("words", [["incite"], ["เป้าหมาย"], ["CR", "10.2.2"]])
def test_momon_rules_prints_the_thai_rules(words):
    run = momon("rules", *words)
    assert run.returncode == 0, run.stderr
    assert THAI.search(run.stdout) and "test_" not in run.stdout
    assert max(columns(line.rstrip()) for line in run.stdout.splitlines()) <= 80


def test_momon_rules_finding_nothing_says_so_in_thai():
    run = momon("rules", "zzzz")
    assert run.returncode == 1 and THAI.search(run.stderr) and "zzzz" in run.stderr


def test_momon_howto_prints_thai_that_fits_80_columns():
    run = momon("howto")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert THAI.search(run.stdout) and "Control Score" in run.stdout and "Snatch-Sight" in run.stdout
    assert max(columns(line.rstrip()) for line in lines) <= 80 and len(lines) <= 40


# -- howto --------------------------------------------------------------------------------------
def test_howto_is_translated_when_shown_and_wraps_only_at_spaces():
    with language.using("th"):
        text = howto.shown()
    assert text != howto.HOWTO and THAI.search(text)
    console = Console(width=80, record=True, color_system=None)
    with console.capture() as capture:
        console.print(Markdown(text))
    shown = capture.get()
    assert max(columns(line.rstrip()) for line in shown.splitlines()) <= 80
    for run in re.sub(r"[*`#]", "", text).split():
        assert run in shown, run  # no run of Thai was cut to fit a line
    with language.using("en"):
        assert howto.shown() == howto.HOWTO


# -- the wheel ----------------------------------------------------------------------------------
def test_the_wheel_carries_every_rules_document_where_the_look_up_finds_it():
    included = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"][
        "force-include"]
    for name in rulesdoc.DOCUMENTS.values():
        assert included[f"docs/{name}"] == f"momon_cli/{name}"
        assert rulesdoc.source(name).is_file()
