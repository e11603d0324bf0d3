"""How a change on the Arena is drawn in its cell: a symbol and a word, never colour alone
(what changed, and for whom it is news, is the session's: session/marks.py). The word is the
reader's language; the symbol is every language's, and stands alone where the word would
cut the Momon's name."""

from __future__ import annotations

from ..language import N_, _
from ..session.marks import Change, changes

__all__ = ["LABEL", "Change", "changes", "label", "labels"]

#: Each change's mark, a symbol then a word (translated where it is drawn).
# TRANSLATORS: a cell's mark of a change: its symbol first, then a short word; 7 columns at the most
LABEL: dict[Change, str] = {"new": N_("+new"), "snatched": N_("⇄snatch"), "moved": N_("»moved"), "gone": N_("×gone")}


def label(change: Change) -> str:
    """The mark of ``change`` in the reader's language."""
    return _(LABEL[change])


def labels() -> dict[Change, str]:
    """Every change's mark in the reader's language, by change (the legend and ``help`` name them)."""
    return {change: label(change) for change in LABEL}
