"""CR 8: the turn's steps, the Active Player, skipped steps and SBC between abilities."""

from helpers import arena, at, game, index, kinds, mk, of, order, summon

from momon_cli.engine import Kind


def test_cr_8_table_steps_in_order():
    g = game([mk("Pup", "Fire", 3, ["N"])], [mk("Imp")], [arena(2, mk("Foe", "Air", 1), "A2")])
    summon(g, "Pup", "A1")
    assert kinds(g, "turn_started", "step", "summoned", "marked", "check_started", "turn_ended") == [
        "turn_started", "step", "summoned", "marked", "step", "check_started", "step", "turn_ended", "turn_started",
        "step"]
    assert [e.step for e in of(g, "step")] == ["summon", "snatch_check", "end", "summon"]


def test_cr_8_table_step_1_1_mark_places_the_active_players_token():
    g = game([mk("Pup")], [mk("Imp")])
    summon(g, "Pup", "C2")
    marked = of(g, "marked")[0]
    assert (marked.space, marked.player) == ("C2", 1) and at(g, "C2").controller == 1


def test_cr_8_table_step_1_2_on_summon_resolves_before_the_check():
    bat = mk("Bat", "Dark", 3, ["N"], ability=[{"when": "on_summon", "target": {"side": "enemy"},
                                                 "do": [{"power": -2, "on": "targets"}]}])
    g = game([bat], [mk("Imp")], [arena(2, mk("Foe", "Dark", 4), "A2")])
    summon(g, "Bat", "A1")
    assert index(g, lambda e: e.kind == "ability_resolved") < index(g, lambda e: e.kind == "check_started")
    (attempt,) = of(g, "attempt_resolved")
    assert (attempt.defender_power, attempt.reason) == (2, "power")  # 4 - 2 < 3


def test_cr_8_table_turn_start_triggers_wait_for_expirations_and_sbc():
    # Stag's "until the start of your next turn" -1 would expire at Ann's Turn Start; the
    # Turn Start trigger waits until that expiration has happened, so it sees Power 2 + 1.
    stag = mk("Stag", "Light", 2, ability=[
        {"when": "on_summon", "do": [{"power": -1, "on": "self", "until": "your_next_turn"}]},
        {"when": "turn_start", "do": [{"power": 1, "on": "self"}]}])
    g = game([stag, mk("Pup")], [mk("Imp"), mk("Imp2")])
    summon(g, "Stag", "A1")
    summon(g, "Imp", "D4")
    waiting = index(g, lambda e: e.kind == "trigger_waiting" and e.timing == "turn_start")
    expired = index(g, lambda e: e.kind == "expired")
    resolved = index(g, lambda e: e.kind == "power_modified" and e.amount == 1)
    assert waiting < expired < resolved
    assert of(g, "power_modified")[-1].power == 3


def test_cr_8_table_end_step_triggers_then_expirations_then_their_triggers():
    # Moth ends with Power 1 - 1 + 1; its +1 "until end of turn" expires in the End Step,
    # SBC sends it to the Void, and its Leaves Arena trigger resolves before the turn ends.
    moth = mk("Moth", "Light", 1, ability=[
        {"when": "on_summon", "do": [{"power": -1, "on": "self", "until": "leaves_arena"},
                                     {"power": 1, "on": "self", "until": "end_of_turn"}]},
        {"when": "leaves_arena", "do": [{"take_first_player_token": True}]}])
    g = game([moth], [mk("Imp")], first=2)
    summon(g, "Imp", "D4")
    summon(g, "Moth", "A1")
    seq = kinds(g, "expired", "sbc", "trigger_waiting", "first_player_token", "turn_ended")
    assert seq[seq.index("expired"):seq.index("expired") + 5] == [
        "expired", "sbc", "trigger_waiting", "first_player_token", "turn_ended"]
    assert g.state.first_token == 1 and at(g, "A1") is None


def test_cr_8_1_the_player_taking_the_turn_is_active():
    g = game([mk("Pup")], [mk("Imp")], first=2)
    assert g.state.active == 2 and g.pending.player == 2 and g.state.non_active == 1


def test_cr_8_2_opponent_becomes_active_after_the_end_step():
    g = game([mk("Pup"), mk("Pup2")], [mk("Imp"), mk("Imp2")])
    summon(g, "Pup", "A1")
    assert [e.active for e in of(g, "turn_started")] == [1, 2]
    assert index(g, lambda e: e.kind == "turn_ended") < index(g, lambda e: e.kind == "turn_started" and e.turn == 2)


def test_cr_8_3_skipped_summon_step_still_resolves_triggers():
    # Full Arena: the Summon is skipped, yet Warden's End of Turn trigger still resolves.
    warden = mk("Warden", "Dark", 5, ability=[{"when": "end_of_turn", "whose": "each",
                                                "do": [{"power": 1, "on": "self"}]}])
    spaces = [f"{c}{r}" for r in range(1, 5) for c in "ABCD"]
    preset = [arena(1, warden, "A1")] + [arena(1 + i % 2, mk(f"M{i}"), s) for i, s in enumerate(spaces[1:])]
    g = game([mk("Pup")], [mk("Imp")], preset)
    assert g.pending is None
    assert of(g, "end_condition")[0].reason == "full-arena"
    assert "summoned" not in kinds(g) and of(g, "power_modified")


def test_cr_8_4_sbc_before_the_next_queued_ability():
    # Two On Summon abilities of the Active Player: the first kills the target, so SBC
    # removes it before the second resolves, and the second finds no legal target.
    doom = mk("Doom", "Dark", 3, ability=[
        {"when": "on_summon", "target": {"side": "enemy"}, "do": [{"power": -5, "on": "targets"}]},
        {"when": "on_summon", "target": {"side": "enemy"}, "do": [{"power": -1, "on": "targets"}]}])
    g = game([doom], [mk("Imp")], [arena(2, mk("Foe", "Air", 2), "D4")])
    summon(g, "Doom", "A1")
    assert g.pending.kind is Kind.ORDER_TRIGGERS
    order(g, 0, 1)
    sbc_at = index(g, lambda e: e.kind == "sbc")
    outcomes = [e.outcome for e in of(g, "ability_resolved")]
    assert outcomes == ["resolved", "no_legal_targets"]
    second = [i for i, e in enumerate(g.events) if e.kind == "ability_resolved"][1]
    assert sbc_at < second


def test_cr_8_start_of_turn_expiration_only_for_the_effects_owner():
    heron = mk("Heron", "Water", 3, ability=[{"when": "on_summon", "do": [{"ward": True, "on": "self",
                                                                              "until": "your_next_turn"}]}])
    g = game([heron, mk("Pup")], [mk("Imp"), mk("Imp2")])
    summon(g, "Heron", "A1")
    assert at(g, "A1").ward_token
    summon(g, "Imp", "D4")  # Bea's turn passes with Ann's Ward in place ...
    turn3 = index(g, lambda e: e.kind == "turn_started" and e.turn == 3)
    expired = index(g, lambda e: e.kind == "expired")
    assert expired > turn3  # ... it ends at Ann's next Turn Start
    removed = of(g, "sbc")[0]
    assert removed.action == "ward_token_removed"  # and SBC removes the Token (BASELINE 12.2)
    assert not at(g, "A1").ward_token


def test_r_mc_16_until_end_of_turn_made_after_the_expirations_still_ends_this_turn():
    # Dud dies at the end-of-turn expirations; its Leaves Arena trigger gives Pal +1 until
    # end of turn; that +1 must expire before the turn ends.
    dud = mk("Dud", "Light", 1, ability=[
        {"when": "on_summon", "do": [{"power": -1, "on": "self", "until": "leaves_arena"},
                                     {"power": 1, "on": "self", "until": "end_of_turn"}]},
        {"when": "leaves_arena", "do": [{"power": 1, "on": "friendly"}]}])
    g = game([dud], [mk("Imp")], [arena(1, mk("Pal", "Fire", 3), "D1")])
    summon(g, "Dud", "A1")
    turn_end = index(g, lambda e: e.kind == "turn_ended")
    boost = index(g, lambda e: e.kind == "power_modified" and e.name == "Pal")
    gone = index(g, lambda e: e.kind == "expired" and e.name == "Pal")
    assert boost < gone < turn_end
    assert g.state.effects == []
