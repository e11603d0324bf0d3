"""``momon replay --marks``: a row that says yes or no names the ability it used or declined,
as its prompt named it (and with no question mark, which the marks use), in English and Thai, cut so that the row
keeps its verdict inside 80 columns."""

from __future__ import annotations

from helpers import arena, game, mk
from repl_driver import play
from typer.testing import CliRunner

import momon_cli.limits
from momon_cli import language
from momon_cli.cli.app import app
from momon_cli.language import _
from momon_cli.record import read_record
from momon_cli.tui.viewer import move_lines
from momon_cli.widths import columns

runner = CliRunner()
LONG = "Wandering Marsh Lantern of the Old Reeds"  # 40 columns: the most a card name may take


def _sprite(name: str = "Sprite"):
    return mk(name, "Air", 1, ability=[{"when": "on_summon", "may": True, "target": {"side": "enemy"},
                                         "do": [{"power": -1, "on": "targets"}]}])


def _rows(tmp_path, monkeypatch, name: str, *lang: str) -> list[str]:
    g = game([_sprite(name)], [mk("Spare")], [arena(2, mk("Left", "Fire", 4), "A4"), arena(2, mk("Right", "Fire", 4), "D4")])
    play(g, f"\n{name.split()[0].lower()} B1\nD4\nn\n\x04", tmp_path)
    monkeypatch.setattr(momon_cli.limits, "ANALYSIS_PLAYOUTS", 12)  # the coach works the marks out, quickly
    shown = runner.invoke(app, [*lang, "replay", str(tmp_path / "game.jsonl"), "--marks"], terminal_width=80)
    assert shown.exit_code == 0, shown.output
    return [line for line in shown.stdout.splitlines() if line.startswith("#")]


def test_a_yes_or_no_row_names_the_ability_it_answered(tmp_path, monkeypatch):
    rows = _rows(tmp_path, monkeypatch, "Sprite")
    assert rows[2].startswith("#3 ") and "Ann: no — Sprite's On Summon ability" in rows[2], rows
    assert "—" not in rows[0] + rows[1]  # a Summon and a target say what they are already


def test_the_question_is_in_thai_for_a_thai_reader(tmp_path, monkeypatch):
    _rows(tmp_path, monkeypatch, "Sprite")
    with language.using("th"):
        rows = [line.plain for line in move_lines(read_record(tmp_path / "game.jsonl"), {}, 80)]
        asked = _(" — {name}'s {timing} ability").format(name="Sprite", timing="On Summon")
    assert asked != " — Sprite's On Summon ability" and rows[3].endswith(f"no{asked}"), rows


def test_a_long_question_is_cut_and_the_row_keeps_its_win_chance(tmp_path, monkeypatch):
    rows = _rows(tmp_path, monkeypatch, LONG)
    assert all(columns(row) <= 80 for row in rows), rows
    assert "no — Wandering Marsh" in rows[2] and "…" in rows[2] and rows[2].rstrip().endswith("%"), rows
