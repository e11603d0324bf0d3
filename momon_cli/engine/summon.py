"""The Turn-Based Summon procedure (BASELINE 9.1-9.3, CR 17.7) and Mark (Step 1.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .decisions import Decision, Kind
from .zones import ARENA

if TYPE_CHECKING:
    from .game import Game


def put_onto_arena(game: Game, oid: int, space: str, player: int, source: str) -> int:
    """Summon: a new face-up object on ``space``, Marked with ``player``'s Token (9.1)."""
    new = game.state.zones.move(oid, ARENA, space=space, controller=player)
    game.emit(ev.Summoned(player, new.oid, new.card.id, new.card.name, space, source))
    game.emit(ev.Marked(space, new.oid, player))
    game.triggers.on_summon(new)
    return new.oid


def turn_based_summon(game: Game):
    """Generator: returns the Summoned object's id, or None when no Summon happened."""
    state = game.state
    zones = state.zones
    player = state.active
    spaces = zones.empty_spaces()
    hand = zones.hands[player]
    if hand:
        options = tuple((oid, space) for oid in hand for space in spaces)
        oid, space = yield Decision(Kind.SUMMON, player, options, "Summon a Momon from your Hand")
        return put_onto_arena(game, oid, space, player, "hand")
    void = zones.voids[player]
    if not void:  # 9.3
        game.emit(ev.NoSummon(player, "no cards in Hand or Void"))
        return None
    # 9.2 Void Fallback [CR 17.7]: randomize face-down, the opponent picks blind.
    state.rng.shuffle(void)
    for card_oid in void:
        zones.objects[card_oid].face_up = False
    game.emit(ev.VoidRandomized(player, len(void)))
    position = yield Decision(Kind.PICK_FACE_DOWN, state.non_active, tuple(range(1, len(void) + 1)),
                              "Pick one face-down card from your opponent's Void")
    picked = zones.objects[void[position - 1]]
    picked.face_up = True
    game.emit(ev.FaceDownPicked(state.non_active, position, picked.card.id, picked.card.name))
    # Every empty Space is legal while no effect restricts Spaces, and Step 1 with a full
    # Arena ends the game first, so a legal Space always exists here.
    space = yield Decision(Kind.SPACE, player, spaces, f"Choose a Space for {picked.card.name}",
                           context={"card": picked.card.id})
    return put_onto_arena(game, picked.oid, space, player, "void")
