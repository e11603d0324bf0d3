"""BASELINE 11.5, 13 and TH 17: every key of the effect vocabulary resolves, and fails as the
rules say (no legal Space, target gone, Ward, prohibitions, a spent once-only right)."""

import pytest
from helpers import answer, arena, at, board, game, mk, of, summon, void

from momon_cli.engine import Kind


def on_summon(*do, target=None, **extra):
    ability = {"when": "on_summon", "do": list(do), **extra}
    if target is not None:
        ability["target"] = target
    return [ability]


ENEMY = {"side": "enemy"}


def test_baseline_13_set_power_applies_before_modifiers_latest_set_wins():
    caster = mk("Caster", ability=on_summon({"power": 2, "on": "targets"}, {"set_power": 1, "on": "targets"},
                                            {"set_power": 4, "on": "targets"}, target=ENEMY))
    g = game([caster], [mk("Spare")], [arena(2, mk("Big", "Fire", 9), "D4")])
    summon(g, "Caster", "A1")
    assert [e.power for e in of(g, "power_set")] == [3, 6]  # 1 + 2, then 4 + 2
    assert of(g, "expired")  # "until end of turn" by default


def test_baseline_13_set_power_to_zero_sends_to_void_by_sbc():
    caster = mk("Caster", ability=on_summon({"set_power": 0, "on": "targets"}, target=ENEMY))
    g = game([caster], [mk("Spare")], [arena(2, mk("Big", "Fire", 9), "D4")])
    summon(g, "Caster", "A1")
    assert of(g, "sbc")[0].action == "power_zero" and at(g, "D4") is None


def test_baseline_11_5_element_change_is_what_the_check_reads():
    # Water 1 would not beat Fire 5 by Power; made Water, the Fire defender is Beaten.
    dye = mk("Dye", "Water", 1, ["N"])
    paint = mk("Paint", ability=on_summon({"element": "Earth", "on": "targets"}, target=ENEMY))
    g = game([paint, dye], [mk("Spare"), mk("Spare")], [arena(2, mk("Gust", "Air", 5), "A2")])
    summon(g, "Paint", "D1")
    assert of(g, "element_changed")[0].element == "Earth"
    summon(g, "Spare", "D4")
    assert of(g, "expired")[0].what == "element"  # it ended with Ann's turn


def test_baseline_11_5_latest_element_change_wins_for_the_snatch_check():
    attacker = mk("Tint", "Fire", 1, ["N"], ability=on_summon({"element": "Air", "on": "self"},
                                                              {"element": "Earth", "on": "self"}))
    g = game([attacker], [mk("Spare")], [arena(2, mk("Kite", "Air", 5), "A2")])
    summon(g, "Tint", "A1")
    a = of(g, "attempt_resolved")[0]
    assert (a.attacker_element, a.reason) == ("Earth", "element")


def test_th_17_6_lose_ward_removes_the_token_at_once_and_a_target_without_ward_is_a_no_op():
    breaker = mk("Breaker", ability=on_summon({"lose_ward": True, "on": "enemy"}))
    guard = mk("Guard", ability=on_summon({"ward": True, "on": "self", "until": "leaves_arena"}))
    g = game([guard, mk("Pup")], [breaker], first=1)
    summon(g, "Guard", "A4")
    summon(g, "Breaker", "D1")
    lost = of(g, "ward_lost")
    assert lost[0].had_ward and not at(g, "A4").ward_token


def test_th_17_3_move_to_a_chosen_empty_space_makes_no_check():
    mover = mk("Mover", ability=on_summon({"move": True, "on": "targets", "to": "any"},
                                          target={"side": "enemy"}))
    g = game([mover], [mk("Spare")], [arena(2, mk("Foe", "Fire", 1), "D4")])
    summon(g, "Mover", "A1")
    assert g.pending.kind is Kind.SPACE and "D4" not in g.pending.options and "A1" not in g.pending.options
    answer(g, "B3")
    assert board(g) == {"A1": ("Mover", 1), "B3": ("Foe", 2)}
    assert [c.cause for c in of(g, "check_started")] == ["turn"]


def test_th_17_9_move_adjacent_with_no_legal_space_fails():
    corner = mk("Corner", ability=on_summon({"move": True, "on": "self", "to": "adjacent"}))
    g = game([corner], [mk("Spare")], [arena(2, mk("B"), "B1"), arena(2, mk("C"), "A2"), arena(2, mk("D"), "B2")])
    summon(g, "Corner", "A1")
    assert of(g, "instruction_failed")[0].reason == "no_legal_space"
    assert at(g, "A1").card.name == "Corner"


def test_th_17_9_move_target_gone_does_nothing():
    kill_then_move = mk("Pair", ability=[
        {"when": "on_summon", "target": ENEMY, "do": [{"to_void": "face_up", "on": "targets"}]},
        {"when": "on_summon", "target": ENEMY, "do": [{"move": True, "on": "targets"}]}])
    g = game([kill_then_move], [mk("Spare")], [arena(2, mk("Foe"), "D4")])
    summon(g, "Pair", "A1")
    answer(g, g.pending.keys())
    assert of(g, "ability_resolved")[-1].outcome == "no_legal_targets" and not of(g, "moved")


def test_th_17_9_multi_move_may_choose_no_mover():
    herder = mk("Herder", ability=on_summon({"multi_move": True, "on": "enemy"}))
    g = game([herder], [mk("Spare")], [arena(2, mk("Foe"), "D4")])
    summon(g, "Herder", "A1")
    answer(g, ())
    assert not of(g, "moved") and at(g, "D4").card.name == "Foe"


def test_th_17_9_multi_move_with_no_possible_mover_fails():
    herder = mk("Herder", ability=on_summon({"multi_move": True, "on": "enemy", "to": "adjacent"}))
    boxed = [arena(2, mk("Foe"), "A4"), arena(2, mk("W1"), "B4"), arena(2, mk("W2"), "A3"), arena(2, mk("W3"), "B3")]
    g = game([herder], [mk("Spare")], boxed)
    summon(g, "Herder", "D1")
    # B3 can still go to C2-C4 or A2-B2: only the three boxed ones cannot; choose none to move.
    if g.pending.kind is Kind.TARGETS:
        assert "A4" not in g.pending.options
        answer(g, ())


def test_th_17_9_swap_needs_both_targets():
    pair = mk("Pair", ability=[
        {"when": "on_summon", "target": {"side": "enemy", "element": "Air"}, "do": [{"to_void": "face_up", "on": "targets"}]},
        {"when": "on_summon", "target": {"side": "any", "count": 2, "other": True}, "do": [{"swap": True, "on": "targets"}]}])
    g = game([pair], [mk("Spare")], [arena(2, mk("Kite", "Air"), "D4"), arena(2, mk("Rock", "Earth"), "A4")])
    summon(g, "Pair", "A1")
    answer(g, g.pending.keys())  # the Void-sender first
    assert of(g, "instruction_failed")[0].reason == "target_gone" and not of(g, "swapped")


@pytest.mark.parametrize("defender,reason", [
    ({"ability": [{"static": {"unsnatchable_by_opponent_abilities": True}}]}, "protected"),
    ({}, "success"),
])
def test_th_17_5_direct_snatch_prohibitions(defender, reason):
    taker = mk("Taker", ability=on_summon({"direct_snatch": True, "on": "targets"}, target=ENEMY))
    g = game([taker], [mk("Spare")], [arena(2, mk("Prize", **defender), "D4")])
    summon(g, "Taker", "A1")
    assert of(g, "direct_snatch")[0].reason == reason
    assert at(g, "D4").controller == (1 if reason == "success" else 2)


def test_r_mc_22_direct_snatch_of_two_at_once_is_together():
    taker = mk("Taker", ability=on_summon({"direct_snatch": True, "on": "enemy"}))
    halo = mk("Halo", ability=[{"static": {"unsnatchable_together": True}}])
    g = game([taker], [mk("Spare")], [arena(2, halo, "D4"), arena(2, mk("Other"), "C4")])
    summon(g, "Taker", "A1")
    assert {e.name: e.reason for e in of(g, "direct_snatch")} == {"Halo": "prohibited", "Other": "success"}


def test_r_mc_29_a_source_that_cannot_snatch_takes_nothing_by_direct_snatch():
    ox = mk("Ox", ability=[{"static": {"cannot_snatch": True}},
                           *on_summon({"direct_snatch": True, "on": "targets"}, target=ENEMY)])
    g = game([ox], [mk("Spare")], [arena(2, mk("Prize"), "D4")])
    summon(g, "Ox", "A1")
    assert of(g, "direct_snatch")[0].reason == "cannot_snatch" and at(g, "D4").controller == 2


def test_r_mc_21_an_incite_that_makes_a_check_spends_a_once_only_right_even_with_no_attempts():
    """The instruction is done when its Check is made [TH 17.9]; what the Check then finds
    (here nothing: the incited Momon cannot Snatch) is not the Incite's to succeed at."""
    ox = mk("Ox", "Fire", 9, ["N"], ability=[{"static": {"cannot_snatch": True}}])
    goad = mk("Goad", ability=on_summon({"incite": True, "on": "targets"}, target={"side": "friendly", "other": True},
                                        once=True))
    g = game([goad], [mk("Spare")], [arena(1, ox, "C1"), arena(2, mk("Weak", "Fire", 1), "C2")])
    summon(g, "Goad", "A1")
    answer(g, True)  # the once-only right is offered
    assert [(c.cause, c.attempts) for c in of(g, "check_started")][0] == ("incite", 0) and of(g, "once_used")


def test_baseline_13_cannot_snatch_makes_no_attempts_even_when_incited():
    pacifist = mk("Pacifist", "Fire", 9, ["N"], ability=[{"static": {"cannot_snatch": True}},
                                                         {"when": "on_summon", "do": [{"incite": True, "on": "self"}]}])
    g = game([pacifist], [mk("Spare")], [arena(2, mk("Weak", "Fire", 1), "A2")])
    summon(g, "Pacifist", "A1")
    assert [(c.cause, c.attempts) for c in of(g, "check_started")] == [("incite", 0), ("turn", 0)]


def test_cr_11_1_4_incite_check_makes_snatched_back_but_not_on_snatch():
    inciter = mk("Goad", ability=on_summon({"incite": True, "on": "targets"}, target={"side": "friendly", "other": True}))
    hook = mk("Hook", "Fire", 9, ["N"], ability=[{"when": "on_snatch", "do": [{"power": 1, "on": "self"}]}])
    back = mk("Back", "Water", 1, ability=[{"when": "snatched_back", "do": [{"power": 1, "on": "self"}]}])
    g = game([inciter], [mk("Spare")], [arena(1, hook, "C1"), arena(1, back, "C2", controller=2)])
    summon(g, "Goad", "A1")
    timings = [w.timing for w in of(g, "trigger_waiting")]
    assert "snatched_back" in timings and "on_snatch" not in timings


@pytest.mark.parametrize("face", ["face_up", "face_down"])
def test_th_17_3_to_void_face_up_or_down_new_object(face):
    reaper = mk("Reaper", ability=on_summon({"to_void": face, "on": "targets"}, target=ENEMY))
    g = game([reaper], [mk("Spare")], [arena(2, mk("Foe"), "D4")])
    old = at(g, "D4").oid
    summon(g, "Reaper", "A1")
    obj = g.state.zones.objects[g.state.zones.voids[2][0]]
    assert obj.oid != old and obj.face_up == (face == "face_up")


def test_th_17_7_to_hand_now_returns_to_the_owner_even_when_controlled_by_the_other():
    bounce = mk("Bounce", ability=on_summon({"to_hand": True, "on": "targets"}, target={"side": "friendly", "other": True}))
    g = game([bounce], [mk("Spare")], [arena(2, mk("Stolen"), "B2", controller=1)])
    summon(g, "Bounce", "A1")
    assert [g.state.zones.objects[o].card.name for o in g.state.zones.hands[2]] == ["Spare", "Stolen"]


def test_th_17_7_to_hand_at_your_next_turn_lapses_if_it_left_the_arena_first():
    recall = mk("Recall", ability=on_summon({"to_hand": True, "on": "targets", "at": "your_next_turn"},
                                            target={"side": "friendly", "other": True}))
    reaper = mk("Reaper", ability=on_summon({"to_void": "face_up", "on": "targets"}, target=ENEMY))
    g = game([recall, mk("Pup")], [reaper], [arena(1, mk("Mine"), "B2")])
    summon(g, "Recall", "A1")
    assert of(g, "return_scheduled")[0].at == "your_next_turn"
    summon(g, "Reaper", "D4")
    if g.pending.kind is Kind.TARGETS:
        answer(g, ("B2",))
    assert of(g, "return_lapsed")[0].name == "Mine"  # at Ann's turn 3: it had changed zones


def test_th_17_7_to_hand_at_end_of_turn_returns_an_arena_momon():
    recall = mk("Recall", ability=on_summon({"to_hand": True, "on": "targets", "at": "end_of_turn"},
                                            target={"side": "friendly", "other": True}))
    g = game([recall], [mk("Spare")], [arena(1, mk("Mine"), "B2")])
    summon(g, "Recall", "A1")
    assert at(g, "B2") is None and [g.state.zones.objects[o].card.name for o in g.state.zones.hands[1]] == ["Mine"]


def test_r_mc_20_summon_from_void_only_face_up_cards():
    raiser = mk("Raiser", ability=on_summon({"summon": {"from": "void"}}))
    g = game([raiser], [mk("Spare")], [void(1, mk("Hidden"), face_up=False)])
    summon(g, "Raiser", "A1")
    assert of(g, "instruction_failed")[0].reason == "no_eligible_card"


def test_th_17_1_summon_filters_by_stars_element_and_trait():
    caller = mk("Caller", ability=on_summon({"summon": {"from": "hand", "stars_max": 2, "element": "Air",
                                                        "trait": "Sprite"}}))
    hand = [caller, mk("Big Sprite", "Air", stars=3, traits=["Sprite"]), mk("Wet Sprite", "Water", traits=["Sprite"]),
            mk("Plain", "Air"), mk("Right", "Air", stars=2, traits=["Sprite"])]
    g = game(hand, [mk("Spare")])
    summon(g, "Caller", "A1")
    assert g.pending.kind is Kind.SPACE
    answer(g, "B1")
    assert board(g) == {"A1": ("Caller", 1), "B1": ("Right", 1)}


def test_baseline_9_4_summoning_abilitys_controller_marks_and_batch_check_is_ability_caused():
    caller = mk("Caller", ability=on_summon({"summon": {"from": "hand"}}))
    keeper = mk("Keeper", "Light", 1, ability=[{"static": {"unsnatchable_by_opponent_abilities": True}}])
    g = game([caller, mk("Biter", "Fire", 9, ["N"])], [mk("Spare")], [arena(2, keeper, "B2")])
    summon(g, "Caller", "A1")
    answer(g, "B1")
    assert of(g, "marked")[-1].player == 1
    check = next(c for c in of(g, "check_started") if c.name == "Biter")
    assert check.cause == "summon" and of(g, "attempt_resolved")[0].reason == "protected"  # CR 11.1.4


def test_th_17_8_take_first_player_token_keeps_turn_order():
    taker = mk("Taker", ability=on_summon({"take_first_player_token": True}))
    g = game([mk("Pup"), mk("Pup")], [taker, mk("Imp")], first=1)
    summon(g, "Pup", "A1")
    summon(g, "Taker", "D4")
    assert g.state.first_token == 2 and g.pending.player == 1


def test_th_17_5_once_only_right_is_offered_and_spent_by_a_successful_use():
    once = mk("Once", ability=[{"when": "end_of_turn", "once": True, "do": [{"power": 1, "on": "self"}]}])
    g = game([once, mk("Pup"), mk("Pup")], [mk("Imp"), mk("Imp")])
    summon(g, "Once", "A1")
    assert g.pending.kind is Kind.YES_NO and "once-only" in g.pending.prompt
    answer(g, True)
    summon(g, "Imp", "D4")
    summon(g, "Pup", "B1")
    assert [e.name for e in of(g, "trigger_waiting")].count("Once") == 1  # never again


def test_r_mc_18_if_condition_checked_at_resolution():
    lonely = mk("Lonely", ability=on_summon({"power": 5, "on": "self"}, **{"if": {"side": "friendly", "other": True}}))
    g = game([lonely], [mk("Spare")])
    summon(g, "Lonely", "A1")
    assert of(g, "ability_resolved")[0].outcome == "condition_false"


def test_baseline_11_5_static_power_while_a_condition_holds():
    banner = mk("Banner", "Fire", 2, ability=[{"static": {"power": 3, "while": {"side": "friendly", "element": "Fire",
                                                                                "other": True}}}])
    g = game([banner], [mk("Spare")], [arena(1, mk("Flame", "Fire"), "B2")])
    summon(g, "Banner", "A1")
    from momon_cli.engine.effects import power
    assert power(g.state, at(g, "A1")) == 5


def test_th_17_5_snatched_selector_uses_power_at_the_snatch():
    glutton = mk("Glutton", "Fire", 9, ["N"], ability=[{"when": "on_snatch", "do": [
        {"power": 1, "on": "snatched", "group": {"power_max": 2}}]}])
    g = game([glutton], [mk("Spare")], [arena(2, mk("Small", "Fire", 2), "A2")])
    summon(g, "Glutton", "A1")
    assert [(m.name, m.amount) for m in of(g, "power_modified")] == [("Small", 1)]


def test_th_17_1_two_summons_by_one_ability_keep_their_summon_event_order():
    twice = mk("Twice", ability=on_summon({"summon": {"from": "hand", "element": "Air"}},
                                          {"summon": {"from": "hand", "element": "Water"}}))
    g = game([twice, mk("Gust", "Air"), mk("Rain", "Water")], [mk("Spare")])
    summon(g, "Twice", "A1")
    answer(g, "B1")
    answer(g, "C1")
    assert [e.name for e in of(g, "batch_started")] == ["Gust", "Rain"]
    assert board(g) == {"A1": ("Twice", 1), "B1": ("Gust", 1), "C1": ("Rain", 1)}


def test_th_17_9_direct_snatch_protection_reads_the_causal_momons_controller():
    """CR 11.1.4: Alpha's ability (Ann's) resolves after Beta took Alpha, so the causal Momon
    is Bea's, like the Keeper: the Keeper is not protected from it."""
    each = [{"when": "end_of_turn", "whose": "each", "target": {"side": "enemy"},
             "do": [{"direct_snatch": True, "on": "targets"}]}]
    keeper = mk("Keeper", ability=[{"static": {"unsnatchable_by_opponent_abilities": True}}])
    g = game([mk("Pup")], [mk("Imp")], [arena(1, mk("Alpha", ability=each), "A1"),
                                        arena(2, mk("Beta", ability=each), "D4"), arena(2, keeper, "D1")], first=2)
    summon(g, "Imp", "B2")
    while g.pending is not None and g.pending.kind is not Kind.SUMMON:
        d = g.pending
        if d.kind is Kind.TARGETS:
            answer(g, ("D1",) if "D1" in d.options else (d.options[0],))  # Alpha targets the Keeper
        else:
            answer(g, d.keys() if d.kind in (Kind.ORDER_TRIGGERS,) else d.options[0])
    results = {e.name: e.reason for e in of(g, "direct_snatch")}
    assert results == {"Alpha": "success", "Keeper": "success"}
