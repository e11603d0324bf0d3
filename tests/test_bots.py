"""Bots answer every decision legally, never read hidden cards, and tournaments give the
same results on one process, several, or Ray."""

import importlib.util
import random

import pytest
from helpers import MATRIX, SCENARIO_POOL, from_position

from momon_cli.bots.players import FlatBot, GreedyBot, RandomBot
from momon_cli.bots.roster import make_bot
from momon_cli.bots.tournament import elo, play_one, run_local, specs, standings
from momon_cli.data.cards import builtin_deck_names, load_deck, load_pool
from momon_cli.engine import Game, Placed, Position, Setup

POOL = load_pool()
DECKS = [load_deck(n, POOL) for n in builtin_deck_names()]
MECHANICS = [c for c in SCENARIO_POOL.values() if c.id.startswith("TPS")]


def play(setup, bots):
    game = Game(setup)
    while game.pending is not None:
        game.answer(bots[game.pending.player].answer(game.observe(game.pending.player)))  # an illegal answer raises
    return game


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize("profile", ["sequential", "simultaneous"])
def test_bots_answer_every_decision_legally_over_deck_pairs_and_the_whole_vocabulary(name, profile):
    for i in range(12):
        d1, d2 = DECKS[i % len(DECKS)], DECKS[(i * 5 + 1) % len(DECKS)]
        game = play(Setup.new_game((d1.cards, d2.cards), MATRIX, i, profile),
                    {p: make_bot(name, f"{i}-{p}", list(POOL.values())) for p in (1, 2)})
        assert game.result is not None
        hands = (tuple(MECHANICS[(i + 3 * k) % len(MECHANICS)] for k in range(10)),
                 tuple(MECHANICS[(i * 7 + 5 * k) % len(MECHANICS)] for k in range(10)))
        game = play(Setup.new_game(hands, MATRIX, i, profile), {p: make_bot(name, f"m{i}-{p}", MECHANICS) for p in (1, 2)})
        assert game.result is not None


def test_search_bot_answers_legally_with_a_small_budget():
    d1, d2 = DECKS[0], DECKS[1]
    game = play(Setup.new_game((d1.cards, d2.cards), MATRIX, 3), {1: FlatBot(1, playouts=12), 2: GreedyBot(2)})
    assert game.result is not None


@pytest.mark.parametrize("bot", [lambda: GreedyBot("g", MECHANICS), lambda: FlatBot("s", MECHANICS, playouts=20)])
def test_a_bots_choice_does_not_change_when_hidden_cards_are_swapped(bot):
    """Bea's Hand is hidden from Ann: two games that differ only there get the same answer."""
    def start(bea_hand):
        position = Position(((Placed(SCENARIO_POOL["TPS-001"], 1), Placed(SCENARIO_POOL["TPS-006"], 1),
                              Placed(SCENARIO_POOL["TPS-050"], 1)), tuple(Placed(c, 2) for c in bea_hand)),
                            arena=(Placed(SCENARIO_POOL["TPS-002"], 2, "B2"), Placed(SCENARIO_POOL["TPS-003"], 2, "C1")),
                            first_player=1)
        return Game(Setup(position, MATRIX, 5))
    one = start([SCENARIO_POOL["TPS-005"], SCENARIO_POOL["TPS-004"]])
    other = start([SCENARIO_POOL["TPS-034"], SCENARIO_POOL["TPS-030"]])
    assert bot().answer(one.observe(1)) == bot().answer(other.observe(1))


def test_a_game_drawn_from_an_observation_imagines_the_other_hand_and_reseeds():
    import random

    from momon_cli.engine import HIDDEN, determinize
    g = from_position("17-1-multi-snatch")
    seen = g.observe(1)
    assert [seen.state.zones.objects[o].card for o in seen.state.zones.hands[2]] == [HIDDEN]
    copy = determinize(seen, random.Random(0), [SCENARIO_POOL["TPS-034"]])
    bea = [copy.state.zones.objects[o].card.id for o in copy.state.zones.hands[2]]
    assert bea == ["TPS-034"] and copy.state.rng.getstate() != g.state.rng.getstate()


def test_greedy_prefers_the_summon_that_snatches():
    g = from_position("17-1-multi-snatch")
    assert GreedyBot(1).answer(g.observe(1)) in {("TPS-001", "B1")}  # Clod on B1 takes Breeze


def test_jobs_2_gives_the_same_results_as_jobs_1():
    tasks = specs(["random", "greedy"], ["ember-tide", "prism"], 6, seed=9, profile="sequential")
    assert list(run_local(tasks, 1)) == list(run_local(tasks, 2))


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="the ray extra is not installed")
def test_ray_backend_gives_the_same_results_as_jobs_1():
    from momon_cli.bots.tournament import run_ray
    tasks = specs(["random", "greedy"], ["ember-tide", "prism"], 4, seed=9, profile="simultaneous")
    assert list(run_ray(tasks, None)) == list(run_local(tasks, 1))


def test_a_spec_carries_the_playout_budget_and_outcomes_carry_thinking_time_apart_from_the_result():
    from momon_cli.bots.tournament import thinking
    assert make_bot("search", 1, playouts=7).playouts == 7
    tasks = specs(["search", "random"], ["prism"], 2, seed=4, profile="sequential", playouts=3)
    outcomes = [play_one(t) for t in tasks]
    think = thinking(outcomes)
    assert think["search"].decisions > 0 and 0 < think["search"].slowest <= think["search"].seconds
    assert outcomes == [play_one(t) for t in tasks]  # times differ; results do not


def test_standings_intervals_and_elo():
    tasks = specs(["random", "greedy"], ["ember-tide", "stone-gale"], 10, seed=3, profile="sequential")
    rows = standings(tasks, map(play_one, tasks))
    assert sum(r.games for r in rows) == 20 and {r.bot for r in rows} == {"random", "greedy"}
    for r in rows:
        low, high = r.interval()
        assert 0 <= low <= r.rate <= high <= 1
    ratings = elo(rows)
    assert ratings["greedy"] > ratings["random"]


def test_random_bot_is_deterministic_for_a_seed():
    g1, g2 = from_position("17-1-multi-snatch"), from_position("17-1-multi-snatch")
    assert RandomBot(4).answer(g1.observe(1)) == RandomBot(4).answer(g2.observe(1))


def test_a_look_ahead_copy_is_asked_every_attempt_order_without_previews():
    """R-mc 17 asks an order only when a preview shows it matters; a look-ahead copy skips
    the previews (their copies would multiply inside every playout) and asks instead."""
    import random

    from momon_cli.engine import Kind, determinize, summon_then_play_on
    g = from_position("17-1-multi-snatch")
    real = Game(g.setup)
    real.answer(("TPS-001", "B1"))
    assert real.pending is None or real.pending.kind is not Kind.ORDER_ATTEMPTS  # orders end alike: not asked
    trial = determinize(g.observe(1), random.Random(0))
    assert not trial.state.previews
    flow = summon_then_play_on(trial, "TPS-001", "B1")
    assert next(flow).kind is Kind.ORDER_ATTEMPTS


@pytest.mark.parametrize("name", ["random", "greedy", "search"])
def test_bots_answer_legally_with_a_copy_whose_once_only_right_is_spent(name):
    """A spent copy's option is its copy key ('ID!1'), in the bots' playouts too."""
    pool = load_pool()
    once = next(c for c in pool.values() if any(a.once for a in c.abilities))
    spent = next(a.index for a in once.abilities if a.once)
    others = [c for c in pool.values() if not c.abilities][:4]
    hands = ((Placed(once, 1, once_used=(spent,)), *(Placed(c, 1) for c in others[:2])),
             tuple(Placed(c, 2) for c in others[2:]))
    game = Game(Setup(Position(hands, ((), ()), (), 1, first_player=1), MATRIX, 3, "sequential", ("A", "B")))
    bots = {p: make_bot(name, f"spent-{p}", tuple(pool.values()), playouts=24) for p in (1, 2)}
    while game.pending is not None:
        game.answer(bots[game.pending.player].answer(game.observe(game.pending.player)))  # an illegal answer raises IllegalAnswer
    assert game.result is not None


def test_a_playouts_quick_summon_names_the_spent_copy_by_its_key():
    from momon_cli.bots.players import _quick_summon

    pool = load_pool()
    once = next(c for c in pool.values() if any(a.once for a in c.abilities))
    spent = next(a.index for a in once.abilities if a.once)
    spare = next(c for c in pool.values() if not c.abilities)
    hands = ((Placed(once, 1, once_used=(spent,)),), (Placed(spare, 2),))
    game = Game(Setup(Position(hands, ((), ()), (), 1, first_player=1), MATRIX, 3, "sequential", ("A", "B")))
    decision = game.pending
    assert decision.options.cards == (f"{once.id}!{spent + 1}",)
    assert _quick_summon(game.state, decision, random.Random(1)) in decision.options


def test_every_deal_is_played_from_both_seats_under_both_profiles():
    from momon_cli.engine import PROFILES
    decks = ["ember-tide", "prism"]
    tasks = specs(["search", "greedy"], decks, 2 * 4 * 2, seed=5, profile=PROFILES)
    played = {(t.bots, t.decks, t.profile) for t in tasks}
    assert played == {(bots, (a, b), p) for bots in (("search", "greedy"), ("greedy", "search"))
                      for a in decks for b in decks for p in PROFILES}
    for first, second in zip(tasks[::2], tasks[1::2], strict=True):  # one deal, the seats swapped
        assert first.seed == second.seed and first.decks == second.decks and first.bots == second.bots[::-1]


def test_by_seat_counts_each_seat_and_the_first_mover():
    from momon_cli.bots.tournament import by_seat
    tasks = specs(["random", "greedy"], ["ember-tide"], 8, seed=2, profile=("sequential", "simultaneous"))
    outcomes = [play_one(t) for t in tasks]
    rows = {(r.bot, r.opponent, r.seat): r for r in by_seat(tasks, outcomes)}
    assert rows["greedy", "random", "1"].games == rows["greedy", "random", "2"].games == 4
    assert rows["greedy", "random", "all"].wins == sum(tasks[o.number].bots[o.winner - 1] == "greedy" for o in outcomes)
    assert rows["greedy", "random", "first"].games + rows["random", "greedy", "first"].games == 8
    itself = specs(["greedy", "greedy"], ["prism"], 4, seed=2, profile="sequential")
    assert len({t.seed for t in itself}) == 4  # against itself, no game is another played again
    mirror = {r.seat: r for r in by_seat(itself, [play_one(t) for t in itself])}
    assert set(mirror) == {"1", "2", "first"} and mirror["1"].wins + mirror["2"].wins == 4
