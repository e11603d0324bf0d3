"""The coach: the search bot's estimates for one seat's pending decision, for a hint in the
game and for the analysis of a saved one.

It reads the deciding seat's observation and nothing else, and seeds its search from what
is public (the number of answers given), so what it says cannot depend on a hidden card:
two games that differ only in what the seat cannot see get the same advice.

A verdict is made in two steps. The tree search (bots.tree) finds the answer it would give,
and that answer is the coach's: a hint is what the search plays, at twice ``hard``'s
iterations. Then the answers that matter (the search's few best, and the answer played when
one is rated) are compared on the same worlds: each sample draws one world from the observation
and plays every compared answer in it, each followed by the same rollout (one random
stream), so that the answers differ in what they do and not in the luck of the draw. The
differences' mean and its 95% interval say whether one answer is better than another or
whether, within the noise of the estimate, they are alike; sampling goes on until the
interval settles the question or the budget is spent. The comparison rates answers against
the search's; it does not replace it (flat playouts with a random rollout are a cruder judge
than the tree, and letting them pick cost the coach its lead over ``hard``). An answer that
uses a free action or a once-only right is judged like every other, by what it does in those
same worlds.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never, cast

from ..engine import Answer, CardDef, Decision, GameState, Kind, Observation, card_of_key, need, scores, world
from ..text.notation import BadAnswer, hand_cards, parse, written
from .players import Candidate, imagined, plain
from .tree import MARGIN, ROLLOUT_TURNS, TREE_PLAYOUTS, Flow, TreeBot, noisy_summon

HINT_PLAYOUTS = 2 * TREE_PLAYOUTS  # a hint's search iterations: about 0.4 s of CPU on a 2-core machine
HINT_SAMPLES = 300  # the most samples of each answer a hint compares on the same worlds
HINT_SECONDS = 0.9  # the bound of the whole in CPU seconds, whatever the machine
SEARCH_SHARE = 2 / 3  # of those seconds, the search's
HINT_COMPARED = 3  # the search's best answers a hint compares on the same worlds
Z = 1.96  # a 95% normal interval
STOP_Z = 2.58  # the wider interval (99%) that stops sampling: it is looked at again and again
LEAST_SAMPLES = 16  # samples compared before the interval may stop the comparison
BATCH = 8  # samples between two looks at the interval
MISTAKE = 0.10  # win chance an answer must cost, beyond the noise, to be marked a mistake
BLUNDER = 0.25  # ... and a blunder


@dataclass(frozen=True)
class Estimate:
    """An answer compared on the same worlds as the search's own: ``chance``, the decider's
    mean win chance after it, ``margin`` its 95% interval's half-width; ``behind``, the mean of
    (the search's answer - this one) sample by sample, and ``behind_margin`` that difference's
    half-width."""

    answer: object
    chance: float
    margin: float
    behind: float
    behind_margin: float
    samples: int

    @property
    def alike(self) -> bool:
        """Within the noise of the estimate, as good as the search's answer: their difference's
        interval holds zero."""
        return abs(self.behind) <= self.behind_margin

    @property
    def low(self) -> float:
        return max(0.0, self.chance - self.margin)

    @property
    def high(self) -> float:
        return min(1.0, self.chance + self.margin)


@dataclass(frozen=True)
class Advice:
    """The coach's answers for a decision, the search's own first, each with the decider's
    estimated win chance; ``played``: the estimate for an answer it was asked to rate (None if
    not asked, or if the decision had one answer). ``estimates``: the answers compared on the
    same worlds (the search's, its closest rivals and the answer played), the search's first,
    each with its interval; empty when there was nothing to compare."""

    ranked: tuple[Candidate, ...]
    played: Candidate | None = None
    estimates: tuple[Estimate, ...] = ()

    @property
    def forced(self) -> bool:
        """Only one answer was legal: there was nothing to weigh."""
        return len(self.ranked) <= 1 and all(c.playouts is None for c in self.ranked)

    def estimate(self, answer: object) -> Estimate | None:
        return next((e for e in self.estimates if e.answer == answer), None)

    @property
    def better(self) -> tuple[Estimate, ...]:
        """The answers the comparison rates above the search's by more than the noise: its flat
        playouts can prefer what the tree does not (a hint leaves them out; analyse never marks
        the search's answer for them)."""
        return tuple(e for e in self.estimates[1:] if e.behind < -e.behind_margin)

    @property
    def alike(self) -> tuple[Estimate, ...]:
        """The answers other than the search's that the comparison could not tell from it."""
        return tuple(e for e in self.estimates[1:] if e.alike)


def advise(observation: Observation, played: object = None, playouts: int = HINT_PLAYOUTS,
           seconds: float | None = HINT_SECONDS, imaginable: Sequence[CardDef] = (), compared: int = HINT_COMPARED,
           seed: object = "", samples: int | None = None) -> Advice:
    """What the search bot answers at ``observation``'s decision after ``playouts`` iterations,
    and how it rates ``played`` (see the module docstring). ``compared``: how many of the
    search's best answers are compared on the same worlds (besides ``played``; none: the
    search's answer alone), each for up to ``samples`` samples (None: ``playouts``);
    ``seconds``, if set, bounds the CPU time of the whole (the search gets SEARCH_SHARE of
    it); ``seed``: a different one gives an independent verdict."""
    decision = need(observation).decision
    if decision is None:
        raise ValueError(f"seat {observation.seat} has no decision to make")
    start = time.process_time()
    bot = TreeBot(f"coach{seed}/{observation.answers}", imaginable, playouts,
                  None if seconds is None else seconds * SEARCH_SHARE)
    bot.must = played
    answer = bot.answer(observation)
    if not bot.weighed:  # one legal answer, or no world agreed with the observation
        return Advice((Candidate(answer, 0.0, None),))
    if compared < 1 and played is None:
        return Advice(tuple(bot.weighed))
    answers = [c.answer for c in bot.weighed[:max(1, compared)]]  # the first is the search's own answer
    most = max(playouts if samples is None else samples, 1)
    if played is not None and played not in answers:
        answers.append(played)
    estimates = compare(observation, answers, imaginable, f"coach{seed}/{observation.answers}/same",
                        least=min(LEAST_SAMPLES, most), most=most,
                        seconds=None if seconds is None else max(0.0, start + seconds - time.process_time()),
                        rated=None if played is None else answers.index(played))
    if not estimates:
        rated = next((c for c in bot.weighed if c.answer == played), None) if played is not None else None
        return Advice(tuple(bot.weighed), rated)
    by_answer = {e.answer: e for e in estimates}
    ranked = [Candidate(e.answer, e.chance, e.samples) for e in estimates]
    ranked += [c for c in bot.weighed if c.answer not in by_answer]
    rated = next((c for c in ranked if c.answer == played), None) if played is not None else None
    return Advice(tuple(ranked), rated, tuple(estimates))


def compare(observation: Observation, answers: Sequence[object], imaginable: Sequence[CardDef], seed: str,
            least: int = LEAST_SAMPLES, most: int = 200, seconds: float | None = None,
            rated: int | None = None) -> tuple[Estimate, ...]:
    """``answers`` (the first is the search's own) played on the same worlds, the first first,
    each rated against it. Sampling stops at ``most`` samples, at ``seconds`` of CPU, or once
    the intervals settle (``_settled``); ``rated``: the place in ``answers`` of an answer rated
    (else each is compared with the search's)."""
    decision = need(observation).decision
    assert decision is not None
    pool = imagined(observation, imaginable)
    deadline = None if seconds is None else time.process_time() + seconds
    values: list[list[float]] = [[] for _ in answers]
    for i in range(max(most, 1)):
        if deadline is not None and time.process_time() > deadline and i >= 2:
            break
        sample = [_play(observation, decision, a, pool, f"{seed}/{i}") for a in answers]
        if any(v is None for v in sample):
            if i >= least and not values[0]:
                break  # no world agrees with the observation
            continue
        for row, v in zip(values, sample, strict=True):
            row.append(cast(float, v))
        n = len(values[0])
        if n >= least and n % BATCH == 0 and _settled(values, rated):
            break
    if len(values[0]) < 2:
        return ()
    return _estimates(answers, values)


def _settled(values: list[list[float]], rated: int | None) -> bool:
    """Whether more samples would not change the verdict: the search's answer's (the first's)
    lead over the answer ``rated`` is told apart from the marks' thresholds; without one, each
    answer is told apart from the search's (their difference's interval leaves out zero)."""
    if len(values) == 1:
        return True
    if rated is None:
        diffs = [_mean_margin([a - b for a, b in zip(values[0], row, strict=True)], STOP_Z) for row in values[1:]]
        return all(abs(m) > h for m, h in diffs)
    if rated == 0:
        return True  # the answer rated is the search's own: it cost nothing
    m, h = _mean_margin([a - b for a, b in zip(values[0], values[rated], strict=True)], STOP_Z)
    return all(abs(m - t) > h for t in (MISTAKE, BLUNDER))


def _estimates(answers: Sequence[object], values: list[list[float]]) -> tuple[Estimate, ...]:
    """Each answer's estimate, the search's own (the first) first, then the others by their
    mean; each one's ``behind`` is measured from the search's answer."""
    means = [sum(row) / len(row) for row in values]
    out = []
    for k, answer in enumerate(answers):
        chance, margin = _mean_margin(values[k])
        behind, behind_margin = _mean_margin([a - b for a, b in zip(values[0], values[k], strict=True)])
        out.append(Estimate(answer, chance, margin, behind, behind_margin, len(values[k])))
    order = [0] + sorted(range(1, len(answers)), key=lambda k: -means[k])
    return tuple(out[k] for k in order)


def _mean_margin(xs: Sequence[float], z: float = Z) -> tuple[float, float]:
    """The mean of ``xs`` and its normal interval's half-width (95%, or as ``z`` says)."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, 1.0
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, z * math.sqrt(var / n)


def _play(observation: Observation, decision: Decision, answer: object, pool: Sequence[CardDef],
          seed: str) -> float | None:
    """The decider's win chance after ``answer`` in the world ``seed`` draws, played on by the
    rollout rule with the random stream ``seed`` names (the same for every answer)."""
    found = world(observation, random.Random(seed), pool)
    if found is None:
        return None
    state, flow = found.ctx.state, found.flow
    rng = random.Random(seed + "/rollout")
    horizon = state.turn + ROLLOUT_TURNS
    current: Decision | None = _send(flow, answer)
    while current is not None and state.turn < horizon:
        current = _send(flow, noisy_summon(state, current, rng) if current.kind is Kind.SUMMON else plain(rng, current))
    flow.close()
    value = _value_for_1(state)
    return value if decision.player == 1 else 1 - value


def _send(flow: Flow, answer: object) -> Decision | None:
    try:
        return flow.send(answer)
    except StopIteration:
        return None


def _value_for_1(state: GameState) -> float:
    """Player 1's share, as the search counts it: 1 or 0 for a game over, else the Control
    Score lead through a logistic."""
    if state.result is not None:
        return 1.0 if state.result.winner == 1 else 0.0
    ann, bea = scores(state)
    return 1 / (1 + math.exp(-(ann - bea) / MARGIN))


def typed(seen: Observation, decision: Decision, answer: object) -> str:
    """``answer`` in the words a player types at the prompt (``changeling c2``): a card by the
    first word of its name that reads back to it, else by its place in the Hand (or among the
    options); by its id only if nothing else reads back to it. ``parse(seen, decision, typed(...))`` gives ``answer`` back."""
    words = written(seen, decision, cast(Answer, answer))
    match decision.kind:
        case Kind.SUMMON | Kind.CARD:  # an answer that names a card: by its place instead of its id
            pass
        case (Kind.SPACE | Kind.ORDER_ATTEMPTS | Kind.ORDER_TRIGGERS | Kind.TARGETS | Kind.YES_NO
              | Kind.PICK_FACE_DOWN):
            return words
        case _:
            assert_never(decision.kind)
    key = answer[0] if isinstance(answer, tuple) else answer
    if not isinstance(key, str) or not words.startswith(key):
        return words
    keys = hand_cards(seen, decision.player)[0] if decision.kind is Kind.SUMMON else list(decision.options)
    rest = words[len(key):]
    for place, k in enumerate(keys, 1):  # a Summon's card by its Hand place, else by its option number
        try:
            if k == key and parse(seen, decision, f"{place}{rest}") == answer:
                return f"{place}{rest}"
        except BadAnswer:
            continue
    return words


def card_name(seen: Observation, key: str) -> str:
    """The name of the card a copy key names, as the seat sees it (the key if it sees none)."""
    return next((o.card.name for o in seen.state.zones.objects.values() if o.card.id == card_of_key(key)), key)



class CoachBot:
    """A bot that plays the coach's answer (``hint``'s) at every decision: to measure whether
    the advice is worth following (benchmarks/coach_strength.py). It compares no rivals: they
    are rated against the hint's answer, never put in its place, so they cannot change it, and
    comparing them would only spend time."""

    def __init__(self, seed: object, imaginable: Sequence[CardDef] = (), playouts: int = HINT_PLAYOUTS,
                 seconds: float | None = HINT_SECONDS) -> None:
        self.seed, self.imaginable, self.playouts, self.seconds = seed, tuple(imaginable), playouts, seconds

    def answer(self, observation: Observation) -> object:
        advice = advise(observation, None, self.playouts, self.seconds, self.imaginable, compared=0, seed=self.seed)
        return advice.ranked[0].answer
