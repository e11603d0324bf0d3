"""CR 11.1: ability types, sources, controllers and last known information."""

import pytest
from helpers import MATRIX, arena, at, game, mk, of, order, summon

from momon_cli.data.cards import DataError, card_from_mapping


def test_cr_11_1_1_flavor_text_alone_is_no_ability():
    pup = mk("Pup", flavor="It burns with the fury of a thousand suns.")
    assert pup.abilities == ()
    with pytest.raises(DataError, match="text: does not match"):
        card_from_mapping({"id": "TST-900", "name": "Liar", "stars": 1, "element": "Fire", "power": 1,
                           "sights": [], "text": "On Summon: win the game."}, MATRIX)


def test_cr_11_1_2_triggered_ability_needs_a_timing_header():
    with pytest.raises(DataError, match=r"ability\[1\].when"):
        mk("Bad", ability=[{"when": "whenever_i_feel_like_it", "do": [{"power": 1}]}])


def test_cr_11_1_3_continuous_ability_never_enters_the_queue():
    seed = mk("Seed", "Origin", 5, ability=[{"static": {"token_value": {"owner_controls": 3, "otherwise": 0}}}])
    g = game([seed], [mk("Imp")])
    summon(g, "Seed", "A1")
    assert of(g, "trigger_waiting") == []


def test_cr_11_1_6_controller_fixed_when_it_triggers_leaves_arena_uses_controller_before_leaving():
    # Bea's Moth, controlled by Ann, dies: its Leaves Arena trigger is Ann's.
    moth = mk("Moth", "Light", 1, ability=[{"when": "leaves_arena", "do": [{"take_first_player_token": True}]}])
    bat = mk("Bat", "Dark", 3, ability=[{"when": "on_summon", "target": {"side": "friendly", "other": True},
                                          "do": [{"power": -5, "on": "targets"}]}])
    g = game([bat], [mk("Imp")], [arena(2, moth, "D4", controller=1)], first=2)
    summon(g, "Imp", "A1")
    summon(g, "Bat", "B1")
    waiting = [e for e in of(g, "trigger_waiting") if e.name == "Moth"][0]
    assert waiting.controller == 1 and g.state.first_token == 1


def test_cr_11_1_7_cr_17_4_queued_ability_outlives_its_source():
    # Ann's two On Summon abilities: the first kills the source itself; the second,
    # already queued, still resolves under Ann's control (CR 17.4).
    martyr = mk("Martyr", "Dark", 2, ability=[
        {"when": "on_summon", "do": [{"power": -5, "on": "self"}]},
        {"when": "on_summon", "do": [{"take_first_player_token": True}]}])
    g = game([martyr], [mk("Imp")], first=2)
    summon(g, "Imp", "D4")
    summon(g, "Martyr", "A1")
    order(g, 0, 1)  # the self-kill first
    assert at(g, "A1") is None and g.state.first_token == 1


def test_cr_11_1_8_last_known_information_of_a_source_that_left():
    from momon_cli.engine.actions import leave_arena
    from momon_cli.engine.zones import VOID
    g = game([mk("Pup")], [], [arena(1, mk("Gone", "Air", 4), "B2")])
    oid = at(g, "B2").oid
    [(lki, new)] = leave_arena(g.rules, [at(g, "B2")], VOID)
    assert g.state.zones.last_known[oid] == lki
    assert (lki.power, lki.element, lki.space, lki.controller) == (4, "Air", "B2", 1)
    assert new.oid != oid and new.zone == "void"


def test_cr_11_1_8_momons_that_leave_together_are_known_as_they_were_before_any_left():
    """Each of the pair is at 2 beside the other; sent away together, neither is read on a
    board the other has already left (it would be 1)."""
    from momon_cli.engine.actions import leave_arena
    from momon_cli.engine.zones import VOID
    pair = [{"static": {"power": 1, "per": {"side": "friendly", "other": True}}}]
    g = game([mk("Pup")], [], [arena(1, mk("Twin", "Air", 1, ability=pair), "B2"),
                               arena(1, mk("Twin", "Air", 1, ability=pair), "C2")])
    left = leave_arena(g.rules, [at(g, "B2"), at(g, "C2")], VOID)
    assert [lki.power for lki, _ in left] == [2, 2]


def test_cr_11_1_5_abilities_work_only_from_the_arena():
    from helpers import void
    stag = mk("Stag", "Light", 2, ability=[{"when": "turn_start", "do": [{"power": 1, "on": "self"}]},
                                           {"when": "end_of_turn", "whose": "each",
                                            "do": [{"take_first_player_token": True}]}])
    g = game([stag, mk("Pup")], [mk("Imp"), mk("Imp2")], [void(1, stag)])
    summon(g, "Pup", "A1")  # Stag in Hand and in the Void: nothing triggers
    assert of(g, "trigger_waiting") == []
    summon(g, "Imp", "D4")
    summon(g, "Stag", "B1")  # on the Arena it works: Ann's End of Turn, then Bea's Turn Start is not Ann's
    assert [e.timing for e in of(g, "trigger_waiting")] == ["end_of_turn"]
