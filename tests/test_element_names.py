"""Elements as the screen's language names them, and shortened alike across one board."""

import re
from io import StringIO

from helpers import MATRIX, arena, game, mk
from rich.console import Console

from momon_cli import language
from momon_cli.data.element_names import forms, name, shortened, widths
from momon_cli.tui import plain, render
from momon_cli.tui.arena_view import arena_lines
from momon_cli.tui.elements_chart import chart
from momon_cli.widths import columns

ENGLISH = re.compile(r"\b(?:Fire|Water|Earth|Air|Light|Dark|Origin|Fir|Wat|Ear|Lig|Dar|Ori)\b")


def drawn(renderable, width=80) -> str:
    out = StringIO()
    Console(file=out, width=width, no_color=True).print(renderable)
    return out.getvalue()


def board(g, width=80) -> str:
    return "".join(drawn(line, width) for line in arena_lines(g.observe(0), 1, width))


def cells(text: str) -> list[str]:
    """Every cell's bottom line: the line under each row's labelled line."""
    lines = text.splitlines()
    rows = [i for i, line in enumerate(lines) if re.match(r"[1-4] ", line)]
    return [part for i in rows for part in lines[i + 1].split("│")[1:-1]]


def test_a_thai_arena_names_each_element_in_thai():
    g = game([mk("Pup")], [], [arena(1, mk("Shade", "Dark", 3, ["N"]), "B2"), arena(2, mk("Spark", "Fire", 2), "C3")])
    with language.using("th"):
        text = board(g)
    assert "มืด" in text and "ไฟ" in text and not ENGLISH.search(text), text


def test_a_thai_card_view_inspect_frame_and_chart_name_elements_in_thai():
    card = mk("Shade", "Dark", 3, ["N"])
    g = game([mk("Pup")], [], [arena(1, card, "B2")])
    seen = g.observe(0)
    obj = seen.state.zones.objects[seen.state.zones.arena["B2"]]
    with language.using("th"):
        shown = [drawn(render.card_panel(card)), drawn(render.object_panel(seen, obj)), drawn(chart(MATRIX)),
                 "\n".join(plain.elements(MATRIX)), plain.card(card), render.card_line(card)]
    for text in shown:
        assert not ENGLISH.search(text), text
    assert "มืด" in shown[1] and "ต้นกำเนิด" in shown[2] and "แสง" in shown[3]


def test_an_english_screen_keeps_the_english_names():
    assert [name(e) for e in MATRIX.elements] == list(MATRIX.elements)


def test_every_element_is_shortened_alike_at_a_width():
    """At four columns Fire would fit whole and Water not: both take their abbreviation."""
    assert (shortened("Fire", 4), shortened("Water", 4)) == ("Fir", "Wat")
    assert (shortened("Fire", 6), shortened("Water", 1), shortened("Dark", 0)) == ("Fire", "W", "")
    with language.using("th"):
        assert (shortened("Origin", 7), shortened("Origin", 3), shortened("Fire", 3), shortened("Water", 1)) \
            == ("ต้นกำเนิด", "ต้น", "ไฟ", "น")


def test_each_form_fits_the_width_it_is_chosen_for_and_each_initial_is_its_own():
    for code in language.LANGUAGES:
        with language.using(code):
            for width in widths():
                assert all(columns(shortened(e, width)) <= width for e in MATRIX.elements)
            assert len({forms(e)[2] for e in MATRIX.elements}) == len(MATRIX.elements)


def test_one_board_never_mixes_an_elements_name_with_another_elements_initial():
    """A playtester's board read 'Fire' in one cell and 'W' in the next: a crowded cell sets
    the form every cell uses."""
    crowded = mk("Leviathan", "Water", 6, ["N", "NE", "E", "SE", "S", "SW", "W", "NW"])
    g = game([mk("Pup")], [], [arena(2, crowded, "B2"), arena(1, mk("Spark", "Fire", 2), "C3")])
    assert [c.rstrip() for c in cells(board(g)) if c.strip()] == ["P1 2 F 1★", "P2 6 W 1★ ↑↗→↘↓↙←↖"]


def test_a_thai_hand_two_cards_a_line_shortens_the_element_as_the_board_does():
    with language.using("th"):
        entry = render._hand_entry(1, mk("Deep One", "Origin", 4), True)
    assert " 4 ต้น 1★" in entry.plain, entry.plain


def test_cards_takes_an_element_by_the_name_a_thai_screen_shows_and_lists_the_names_it_takes():
    from typer.testing import CliRunner

    from momon_cli.cli.app import app

    runner = CliRunner()
    with language.using("th"):
        fire = runner.invoke(app, ["cards", "--element", "ไฟ"], env={"COLUMNS": "200"})
        unknown = runner.invoke(app, ["cards", "--element", "Plasma"])
    assert fire.exit_code == 0 and "Kiln Drake" in fire.output and "Tide Imp" not in fire.output, fire.output
    assert "ไฟ" in fire.output and not re.search(r"\bFire\b", fire.output)
    assert unknown.exit_code == 1 and "ไฟ, น้ำ, ดิน" in unknown.stderr, unknown.stderr
    assert "Kiln Drake" in runner.invoke(app, ["cards", "--element", "fire"]).output  # English still works
