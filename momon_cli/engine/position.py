"""A position: everything on the table at the start of a turn, as plain engine values.

A new game is the position "turn 1, every card in its Owner's Hand" [BASELINE 6]; a rules
scenario, a puzzle or a bug report is any other position. The TOML form is read and
written by :mod:`momon_cli.positions`; this module only holds the values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from .arena import SPACES
from .cards import CardDef
from .words import Duration

#: Continuous changes a position can carry on a card, each with its duration and controller.
ChangeKind: TypeAlias = Literal["power", "set_power", "element", "ward", "return_to_hand"]
CHANGE_KINDS: tuple[ChangeKind, ...] = ("power", "set_power", "element", "ward", "return_to_hand")


@dataclass(frozen=True, slots=True)
class Change:
    """A continuous effect in force (or a delayed Return to Hand waiting) on one card."""

    kind: ChangeKind
    until: Duration  # duration; for return_to_hand, when it returns ("end_of_turn", "your_next_turn")
    controller: int  # whose effect: "your next turn" is this player's
    amount: int = 0  # power: the modifier; set_power: the new Power
    element: str | None = None  # element: the new Element


@dataclass(frozen=True, slots=True)
class Placed:
    """One card of a position, in a Hand, a Void or on the Arena."""

    card: CardDef
    owner: int
    space: str | None = None  # on the Arena
    controller: int | None = None  # on the Arena; defaults to the Owner
    face_up: bool = True  # in a Void
    changes: tuple[Change, ...] = ()  # in timestamp order
    once_used: tuple[int, ...] = ()  # ability indexes whose once-only right is spent [TH 17.5]


@dataclass(frozen=True)
class Position:
    """Where every card is at the start of a turn: Hands, Voids, the Arena, and whose turn it is."""

    hands: tuple[tuple[Placed, ...], tuple[Placed, ...]]
    voids: tuple[tuple[Placed, ...], tuple[Placed, ...]] = ((), ())
    arena: tuple[Placed, ...] = ()
    turn: int = 1  # the turn about to start
    active: int | None = None  # None: the First Player
    first_player: int | None = None  # None: drawn from the game's seed [BASELINE 6.2]
    first_player_token: int | None = None  # None: the First Player holds it

    def __post_init__(self) -> None:
        spaces = [p.space for p in self.arena]
        if any(s not in SPACES for s in spaces) or len(set(spaces)) != len(spaces):
            raise ValueError("Arena cards need distinct Spaces A1-D4")
        for who in (self.active, self.first_player, self.first_player_token):
            if who not in (None, 1, 2):
                raise ValueError("players are 1 or 2")
        if self.turn < 1:
            raise ValueError("the turn is 1 or more")

    @classmethod
    def new_game(cls, decks: tuple[tuple[CardDef, ...], tuple[CardDef, ...]], first_player: int | None) -> Position:
        """BASELINE 6.1, 6.3: each whole deck is its Owner's Hand; the Arena and Voids are empty."""
        return cls((tuple(Placed(c, 1) for c in decks[0]), tuple(Placed(c, 2) for c in decks[1])),
                   first_player=first_player)

    def cards(self) -> tuple[Placed, ...]:
        """Every card, in the order the game numbers them."""
        return self.hands[0] + self.hands[1] + self.voids[0] + self.voids[1] + self.arena
