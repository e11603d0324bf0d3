"""Summoning (BASELINE 9): the Turn-Based Summon with Void Fallback (9.1-9.3, CR 17.7), Mark
(Step 1.1), and the placing of an Effect-Based Summon's batch (9.4, TH 17.1)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from . import collect
from . import events as ev
from .context import Rules
from .decisions import N_, WAITS, Decision, Kind, SummonOptions, copy_key
from .state import GameState
from .triggers import Batch, Trigger
from .vocabulary import ToHand
from .zones import ARENA, VOID

SummonFlow = Generator[Decision, Any, int | None]


def put_onto_arena(ctx: Rules, oid: int, space: str, player: int, source: str, cause: int | None = None) -> int:
    """Summon: a new face-up object on ``space``, Marked with ``player``'s Token (9.1). An
    Effect-Based Summon (``cause``: the ability's Source) becomes a batch in the pending
    order at its Summon Event's place; its On Summon triggers belong to it (9.4)."""
    state = ctx.state
    new = state.zones.move(oid, ARENA, space=space, controller=player)
    ctx.emit(ev.Summoned, player, new.oid, new.card.id, new.card.name, space, source, cause is not None)
    ctx.emit(ev.Marked, space, new.oid, player)
    batch = None
    if cause is not None:
        batch = Batch(state.take_id(), new.oid, player, ctx.new_event(), cause)
        state.root.waiting.append(batch)  # after every item already pending [TH 17.1]
    collect.on_summon(ctx, new, batch)
    return new.oid


def key_of(state: GameState, oid: int) -> str:
    """The copy key of a card (decisions.copy_key): its id and the once-only rights that
    physical card has spent [R-mc 21]."""
    obj = state.zones.objects[oid]
    return copy_key(obj.card.id, state.spent(obj.card_no))


def _pending_triggers(state: GameState) -> list[Trigger]:
    """Every triggered ability waiting, queued or resolving, in every Trigger Queue."""
    found = list(state.resolving)
    for frame in state.frames:
        for item in (*frame.waiting, *frame.queue):
            found += item.triggers if isinstance(item, Batch) else [item]
    return found


def waiting_for(state: GameState, oid: int) -> str:
    """What waits to act on a card off the Arena, as a copy key writes it (sorted, "" for
    nothing): ``e`` a Return to Hand at the end of this turn, ``n1`` / ``n2`` one at the start
    of that player's next turn [TH 17.7], ``w`` a Leaves Arena ability waiting to return the
    card its Source became in the Void (FBD 146) [R-mc 19]."""
    marks = {"e" if d.at == "end_of_turn" else f"n{d.controller}" for d in state.delayed if d.oid == oid}
    zones = state.zones
    if zones.objects[oid].zone == VOID and any(t.ability.when == "leaves_arena" and zones.successor.get(t.source) == oid
           and any(isinstance(i, ToHand) and i.on == "self" for i in t.ability.do) for t in _pending_triggers(state)):
        marks.add("w")
    return "".join(sorted(marks))


def keys_of(state: GameState, oids: list[int]) -> list[str]:
    """The copy key of each card of a pile (a Hand, the cards an effect may Summon), as its
    option: copies alike in every respect share one; a spent once-only right is part of the
    key (key_of), and copies that differ in what waits for them are told apart too [R-mc 19,
    TH 17.7]. The first copy of a key in the pile keeps it plain, as records have always named
    it; a later copy that differs from it in what waits adds ``~`` and what waits for it
    (waiting_for: ``~e``), or ``~`` alone when nothing does."""
    keys: list[str] = []
    first: dict[str, int] = {}
    for oid in oids:
        key = key_of(state, oid)
        head = first.setdefault(key, oid)
        if head != oid and (marks := waiting_for(state, oid)) != waiting_for(state, head):
            key = f"{key}{WAITS}{marks}"
        keys.append(key)
    return keys


def copies(state: GameState, oids: list[int]) -> dict[str, int]:
    """Copy key -> the first object with it, in the pile's order: copies alike in every
    respect are one choice; one whose once-only right is spent, or one that differs in what
    waits for it, is another [R-mc 19, TH 17.7]."""
    found: dict[str, int] = {}
    for oid, key in zip(oids, keys_of(state, oids), strict=True):
        found.setdefault(key, oid)
    return found


def turn_based_summon(ctx: Rules) -> SummonFlow:
    """Generator: returns the Summoned object's id, or None when no Summon happened."""
    state = ctx.state
    zones = state.zones
    player = state.active
    spaces = zones.empty_spaces()
    hand = zones.hands[player]
    if hand:
        cards = copies(state, hand)
        card_id, space = yield Decision(Kind.SUMMON, player, SummonOptions(cards, spaces),
                                        N_("Summon a Momon from your Hand"))
        return put_onto_arena(ctx, cards[card_id], space, player, "hand")
    void = zones.voids[player]
    if not void:  # 9.3
        ctx.emit(ev.NoSummon, player, "no cards in Hand or Void")
        return None
    # 9.2 Void Fallback [CR 17.7]: randomize face-down, the opponent picks blind.
    state.rng.shuffle(void)
    for card_oid in void:
        zones.objects[card_oid].face_up = False
    ctx.emit(ev.VoidRandomized, player, len(void))
    position = yield Decision(Kind.PICK_FACE_DOWN, state.non_active, tuple(range(1, len(void) + 1)),
                              N_("Pick one face-down card from your opponent's Void"))
    picked = zones.objects[void[position - 1]]
    picked.face_up = True
    ctx.emit(ev.FaceDownPicked, state.non_active, position, picked.card.id, picked.card.name)
    # Every empty Space is legal while no effect restricts Spaces, and Step 1 with a full
    # Arena ends the game first, so a legal Space always exists here.
    space = yield Decision(Kind.SPACE, player, spaces, N_("Choose a Space for {card}"),
                           card=picked.card.id, subject=picked.card.name)
    return put_onto_arena(ctx, picked.oid, space, player, "void")
