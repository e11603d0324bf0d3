"""Plain mode's second pass (issue 36): a brief decision by default, the Arena read on asking
(row, column, mine, theirs, score), the bell, a puzzle's offer of the next or a retry, and
the rematch. Plain output holds no escape byte (ESC, 0x1B) anywhere."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from helpers import MATRIX, arena, game, mk
from typer.testing import CliRunner

from momon_cli.cli.app import app
from momon_cli.engine import Change, Game
from momon_cli.record import start_record
from momon_cli.tui.plain import plain_console
from momon_cli.tui.plain_seat import PlainSeat
from momon_cli.tui.script import PlainReader

ROOT = Path(__file__).parent.parent
PROMPT = re.compile(r"(?m)^\w+, (?:your answer|press Enter): ")


def _small_game() -> Game:
    drake = mk("Kiln Drake", "Fire", 7, ["N", "W"], stars=2)
    mole = mk("Mole", "Earth", 3, ["N"])
    pup = mk("Pup", "Fire", 2, ["N"], ability=[{"when": "on_summon", "do": [{"power": 1, "on": "self"}]}])
    return game([pup, mk("Ember", "Fire", 4, ["E"])], [mk("Reef", "Water", 5), mk("Gust")],
                [arena(1, drake, "B2"), arena(2, mole, "B3", changes=[Change("ward", "your_next_turn", 2)])])


def _seat(g: Game, typed: list[str], tmp_path: Path, **options: object) -> tuple[int, str, list[str]]:
    """Plain mode with ``typed`` a line a prompt: the exit status, everything written, and
    what was written after each line typed (up to the next prompt)."""
    out = io.StringIO()
    console = plain_console()
    console.file = out
    recorder = start_record(tmp_path / "game.jsonl", g, ("Deck One", "Deck Two"), force=True)
    keys = "".join(line + "\n" for line in typed).encode()
    code = PlainSeat(g, console, recorder, PlainReader(io.BytesIO(keys), out), **options).run()  # type: ignore[arg-type]
    return code, out.getvalue(), PROMPT.split(out.getvalue())[1:]


def test_a_summon_in_brief_says_who_decides_the_hand_in_short_and_the_empty_spaces(tmp_path):
    pup = mk("Pup", "Fire", 2, ["N"], ability=[{"when": "on_summon", "do": [{"power": 1, "on": "self"}]}])
    g = game([pup, mk("Ember", "Fire", 4, ["E"]), pup], [mk("Reef", "Water", 5)],
             [arena(1, mk("Kiln Drake", "Fire", 7, ["N", "W"], stars=2), "B2")])
    code, out, replies = _seat(g, ["", "inspect 1", "quit"], tmp_path)
    assert code == 0 and "\x1b" not in out
    assert "Summon with a card's number and a Space, e.g. '1 B2'; 'inspect 1' reads card 1." in out  # said once
    assert out.count("A card of your Hand is read as its number, name, Power, Element and Stars.") == 1
    assert replies[0].splitlines() == [  # copies alike on one line, no pause inside a card's line
        "Ann to Summon:",
        "1 and 3 Pup 2 Fire 1",
        "2 Ember 4 Fire 1",
        "Empty: all but B2."]
    assert "On Summon: give me +1 Power until end of turn." in replies[1].splitlines()  # 'inspect 1': its text


def test_a_copy_whose_once_only_right_is_spent_has_a_line_of_its_own():
    from dataclasses import replace

    from helpers import position

    from momon_cli.engine import Placed, Setup
    from momon_cli.tui.plain import brief_hand

    owl = mk("Owl", "Air", 3, ["N"], stars=2, ability=[{"when": "on_summon", "once": True,
                                                        "do": [{"power": 1, "on": "self"}]}])
    at = position([owl, owl, mk("Reef", "Water", 5), owl], [mk("Gust")])
    hand = list(at.hands[0])
    hand[1] = Placed(owl, 1, once_used=(0,))
    g = Game(Setup(replace(at, hands=(tuple(hand), at.hands[1])), MATRIX, 7, "sequential", ("Ann", "Bea")))
    assert brief_hand(g.observe(1), 1) == ["1 and 4 Owl 3 Air 2", "2 Owl 3 Air 2, once-only right used",
                                           "3 Reef 5 Water 1"]


@pytest.mark.parametrize("code", ["en", "th"])
def test_the_first_summon_of_every_built_in_deck_is_short_enough_to_hear_in_30_seconds(code):
    """benchmarks/speech.py measures it with espeak-ng (at most 30 s at 175 words a minute,
    27 s at most today); here the words and the pauses it is made of are held: 30 s is 87
    words with no pause, and the Thai voice reads this mix of Thai and English about a sixth
    slower, so at most 75 words, at most 6 marks that make a pause, none inside a card's line."""
    from momon_cli import language
    from momon_cli.data.cards import builtin_deck_names, load_deck, load_pool
    from momon_cli.engine import Setup
    from momon_cli.tui.plain import answer_prompt, brief

    pool = load_pool()
    with language.using(code):
        for name in builtin_deck_names():
            deck = load_deck(name, pool).cards
            g = Game(Setup.new_game((deck, deck), MATRIX, 7, "sequential", ("Ann", "Bea"), 1))
            said = [*brief(g.observe(1), g.pending, 1, {}, True), answer_prompt("Ann")]
            text = " ".join(said)
            assert len(said) <= 12 and len(text.split()) <= 75, (name, said)
            assert sum(text.count(mark) for mark in ",:;.") <= 6, (name, said)
            assert not any(mark in line for line in said[1:-2] for mark in ",:;."), (name, said)


def test_the_empty_spaces_in_brief_are_said_in_the_fewest_words():
    from momon_cli.engine import SPACES
    from momon_cli.tui.plain import empty_in_brief

    assert empty_in_brief(SPACES) == "Empty: all 16."
    assert empty_in_brief(tuple(s for s in SPACES if s not in ("B2", "C3"))) == "Empty: all but B2 and C3."
    assert empty_in_brief(("A1", "D4")) == "Empty: A1 and D4."


def test_what_changed_comes_before_the_hand_and_the_arena_is_left_to_ask_for(tmp_path):
    """Bea's brief Summon, after Ann's: the hand-off says what Ann did; nothing of the Arena
    is read until asked."""
    code, out, replies = _seat(_small_game(), ["", "pup A1", "", "quit"], tmp_path)
    assert code == 0 and "\x1b" not in out
    bea = replies[2]  # after Enter at Bea's hand-off
    assert bea.splitlines()[0] == "Bea to Summon:"
    assert "Since the last hand-off: Ann Summoned Pup to A1." in replies[1]
    assert "The Arena as" not in bea and "Row " not in bea and "Sights" not in bea


def test_with_no_hand_off_what_the_other_side_did_is_the_decisions_second_line(tmp_path):
    code, out, replies = _seat(_small_game(), ["pup A1", "quit"], tmp_path, open_hands=True)
    assert code == 0 and "\x1b" not in out
    told = replies[0].splitlines()  # after Ann's answer: its story, then Bea's decision
    assert told[told.index("Bea to Summon:"):] == ["Bea to Summon:", "Meanwhile: Ann Summoned Pup to A1.",
                                                   "1 Reef 5 Water 1", "2 Gust 3 Fire 1",
                                                   "Empty: all but A1, B2 and B3."]


def test_verbosity_full_keeps_the_whole_arena_and_every_card_at_a_decision(tmp_path):
    code, out, replies = _seat(_small_game(), ["", "quit"], tmp_path, verbosity="full")
    assert code == 0
    lines = replies[0].splitlines()
    assert lines[1:3] == ["Turn 1: Ann's turn.", "Control Score: Ann 1, Bea 1."]
    assert "Row 3: A3, C3 and D3 are empty." in lines  # today's full reading, kept as it was
    assert "1. Pup: Power 2, Fire, 1 Star; Sights north; " in replies[0]
    assert re.search(r"^Resume it with: momon play --resume \S+ --plain --verbosity full$", out, re.M)


def test_in_brief_what_an_answer_looks_like_is_said_once_for_each_player_and_kind(tmp_path):
    """Bea's two yes-or-no questions of the scripted game: brief tells the answer's form at
    the first only ('help' says it again), full at both."""
    game_file = ROOT / "tests" / "games" / "dawn-dusk-vs-prism-seed7.txt"
    answers = [line for line in game_file.read_text().splitlines() if line.strip() and not line.startswith("#")]
    form = "To answer: 'y' or 'n' (or 1 for yes, 2 for no)."
    said = {}
    for verbosity, times in (("brief", 1), ("full", 2)):
        result = CliRunner().invoke(app, ["play", "--plain", "--verbosity", verbosity, "--script", "-", "--p1", "Ann",
                                          "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7",
                                          "--first", "1", "--log", str(tmp_path / f"{verbosity}.jsonl")],
                                    input="\n".join(answers[:16]) + "\nquit\n")
        said[verbosity] = out = result.output
        assert "Game saved to" in out and out.count("Bea (Player 2) decides: Use Echo Wisp's ability?") == 2
        assert out.count(form) == times, verbosity
    assert "\nAnn to Summon.\nEmpty: all 16.\n" in said["brief"]  # a script sees no Hand: who decides, the Spaces


def test_row_and_column_read_their_spaces_in_order(tmp_path):
    typed = ["", "row 3", "row 5", "column b", "column z", "view p2", "row 2", "quit"]
    code, out, replies = _seat(_small_game(), typed, tmp_path)
    assert code == 0 and "\x1b" not in out
    assert replies[1].splitlines() == ["Row 3: A3 is empty.",
                                       "B3: Bea's Mole, Power 3, Earth, 1 Star; it has Ward; its Sights point at B2",
                                       "C3 and D3 are empty."]
    assert replies[2].strip() == "row takes a row's number, 1 to 4: e.g. 'row 2'"
    assert replies[3].splitlines() == [
        "Column B, the far Space first: B4 is empty.",
        "B3: Bea's Mole, Power 3, Earth, 1 Star; it has Ward; its Sights point at B2",
        "B2: your Kiln Drake, Power 7, Fire, 2 Stars; its Sights point at B3 and A2",
        "B1 is empty."]
    assert replies[4].strip() == "column takes a column's letter, A to D: e.g. 'column B'"
    assert replies[6].splitlines() == ["Row 2: D2 and C2 are empty.",  # from Bea's seat: her left is D
                                       "B2: your Kiln Drake, Power 7, Fire, 2 Stars; its Sights point at B3 and A2",
                                       "A2 is empty."]


def test_mine_theirs_and_score(tmp_path):
    code, out, replies = _seat(_small_game(), ["", "mine", "theirs", "score", "help", "quit"], tmp_path)
    assert code == 0 and "\x1b" not in out
    assert replies[1].splitlines() == [
        "You control 1 Momon:", "B2: your Kiln Drake, Power 7, Fire, 2 Stars; its Sights point at B3 and A2"]
    assert replies[2].splitlines() == [
        "Bea controls 1 Momon:", "B3: Bea's Mole, Power 3, Earth, 1 Star; it has Ward; its Sights point at B2"]
    assert replies[3].splitlines() == ["Control Score: Ann 1, Bea 1.", "Turn 1: Ann's turn.", "Cards in Hand: Ann 2, Bea 2."]
    for word in ("row <1-4>", "column <A-D>", "mine", "theirs", "score"):
        assert re.search(rf"^  {re.escape(word)} +\S", replies[4], re.M), word


def test_mine_says_so_when_you_control_nothing(tmp_path):
    g = game([mk("Pup")], [mk("Reef")], [arena(2, mk("Mole"), "B3")])
    code, _, replies = _seat(g, ["", "mine", "quit"], tmp_path)
    assert code == 0 and replies[1].splitlines() == ["You control no Momon on the Arena."]


def test_the_bell_rings_at_a_hand_off_at_the_bots_move_and_at_the_end(tmp_path):
    g = _small_game()
    code, out, _ = _seat(g, ["", "quit"], tmp_path, bell=True)
    assert code == 0 and out.count("\a") == 1 and out.index("\a") < out.index("----- Pass the keyboard to Ann")
    (tmp_path / "quiet").mkdir()
    assert "\a" not in _seat(_small_game(), ["", "quit"], tmp_path / "quiet")[1]
    result = CliRunner().invoke(app, ["play", "--plain", "--bell", "--script", "-", "--p1", "Ann", "--p2", "bot:random",
                                      "--deck1", "ember-tide", "--deck2", "stone-gale", "--seed", "3", "--first", "1",
                                      "--log", str(tmp_path / "g.jsonl")], input="1 B2\nconcede\ny\n")
    said = result.output
    assert result.exit_code == 0 and "\x1b" not in said
    thought = said.index("Random bot is thinking…")
    assert said.index("\a", thought) < said.index("Random bot Summons ")  # the bot's move
    assert said.rstrip().splitlines()[-1].startswith("Winner: Random bot") and said.count("\a") == 2  # and the end


def _spawn(args: list[str]) -> tuple[pexpect.spawn, io.BytesIO]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES", "MOMON_PLAIN")}
    env["TERM"] = "xterm-256color"
    child = pexpect.spawn(sys.executable, ["-m", "momon_cli", *args], dimensions=(24, 80), env=env, cwd=str(ROOT),
                          timeout=120)
    child.logfile_read = log = io.BytesIO()
    return child, log


def test_at_a_terminal_80x24_the_brief_decision_and_each_command_write_no_escape_byte(tmp_path):
    child, log = _spawn(["play", "--plain", "--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism",
                         "--seed", "7", "--first", "1", "--log", str(tmp_path / "g.jsonl")])
    answer = ", your answer: "
    try:
        child.expect_exact(", press Enter: ")
        child.send("\r")
        child.expect_exact(answer)
        for typed, expected in (("row 1", "Row 1: A1, B1, C1 and D1 are empty."),
                                ("column C", "Column C, the far Space first: C4, C3, C2 and C1 are empty."),
                                ("mine", "You control no Momon on the Arena."),
                                ("theirs", "Bea controls no Momon on the Arena."),
                                ("score", "Control Score: Ann 0, Bea 0.")):
            child.send(typed + "\r")
            child.expect_exact(expected)
            child.expect_exact(answer)
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    raw = log.getvalue()
    assert b"\x1b" not in raw and "\x9b" not in raw.decode()
    text = raw.decode().replace("\r\n", "\n")
    decision = text.split("Ann to Summon:")[1].split(answer)[0]
    assert "The Arena as" not in decision and re.search(r"^1 and 2 Glimmer Moth 2 Light 1$", decision, re.M)
    assert "Game saved to" in text


def test_ctrl_d_at_the_hand_off_saves_and_says_how_to_resume(tmp_path):
    """Plain lines and the full screen alike: Ctrl-D on the hand-off leaves, saved."""
    for plain in (["--plain"], []):
        child, log = _spawn(["play", *plain, "--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism",
                             "--seed", "7", "--first", "1", "--log", str(tmp_path / f"g{len(plain)}.jsonl")])
        try:
            child.expect_exact(", press Enter: " if plain else "⏎".encode())
            child.sendeof()
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
        said = log.getvalue().decode()
        assert child.exitstatus == 0 and "Game saved to" in said and "Resume it with: momon play --resume" in said


def test_a_solved_puzzle_offers_the_next_and_a_missed_one_says_why_and_offers_a_retry(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    solved = CliRunner().invoke(app, ["puzzle", "1", "--plain", "--script", "-"], input="summon lynx b2\n", env=env)
    assert solved.exit_code == 0 and "\x1b" not in solved.output
    assert solved.output.splitlines()[-1] == "Solved. The next puzzle: momon puzzle 2 --plain"
    missed = CliRunner().invoke(app, ["puzzle", "1", "--script", "-"], input="summon pup b1\n", env=env)
    assert missed.exit_code == 0
    assert missed.output.splitlines()[-2:] == ["Goal not met: you Snatched 0 Momons this turn (2 asked).",
                                              "Try it again: momon puzzle 1"]


def test_rematch_starts_a_new_game_of_the_same_players_seats_swapped(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    first = CliRunner().invoke(app, ["play", "--plain", "--script", "-", "--p1", "Ann", "--p2", "bot:random",
                                     "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "3"], input="concede\ny\n",
                               env=env)
    assert first.exit_code == 0, first.output
    lines = first.output.rstrip().splitlines()
    assert lines[-2] == "A rematch, seats swapped: momon play --rematch last --plain"
    again = CliRunner().invoke(app, ["play", "--rematch", "last", "--script", "-", "--log", str(tmp_path / "r.jsonl")],
                               input="quit\n", env=env)
    assert again.exit_code == 3, again.output  # a script that stops inside the game: saved, exit 3
    head = json.loads((tmp_path / "r.jsonl").read_text().splitlines()[0])
    assert head["names"] == ["Random bot", "Ann"] and head["decks"] == ["Prism", "Dawn and Dusk"]
    assert [b["player"] for b in head["bots"]] == [1] and head["bots"][0]["bot"] == "random"
    refused = CliRunner().invoke(app, ["play", "--rematch", "last", "--resume", "last"], env=env)
    assert refused.exit_code == 2 and "a rematch is a new game" in refused.output


def test_the_brief_summon_in_thai(tmp_path):
    from momon_cli import language

    with language.using("th"):
        code, out, _ = _seat(_small_game(), ["", "row 3", "quit"], tmp_path)
    assert code == 0 and "\x1b" not in out
    replies = re.split(r"(?m)^\w+ (?:คำตอบของคุณ|กด Enter): ", out)[1:]
    lines = replies[0].splitlines()
    assert lines == ["ถึงตา Ann Summon:", "1 Pup 2 ไฟ 1", "2 Ember 4 ไฟ 1",
                     "ว่าง ยกเว้น B2 และ B3"]
    assert "การ์ดแต่ละใบใน Hand ของคุณอ่านตามลำดับ: หมายเลข ชื่อ Power, Element และ Stars" in out
    assert replies[1].splitlines()[0] == "แถว 3: A3 ว่าง" and replies[1].splitlines()[-1] == "C3 และ D3 ว่าง"


def test_the_full_screen_rings_the_bell_at_a_hand_off_only_when_asked(tmp_path):
    from repl_driver import play

    rung = play(_small_game(), "\nquit\n", tmp_path, bell=True)
    assert rung.code == 0 and "\a" in rung.printed
    (tmp_path / "quiet").mkdir()
    assert "\a" not in play(_small_game(), "\nquit\n", tmp_path / "quiet").printed


def test_a_game_from_a_position_offers_no_rematch(tmp_path):
    positions = ROOT / "tests" / "positions"
    result = CliRunner().invoke(app, ["play", "--plain", "--position", str(positions / "17-2-queue.toml"), "--cards",
                                      str(positions / "cards.toml"), "--p1", "Ann", "--p2", "Bea", "--script", "-",
                                      "--log", str(tmp_path / "g.jsonl")], input="concede\ny\n")
    assert result.exit_code == 0, result.output
    assert "Winner: " in result.output and "--rematch" not in result.output
