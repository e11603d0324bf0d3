"""What one seat may know of the game state: the state with every secret taken out.

Three things are hidden in Monsnatch [BASELINE 3]: a Hand from the opponent, a face-down
Void card's place from both players, and the game's generator (its seed steers every
shuffle of a Void). The redacted copy made here has the same shape as the real state, so
rules functions and views read it unchanged (as boardgame.io's ``playerView`` returns the
game's own structure with the secrets removed):

- a card this seat has never seen — one still in the other player's Hand since the game
  began, or a face-down Void card that has never been face-up — is :data:`HIDDEN`, and its
  spent once-only rights are dropped with it;
- the face-down cards of a Void take its face-down places in a fixed order (by object
  id), whatever order the shuffle left them in: everyone saw which cards went face-down,
  no one where each one lies [R-mc 30];
- the copy's generator draws nothing (a draw stops the copy with an error), the setup's
  seed is 0 and the setup's position shows the hidden cards as :data:`HIDDEN` too;
- a zone change is linked to its result only for Momons that left the Arena (what the
  rules follow, TH 17.7). Object and card numbers are kept (the rules need them); a card's
  number is its place in its deck list as given, which the seat does not otherwise see.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from .cards import CardDef
from .position import Placed, Position
from .state import GameState, Setup

SPECTATOR = 0  # the seat that sees the public part only
SEATS = (1, 2, SPECTATOR)

#: The stand-in for a card the seat cannot know. It is never played: a search replaces it
#: with a card it imagines (engine.lookahead.determinize) before playing on.
HIDDEN = CardDef("?", "hidden card", 0, "", 0, ())


def _check(seat: int) -> None:
    if seat not in SEATS:
        raise ValueError(f"a seat is 1, 2 or {SPECTATOR} (a spectator), not {seat!r}")


def hidden_objects(state: GameState, seat: int) -> list[int]:
    """The objects whose card ``seat`` cannot know, in zone order: the other Hand's cards that
    never left it, then the face-down Void cards that have never been face-up."""
    _check(seat)
    zones = state.zones
    objects = zones.objects
    start = state.setup.position.cards()
    found = [o for p in (1, 2) if p != seat for o in zones.hands[p] if objects[o].card_no == o]
    for p in (1, 2):
        found += [o for o in zones.voids[p]
                  if not objects[o].face_up and objects[o].card_no == o and not start[o - 1].face_up]
    return found


def seat_setup(setup: Setup, seat: int) -> Setup:
    """The setup as ``seat`` knows it: no seed, the other Hand and face-down Voids hidden."""
    _check(seat)
    position = setup.position

    def seen(placed: Placed, known: bool) -> Placed:
        return placed if known else Placed(HIDDEN, placed.owner, face_up=placed.face_up)

    hands = tuple(tuple(seen(c, p == seat) for c in position.hands[p - 1]) for p in (1, 2))
    voids = tuple(tuple(seen(c, c.face_up) for c in position.voids[p - 1]) for p in (1, 2))
    shown = Position((hands[0], hands[1]), (voids[0], voids[1]), position.arena, position.turn, position.active,
                     position.first_player, position.first_player_token)
    return Setup(shown, setup.matrix, 0, setup.profile, setup.names)


def redact(state: GameState, seat: int, setup: Setup | None = None) -> GameState:
    """``state`` as ``seat`` may know it (see the module docstring). ``setup``: the seat's
    setup (``seat_setup``), when the caller keeps one for the whole game."""
    hidden = hidden_objects(state, seat)
    mine = state.clone(chance=False)
    mine.setup = setup or seat_setup(state.setup, seat)
    zones = mine.zones
    objects = zones.objects
    numbers = set()
    for oid in hidden:
        objects[oid].card = HIDDEN
        numbers.add(objects[oid].card_no)
    if numbers and mine.once_used:
        mine.once_used = {(n, i) for n, i in mine.once_used if n not in numbers}
    if hidden and mine.delayed:  # a position's face-down card may wait to return: not by its name
        mine.delayed = [replace(d, name=HIDDEN.name) if d.oid in hidden else d for d in mine.delayed]
    mine.resolving = [copy.copy(t) for t in mine.resolving]  # the game's own go on changing
    for p in (1, 2):
        void = zones.voids[p]
        places = [i for i, o in enumerate(void) if not objects[o].face_up]
        for i, oid in zip(places, sorted(void[i] for i in places), strict=True):
            void[i] = oid
    zones.successor = {old: new for old, new in zones.successor.items() if old in zones.last_known}
    return mine
