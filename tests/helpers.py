"""Builders for rule scenarios: cards from TOML-shaped dicts, positions, and event queries."""

from __future__ import annotations

import itertools
from pathlib import Path

from momon_cli.data.cards import card_from_mapping, load_matrix, load_pool
from momon_cli.data.positions import read_position
from momon_cli.engine import Game, Kind, Placed, Position, Setup
from momon_cli.engine.invariants import check

MATRIX = load_matrix()
_ids = itertools.count(1)


def mk(name: str, element: str = "Fire", power: int = 3, sights=(), stars: int = 1, ability=(), **extra):
    """A card for a test; ``ability`` is a list of [[card.ability]] tables."""
    data = {"id": f"TST-{next(_ids) % 1000:03d}", "name": name, "stars": stars, "element": element,
            "power": power, "sights": list(sights), "ability": list(ability), **extra}
    return card_from_mapping(data, MATRIX, "test")


def arena(owner: int, card, space: str, controller: int | None = None, changes=()) -> Placed:
    return Placed(card, owner, space, controller or owner, changes=tuple(changes))


def void(owner: int, card, face_up: bool = True) -> Placed:
    return Placed(card, owner, face_up=face_up)


def position(hand1=(), hand2=(), preset=(), first=1, turn=1) -> Position:
    """A position from Hands and placed cards (Arena cards have a Space, Void cards none)."""
    on_arena = tuple(p for p in preset if p.space is not None)
    voids = tuple(tuple(p for p in preset if p.space is None and p.owner == o) for o in (1, 2))
    return Position((tuple(Placed(c, 1) for c in hand1), tuple(Placed(c, 2) for c in hand2)), (voids[0], voids[1]),
                    on_arena, turn, first_player=first)


def game(hand1=(), hand2=(), preset=(), profile="sequential", first=1, seed=7, listeners=()) -> Game:
    setup = Setup(position(hand1, hand2, preset, first), MATRIX, seed, profile, ("Ann", "Bea"))
    return Game(setup, listeners)


def card_in_hand(g: Game, player: int, name: str) -> str:
    zones = g.state.zones
    return next(zones.objects[o].card.id for o in zones.hands[player] if zones.objects[o].card.name == name)


def summon(g: Game, name: str, space: str) -> None:
    assert g.pending.kind is Kind.SUMMON, g.pending
    g.answer((card_in_hand(g, g.pending.player, name), space))
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


def first_legal(d):
    """The first legal answer of a decision: the listed order, the first targets, yes."""
    if d.kind in (Kind.ORDER_ATTEMPTS, Kind.ORDER_TRIGGERS):
        return d.keys()
    if d.kind is Kind.TARGETS:
        return tuple(d.options[: d.count])
    return d.options[0]


def pass_turn(g: Game) -> None:
    """Answer every decision of the current turn with the first legal option."""
    turn = g.state.turn
    while g.pending is not None and g.state.turn == turn:
        g.answer(first_legal(g.pending))
        check(g)


def order(g: Game, *indices: int) -> None:
    """Answer a pending order by 0-based option indices; nothing when the engine did not ask
    (it asks only when the order can matter)."""
    d = g.pending
    if d is not None and d.kind in (Kind.ORDER_ATTEMPTS, Kind.ORDER_TRIGGERS):
        keys = d.keys()
        g.answer(tuple(keys[i] for i in indices))
        check(g)


POSITIONS = Path(__file__).parent / "positions"
SCENARIO_POOL = load_pool([POSITIONS / "cards.toml"])


def from_position(name: str, profile: str = "sequential", seed: int = 7) -> Game:
    """A game starting from ``tests/positions/<name>.toml`` with the scenario card set."""
    start = read_position(str(POSITIONS / f"{name}.toml"), SCENARIO_POOL, MATRIX.elements)
    g = Game(Setup(start, MATRIX, seed, profile, ("Ann", "Bea")))
    check(g)
    return g


def board(g: Game) -> dict[str, tuple[str, int]]:
    """The Arena as {Space: (name, Controller)}: the final states the scenario tests write down."""
    zones = g.state.zones
    return {s: (zones.objects[o].card.name, zones.objects[o].controller) for s, o in sorted(zones.arena.items())}


def answer(g: Game, value) -> None:
    g.answer(value)
    check(g)
