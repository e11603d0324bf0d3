"""One seat's Observation as a flat vector of numbers with their bounds: the Arena, both
Hands and Voids slot by slot, the table, and the pending Decision with its picks so far.

Everything is read from the seat's Observation (``Game.observe``), whose state is already
the seat's information state: a card the seat has never seen is ``engine.HIDDEN`` there,
and is encoded as "present, not known". Sides are the seat's own: "mine" and "theirs",
never Player 1 and Player 2 (``me_player_1`` says which seat it is). Directions are as
drawn on the board from Player 1's side (``engine.screen_direction``), whoever owns the
card. :attr:`Encoder.layout` names every block and :meth:`Encoder.names` every number.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import assert_never

import numpy as np

from ..engine import (
                      DIRECTIONS,
                      HIDDEN,
                      SPACES,
                      SPENT,
                      TURN_LIMIT,
                      AttemptView,
                      CardDef,
                      GameObject,
                      GameState,
                      Kind,
                      Observation,
                      TriggerView,
                      card_of_key,
                      element,
                      has_ward,
                      power,
                      scores,
                      screen_direction,
                      token_value,
)
from .actions import HAND_SLOTS, OPTION_SLOTS, remaining

POWER = (-99, 199)  # a Momon's Power, changed as it may be (clipped to these bounds)
SMALL = (0, 15)  # abilities on a card, spent rights, a trigger's ability number
COUNT = (0, 2 * HAND_SLOTS)  # cards in a zone
SCORE = (0, 16 * 9)  # every Space's Token at its most
KINDS = tuple(Kind)


@dataclass(frozen=True)
class Block:
    """``count`` rows of the same features, each feature with its bounds."""

    name: str
    count: int
    features: tuple[tuple[str, float, float], ...]

    @property
    def size(self) -> int:
        return self.count * len(self.features)


class Encoder:
    """The vector layout for one card table and one Element list (an environment's)."""

    def __init__(self, cards: Sequence[CardDef], elements: Sequence[str]) -> None:
        #: A card's number in the vector: 1 + its place among ``cards`` (by id); 0 for none.
        self.numbers = {card.id: i for i, card in enumerate(sorted(cards, key=lambda c: c.id), 1)}
        self.elements = tuple(elements)
        card = ("card", 0, len(self.numbers))
        each = tuple((f"element_{e}", 0, 1) for e in self.elements)
        sights = tuple((f"sight_{d}", 0, 1) for d in DIRECTIONS)
        pile = (("present", 0, 1), ("known", 0, 1), ("face_up", 0, 1), ("spent", *SMALL), card, ("stars", 0, 9),
                ("base_power", *POWER), *each, *sights, ("abilities", *SMALL))
        self.blocks = (
            Block("arena", len(SPACES), (("occupied", 0, 1), ("mine", 0, 1), ("theirs", 0, 1), ("owned_by_me", 0, 1),
                                         ("power", *POWER), *each, ("ward", 0, 1), ("token", 0, 9), *sights, card,
                                         ("stars", 0, 9), ("base_power", *POWER), ("abilities", *SMALL))),
            Block("my_hand", HAND_SLOTS, pile), Block("their_hand", HAND_SLOTS, pile),
            Block("my_void", HAND_SLOTS, pile), Block("their_void", HAND_SLOTS, pile),
            Block("table", 1, (("me_player_1", 0, 1), ("turn", 0, TURN_LIMIT + 1), ("me_active", 0, 1),
                               ("me_first_player", 0, 1), ("me_first_token", 0, 1), ("my_score", *SCORE),
                               ("their_score", *SCORE), ("my_hand", *COUNT), ("their_hand", *COUNT),
                               ("my_void", *COUNT), ("their_void", *COUNT), ("my_face_down", *COUNT),
                               ("their_face_down", *COUNT), ("simultaneous", 0, 1), ("over", 0, 1),
                               ("me_deciding", 0, 1), ("them_deciding", 0, 1),
                               *((f"waiting_{k.value}", 0, 1) for k in KINDS))),
            Block("decision", 1, (("count", 0, len(SPACES)), ("min_count", 0, len(SPACES)), ("picked", *COUNT),
                                  ("trigger_card", 0, len(self.numbers)), ("trigger_ability", *SMALL),
                                  *((f"picked_{s}", 0, 1) for s in SPACES))),
            Block("options", OPTION_SLOTS, (("present", 0, 1), ("space", 0, len(SPACES)), card, ("a", *POWER),
                                            ("b", *POWER), ("flag", 0, 1))),
        )
        #: Where each block lies in the vector.
        self.layout: dict[str, slice] = {}
        start = 0
        for block in self.blocks:
            self.layout[block.name] = slice(start, start + block.size)
            start += block.size
        self.size = start
        bounds = [(lo, hi) for block in self.blocks for _ in range(block.count) for _, lo, hi in block.features]
        self.low = np.array([lo for lo, _ in bounds], dtype=np.float32)
        self.high = np.array([hi for _, hi in bounds], dtype=np.float32)

    def names(self) -> list[str]:
        """The name of every number of the vector, in order ("arena[A1].power", "table.turn")."""
        rows = {"arena": list(SPACES)}
        return [f"{b.name}[{rows.get(b.name, range(b.count))[i]}].{f}" if b.count > 1 else f"{b.name}.{f}"
                for b in self.blocks for i in range(b.count) for f, _, _ in b.features]

    def number(self, card: CardDef) -> int:
        return self.numbers.get(card.id, 0) if card is not HIDDEN else 0

    def _elements(self, current: str) -> list[float]:
        return [float(e == current) for e in self.elements]

    @staticmethod
    def _sights(card: CardDef, owner: int) -> list[float]:
        """A card's sights as drawn on the board, read from its Owner's seat [CR 10.1.2]."""
        shown = {screen_direction(d, owner) for d in card.sights}
        return [float(d in shown) for d in DIRECTIONS]

    def _arena(self, state: GameState, seat: int) -> list[float]:
        row = len(self.blocks[0].features)
        out: list[float] = []
        for space in SPACES:
            oid = state.zones.arena.get(space)
            if oid is None:
                out += [0.0] * row
                continue
            obj = state.zones.objects[oid]
            card = obj.card
            out += [1, obj.controller == seat, obj.controller not in (None, seat), obj.owner == seat,
                    power(state, obj), *self._elements(element(state, obj)), has_ward(state, obj), token_value(obj),
                    *self._sights(card, obj.owner),
                    self.number(card), card.stars, card.power, len(card.abilities)]
        return out

    def _pile(self, state: GameState, oids: Iterable[int]) -> list[float]:
        row = len(self.blocks[1].features)
        out: list[float] = []
        for oid in list(oids)[:HAND_SLOTS]:
            obj: GameObject = state.zones.objects[oid]
            card = obj.card
            if card is HIDDEN:
                out += [1, 0, obj.face_up] + [0.0] * (row - 3)
                continue
            out += [1, 1, obj.face_up, len(state.spent(obj.card_no)), self.number(card), card.stars, card.power,
                    *self._elements(card.element), *self._sights(card, obj.owner), len(card.abilities)]
        return out + [0.0] * (row * HAND_SLOTS - len(out))

    def _table(self, observation: Observation) -> list[float]:
        state, seat = observation.state, observation.seat
        other = 3 - seat
        zones = state.zones
        score = scores(state)
        down = [sum(not zones.objects[o].face_up for o in zones.voids[p]) for p in (seat, other)]
        waiting = observation.waiting
        return [seat == 1, state.turn, state.active == seat, state.first_player == seat, state.first_token == seat,
                score[seat - 1], score[other - 1], len(zones.hands[seat]), len(zones.hands[other]),
                len(zones.voids[seat]), len(zones.voids[other]), *down, state.setup.profile == "simultaneous",
                state.result is not None, waiting is not None and waiting[0] == seat,
                waiting is not None and waiting[0] == other,
                *(waiting is not None and waiting[1] is k for k in KINDS)]

    def _decision(self, observation: Observation, picks: Sequence[str]) -> list[float]:
        decision = observation.decision
        slot = len(self.blocks[-1].features)
        if decision is None:
            return [0.0] * (len(self.blocks[-2].features) + slot * OPTION_SLOTS)
        trigger = decision.trigger
        low = decision.count if decision.min_count is None else decision.min_count
        head = [decision.count if decision.kind is Kind.TARGETS else 0, low if decision.kind is Kind.TARGETS else 0,
                len(picks), 0 if trigger is None else self.numbers.get(trigger.card, 0),
                0 if trigger is None else trigger.ability + 1, *(s in picks for s in SPACES)]
        kind = decision.kind
        options: list[list[float]]
        if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
            views = {v.key: v for v in decision.options}
            options = [self._view(observation.state, views[k]) for k in remaining(decision, picks)]
        elif kind is Kind.CARD:
            options = [[1, 0, self.numbers.get(card_of_key(k), 0), k.count(".") + (SPENT in k), 0, 0]
                       for k in decision.options]
        elif kind is Kind.PICK_FACE_DOWN:
            options = [[1, 0, 0, p, 0, 0] for p in decision.options]
        elif kind in (Kind.SUMMON, Kind.SPACE, Kind.TARGETS, Kind.YES_NO):
            options = []  # no option slots: their actions name a Hand slot and Space, a Space, yes or no
        else:
            assert_never(kind)
        flat = [x for row in options[:OPTION_SLOTS] for x in row]
        return head + flat + [0.0] * (slot * OPTION_SLOTS - len(flat))

    def _view(self, state: GameState, view: AttemptView | TriggerView) -> list[float]:
        """An option of an order: an Attempt by its defender's Space, or a trigger by its Source."""
        if isinstance(view, AttemptView):
            oid = state.zones.arena.get(view.key)
            card = 0 if oid is None else self.number(state.zones.objects[oid].card)
            return [1, SPACES.index(view.key) + 1, card, view.attacker_power, view.defender_power, view.would_succeed]
        source = view.key.partition("@")[2].partition("#")[0]
        return [1, SPACES.index(source) + 1 if source in SPACES else 0, self.numbers.get(view.card, 0),
                view.ability + 1, len(view.targets), 0]

    def encode(self, observation: Observation, picks: Sequence[str] = ()) -> np.ndarray:
        """The vector for ``observation`` (its seat, 1 or 2) after ``picks`` on its Decision,
        every number clipped to its bounds."""
        state, seat = observation.state, observation.seat
        zones = state.zones
        values = [*self._arena(state, seat), *self._pile(state, zones.hands[seat]),
                  *self._pile(state, zones.hands[3 - seat]), *self._pile(state, zones.voids[seat]),
                  *self._pile(state, zones.voids[3 - seat]), *self._table(observation),
                  *self._decision(observation, picks)]
        vector = np.array(values, dtype=np.float32)
        assert vector.shape == (self.size,)
        return np.clip(vector, self.low, self.high)
