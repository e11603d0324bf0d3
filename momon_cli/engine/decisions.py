"""The one typed decision request through which the engine asks for every choice.

A :class:`Decision` names who decides, what kind of choice it is and the legal options.
``validate`` turns an answer into its canonical form or raises :class:`IllegalAnswer`; the
engine state is untouched by a refused answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    SUMMON = "summon"  # options: (object id, Space) pairs
    SPACE = "space"  # options: Space names
    ORDER_ATTEMPTS = "order_attempts"  # options: AttemptView; answer: a permutation of indices
    ORDER_TRIGGERS = "order_triggers"  # options: TriggerView; answer: a permutation of indices
    TARGETS = "targets"  # options: object ids; answer: ``count`` distinct ids
    YES_NO = "yes_no"  # options: (True, False)
    PICK_FACE_DOWN = "pick_face_down"  # options: 1-based positions


class IllegalAnswer(ValueError):
    """An answer that is not one of the decision's legal options."""


@dataclass(frozen=True, slots=True)
class AttemptView:
    """One Attempt to order, with the engine's judgement of it on the state right now."""

    attacker: int
    defender: int
    defender_name: str
    defender_space: str
    direction: str
    attacker_power: int
    defender_power: int
    attacker_element: str
    defender_element: str
    would_succeed: bool
    reason: str


@dataclass(frozen=True, slots=True)
class TriggerView:
    trigger: int
    source: int
    name: str
    timing: str
    card: str
    ability: int  # index into the card's abilities (its text comes from there)
    targets: tuple[int, ...]


@dataclass(frozen=True)
class Decision:
    kind: Kind
    player: int
    options: tuple
    prompt: str = ""
    count: int = 1  # TARGETS: how many to choose
    context: dict = field(default_factory=dict)

    def validate(self, answer):
        """Return the canonical answer or raise IllegalAnswer with a one-line reason."""
        kind = self.kind
        if kind in (Kind.ORDER_ATTEMPTS, Kind.ORDER_TRIGGERS):
            try:
                order = tuple(int(i) for i in answer)
            except (TypeError, ValueError):
                raise IllegalAnswer("an order is a list of option indices") from None
            if sorted(order) != list(range(len(self.options))):
                raise IllegalAnswer(f"give each of the {len(self.options)} options exactly once")
            return order
        if kind is Kind.TARGETS:
            try:
                chosen = tuple(answer)
            except TypeError:
                raise IllegalAnswer("targets are a list of options") from None
            if len(chosen) != self.count or len(set(chosen)) != len(chosen):
                raise IllegalAnswer(f"choose exactly {self.count} different target(s)")
            if any(c not in self.options for c in chosen):
                raise IllegalAnswer("every target must be one of the options")
            return chosen
        if kind is Kind.SUMMON:
            try:
                answer = (int(answer[0]), str(answer[1]))
            except (TypeError, ValueError, IndexError):
                raise IllegalAnswer("a summon is (card, space)") from None
        if answer not in self.options:
            raise IllegalAnswer(f"{answer!r} is not one of the legal options")
        return answer
