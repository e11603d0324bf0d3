"""Look-ups in the project's rules document (docs/rules.md), for the REPL's ``rules`` command."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path


@lru_cache(maxsize=1)
def _blocks() -> tuple[str, ...]:
    packaged = Path(str(resources.files("momon_cli"))) / "rules.md"
    path = packaged if packaged.is_file() else Path(__file__).resolve().parent.parent / "docs" / "rules.md"
    text = path.read_text(encoding="utf-8")
    blocks = []
    for para in re.split(r"\n\s*\n", text):
        items = re.split(r"\n(?=- |\d+\. )", para.strip())  # one list item per block
        blocks.extend(" ".join(i.split()) for i in items if i.strip() and not i.startswith("#"))
    return tuple(blocks)


def lookup(query: str, limit: int = 6) -> list[str]:
    """Passages that mention every word of the query (case-insensitive), best first."""
    words = query.lower().split()
    if not words:
        return []
    found = [b for b in _blocks() if all(w in b.lower() for w in words)]
    return found[:limit]
