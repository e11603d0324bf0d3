"""Plain mode (issue #25): `momon play --plain`, a game a screen reader can follow.

The acceptance test plays a whole hot-seat game in a pseudo-terminal and keeps every byte
the program writes (pexpect's read log). What "no cursor movement" means here, exactly:
the output holds no ESC (0x1B) and no C1 CSI (U+009B) at all, so no alternate screen
(``ESC [?1049h``), no cursor movement or positioning (CSI A B C D E F G H f d), no erasing
(CSI J K, ``ESC [2J``), no saved cursor (ESC 7 8, CSI s u), no colour and no window title;
no backspace, and no carriage return but the terminal's own before a line feed (a CR alone
would draw over a line). Nor any box-drawing character (U+2500-U+257F).
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pexpect
from helpers import arena, game, mk
from typer.testing import CliRunner

from momon_cli.cli.app import app
from momon_cli.data.cards import load_deck, load_matrix, load_pool
from momon_cli.engine import Change, Game, Kind
from momon_cli.record import read_record, setup_from_header, start_record
from momon_cli.tui.plain import plain_console
from momon_cli.tui.plain_seat import PlainSeat
from momon_cli.tui.script import PlainReader

GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"
ROOT = Path(__file__).parent.parent
ANSWER, ENTER = ", your answer: ", ", press Enter: "
HANDOFF = re.compile(r"^----- Pass the keyboard to (\w+)\. Press Enter\. -----$", re.MULTILINE)
BOX = re.compile("[\u2500-\u257f]")


def _spawn(args: list[str]) -> tuple[pexpect.spawn, io.BytesIO]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES", "MOMON_PLAIN")}
    env["TERM"] = "xterm-256color"
    child = pexpect.spawn(sys.executable, ["-m", "momon_cli", *args], dimensions=(24, 80), env=env, cwd=str(ROOT),
                          timeout=120)
    child.logfile_read = log = io.BytesIO()  # every byte the program writes, echo included
    return child, log


def _decisions(record_path: Path) -> list[tuple[Kind, int, int]]:
    """Each decision of the recorded game in order: its kind, who made it and how many
    numbered options it offers (a Summon: the cards in the Hand)."""
    record = read_record(record_path)
    g = Game(setup_from_header(record.header, load_matrix()))
    found = []
    for entry in record.answers:
        d = g.pending
        assert d is not None
        shown = len(g.state.zones.hands[d.player]) if d.kind is Kind.SUMMON else len(d.options)
        found.append((d.kind, d.player, shown))
        g.answer(tuple(entry["value"]) if isinstance(entry["value"], list) else entry["value"])
    return found


def test_a_whole_plain_hot_seat_game_writes_lines_only_numbers_every_option_and_hides_each_hand(tmp_path):
    lines = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    record = tmp_path / "g.jsonl"
    child, log = _spawn(["play", "--plain", "--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism",
                         "--seed", "7", "--first", "1", "--log", str(record)])
    try:
        typed = iter(lines)
        while child.expect_exact([ANSWER, ENTER, pexpect.EOF]) != 2:
            child.send(("" if child.after == ENTER.encode() else next(typed)) + "\r")
        assert next(typed, None) is None
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    raw = log.getvalue()
    out = raw.decode("utf-8")

    assert b"\x1b[?1049h" not in raw and not re.search(rb"\x1b\[[0-9;?]*[A-HJKfdsu]", raw)
    assert b"\x1b" not in raw and "\x9b" not in out and b"\x08" not in raw, "an escape sequence or a backspace"
    assert not re.search(rb"\r(?!\n)", raw), "a carriage return that draws over a line"
    assert not BOX.search(out)
    text = out.replace("\r\n", "\n")
    assert text.rstrip().splitlines()[-1].startswith("Winner: Ann (P1)")

    # Every decision: its header, its options on numbered lines, then the prompt; a brief
    # Summon's Hand a card a line, its copies' numbers first ("1 and 2 Glimmer Moth ...").
    blocks = [block.split(ANSWER)[0] for block in
              re.split(r"^\w+ (?:\(Player \d\) decides: |to Summon:$)", text, flags=re.M)[1:]]
    decisions = _decisions(record)
    assert len(blocks) == len(decisions)
    for block, (kind, _, shown) in zip(blocks, decisions, strict=True):
        if kind is Kind.SUMMON:
            heads = re.findall(r"^(\d+(?:, \d+)*(?: and \d+)?) [A-Z]", block, re.M)
            numbers = sorted(int(n) for head in heads for n in re.findall(r"\d+", head))
            assert numbers == list(range(1, shown + 1)), f"{kind}: the Hand's numbers {numbers} in:\n{block}"
            continue
        for n in range(1, shown + 1):
            assert re.search(rf"^{n}\. \S", block, re.M), f"{kind}: no line '{n}. ...' in:\n{block}"

    # The hand-offs: before each player's every decision, and nothing of the other Hand after one.
    pool = load_pool()
    names = {1: "Ann", 2: "Bea"}
    decks = {p: {c.name for c in load_deck(deck, pool).cards} for p, deck in ((1, "dawn-dusk"), (2, "prism"))}
    marks = list(HANDOFF.finditer(text))
    assert [m.group(1) for m in marks[:3]] == ["Ann", "Bea", "Ann"]
    assert not re.search(r"Hand, \d+ cards? \(", text[:marks[0].start()])  # no Hand before the first hand-off
    for i, mark in enumerate(marks):
        holder = 1 if mark.group(1) == "Ann" else 2
        segment = text[mark.end():marks[i + 1].start() if i + 1 < len(marks) else len(text)]
        assert f"{names[3 - holder]}'s Hand" not in segment
        for name in decks[3 - holder] - decks[holder]:  # a card of the other player only
            first = text.find(name, mark.end())
            if mark.end() <= first < mark.end() + len(segment):  # named here: only once it was Summoned
                assert re.search(rf"Summon(s|ed) {name} ", text[:first + len(name) + 1]), (name, segment)


def test_at_the_terminal_names_and_decks_are_asked_ctrl_c_drops_the_line_and_ctrl_d_saves(tmp_path):
    """The questions before the game are plain too (the deck list is not cut at the width,
    its Stars a word); Ctrl-C drops the line; Ctrl-D saves and says how to resume."""
    child, log = _spawn(["play", "--plain", "--seed", "7", "--log", str(tmp_path / "g.jsonl")])
    try:
        for question, typed in (("Player 1's name", "Ann"), ("Player 2's name", "Bea"),
                                ("Ann's deck (a number or a name)", "dawn-dusk"), ("Bea's deck", "")):
            child.expect_exact(question)
            child.send(typed + "\r")
        child.expect_exact(ENTER)
        child.send("\r")
        child.expect_exact(ANSWER)
        child.send("summon 1")
        child.sendintr()  # Ctrl-C: the line is dropped, the prompt asked again
        child.expect_exact("Ctrl-C clears the line; type 'quit' to save and leave")
        child.expect_exact(ANSWER)
        child.sendeof()  # Ctrl-D on the empty line
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    said = log.getvalue().decode().replace("\r\n", "\n")
    assert f"Game saved to {tmp_path / 'g.jsonl'}" in said and "\x1b" not in said and "★" not in said
    assert " 2 dawn-dusk — Dawn and Dusk · standard · 10 cards · 26 Stars · Dark Light\n" in said
    assert "…" not in said.split("Ann's deck")[0]  # no line of the list cut at 80 columns
    assert re.search(rf"^Resume it with: momon play --resume \S*{tmp_path.name}\S* --plain$", said, re.M), said


def test_momon_plain_1_plays_a_script_in_plain_lines(tmp_path):
    """The environment variable turns plain mode on: a script's game ends with the Arena in words."""
    lines = "".join(line + "\n" for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#"))
    result = CliRunner().invoke(app, ["play", "--script", "-", "--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk",
                                      "--deck2", "prism", "--seed", "7", "--first", "1", "--log", str(tmp_path / "g.jsonl")],
                                input=lines, env={"MOMON_PLAIN": "1"})
    assert "The Arena as Ann sits, the far row first" in result.output, result.output
    assert "Row 4: " in result.output and "Winner: Ann (P1)" in result.output
    assert not BOX.search(result.output) and "\x1b" not in result.output


def test_against_a_bot_what_your_answer_did_comes_before_the_bot_thinks(tmp_path):
    result = CliRunner().invoke(app, ["play", "--plain", "--script", "-", "--p1", "Ann", "--p2", "bot:random",
                                      "--deck1", "ember-tide", "--deck2", "stone-gale", "--seed", "3", "--first", "1",
                                      "--log", str(tmp_path / "g.jsonl")], input="1 B2\nquit\n")
    out = result.output
    assert out.index("Ann Summons Cinder Pup to B2.") < out.index("Turn 1 ends.") < out.index("Random bot is thinking…")
    assert out.index("Random bot is thinking…") < out.index("Random bot Summons ")


def _seat(g: Game, typed: list[str], tmp_path) -> tuple[int, str, list[str]]:
    """Run ``g`` in plain mode, the keyboard typing ``typed`` a line a prompt: the exit status,
    every line written, and what was written after each line typed (up to the next prompt)."""
    out = io.StringIO()
    console = plain_console()
    console.file = out
    recorder = start_record(tmp_path / "game.jsonl", g, ("Deck One", "Deck Two"), force=True)
    keys = "".join(line + "\n" for line in typed).encode()
    code = PlainSeat(g, console, recorder, PlainReader(io.BytesIO(keys), out)).run()
    return code, out.getvalue(), re.split(r"(?m)^\w+, (?:your answer|press Enter): ", out.getvalue())[1:]


def _small_game() -> Game:
    drake = mk("Kiln Drake", "Fire", 7, ["N", "W"], stars=2)
    mole = mk("Mole", "Earth", 3, ["N"])  # its Owner sits at row 4: north is toward row 1
    return game([mk("Pup", "Fire", 2, ["N"]), mk("Ember", "Fire", 4, ["E"])], [mk("Reef", "Water", 5), mk("Gust")],
                [arena(1, drake, "B2"), arena(2, mole, "B3", changes=[Change("ward", "your_next_turn", 2)])])


def test_board_reads_the_arena_row_by_row_in_words(tmp_path):
    code, _, replies = _seat(_small_game(), ["", "board", "view p2", "board", "quit"], tmp_path)
    assert code == 0
    board = replies[1]
    # each row in the order its heading announces (from the left), not its empty Spaces first (issue 36)
    assert board.splitlines()[4:] == [
        "Row 4: A4, B4, C4 and D4 are empty.",
        "Row 3: A3 is empty.",
        "B3: Bea's Mole, Power 3, Earth, 1 Star; it has Ward; its Sights point at B2",
        "C3 and D3 are empty.",
        "Row 2: A2 is empty.",
        "B2: your Kiln Drake, Power 7, Fire, 2 Stars; its Sights point at B3 and A2",
        "C2 and D2 are empty.",
        "Row 1: A1, B1, C1 and D1 are empty."]
    assert board.splitlines()[0] == "Turn 1: Ann's turn."
    assert replies[2] == "'board' reads the Arena as Bea sits, whoever decides.\n"
    turned = [line for line in replies[3].splitlines() if line.startswith("Row ")]
    assert turned[0] == "Row 1: D1, C1, B1 and A1 are empty." and turned[2] == "Row 3: D3 and C3 are empty."
    assert "B2: your Kiln Drake" in replies[3]


def test_hand_lists_your_own_cards_on_numbered_lines_only_after_the_hand_off(tmp_path):
    code, out, replies = _seat(_small_game(), ["", "hand", "quit"], tmp_path)
    assert code == 0
    assert out.index("----- Pass the keyboard to Ann. Press Enter. -----") < out.index("Your Hand")
    assert replies[1].splitlines() == ["Your Hand, 2 cards (Sights read from your seat: north points away from you):",
                                       "1. Pup: Power 2, Fire, 1 Star; Sights north",
                                       "2. Ember: Power 4, Fire, 1 Star; Sights east"]
    assert "Reef" not in out and "Gust" not in out  # Bea's Hand, never


def test_last_tells_what_happened_since_you_last_answered(tmp_path):
    """Before any answer, nothing; at Bea's Summon, Ann's Summon and the Space it changed;
    at Ann's next, from her own answer on."""
    typed = ["", "last", "pup A1", "", "last", "reef D4", "", "last", "quit"]
    code, _, replies = _seat(_small_game(), typed, tmp_path)
    assert code == 0
    assert replies[1].splitlines() == ["Nothing has happened since you last answered."]
    assert "Ann Summons Pup to A1." in replies[4] and replies[4].splitlines()[-1] == "Spaces changed: A1 (placed)."
    assert replies[4].splitlines()[0] == "Since you last answered:"
    # the log from the answer on, so what it did too (its Snatches), then everything since; the
    # Spaces changed are what the other side did, as the screen's marks (her own Pup is not news)
    assert replies[7].index("Ann Summons Pup to A1.") < replies[7].index("Bea Summons Reef to D4.")
    assert replies[7].splitlines()[-1] == "Spaces changed: D4 (placed)."


def test_a_space_and_yes_or_no_take_an_option_number(tmp_path):
    sprite = mk("Sprite", "Air", 1, ability=[{"when": "on_summon", "may": True, "target": {"side": "enemy"},
                                               "do": [{"power": -1, "on": "targets"}]}])
    g = game([sprite], [mk("Spare")], [arena(2, mk("Left", "Fire", 4), "A4"), arena(2, mk("Right", "Fire", 4), "D4")])
    code, out, _ = _seat(g, ["", "sprite B1", "2", "1", "quit"], tmp_path)
    assert code == 0
    assert "1. A4: Bea's Left, Power 4, Fire, 1 Star" in out and "1. yes\n2. no\n" in out
    assert "Right gets -1 Power until end of turn: Power is now 3." in out


def test_ctrl_d_saves_and_says_how_to_resume(tmp_path):
    code, out, _ = _seat(_small_game(), [""], tmp_path)
    assert code == 0
    assert f"Game saved to {tmp_path / 'game.jsonl'}" in out
    assert re.search(r"^Resume it with: momon play --resume \S+ --plain$", out, re.M)  # plain again


def test_a_puzzle_and_the_lesson_play_in_plain_lines(tmp_path):
    """The puzzle's difficulty in words, the turn told in lines, the Arena at its end in words."""
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    result = CliRunner().invoke(app, ["puzzle", "1", "--plain", "--script", "-"], input="board\nsummon lynx b2\n",
                                env=env)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Puzzle 1: First Snatch, difficulty 1 of 5\n") and "★" not in out
    assert "Solver, your answer: board" in out and "1 Ember Lynx 4 Fire 2" in out
    end = out[out.index("Turn 5 ends."):]
    assert "B2: your Ember Lynx, Power 4, Fire, 2 Stars" in end and "B3: your Zephyr Kite" in end
    assert out.splitlines()[-2].startswith("Goal met: ") and not BOX.search(out) and "\x1b" not in out
    lesson = CliRunner().invoke(app, ["learn", "--script", "-"], input="play\nsummon lynx b2\nquit\n",
                                env={**env, "MOMON_PLAIN": "1"})
    assert lesson.exit_code == 0, lesson.output
    assert "Row 3: " in lesson.output and "Goal met: " in lesson.output and not BOX.search(lesson.output)
