"""Tab completion by word position: what may stand where the cursor is.

At a Summon the first word is a card (or ``summon``, or a command), the next a Space; at a
target or Space prompt every word is a Space; after ``inspect`` a Space or a visible card,
after ``concede`` a player, after ``rules`` a rules word. The words come from the
deciding player's view only, so completion never lists the other Hand; an occupied Space has
the name of its Momon beside it in the menu.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import assert_never

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from ..engine import Decision, Kind, Observation, need
from ..text.notation import yes_or_no
from ..text.safe import clean
from ..widths import cut

META_WIDTH = 24  # columns of the card name the menu shows beside a Space
RULES_WORDS = ("summon", "snatch", "sights", "power", "element", "ward", "queue", "targets", "arena", "score")


def _hand_words(seen: Observation, player: int) -> list[str]:
    zones = seen.state.zones
    cards = {zones.objects[o].card for o in zones.hands[player]}
    return sorted({c.name.split()[0] for c in cards} | {c.id for c in cards})


def _answer_words(seen: Observation, decision: Decision, position: int, first: str) -> list[str]:
    kind = decision.kind
    if kind is Kind.SUMMON:
        card_at = 1 if first.lower() == "summon" else 0
        if position == card_at:
            return (["summon"] if position == 0 else []) + _hand_words(seen, decision.player)
        return list(seen.state.zones.empty_spaces())
    if kind in (Kind.SPACE, Kind.TARGETS):
        return [str(o) for o in decision.options] + (["none"] if decision.min_count == 0 and position == 0 else [])
    if kind is Kind.CARD:
        return list(decision.options)
    if kind is Kind.YES_NO:
        # the screen's own words first (the prompt takes them and y and n alike)
        return [yes_or_no(True), yes_or_no(False), "y", "n"] if position == 0 else []
    if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS or kind is Kind.PICK_FACE_DOWN:
        return []  # numbers: nothing to complete
    assert_never(kind)


def candidates(seen: Observation, decision: Decision, words: Sequence[str], commands: Iterable[str]) -> list[str]:
    """Words that may come after ``words`` (the complete words typed so far) at this prompt."""
    need(seen)
    first = words[0].lower() if words else ""
    position = len(words)
    if first == "inspect" and position == 1:
        visible = [seen.state.zones.objects[o].card.name.split()[0] for o in seen.state.zones.arena.values()]
        return sorted(seen.state.zones.arena) + sorted(set(visible) | set(_hand_words(seen, decision.player)))
    if first == "concede" and position == 1:
        return list(seen.setup.names)
    if first == "rules" and position == 1:
        return list(RULES_WORDS)
    if first == "view" and position == 1:
        return ["seat", "p1", "p2"]
    if first in commands:
        return []
    found = _answer_words(seen, decision, position, first)
    return found + list(commands) if position == 0 else found


class PositionCompleter(Completer):
    """prompt_toolkit's side of :func:`candidates`, for one decision."""

    def __init__(self, seen: Observation, decision: Decision, commands: Iterable[str]) -> None:
        self.seen, self.decision, self.commands = need(seen), decision, tuple(commands)

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        before = document.text_before_cursor.replace(",", " ")
        words = before.split()
        current = "" if not words or before.endswith(" ") else words.pop()
        low = current.lower()
        found = [w for w in candidates(self.seen, self.decision, words, self.commands) if w.lower().startswith(low)]
        if len(found) == 1 and found[0].lower() == low:  # already whole: Tab moves on to the next word
            yield Completion(found[0] + " ", start_position=-len(current), display=found[0])
            return
        zones = self.seen.state.zones
        for word in found:
            # a Space with a Momon on it (a target, a Space to inspect) says which, beside it in
            # the menu: a name from a card file, made safe and cut
            oid = zones.arena.get(word)
            meta = cut(clean(zones.objects[oid].card.name), META_WIDTH) if oid is not None else ""
            yield Completion(word, start_position=-len(current), display_meta=meta)
