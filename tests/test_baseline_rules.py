"""The reconstructed rules of BASELINE.md: Arena (4), setup (6), game end (7), Summon (9), SBC (12), Elements (16)."""

import pytest
from helpers import MATRIX, arena, at, game, kinds, mk, of, summon, void

from momon_cli.engine import IllegalAnswer, Kind
from momon_cli.engine import turn as turn_module
from momon_cli.engine.arena import ADJACENT, SPACES, screen_direction, sight_target


def test_baseline_4_spaces_and_adjacency():
    assert SPACES[0] == "A1" and SPACES[-1] == "D4" and len(SPACES) == 16
    assert len(ADJACENT["A1"]) == 3 and len(ADJACENT["B1"]) == 5 and len(ADJACENT["B2"]) == 8


def test_baseline_4_player_2_sights_turned_180_degrees():
    assert sight_target("B2", "N", 1) == "B3" and sight_target("B2", "N", 2) == "B1"
    assert sight_target("B2", "NE", 1) == "C3" and sight_target("B2", "NE", 2) == "A1"
    assert sight_target("A1", "S", 1) is None and sight_target("A1", "N", 2) is None
    assert screen_direction("NE", 2) == "SW" and screen_direction("NE", 1) == "NE"


def test_baseline_6_1_whole_deck_is_the_hand_and_6_3_arena_and_voids_empty():
    g = game([mk("Pup"), mk("Pup2")], [mk("Imp")])
    zones = g.state.zones
    assert len(zones.hands[1]) == 2 and len(zones.hands[2]) == 1
    assert zones.arena == {} and zones.voids == {1: [], 2: []}


def test_baseline_6_2_first_player_from_the_seed_or_named():
    firsts = {game([mk("P")], [mk("I")], first=None, seed=s).state.first_player for s in range(20)}
    assert firsts == {1, 2}
    assert game([mk("P")], [mk("I")], first=None, seed=3).state.first_player == \
        game([mk("P")], [mk("I")], first=None, seed=3).state.first_player
    g = game([mk("P")], [mk("I")], first=2)
    started = of(g, "game_started")[0]
    assert (started.first_player, started.chosen_by, g.state.first_token) == (2, "players", 2)


def test_baseline_6_10_first_player_takes_the_first_turn():
    g = game([mk("P")], [mk("I")], first=2)
    assert of(g, "turn_started")[0].active == 2 and g.pending.player == 2


def test_baseline_7_1_concession_ends_at_once_and_opponent_wins():
    g = game([mk("P")], [mk("I")])
    g.concede(1)
    assert g.pending is None and g.result.winner == 2 and g.result.reason == "concession"
    assert kinds(g)[-2:] == ["conceded", "game_ended"]


def test_baseline_7_3_exhaustion():
    g = game([mk("P")], [mk("I")])
    summon(g, "P", "A1")
    summon(g, "I", "D4")
    assert g.result.reason == "exhaustion"


def test_baseline_7_3_turn_limit(monkeypatch):
    monkeypatch.setattr(turn_module, "TURN_LIMIT", 2)
    g = game([mk("P"), mk("P2")], [mk("I"), mk("I2")])
    summon(g, "P", "A1")
    summon(g, "I", "D4")
    assert g.result.reason == "turn-limit" and g.state.turn == 2


def test_baseline_7_4_token_values_decide_and_never_below_zero():
    seed = mk("Seed", "Origin", 5, ability=[{"static": {"token_value": {"owner_controls": 3, "otherwise": 0}}}])
    g = game([mk("P")], [mk("I")], [arena(1, seed, "A1"), arena(2, mk("X"), "B1"), arena(2, mk("Y"), "C1")])
    summon(g, "P", "D1")
    summon(g, "I", "D4")
    end = of(g, "game_ended")[0]
    assert end.scores == (4, 3) and end.winner == 1 and not end.tiebreak


def test_baseline_7_4_tie_goes_to_the_current_first_player_token_holder():
    grab = mk("Grab", ability=[{"when": "on_summon", "do": [{"take_first_player_token": True}]}])
    g = game([grab], [mk("I")], first=2)
    summon(g, "I", "D4")
    summon(g, "Grab", "A1")
    end = of(g, "game_ended")[0]
    assert end.scores == (1, 1) and end.tiebreak and end.winner == 1 and end.first_token == 1
    assert [e.active for e in of(g, "turn_started")] == [2, 1, 2]  # turn order unchanged


def test_baseline_9_1_summon_options_are_hand_cards_times_empty_spaces():
    g = game([mk("P"), mk("Q")], [mk("I")], [arena(2, mk("X"), "A1")])
    d = g.pending
    assert d.kind is Kind.SUMMON and d.player == 1 and len(d.options) == 2 * 15
    assert all(space != "A1" for _, space in d.options)


def test_baseline_9_1_illegal_answer_is_refused_and_changes_nothing():
    g = game([mk("P")], [mk("I")], [arena(2, mk("X"), "A1")])
    before = (list(g.events), g.pending)
    oid = g.state.zones.hands[1][0]
    for bad in [(oid, "A1"), (oid, "Z9"), (999, "B1"), "nonsense", None]:
        with pytest.raises(IllegalAnswer):
            g.answer(bad)
    assert (list(g.events), g.pending) == before


def test_baseline_9_2_cr_17_7_void_fallback_opponent_picks_face_down():
    g = game([], [mk("I"), mk("J")], [void(1, mk("Lost")), void(1, mk("Found"))], first=1)
    d = g.pending
    assert d.kind is Kind.PICK_FACE_DOWN and d.player == 2 and d.options == (1, 2)
    assert not any(g.state.zones.objects[o].face_up for o in g.state.zones.voids[1])
    g.answer(2)
    picked = of(g, "face_down_picked")[0]
    assert g.pending.kind is Kind.SPACE and g.pending.player == 1
    g.answer("B2")
    assert at(g, "B2").card.name == picked.name and of(g, "summoned")[0].source == "void"
    assert at(g, "B2").controller == 1


def test_baseline_9_3_empty_hand_and_void_no_summon_no_check():
    g = game([], [mk("I"), mk("J")], first=1)
    assert of(g, "no_summon")[0].player == 1
    assert "check_started" not in kinds(g) and g.pending.player == 2


def test_baseline_12_1_power_zero_goes_to_owners_void_face_up_as_new_object():
    bat = mk("Bat", "Dark", 3, ability=[{"when": "on_summon", "target": {"side": "enemy"},
                                          "do": [{"power": -2, "on": "targets"}]}])
    g = game([bat], [mk("I")], [arena(2, mk("Weak", "Air", 2), "D4", controller=1), arena(2, mk("Foe", "Air", 1), "C4")])
    old = at(g, "C4").oid
    summon(g, "Bat", "A1")
    (action,) = of(g, "sbc")
    assert action.action == "power_zero" and action.oid == old
    new = g.state.zones.objects[action.new_oid]
    assert new.zone == "void" and new.owner == 2 and new.face_up and new.oid != old
    assert g.state.zones.voids[2] == [new.oid]


def test_baseline_12_1_a_power_that_reads_the_board_falls_to_zero_when_only_the_arena_changes():
    """SBC follow what changed (engine/sbc.py): no effect changes here, only the Arena, and
    the Momon whose Power counts enemies must still be found at 0. Without such a Momon, an
    Arena change alone reads no Power at all."""
    lonely = mk("Lonely", "Fire", 2, ability=[{"static": {"power": -1, "per": {"side": "enemy"}}}])
    g = game([mk("Spare")], [mk("Crowd", "Water", 1)], [arena(1, lonely, "A1"), arena(2, mk("Foe", "Water", 1), "D4")])
    assert g.state.zones.fragile == 1 and not g.state.effects
    summon(g, "Spare", "B1")  # Ann's turn: nothing changes Lonely's Power (1)
    assert at(g, "A1").card.name == "Lonely" and not of(g, "sbc")
    summon(g, "Crowd", "D3")  # a second enemy: Power 0, with no effect made or ended
    (action,) = of(g, "sbc")
    assert action.action == "power_zero" and g.state.zones.objects[action.new_oid].zone == "void"
    assert at(g, "A1") is None and g.state.zones.fragile == 0


def test_baseline_12_state_based_conditions_repeat_until_none_apply():
    """Prop falls to 0 and leaves; only then does Leaner lose its +2 and fall to 0 too. A
    single pass would leave Leaner on the Arena at Power 0 for Blight's Check to Snatch."""
    blight = mk("Blight", sights=["N"], ability=[{"when": "on_summon", "do": [{"power": -3, "on": "enemy"}]}])
    leaner = mk("Leaner", "Water", 3, ability=[{"static": {"power": 2, "while": {"side": "friendly", "other": True}}}])
    g = game([blight], [mk("Spare")], [arena(2, mk("Prop", "Water", 3), "C3"), arena(2, leaner, "D4")])
    summon(g, "Blight", "D3")  # its Sight points at Leaner on D4
    gone = [(e.name, e.space) for e in of(g, "sbc") if e.action == "power_zero"]
    assert gone == [("Prop", "C3"), ("Leaner", "D4")] and at(g, "C3") is None and at(g, "D4") is None
    assert of(g, "check_started")[0].attempts == 0 and not of(g, "attempt_resolved")
    assert [g.state.zones.objects[o].card.name for o in g.state.zones.voids[2]] == ["Prop", "Leaner"]


def test_baseline_16_element_matrix():
    assert MATRIX.beats("Earth", "Air") and MATRIX.beats("Air", "Water") and MATRIX.beats("Water", "Fire")
    assert MATRIX.beats("Fire", "Earth") and MATRIX.beats("Light", "Dark") and MATRIX.beats("Dark", "Light")
    assert not MATRIX.beats("Earth", "Water") and not MATRIX.beats("Water", "Earth")
    assert MATRIX.loses("Air", "Earth")
    assert not any(MATRIX.beats("Origin", e) or MATRIX.beats(e, "Origin") for e in MATRIX.elements)


def test_baseline_16_matrix_refuses_origin_pairs():
    from momon_cli.engine import ElementMatrix
    with pytest.raises(ValueError, match="Origin"):
        ElementMatrix.from_mapping({"standard": ["Fire"], "special": ["Origin"], "beats": {"Origin": ["Fire"]}})


def test_same_seed_same_answers_same_events():
    from momon_cli.bots.simulate import play_random
    from momon_cli.data.cards import builtin_deck_names, load_deck, load_pool
    from momon_cli.engine import Setup
    pool = load_pool()
    d1, d2 = (load_deck(n, pool) for n in builtin_deck_names()[:2])
    setup = Setup.new_game((d1.cards, d2.cards), MATRIX, 99)
    a, b = play_random(setup), play_random(setup)
    assert [e.to_dict() for e in a.events] == [e.to_dict() for e in b.events]
    assert a.answers == b.answers
