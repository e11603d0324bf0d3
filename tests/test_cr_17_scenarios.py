"""CR 17 and TH 17: every published scenario, each built from a position file in
tests/positions/ with the scenario card set (tests/positions/cards.toml), in both rules
profiles wherever the profile can change the outcome. Each test writes down the final
state it expects."""

import pytest
from helpers import answer, board, from_position, index, kinds, of, pass_turn, resolved_names, summon

from momon_cli.engine import Kind

PROFILES = ["sequential", "simultaneous"]


def first_index(g, kind, **fields):
    return index(g, lambda e: e.kind == kind and all(getattr(e, k) == v for k, v in fields.items()))


# -- 17.1 -------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_cr_17_1_th_17_1_multi_snatch_element_and_power(profile):
    g = from_position("17-1-multi-snatch", profile)
    summon(g, "Clod", "B1")
    assert [e.defender_space for e in of(g, "attempt_created")] == ["B2", "C1"]  # the whole set first
    results = {e.defender_name: (e.success, e.reason) for e in of(g, "attempt_resolved")}
    assert results == {"Breeze": (True, "element"), "Drip": (False, "neither")}
    assert board(g) == {"B1": ("Clod", 1), "B2": ("Breeze", 1), "C1": ("Drip", 2)}


def test_cr_17_1_sequential_each_attempt_rechecked_with_sbc_after_each(monkeypatch):
    from momon_cli.engine import snatch
    calls = []
    real = snatch.sbc.perform
    monkeypatch.setattr(snatch.sbc, "perform", lambda ctx: (calls.append(len(ctx.events)), real(ctx)))
    g = from_position("17-1-multi-snatch", "sequential")
    summon(g, "Clod", "B1")
    started, ended = first_index(g, "check_started"), first_index(g, "check_ended")
    assert len([n for n in calls if started < n <= ended]) == 2


def test_th_17_1_simultaneous_one_state_apply_together_sbc_once(monkeypatch):
    from momon_cli.engine import snatch
    calls = []
    real = snatch.sbc.perform
    monkeypatch.setattr(snatch.sbc, "perform", lambda ctx: (calls.append(len(ctx.events)), real(ctx)))
    g = from_position("17-1-order-matters", "simultaneous")
    summon(g, "Climber", "B1")
    resolved = [i for i, e in enumerate(g.events) if e.kind == "attempt_resolved"]
    changed = [i for i, e in enumerate(g.events) if e.kind == "control_changed"]
    assert max(resolved) < min(changed)  # judged on one state before any control changes
    started, ended = first_index(g, "check_started"), first_index(g, "check_ended")
    assert len([n for n in calls if started < n <= ended]) == 1


@pytest.mark.parametrize("first,expected", [
    ("B2", {"B1": ("Climber", 1), "B2": ("Breeze", 1), "C1": ("Drip", 1)}),
    ("C1", {"B1": ("Climber", 1), "B2": ("Breeze", 1), "C1": ("Drip", 2)}),
])
def test_cr_10_1_5_cr_17_1_two_attempt_orders_end_differently(first, expected):
    g = from_position("17-1-order-matters", "sequential")
    summon(g, "Climber", "B1")
    assert g.pending.kind is Kind.ORDER_ATTEMPTS
    answer(g, (first, "C1" if first == "B2" else "B2"))
    assert board(g) == expected


def test_th_17_1_profiles_end_one_position_differently():
    ends = {}
    for profile in PROFILES:
        g = from_position("17-1-order-matters", profile)
        summon(g, "Climber", "B1")
        if g.pending.kind is Kind.ORDER_ATTEMPTS:
            answer(g, ("B2", "C1"))
        ends[profile] = board(g)["C1"]
    assert ends == {"sequential": ("Drip", 1), "simultaneous": ("Drip", 2)}


@pytest.mark.parametrize("profile", PROFILES)
def test_th_17_1_not_together_even_if_the_other_attempt_fails(profile):
    g = from_position("th-17-1-together", profile)
    summon(g, "Clod", "B1")
    assert {e.defender_name: e.reason for e in of(g, "attempt_resolved")} == {"Halo": "prohibited", "Boulder": "neither"}
    assert board(g) == {"B1": ("Clod", 1), "B2": ("Halo", 2), "C1": ("Boulder", 2)}


@pytest.mark.parametrize("profile", PROFILES)
def test_th_17_1_additional_success_condition_still_stopped_by_ward(profile):
    g = from_position("th-17-1-extra-success", profile)
    summon(g, "Bog Hound", "B1")  # Water 4 vs Warden (Water 2: Power) and Drip (Water 3, Ward)
    assert {e.defender_name: e.reason for e in of(g, "attempt_resolved")} == {"Warden": "power", "Drip": "ward"}
    assert board(g)["C1"] == ("Drip", 2)


def test_th_17_1_extra_success_makes_a_weaker_attacker_win():
    from helpers import arena, game, mk
    hound = mk("Hound", "Water", 1, ["N"], ability=[{"static": {"extra_success": {"defender": {"element": "Water"}}}}])
    g = game([hound], [mk("Spare")], [arena(2, mk("Tide", "Water", 8), "A2")])
    summon(g, "Hound", "A1")
    assert of(g, "attempt_resolved")[0].reason == "extra" and board(g)["A2"] == ("Tide", 1)


@pytest.mark.parametrize("profile", PROFILES)
def test_th_17_1_summon_batch_order_y_then_batch_a_then_x(profile):
    g = from_position("th-17-1-batch-order", profile)
    summon(g, "Rift Caller", "A1")
    assert g.pending.kind is Kind.SPACE  # where Sprout goes: chosen at resolution
    answer(g, "B3")
    tid = {e.name: e.trigger for e in of(g, "trigger_waiting")}
    y, x = (first_index(g, "ability_resolved", trigger=tid[n]) for n in ("Omen", "Omen Elder"))
    batch_start, batch_end = first_index(g, "batch_started"), first_index(g, "batch_ended")
    sprout_check = first_index(g, "check_started", name="Sprout")
    assert y < batch_start < sprout_check < batch_end < x
    assert of(g, "check_started")[0].cause == "summon"  # A's own Check comes first, Ability-caused
    assert g.state.first_token == 2  # Omen's trigger is Bea's: its controller as it left
    assert board(g) == {"A1": ("Rift Caller", 1), "B3": ("Sprout", 1)}


def test_th_17_1_a_summon_during_a_batch_comes_after_x():
    g = from_position("th-17-1-batch-nested")
    summon(g, "Rift Caller", "A1")
    assert g.pending.kind is Kind.CARD and set(g.pending.options) == {"TPS-012", "TPS-011"}
    answer(g, "TPS-012")  # Seed Mother: batch A
    answer(g, "B3")
    while g.pending is not None and g.pending.kind is Kind.SPACE:  # Sprout (batch C) goes where it is put
        answer(g, "C3")
    starts = [(i, e.name) for i, e in enumerate(g.events) if e.kind == "batch_started"]
    x = next(i for i, e in enumerate(g.events) if e.kind == "ability_resolved"
             and e.trigger == next(w.trigger for w in of(g, "trigger_waiting") if w.name == "Omen Elder"))
    assert [n for _, n in starts] == ["Seed Mother", "Sprout"]
    assert starts[0][0] < first_index(g, "batch_ended") < x < starts[1][0]
    assert board(g) == {"A1": ("Rift Caller", 1), "B3": ("Seed Mother", 1), "C3": ("Sprout", 1)}


# -- 17.2 -------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_cr_17_2_th_17_2_ap_then_nap_and_a_new_trigger_goes_last(profile):
    g = from_position("17-2-queue", profile)
    summon(g, "Pebble", "D1")
    d = g.pending
    assert d.kind is Kind.ORDER_TRIGGERS and d.player == 1
    answer(g, tuple(o.key for o in sorted(d.options, key=lambda o: o.name)))  # AP-A before AP-B
    queued = [e.position for e in of(g, "trigger_queued")]
    assert queued[:3] == [1, 2, 3]
    assert resolved_names(g)[:4] == ["Sentry A", "Sentry B", "Sentry C", "Fuse"]
    assert queued[3] == 3  # AP-D entered behind B and C, the two still waiting
    assert "Fuse" not in {n for n, _ in board(g).values()}


@pytest.mark.parametrize("weaken_first,expected", [
    (True, {"A1": ("Hexer", 1)}),
    (False, {"A1": ("Hexer", 1), "D4": ("Omen", 2)}),
])
def test_cr_17_2_two_trigger_orders_end_differently(weaken_first, expected):
    g = from_position("17-2-order-matters")
    summon(g, "Hexer", "A1")
    d = g.pending
    assert d.kind is Kind.ORDER_TRIGGERS and d.player == 1
    keys = d.keys()  # "<card>@<Space>#1" weakens, "#2" sends the weak to the Void
    answer(g, keys if weaken_first else tuple(reversed(keys)))
    assert board(g) == expected


# -- 17.3 -------------------------------------------------------------------------------
def test_cr_17_3_th_17_3_only_target_gone_whole_ability_does_nothing():
    g = from_position("17-3-target-gone")
    summon(g, "Executioner", "A1")
    d = g.pending
    assert d.kind is Kind.ORDER_TRIGGERS
    answer(g, d.keys())  # the Void-sending ability first
    assert [e.outcome for e in of(g, "ability_resolved")] == ["resolved", "no_legal_targets"]
    assert g.state.first_token == 2  # the untargeted part did not happen either (TH 17.3)
    assert of(g, "zone_changed")[0].to_zone == "void"
    assert board(g) == {"A1": ("Executioner", 1)}


def test_cr_17_3_other_targets_remain_affected():
    g = from_position("17-3-other-targets")
    summon(g, "Scourge", "A1")
    answer(g, g.pending.keys())
    mods = of(g, "power_modified")
    assert [(m.name, m.amount) for m in mods] == [("Boulder", -1)]
    assert of(g, "ability_resolved")[-1].targets == ("D3",)
    assert board(g) == {"A1": ("Scourge", 1), "D3": ("Boulder", 2)}


def test_th_17_3_fbd167_send_to_void_and_summon_into_that_space():
    g = from_position("th-17-3-fbd167")
    summon(g, "Changeling Gate", "A1")
    assert of(g, "summoned")[-1].by_ability and of(g, "summoned")[-1].space == "C3"
    assert first_index(g, "ability_resolved") < first_index(g, "batch_started")  # the ability finishes first
    assert board(g) == {"A1": ("Changeling Gate", 1), "C3": ("Pixie", 1)}
    assert [g.state.zones.objects[o].card.name for o in g.state.zones.voids[2]] == ["Boulder"]


def test_th_17_3_fbd167_without_an_eligible_card_nothing_happens():
    g = from_position("th-17-3-fbd167-none")
    summon(g, "Changeling Gate", "A1")
    assert of(g, "ability_resolved")[0].outcome == "no_eligible_card"
    assert board(g) == {"A1": ("Changeling Gate", 1), "C3": ("Boulder", 2)}


# -- 17.4 -------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_cr_17_4_th_17_4_source_left_queued_ability_uses_last_known_information(profile):
    g = from_position("17-4-source-leaves", profile)
    summon(g, "Doomed Watch", "B1")
    d = g.pending
    assert d.kind is Kind.ORDER_TRIGGERS
    answer(g, d.keys())  # the self-sending ability first
    moved = of(g, "zone_changed")[0]
    assert (moved.name, moved.face_up, moved.to_zone) == ("Doomed Watch", False, "void")
    assert moved.new_oid != moved.oid  # a new object in the Void
    assert [m.name for m in of(g, "power_modified")] == ["Drip"]  # adjacent to where the Watch last was
    assert of(g, "trigger_waiting")[1].controller == 1
    assert board(g) == {"B2": ("Drip", 2), "D4": ("Breeze", 2)}


# -- 17.5 -------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_cr_17_5_th_17_5_snatched_back_on_snatch_first_same_object(profile):
    g = from_position("17-5-snatched-back", profile)
    before = g.state.zones.arena["A2"]
    summon(g, "Hook", "A1")
    warden = g.state.zones.objects[g.state.zones.arena["A2"]]
    assert (warden.oid, warden.owner, warden.controller) == (before, 1, 1)
    assert resolved_names(g) == ["Hook", "Warden"]  # On Snatch, then Snatched Back
    assert board(g) == {"A1": ("Hook", 1), "A2": ("Warden", 1)}


def test_th_17_5_direct_snatch_back_makes_return_trigger_but_no_on_snatch():
    g = from_position("th-17-5-direct-snatch-back")
    summon(g, "Usurper", "A1")
    assert of(g, "control_changed")[0].how == "direct"
    assert [w.timing for w in of(g, "trigger_waiting")] == ["on_summon", "snatched_back"]
    assert board(g) == {"A1": ("Usurper", 1), "D4": ("Warden", 1)}


def test_th_17_5_fbd159_on_snatch_reads_power_at_the_snatch():
    g = from_position("th-17-5-fbd159")
    summon(g, "Glutton", "B1")  # Snatches Breeze (Power 5) and Pebble (Power 1)
    assert [(m.name, m.amount) for m in of(g, "power_modified")] == [("Breeze", 2)]
    assert board(g) == {"B1": ("Glutton", 1), "B2": ("Breeze", 1), "C1": ("Pebble", 1)}


def test_th_17_5_fbd174_the_momon_that_snatched_me():
    g = from_position("th-17-5-fbd174")
    summon(g, "Hook", "A1")
    answer(g, g.pending.keys()) if g.pending.kind is Kind.ORDER_TRIGGERS else None
    mods = [(m.name, m.amount) for m in of(g, "power_modified")]
    assert ("Hook", -1) in mods and ("Hook", 1) in mods
    assert board(g) == {"A1": ("Hook", 1), "A2": ("Grudge", 1)}


def test_th_17_5_fbd134_once_only_spent_only_when_the_direct_snatch_succeeds():
    g = from_position("th-17-5-fbd134")
    # Turn 1: offered (Drip is the only enemy target); Ann declines: not spent.
    assert g.pending.kind is Kind.YES_NO and "once-only" in g.pending.prompt
    answer(g, False)
    pass_turn(g)
    pass_turn(g)
    # Turn 3: Drip's Ward ended as Bea's turn 2 started.
    assert g.state.turn == 3 and g.pending.kind is Kind.TARGETS  # Bea's Pebble is a target now too
    answer(g, ("D4",))
    answer(g, True)
    assert of(g, "direct_snatch")[-1].success and of(g, "once_used")
    pass_turn(g)
    pass_turn(g)
    pass_turn(g)
    assert [e.name for e in of(g, "trigger_waiting")].count("Claimant") == 2  # never again
    assert board(g)["D4"] == ("Drip", 1)


def test_th_17_5_fbd134_a_failed_direct_snatch_does_not_spend_the_right():
    g = from_position("th-17-5-fbd134")
    answer(g, True)  # Drip has Ward: the Direct Snatch fails [TH 17.6]
    assert of(g, "direct_snatch")[0].reason == "ward" and not of(g, "once_used")
    assert not g.state.once_used


# -- 17.6 -------------------------------------------------------------------------------
def test_th_17_6_a_second_ward_grant_creates_nothing_and_extends_nothing():
    g = from_position("th-17-6-ward")
    summon(g, "Shell Guard", "B1")
    if g.pending is not None and g.pending.kind is Kind.TARGETS:
        answer(g, ("A1",))
    assert [w.stacked for w in of(g, "ward_granted")] == [True]
    expired = [(e.what, e.when) for e in of(g, "expired")]
    assert expired == [("ward", "start_of_turn")] and g.state.turn == 2  # at its first time, Bea's turn
    assert not [e for e in g.state.effects if e.kind == "ward"]


def test_th_17_6_lose_ward_then_a_new_grant_outlives_the_old_expiry():
    g = from_position("th-17-6-lose-ward")
    summon(g, "Reforge", "D4")
    lost, granted = of(g, "ward_lost")[0], of(g, "ward_granted")[0]
    assert lost.had_ward and not granted.stacked
    assert first_index(g, "ward_lost") < first_index(g, "ward_granted")
    assert g.state.turn == 2 and g.pending.player == 1  # Ann's turn: the old expiry time has come
    drip = g.state.zones.objects[g.state.zones.arena["A1"]]
    assert drip.ward_token and [e.controller for e in g.state.effects if e.kind == "ward"] == [2]


def test_th_17_6_ward_forbids_direct_snatch():
    g = from_position("th-17-5-fbd134")
    answer(g, True)
    assert of(g, "direct_snatch")[0].reason == "ward"


# -- 17.7 -------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_cr_17_7_th_17_7_void_fallback_opponent_picks_blind(profile):
    g = from_position("17-7-void-fallback", profile)
    assert of(g, "void_randomized")[0].count == 2
    d = g.pending
    assert (d.kind, d.player, d.options) == (Kind.PICK_FACE_DOWN, 2, (1, 2))
    answer(g, 2)
    picked = of(g, "face_down_picked")[0]
    assert g.pending.kind is Kind.SPACE and g.pending.player == 1
    answer(g, "C2")
    assert board(g) == {"C2": (picked.name, 1)}
    left = g.state.zones.objects[g.state.zones.voids[1][0]]
    assert not left.face_up  # the other card stays face-down


def test_th_17_7_fbd146_delayed_return_tracks_the_void_card():
    g = from_position("th-17-7-fbd146")
    summon(g, "Reaper", "D4")
    assert of(g, "return_scheduled")[0].zone == "void"
    back = [e for e in of(g, "zone_changed") if e.to_zone == "hand"]
    assert [b.name for b in back] == ["Echo Moth"]
    assert [g.state.zones.objects[o].card.name for o in g.state.zones.hands[1]] == ["Pebble", "Echo Moth"]
    assert board(g) == {"D4": ("Reaper", 2)}


def test_th_17_7_fbd147_a_card_that_left_the_void_first_is_not_followed():
    g = from_position("th-17-7-fbd147")
    summon(g, "Raiser", "A1")
    if g.pending is not None and g.pending.kind is Kind.SPACE:
        answer(g, "B1")
    assert of(g, "return_lapsed")[0].name == "Echo Moth"
    assert board(g) == {"A1": ("Raiser", 1), "B1": ("Echo Moth", 1)}


# -- 17.8 -------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_cr_17_8_th_17_8_full_arena_ends_by_control_score_with_token_values(profile):
    g = from_position("17-8-full-arena", profile)
    summon(g, "Pebble", "D4")
    assert g.pending is None
    end = of(g, "game_ended")[0]
    assert (end.reason, end.scores, end.winner, end.tiebreak) == ("full-arena", (9, 8), 1, False)
    assert kinds(g, "end_condition", "step", "turn_ended", "game_ended")[-4:] == [
        "end_condition", "step", "turn_ended", "game_ended"]
    assert of(g, "step")[-1].step == "end"  # the End Step still happens


def test_th_17_8_tie_goes_to_the_first_player_token_holder():
    g = from_position("th-17-8-tie")
    summon(g, "Pebble", "D4")
    end = of(g, "game_ended")[0]
    assert (end.scores, end.winner, end.tiebreak) == ((8, 8), 2, True)


# -- 17.9 -------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_cr_17_9_th_17_9_move_makes_no_check_incite_does_without_on_snatch(profile):
    g = from_position("17-9-move-incite", profile)
    summon(g, "Storm Rider", "A1")  # N from A1 would point at Bea's Pebble on A2
    assert g.pending.kind is Kind.SPACE
    answer(g, "C2")
    checks = of(g, "check_started")
    assert [(c.cause, c.space) for c in checks] == [("incite", "C2"), ("turn", "C2")]
    assert of(g, "moved")[0].moves == (("Storm Rider", "A1", "C2"),)
    assert first_index(g, "moved") < first_index(g, "check_started")
    assert "on_snatch" not in [w.timing for w in of(g, "trigger_waiting")]
    assert board(g) == {"A2": ("Pebble", 2), "C2": ("Storm Rider", 1), "C3": ("Drip", 1)}


def test_th_17_9_fbd162_an_incite_check_cannot_snatch_it_the_turn_check_can():
    g = from_position("th-17-9-fbd162")
    summon(g, "Storm Rider", "A1")
    answer(g, "C2")  # the Incite Check and then the turn's own Check, both from C2 toward C3
    assert [(e.defender_name, e.reason) for e in of(g, "attempt_resolved")] == [
        ("Sanctum Keeper", "protected"), ("Sanctum Keeper", "power")]
    assert board(g)["C3"] == ("Sanctum Keeper", 1)


def test_th_17_9_fbd162_direct_snatch_cannot_take_it():
    g = from_position("th-17-9-fbd162")
    summon(g, "Usurper", "B1")
    assert of(g, "direct_snatch")[0].reason == "protected"
    assert board(g)["C3"] == ("Sanctum Keeper", 2)


def test_th_17_9_fbd180_multi_move_then_direct_snatch_only_the_movers():
    g = from_position("th-17-9-fbd180")
    summon(g, "Herder", "A1")
    d = g.pending
    assert d.kind is Kind.TARGETS and d.min_count == 0 and set(d.options) == {"A3", "B3", "C3", "D1"}
    answer(g, ("A3", "B3", "C3"))  # Boulder on D1 stays put
    # Destinations are chosen for every mover before any Move; none may be a mover's start.
    spaces = []
    while g.pending.kind is Kind.SPACE:
        assert not {"A3", "B3", "C3"} & set(g.pending.options)
        choice = next(s for s in ("A4", "B4", "C4", "D4", "D3", "D2", "C2", "B2", "A2") if s in g.pending.options)
        spaces.append(choice)
        answer(g, choice)
    moves = of(g, "moved")
    assert len(moves) == 1 and len(moves[0].moves) == 3  # applied at once
    results = {e.name: e.reason for e in of(g, "direct_snatch")}
    assert results == {"Pebble": "success", "Sanctum Keeper": "protected", "Drip": "ward"}
    final = board(g)
    assert final[spaces[0]] == ("Pebble", 1) and final[spaces[1]] == ("Sanctum Keeper", 2)
    assert final[spaces[2]] == ("Drip", 2) and final["D1"] == ("Boulder", 2)


@pytest.mark.parametrize("profile", PROFILES)
def test_th_17_9_fbd148_swap_either_players_momons_at_once(profile):
    g = from_position("th-17-9-fbd148", profile)
    summon(g, "Trickster", "B2")
    swap = of(g, "swapped")[0]
    assert {swap.first_space, swap.second_space} == {"A1", "D4"}
    assert board(g) == {"A1": ("Boulder", 2), "B2": ("Trickster", 1), "D4": ("Pebble", 1)}
