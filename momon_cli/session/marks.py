"""What changed on the Arena since a seat last had the board, as a mark and a word per Space.

Chess programs mark the last move; here a turn can place one Momon, Snatch several and
move or send away others, so each Space gets the latest of these changes. The marks are
read from a seat's story (its observation's events), so they show nothing that seat may not
know, and each has a word, so they read without colour (NO_COLOR: tui/marks.py draws them). A seat's marks are news:
what the other side did (``theirs``), not the direct results of the seat's own answers
(its own Summon, the Snatches that Summon made, the Moves of its own abilities).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ..engine import events as ev
from ..language import N_

Change = Literal["new", "snatched", "moved", "gone"]
#: What changed on a Space since a player last answered, in words (translated where it is said).
CHANGE_WORDS: dict[Change, str] = {"new": N_("placed"), "snatched": N_("Snatched"), "moved": N_("Moved or Swapped"),
                                   "gone": N_("sent away")}


def changes(events: Sequence[ev.Event], player: int | None = None, since: int = 0) -> dict[str, Change]:
    """The latest change of each Space over ``events[since:]`` (a mark follows a Momon that
    moves). With ``player``, only what the other side did: that player's own Summons, the
    Snatches they made and the Moves of their abilities leave no mark of their own (whose
    each was is read from the whole story, so ``events`` is a seat's story from its start)."""
    marks: dict[str, Change] = {}
    acting = _actors(events) if player is not None else {}
    for i, e in enumerate(events):
        if i < since:
            continue
        own = player is not None and acting.get(i) == player
        if isinstance(e, ev.Summoned):
            _mark(marks, e.space, "new", own)
        elif isinstance(e, ev.ControlChanged):
            _mark(marks, e.space, "snatched", own)
        elif isinstance(e, ev.Moved):
            was = {start: marks.pop(start, None) for _, start, _ in e.moves}
            for _, start, end in e.moves:
                _follow(marks, end, was[start], own)
        elif isinstance(e, ev.Swapped):
            first, second = marks.pop(e.first_space, None), marks.pop(e.second_space, None)
            _follow(marks, e.second_space, first, own)
            _follow(marks, e.first_space, second, own)
        elif isinstance(e, ev.ZoneChanged) and e.from_space is not None:
            marks[e.from_space] = "gone"
    return marks


def _mark(marks: dict[str, Change], space: str, change: Change, own: bool) -> None:
    if own:
        marks.pop(space, None)  # the seat's own doing: what was news there is now the seat's
    else:
        marks[space] = change


def _follow(marks: dict[str, Change], end: str, before: Change | None, own: bool) -> None:
    """A Momon's mark once it Moves: one placed since the last look is still news as placed;
    one the seat itself Moved keeps only the news it had."""
    if own:
        if before is not None:
            marks[end] = before
        return
    marks[end] = "new" if before == "new" else "moved"


def _actors(events: Sequence[ev.Event]) -> dict[int, int]:
    """Who did each Summon, Snatch, Move and Swap of ``events``, by its place: a Summon its
    player, a Snatch the player who gains control, a Move or Swap the controller of the
    ability resolving it (else the Active Player)."""
    controller: dict[int, int] = {}
    active = 0
    acting: dict[int, int] = {}
    pending: list[int] = []  # Moves and Swaps waiting for the ability that made them to say whose it is
    for i, e in enumerate(events):
        if isinstance(e, ev.TurnStarted):
            active = e.active
        elif isinstance(e, ev.TriggerWaiting):
            controller[e.trigger] = e.controller
        elif isinstance(e, ev.Summoned):
            acting[i] = e.player
        elif isinstance(e, ev.ControlChanged):
            acting[i] = e.new
        elif isinstance(e, (ev.Moved, ev.Swapped)):
            acting[i] = active
            pending.append(i)
        elif isinstance(e, (ev.AbilityResolved, ev.InstructionFailed)):
            for j in pending:
                acting[j] = controller.get(e.trigger, active)
            pending.clear()
    return acting
