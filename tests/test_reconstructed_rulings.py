"""This project's own rulings where even BASELINE.md is silent (docs/rules.md, [R-mc n])."""

from dataclasses import replace

import pytest
from answers_helper import apply
from helpers import MATRIX, arena, at, game, index, kinds, mk, of, order, position, resolved_names, summon, void

from momon_cli.engine import Change, Game, Kind, Placed, Setup
from momon_cli.engine.actions import leave_arena
from momon_cli.engine.zones import VOID
from momon_cli.text.notation import BadAnswer, parse, written
from momon_cli.tui.render import decision_view, hand_lines


def test_r_mc_2_effects_end_when_their_momon_leaves_the_arena():
    g = game([mk("Pup")], [], [arena(1, mk("Big", "Fire", 3), "A1")])
    obj = at(g, "A1")
    from momon_cli.engine.effects import grant_ward
    grant_ward(g.rules, obj, "leaves_arena", 1)
    assert g.state.effects
    leave_arena(g.rules, [obj], VOID)
    assert g.state.effects == []


def test_r_mc_4_full_arena_is_checked_before_exhaustion():
    spaces = [f"{c}{r}" for r in range(1, 5) for c in "ABCD"]
    preset = [arena(1 + i % 2, mk(f"M{i}"), s) for i, s in enumerate(spaces)]
    g = game([], [], preset)
    assert g.result.reason == "full-arena"


def test_r_mc_5_the_rest_of_a_fallback_void_stays_face_down():
    g = game([], [mk("I")], [void(1, mk("Lost")), void(1, mk("Found")), void(1, mk("Kept"))])
    g.answer(1)
    g.answer("A1")
    zones = g.state.zones
    assert len(zones.voids[1]) == 2 and not any(zones.objects[o].face_up for o in zones.voids[1])


def test_r_mc_6_attempts_are_numbered_in_compass_order():
    hub = mk("Hub", "Fire", 9, ["W", "N", "E"])  # written out of order in the card data
    assert hub.sights == ("N", "E", "W")
    g = game([hub], [mk("Spare")], [arena(2, mk("A"), "A2"), arena(2, mk("B"), "B3"), arena(2, mk("C"), "C2")])
    summon(g, "Hub", "B2")
    assert [a.direction for a in of(g, "attempt_created")] == ["N", "E", "W"]


def test_r_mc_7_a_summoned_momon_gone_before_its_check_makes_no_attempts():
    fragile = mk("Fragile", "Fire", 2, ["N"], ability=[{"when": "on_summon", "do": [{"power": -5, "on": "self"}]}])
    g = game([fragile], [mk("Spare")], [arena(2, mk("Foe", "Air", 1), "A2")])
    summon(g, "Fragile", "A1")
    assert "check_started" not in kinds(g) and at(g, "A2").controller == 2


def test_r_mc_9_power_is_the_reason_reported_when_both_conditions_hold():
    g = game([mk("Clod", "Earth", 9, ["N"])], [mk("Spare")], [arena(2, mk("Kite", "Air", 1), "A2")])
    summon(g, "Clod", "A1")
    assert of(g, "attempt_resolved")[0].reason == "power"


def _double_death(ability):
    wipe = mk("Wipe", "Dark", 3, ability=[{"when": "on_summon", "do": [{"power": -5, "on": "enemy"}]}])
    moths = [arena(2, mk("Moth", "Light", 1, ability=[ability]), s) for s in ("C4", "D4")]
    return game([wipe], [mk("Spare")], [*moths, arena(2, mk("Wall", "Fire", 9), "A4")])


def test_r_mc_12_identical_triggers_are_not_ordered():
    g = _double_death({"when": "leaves_arena", "do": [{"power": 1, "on": "friendly"}]})
    summon(g, "Wipe", "A1")
    assert len(of(g, "trigger_queued")) == 3  # Wipe, then both Moths without a question
    assert g.pending is None or g.pending.kind is not Kind.ORDER_TRIGGERS


def test_r_mc_12_copies_that_read_their_own_source_are_ordered():
    g = _double_death({"when": "leaves_arena", "do": [{"power": 1, "on": "friendly", "group": {"adjacent": True}}]})
    summon(g, "Wipe", "A1")
    assert g.pending.kind is Kind.ORDER_TRIGGERS and g.pending.player == 2


def test_r_mc_13_no_target_question_when_there_is_no_choice():
    bat = mk("Bat", "Dark", 3, ability=[{"when": "on_summon", "target": {"side": "enemy"},
                                          "do": [{"power": -1, "on": "targets"}]}])
    g = game([bat], [mk("Spare")], [arena(2, mk("Only"), "D4")])
    summon(g, "Bat", "A1")
    assert of(g, "trigger_queued")[0].targets == ("D4",)
    assert g.pending is None or g.pending.kind is not Kind.TARGETS


def test_r_mc_14_self_means_the_same_object_only():
    phoenix = mk("Phoenix", "Fire", 2, ability=[
        {"when": "on_summon", "do": [{"power": -5, "on": "self"}]},
        {"when": "on_summon", "do": [{"power": 9, "on": "self"}]}])
    g = game([phoenix], [mk("Spare")])
    summon(g, "Phoenix", "A1")
    order(g, 0, 1)
    assert [m.amount for m in of(g, "power_modified")] == [-5]
    assert at(g, "A1") is None and len(g.state.zones.voids[1]) == 1


def test_r_mc_15_adjacency_is_measured_from_where_the_source_was():
    drake = mk("Drake", "Fire", 2, ability=[
        {"when": "on_summon", "do": [{"power": -5, "on": "self"}]},
        {"when": "on_summon", "do": [{"power": -1, "on": "enemy", "group": {"adjacent": True}}]}])
    g = game([drake], [mk("Spare")], [arena(2, mk("Near", "Air", 3), "B2"), arena(2, mk("Far", "Air", 3), "D4")])
    summon(g, "Drake", "A1")
    order(g, 0, 1)
    assert [(m.name, m.amount) for m in of(g, "power_modified")] == [("Drake", -5), ("Near", -1)]


def test_r_mc_19_copies_in_hand_are_one_choice_the_first_copy_is_taken():
    twin = mk("Twin")
    g = game([twin, mk("Other"), twin], [mk("Spare")])
    options = g.pending.options
    assert len(options) == 2 * 16 and len({card for card, _ in options}) == 2
    summon(g, "Twin", "A1")
    assert at(g, "A1").card_no == 1  # the first copy in Hand order


def _spent_and_fresh(card, *hand2):
    """A game whose Player 1 holds two copies of ``card``: the first has spent the once-only
    right of its first ability (it came back to Hand), the second has not."""
    start = position([card, card], list(hand2) or [mk("Spare")])
    spent = replace(start.hands[0][0], once_used=(0,))
    return Game(Setup(replace(start, hands=((spent, start.hands[0][1]), start.hands[1])), MATRIX, 7, "sequential",
                      ("Ann", "Bea")))


def test_r_mc_19_a_copy_that_spent_its_once_only_right_is_a_choice_of_its_own():
    once = mk("Twin", ability=[{"when": "on_summon", "once": True, "do": [{"power": 1, "on": "self"}]}])
    g = _spent_and_fresh(once)
    assert g.pending.options.cards == (f"{once.id}!1", once.id)
    assert parse(g.observe(g.pending.player), g.pending, "2 A1") == (once.id, "A1")  # the Hand number picks the fresh copy
    apply(g, g.pending, "2 A1")
    assert at(g, "A1").card_no == 2
    assert g.pending.kind is Kind.YES_NO and "once-only" in g.pending.prompt  # its ability comes


def test_r_mc_19_the_spent_copy_is_picked_by_its_number_and_its_ability_never_comes():
    once = mk("Twin", ability=[{"when": "on_summon", "once": True, "do": [{"power": 1, "on": "self"}]}])
    g = _spent_and_fresh(once)
    apply(g, g.pending, "1 A1")
    assert at(g, "A1").card_no == 1 and not of(g, "trigger_waiting")
    assert g.pending.kind is Kind.SUMMON and g.pending.player == 2


def test_r_mc_19_a_name_that_fits_two_different_copies_asks_for_the_number():
    once = mk("Twin", ability=[{"when": "on_summon", "once": True, "do": [{"power": 1, "on": "self"}]}])
    g = _spent_and_fresh(once)
    with pytest.raises(BadAnswer, match="give its number, 1 or 2"):
        parse(g.observe(g.pending.player), g.pending, "twin A1")
    assert parse(g.observe(g.pending.player), g.pending, f"{once.id} A1") == (once.id, "A1")  # the id is the unspent copy


def test_r_mc_19_the_hand_shows_which_copy_has_spent_its_right():
    once = mk("Twin", ability=[{"when": "on_summon", "once": True, "do": [{"power": 1, "on": "self"}]}])
    g = _spent_and_fresh(once)
    lines = [line.plain for line in hand_lines(g.observe(1), 1, 80, 24)]
    assert "Twin (once-only used)" in lines[1] and "used" not in " ".join(lines[2:])


def test_r_mc_19_an_effect_based_summon_offers_the_spent_and_the_fresh_copy():
    once = mk("Twin", ability=[{"when": "on_summon", "once": True, "do": [{"power": 1, "on": "self"}]}])
    caller = mk("Caller", ability=[{"when": "on_summon", "do": [{"summon": {"from": "hand"}}]}])
    start = position([caller, once, once], [mk("Spare")])
    spent = replace(start.hands[0][1], once_used=(0,))
    g = Game(Setup(replace(start, hands=((start.hands[0][0], spent, start.hands[0][2]), start.hands[1])), MATRIX, 7,
                   "sequential", ("Ann", "Bea")))
    summon(g, "Caller", "A1")
    assert g.pending.kind is Kind.CARD and g.pending.options == (f"{once.id}!1", once.id)
    assert "(once-only used)" in decision_view(g.observe(g.pending.player), g.pending).plain
    g.answer(once.id)
    g.answer("B1")
    assert at(g, "B1").card_no == 3


def _void_pair_one_returning(*, returning_first: bool = True):
    """Player 1 Summons Raiser, whose On Summon Summons a card from the Void. Player 1's Void
    holds two copies of Chick (2 Stars), alike but for one thing: a Return to Hand waits for
    one of them at end of turn [TH 17.7] (the first in the Void, or the second)."""
    chick = mk("Chick", "Fire", 4, stars=2)
    raiser = mk("Raiser", ability=[{"when": "on_summon", "do": [{"summon": {"from": "void"}}]}])
    back = Placed(chick, 1, changes=(Change("return_to_hand", "end_of_turn", 1),))
    plain = Placed(chick, 1)
    g = game([raiser], [mk("Spare")], [back, plain] if returning_first else [plain, back])
    waiting = g.state.delayed[0].oid
    return g, chick, waiting


def test_r_mc_19_th_17_7_copies_in_a_void_that_differ_by_a_waiting_return_are_two_choices():
    g, chick, waiting = _void_pair_one_returning()
    summon(g, "Raiser", "A1")
    assert g.pending.kind is Kind.CARD, "the two copies of Chick were taken as one choice"
    assert g.pending.options == (chick.id, f"{chick.id}~")  # the first copy keeps the plain id (old records)
    assert parse(g.observe(1), g.pending, "2") == f"{chick.id}~"
    with pytest.raises(BadAnswer, match="give its number, 1 or 2"):  # the name fits both
        parse(g.observe(1), g.pending, "chick")
    for key in g.pending.options:  # a game file writes each copy by its key, and reads it back
        line = written(g.observe(1), g.pending, key)
        assert line == key and parse(g.observe(1), g.pending, line) == key


def test_r_mc_19_th_17_7_summoning_the_copy_with_nothing_waiting_keeps_the_others_return():
    # Before copies were told apart by what waits for them, the first copy in the Void was
    # taken without asking: the one the return tracks. The return then lapsed at end of turn
    # (its object had left the Void) and the other copy stayed in the Void: the card the
    # return was for was lost to the Hand.
    g, chick, waiting = _void_pair_one_returning()
    summon(g, "Raiser", "A1")
    g.answer(f"{chick.id}~")
    g.answer("B1")
    assert at(g, "B1").card.id == chick.id and not of(g, "return_lapsed")
    assert [z.new_oid for z in of(g, "zone_changed") if z.oid == waiting and z.to_zone == "hand"]
    assert [g.state.zones.objects[o].card.name for o in g.state.zones.hands[1]] == ["Chick"]


def test_r_mc_19_th_17_7_a_later_copy_with_the_return_is_named_by_when_it_returns():
    g, chick, waiting = _void_pair_one_returning(returning_first=False)
    summon(g, "Raiser", "A1")
    assert g.pending.options == (chick.id, f"{chick.id}~e")
    g.answer(f"{chick.id}~e")
    g.answer("B1")
    assert [e.oid for e in of(g, "return_lapsed")] == [waiting]  # chosen knowingly: the return lapses
    assert not g.state.zones.hands[1] and len(g.state.zones.voids[1]) == 1


def test_r_mc_19_th_17_7_a_copy_a_waiting_leaves_arena_ability_will_return_is_its_own_choice():
    # Sweeper sends its friends to the Void, then Summons from the Void, in one ability. Chick
    # was on the Arena: its Leaves Arena ability (return me to Hand at end of turn, FBD 146)
    # waits while Sweeper's ability finishes, so of the two copies of Chick in the Void, one
    # is the card that ability will return.
    chick = mk("Chick", "Fire", 4, stars=2, ability=[{"when": "leaves_arena",
                                                      "do": [{"to_hand": True, "on": "self", "at": "end_of_turn"}]}])
    sweeper = mk("Sweeper", ability=[{"when": "on_summon", "do": [
        {"to_void": "face_up", "on": "friendly", "group": {"other": True}}, {"summon": {"from": "void"}}]}])
    g = game([sweeper], [mk("Spare")], [Placed(chick, 1), arena(1, chick, "D4")])
    summon(g, "Sweeper", "A1")
    assert g.pending.kind is Kind.CARD and g.pending.options == (chick.id, f"{chick.id}~w")
    g.answer(chick.id)  # the copy nothing waits for
    g.answer("B1")
    assert at(g, "B1").card.id == chick.id and not of(g, "return_lapsed")
    assert [g.state.zones.objects[o].card.name for o in g.state.zones.hands[1]] == ["Chick"]


def test_r_mc_19_th_17_7_copies_whose_returns_come_at_different_times_differ():
    chick = mk("Chick", "Fire", 4, stars=2)
    raiser = mk("Raiser", ability=[{"when": "on_summon", "do": [{"summon": {"from": "void"}}]}])
    g = game([raiser], [mk("Spare")], [Placed(chick, 1, changes=(Change("return_to_hand", "end_of_turn", 1),)),
                                       Placed(chick, 1, changes=(Change("return_to_hand", "your_next_turn", 2),))])
    summon(g, "Raiser", "A1")  # the second returns at the start of Player 2's next turn
    assert g.pending.options == (chick.id, f"{chick.id}~n2")


def test_r_mc_19_copies_alike_in_what_waits_for_them_stay_one_choice():
    chick = mk("Chick", "Fire", 4, stars=2)
    raiser = mk("Raiser", ability=[{"when": "on_summon", "do": [{"summon": {"from": "void"}}]}])
    back = (Change("return_to_hand", "end_of_turn", 1),)
    g = game([raiser], [mk("Spare")], [Placed(chick, 1, changes=back), Placed(chick, 1, changes=back)])
    summon(g, "Raiser", "A1")
    assert g.pending.kind is Kind.SPACE  # one card, one choice: only its Space is asked


def test_r_mc_23_board_dependent_power_reads_other_power_without_board_dependence():
    # Each gets +5 while another friendly Momon has 3 Power or more: read without the +5,
    # both are 2, so neither condition holds and no loop arises.
    static = [{"static": {"power": 5, "while": {"side": "friendly", "other": True, "power_min": 3}}}]
    g = game([mk("Pup")], [mk("Imp")], [arena(1, mk("Left", "Fire", 2, ability=static), "A1"),
                                        arena(1, mk("Right", "Fire", 2, ability=static), "B1")])
    from momon_cli.engine.effects import power
    assert (power(g.state, at(g, "A1")), power(g.state, at(g, "B1"))) == (2, 2)


def test_r_mc_23_an_if_condition_reads_current_power_as_the_screen_shows_it():
    # Base 1, +4 while another friendly Momon is on the Arena: shown at 5, and read at 5.
    rallied = mk("Rallied", "Fire", 1, ability=[{"static": {"power": 4, "while": {"side": "friendly", "other": True}}}])
    judge = mk("Judge", ability=[{"when": "on_summon", "if": {"side": "friendly", "other": True, "power_min": 5},
                                  "do": [{"power": 2, "on": "self", "until": "leaves_arena"}]}])
    g = game([judge], [mk("Spare")], [arena(1, rallied, "B1")])
    from momon_cli.engine.effects import power
    summon(g, "Judge", "A1")
    assert power(g.state, at(g, "B1")) == 5
    assert of(g, "ability_resolved")[0].outcome == "resolved" and power(g.state, at(g, "A1")) == 5


def test_r_mc_24_an_incite_check_follows_the_games_profile_order_asked_in_sequential():
    climber = mk("Climber", "Earth", 3, ["N", "E"],
                 ability=[{"static": {"power": 2, "per": {"side": "friendly", "other": True}}}])
    goad = mk("Goad", ability=[{"when": "on_summon", "target": {"side": "friendly", "other": True},
                                "do": [{"incite": True, "on": "targets"}]}])
    preset = [arena(1, climber, "B1"), arena(2, mk("Breeze", "Air", 5), "B2"), arena(2, mk("Drip", "Water", 5), "C1")]
    g = game([goad], [mk("Spare")], preset)
    summon(g, "Goad", "D4")
    assert g.pending.kind is Kind.ORDER_ATTEMPTS and of(g, "check_started")[0].cause == "incite"


def test_r_mc_25_moving_keeps_the_object_and_its_effects():
    shove = mk("Shove", ability=[{"when": "on_summon", "target": {"side": "friendly", "other": True},
                                  "do": [{"power": 2, "on": "targets", "until": "leaves_arena"},
                                         {"move": True, "on": "targets"}]}])
    g = game([shove], [mk("Spare")], [arena(1, mk("Mine", "Fire", 1), "B2")])
    before = at(g, "B2").oid
    summon(g, "Shove", "A1")
    g.answer("D3")
    from momon_cli.engine.effects import power
    assert at(g, "D3").oid == before and power(g.state, at(g, "D3")) == 3


def test_r_mc_11_a_momon_dying_during_a_check_triggers_before_the_post_snatch_group():
    coward = mk("Coward", "Fire", 2, ability=[{"static": {"power": -1, "per": {"side": "enemy"}}},
                                              {"when": "leaves_arena", "do": [{"take_first_player_token": True}]}])
    clod = mk("Clod", "Earth", 3, ["N"], ability=[{"when": "on_snatch", "do": [{"power": 1, "on": "self"}]}])
    g = game([clod], [mk("Spare")], [arena(2, coward, "D4"), arena(2, mk("Breeze", "Air", 5), "B2")])
    summon(g, "Clod", "B1")  # Snatching Breeze gives Ann a second Momon: Coward drops to 0 mid-Check
    sbc = next(i for i, e in enumerate(g.events) if e.kind == "sbc")
    assert sbc < next(i for i, e in enumerate(g.events) if e.kind == "check_ended")
    assert [e.name for e in of(g, "trigger_waiting")] == ["Coward", "Clod"]
    assert resolved_order(g) == ["Coward", "Clod"]


def resolved_order(g):
    names = {e.trigger: e.name for e in of(g, "trigger_waiting")}
    return [names[e.trigger] for e in of(g, "ability_resolved")]


def test_r_mc_27_a_turn_that_never_stops_resolving_ends_the_game_as_a_loop():
    from momon_cli.engine.arena import SPACES
    lemming = mk("Lemming", "Fire", 1, ability=[{"static": {"power": -1, "per": {"side": "enemy"}}},
                                                {"when": "on_summon", "do": [{"summon": {"from": "void"}}]}])
    rocks = [arena(2 if i % 2 else 1, mk("Rock", "Earth", 5), s) for i, s in enumerate(SPACES[1:])]
    g = game([lemming], [mk("Spare")], rocks)
    summon(g, "Lemming", "A1")  # it dies on arrival and Summons itself from the Void, again and again
    assert g.result is not None and g.result.reason == "loop"
    assert kinds(g, "end_condition") == ["end_condition"] and len(g.events) < 20000


def test_r_mc_17_order_asked_when_orders_differ_only_in_who_leaves_the_arena():
    # Fickle has Power 1, -1 while its side has a Water Momon, +1 while it has a Fire one.
    fickle = mk("Fickle", "Light", 1, ability=[
        {"static": {"power": -1, "while": {"side": "friendly", "element": "Water"}}},
        {"static": {"power": 1, "while": {"side": "friendly", "element": "Fire"}}}])
    g = game([mk("Atk", "Light", 9, ["N", "E"])], [mk("Spare")],
             [arena(1, fickle, "A1"), arena(2, mk("Wet", "Water", 1), "B3"), arena(2, mk("Hot", "Fire", 1), "C2")])
    summon(g, "Atk", "B2")  # both Attempts succeed in any order; only Wet first makes Fickle die
    d = g.pending
    assert d.kind is Kind.ORDER_ATTEMPTS
    outcomes = {o.order: o.lost for o in d.outcomes}
    assert outcomes == {("B3", "C2"): ("A1",), ("C2", "B3"): ()}
    g.answer(("C2", "B3"))
    assert at(g, "A1") is not None


def test_r_mc_14_to_hand_on_me_does_not_follow_the_card_outside_leaves_arena():
    phoenix = mk("Phoenix", "Fire", 2, ability=[
        {"when": "on_summon", "do": [{"to_void": "face_down", "on": "self"}]},
        {"when": "on_summon", "do": [{"to_hand": True, "on": "self"}]}])
    g = game([phoenix, mk("Spare")], [mk("Spare2")])
    summon(g, "Phoenix", "A1")
    order(g, 0, 1)
    zones = g.state.zones
    assert [zones.objects[o].card.name for o in zones.voids[1]] == ["Phoenix"]  # it stays in the Void


@pytest.mark.parametrize("to", ["to_void", "to_hand"])
def test_r_mc_28_cr_17_2_one_instruction_sending_several_momons_is_one_event(to):
    """Purge sends every Momon with Power 1 or less away at once: Bea's Moth (A2, first in
    Space order) and Ann's Moth (D3) leave together, so their Leaves Arena abilities wait as
    one group, the Active Player's first, as when State-Based Conditions take both."""
    leaves = [{"when": "leaves_arena", "do": [{"power": 1, "on": "friendly"}]}]
    send = {"to_void": "face_up"} if to == "to_void" else {"to_hand": True}
    purge = mk("Purge", "Dark", 5, ability=[{"when": "on_summon", "do": [{**send, "on": "all",
                                                                          "group": {"power_max": 1}}]}])
    g = game([purge], [mk("Spare")], [arena(2, mk("NapMoth", "Light", 1, ability=leaves), "A2"),
                                      arena(1, mk("ApMoth", "Light", 1, ability=leaves), "D3")])
    summon(g, "Purge", "B1")
    assert [e.name for e in of(g, "zone_changed")] == ["NapMoth", "ApMoth"]
    assert resolved_names(g) == ["Purge", "ApMoth", "NapMoth"]


def test_every_test_docs_rules_md_cites_exists():
    """docs/rules.md pins each ruling to tests by name (a trailing * for a prefix): a renamed
    test must not leave a ruling pointing at nothing."""
    import re
    from pathlib import Path

    root = Path(__file__).parent
    names = {n for p in root.glob("test_*.py") for n in re.findall(r"^def (test_\w+)", p.read_text(), re.M)}
    cited = re.findall(r"`(test_\w+\*?)`", (root.parent / "docs" / "rules.md").read_text())
    assert len(cited) > 50
    missing = [c for c in cited if not (any(n.startswith(c[:-1]) for n in names) if c.endswith("*") else c in names)]
    assert missing == []


def test_r_mc_28_two_returns_of_one_momon_due_together_return_it_once():
    recall = mk("Recall", ability=[{"when": "on_summon", "target": {"side": "friendly", "other": True},
                                    "do": [{"to_hand": True, "on": "targets", "at": "end_of_turn"},
                                           {"to_hand": True, "on": "targets", "at": "end_of_turn"}]}])
    g = game([recall], [mk("Spare")], [arena(1, mk("Mine"), "B2")])
    summon(g, "Recall", "A1")
    assert [e.name for e in of(g, "zone_changed")] == ["Mine"] and len(of(g, "return_lapsed")) == 1


def test_r_mc_28_a_momon_moved_twice_is_sent_away_once():
    mover = mk("Mover", ability=[{"when": "on_summon", "do": [{"move": True, "on": "self"}, {"move": True, "on": "self"},
                                                              {"to_void": "face_up", "on": "moved"}]}])
    g = game([mover, mk("X")], [mk("Spare")])
    summon(g, "Mover", "A1")
    while g.pending is not None and g.pending.kind is Kind.SPACE:
        g.answer(g.pending.options[0])
    assert [e.name for e in of(g, "zone_changed")] == ["Mover"]


def test_r_mc_28_one_instruction_sends_several_momons_in_one_go():
    """Sent together: each Momon known as it was before any left, and one group of triggers."""
    pair = {"static": {"power": 1, "per": {"side": "friendly", "other": True}}}
    leaves = {"when": "leaves_arena", "do": [{"power": 1, "on": "friendly", "until": "end_of_turn"}]}
    purge = mk("Purge", "Dark", 9, ability=[{"when": "on_summon", "do": [{"to_void": "face_up", "on": "friendly",
                                                                          "group": {"other": True}}]}])
    g = game([purge], [mk("Spare")], [arena(1, mk("TwinA", "Air", 1, ability=[pair, leaves]), "B2"),
                                      arena(1, mk("TwinB", "Air", 1, ability=[pair, leaves]), "C2")])
    summon(g, "Purge", "A1")
    sent = index(g, lambda e: e.kind == "zone_changed")
    kinds_after = [e.kind for e in g.events[sent:] if e.kind in ("zone_changed", "trigger_waiting")]
    assert kinds_after == ["zone_changed", "zone_changed", "trigger_waiting", "trigger_waiting"]
    assert [lki.power for lki in g.state.zones.last_known.values() if lki.card.name.startswith("Twin")] == [3, 3]
