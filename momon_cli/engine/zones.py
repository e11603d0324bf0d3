"""Game objects and the zones they sit in (BASELINE 3).

A physical card keeps its ``card_no`` for its whole life; every zone change gives it a new
game object id (``oid``) and files the old object's last known information [CR 11.1.8,
CR 17.3, CR 17.4]. Abilities, targets and effects hold object ids, so "the same object" is
one ``==``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .arena import SPACES
from .cards import CardDef

HAND, VOID, ARENA = "hand", "void", "arena"


@dataclass(slots=True)
class GameObject:
    """A card in a zone: one object, until it changes zones [CR 17.3, 17.4]."""

    oid: int
    card_no: int  # the physical card; unique in the game
    card: CardDef
    owner: int
    zone: str
    face_up: bool = True
    space: str | None = None  # on the Arena
    controller: int | None = None  # on the Arena: whose Marking Token it carries [CR 10.2.7]
    ward_token: bool = False


@dataclass(frozen=True, slots=True)
class LastKnown:
    """An object as it was just before it left a zone [CR 11.1.8]."""

    oid: int
    card_no: int
    card: CardDef
    owner: int
    zone: str
    space: str | None
    controller: int | None
    power: int
    element: str


class Zones:
    """Every game object, indexed by id, plus the ordered contents of each zone."""

    __slots__ = ("_arena_cache", "_empty_cache", "_next_oid", "arena", "clocked", "fragile", "hands", "last_known",
                 "objects", "successor", "version", "voids")

    def __init__(self) -> None:
        self.objects: dict[int, GameObject] = {}
        self.arena: dict[str, int] = {}
        self.hands: dict[int, list[int]] = {1: [], 2: []}
        self.voids: dict[int, list[int]] = {1: [], 2: []}
        self.last_known: dict[int, LastKnown] = {}
        self.successor: dict[int, int] = {}  # old object id -> the object it became [TH 17.7]
        self._next_oid = 1
        self.version = 0  # counts changes to the Arena: who is where, under whose control
        self.fragile = 0  # Arena objects whose Power can be below 1 with no effect on them (CardDef.fragile)
        self.clocked = 0  # Arena objects with a Turn Start or End of Turn ability (CardDef.clocked)
        self._arena_cache: tuple[GameObject, ...] | None = None  # both made again after a change
        self._empty_cache: tuple[str, ...] | None = None

    def clone(self) -> Zones:
        """A copy whose objects and zone lists are new; cards and last known information,
        which never change, are shared."""
        new = Zones.__new__(Zones)
        new.objects = {oid: GameObject(o.oid, o.card_no, o.card, o.owner, o.zone, o.face_up, o.space, o.controller,
                                       o.ward_token) for oid, o in self.objects.items()}
        new.arena = dict(self.arena)
        new.hands = {1: list(self.hands[1]), 2: list(self.hands[2])}
        new.voids = {1: list(self.voids[1]), 2: list(self.voids[2])}
        new.last_known = dict(self.last_known)
        new.successor = dict(self.successor)
        new._next_oid = self._next_oid
        new.version = self.version
        new.fragile, new.clocked = self.fragile, self.clocked
        new._arena_cache = new._empty_cache = None
        return new

    def create(self, card_no: int, card: CardDef, owner: int, zone: str, face_up: bool = True) -> GameObject:
        obj = GameObject(self._next_oid, card_no, card, owner, zone, face_up)
        self._next_oid += 1
        self.objects[obj.oid] = obj
        self._list(zone, owner).append(obj.oid)
        return obj

    def _list(self, zone: str, owner: int) -> list[int]:
        return self.hands[owner] if zone == HAND else self.voids[owner]

    def on_arena(self, oid: int) -> GameObject | None:
        obj = self.objects.get(oid)
        return obj if obj is not None and obj.zone == ARENA else None

    def move(self, oid: int, zone: str, *, space: str | None = None, controller: int | None = None,
             face_up: bool = True, last_known: LastKnown | None = None) -> GameObject:
        """Move an object to another zone: the old object ends, a new one begins."""
        self._changed()
        old = self.objects.pop(oid)
        if old.zone == ARENA:
            assert old.space is not None
            del self.arena[old.space]
            self.fragile -= old.card.fragile
            self.clocked -= old.card.clocked
        else:
            self._list(old.zone, old.owner).remove(oid)
        if last_known is not None:
            self.last_known[oid] = last_known
        new = GameObject(self._next_oid, old.card_no, old.card, old.owner, zone, face_up)
        self._next_oid += 1
        self.objects[new.oid] = new
        self.successor[oid] = new.oid
        if zone == ARENA:
            assert space is not None
            new.space, new.controller = space, controller
            self.arena[space] = new.oid
            self.fragile += new.card.fragile
            self.clocked += new.card.clocked
        else:
            self._list(zone, new.owner).append(new.oid)
        return new

    def relocate(self, moves: dict[str, str]) -> None:
        """Move Arena objects between Spaces all at once (Move, Multi-Move, Swap): same objects."""
        self._changed()
        movers = {start: self.arena.pop(start) for start in moves}
        for start, oid in movers.items():
            self.arena[moves[start]] = oid
            self.objects[oid].space = moves[start]

    def set_controller(self, obj: GameObject, player: int) -> None:
        self._changed()
        obj.controller = player

    def _changed(self) -> None:
        self.version += 1
        self._arena_cache = self._empty_cache = None

    def arena_objects(self) -> tuple[GameObject, ...]:
        """The objects on the Arena in Space order (A1, B1, ... D4): a fixed, replayable order."""
        if self._arena_cache is None:
            arena, objects = self.arena, self.objects
            self._arena_cache = tuple([objects[oid] for s in SPACES if (oid := arena.get(s)) is not None])
        return self._arena_cache

    def empty_spaces(self) -> tuple[str, ...]:
        if self._empty_cache is None:
            arena = self.arena
            self._empty_cache = tuple([s for s in SPACES if s not in arena])
        return self._empty_cache
