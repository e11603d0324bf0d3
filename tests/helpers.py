"""Builders for rule scenarios: cards from TOML-shaped dicts, positions, and event queries."""

from __future__ import annotations

import itertools

from momon_cli.carddata import card_from_mapping, load_matrix
from momon_cli.engine import Game, Kind, Placement, Setup
from momon_cli.engine.invariants import check

MATRIX = load_matrix()
_ids = itertools.count(1)


def mk(name: str, element: str = "Fire", power: int = 3, sights=(), stars: int = 1, ability=(), **extra):
    """A card for a test; ``ability`` is a list of [[card.ability]] tables."""
    data = {"id": f"TST-{next(_ids) % 1000:03d}", "name": name, "stars": stars, "element": element,
            "power": power, "sights": list(sights), "ability": list(ability), **extra}
    return card_from_mapping(data, MATRIX, "test")


def arena(owner: int, card, space: str, controller: int | None = None) -> Placement:
    return Placement(owner, card, "arena", space, controller)


def void(owner: int, card) -> Placement:
    return Placement(owner, card, "void")


def game(hand1=(), hand2=(), preset=(), profile="sequential", first=1, seed=7, listeners=()) -> Game:
    setup = Setup((tuple(hand1), tuple(hand2)), MATRIX, seed, profile, ("Ann", "Bea"), first, tuple(preset))
    return Game(setup, listeners)


def oid_in_hand(g: Game, player: int, name: str) -> int:
    zones = g.state.zones
    return next(o for o in zones.hands[player] if zones.objects[o].card.name == name)


def summon(g: Game, name: str, space: str) -> None:
    assert g.pending.kind is Kind.SUMMON, g.pending
    g.answer((oid_in_hand(g, g.pending.player, name), space))
    check(g)


def at(g: Game, space: str):
    """The object on a Space (or None)."""
    zones = g.state.zones
    oid = zones.arena.get(space)
    return zones.objects[oid] if oid is not None else None


def kinds(g: Game, *wanted: str) -> list[str]:
    return [e.kind for e in g.events if not wanted or e.kind in wanted]


def of(g: Game, kind: str) -> list:
    return [e for e in g.events if e.kind == kind]


def index(g: Game, predicate) -> int:
    return next(i for i, e in enumerate(g.events) if predicate(e))


def trigger_name(g: Game, tid: int) -> str:
    return next(e.name for e in of(g, "trigger_waiting") if e.trigger == tid)


def resolved_names(g: Game) -> list[str]:
    return [trigger_name(g, e.trigger) for e in of(g, "ability_resolved")]


def pass_turn(g: Game) -> None:
    """Answer every decision of the current turn with the first legal option."""
    turn = g.state.turn
    while g.pending is not None and g.state.turn == turn:
        d = g.pending
        if d.kind in (Kind.ORDER_ATTEMPTS, Kind.ORDER_TRIGGERS):
            g.answer(tuple(range(len(d.options))))
        elif d.kind is Kind.TARGETS:
            g.answer(d.options[: d.count])
        else:
            g.answer(d.options[0])
        check(g)
