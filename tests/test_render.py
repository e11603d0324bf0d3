"""The compact Arena: two lines a cell, turned for the viewer's seat, control marks, NO_COLOR."""

import re
from io import StringIO

from helpers import arena, game, mk
from rich.console import Console

from momon_cli.tui import render
from momon_cli.tui.arena_view import arena_lines

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def draw(g, width=80, seat=1, **kw):
    out = StringIO()
    console = Console(file=out, width=width, **kw)
    for line in arena_lines(g.observe(0), seat, width):
        console.print(line)
    return out.getvalue()


def cell(text: str, space: str, seat: int = 1) -> list[str]:
    """A Space's two cell lines, found by the row label and the column letters on the border."""
    lines = text.splitlines()
    letters = [c for c in lines[0] if c in "ABCD"]
    row = next(i for i, line in enumerate(lines) if line.startswith(space[1] + " "))
    col = letters.index(space[0])
    return [line.split("│")[col + 1] for line in lines[row:row + 2]]


def test_owned_by_one_controlled_by_the_other_is_marked():
    g = game([mk("Pup")], [], [arena(1, mk("Turncoat", "Air", 3, ["N"]), "B2", controller=2)])
    top, bottom = cell(draw(g, no_color=True), "B2")
    assert "Turncoat" in top and top.rstrip().endswith("≠") and bottom.startswith("P2 3 Air 1★")


def test_long_names_keep_their_letters_at_80_columns():
    g = game([mk("Pup")], [], [arena(1, mk("Cyclone Sovereign", "Air", 7, ["N", "E", "W"]), "B2")])
    assert cell(draw(g, no_color=True), "B2")[0].startswith("Cyclone Sovereign")


def test_each_seat_sees_its_own_side_at_the_bottom_and_its_n_up():
    g = game([mk("Pup")], [], [arena(1, mk("North1", "Air", 3, ["N"]), "A2"),
                              arena(2, mk("North2", "Air", 3, ["N"]), "D2")])
    p1, p2 = draw(g, no_color=True, seat=1), draw(g, no_color=True, seat=2)
    assert p1.splitlines()[1].startswith("4 ") and p2.splitlines()[1].startswith("1 ")
    assert [c for c in p2.splitlines()[0] if c in "ABCD"] == ["D", "C", "B", "A"]
    assert cell(p1, "A2")[1].rstrip().endswith("↑") and cell(p1, "D2")[1].rstrip().endswith("↓")
    assert cell(p2, "D2")[1].rstrip().endswith("↑") and cell(p2, "A2")[1].rstrip().endswith("↓")


def test_player_2_sight_word_and_arrow_agree(tmp_path):
    """Bea's Momon on C3 sights N (her N: toward row 1); Ann's Momon on C2 is what it points at.
    On Bea's screen the word N, the arrow ↑ and the picture (C2 drawn above C3) all agree."""
    from momon_cli.engine.arena import sight_target
    g = game([mk("Pup")], [mk("Imp")], [arena(2, mk("Looker", "Air", 3, ["N"]), "C3"),
                                       arena(1, mk("Target", "Fire", 3), "C2")], first=2)
    assert sight_target("C3", "N", 2) == "C2"
    text = draw(g, no_color=True, seat=2)
    rows = [line[0] for line in text.splitlines() if line[:1].isdigit()]
    assert rows.index("2") < rows.index("3")  # C2 is drawn above C3 from Bea's seat
    assert cell(text, "C3", 2)[1].rstrip().endswith("↑")
    hand = "\n".join(line.plain for line in render.hand_lines(g.observe(2), 2, 80, 20))
    assert "Imp" in hand


def test_no_color_output_has_no_colour_codes_and_fits_80_columns():
    g = game([mk("Pup")], [], [arena(1, mk("Left", "Fire", 3, ["N"]), "A1"), arena(2, mk("Right", "Water", 3), "D4")])
    plain = draw(g, width=80, force_terminal=True, no_color=True)
    assert not re.search(r"\x1b\[[0-9;]*3[0-7]m|\x1b\[38;", plain)
    assert max(len(ANSI.sub("", line)) for line in plain.splitlines()) <= 80
    colour = draw(g, width=80, force_terminal=True, color_system="truecolor")
    assert re.search(r"\x1b\[[0-9;]*m", colour)


def test_status_line_shows_turn_active_scores_hands_voids_and_the_token():
    g = game([mk("Pup")], [mk("Imp")], [arena(1, mk("Left"), "A1")])
    line = render.status_line(g.observe(0)).plain
    assert line.startswith("Turn 1: Ann · ") and "Ann 1 – Bea 0" in line and "Hands 1/1" in line
    assert "First Player Token: Ann" in line


def test_status_line_takes_short_labels_rather_than_losing_the_token_holder_at_80_columns():
    g = game([mk("Pup")], [mk("Imp")], [arena(1, mk("Left"), "A1")])
    long = render.status_line(g.observe(0), 200).plain
    short = render.status_line(g.observe(0), len(long) - 1).plain
    assert short.endswith("1st Ann") and "Hand 1/1" in short and len(short) < len(long)


def test_a_crowded_cell_keeps_its_stars_and_shortens_the_element_first_never_running_words_together():
    """At 80 columns a Momon with all eight Sights leaves no room for everything: the Element
    shrinks to its first letter (each Element's is its own) and then goes; the Stars stay
    (a reported bug: cells dropped them)."""
    big = mk("Leviathan", "Water", 6, ["N", "NE", "E", "SE", "S", "SW", "W", "NW"])
    g = game([mk("Pup")], [], [arena(2, big, "B2")])
    assert cell(draw(g, no_color=True), "B2")[1] == "P2 6 W 1★ ↑↗→↘↓↙←↖"
    g = game([mk("Pup")], [], [arena(2, mk("Titan", "Fire", 10, ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]), "B2")])
    assert re.match(r"P2 10 (F )?1★ +↑", cell(draw(g, no_color=True), "B2")[1])


def test_the_news_of_the_other_players_turn_keeps_its_lines_beside_a_full_hand_at_80x24():
    from momon_cli.tui.frame import View, compose
    # Seven cards with ability text fill the room one a line; the news must still show.
    ability = [{"when": "on_summon", "do": [{"power": -1, "on": "enemy", "until": "end_of_turn"}]}]
    g = game([mk(f"Momon {i}", ability=ability) for i in range(7)], [mk("Imp")], [])
    news = "Meanwhile: Bea Summoned Storm Roc to D4; Bea Snatched Pebble Mole on C4; Bea Snatched Reef Warden on A2."
    view = View(seat=1, decision=g.pending, hand=1, news=news)
    lines = [line.plain for line in compose(g.observe(g.pending.player), view, 80, 24)]
    text = " ".join(" ".join(lines).split())
    assert news in text and len(lines) <= 22
    assert all(f"Momon {i}" in text for i in range(7))  # the Hand is still listed, more compactly


def test_a_hand_one_card_a_line_marks_the_ability_text_it_cuts():
    ability = [{"when": "on_summon", "do": [{"power": -1, "on": "enemy", "group": {"element": "Water"},
                                             "until": "your_next_turn"}]}]
    g = game([mk(f"Momon {i}", ability=ability) for i in range(6)], [mk("Imp")], [])
    lines = [line.plain for line in render.hand_lines(g.observe(1), 1, 80, 7)]
    assert len(lines) == 7 and all(len(line) <= 80 and line.endswith("…") for line in lines[1:]), lines


def test_the_news_names_zones_as_the_rules_do():
    from momon_cli.engine import events as ev
    from momon_cli.text.recap import summary

    left = ev.ZoneChanged(4, "Omen", "MCL-001", 2, "arena", "D4", "void", True, 9)
    back = ev.ZoneChanged(5, "Pixie", "MCL-002", 1, "arena", "A1", "hand", True, 10)
    assert summary([left, back], ("Ann", "Bea")) == "Omen left D4 for its Owner's Void; Pixie left A1 for its Owner's Hand."


def test_the_terse_log_says_why_a_last_turn_has_no_summon():
    """The turn whose Summon step finds the Arena full only ends: the terse log says why."""
    from momon_cli.engine import events as ev
    from momon_cli.text.narration import Narrator, terse

    event = ev.EndConditionRecorded("full-arena")
    line = Narrator(("Ann", "Bea")).line(event)
    assert terse(event, line) == "End condition recorded: the Arena is full; the turn is finished first."


def test_order_prompt_shows_the_power_each_order_snatches_at_when_an_ability_reads_it():
    from test_cr_10_snatch_check import glutton_against_pup_and_queen

    g = glutton_against_pup_and_queen("sequential", "B3", "C2")
    shown = render.decision_view(g.observe(g.pending.player), g.pending).plain
    assert "order 1 2: Snatches B3, C2; Snatched at Power B3 2, C2 3" in shown
    assert "order 2 1: Snatches B3, C2; Snatched at Power B3 2, C2 4" in shown


def test_every_order_of_three_attempts_fits_80x24_or_the_cut_is_said():
    """Glutton Snatches the Pup, Swarm Queen and Bea's Sprite: six orders, which give the Queen
    three different Powers at her Snatch. They share lines by what they do, so all of them
    are on an 80x24 screen; where a decision still does not fit, the last line says how to page it."""
    from test_cr_10_snatch_check import glutton_against_pup_and_queen

    from momon_cli.data.cards import load_pool
    from momon_cli.tui.frame import View, compose

    pool = load_pool()
    g = glutton_against_pup_and_queen("sequential", "B3", "C2", extra=[arena(2, pool["MCL-053"], "B1")])
    lines = [line.plain for line in compose(g.observe(g.pending.player), View(seat=1, decision=g.pending), 80, 24)]
    orders = [line for line in lines if line.startswith("   order ")]
    assert sum(line.split(":")[0].count("/") + 1 for line in orders) == 6, lines
    assert not any("more line" in line for line in lines) and all(len(line) <= 80 for line in lines)
    assert any(line.startswith(" 3. S ↓ Ember Sprite on B1") and line.endswith("now succeeds on Power") for line in lines)
    short = [line.plain for line in compose(g.observe(1), View(seat=1, decision=g.pending), 80, 24, below=8)]  # a long message
    assert short[-1].startswith("… ") and "more line" in short[-1] and "PgDn or '>'" in short[-1]


def test_every_reason_an_attempt_can_end_with_has_its_few_words():
    import inspect as source
    import re as regex

    from momon_cli.engine import snatch
    from momon_cli.text import narration as narrate

    reasons = set(regex.findall(r'reason = "(\w+)"', source.getsource(snatch.judge)))
    assert len(reasons) >= 7 and reasons <= set(narrate.SHORT_VERDICT)


def test_your_next_turn_is_the_abilitys_controllers_and_effects_are_named_as_the_rules_do():
    from momon_cli.engine import events as ev
    from momon_cli.text.narration import Narrator

    n = Narrator(("Ann", "Bea"))
    assert "until the start of the next turn of the ability's controller" in n.line(
        ev.WardGranted(4, "Pup", "your_next_turn", False))
    assert n.line(ev.Expired(1, "ward", 4, "Pup", "start_of_turn")).startswith("The Ward effect on Pup expires")


def test_a_first_player_named_for_the_game_is_not_said_to_be_the_players_choice():
    """--first and a position file both name the First Player (chosen_by "players")."""
    from momon_cli.engine import events as ev
    from momon_cli.text.narration import Narrator

    line = Narrator().line(ev.GameStarted("sequential", 7, ("Ann", "Bea"), 1, "players"))
    assert "Ann goes first (named for this game)" in line


def test_a_status_line_too_wide_even_when_short_keeps_whole_parts_never_a_cut_one():
    """Beside a served room's clock and a guest's rejoin code, 35 columns are left: the parts
    that fit, whole (a playtester saw "Hand 9/ clock 1:27")."""
    g = game([mk("Pup")], [mk("Imp")], [arena(1, mk("Left"), "A1")])
    assert render.status_line(g.observe(0), 36).plain == "Turn 1: Ann · P1 1 – P2 0 · Hand 1/1"
    assert render.status_line(g.observe(0), 35).plain == "Turn 1: Ann · P1 1 – P2 0"
    assert render.status_line(g.observe(0), 20).plain == "Turn 1: Ann"
