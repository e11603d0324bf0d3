"""The agent API (momon_cli.agents): PettingZoo's own API test passes; random agents taking
only masked actions play whole games whose every answer the engine takes; each kind of
Decision is reachable pick by pick, answer for answer; a seat's observation is the same
whatever is hidden from it; a seed replays its game; the README's example runs."""

import ast
import random
import re
import warnings
from dataclasses import replace
from itertools import permutations
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402  (after the skip: numpy comes with the agents extra)
from pettingzoo.test import api_test  # noqa: E402
from test_information_sets import _other_world  # noqa: E402

from momon_cli.agents import AGENTS, env, raw_env  # noqa: E402
from momon_cli.agents import actions as act  # noqa: E402
from momon_cli.data.cards import builtin_deck_names  # noqa: E402
from momon_cli.engine import SPACES, AttemptView, Decision, Kind, TriggerView  # noqa: E402

README = Path(__file__).parent.parent / "README.md"
DECKS = builtin_deck_names()


def _games(count: int):
    """Settings for ``count`` games: every built-in deck in both seats, both profiles."""
    return [dict(seed=i, decks=(DECKS[i % len(DECKS)], DECKS[(3 * i + 1) % len(DECKS)]),
                 profile=("sequential", "simultaneous")[i % 2]) for i in range(count)]


def _random_action(observation, rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


#: What api_test says of any observation that is a dict holding the action mask, as its
#: own board games' are (it leaves those out by name): nothing else may be said.
DICT_OBSERVATION = {"Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
                    "Observation is not a NumPy array"}


@pytest.mark.parametrize("settings", [{}, dict(decks=("prism", "void-recursion"), profile="simultaneous")])
def test_pettingzoos_api_test_passes(settings, capsys):
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        api_test(env(**settings), num_cycles=1000)
    assert "Passed API test" in capsys.readouterr().out
    assert {str(w.message) for w in said} <= DICT_OBSERVATION


def _spy(game, given: list) -> None:
    """Check each answer the environment gives the engine against the pending Decision."""
    answer = game.answer

    def checked(choice):
        decision = game.pending
        assert decision.validate(choice) == choice  # IllegalAnswer otherwise
        given.append(decision.kind)
        answer(choice)

    game.answer = checked


@pytest.mark.parametrize("settings", _games(12))
def test_random_masked_agents_play_a_whole_game_and_every_answer_is_legal(settings):
    game_env = env(**settings)
    game_env.reset()
    game, given = game_env.unwrapped.game, []
    _spy(game, given)
    rng, final, steps = random.Random(settings["seed"]), {}, 0
    for agent in game_env.agent_iter():
        observation, reward, termination, truncation, info = game_env.last()
        if termination or truncation:
            final[agent] = reward
            game_env.step(None)
            continue
        assert agent == AGENTS[game.pending.player - 1]
        assert game_env.observation_space(agent).contains(observation)
        other = AGENTS[2 - game.pending.player]
        assert not game_env.observe(other)["action_mask"].any()  # only the one who decides may act
        game_env.step(_random_action(observation, rng))
        steps += 1
    result = game.result
    assert result is not None and len(given) == len(game.answers) and steps >= len(given)
    assert final == {AGENTS[result.winner - 1]: 1, AGENTS[2 - result.winner]: -1}


def _reachable(observation, rng: random.Random, tries: int) -> set:
    """Every answer random legal picks reach on the observation's Decision."""
    found = set()
    for _ in range(tries):
        picks, answer = (), None
        while answer is None:
            step = act.take(observation, picks, int(rng.choice(act.legal(observation, picks))))
            picks, answer = step.picks, step.answer
        found.add(observation.decision.validate(answer))
    return found


def _attempt(space: str, power: int) -> AttemptView:
    return AttemptView(space, "Pup", "N", 3, power, "Fire", "Earth", power < 3, "")


def _trigger(number: int) -> TriggerView:
    return TriggerView(f"MCL-001@B{number}#1", number, "Kiln Drake", "on_summon", "MCL-001", 0, ("C3",))


@pytest.mark.parametrize("decision, answers", [
    (Decision(Kind.ORDER_ATTEMPTS, 1, (_attempt("A2", 1), _attempt("B2", 2), _attempt("C2", 5))),
     set(permutations(("A2", "B2", "C2")))),
    (Decision(Kind.ORDER_TRIGGERS, 1, (_trigger(1), _trigger(2))), {("MCL-001@B1#1", "MCL-001@B2#1"),
                                                                    ("MCL-001@B2#1", "MCL-001@B1#1")}),
    (Decision(Kind.TARGETS, 1, ("A1", "C3", "D4"), count=2, min_count=0),
     {(), *((s,) for s in ("A1", "C3", "D4")), *permutations(("A1", "C3", "D4"), 2)}),
    (Decision(Kind.TARGETS, 1, ("A1", "C3", "D4"), count=2), set(permutations(("A1", "C3", "D4"), 2))),
    (Decision(Kind.TARGETS, 1, ("B2", "B3"), count=1, trigger=_trigger(1)), {("B2",), ("B3",)}),
    (Decision(Kind.SPACE, 1, ("A1", "D4")), {"A1", "D4"}),
    (Decision(Kind.CARD, 1, ("MCL-001", "MCL-013!1")), {"MCL-001", "MCL-013!1"}),
    (Decision(Kind.YES_NO, 1, (True, False)), {True, False}),
    (Decision(Kind.PICK_FACE_DOWN, 1, (1, 2, 3)), {1, 2, 3}),
])
def test_every_answer_of_every_kind_is_reached_one_pick_at_a_time(decision, answers):
    game_env = raw_env()
    game_env.reset()
    seen = replace(game_env.game.observe(1), decision=decision)
    assert _reachable(seen, random.Random(1), 40 * len(answers)) == answers
    space = game_env.observation_space("player_1")["observation"]
    assert space.contains(game_env.encoder.encode(seen)) and space.contains(game_env.encoder.encode(seen, ("A1",)))


def test_a_summon_is_a_hand_slot_and_a_space_and_every_pair_is_reached():
    game_env = raw_env(seed=2)
    game_env.reset()
    seen = game_env.game.observe(game_env.game.pending.player)
    assert _reachable(seen, random.Random(2), 3000) == set(seen.decision.options)
    assert len(act.legal(seen, ())) == len(seen.state.zones.hands[seen.seat]) * len(SPACES)


def test_an_action_the_mask_does_not_allow_is_refused_and_changes_nothing():
    game_env = raw_env(seed=4)
    game_env.reset()
    agent = game_env.agent_selection
    before = game_env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(act.IllegalAction):
        game_env.step(illegal)
    after = game_env.observe(agent)
    assert game_env.agent_selection == agent and not game_env.game.answers
    assert all(np.array_equal(before[k], after[k]) for k in before)


@pytest.mark.parametrize("settings", _games(8))
def test_an_observation_is_the_same_in_every_world_the_seat_cannot_tell_apart(settings):
    """As tests/test_information_sets.py does for the Observation: at every step, the other
    Hand's unseen cards, the face-down cards, the deck list and the seed are changed, and
    each seat's arrays must not change."""
    game_env = raw_env(**settings)
    game_env.reset()
    game, rng, checked = game_env.game, random.Random(settings["seed"]), 0
    while game.pending is not None:
        for seat, agent in enumerate(AGENTS, 1):
            here = game_env.observe(agent)
            hidden, restore = _other_world(game, seat, rng)
            try:
                there = game_env.observe(agent)
            finally:
                restore()
            assert all(np.array_equal(here[k], there[k]) for k in here), (settings, seat, len(game.answers))
            checked += bool(hidden)
        game_env.step(_random_action(game_env.observe(game_env.agent_selection), rng))
    assert checked > 10


def _play(game_env, seed: int) -> list:
    """Every observation of a game played by seeded random agents, in order."""
    rng, seen = random.Random(seed), []
    for _ in game_env.agent_iter():
        observation, _, termination, truncation, _ = game_env.last()
        seen.append(observation)
        game_env.step(None if termination or truncation else _random_action(observation, rng))
    return seen


def test_a_seed_and_the_actions_replay_the_game_exactly():
    first, again = env(seed=3), env(seed=0)
    first.reset()
    again.reset(seed=3)
    one, two = _play(first, 5), _play(again, 5)
    assert len(one) == len(two) and all(np.array_equal(a[k], b[k]) for a, b in zip(one, two, strict=True) for k in a)
    first.reset()  # the next game: the next seed
    assert first.unwrapped.game_seed == 4


def test_the_readme_example_runs(capsys):
    section = README.read_text().split("## An agent API", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    exec(compile(code.group(1), "README.md", "exec"), {})
    printed = ast.literal_eval(capsys.readouterr().out.strip())
    assert sorted(printed.values()) == [-1, 1] and set(printed) == set(AGENTS)


def test_ansi_render_draws_the_arena_as_every_seat_sees_it():
    game_env = raw_env(seed=1, render_mode="ansi")
    game_env.reset()
    rng = random.Random(1)
    for _ in range(4):
        game_env.step(_random_action(game_env.observe(game_env.agent_selection), rng))
    lines = game_env.render().splitlines()
    assert len(lines) == 5 and lines[0].startswith("A4") and lines[3].startswith("A1")
    placed = game_env.game.state.zones.arena_objects()
    assert placed and all(f"{o.space} P{o.controller} " in game_env.render() for o in placed)
