"""A player reads what their own answer did ("Your move: ..."), as they read the other side's
("Meanwhile: ..."): its Snatches, its failed Attempts and why, its abilities, the Momons it sent
away and the Control Score it left, at 80x24 beside the Hand and the news, in English and
Thai, from the seat's own story alone."""

from __future__ import annotations

from pathlib import Path

from helpers import arena, game, mk
from screen_driver import POSITIONS, Terminal

from momon_cli.engine import SPECTATOR, Game
from momon_cli.record import start_record
from momon_cli.session import Session

#: Ann Summons Clod (Earth 3, Sights N and E) to B1: N Snatches Bea's Breeze (Air 5) on B2, E
#: fails on Drip (Water 3) on C1; Bea Summons a Pebble, and Ann Summons again in turn 3.
POSITION = """turn = 1
first_player = 1

[[player]]
hand = ["TPS-001", "TPS-004"]

[[player]]
hand = ["TPS-004", "TPS-004"]

[[arena]]
card = "TPS-002"
space = "B2"
owner = 2

[[arena]]
card = "TPS-003"
space = "C1"
owner = 2
"""
YOURS = "Your move: Ann Snatched Breeze on B2; Clod's Attempt on Drip fails. Control Score Ann 2 – {bea} 1."


def _at_ann_again(tmp_path: Path, second: str, *lang: str, until: str = "Your move") -> Terminal:
    """Ann's Summon in turn 3, after her Summon in turn 1 and Bea's (or the bot's) in turn 2."""
    (tmp_path / "own.toml").write_text(POSITION)
    term = Terminal([*lang, "play", "--position", str(tmp_path / "own.toml"), "--cards", str(POSITIONS / "cards.toml"),
                     "--p1", "Ann", "--p2", second, "--seed", "7", "--log", str(tmp_path / "g.jsonl")])
    person = not second.startswith("bot:")
    if person:
        term.wait_for("⏎")
        term.answer("")
    term.wait_for("Ann ›")
    term.answer("clod B1")
    if person:
        term.answer("")
        term.answer("1 C3")
        term.answer("")
    term.wait_for(until)
    return term


def test_against_a_bot_your_move_is_told_beside_the_bots(tmp_path):
    term = _at_ann_again(tmp_path, "bot:easy")
    assert YOURS.format(bea="Easy bot") in term.words, term.text
    assert "Meanwhile: Easy bot Summoned Pebble to C3." in term.words
    assert "1 Pebble" in term.text and term.lines[-1].startswith("Ann ›")  # the Hand and the prompt stay
    assert term.screen.wraps == 0  # nothing drawn past the last column
    term.close()


def test_at_one_keyboard_your_move_is_told_on_your_own_screen(tmp_path):
    term = _at_ann_again(tmp_path, "Bea")
    assert YOURS.format(bea="Bea") in term.words and "Meanwhile: Bea Summoned Pebble to C3." in term.words, term.text
    term.close()


def test_your_move_in_thai(tmp_path):
    term = _at_ann_again(tmp_path, "bot:easy", "--lang", "th", until="ตาของคุณ")
    words = term.words.replace(" ", "")  # a Thai line breaks between words where a space is not written
    assert "ตาของคุณ:AnnSnatchBreezeที่B2" in words and "ControlScoreหลังจากนั้นAnn2–" in words, term.text
    assert "Your move" not in term.text
    term.close()


def _session(tmp_path: Path, handoff: bool = False) -> tuple[Session, Game]:
    hawk = mk("Hawk", "Air", 3, ["N"])
    g = game([hawk, mk("Spare")], [mk("Secret"), mk("Hidden")], [arena(2, mk("Mouse", "Earth", 1), "A2")])
    return Session(g, start_record(tmp_path / "g.jsonl", g, ("A", "B"), force=True), handoff=handoff), g


def test_only_the_seat_that_answered_reads_its_move_and_nothing_of_the_other_hand(tmp_path):
    session, g = _session(tmp_path)
    assert session.updates(1, g.pending).result == ""  # nothing answered yet
    session.submit(1, "hawk A1")
    theirs = session.updates(2, g.pending)
    assert theirs.result == "" and session.updates(SPECTATOR).result == ""
    mine = session.updates(1).result
    assert mine == "Your move: Ann Snatched Mouse on A2. Control Score Ann 2 – Bea 0.", mine
    assert "Secret" not in mine and "Hidden" not in mine
    session.submit(2, "secret B4")  # Bea's own move did nothing to tell: no line of hers
    assert session.updates(2).result == "" and session.updates(1).result == mine  # Ann's stays until she answers


def test_an_undone_answer_leaves_no_line_of_what_it_did(tmp_path):
    session, g = _session(tmp_path, handoff=True)
    assert session.at_handoff(1, "") is None
    session.submit(1, "hawk A1")
    assert session.updates(1).result.startswith("Your move: Ann Snatched Mouse")
    assert session.at_handoff(2, "undo") is not None
    assert session.updates(1, g.pending).result == ""


def test_a_served_seat_reads_its_own_move_and_the_other_seat_does_not(tmp_path):
    hawk = mk("Hawk", "Air", 3, ["N"])
    g = game([hawk, mk("Spare")], [mk("Secret"), mk("Hidden")], [arena(2, mk("Mouse", "Earth", 1), "A2")])
    session = Session(g, start_record(tmp_path / "g.jsonl", g, ("A", "B"), force=True), served=True)
    session.submit(1, "hawk A1")
    assert session.updates(1).result.startswith("Your move: Ann Snatched Mouse on A2")
    assert session.updates(2, g.pending).result == ""


def test_a_full_hand_keeps_every_card_and_your_move_gives_way_whole():
    from momon_cli.tui.frame import View, compose

    g = game([mk(f"Card{i}") for i in range(10)], [mk("Spare")])
    seen = g.observe(1)
    mine = "Your move: " + "; ".join(f"Ann Snatched Momon{i} on B{i % 4 + 1}" for i in range(4)) + "."
    news = "Meanwhile: Bea Summoned Reef Warden to A1."
    for result in (mine, "Your move: Ann Snatched Mouse on A2. Control Score Ann 2 – Bea 0."):
        view = View(seat=1, decision=g.pending, hand=1, news=news, result=result)
        text = "\n".join(line.plain for line in compose(seen, view, 80, 24, 2))
        assert all(f"Card{i}" in text for i in range(10)) and news in text, text
        shown = " ".join(text.split())
        assert ("Your move:" in shown) == (result in shown), text  # whole, or not at all
        assert "Snatched Momon3" not in shown or "Your move:" in shown
