"""The one typed decision request through which the engine asks for every choice.

A :class:`Decision` names who decides, what kind of choice it is and the legal options.
Options and answers name things by the board — card ids, Space names, option keys — never
by internal object ids, so a recorded answer means the same thing to any engine version
that plays the same rules (docs/records.md). ``validate`` returns the answer unchanged or
raises :class:`IllegalAnswer`; types are exact (``True`` is not ``1``, a list is not a tuple).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import product
from typing import Any, TypeAlias, assert_never, cast, overload


class Kind(StrEnum):
    SUMMON = "summon"  # options: (copy key, Space) pairs; answer: one pair
    SPACE = "space"  # options: Space names; answer: one of them
    CARD = "card"  # options: copy keys; answer: one of them (a card to Summon by an effect)
    ORDER_ATTEMPTS = "order_attempts"  # options: AttemptView; answer: every key once, first first
    ORDER_TRIGGERS = "order_triggers"  # options: TriggerView; answer: every key once, first first
    TARGETS = "targets"  # options: Space names; answer: min_count..count distinct Spaces
    YES_NO = "yes_no"  # options: (True, False)
    PICK_FACE_DOWN = "pick_face_down"  # options: 1-based positions


SPENT = "!"  # a copy key's mark before the abilities whose once-only right that copy has spent
WAITS = "~"  # a copy key's mark before what waits for that copy (summon.keys_of), where it differs


def copy_key(card_id: str, spent: tuple[int, ...]) -> str:
    """A card in Hand or Void as an option: its id, or, for a copy that has spent a once-only
    right, its id, ``!`` and those abilities' numbers in order ("MCL-013!1"). Copies alike in
    every respect share a key and are one choice; a spent copy is a choice of its own [R-mc 19].
    Where copies of one such key differ in what waits for them, summon.keys_of adds ``~`` and
    what waits to the later ones ("MCL-033~e") [TH 17.7]."""
    if not spent:  # the case of almost every card in almost every game
        return card_id
    return f"{card_id}{SPENT}{'.'.join(str(i + 1) for i in spent)}"


def card_of_key(key: str) -> str:
    """The card id a copy key names."""
    return key.partition(SPENT)[0].partition(WAITS)[0]


class SummonOptions(Sequence[tuple[str, str]]):
    """A Summon's options, every (copy key, Space) pair, card by card and Space by Space in
    the order given, listed on demand: a turn offers up to 160 pairs and one is chosen, so
    they are counted, indexed and tested for without being built."""

    __slots__ = ("cards", "spaces")

    def __init__(self, cards: Iterable[str], spaces: tuple[str, ...]) -> None:
        self.cards = tuple(cards)
        self.spaces = spaces

    def __len__(self) -> int:
        return len(self.cards) * len(self.spaces)

    @overload
    def __getitem__(self, i: int) -> tuple[str, str]: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[tuple[str, str], ...]: ...

    def __getitem__(self, i: int | slice) -> tuple[str, str] | tuple[tuple[str, str], ...]:
        if isinstance(i, slice):
            return tuple(self)[i]
        n = len(self)
        if not -n <= i < n:
            raise IndexError("Summon option index out of range")
        card, space = divmod(i % n, len(self.spaces))
        return self.cards[card], self.spaces[space]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return product(self.cards, self.spaces)

    def __contains__(self, pair: object) -> bool:
        return (type(pair) is tuple and len(pair) == 2 and pair[0] in self.cards and pair[1] in self.spaces)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SummonOptions | tuple):  # equal to the tuple it lists, as that tuple would be
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"SummonOptions({self.cards!r}, {self.spaces!r})"


class IllegalAnswer(ValueError):
    """An answer that is not one of the decision's legal options."""


@dataclass(frozen=True, slots=True)
class AttemptView:
    """One Attempt to order, with the engine's judgement of it on the state right now."""

    key: str  # the defender's Space: unique within one Check
    defender_name: str
    direction: str
    attacker_power: int
    defender_power: int
    attacker_element: str
    defender_element: str
    would_succeed: bool
    reason: str


@dataclass(frozen=True, slots=True)
class TriggerView:
    """A triggered ability as an order decision shows it: its key, Source, text and targets."""

    key: str  # "<card id>@<Space>#<ability number>", unique among the triggers being ordered
    trigger: int
    name: str
    timing: str
    card: str
    ability: int  # index into the card's abilities (its text comes from there)
    targets: tuple[str, ...]  # Spaces


@dataclass(frozen=True, slots=True)
class OrderOutcome:
    """What one order of the Attempts would do, when the engine can tell (it asks no one)."""

    order: tuple[str, ...]
    snatched: tuple[str, ...]  # defenders' Spaces that end under the attacker's Controller
    lost: tuple[str, ...]  # Spaces whose Momon leaves the Arena (State-Based Conditions)
    # The Powers at the Snatch that post-Snatch abilities will read [TH 17.5, FBD 159], in
    # resolution order: each Snatched Momon's Space and Power, when the attacker is still on
    # the Arena with an On Snatch ability that reads it; the Space of each Momon snatched
    # back that is still there with a Snatched Back ability that reads the snatcher's Power,
    # and that Power.
    snatched_powers: tuple[tuple[str, int], ...] = ()
    snatcher_powers: tuple[tuple[str, int], ...] = ()
    # The abilities that start waiting during the Attempts (Leaves Arena, as State-Based
    # Conditions take Momons), in their order: the Momon's name and the ability's controller.
    waiting: tuple[tuple[str, int], ...] = ()

    def key(self) -> tuple[object, ...]:
        """What this order leaves behind, whatever the order it resolved in: two orders with
        the same key end alike."""
        return (self.snatched, self.lost, tuple(sorted(self.snatched_powers)), tuple(sorted(self.snatcher_powers)),
                self.waiting)


def N_(message: str) -> str:  # noqa: N802 (gettext's name for it: the catalog's extractor looks for it)
    """``message`` unchanged: marks a prompt's English template for the message catalog. The
    engine never translates; the text layer shows a prompt (text.prompts.prompt_text)."""
    return message


#: What ``validate`` returns, by kind: SUMMON a (copy key, Space) pair; SPACE a Space; CARD a
#: copy key; ORDER_ATTEMPTS and ORDER_TRIGGERS every option key once, first first; TARGETS
#: distinct Spaces; YES_NO a bool; PICK_FACE_DOWN a 1-based position.
SummonAnswer: TypeAlias = tuple[str, str]
Answer: TypeAlias = SummonAnswer | tuple[str, ...] | str | bool | int


@dataclass(frozen=True)
class Decision:
    """A choice the engine needs: who makes it, what kind it is, and the legal options."""

    kind: Kind
    player: int
    options: Sequence[Any]  # a tuple, or SummonOptions
    prompt: str = ""  # an English template (N_), its {card} the ``subject`` and its {count} ``count``
    count: int = 1  # TARGETS: how many at most
    min_count: int | None = None  # TARGETS: how many at least (None: exactly ``count``)
    # What the decision is about, for whoever shows it (never part of the answer):
    trigger: TriggerView | None = None  # TARGETS, YES_NO: the ability that asks
    outcomes: tuple[OrderOutcome, ...] = ()  # ORDER_ATTEMPTS: what each order would do, where known
    card: str | None = None  # SPACE: the card being placed (Void Fallback)
    subject: str = ""  # the card name the prompt's {card} stands for ("" when it names none)

    def keys(self) -> tuple[str, ...]:
        """The option keys an order answer is made of."""
        return tuple(o.key for o in self.options)

    def validate(self, answer: object) -> Answer:
        """Return ``answer`` if it is legal, else raise IllegalAnswer with a one-line reason."""
        try:
            why = self._problem(answer)
        except Exception:  # an answer that cannot even be compared is not legal
            why = "not an answer of this kind"
        if why is not None:
            raise IllegalAnswer(why)
        return cast(Answer, answer)  # _problem found it to be of its kind's type

    def _problem(self, answer: object) -> str | None:
        """Why ``answer`` is not legal; None when it is (the reason is only made for a refusal)."""
        kind = self.kind
        if kind is Kind.SUMMON:
            pair = type(answer) is tuple and len(answer) == 2 and all(type(x) is str for x in answer)
            return None if pair and answer in self.options else "a Summon is one of the (copy key, Space) options"
        if kind is Kind.SPACE or kind is Kind.CARD:
            return None if type(answer) is str and answer in self.options else f"{answer!r:.40} is not one of the options"
        if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
            keys = self.keys()
            good = type(answer) is tuple and all(type(x) is str for x in answer) and sorted(answer) == sorted(keys)
            return None if good else f"give each of the {len(keys)} options exactly once"
        if kind is Kind.TARGETS:
            low = self.count if self.min_count is None else self.min_count
            good = (type(answer) is tuple and all(type(x) is str and x in self.options for x in answer)
                    and len(set(answer)) == len(answer) and low <= len(answer) <= self.count)
            if good:
                return None
            return f"choose {low}-{self.count} different options" if low != self.count else \
                f"choose exactly {self.count} different option(s)"
        if kind is Kind.YES_NO:
            return None if type(answer) is bool else "yes or no (true or false)"
        if kind is Kind.PICK_FACE_DOWN:
            return None if type(answer) is int and answer in self.options else f"a position from 1 to {len(self.options)}"
        assert_never(kind)


def answer_from_json(value: object) -> object:
    """A recorded answer as the engine takes it: JSON lists become tuples, nothing else changes."""
    if isinstance(value, list):
        return tuple(answer_from_json(v) for v in value)
    return value
