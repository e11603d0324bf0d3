"""Answerers that need no person: the random, greedy and flat search bots, and what the
tree search bot (bots.tree) shares with them.

A bot answers its seat's pending decision through ``answer(observation)``: it is given the
seat's observation (engine.observation), never the game, so it knows what a person in that
seat knows: the decision, the public table and its own Hand. Its look-ahead plays on games
drawn from that observation (``engine.determinize``), in which the opponent's unseen Hand
cards are imagined, face-down Void cards reshuffled and the generator reseeded. Every bot
draws from its own seeded generator, never the game's: the same seed gives the same answers.

The greedy and flat search bots think at Summon decisions, where a turn's plan is made;
every other decision they answer with the simple policy of ``plain``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from ..engine import (
    CardDef,
    Decision,
    GameState,
    Kind,
    Observation,
    Rules,
    card_of_key,
    determinize,
    margin,
    need,
    play,
    power,
    sight_target,
    summon_then_play_on,
)

SEARCH_PLAYOUTS = 500  # per Summon: within a second on a 2-core machine (README, Opponents)


@dataclass(frozen=True, slots=True)
class Candidate:
    """An answer a bot weighed and what it found: the share of its playouts won (search), or
    its Control Score lead once its turn is over (greedy's look-ahead: ``playouts`` None)."""

    answer: object
    value: float
    playouts: int | None = None


class RandomBot:
    """A uniformly random legal answer for every Decision."""

    def __init__(self, seed: object) -> None:
        self.rng = random.Random(str(seed))
        #: What the last answer weighed, best first (empty: chosen without weighing).
        self.considered: list[Candidate] = []
        self.work, self.budget = 0, 0  # playouts done and allowed for the answer being made

    def answer(self, observation: Observation) -> object:
        return self.pick(_decision(observation))

    def pick(self, decision: Decision) -> object:
        options = decision.options
        kind = decision.kind
        if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
            keys = decision.keys()
            return tuple(self.rng.sample(keys, len(keys)))
        if kind is Kind.TARGETS:
            low = decision.count if decision.min_count is None else decision.min_count
            return tuple(self.rng.sample(options, self.rng.randint(low, decision.count)))
        if kind in (Kind.SUMMON, Kind.SPACE, Kind.CARD, Kind.YES_NO, Kind.PICK_FACE_DOWN):
            return self.rng.choice(options)
        assert_never(kind)


def _decision(observation: Observation) -> Decision:
    """The decision a bot is asked: its own seat's, from an observation and nothing else."""
    decision = need(observation).decision
    if decision is None:
        raise ValueError(f"seat {observation.seat} has no decision to make")
    return decision


def plain(rng: random.Random, decision: Decision) -> object:
    """Not a Summon: use every ability, keep the listed order, take every mover, pick the
    rest at random."""
    kind = decision.kind
    if kind is Kind.YES_NO:
        return True
    if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
        return decision.keys()
    if kind is Kind.TARGETS:
        return tuple(rng.sample(decision.options, decision.count))
    if kind in (Kind.SUMMON, Kind.SPACE, Kind.CARD, Kind.PICK_FACE_DOWN):
        return rng.choice(decision.options)
    assert_never(kind)


def imagined(observation: Observation, imaginable: Sequence[CardDef]) -> tuple[CardDef, ...]:
    """What a bot imagines the hidden cards as: ``imaginable``, or by default the cards of its
    own Hand."""
    zones = observation.state.zones
    return tuple(imaginable) or tuple(zones.objects[o].card for o in zones.hands[observation.seat])


def after_turn(rng: random.Random, view: Rules, option: tuple[str, str]) -> int:
    """The Summoner's lead once its turn with this Summon is over (ties broken by its Momons'
    Power), played on a copy of ``view`` with the plain policy."""
    trial = Rules(view.state.clone(), telling=False)
    me, turn = trial.state.active, trial.state.turn
    play(summon_then_play_on(trial, *option), lambda d: plain(rng, d), stop=lambda d: trial.state.turn != turn)
    mine = sum(power(trial.state, o) for o in trial.state.zones.arena_objects() if o.controller == me)
    return margin(trial.state, me) * 1000 + mine


def summon_leads(rng: random.Random, observation: Observation, imaginable: Sequence[CardDef] = ()) -> list[
        tuple[tuple[str, str], int]]:
    """The seat's Summon options with their ``after_turn`` values, best first (equal values in
    a random order), on one game drawn from the observation (the greedy bot's look-ahead)."""
    view = determinize(observation, rng, imagined(observation, imaginable))
    valued = [(o, after_turn(rng, view, o)) for o in _decision(observation).options]
    # Equal leads in a random order: the options come in Space order, A1 to D4, which is one
    # seat's own side of the Arena first; a sort that kept it had the searches, which weigh
    # only the best few, try the first Summon of a game on Player 1's home rows alone and
    # Player 2's on the far ones, and play each seat differently.
    rng.shuffle(valued)
    return sorted(valued, key=lambda ov: -ov[1])


def rank_summons(rng: random.Random, observation: Observation, imaginable: Sequence[CardDef] = ()) -> list[
        tuple[str, str]]:
    """The seat's Summon options, best first by ``after_turn`` (``summon_leads``)."""
    return [o for o, _ in summon_leads(rng, observation, imaginable)]


class _Thinker(RandomBot):
    """What the greedy and flat search bots share: their view of the game and the Summon options."""

    def __init__(self, seed: object, imaginable: Sequence[CardDef] = ()) -> None:
        super().__init__(seed)
        self.imaginable = tuple(imaginable)

    def answer(self, observation: Observation) -> object:
        decision = _decision(observation)
        if decision.kind is not Kind.SUMMON or len(decision.options) == 1:
            return plain(self.rng, decision)
        return self.summon(observation, decision)

    def summon(self, observation: Observation, decision: Decision) -> object:
        raise NotImplementedError

    def view(self, observation: Observation) -> Rules:
        """A game drawn from the observation, hidden cards as ``imagined``."""
        return determinize(observation, self.rng, imagined(observation, self.imaginable))


class GreedyBot(_Thinker):
    """One step of look-ahead: the Summon that leaves the best Control Score lead at the end
    of its own turn."""

    def summon(self, observation: Observation, decision: Decision) -> object:
        view = self.view(observation)
        values = [(after_turn(self.rng, view, option), option) for option in decision.options]
        best = max(v for v, _ in values)
        choice = self.rng.choice([o for v, o in values if v == best])
        values.sort(key=lambda vo: (vo[1] != choice, -vo[0]))  # stable: the choice first, then by value
        self.considered = [Candidate(option, float(value // 1000)) for value, option in values[:3]]
        return choice


def sight_value(state: GameState, card: CardDef, space: str, player: int) -> int:
    """How many enemy Momons a Summon of ``card`` onto ``space`` would beat through its Sights."""
    zones = state.zones
    beats = state.setup.matrix.beats
    n = 0
    for direction in card.sights:
        target = sight_target(space, direction, player)
        oid = zones.arena.get(target) if target else None
        if oid is not None:
            other = zones.objects[oid]
            if other.controller != player and (card.power > other.card.power or beats(card.element, other.card.element)):
                n += 1
    return n


def _quick_summon(state: GameState, decision: Decision, rng: random.Random) -> object:
    """A playout's Summon: a random card onto the empty Space where its Sights find the
    most enemy Momons it would beat on Power or Element (ties at random)."""
    zones = state.zones
    player = decision.player
    key = rng.choice(sorted({c for c, _ in decision.options}))  # the answer names the copy, not only the card
    card_id = card_of_key(key)
    card = next(zones.objects[o].card for o in zones.hands[player] if zones.objects[o].card.id == card_id)
    best, spaces = -1, []
    for space in zones.empty_spaces():
        n = sight_value(state, card, space, player)
        if n > best:
            best, spaces = n, [space]
        elif n == best:
            spaces.append(space)
    return key, rng.choice(spaces)


class FlatBot(_Thinker):
    """Monte Carlo search over information sets: every playout samples the unseen cards
    anew, plays the candidate Summon and then the whole game, Summons by a quick Sight
    count and every other answer at random; UCB1 spends the playouts on the most promising
    of the greedy bot's best candidates. ``playouts`` bounds the work (deterministic);
    ``seconds``, if set, bounds it in time."""

    def __init__(self, seed: object, imaginable: Sequence[CardDef] = (), playouts: int = SEARCH_PLAYOUTS,
                 seconds: float | None = None, candidates: int = 6) -> None:
        super().__init__(seed, imaginable)
        self.playouts, self.seconds, self.candidates = playouts, seconds, candidates
        self.playout_bot = RandomBot(self.rng.random())

    def summon(self, observation: Observation, decision: Decision) -> object:
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        ranked = rank_summons(self.rng, observation, self.imaginable)[: self.candidates]
        me = observation.seat
        wins, tries = [0.0] * len(ranked), [0] * len(ranked)
        self.budget = self.playouts
        for n in range(1, self.playouts + 1):
            if deadline is not None and time.process_time() > deadline:
                break
            arm = next((i for i, t in enumerate(tries) if t == 0), None)
            if arm is None:
                arm = max(range(len(ranked)),
                          key=lambda i: wins[i] / tries[i] + math.sqrt(2 * math.log(n) / tries[i]))
            trial = self.view(observation)

            def policy(d: Decision, state: GameState = trial.state) -> object:
                return _quick_summon(state, d, self.rng) if d.kind is Kind.SUMMON else self.playout_bot.pick(d)

            play(summon_then_play_on(trial, *ranked[arm]), policy)
            result = trial.state.result
            wins[arm] += 1.0 if result is not None and result.winner == me else 0.0
            tries[arm] += 1
            self.work = n
        order = sorted(range(len(ranked)), key=lambda i: (tries[i], wins[i]), reverse=True)
        self.considered = [Candidate(ranked[i], wins[i] / tries[i] if tries[i] else 0.0, tries[i]) for i in order[:3]]
        return ranked[order[0]]
