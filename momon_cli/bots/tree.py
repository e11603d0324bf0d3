"""The search bot: Monte Carlo tree search over information sets (single-observer ISMCTS).

Every iteration draws one world from the seat's observation (engine.world: the hidden cards
imagined, the game played up to the pending decision, whatever kind it is), walks the one
tree the iterations share, and adds one node. A node is a history of answers from the
decision being made; its children are the answers tried after it, of every kind either
player faces (Summons, Attempt and trigger orders, targets, may, Spaces, cards, Void
picks). A child is picked by UCB1 counted over the iterations in which it was legal, for
the player who decides there, so the opponent's answers are searched as the opponent's.
Below the tree a rollout plays on for ROLLOUT_TURNS turns, Summons by a noisy greedy rule
and every other answer by the plain policy; its value is then the Control Score lead
through a logistic (1 or 0 if the game has ended), a smoother and cheaper verdict than a
game played to its end by weak play. A node's value is thus an estimated win chance. The
answer is the most tried child of the root.

Budgets are iterations (deterministic for a seed) or CPU seconds of this process.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator, Sequence
from itertools import combinations, islice, permutations
from typing import Any, assert_never

from ..engine import CardDef, Decision, GameState, Kind, Observation, SummonOptions, card_of_key, scores, world
from .players import Candidate, RandomBot, imagined, plain, sight_value, summon_leads

TREE_PLAYOUTS = 400  # iterations per Summon by default
EXPLORE = 0.4  # UCB1's exploration weight, for win rates in [0, 1] (against flat at 0.1 s, 0.4 did best of 0.4, 0.7, 1.0)
ROOT_SUMMONS = 8  # Summons tried at the root: the greedy bot's best
DEEP_SUMMONS = 4  # Summons tried deeper in the tree: the greedy rule's best in that world
MOST_ORDERS = 24  # orders and target sets tried at a node: every one up to this many
ROLLOUT_TURNS = 3  # turns a rollout plays before its Score lead is taken as its value
PRIOR = 4  # playouts' worth of the greedy look-ahead's verdict a root Summon starts with
MARGIN = 2.0  # the Score lead that is worth about 73% (a logistic's scale)
NOISE = 0.25  # the share of rollout Summons made with a random card
OTHER_SHARE = 4  # a decision that is not a Summon gets this share of the budget (1/4)

Flow = Generator[Decision, Any, None]


class _Node:
    __slots__ = ("children", "legal", "player", "prior", "tried", "wins")

    def __init__(self, player: int) -> None:
        self.children: dict[object, _Node] = {}
        self.player = player  # who chose the answer that leads here
        self.tried = 0
        self.wins = 0.0
        self.legal = 0  # iterations in which this answer could be given
        self.prior = 0  # of ``tried``, the playouts' worth a root Summon starts with (PRIOR)

    def score(self) -> float:
        return self.wins / self.tried + EXPLORE * math.sqrt(math.log(max(self.legal, 1)) / self.tried)


class TreeBot(RandomBot):
    """See the module docstring. ``playouts`` bounds the iterations per decision (a Summon's;
    other decisions get a quarter); ``seconds``, if set, bounds them in CPU time too."""

    def __init__(self, seed: object, imaginable: Sequence[CardDef] = (), playouts: int = TREE_PLAYOUTS,
                 seconds: float | None = None) -> None:
        super().__init__(seed)
        self.imaginable = tuple(imaginable)
        self.playouts, self.seconds = playouts, seconds
        #: An answer the search must weigh at the root whether or not it ranks it (the coach
        #: rates the move played), and every root answer weighed, best first.
        self.must: object = None
        self.weighed: list[Candidate] = []

    def answer(self, observation: Observation) -> object:
        decision = observation.decision
        if decision is None:
            raise ValueError(f"seat {observation.seat} has no decision to make")
        if _forced(decision):
            return decision.options[0]
        return self.search(observation, decision)

    def _budget(self, decision: Decision) -> tuple[int, float | None]:
        share = 1 if decision.kind is Kind.SUMMON else OTHER_SHARE
        return max(1, self.playouts // share), None if self.seconds is None else self.seconds / share

    def search(self, observation: Observation, decision: Decision) -> object:
        playouts, seconds = self._budget(decision)
        deadline = None if seconds is None else time.process_time() + seconds
        root = _Node(3 - observation.seat)
        imaginable = imagined(observation, self.imaginable)
        first: list[object] | None = None  # the root's answers, ranked once
        self.budget, self.work = playouts, 0
        for _ in range(playouts):
            if deadline is not None and time.process_time() > deadline:
                break
            found = world(observation, self.rng, imaginable)
            if found is None:
                break
            if first is None:
                first = self._root_answers(root, found.ctx.state, found.decision, observation)
                if self.must is not None and self.must not in first:
                    first.append(self.must)
                if len(first) == 1:
                    return first[0]
            self._iterate(root, found.flow, found.decision, found.ctx.state, first)
            self.work += 1
        if not root.children:
            return plain(self.rng, decision)
        ranked = sorted(root.children.items(), key=lambda kv: (kv[1].tried, kv[1].wins), reverse=True)
        self.weighed = [Candidate(a, n.wins / n.tried, n.tried - n.prior) for a, n in ranked]
        self.considered = self.weighed[:3]
        return ranked[0][0]

    def _root_answers(self, root: _Node, state: GameState, decision: Decision, observation: Observation) -> list[
            object]:
        """The answers weighed at the root; a Summon's are the greedy bot's best (``far_first``), each starting
        with PRIOR playouts' worth of its look-ahead's verdict (its lead, as ``_value_for_1``)."""
        if decision.kind is Kind.SUMMON:
            leads = far_first(summon_leads(self.rng, observation, self.imaginable), decision.player)[:ROOT_SUMMONS]
            for option, lead in leads:
                child = root.children[option] = _Node(decision.player)
                child.tried = child.legal = child.prior = PRIOR
                child.wins = PRIOR / (1 + math.exp(-round(lead / 1000) / MARGIN))
            return [o for o, _ in leads]
        return self._answers(state, decision)

    def _iterate(self, root: _Node, flow: Flow, decision: Decision, state: GameState, first: list[object]) -> None:
        path = [root]
        node = root
        current: Decision | None = decision
        while current is not None:
            legal = first if node is root else self._answers(state, current)
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.legal += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                choice = untried[0] if node is root else self.rng.choice(untried)
                child = node.children[choice] = _Node(current.player)
                child.legal = 1
                path.append(child)
                current = _send(flow, choice)
                break
            choice = max(legal, key=lambda a: node.children[a].score())
            node = node.children[choice]
            path.append(node)
            current = _send(flow, choice)
        horizon = state.turn + ROLLOUT_TURNS
        while current is not None and state.turn < horizon:
            current = _send(flow, self._rollout(state, current))
        value = _value_for_1(state)
        for n in path[1:]:
            mine = value if n.player == 1 else 1 - value
            n.tried += 1
            n.wins += mine

    def _answers(self, state: GameState, decision: Decision) -> list[object]:
        """The answers the tree tries at a decision: all of them, but for Summons the greedy
        rule's best few, and for orders and target sets MOST_ORDERS at most (where there are
        more, those of the options in a random order: the listed order is one seat's side of
        the Arena first)."""
        kind = decision.kind
        if kind is Kind.SUMMON:
            return list(_summon_values(state, decision, self.rng)[:DEEP_SUMMONS])
        if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
            keys = list(decision.keys())
            if math.factorial(len(keys)) > MOST_ORDERS:  # not the listed (Space) order's first ones alone
                self.rng.shuffle(keys)
            return list(islice(permutations(keys), MOST_ORDERS))
        if kind is Kind.TARGETS:
            low = decision.count if decision.min_count is None else decision.min_count
            sizes = range(decision.count, low - 1, -1)
            options = list(decision.options)
            if sum(math.comb(len(options), n) for n in sizes) > MOST_ORDERS:
                self.rng.shuffle(options)
            return list(islice((c for n in sizes for c in combinations(options, n)), MOST_ORDERS))
        if kind in (Kind.SPACE, Kind.CARD, Kind.YES_NO, Kind.PICK_FACE_DOWN):
            return list(decision.options)
        assert_never(kind)

    def _rollout(self, state: GameState, decision: Decision) -> object:
        if decision.kind is Kind.SUMMON:
            return noisy_summon(state, decision, self.rng)
        return plain(self.rng, decision)


def _forced(decision: Decision) -> bool:
    """Whether the decision's answer is its one option, with nothing to weigh: the answer to
    an order or to targets is a tuple of options (targets perhaps none), every other is one."""
    kind = decision.kind
    if kind in (Kind.ORDER_ATTEMPTS, Kind.ORDER_TRIGGERS, Kind.TARGETS):
        return False
    if kind in (Kind.SUMMON, Kind.SPACE, Kind.CARD, Kind.YES_NO, Kind.PICK_FACE_DOWN):
        return len(decision.options) == 1
    assert_never(kind)


def depth(space: str, player: int) -> int:
    """How far ``space`` lies from ``player``'s own edge of the Arena: 0 on its home row, 3 on
    the opponent's (rows are numbered from Player 1's edge)."""
    row = int(space[1])
    return row - 1 if player == 1 else 4 - row


def far_first(leads: list[tuple[tuple[str, str], int]], player: int) -> list[tuple[tuple[str, str], int]]:
    """Summons best first by Control Score lead (``after_turn``'s thousands), then on the
    Spaces farthest from ``player``'s edge, then by the rest of the lead (Power), in the order
    given where all are equal. A Momon on the far rows stands outside the forward Sights of
    the opponent's Momons. Against greedy at 20 iterations a Summon (324 games, every deal
    from both seats) the search won 56% with the home rows first, 64.5% with equal leads in a
    random order, 68% with equal leads far first, 74% with this order."""
    return sorted(leads, key=lambda ol: (-(ol[1] // 1000), -depth(ol[0][1], player), -ol[1]))


def _value_for_1(state: GameState) -> float:
    """Player 1's share of a playout: 1 or 0 for a game played to its end, else the Control
    Score lead where the playout stopped, through a logistic (MARGIN points ~ 73%)."""
    result = state.result
    if result is not None:
        return 1.0 if result.winner == 1 else 0.0
    ann, bea = scores(state)
    return 1 / (1 + math.exp(-(ann - bea) / MARGIN))


def _send(flow: Flow, answer: object) -> Decision | None:
    try:
        decision: Decision = flow.send(answer)
    except StopIteration:
        return None
    return decision


def _summon_values(state: GameState, decision: Decision, rng: random.Random) -> list[tuple[str, str]]:
    """Every Summon answer, best first by ``sight_value``, then far from the Summoner's edge
    (``depth``), then Power, ties in a random order (76% against greedy as for ``far_first``)."""
    zones = state.zones
    cards = {zones.objects[o].card.id: zones.objects[o].card for o in zones.hands[decision.player]}
    scored = [((sight_value(state, cards[card_of_key(k)], s, decision.player), depth(s, decision.player),
                cards[card_of_key(k)].power, rng.random()), (k, s)) for k, s in decision.options]
    scored.sort(reverse=True)
    return [a for _, a in scored]


def noisy_summon(state: GameState, decision: Decision, rng: random.Random) -> tuple[str, str]:
    """A rollout's Summon: usually the card and Space that beat the most enemy Momons through
    their Sights, then the greater Power (ties at random); now and then (NOISE) a random card
    on its best Space, so that rollouts do not all play the same game."""
    zones = state.zones
    player = decision.player
    options = decision.options
    assert isinstance(options, SummonOptions)
    keys = options.cards if rng.random() >= NOISE else (rng.choice(options.cards),)
    cards = {zones.objects[o].card.id: zones.objects[o].card for o in zones.hands[player]}
    best, found = (-1, -1), []
    for key in keys:
        card = cards[card_of_key(key)]
        for space in options.spaces:
            n = (sight_value(state, card, space, player), card.power)
            if n > best:
                best, found = n, [(key, space)]
            elif n == best:
                found.append((key, space))
    return rng.choice(found)
