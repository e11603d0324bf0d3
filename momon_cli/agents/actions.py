"""One fixed Discrete action space for every Decision: an order or a set of targets is given
one pick at a time, each pick one action, with a mask of the legal picks before each.

The actions, numbered from 0 (:data:`ACTIONS` in all):

============  =====================  ==========================================================
actions       meaning                used by
============  =====================  ==========================================================
0-255         Summon: Hand slot h    SUMMON (``16 * h + s``): the card in slot h of one's own
              onto Space s           Hand, as the observation lists the Hand
256-271       Space s                SPACE; TARGETS, one target Space a pick
272           done                   TARGETS, once at least ``min_count`` are picked
273, 274      yes, no                YES_NO
275-290       option slot k          CARD (the k-th card offered), PICK_FACE_DOWN (position
                                     k + 1), ORDER_ATTEMPTS and ORDER_TRIGGERS (the k-th option
                                     not yet placed, in the listed order)
============  =====================  ==========================================================

Spaces are numbered as ``engine.SPACES`` lists them (A1, B1, C1, D1, A2 ... D4). An order is
given first option first, and its last option is placed without asking; where more than 16
options are still to place, the slots show the first 16 of them. A set of targets is sent
to the engine when it holds ``count`` Spaces, or when "done" is picked. Two Hand slots with
the same card (a copy alike in every respect) are the same answer. A CARD or
PICK_FACE_DOWN Decision offers at most 16 options, since no deck holds more cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

import numpy as np

from ..engine import SPACES, Answer, Decision, Kind, Observation, keys_of

ARENA_SPACES = len(SPACES)
HAND_SLOTS = 16  # the most cards a deck may hold (the casual format's bound): a Hand holds no more
OPTION_SLOTS = 16
SUMMON = 0
SPACE = SUMMON + HAND_SLOTS * ARENA_SPACES
DONE = SPACE + ARENA_SPACES
YES = DONE + 1
NO = YES + 1
OPTION = NO + 1
ACTIONS = OPTION + OPTION_SLOTS


class IllegalAction(ValueError):
    """An action the mask of the pending pick does not allow."""


@dataclass(frozen=True)
class Step:
    """What one action did: the picks made so far for the pending Decision, and the whole
    answer once the last pick is made (then the picks start again, empty)."""

    picks: tuple[str, ...]
    answer: Answer | None


def hand_keys(observation: Observation) -> list[str]:
    """The copy key of each card of the seat's own Hand, slot by slot."""
    state = observation.state
    return keys_of(state, state.zones.hands[observation.seat])[:HAND_SLOTS]


def remaining(decision: Decision, picks: Sequence[str]) -> tuple[str, ...]:
    """An order's options not placed yet, in the listed order."""
    return tuple(k for k in decision.keys() if k not in picks)


def _low(decision: Decision) -> int:
    return decision.count if decision.min_count is None else decision.min_count


def legal(observation: Observation, picks: Sequence[str]) -> list[int]:
    """The actions legal now for the seat's pending Decision, given the picks made so far;
    none when the seat has no Decision to make."""
    decision = observation.decision
    if decision is None:
        return []
    kind = decision.kind
    if kind is Kind.SUMMON:
        options = decision.options
        return [SUMMON + h * ARENA_SPACES + s for h, key in enumerate(hand_keys(observation))
                for s, space in enumerate(SPACES) if (key, space) in options]
    if kind is Kind.SPACE:
        return sorted(SPACE + SPACES.index(space) for space in decision.options)
    if kind is Kind.TARGETS:
        found = [] if len(picks) >= decision.count else \
            sorted(SPACE + SPACES.index(space) for space in decision.options if space not in picks)
        return found + ([DONE] if len(picks) >= _low(decision) else [])
    if kind is Kind.YES_NO:
        return [YES, NO]
    if kind is Kind.CARD or kind is Kind.PICK_FACE_DOWN:
        return [OPTION + k for k in range(min(len(decision.options), OPTION_SLOTS))]
    if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
        return [OPTION + k for k in range(min(len(remaining(decision, picks)), OPTION_SLOTS))]
    assert_never(kind)


def mask(observation: Observation, picks: Sequence[str]) -> np.ndarray:
    """``legal`` as the action mask: 1 for each legal action, else 0 (int8, as gymnasium's
    ``Discrete.sample(mask)`` takes it)."""
    found = np.zeros(ACTIONS, dtype=np.int8)
    found[legal(observation, picks)] = 1
    return found


def take(observation: Observation, picks: tuple[str, ...], action: int) -> Step:
    """The seat's ``action`` on its pending Decision, after ``picks``: the picks it leaves and,
    when it completes the answer, the answer for ``Game.answer``. Raises IllegalAction for an
    action the mask does not allow."""
    decision = observation.decision
    if decision is None or action not in legal(observation, picks):
        raise IllegalAction(f"action {action} is not legal now")
    kind = decision.kind
    if kind is Kind.SUMMON:
        slot, space = divmod(action - SUMMON, ARENA_SPACES)
        return Step((), (hand_keys(observation)[slot], SPACES[space]))
    if kind is Kind.SPACE:
        return Step((), SPACES[action - SPACE])
    if kind is Kind.TARGETS:
        if action == DONE:
            return Step((), picks)
        chosen = (*picks, SPACES[action - SPACE])
        if len(chosen) == min(decision.count, len(decision.options)):
            return Step((), chosen)
        return Step(chosen, None)
    if kind is Kind.YES_NO:
        return Step((), action == YES)
    option = action - OPTION
    if kind is Kind.CARD or kind is Kind.PICK_FACE_DOWN:
        return Step((), decision.options[option])
    if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
        chosen = (*picks, remaining(decision, picks)[option])
        left = remaining(decision, chosen)
        if len(left) <= 1:
            return Step((), (*chosen, *left))
        return Step(chosen, None)
    assert_never(kind)
