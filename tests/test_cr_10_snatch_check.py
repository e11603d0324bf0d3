"""CR 10: creating and resolving Snatch Attempts, and post-Snatch triggers."""

import pytest
from helpers import arena, at, game, index, kinds, mk, of, order, resolved_names, summon

from momon_cli.data.cards import load_pool
from momon_cli.engine import Kind
from momon_cli.engine.snatch import Attempt, judge
from momon_cli.engine.zones import VOID

SHIPPED = load_pool()


def earth_vs_air_and_water(profile="sequential", water_power=2):
    clod = mk("Clod", "Earth", 3, ["N", "E"])
    breeze = mk("Breeze", "Air", 5)
    drip = mk("Drip", "Water", water_power)
    return game([clod], [mk("Spare")], [arena(2, breeze, "B2"), arena(2, drip, "C1")], profile)


def test_cr_10_1_1_turn_based_check_uses_the_summoned_momon():
    g = earth_vs_air_and_water()
    summon(g, "Clod", "B1")
    started = of(g, "check_started")[0]
    assert (started.name, started.space, started.attempts) == ("Clod", "B1", 2)


def test_cr_10_1_2_sights_read_from_owner_seat_player_2_turned():
    spike = mk("Spike", "Fire", 9, ["N"])
    target = mk("Target", "Air", 1)
    g = game([mk("Filler")], [spike], [arena(1, target, "B2")], first=2)
    summon(g, "Spike", "B3")  # Player 2's N points toward row 1
    assert of(g, "attempt_created")[0].defender_space == "B2"
    assert at(g, "B2").controller == 2


def test_cr_10_1_2_sights_stay_with_owner_seat_while_opponent_controls():
    # A Player 2-owned Momon controlled by Player 1 still reads N toward row 1.
    turncoat = mk("Turncoat", "Fire", 9, ["N"])
    g = game([mk("Filler")], [], [arena(2, turncoat, "C3", controller=1), arena(2, mk("Foe", "Air", 1), "C2")])
    from momon_cli.engine.snatch import create_attempts
    (a,) = create_attempts(g.state, at(g, "C3"))
    assert a.defender_space == "C2"


def test_cr_10_1_2_sight_off_the_arena_points_at_nothing():
    g = game([mk("Edge", "Fire", 9, ["S", "W", "SW"])], [mk("Spare")], [arena(2, mk("Far"), "D4")])
    summon(g, "Edge", "A1")
    assert of(g, "check_started")[0].attempts == 0


def test_cr_10_1_3_attempts_only_against_opponent_controlled_momons():
    g = game([mk("Hub", "Fire", 9, ["N", "E"])], [mk("Spare")],
             [arena(1, mk("Mine"), "B2"), arena(2, mk("Theirs", "Air", 1), "C1")])
    summon(g, "Hub", "B1")
    assert [a.defender_space for a in of(g, "attempt_created")] == ["C1"]


def test_cr_10_1_4_every_attempt_created_before_any_resolves():
    g = earth_vs_air_and_water()
    summon(g, "Clod", "B1")
    order(g, 0, 1)
    created = [i for i, e in enumerate(g.events) if e.kind == "attempt_created"]
    first_resolved = index(g, lambda e: e.kind == "attempt_resolved")
    assert len(created) == 2 and max(created) < first_resolved


def order_matters(profile="sequential"):
    """Clod gets +2 Power for each other Momon its controller has: Snatching Breeze (Air,
    Beaten by Earth) first makes it strong enough for Drip (Power 4)."""
    clod = mk("Clod", "Earth", 3, ["N", "E"], ability=[{"static": {"power": 2, "per": {"side": "friendly", "other": True}}}])
    return game([clod], [mk("Spare")], [arena(2, mk("Breeze", "Air", 5), "B2"), arena(2, mk("Drip", "Water", 4), "C1")],
                profile)


def test_cr_10_1_5_attackers_controller_orders_and_they_resolve_in_that_order():
    g = order_matters()
    summon(g, "Clod", "B1")
    d = g.pending
    assert d.kind is Kind.ORDER_ATTEMPTS and d.player == 1
    assert [o.key for o in d.options] == ["B2", "C1"]
    g.answer(("C1", "B2"))
    assert [e.defender_name for e in of(g, "attempt_resolved")] == ["Drip", "Breeze"]


@pytest.mark.parametrize("first,snatched", [("B2", {"B2", "C1"}), ("C1", {"B2"})])
def test_cr_10_1_5_two_orders_of_one_check_end_differently(first, snatched):
    g = order_matters()
    summon(g, "Clod", "B1")
    d = g.pending
    outcomes = {o.order: set(o.snatched) for o in d.outcomes}
    assert outcomes == {("B2", "C1"): {"B2", "C1"}, ("C1", "B2"): {"B2"}}  # the prompt can say what each does
    g.answer((first, "C1" if first == "B2" else "B2"))
    assert {s for s in ("B2", "C1") if at(g, s).controller == 1} == snatched


def test_r_mc_17_no_order_question_for_five_attempts_when_no_power_depends_on_the_board():
    hub = mk("Hub", "Fire", 9, ["N", "E", "S", "W", "NE"])
    around = [arena(2, mk(f"M{i}"), space) for i, space in enumerate(("B3", "C2", "B1", "A2", "C3"))]
    g = game([hub], [mk("Spare")], around)
    summon(g, "Hub", "B2")
    assert len(of(g, "attempt_resolved")) == 5 and g.pending.kind is Kind.SUMMON  # not asked


def test_r_mc_17_no_order_question_when_every_order_ends_alike():
    g = earth_vs_air_and_water()
    summon(g, "Clod", "B1")
    assert g.pending.kind is Kind.SUMMON  # not asked: both succeed in any order
    assert [e.defender_name for e in of(g, "attempt_resolved")] == ["Breeze", "Drip"]  # Sight order


def _attempt(g, attacker_space, defender_space):
    return Attempt(1, at(g, attacker_space).oid, attacker_space, at(g, defender_space).oid, defender_space, "N")


def test_cr_10_2_1_recheck_fails_when_defender_left_the_arena():
    from momon_cli.engine.actions import leave_arena
    g = game([mk("Filler")], [], [arena(1, mk("Att", "Fire", 9), "A1"), arena(2, mk("Def", "Air", 1), "A2")])
    a = _attempt(g, "A1", "A2")
    leave_arena(g.rules, [at(g, "A2")], VOID)
    assert judge(g.state, a, 1).reason == "recheck"


def test_cr_10_2_1_recheck_fails_when_both_have_the_same_controller():
    g = game([mk("Filler")], [], [arena(1, mk("Att", "Fire", 9), "A1"), arena(2, mk("Def", "Air", 1), "A2")])
    a = _attempt(g, "A1", "A2")
    at(g, "A2").controller = 1
    j = judge(g.state, a, 1)
    assert (j.success, j.reason) == (False, "recheck")


def test_cr_10_2_1_a_later_attempt_fails_once_an_earlier_attempts_sbc_removed_the_attacker():
    # Lone Clod is Earth, Power 1, and loses 5 while another friendly Momon is on the Arena.
    # Its first Attempt Snatches an Air Momon by Element; the State-Based Conditions after
    # that Attempt [CR 10.2.8] put Clod, now at -4, into its Owner's Void. The second
    # Attempt, against another Air Momon that Earth would Beat, is rechecked as it resolves:
    # the attacker is no longer on the Arena, so it fails [CR 10.2.1].
    lone = mk("Clod", "Earth", 1, ["N", "E"],
              ability=[{"static": {"power": -5, "while": {"side": "friendly", "other": True}}}])
    g = game([lone], [mk("Spare")], [arena(2, mk("Breeze", "Air", 5), "B2"), arena(2, mk("Gust", "Air", 5), "C1")])
    summon(g, "Clod", "B1")
    order(g, 0, 1)  # asked: which defender is taken depends on the order
    first, second = of(g, "attempt_resolved")
    assert first.success and first.reason == "element"
    (gone,) = of(g, "sbc")
    assert (gone.action, gone.name) == ("power_zero", "Clod")
    assert kinds(g, "attempt_resolved", "sbc") == ["attempt_resolved", "sbc", "attempt_resolved"]
    assert (second.success, second.reason) == (False, "recheck")
    assert at(g, "B1") is None
    assert sorted(at(g, s).controller for s in ("B2", "C1")) == [1, 2]  # one Snatched, the other not


def test_cr_10_2_2_ward_stops_power_and_element():
    g = game([mk("Filler")], [], [arena(1, mk("Att", "Earth", 9), "A1"), arena(2, mk("Def", "Air", 1), "A2")])
    from momon_cli.engine.effects import grant_ward
    grant_ward(g.rules, at(g, "A2"), "end_of_turn", 2)
    assert judge(g.state, _attempt(g, "A1", "A2"), 1).reason == "ward"


@pytest.mark.parametrize("attacker,defender,reason", [
    (("Fire", 5), ("Fire", 4), "power"),  # 10.2.3
    (("Earth", 1), ("Air", 9), "element"),  # 10.2.4, CR 17.1
    (("Fire", 4), ("Fire", 4), "neither"),  # 10.2.5 equal Power
    (("Earth", 2), ("Water", 5), "neither"),  # 10.2.5 Earth-Water neutral
    (("Origin", 2), ("Air", 5), "neither"),  # 10.2.5 Origin never Beats
    (("Earth", 2), ("Origin", 5), "neither"),  # 10.2.5 Origin never Beaten
    (("Air", 1), ("Earth", 5), "neither"),  # 10.2.6 Loses is not a success
])
def test_cr_10_2_3_to_10_2_6_success_conditions(attacker, defender, reason):
    g = game([mk("Filler")], [], [arena(1, mk("Att", *attacker), "A1"), arena(2, mk("Def", *defender), "A2")])
    j = judge(g.state, _attempt(g, "A1", "A2"), 1)
    assert j.reason == reason and j.success == (reason in ("power", "element"))


def test_cr_10_2_4_element_beats_with_lower_power_cr_17_1():
    g = earth_vs_air_and_water()
    summon(g, "Clod", "B1")
    order(g, 0, 1)
    air, water = of(g, "attempt_resolved")
    assert (air.success, air.reason, air.attacker_power, air.defender_power) == (True, "element", 3, 5)
    assert (water.success, water.reason) == (True, "power")


def test_cr_10_2_7_success_flips_the_marking_token_owner_unchanged():
    g = earth_vs_air_and_water()
    summon(g, "Clod", "B1")
    order(g, 0, 1)
    breeze = at(g, "B2")
    assert (breeze.controller, breeze.owner) == (1, 2)
    change = of(g, "control_changed")[0]
    assert (change.space, change.old, change.new) == ("B2", 2, 1)


def test_cr_10_2_8_sbc_after_each_attempt_and_post_snatch_waits_for_the_whole_check(monkeypatch):
    from momon_cli.engine import snatch
    calls = []
    real = snatch.sbc.perform
    monkeypatch.setattr(snatch.sbc, "perform", lambda g: (calls.append(len(g.events)), real(g)))
    crag = mk("Crag", "Earth", 3, ["N", "E"], ability=[{"when": "on_snatch", "do": [{"power": 1, "on": "self"}]}])
    g = game([crag], [mk("Spare")], [arena(2, mk("Breeze", "Air", 5), "B2"), arena(2, mk("Drip", "Water", 2), "C1")])
    summon(g, "Crag", "B1")
    order(g, 0, 1)
    started = index(g, lambda e: e.kind == "check_started")
    ended = index(g, lambda e: e.kind == "check_ended")
    in_check = [n for n in calls if started < n <= ended]
    resolved = [i + 1 for i, e in enumerate(g.events) if e.kind == "attempt_resolved"]
    assert len(in_check) == 2  # one after each Attempt ...
    assert all(any(r <= n for n in in_check) for r in resolved)  # ... each after its Attempt
    assert index(g, lambda e: e.kind == "trigger_waiting") > ended
    assert index(g, lambda e: e.kind == "ability_resolved") > ended


def test_cr_10_3_1_and_10_3_3_on_snatch_triggers_once_per_check():
    crag = mk("Crag", "Earth", 3, ["N", "E"], ability=[{"when": "on_snatch", "do": [{"power": 1, "on": "self"}]}])
    g = game([crag], [mk("Spare")], [arena(2, mk("Breeze", "Air", 5), "B2"), arena(2, mk("Drip", "Water", 2), "C1")])
    summon(g, "Crag", "B1")
    order(g, 0, 1)
    assert of(g, "check_ended")[0].successes == 2
    assert len(of(g, "trigger_waiting")) == 1
    assert of(g, "power_modified")[0].power == 4


def test_cr_10_3_3_no_on_snatch_without_a_success():
    crag = mk("Crag", "Earth", 1, ["N"], ability=[{"when": "on_snatch", "do": [{"power": 1, "on": "self"}]}])
    g = game([crag], [mk("Spare")], [arena(2, mk("Rock", "Earth", 5), "B2")])
    summon(g, "Crag", "B1")
    assert of(g, "trigger_waiting") == []


def snatched_back_position(profile="sequential"):
    # Bea (2) controls Ann's (1) Warden; Ann's Hook snatches it back.
    warden = mk("Warden", "Water", 2, ability=[{"when": "snatched_back", "do": [{"ward": True, "on": "self"}]}])
    hook = mk("Hook", "Fire", 5, ["N"], ability=[{"when": "on_snatch", "do": [{"power": 1, "on": "self"}]}])
    return game([hook], [mk("Spare")], [arena(1, warden, "A2", controller=2)], profile)


@pytest.mark.parametrize("profile", ["sequential", "simultaneous"])
def test_cr_10_3_2_cr_17_5_on_snatch_before_snatched_back(profile):
    g = snatched_back_position(profile)
    summon(g, "Hook", "A1")
    assert at(g, "A2").controller == 1 and at(g, "A2").owner == 1
    assert resolved_names(g) == ["Hook", "Warden"]
    queued = of(g, "trigger_queued")
    assert [q.position for q in queued] == [1, 2]


def test_cr_10_3_4_snatched_back_only_when_control_returns_to_owner():
    warden = mk("Warden", "Water", 2, ability=[{"when": "snatched_back", "do": [{"ward": True, "on": "self"}]}])
    g = game([mk("Hook", "Fire", 5, ["N"])], [mk("Spare")], [arena(2, warden, "A2")])
    summon(g, "Hook", "A1")  # Ann takes Bea's own Warden: not a snatch back
    assert at(g, "A2").controller == 1
    assert of(g, "trigger_waiting") == []


def test_cr_10_3_5_post_snatch_triggers_use_active_then_non_active_order():
    # Two of Ann's Momons are snatched back at once: Ann (active) orders her own triggers.
    ward = [{"when": "snatched_back", "do": [{"ward": True, "on": "self"}]}]
    hook = mk("Hook", "Fire", 9, ["N", "E"])
    g = game([hook], [mk("Spare")], [arena(1, mk("W1", "Water", 1, ability=ward), "A2", controller=2),
                                     arena(1, mk("W2", "Water", 1, ability=ward), "B1", controller=2)])
    summon(g, "Hook", "A1")
    d = g.pending
    assert d.kind is Kind.ORDER_TRIGGERS and d.player == 1
    order(g, 1, 0)
    assert resolved_names(g) == ["W2", "W1"]


def glutton_against_pup_and_queen(profile, pup_space, queen_space, extra=()):
    """Shipped cards: Tidal Glutton (On Snatch: Ward each Momon it just Snatched with Power 3
    or less, FBD 159) Snatches Cinder Pup and Swarm Queen (3, +1 per other friendly Momon):
    the Queen is at 4 while the Pup is beside her on Bea's side, at 3 once it is not."""
    pool = SHIPPED
    g = game([pool["MCL-036"]], [pool["MCL-053"]],
             [arena(2, pool["MCL-001"], pup_space), arena(2, pool["MCL-052"], queen_space), *extra], profile)
    summon(g, "Tidal Glutton", "B2")
    return g


@pytest.mark.parametrize("pup,queen", [("B3", "C2"), ("C2", "B3")])
def test_th_17_1_th_17_5_a_group_of_snatches_reads_every_power_on_one_state(pup, queen):
    """Simultaneous: both are judged and Snatched on one state, the Queen at Power 4, so
    Glutton's Ward takes the Pup alone, whichever Token is flipped first."""
    g = glutton_against_pup_and_queen("simultaneous", pup, queen)
    assert {(e.defender_name, e.defender_power) for e in of(g, "attempt_resolved")} == {("Cinder Pup", 2),
                                                                                        ("Swarm Queen", 4)}
    assert [e.name for e in of(g, "ward_granted")] == ["Cinder Pup"]


@pytest.mark.parametrize("first,warded", [(0, ["Cinder Pup", "Swarm Queen"]), (1, ["Cinder Pup"])])
def test_cr_10_1_5_order_asked_when_only_the_powers_at_the_snatch_differ(first, warded):
    """Sequential: both orders Snatch both Momons, but the Queen is Snatched at Power 3 after
    the Pup and at 4 before it, and Glutton's On Snatch reads that Power [R-mc 17]."""
    g = glutton_against_pup_and_queen("sequential", "B3", "C2")
    d = g.pending
    assert d.kind is Kind.ORDER_ATTEMPTS
    outcomes = {o.order: o.snatched_powers for o in d.outcomes}
    assert outcomes == {("B3", "C2"): (("B3", 2), ("C2", 3)), ("C2", "B3"): (("C2", 4), ("B3", 2))}
    order(g, first, 1 - first)
    assert [e.name for e in of(g, "ward_granted")] == warded


def test_th_17_5_fbd159_the_snatchers_power_is_read_when_the_snatch_succeeds():
    """Climber (3, +2 per other friendly) Snatches Hound back to Ann: at that moment Climber
    is at 3; only after the flip, with Hound beside it, at 5. Hound's Snatched Back ability
    reads the snatcher's Power at the Snatch."""
    climber = mk("Climber", "Fire", 3, ["N"], ability=[{"static": {"power": 2, "per": {"side": "friendly",
                                                                                         "other": True}}}])
    hound = mk("Hound", "Dark", 1, ability=[
        {"when": "snatched_back", "do": [{"power": 10, "on": "snatcher", "group": {"power_max": 3}}]}])
    g = game([climber], [mk("Spare")], [arena(1, hound, "A2", controller=2)])
    summon(g, "Climber", "A1")
    assert [(e.name, e.amount) for e in of(g, "power_modified")] == [("Climber", 10)]


@pytest.mark.parametrize("profile", ["sequential", "simultaneous"])
def test_cr_10_3_1_cr_11_1_5_an_attacker_gone_by_the_checks_end_triggers_nothing(profile):
    """Hermit (1, -1 per other friendly) Snatches Kite and so falls to 0: State-Based
    Conditions put it in the Void before the post-Snatch triggers are collected, where its
    On Snatch ability does not function."""
    hermit = mk("Hermit", "Earth", 1, ["N"], ability=[
        {"static": {"power": -1, "per": {"side": "friendly", "other": True}}},
        {"when": "on_snatch", "do": [{"power": 5, "on": "friendly"}]}])
    g = game([hermit], [mk("Spare")], [arena(2, mk("Kite", "Air", 2), "A2")], profile)
    summon(g, "Hermit", "A1")
    assert at(g, "A1") is None and at(g, "A2").controller == 1
    assert of(g, "check_ended")[0].successes == 1
    assert of(g, "trigger_waiting") == [] and of(g, "power_modified") == []


@pytest.mark.parametrize("profile", ["sequential", "simultaneous"])
def test_cr_10_3_4_cr_11_1_5_a_momon_gone_after_its_snatch_back_triggers_nothing(profile):
    """Homesick (1, -1 per other friendly) is snatched back to Ann beside Hook and falls to 0
    in the State-Based Conditions that follow: its Snatched Back ability does not trigger."""
    homesick = mk("Homesick", "Water", 1, ability=[
        {"static": {"power": -1, "per": {"side": "friendly", "other": True}}},
        {"when": "snatched_back", "do": [{"ward": True, "on": "self"}]}])
    g = game([mk("Hook", "Fire", 5, ["N"])], [mk("Spare")], [arena(1, homesick, "A2", controller=2)], profile)
    summon(g, "Hook", "A1")
    assert at(g, "A2") is None and [e.name for e in of(g, "control_changed")] == ["Homesick"]
    assert of(g, "trigger_waiting") == [] and of(g, "ward_granted") == []


def test_r_mc_17_no_question_when_the_on_snatch_ability_reads_no_power():
    """Crag Titan's On Snatch (+1 Power to itself) reads nothing of what it Snatched, so the
    Queen's Power at her Snatch (3 or 4 by the order) changes nothing."""
    g = game([SHIPPED["MCL-012"]], [SHIPPED["MCL-053"]],
             [arena(2, SHIPPED["MCL-001"], "B3"), arena(2, SHIPPED["MCL-052"], "C3")])
    summon(g, "Crag Titan", "B2")
    assert g.pending.kind is Kind.SUMMON and len(of(g, "attempt_resolved")) == 2


def test_r_mc_17_no_question_when_the_ability_that_would_read_the_power_is_gone():
    """Homesick is snatched back beside Fire Climber and falls to 0 in either order: its
    Snatched Back ability, which would read Climber's Power (3 or 5), never triggers."""
    climber = mk("Climber", "Fire", 3, ["N", "E"], ability=[{"static": {"power": 2, "per": {"side": "friendly",
                                                                                              "other": True}}}])
    homesick = mk("Homesick", "Water", 1, ability=[
        {"static": {"power": -1, "per": {"side": "friendly", "other": True, "element": "Fire"}}},
        {"when": "snatched_back", "do": [{"power": 1, "on": "snatcher", "group": {"power_max": 3}}]}])
    g = game([climber], [mk("Spare")], [arena(1, homesick, "A2", controller=2), arena(2, mk("Pup", "Water", 2), "B1")])
    summon(g, "Climber", "A1")
    assert g.pending.kind is Kind.SUMMON and of(g, "trigger_waiting") == []


@pytest.mark.parametrize("first,controller", [(0, 1), (1, 2)])
def test_cr_10_1_5_order_asked_when_a_leaves_arena_ability_changes_hands(first, controller):
    """Boom (-1 Power per enemy Water) dies in either order: Snatched first, it dies as Ann's
    beside Bea's Wet; after Wet, as Bea's. Its Leaves Arena ability is its Controller's."""
    boom = mk("Boom", "Light", 1, ability=[
        {"static": {"power": -1, "per": {"side": "enemy", "element": "Water"}}},
        {"when": "leaves_arena", "do": [{"power": 3, "on": "friendly", "until": "end_of_turn"}]}])
    g = game([mk("Att", "Fire", 5, ["N", "E"])], [mk("Spare")], [arena(2, boom, "A2"), arena(2, mk("Wet", "Water", 2), "B1")])
    summon(g, "Att", "A1")
    d = g.pending
    assert d.kind is Kind.ORDER_ATTEMPTS
    assert {o.order: o.waiting for o in d.outcomes} == {("A2", "B1"): (("Boom", 1),),
                                                                  ("B1", "A2"): (("Boom", 2),)}
    order(g, first, 1 - first)
    assert [(e.name, e.controller) for e in of(g, "trigger_waiting")] == [("Boom", controller)]
