"""Look-ups in the project's rules document (docs/rules.md), for ``rules`` at the prompt.

The document is cut into passages (a paragraph or a list item) under their headings. A
query finds passages by words (a heading's words count for every passage under it) or by a
citation as narration prints it ("CR 10.2.4", "TH 17.6", "BASELINE 9.1", "Step 1.1").
Passages are shown as Markdown for players: test names and file paths are left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

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

    def shown(self) -> str:
        """The passage's text as players read it: without test names or file paths."""
        body = _TESTS_ONLY.sub("", self.text)
        return _FILE_SENTENCE.sub("", _TEST_NAME.sub("", body)).strip()

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


def _source() -> str:
    package = Path(__file__).resolve().parent.parent
    packaged = package / "rules.md"
    path = packaged if packaged.is_file() else package.parent / "docs" / "rules.md"
    return path.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def passages() -> tuple[Passage, ...]:
    """Every paragraph and list item, each under its heading path (the preamble about tests left out)."""
    out: list[Passage] = []
    path: list[str] = []
    for para in re.split(r"\n\s*\n", _source()):
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


def lookup(query: str, limit: int = 6) -> list[Passage]:
    """Passages citing the rule the query names (or a rule inside it), or holding every word
    of it with their heading, best first: passages whose heading holds the words come first,
    then those that use them most (a passage about Ward before one that mentions it once)."""
    cited = _as_citation(query)
    if cited is not None:
        exact = [p for p in passages() if p.cites & cited]
        within = [p for p in passages() if p not in exact and any(c.startswith(q + ".") for c in p.cites for q in cited)]
        return (exact + within)[:limit]
    words = query.lower().split()
    if not words:
        return []
    under = [p for p in passages() if all(w in p.heading.lower() for w in words)]
    # Matched and ranked on what the player is shown (a test name mentioning Ward is not)
    rest = [(p, (p.heading + " " + p.shown()).lower()) for p in passages() if p not in under]
    matching = [(p, text) for p, text in rest if all(w in text for w in words)]
    matching.sort(key=lambda pt: -sum(pt[1].count(w) for w in words))  # stable: ties keep document order
    return (under + [p for p, _ in matching])[:limit]
