"""Acceptance: `momon play` in a pseudo-terminal at 80x24, 120x40 and 60x20, read with pyte.

At every kind of prompt the whole Arena (16 cells), the decision's options and the prompt
are on the emulated screen; after each hand-off the scrollback holds nothing of a Hand; the
end screen's last lines name the winner.
"""

from pathlib import Path

import pytest
from answers_helper import apply
from helpers import from_position
from screen_driver import Terminal, play, whole_arena_on_screen

from momon_cli.engine import Kind
from momon_cli.text.prompts import prompt_text

#: kind -> (position, lines typed to reach it; "" passes a hand-off)
SCENARIOS = {
    Kind.SUMMON: ("17-1-multi-snatch", [""]),
    Kind.ORDER_ATTEMPTS: ("17-1-order-matters", ["", "Climber B1"]),
    Kind.ORDER_TRIGGERS: ("17-2-queue", ["", "Pebble D1"]),
    Kind.TARGETS: ("th-17-9-fbd180", ["", "Herder A1"]),
    Kind.SPACE: ("17-9-move-incite", ["", "Storm Rider A1"]),
    Kind.CARD: ("th-17-1-batch-nested", ["", "Rift Caller A1"]),
    Kind.YES_NO: ("th-17-5-fbd134", [""]),
    Kind.PICK_FACE_DOWN: ("17-7-void-fallback", [""]),
}


def _in_process(position: str, typed: list[str]):
    game = from_position(position)
    for line in typed:
        if line:
            apply(game, game.pending, line)
    return game


def _options(game) -> list[str]:
    """Words of each option the screen must show."""
    d = game.pending
    names = {p.card.id: p.card.name for p in game.setup.position.cards()}
    if d.kind is Kind.SUMMON:
        zones = game.state.zones
        return [zones.objects[o].card.name[:9] for o in zones.hands[d.player]]
    if d.kind is Kind.ORDER_ATTEMPTS:
        return [f"{a.defender_name} on {a.key}" for a in d.options]
    if d.kind is Kind.ORDER_TRIGGERS:
        return [f"{i}. {t.name}" for i, t in enumerate(d.options, 1)]
    if d.kind is Kind.TARGETS:
        return [f"{i}. {s}" for i, s in enumerate(d.options, 1)]
    if d.kind is Kind.CARD:
        return [names[c] for c in d.options]
    if d.kind is Kind.SPACE:
        return ["Spaces:", *d.options]
    if d.kind is Kind.YES_NO:
        return [prompt_text(d)]
    return [f"Face-down cards 1-{len(d.options)}"]


def _drive(term: Terminal, typed: list[str], prompt: str) -> None:
    for line in typed:
        if line == "":
            term.wait_for("Pass to")
        term.type(line)
    term.wait_for(prompt)


def _everything_visible(term: Terminal, game, prompt: str) -> None:
    whole_arena_on_screen(term, game)
    for option in _options(game):
        assert option in term.words, f"{option!r} is not on the screen:\n{term.text}"
    assert term.lines[-1].startswith(prompt), term.text


@pytest.mark.parametrize("kind", list(SCENARIOS), ids=str)
def test_every_prompt_shows_the_arena_the_options_and_the_prompt(tmp_path, kind):
    position, typed = SCENARIOS[kind]
    game = _in_process(position, typed)
    assert game.pending.kind is kind
    prompt = f"{game.setup.names[game.pending.player - 1]} › "
    term = play(tmp_path, position)
    try:
        _drive(term, typed, prompt)
        _everything_visible(term, game, prompt)
        term.resize(120, 40)
        _everything_visible(term, game, prompt)
        term.resize(60, 20)
        assert "The terminal is 60×20; momon needs 80×24" in term.text
        assert term.lines[-1].startswith(prompt)
        term.resize(80, 24)
        _everything_visible(term, game, prompt)
        term.type("quit", then="Resume it with")
        assert not any(line.strip().startswith(("1 │", "4 │")) for line in term.lines)  # the frame is gone
    finally:
        term.close()


DECKS = ("--deck1", "ember-tide", "--deck2", "stone-gale")  # named: a person at the terminal would pick them
GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"


def test_whole_game_hand_offs_keep_hands_out_of_the_scrollback_and_the_winner_ends_the_screen(tmp_path):
    lines = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    term = Terminal(["play", "--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7",
                     "--first", "1", "--log", str(tmp_path / "g.jsonl")])
    from momon_cli.data.cards import load_deck, load_pool

    pool = load_pool()
    hands = {1: {c.name for c in load_deck("dawn-dusk", pool).cards}, 2: {c.name for c in load_deck("prism", pool).cards}}
    try:
        term.wait_for("⏎")
        for line in lines:
            if "Pass to" in term.text:
                incoming = 1 if "Pass to Ann" in term.text else 2
                assert "'s Hand" not in term.text
                term.answer("")
                for name in hands[3 - incoming]:  # nothing of the other Hand above the screen
                    assert name not in term.scrollback
            term.answer(line)
        term.wait_for("Winner:")
        term.pump(0.3)
        shown = [line for line in term.lines if line.strip()]
        assert shown[-1].startswith("Winner: Ann (P1)")
        assert "Hand" not in term.text and not term.scrollback.strip()
    finally:
        term.close()


def until(term: Terminal, needle: str, timeout: float = 60) -> None:
    """Read the screen the moment ``needle`` shows (``wait_for`` lets the redraw settle,
    and a bot may have finished thinking by then)."""
    import time

    end = time.monotonic() + timeout
    while needle not in term.text:
        assert time.monotonic() < end and term.child.isalive(), f"{needle!r} never appeared:\n{term.text}"
        term.pump(0.02)


def test_a_bot_thinks_on_the_arena_its_summon_is_told_and_ctrl_c_while_it_thinks_saves(tmp_path):
    """Playing a bot at 80x24: while it thinks the Arena and the log stay on screen with a
    spinner line; at the person's next Summon one line says what the bot did; Ctrl-C while
    it thinks leaves with status 130 and prints, on the terminal itself, how to resume."""
    import pexpect

    log = tmp_path / "bot.jsonl"
    term = Terminal(["play", "--p1", "Ann", "--p2", "bot:search", *DECKS, "--seed", "3", "--log", str(log)])
    term.wait_for("Ann ›", 30)
    term.child.send("1 B2\r")
    until(term, "Search bot is thinking")
    assert "┌" in term.text and "Ann Summons Cinder Pup to B2." in term.words
    term.wait_for("Meanwhile:", 60)
    assert "Search bot Summoned" in term.words and "Ann Summoned" not in term.words
    term.close()

    term = Terminal(["play", "--p1", "Ann", "--p2", "bot:search", *DECKS, "--seed", "3", "--log", str(log), "--force"])
    term.wait_for("Ann ›", 30)
    term.child.send("1 B2\r")
    until(term, "is thinking")  # its first Summon: half a second of thought, or more
    term.child.send("\x03")
    term.child.expect(pexpect.EOF, timeout=30)
    term.stream.feed(term.child.before)
    term.child.close()
    assert term.child.exitstatus == 130
    shown = "".join((term.scrollback + term.text).split())
    assert "Interrupted.Thegameissaved" in shown and f"momonplay--resume{log}" in shown


def test_a_long_error_wraps_under_the_arena_instead_of_losing_its_end(tmp_path):
    term = play(tmp_path, "17-1-multi-snatch")
    try:
        _drive(term, [""], "Ann ›")
        term.type("1 B2", then="B2 is not empty")
        words = term.words
        assert "B2 is not empty. Accepted: summon <card> <space>, e.g. 'summon 1 B2' or '1 B2'." in words, term.text
        assert term.lines[-1].startswith("Ann ›")
        # the message takes the hint's line (it says what is accepted itself), so the Hand keeps its room
        assert term.lines[-2].rstrip().endswith("or '1 B2'.") and "· Tab · help" not in term.text, term.text
        term.type("1 A1", then="Ann ›")
    finally:
        term.close()


def test_help_at_80x24_pages_with_enter_then_returns_to_the_decision(tmp_path):
    term = play(tmp_path, "17-1-multi-snatch")
    try:
        _drive(term, [""], "Ann ›")
        term.type("help", then="more lines: Enter shows them")
        assert "Answer the prompt, or type a command:" in term.text and "This prompt accepts" not in term.words
        assert "Enter: the next page" in term.text
        term.type("", then="This prompt accepts")  # the next page
        assert "Answer the prompt, or type a command:" not in term.text
        while "more lines: Enter shows them" in term.words:
            before = term.text
            term.type("")
            term.pump(0.3)
            assert term.text != before
        assert "This prompt accepts" in term.words and "Enter: back to the decision" in term.text
        term.type("")  # after the last page, Enter goes back to the decision
        term.pump(0.3)
        assert "Arena is drawn from" not in term.words and "This prompt accepts" not in term.words
        term.type("1 A1", then="Ann ›")
    finally:
        term.close()


def test_command_output_is_laid_out_to_the_terminals_width(tmp_path):
    """At 120 columns a log line longer than 80 characters stays on one row (between prompts
    prompt_toolkit's stand-in application said 80 columns)."""
    term = play(tmp_path, "17-1-multi-snatch", 120, 40)
    try:
        _drive(term, [""], "Ann ›")
        term.type("log 40", then="Enter: back to the decision")  # the page itself: "Ann ›" was there before
        rows = [row.rstrip() for row in term.lines if "New game" in row]
        assert rows and len(rows[0]) > 80, term.text
        term.type("", then="Ann ›")
        term.type("1 A1", then="Ann ›")
    finally:
        term.close()


def test_two_whole_hot_seat_turns_never_leave_the_alternate_screen_until_the_end(tmp_path):
    """The game's screen is entered once and kept between answers: the shell never shows
    through (no ESC[?1049l) until the session leaves, which restores the terminal once."""
    lines = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    term = Terminal(["play", "--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7",
                     "--first", "1", "--log", str(tmp_path / "g.jsonl")])
    try:
        term.wait_for("⏎")
        turns = 0
        for line in lines:
            if "Pass to" in term.text:
                term.answer("")
                turns += 1
                if turns > 2:
                    break
            term.answer(line)
        assert turns > 2
        assert term.raw.count(b"\x1b[?1049h") == 1 and b"\x1b[?1049l" not in term.raw
        term.type("quit", then="Resume it with")
        assert term.raw.count(b"\x1b[?1049l") == 1
    finally:
        term.close()


def test_a_line_typed_while_the_bot_thinks_waits_in_the_next_prompt_unanswered(tmp_path):
    import json

    log = tmp_path / "bot.jsonl"
    term = Terminal(["play", "--p1", "Ann", "--p2", "bot:search", *DECKS, "--seed", "3", "--log", str(log)])
    try:
        term.wait_for("Ann ›", 30)
        term.child.send("1 B2\r")
        until(term, "is thinking")
        term.child.send("2 C3\r")
        until(term, "(typed: 2 C3")  # seen while the bot still thinks (the note may be cut at the edge)
        term.wait_for("Meanwhile:", 60)
        assert any(line.startswith("Ann › 2 C3") for line in term.lines), term.text
        answers = [json.loads(x) for x in log.read_text().splitlines() if '"answer"' in x]
        assert len(answers) == 2  # Ann's Summon and the bot's: the line typed meanwhile answered nothing
    finally:
        term.close()


def test_at_80x24_a_mistyped_answer_with_the_news_on_screen_leaves_every_hand_card_in_view(tmp_path):
    from momon_cli.data.cards import load_deck, load_pool

    first = next(line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#"))
    term = Terminal(["play", "--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7",
                     "--first", "1", "--log", str(tmp_path / "g.jsonl")])
    try:
        term.wait_for("⏎")
        term.answer("")
        term.answer(first)
        term.wait_for("Pass to Bea")
        term.answer("")
        term.wait_for("Meanwhile:")
        term.type("summon Nobody Z9", then="is not a Space")
        message = [line for line in term.lines if "is not a Space" in line or "Accepted" in line]
        assert len(message) >= 1 and "Meanwhile:" in term.text
        for card in load_deck("prism", load_pool()).cards:  # Bea's ten cards, all on screen
            assert card.name[:8] in term.text, f"{card.name} is cut off:\n{term.text}"
        assert "more lines" not in term.text
    finally:
        term.close()


def test_a_prompt_line_stops_at_its_cap_whatever_is_pasted_or_typed():
    """A flood of keys (a client over SSH pasting 40,000 characters) is one capped line, refused
    as too long like any other, not a line redrawn at every key whose cost grows without bound."""
    import asyncio
    import io

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    from momon_cli.tui.screen import PROMPT_LIMIT, Screen

    async def main() -> str:
        with create_pipe_input() as keys:
            screen = Screen(keys, Vt100_Output(io.StringIO(), lambda: Size(24, 80), term="xterm"))
            keys.send_text("x" * 3 * PROMPT_LIMIT + "\r")
            return await asyncio.wait_for(screen.aread("› "), 60)

    assert asyncio.run(main()) == "x" * PROMPT_LIMIT
