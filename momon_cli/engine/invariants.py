"""Invariants that hold after every event of every game; tests and ``momon simulate`` check them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import scores, token_value

if TYPE_CHECKING:
    from .game import Game


class InvariantBroken(AssertionError):
    pass


def check(game: Game) -> None:
    zones = game.state.zones
    placed = list(zones.arena.values())
    for p in (1, 2):
        placed += zones.hands[p] + zones.voids[p]
    if len(placed) != len(set(placed)):
        raise InvariantBroken("an object is in two zones")
    if set(placed) != set(zones.objects):
        raise InvariantBroken("the objects and the zones disagree")
    card_nos = [zones.objects[oid].card_no for oid in placed]
    total = len(game.setup.position.cards())
    if sorted(card_nos) != list(range(1, total + 1)):
        raise InvariantBroken("a card is missing or duplicated")
    for space, oid in zones.arena.items():
        obj = zones.objects[oid]
        if obj.space != space or obj.controller not in (1, 2) or not obj.face_up:
            raise InvariantBroken(f"bad Arena object at {space}")
    for p in (1, 2):
        if any(zones.objects[o].owner != p for o in zones.hands[p] + zones.voids[p]):
            raise InvariantBroken("a card sits in a zone of a player who does not own it")
    expected = [0, 0]
    for oid in zones.arena.values():
        obj = zones.objects[oid]
        assert obj.controller is not None
        expected[obj.controller - 1] += token_value(obj)
    if tuple(expected) != scores(game.state):
        raise InvariantBroken("scores differ from the Marking Tokens' values")
    result = game.state.result
    if result is not None and result.reason != "concession":
        if (result.scores[1], result.scores[2]) != tuple(expected):
            raise InvariantBroken("the result's scores differ from the Arena")
