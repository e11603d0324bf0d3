"""Acceptance (seats): a seat's observation depends only on what that seat may know.

At every decision of 2,000 random games (both profiles; built-in decks, random decks and
decks of the scenario cards; some from positions with face-down Voids), for each seat and a
spectator: the observation is the same when everything hidden from that seat is changed in
every way consistent with it — the other Hand's unseen cards (and the deck list they came
from), the never-seen face-down cards, the order of every face-down Void, the generator —
and its serialised form names no card that only a hidden place holds.
"""

import json
import random
from dataclasses import replace
from pathlib import Path

from helpers import MATRIX

from momon_cli.bots.players import RandomBot
from momon_cli.data.cards import builtin_deck_names, load_deck, load_pool
from momon_cli.engine import SPECTATOR, Game, Placed, Position, Setup
from momon_cli.engine.information import hidden_objects, redact, seat_setup
from momon_cli.engine.observation import decision_dict, state_dict
from momon_cli.tui.render import decision_view

POOL = load_pool([Path(__file__).parent / "positions" / "cards.toml"])
DECKS = [load_deck(n, POOL).cards for n in builtin_deck_names()]
CARDS = sorted(POOL.values(), key=lambda c: c.id)
MECHANICS = [c for c in CARDS if c.id.startswith("TPS") and c.abilities]
GAMES = 2000


def _deck(rng: random.Random) -> tuple:
    kind = rng.randrange(3)
    if kind == 0:
        return rng.choice(DECKS)
    if kind == 1:
        return tuple(rng.choice(CARDS) for _ in range(rng.randint(1, 8)))
    return tuple(rng.choice(MECHANICS) for _ in range(rng.randint(4, 12)))


def _setup(number: int) -> Setup:
    rng = random.Random(number)
    profile = rng.choice(["sequential", "simultaneous"])
    d1, d2 = _deck(rng), _deck(rng)
    if number % 10 == 0:  # a position with face-down Void cards no one has seen, and some seen
        voids = tuple(tuple(Placed(rng.choice(CARDS), p, face_up=rng.random() < 0.5) for _ in range(rng.randint(1, 3)))
                      for p in (1, 2))
        position = Position((tuple(Placed(c, 1) for c in d1), tuple(Placed(c, 2) for c in d2)), (voids[0], voids[1]))
        return Setup(position, MATRIX, number, profile, ("Ann", "Bea"))
    return Setup.new_game((d1, d2), MATRIX, number, profile, ("Ann", "Bea"), rng.choice([None, 1, 2]))


def _known(seat_state) -> dict[str, str]:
    """Every card the seat's information state names (what it may know): id -> name."""
    zones = seat_state.zones
    cards = [o.card for o in zones.objects.values()] + [k.card for k in zones.last_known.values()]
    return {c.id: c.name for c in cards + [p.card for p in seat_state.setup.position.cards()]}


def _swapped(placed: Placed, card) -> Placed:
    return Placed(card, placed.owner, placed.space, placed.controller, placed.face_up, placed.changes, placed.once_used)


def _other_world(game: Game, seat: int, rng: random.Random):
    """Change, in place, everything hidden from ``seat``; return how to put it back."""
    state = game.state
    zones = state.zones
    hidden = hidden_objects(state, seat)
    cards = {oid: zones.objects[oid].card for oid in hidden}
    voids = {p: list(zones.voids[p]) for p in (1, 2)}
    setup, rng_state = state.setup, state.rng.getstate()
    for oid in hidden:
        zones.objects[oid].card = rng.choice(CARDS)
    for p in (1, 2):  # the face-down cards trade places
        void = zones.voids[p]
        places = [i for i, o in enumerate(void) if not zones.objects[o].face_up]
        moved = rng.sample([void[i] for i in places], len(places))
        for i, oid in zip(places, moved, strict=True):
            void[i] = oid
    position = setup.position
    hands = tuple(tuple(c if p == seat else _swapped(c, rng.choice(CARDS)) for c in position.hands[p - 1])
                  for p in (1, 2))
    start_voids = tuple(tuple(c if c.face_up else _swapped(c, rng.choice(CARDS)) for c in position.voids[p - 1])
                        for p in (1, 2))
    state.setup = Setup(replace(position, hands=hands, voids=start_voids), setup.matrix, rng.randrange(10**6),
                        setup.profile, setup.names)
    state.rng.seed(rng.randrange(10**6))

    def restore() -> None:
        for oid, card in cards.items():
            zones.objects[oid].card = card
        for p in (1, 2):
            zones.voids[p] = voids[p]
        state.setup = setup
        state.rng.setstate(rng_state)

    return hidden, restore


def _seen(game: Game, seat: int) -> dict:
    """An observation's serialised form, but for its story (checked event by event)."""
    pending = game.pending
    mine = pending if pending is not None and pending.player == seat else None
    return {"state": state_dict(redact(game.state, seat, seat_setup(game.state.setup, seat))),
            "decision": None if mine is None else decision_dict(mine)}


def test_r_mc_30_observations_are_the_same_in_every_world_consistent_with_them():
    checked = decisions = 0
    for number in range(GAMES):
        game = Game(_setup(number))
        bot, rng = RandomBot(number), random.Random(-number)
        told = {seat: 0 for seat in (1, 2, SPECTATOR)}
        while game.pending is not None:
            decisions += 1
            for seat in (1, 2, SPECTATOR):
                observation = game.observe(seat)
                here = {"state": state_dict(observation.state),
                        "decision": None if observation.decision is None else decision_dict(observation.decision)}
                hidden, restore = _other_world(game, seat, rng)
                try:
                    assert _seen(game, seat) == here, (number, seat, len(game.answers))
                finally:
                    restore()
                known = _known(observation.state)
                only_hidden = {c.id: c.name for o in hidden if (c := game.state.zones.objects[o].card).id not in known}
                if only_hidden:
                    text = json.dumps(here) + json.dumps([e.to_dict() for e in observation.story[told[seat]:]])
                    for card_id, name in only_hidden.items():
                        assert f'"{card_id}"' not in text, (number, seat, card_id)
                        if not any(name in other for other in known.values()):  # "Blight" is in "Twin Blight"
                            assert name not in text, (number, seat, name)
                    checked += 1
                told[seat] = len(observation.story)
                if observation.decision is not None:  # the decider's screen draws from it alone
                    decision_view(observation, observation.decision)
                assert observation.story[0].seed is None
            game.answer(bot.pick(game.pending))
    assert decisions > 20 * GAMES and checked > decisions  # every decision, most with something hidden
