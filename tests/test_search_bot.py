"""The search bot (information-set tree search), the worlds it plays on, and the coach.

A world is drawn at any pending decision from the seat's observation (engine.worlds); the
tree search answers every kind of decision legally and the same way for the same seed and
budget; and the coach's advice (``hint``, ``analyse``) is the same in every game that the
seat cannot tell apart from the real one: the other Hand's unseen cards changed, the
never-seen face-down cards changed, the game replayed to the same decision.
"""

import random
from collections import Counter
from dataclasses import replace

from helpers import MATRIX

from momon_cli.bots.coach import advise
from momon_cli.bots.players import RandomBot
from momon_cli.bots.tree import TreeBot
from momon_cli.data.cards import builtin_deck_names, load_deck, load_pool
from momon_cli.engine import Game, IllegalAnswer, Kind, Placed, Setup, world
from momon_cli.engine.information import hidden_objects
from momon_cli.engine.observation import state_dict

POOL = load_pool()
CARDS = sorted(POOL.values(), key=lambda c: c.id)
DECKS = [load_deck(n, POOL).cards for n in builtin_deck_names()]


def _setup(n: int) -> Setup:
    return Setup.new_game((DECKS[n % len(DECKS)], DECKS[(3 * n + 1) % len(DECKS)]), MATRIX, n,
                          ("sequential", "simultaneous")[n % 2], ("Ann", "Bea"))


def test_a_world_is_drawn_at_every_decision_and_waits_for_the_same_decision():
    kinds: Counter[Kind] = Counter()
    for n in range(30):
        game = Game(_setup(n))
        bot = RandomBot(n)
        while game.pending is not None:
            decision = game.pending
            seen = game.observe(decision.player)
            found = world(seen, random.Random(n), CARDS)
            assert found is not None, (n, len(game.answers), decision.kind)
            assert found.decision.kind is decision.kind and list(found.decision.options) == list(decision.options)
            kinds[decision.kind] += 1
            game.answer(bot.pick(decision))
    assert {Kind.SUMMON, Kind.TARGETS, Kind.YES_NO, Kind.SPACE, Kind.ORDER_TRIGGERS} <= set(kinds)


def test_the_root_is_the_summon_steps_state_as_the_seat_knows_it():
    for n in range(10):
        game = Game(_setup(n))
        bot = RandomBot(n)
        while game.pending is not None:
            decision = game.pending
            if decision.kind is Kind.SUMMON:  # a turn-based Summon: the step has just begun
                for seat in (1, 2, 0):
                    seen = game.observe(seat)
                    assert seen.since == () and seen.root is not None
                    assert state_dict(seen.root) == state_dict(seen.state)
            game.answer(bot.pick(decision))


def test_the_search_bot_answers_every_kind_of_decision_legally_and_alike_for_a_seed():
    kinds: Counter[Kind] = Counter()
    for n in range(4):
        answers = []
        for _ in range(2):
            game = Game(_setup(n))
            bots = {p: TreeBot(f"{n}-{p}", CARDS, playouts=12) for p in (1, 2)}
            while game.pending is not None:
                decision = game.pending
                kinds[decision.kind] += 1
                game.answer(bots[decision.player].answer(game.observe(decision.player)))  # refused if illegal
            answers.append(game.answers)
        assert answers[0] == answers[1]
    assert Kind.SUMMON in kinds and len(kinds) >= 3


def _indistinguishable(game: Game, seat: int, rng: random.Random) -> Game | None:
    """The same game replayed with every card ``seat`` has never seen changed: the same seed
    and answers, so the same public history."""
    hidden = {game.state.zones.objects[o].card_no for o in hidden_objects(game.state, seat)}
    position = game.setup.position
    cards = position.cards()
    counts = (len(position.hands[0]), len(position.hands[1]), len(position.voids[0]))

    def changed(i: int, placed: Placed) -> Placed:
        return replace(placed, card=rng.choice(CARDS)) if i + 1 in hidden else placed

    new = [changed(i, p) for i, p in enumerate(cards)]
    hands = (tuple(new[:counts[0]]), tuple(new[counts[0]:counts[0] + counts[1]]))
    start = counts[0] + counts[1]
    voids = (tuple(new[start:start + counts[2]]), tuple(new[start + counts[2]:start + counts[2] + len(position.voids[1])]))
    other = Game(replace(game.setup, position=replace(position, hands=hands, voids=voids)))
    try:
        for answer in game.answers:
            other.answer(answer)
    except IllegalAnswer:  # the changed cards changed what was asked: not such a game
        return None
    return other


def test_hint_is_the_same_in_every_game_the_seat_cannot_tell_from_this_one():
    # A changed Hand can change what the other seat sees: an effect that Summons from a Hand
    # asks its controller to choose only when the Hand holds two kinds of card, and that
    # choice is seen being asked. Such a game is not one the seat cannot tell apart.
    checked, skipped = Counter(), 0
    for n in range(8):
        game = Game(_setup(n))
        bot, rng = RandomBot(n), random.Random(-n)
        while game.pending is not None:
            decision = game.pending
            if len(game.answers) % 5 == 0 and len(decision.options) > 1:
                seat = decision.player
                seen = game.observe(seat)
                for _ in range(5):  # the changed cards must leave the observation as it is
                    other = _indistinguishable(game, seat, rng)
                    theirs = other.observe(seat) if other is not None else None
                    if theirs is not None and theirs.to_dict() == seen.to_dict():
                        break
                else:
                    skipped += 1
                    game.answer(bot.pick(decision))
                    continue
                hint = advise(seen, playouts=24, seconds=None, imaginable=CARDS)
                assert advise(theirs, playouts=24, seconds=None, imaginable=CARDS) == hint
                checked[decision.kind] += 1
            game.answer(bot.pick(decision))
    assert checked[Kind.SUMMON] >= 20 and sum(checked.values()) > checked[Kind.SUMMON] and skipped < 5


def test_advice_rates_the_answer_played_and_its_chances_are_in_0_1():
    game = Game(_setup(5))
    decision = game.pending
    assert decision is not None and decision.kind is Kind.SUMMON
    worst = list(decision.options)[-1]
    advice = advise(game.observe(decision.player), played=worst, playouts=40, seconds=None)
    assert advice.played is not None and advice.played.answer == worst
    assert all(0.0 <= c.value <= 1.0 and c.playouts for c in advice.ranked)
    assert advice.ranked[0].playouts >= advice.ranked[-1].playouts


def test_a_script_may_ask_for_a_hint_and_gets_an_answer_it_could_type(tmp_path):
    from typer.testing import CliRunner

    from momon_cli.cli.app import app

    script = tmp_path / "s.txt"
    script.write_text("hint\nquit\n")
    done = CliRunner().invoke(app, ["play", "--p1", "Ann", "--p2", "Bea", "--deck1", "ember-tide", "--deck2",
                                    "stone-gale", "--seed", "3", "--script", str(script), "--log",
                                    str(tmp_path / "g.jsonl")])
    assert "Hint: " in done.output and "win chance" in done.output and "(type: " in done.output
    typed = done.output.split("(type: ")[1].split(")")[0]
    again = tmp_path / "t.txt"
    again.write_text(typed + "\nquit\n")
    done = CliRunner().invoke(app, ["play", "--p1", "Ann", "--p2", "Bea", "--deck1", "ember-tide", "--deck2",
                                    "stone-gale", "--seed", "3", "--script", str(again), "--log",
                                    str(tmp_path / "h.jsonl")])
    assert "Bea ›" in done.output  # the hint's answer was taken: the next decision is Bea's


def test_the_levels_are_bots_and_budgets_and_records_may_name_them():
    from momon_cli.bots.players import GreedyBot
    from momon_cli.bots.roster import LEVELS, make_bot
    from momon_cli.limits import BOT_NAMES

    assert isinstance(make_bot("easy", 1), GreedyBot)
    medium, hard = make_bot("medium", 1), make_bot("hard", 1)
    assert isinstance(medium, TreeBot) and isinstance(hard, TreeBot) and medium.playouts < hard.playouts
    assert set(LEVELS) <= set(BOT_NAMES) and {"flat", "search"} <= set(BOT_NAMES)
