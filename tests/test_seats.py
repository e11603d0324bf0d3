"""Seats: every screen and every bot reads one seat's observation, and at one keyboard no
decision is asked of the wrong person (hand-offs before every decision of the player who
is not at the keyboard; the hand-off takes only Enter; undo at one's own hand-off and
after a bot's reply)."""

import json
from pathlib import Path

import pytest
from helpers import from_position
from repl_driver import play
from typer.testing import CliRunner

from momon_cli.bots.players import FlatBot, GreedyBot, RandomBot
from momon_cli.bots.roster import seat_answer
from momon_cli.cli.app import app
from momon_cli.engine import HIDDEN, SPECTATOR, Kind
from momon_cli.record import Seat
from momon_cli.text.notation import hand_cards, parse
from momon_cli.tui import render
from momon_cli.tui.arena_view import arena_lines
from momon_cli.tui.commands import COMMANDS
from momon_cli.tui.completion import PositionCompleter, candidates
from momon_cli.tui.frame import View, compose

runner = CliRunner()
POSITIONS = Path(__file__).parent / "positions"


def _readers(g, d):
    obj = next(iter(g.state.zones.arena_objects()))
    return {
        "compose": lambda: compose(g, View(decision=d), 80, 24),
        "arena": lambda: arena_lines(g, 1, 80),
        "status": lambda: render.status_line(g),
        "queue": lambda: render.queue_lines(g),
        "hand": lambda: render.hand_lines(g, 1, 80, 20),
        "decision": lambda: render.decision_view(g, d),
        "inspect": lambda: render.object_panel(g, obj),
        "completion": lambda: candidates(g, d, [], COMMANDS),
        "completer": lambda: PositionCompleter(g, d, COMMANDS),
        "parse": lambda: parse(g, d, "1 C2"),
        "hand words": lambda: hand_cards(g, 1),
        "random bot": lambda: RandomBot(1).answer(g),
        "greedy bot": lambda: GreedyBot(1).answer(g),
        "search bot": lambda: FlatBot(1, playouts=2).answer(g),
        "seat bot": lambda: seat_answer(Seat("greedy", "1"), g),
    }


@pytest.mark.parametrize("reader", [
    "compose", "arena", "status", "queue", "hand", "decision", "inspect", "completion", "completer", "parse",
    "hand words", "random bot", "greedy bot", "search bot", "seat bot"])
def test_views_and_bots_refuse_a_game_and_read_an_observation(reader):
    g = from_position("handoff-turn-start")
    with pytest.raises(TypeError, match="observation"):
        _readers(g, g.pending)[reader]()
    _readers(g.observe(1), g.pending)[reader]()  # the same call with Ann's observation works


def test_an_observation_holds_its_own_hand_the_public_table_and_counts_of_the_rest():
    g = from_position("handoff-turn-start")
    ann, bea, spectator = g.observe(1), g.observe(2), g.observe(SPECTATOR)
    cards = lambda seen, p: [seen.state.zones.objects[o].card for o in seen.state.zones.hands[p]]  # noqa: E731
    assert [c.name for c in cards(ann, 1)] == ["Pebble"] * 3 and cards(ann, 2) == [HIDDEN] * 3
    assert cards(bea, 1) == [HIDDEN] * 3 and cards(spectator, 1) == cards(spectator, 2) == [HIDDEN] * 3
    assert ann.decision is g.pending and bea.decision is None and spectator.decision is None
    assert ann.waiting == bea.waiting == (1, Kind.SUMMON)
    assert all(seen.setup.seed == 0 and seen.story[0].seed is None for seen in (ann, bea, spectator))
    assert "seed" not in json.dumps(ann.to_dict()["story"][0]).replace('"seed": null', "")
    assert render.status_line(bea).plain == render.status_line(g.observe(1)).plain  # the counts are public
    with pytest.raises(RuntimeError):  # an observation has no generator to draw from
        ann.state.rng.random()


def test_a_card_back_in_its_owners_hand_from_the_arena_is_known_to_both():
    from helpers import arena, game, mk

    from momon_cli.engine.actions import send
    from momon_cli.engine.context import Rules

    g = game([mk("Pebble")], [mk("Drip")], [arena(2, mk("Heron"), "D4")])
    heron = g.state.zones.arena["D4"]
    send(Rules(g.state), [g.state.zones.objects[heron]], "hand")
    names = [g.observe(1).state.zones.objects[o].card.name for o in g.observe(1).state.zones.hands[2]]
    assert names == ["hidden card", "Heron"]


def _frames_after(run, needle):
    return next(i for i, f in enumerate(run.frames) if needle in f)


def test_cr_8_2_a_turn_start_ability_of_the_other_player_waits_behind_a_hand_off(tmp_path):
    """Ann Summons; Bea's Claimant then offers its once-only Direct Snatch with two targets
    (TH 17.5): the target list and the yes/no are Bea's, asked only after "Pass to Bea"."""
    typed = "\nPebble C2\ny\n1\nPebble\nundo\n\nPebble C2\n\nA1\ny\n\x04"
    run = play(from_position("handoff-turn-start"), typed, tmp_path)
    handoff = [i for i, f in enumerate(run.frames) if "Pass to Bea" in f]
    asked = _frames_after(run, "Bea (P2) decides")
    assert handoff and handoff[0] < asked
    for i in handoff:  # the hand-off screens: nothing of either Hand
        assert "(P2)'s Hand" not in run.frames[i] and "(P1)'s Hand" not in run.frames[i]
    assert not any("Bea (P2)'s Hand" in f for f in run.frames[:asked])
    assert "This screen is for Bea: press Enter ('y' does nothing here)" in run.text
    assert "Your last answer is taken back" in run.text  # Ann's undo at Bea's hand-off
    undone = _frames_after(run, "Your last answer is taken back")
    assert "Pass to Ann" in run.frames[undone] and "'s Hand" not in run.frames[undone]  # whoever typed it
    ann_again = next(i for i, f in enumerate(run.frames) if i > undone and "Ann (P1)'s Hand" in f)
    assert "Bea (P2)'s Hand" not in run.frames[ann_again]
    assert "Claimant" in run.frames[asked] and "Snatch" in run.words
    records = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()]
    assert [r["value"] for r in records if r.get("type") == "answer"][:3] == [["TPS-004", "C2"], ["A1"], True]
    verified = runner.invoke(app, ["verify", str(tmp_path / "game.jsonl")])
    assert "replay to the same events" in verified.output, verified.output


def test_a_hand_off_takes_only_enter(tmp_path):
    run = play(from_position("handoff-turn-start"), "y\n1\nPebble\nconcede\n\nPebble C2\n\x04", tmp_path)
    assert "This screen is for Ann: press Enter ('concede' does nothing here)" in run.text and "concede the game?" not in run.text
    first_hand = _frames_after(run, "Ann (P1)'s Hand")
    assert all("Pass to Ann" in f for f in run.frames[:first_hand] if "(P1)'s Hand" not in f)
    lines = (tmp_path / "game.jsonl").read_text().splitlines()
    assert [json.loads(line)["value"] for line in lines if '"answer"' in line] == [["TPS-004", "C2"]]


def test_undo_against_a_bot_takes_back_your_answer_and_its_reply(tmp_path):
    log = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "--position", str(POSITIONS / "handoff-turn-start.toml"), "--cards",
                                 str(POSITIONS / "cards.toml"), "--p1", "Ann", "--p2", "bot:greedy", "--log", str(log),
                                 "--script", "-"], input="Pebble C2\nundo\nPebble A2\n")
    assert "Your last answer and the" in result.output and "after it are taken back" in result.output, result.output
    assert "the 1 after it" not in result.output  # one bot reply: "the one after it"
    answers = [json.loads(line)["value"] for line in log.read_text().splitlines() if '"answer"' in line]
    assert answers[0] == ["TPS-004", "A2"] and len(answers) > 1  # the bot answered again after the new Summon
    verified = runner.invoke(app, ["verify", str(log)])
    assert "replay to the same events" in verified.output, verified.output

def test_pty_hand_offs_at_80x24_ask_bea_only_after_passing_and_keep_hands_out_of_the_scrollback(tmp_path):
    """In a real terminal: Bea's start-of-turn target and "may" wait behind "Pass to Bea";
    y, 1, a card name or undo typed there never draw Bea's Hand; no Hand reaches the scrollback."""
    from screen_driver import play as play_in_terminal

    term = play_in_terminal(tmp_path, "handoff-turn-start")
    try:
        term.wait_for("Pass to Ann")
        term.answer("")
        term.wait_for("Ann › ")
        term.answer("Pebble C2")
        assert "Pass to Bea" in term.text and "Bea › " not in term.text and "Claimant" not in term.words
        for typed in ("y", "1", "Pebble"):
            term.type(typed, then=f"({typed.lower()!r} does nothing here)")
            assert "'s Hand" not in term.text and "Bea › " not in term.text and "Pass to Bea" in term.text
        term.type("undo", then="Your last answer is taken back")
        assert "Pass to Ann" in term.text and "'s Hand" not in term.text  # whoever typed it sees no Hand
        term.answer("")
        term.wait_for("Ann › ")
        assert "Ann (P1)'s Hand" in term.text and "Bea (P2)'s Hand" not in term.text
        term.answer("Pebble C2")
        term.wait_for("Pass to Bea")
        term.answer("")
        term.wait_for("Bea › ")
        assert "Claimant" in term.words and "'s Hand" not in term.text  # the target first, still no Hand
        term.answer("A1")
        term.wait_for("(y/n)" if "(y/n)" in term.text else "Bea › ")
        term.answer("y")
        term.wait_for("Bea (P2)'s Hand")
        term.answer("Pebble B2")
        term.wait_for("Pass to Ann")
        assert "'s Hand" not in term.text
        for name in ("Pebble", "'s Hand"):
            assert name not in term.scrollback
        term.type("quit", then="Resume it with")
    finally:
        term.close()


def test_a_decision_about_a_snatched_momon_that_came_from_the_other_hand_is_drawn(tmp_path):
    """Bea's trigger on a Momon she Snatched from Ann: its card is read from what Bea sees
    (the Arena, last known information), not from Ann's Hand in the setup, hidden to Bea."""
    lines = ["summon MCL-022 A4", "summon MCL-040 B2", "summon MCL-019 A2", "summon MCL-038 B3", "A2",
             "summon MCL-018 A1", "summon MCL-032 C2", "summon MCL-020 C3", "summon MCL-015 B4"]
    result = runner.invoke(app, ["play", "--p1", "Ann", "--p2", "Bea", "--deck1", "control-swaps", "--deck2",
                                 "dawn-dusk", "--seed", "0", "--log", str(tmp_path / "g.jsonl"), "--script", "-"],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 3 and "Traceback" not in result.output, result.output
    assert "decides: Order your triggered abilities" in result.output or "decides" in result.output
