"""The Arena in Rich: control marks, Player 2's turned sights, NO_COLOR, 60 columns."""

import re
from io import StringIO

from helpers import arena, game, mk
from rich.console import Console

from momon_cli import render

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def draw(g, width=60, **kw):
    out = StringIO()
    Console(file=out, width=width, **kw).print(render.board(g, width))
    return out.getvalue()


def test_owned_by_one_controlled_by_the_other_is_marked():
    g = game([mk("Pup")], [], [arena(1, mk("Turncoat", "Air", 3, ["N"]), "B2", controller=2)])
    text = draw(g, no_color=True)
    cell = [line for line in text.splitlines() if "≠" in line]
    assert cell and "P2" in cell[0]
    assert "≠ not Owner" in text


def test_player_2_sights_are_turned_on_screen():
    g = game([mk("Pup")], [], [arena(1, mk("North1", "Air", 3, ["N"]), "A2"),
                              arena(2, mk("North2", "Air", 3, ["N"]), "D2")])
    lines = draw(g, no_color=True).splitlines()
    row2 = next(i for i, line in enumerate(lines) if "North1" in line)
    top, bottom = lines[row2 - 1], lines[row2 + 2]
    cells_top = top.split("│")
    cells_bottom = bottom.split("│")
    assert "↑" in cells_top[2] and "↓" not in cells_bottom[2]  # A2, Player 1: N is up
    assert "↓" in cells_bottom[5] and "↑" not in cells_top[5]  # D2, Player 2: N is down


def test_no_color_output_has_no_colour_codes_and_fits_60_columns():
    g = game([mk("Pup")], [], [arena(1, mk("Left", "Fire", 3, ["N"]), "A1"), arena(2, mk("Right", "Water", 3), "D4")])
    plain = draw(g, width=60, force_terminal=True, no_color=True)
    assert not re.search(r"\x1b\[[0-9;]*3[0-7]m|\x1b\[38;", plain)
    assert max(len(ANSI.sub("", line)) for line in plain.splitlines()) <= 60
    colour = draw(g, width=60, force_terminal=True, color_system="truecolor")
    assert re.search(r"\x1b\[[0-9;]*m", colour)


def test_status_shows_turn_tokens_scores_and_the_queue():
    g = game([mk("Pup")], [mk("Imp")], [arena(1, mk("Left"), "A1")])
    text = draw(g, width=120, no_color=True)
    for label in ("Turn", "Active", "First Player Token", "Control Score", "P1 Hand / Void"):
        assert label in text
    assert "Trigger Queue" not in text  # only when it is not empty
