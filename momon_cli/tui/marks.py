"""How a change on the Arena is drawn in its cell: a symbol and a word, never colour alone
(what changed, and for whom it is news, is the session's: session/marks.py)."""

from __future__ import annotations

from ..session.marks import Change, changes

__all__ = ["LABEL", "Change", "changes"]

LABEL: dict[Change, str] = {"new": "+new", "snatched": "⇄snatch", "moved": "»moved", "gone": "×gone"}
