"""This project's own rulings where even BASELINE.md is silent (docs/rules.md, [R-mc n])."""


from helpers import arena, at, game, kinds, mk, of, order, summon, void

from momon_cli.engine import Kind
from momon_cli.engine.sbc import leave_arena
from momon_cli.engine.zones import VOID


def test_r_mc_2_effects_end_when_their_momon_leaves_the_arena():
    g = game([mk("Pup")], [], [arena(1, mk("Big", "Fire", 3), "A1")])
    obj = at(g, "A1")
    from momon_cli.engine.effects import grant_ward
    grant_ward(g.rules, obj, "leaves_arena", 1)
    assert g.state.effects
    leave_arena(g.rules, obj.oid, VOID)
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
