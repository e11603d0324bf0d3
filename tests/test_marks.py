"""Marks mean "what the other side did": at 80×24 in a pseudo-terminal (pyte), a player's
next screen marks the other player's Summons, Moves and Snatches since they last answered,
and never the direct results of their own answers (their Summon, the Snatches it made);
against a bot, only the bot's reply is marked. session/marks.py holds the rule."""

from __future__ import annotations

from pathlib import Path

from screen_driver import POSITIONS, Terminal, cell_lines

from momon_cli.session.marks import changes

#: Ann's Clod (B1) Snatches Bea's Breeze (B2); Bea's Storm Rider, Summoned to A4, Moves itself
#: to D2 and Snatches Ann's Pixie on D1; Ann places a Pebble; Bea's Shover Moves Ann's Clod to A1.
POSITION = """turn = 1
first_player = 1

[[player]]
hand = ["TPS-001", "TPS-004", "TPS-017"]

[[player]]
hand = ["TPS-050", "TPS-040", "TPS-017"]

[[arena]]
card = "TPS-002"
space = "B2"
owner = 2

[[arena]]
card = "TPS-017"
space = "D1"
owner = 1
"""
LABELS = ("+new", "⇄snatch", "»moved", "×gone")


def _start(tmp_path: Path, *extra: str) -> Terminal:
    position = tmp_path / "marks.toml"
    position.write_text(POSITION)
    return Terminal(["play", "--position", str(position), "--cards", str(POSITIONS / "cards.toml"), "--p1", "Ann",
                     "--seed", "7", "--log", str(tmp_path / "game.jsonl"), *extra], 80, 24)


def marks(term: Terminal) -> dict[str, str]:
    """The mark in each Space's cell on the emulated screen (the Arena's border letters find
    the columns, the row number each row), for the Spaces that have one."""
    found = {}
    for space, rows in cell_lines(term, 2).items():
        label = next((mark for mark in LABELS if mark in " ".join(rows)), None)
        if label is not None:
            found[space] = label
    return found


def test_marks_show_the_other_sides_move_and_snatch_never_a_players_own_snatch(tmp_path):
    term = _start(tmp_path, "--p2", "Bea")
    try:
        term.answer("")  # the hand-off to Ann
        term.answer("Clod B1")  # Ann's Clod Snatches Bea's Breeze on B2
        term.answer("")  # to Bea: Ann's Summon and Snatch are news to her
        assert marks(term) == {"B1": "+new", "B2": "⇄snatch"}, term.text
        term.answer("")
        assert "Bea ›" in term.text and marks(term) == {"B1": "+new", "B2": "⇄snatch"}, term.text
        term.answer("Storm Rider A4")
        term.answer("D2")  # it Moves itself to D2, and its Check Snatches Ann's Pixie on D1
        term.answer("")
        term.answer("")  # Ann's next Summon
        assert "Ann ›" in term.text
        # (a) her own Snatch of Breeze last turn (B2) and her own Clod (B1) are not news;
        # (b) Bea's Storm Rider (placed, then Moved: still news as placed) and its Snatch are
        assert marks(term) == {"D2": "+new", "D1": "⇄snatch"}, term.text
        term.answer("Pebble A3")
        term.answer("")
        term.answer("")
        assert "Bea ›" in term.text and marks(term) == {"A3": "+new"}, term.text  # not her own D2 and D1
        term.answer("Shover C4")
        term.answer("B1")  # Shover's target: Ann's Clod
        term.answer("A1")  # Moved to A1
        term.answer("")
        term.answer("")
        assert "Ann ›" in term.text
        assert marks(term) == {"C4": "+new", "A1": "»moved"}, term.text  # (b) the other side's Move
    finally:
        term.close()


def test_against_a_bot_only_the_bots_reply_is_marked(tmp_path):
    term = _start(tmp_path, "--p2", "bot:random")
    try:
        term.wait_for("Ann ›", 30)
        term.answer("Clod B1")  # Ann's Summon and its Snatch: hers, not news
        term.wait_for("Ann ›", 30)
        term.pump(0.3)
        shown = marks(term)
        assert shown and "B1" not in shown and shown.get("B2") != "⇄snatch", term.text
        assert "+new" in shown.values()  # the bot's Summon
    finally:
        term.close()


def test_changes_for_a_player_leave_out_their_own_summon_snatch_and_moves():
    from momon_cli.engine import events as ev

    story = [
        ev.TurnStarted(1, 1),
        ev.Summoned(1, 9, "X", "Clod", "B1", "hand", False),
        ev.ControlChanged(4, "Breeze", "B2", 2, 1, "snatch"),
        ev.TurnStarted(2, 2),
        ev.Summoned(2, 10, "Y", "Storm Rider", "A4", "hand", False),
        ev.TriggerWaiting(1, 10, "Y", "Storm Rider", "on_summon", 2),
        ev.Moved((("Storm Rider", "A4", "D2"),)),
        ev.AbilityResolved(1, "resolved", ()),
        ev.ControlChanged(5, "Pixie", "D1", 1, 2, "snatch"),
    ]
    assert changes(story, 1) == {"D2": "new", "D1": "snatched"}
    assert changes(story, 2) == {"B1": "new", "B2": "snatched"}
    assert changes(story) == {"B1": "new", "B2": "snatched", "D2": "new", "D1": "snatched"}
    # a Move by the player's own ability carries only the news the Momon had
    own_move = [*story[:3], ev.TriggerWaiting(2, 9, "X", "Clod", "on_summon", 1), ev.Moved((("Breeze", "B2", "C2"),)),
                ev.AbilityResolved(2, "resolved", ())]
    assert changes(own_move, 1) == {} and changes(own_move, 2) == {"B1": "new", "C2": "moved"}
