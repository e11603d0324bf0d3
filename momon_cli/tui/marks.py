"""What changed on the Arena since a seat last looked, as a mark and a word per Space.

Chess programs mark the last move; here a turn can place one Momon, Snatch several and
move or send away others, so each Space gets the latest of these changes. The marks are
read from a seat's story (its observation's events), so they show nothing that seat may not
know, and each has a word, so they read without colour (NO_COLOR).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ..engine import events as ev

Change = Literal["new", "snatched", "moved", "gone"]
#: How a change is drawn in its cell: a symbol and a word, never colour alone.
LABEL: dict[Change, str] = {"new": "+new", "snatched": "⇄snatch", "moved": "»moved", "gone": "×gone"}


def changes(events: Sequence[ev.Event]) -> dict[str, Change]:
    """The latest change of each Space over ``events`` (a mark follows a Momon that moves)."""
    marks: dict[str, Change] = {}
    for e in events:
        if isinstance(e, ev.Summoned):
            marks[e.space] = "new"
        elif isinstance(e, ev.ControlChanged):
            marks[e.space] = "snatched"
        elif isinstance(e, ev.Moved):
            was = {start: marks.pop(start, None) for _, start, _ in e.moves}
            for _, start, end in e.moves:
                marks[end] = _moved(was[start])
        elif isinstance(e, ev.Swapped):
            first, second = marks.get(e.first_space), marks.get(e.second_space)
            marks[e.second_space], marks[e.first_space] = _moved(first), _moved(second)
        elif isinstance(e, ev.ZoneChanged) and e.from_space is not None:
            marks[e.from_space] = "gone"
    return marks



def _moved(before: Change | None) -> Change:
    """A Momon's mark once it Moves: one placed since the last look is still news as placed."""
    return "new" if before == "new" else "moved"
