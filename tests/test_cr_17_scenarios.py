"""CR 17 and TH 17: the published scenarios, in the profile each belongs to."""

import pytest
from helpers import arena, at, game, index, kinds, mk, of, order, resolved_names, summon

from momon_cli.engine import Kind
from momon_cli.engine import snatch as snatch_module


def multi_snatch(profile):
    clod = mk("Clod", "Earth", 3, ["N", "E"])
    return game([clod], [mk("Spare")], [arena(2, mk("Breeze", "Air", 5), "B2"),
                                        arena(2, mk("Drip", "Water", 3), "C1")], profile)


def test_cr_17_1_sequential_multi_snatch_ordered_and_rechecked():
    g = multi_snatch("sequential")
    summon(g, "Clod", "B1")  # every order ends alike here, so none is asked [R-mc 17]
    air, water = of(g, "attempt_resolved")
    assert (water.defender_element, water.success, water.reason) == ("Water", False, "neither")
    assert (air.defender_element, air.success, air.reason) == ("Air", True, "element")
    assert at(g, "B2").controller == 1 and at(g, "C1").controller == 2


def test_th_17_1_simultaneous_no_order_asked_one_state_then_apply_together(monkeypatch):
    calls = []
    real = snatch_module.sbc.perform
    monkeypatch.setattr(snatch_module.sbc, "perform", lambda g: (calls.append(len(g.events)), real(g)))
    clod = mk("Clod", "Earth", 4, ["N", "E"])
    g = game([clod], [mk("Spare")], [arena(2, mk("Breeze", "Air", 5), "B2"),
                                     arena(2, mk("Drip", "Water", 3), "C1")], "simultaneous")
    summon(g, "Clod", "B1")
    assert g.pending is None or g.pending.kind is not Kind.ORDER_ATTEMPTS
    resolved = [i for i, e in enumerate(g.events) if e.kind == "attempt_resolved"]
    changed = [i for i, e in enumerate(g.events) if e.kind == "control_changed"]
    assert len(resolved) == 2 and len(changed) == 2
    assert max(resolved) < min(changed)  # judged on one state before any control changes
    started = index(g, lambda e: e.kind == "check_started")
    ended = index(g, lambda e: e.kind == "check_ended")
    assert len([n for n in calls if started < n <= ended]) == 1  # SBC once, after the group


@pytest.mark.parametrize("profile", ["sequential", "simultaneous"])
def test_th_17_1_not_together_prohibition_even_if_the_other_attempt_fails(profile):
    halo = mk("Halo", "Light", 1, ability=[{"static": {"unsnatchable_together": True}}])
    g = game([mk("Pike", "Fire", 5, ["N", "E"])], [mk("Spare")],
             [arena(2, halo, "B2"), arena(2, mk("Wall", "Fire", 9), "C1")], profile)
    summon(g, "Pike", "B1")
    if g.pending is not None and g.pending.kind is Kind.ORDER_ATTEMPTS:
        order(g, 0, 1)
    reasons = {e.defender_element: e.reason for e in of(g, "attempt_resolved")}
    assert reasons == {"Light": "prohibited", "Fire": "neither"}
    assert at(g, "B2").controller == 2


@pytest.mark.parametrize("profile", ["sequential", "simultaneous"])
def test_th_17_1_not_together_alone_can_be_snatched(profile):
    halo = mk("Halo", "Light", 1, ability=[{"static": {"unsnatchable_together": True}}])
    g = game([mk("Pike", "Fire", 5, ["N"])], [mk("Spare")], [arena(2, halo, "B2")], profile)
    summon(g, "Pike", "B1")
    assert at(g, "B2").controller == 1


def _cr_17_2_position():
    # One event (end of turn, "each turn") makes AP-A and AP-B (Ann) and NAP-C (Bea).
    # AP-A kills Ann's own Fuse, whose Leaves Arena trigger AP-D joins after NAP-C.
    each = {"when": "end_of_turn", "whose": "each"}
    a = mk("A", ability=[{**each, "target": {"side": "friendly", "other": True, "element": "Dark"},
                          "do": [{"power": -9, "on": "targets"}]}])
    b = mk("B", ability=[{**each, "do": [{"power": 1, "on": "self"}]}])
    c = mk("C", ability=[{**each, "do": [{"power": 1, "on": "self"}]}])
    fuse = mk("Fuse", "Dark", 9, ability=[{"when": "leaves_arena", "do": [{"take_first_player_token": True}]}])
    preset = [arena(1, a, "A1"), arena(1, b, "B1"), arena(2, c, "D4"), arena(1, fuse, "C1")]
    return game([mk("Pup")], [mk("Imp")], preset)


@pytest.mark.parametrize("profile", ["sequential", "simultaneous"])
def test_cr_17_2_trigger_queue_ap_then_nap_and_new_trigger_appended(profile):
    g = _cr_17_2_position()
    summon(g, "Pup", "D1")
    d = g.pending
    assert d.kind is Kind.ORDER_TRIGGERS and d.player == 1
    g.answer(tuple(o.key for o in sorted(d.options, key=lambda o: o.name)))  # A before B
    queued = [(e.trigger, e.position) for e in of(g, "trigger_queued")]
    assert [p for _, p in queued[:3]] == [1, 2, 3]
    assert resolved_names(g)[:4] == ["A", "B", "C", "Fuse"]
    # AP-D waited until AP-A had resolved, and entered behind NAP-C (position 3 of B, C, D)
    assert queued[3][1] == 3


def test_cr_17_3_target_became_illegal_whole_ability_does_nothing():
    # TH 17.3: the only target is gone, so the untargeted part (the token) does not happen either.
    killer = mk("Killer", "Dark", 3, ability=[
        {"when": "on_summon", "target": {"side": "enemy", "element": "Air"}, "do": [{"power": -9, "on": "targets"}]},
        {"when": "on_summon", "target": {"side": "enemy", "element": "Air"},
         "do": [{"power": -1, "on": "targets"}, {"take_first_player_token": True}]}])
    g = game([killer], [mk("Imp", "Water")], [arena(2, mk("Foe", "Air"), "D4")], first=2)
    summon(g, "Imp", "D3")
    summon(g, "Killer", "A1")
    order(g, 0, 1)  # the killer first; each has one legal target, so none is asked
    outcomes = [e.outcome for e in of(g, "ability_resolved")]
    assert "no_legal_targets" in outcomes
    assert g.state.first_token == 2


def test_cr_17_3_other_targets_remain_affected():
    # The first ability kills Kite; the second, which targeted Kite and Rock, still hits Rock.
    both = mk("Both", "Fire", 3, ability=[
        {"when": "on_summon", "target": {"side": "enemy", "element": "Air"}, "do": [{"power": -9, "on": "targets"}]},
        {"when": "on_summon", "target": {"side": "enemy", "count": 2}, "do": [{"power": -1, "on": "targets"}]}])
    g = game([both], [mk("Imp")], [arena(2, mk("Kite", "Air", 2), "D4"), arena(2, mk("Rock", "Earth", 5), "D3")])
    summon(g, "Both", "A1")
    order(g, 0, 1)  # order: the killer first
    mods = of(g, "power_modified")
    assert [(m.name, m.amount) for m in mods] == [("Kite", -9), ("Rock", -1)]
    last = of(g, "ability_resolved")[-1]
    assert last.outcome == "resolved" and len(last.targets) == 1


@pytest.mark.parametrize("profile", ["sequential", "simultaneous"])
def test_cr_17_5_snatched_back_ownership_and_identity_stay(profile):
    warden = mk("Warden", "Water", 2, ability=[{"when": "snatched_back", "do": [{"ward": True, "on": "self"}]}])
    g = game([mk("Hook", "Fire", 5, ["N"])], [mk("Spare")], [arena(1, warden, "A2", controller=2)], profile)
    before = at(g, "A2").oid
    summon(g, "Hook", "A1")
    after = at(g, "A2")
    assert (after.oid, after.owner, after.controller) == (before, 1, 1)
    assert of(g, "ward_granted")[0].oid == before


def test_th_17_6_second_ward_grant_does_nothing():
    heron = mk("Heron", "Water", 3, ability=[
        {"when": "on_summon", "do": [{"ward": True, "on": "self", "until": "your_next_turn"}]},
        {"when": "on_summon", "do": [{"ward": True, "on": "self", "until": "end_of_turn"}]}])
    g = game([heron, mk("Pup")], [mk("Imp")])
    summon(g, "Heron", "A1")
    order(g, 0, 1)
    grants = of(g, "ward_granted")
    assert [x.stacked for x in grants] == [False, True]
    assert len([e for e in g.state.effects if e.kind == "ward"]) == 1
    assert at(g, "A1").ward_token  # the first Ward outlives this End Step


@pytest.mark.parametrize("profile", ["sequential", "simultaneous"])
def test_cr_17_8_full_arena_skips_summon_finishes_end_step_and_scores(profile):
    spaces = [f"{c}{r}" for r in range(1, 5) for c in "ABCD"]
    preset = [arena(1 if i < 8 else 2, mk(f"M{i}"), s) for i, s in enumerate(spaces[:15])]
    g = game([mk("Pup")], [mk("Imp")], preset, profile, first=2)
    summon(g, "Imp", "D4")
    assert g.pending is None
    end = of(g, "game_ended")[0]
    assert (end.reason, end.scores, end.winner, end.tiebreak) == ("full-arena", (8, 8), 2, True)
    assert kinds(g, "end_condition", "step", "turn_ended", "game_ended")[-4:] == [
        "end_condition", "step", "turn_ended", "game_ended"]
    assert of(g, "step")[-1].step == "end"
