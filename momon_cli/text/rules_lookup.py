"""Look-ups in the project's rules document (docs/rules.md), for ``rules`` at the prompt and ``momon rules``.

In Thai the document read is docs/rules.th.md, the same document section for section and
passage for passage, with the same citations: a citation opens the Thai passage, and a word
finds a Thai passage by its Thai text or by the English passage it translates ("incite"
and "เป้าหมาย" both find one).

The document is cut into passages (a paragraph or a list item) under their headings. A
query finds passages by words (a heading's words count for every passage under it) or by a
citation as narration prints it ("CR 10.2.4", "TH 17.6", "BASELINE 9.1", "Step 1.1").
Passages are shown as Markdown for players: test names and file paths are left out.
:func:`answer` is the whole reply to ``rules WORD``: the glossary's line for the word, then
the passages under their headings, each heading once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .. import language
from ..language import _
from . import glossary

#: The rules document of each language (docs/, or momon_cli/ in the wheel); English is the source.
DOCUMENTS = {"en": "rules.md", "th": "rules.th.md"}

#: A citation and the numbers listed after it: "CR 10.1.5, 10.2.1" cites both.
_CITE = re.compile(r"\b(CR|TH|R-mc|R|BASELINE|Step)\s+(\d+(?:\.\d+)*)((?:,\s*\d+(?:\.\d+)*)*)")
#: "(6.2)" or "**9.1 ..." in a section tagged [R n]: the baseline's own numbering.
_BASELINE_NUMBER = re.compile(r"\((\d+\.\d+)\)|^(?:- )?\*\*(\d+\.\d+)\b")
_TESTS_ONLY = re.compile(r"\s*\((?:`[^`]*`(?:,\s*)?)+\)")
_TEST_NAME = re.compile(r",?\s*`(?:tests/)?test_[^`]*`")
_FILE_SENTENCE = re.compile(r"[^.:]*[.:]?\s*`[^`]*\.(?:toml|py)`\.?")


@dataclass(frozen=True)
class Passage:
    heading: str  # "9. Snatch Check › Judging one Attempt"
    text: str  # Markdown, as written
    cites: frozenset[str]
    english: Passage | None = None  # a translated passage's English one: a word in either finds it

    def searched(self) -> str:
        """What a word is looked for in: heading and :meth:`shown`, the English passage's too."""
        text = self.heading + " " + self.shown()
        return text if self.english is None else text + " " + self.english.searched()

    def shown(self) -> str:
        """The passage's text as players read it: without test names or file paths."""
        return _shown(self.text)

    def markdown(self) -> str:
        """The passage for players: its heading in bold, then :meth:`shown`."""
        body = self.shown()
        return f"**{self.heading}**\n\n{body}" if self.heading else body


def _normal(prefix: str) -> str:
    return "R" if prefix == "BASELINE" else prefix


def _citations(text: str, section_tag: str | None) -> set[str]:
    found = set()
    for m in _CITE.finditer(text):
        prefix = _normal(m[1])
        found.add(f"{prefix} {m[2]}")
        found.update(f"{prefix} {n}" for n in re.findall(r"\d+(?:\.\d+)*", m[3]))
    if section_tag is not None:
        for m in _BASELINE_NUMBER.finditer(text):
            found.add(f"R {m[1] or m[2]}")
    return found


def source(name: str = "rules.md") -> Path:
    """Where the rules document ``name`` is: inside the installed package (the wheel carries
    docs/ there, pyproject.toml), else in the checkout's docs/."""
    package = Path(__file__).resolve().parent.parent
    packaged = package / name
    return packaged if packaged.is_file() else package.parent / "docs" / name


def passages() -> tuple[Passage, ...]:
    """Every paragraph and list item of the document in the language in use, each under its
    heading path (the preamble about tests left out). A translated document's passages each
    know their English one, passage for passage."""
    return _passages(language.current())


@lru_cache(maxsize=len(DOCUMENTS))
def _passages(code: str) -> tuple[Passage, ...]:
    english = _read(DOCUMENTS["en"])
    name = DOCUMENTS.get(code, DOCUMENTS["en"])
    if name == DOCUMENTS["en"] or not source(name).is_file():
        return english
    translated = _read(name)
    if len(translated) != len(english):  # out of step: still read, found by its own words only
        return translated
    return tuple(Passage(p.heading, p.text, p.cites, e) for p, e in zip(translated, english, strict=True))


def _read(name: str) -> tuple[Passage, ...]:
    out: list[Passage] = []
    path: list[str] = []
    for para in re.split(r"\n\s*\n", source(name).read_text(encoding="utf-8")):
        lines = para.strip().split("\n")
        while lines and lines[0].startswith("#"):
            level = len(lines[0]) - len(lines[0].lstrip("#"))
            path[level - 2:] = [lines[0].lstrip("#").strip()] if level >= 2 else []
            lines = lines[1:]
        body = "\n".join(lines).strip()
        if not body or not path:
            continue
        heading = " › ".join(path)
        tag = next((m for h in path if (m := re.search(r"\[R[ \]]", h))), None)
        for item in re.split(r"\n(?=- |\d+\. )", body):
            text = " ".join(item.split())
            out.append(Passage(heading, text, frozenset(_citations(text, tag and tag[0]))))
    return tuple(out)


def _as_citation(query: str) -> set[str] | None:
    """The citations a query names ("BASELINE 9.1" is "R 9.1"; a bare number, any prefix)."""
    m = re.fullmatch(r"(CR|TH|R-mc|R|BASELINE|Step)?\s*(\d+(?:\.\d+)*)", query.strip(), re.IGNORECASE)
    if m is None:
        return None
    if m[1] is None:
        return {f"{p} {m[2]}" for p in ("CR", "TH", "R", "R-mc", "Step")}
    prefix = next(p for p in ("CR", "TH", "R-mc", "R", "BASELINE", "Step") if p.lower() == m[1].lower())
    return {f"{_normal(prefix)} {m[2]}"}


@lru_cache(maxsize=1024)
def _shown(text: str) -> str:
    """``text`` without test names or file paths. A sentence naming a file is looked for only
    where a file is named: the pattern scans to the next full stop from every letter, and a
    Thai paragraph has none (that made a Thai look-up take a third of a second)."""
    body = _TEST_NAME.sub("", _TESTS_ONLY.sub("", text))
    return (_FILE_SENTENCE.sub("", body) if ".toml`" in body or ".py`" in body else body).strip()


def lookup(query: str, limit: int = 6) -> list[Passage]:
    """Passages citing the rule the query names (or a rule inside it), or holding every word
    of it with their heading, best first: passages whose heading holds the words come first,
    then those that use them most (a passage about Ward before one that mentions it once)."""
    cited = _as_citation(query)
    if cited is not None:
        exact = [p for p in passages() if p.cites & cited]
        within = [p for p in passages() if p not in exact and any(c.startswith(q + ".") for c in p.cites for q in cited)]
        return (exact + within)[:limit]
    words = _folded(query).split()
    if not words:
        return []
    under = [p for p in passages() if all(w in _headings(p) for w in words)]
    # Matched and ranked on what the player is shown (a test name mentioning Ward is not)
    rest = [(p, _folded(p.searched())) for p in passages() if p not in under]
    matching = [(p, text) for p, text in rest if all(w in text for w in words)]
    matching.sort(key=lambda pt: -sum(pt[1].count(w) for w in words))  # stable: ties keep document order
    return (under + [p for p, _ in matching])[:limit]


def _headings(p: Passage) -> str:
    return _folded(p.heading if p.english is None else p.heading + " " + p.english.heading)


#: What a Thai keyboard may type otherwise than the document writes it: zero-width spaces
#: (some Thai input puts them between words), NIKHAHIT + SARA AA for SARA AM, and a tone
#: mark typed before the vowel above it.
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"))
_TONE_FIRST = re.compile("([\u0e48-\u0e4b])([\u0e31\u0e34-\u0e37\u0e47])")


def _folded(text: str) -> str:
    """``text`` as words are matched in it: lower case, and Thai as the document spells it."""
    text = text.translate(_INVISIBLE).replace("\u0e4d\u0e32", "\u0e33")
    return _TONE_FIRST.sub(r"\2\1", text).lower()


#: A numbered list item ("3. A Warded defender ..."): its number is kept when it is shown
#: among others (Markdown would renumber a list that starts anywhere but 1 from 1 on).
_NUMBERED = re.compile(r"^(\d+)\.\s")


def _item(body: str) -> str:
    """A passage's body as one item among its heading's: a numbered item keeps its number."""
    m = _NUMBERED.match(body)
    return f"- {m[1]}\\. {body[m.end():]}" if m else body


_BOLD = re.compile(r"\*\*([^*]+)\*\*")
_LEADING_NUMBER = re.compile(r"^\d+(?:\.\d+)*\s*")


def defining() -> dict[str, tuple[Passage, ...]]:
    """For each glossary term, the passages that define it: those that set the term, or a
    word the glossary reads as it, in bold ("**Lose Ward**" defines Ward, "**9.2 Void
    Fallback**" Void Fallback); a translated passage also when its English one does."""
    return _defining(language.current())


@lru_cache(maxsize=len(DOCUMENTS))
def _defining(code: str) -> dict[str, tuple[Passage, ...]]:
    found: dict[str, list[Passage]] = {}
    for p in _passages(code):
        for span in _BOLD.findall(p.text + ("" if p.english is None else " " + p.english.text)):
            entry = glossary.find(_LEADING_NUMBER.sub("", span))
            if entry is not None and p not in found.setdefault(entry.term, []):
                found[entry.term].append(p)
    return {term: tuple(ps) for term, ps in found.items()}


def grouped(found: list[Passage]) -> list[str]:
    """``found`` as Markdown sections, one per heading (in the order the headings first come
    in ``found``), each heading in bold once with its passages under it in document order."""
    order = {p: n for n, p in enumerate(passages())}
    by_heading: dict[str, list[Passage]] = {}
    for p in found:
        by_heading.setdefault(p.heading, []).append(p)
    sections = []
    for heading, group in by_heading.items():
        bodies = [body for p in sorted(group, key=order.__getitem__) if (body := _item(p.shown()))]
        if not bodies:
            continue
        text = f"**{heading}**" if heading else ""
        for body in bodies:  # each one line: list items one under another, paragraphs apart
            joint = "\n" if body.startswith("- ") and text.startswith("- ", text.rfind("\n") + 1) else "\n\n"
            text = text + joint + body if text else body
        sections.append(text)
    return sections


def answer(query: str, limit: int = 6) -> list[str]:
    """The reply to ``rules QUERY`` as Markdown sections: first, when the query names a
    glossary term ("incite", "direct snatch", "Multi-Move", "sights", "✦"), the line
    "**Incite** — <its meaning>"; then the passages about it, grouped under their headings
    (:func:`grouped`). An empty list when nothing is found.

    For a term, the passages are those that define it (it is in bold there: "**Incite**:
    a new Snatch Check ..."), then those about the term, then those about the words as typed,
    then those citing the term's rules, ``limit`` in all."""
    query = " ".join(query.split())
    if not query:
        return []
    entry = glossary.find(query)
    if entry is None:
        return grouped(lookup(query, limit))
    found = list(dict.fromkeys([*defining().get(entry.term, ()), *lookup(entry.term, limit), *lookup(query, limit),
                                *(p for p in passages() if p.cites & set(entry.rules))]))
    return [f"**{entry.term}** — {_(entry.meaning)}", *grouped(found[:limit])]  # N_ in the glossary
