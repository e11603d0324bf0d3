"""A hint at a targeted ability names each target's Momon beside its Space ("Right on D4"), in
English and Thai, and its lines fit 80 columns as the screen draws them, a long card name too;
Tab's menu of targets names the Momon beside each Space."""

from __future__ import annotations

from helpers import arena, game, mk
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from test_repl import target_game

from momon_cli import language
from momon_cli.bots.coach import Advice, Estimate
from momon_cli.bots.players import Candidate
from momon_cli.engine import Game, Kind
from momon_cli.session import Shown
from momon_cli.session.hint import hint_lines, said
from momon_cli.session.session import Update
from momon_cli.tui.commands import rendered
from momon_cli.tui.completion import META_WIDTH, PositionCompleter
from momon_cli.tui.frame import lines_of
from momon_cli.widths import columns

LONG = "Wandering Marsh Lantern of the Old Reeds"  # 40 columns: the most a card name may take


def _at_targets(g: Game) -> Game:
    g.answer((next(k for k, _ in g.pending.options), "B1"))
    assert g.pending.kind is Kind.TARGETS
    return g


def _hint(g: Game) -> tuple[list[str], list[str]]:
    """The hint's lines as content, and as the full screen draws them at 80 columns."""
    decision = g.pending
    seen = g.observe(decision.player)
    first, second = decision.options
    estimates = (Estimate((first,), 0.6, 0.05, 0.0, 0.0, 64), Estimate((second,), 0.4, 0.05, 0.2, 0.04, 64))
    advice = Advice(tuple(Candidate(e.answer, e.chance, e.samples) for e in estimates), None, estimates)
    lines = hint_lines(seen, decision, advice)
    drawn = [line.plain for r in rendered(Shown(lines), Update(seen, decision.player, decision)) for line in lines_of(r, 80)]
    return [line.text for line in lines], drawn


def test_a_targets_hint_names_the_momon_beside_its_space():
    text, drawn = _hint(_at_targets(target_game()))
    assert text[0].startswith("Hint: Left on A4 — ") and "(type: a4)" in text[1]  # typed as the prompt takes it
    assert any("next: Right on D4 — " in line for line in text)
    assert all(columns(line) <= 80 for line in drawn)


def test_a_targets_hint_names_the_momon_in_thai_too():
    g = _at_targets(target_game())
    with language.using("th"):
        text, _drawn = _hint(g)
        assert said(g.observe(1), g.pending, ("D4",)) == "Right ที่ D4"
    assert "Left ที่ A4" in text[0]


def test_a_long_card_name_in_a_hint_stays_inside_80_columns():
    sprite = mk("Sprite", "Air", 1, ability=[{"when": "on_summon", "may": True, "target": {"side": "enemy"},
                                               "do": [{"power": -1, "on": "targets"}]}])
    g = _at_targets(game([sprite], [mk("Spare")], [arena(2, mk(LONG, "Fire", 4), "A4"),
                                                      arena(2, mk("Right", "Fire", 4), "D4")]))
    text, drawn = _hint(g)
    assert f"{LONG} on A4" in text[0]
    assert all(columns(line) <= 80 for line in drawn) and LONG in " ".join(" ".join(drawn).split())


def _menu(g: Game) -> dict[str, str]:
    completer = PositionCompleter(g.observe(1), g.pending, ())
    found = completer.get_completions(Document(""), CompleteEvent(completion_requested=True))
    return {c.text: c.display_meta_text for c in found}


def test_tabs_menu_of_targets_names_the_momon_beside_each_space():
    assert _menu(_at_targets(target_game())) == {"A4": "Left", "D4": "Right"}


def test_a_long_card_name_in_tabs_menu_is_cut_to_its_width():
    sprite = mk("Sprite", "Air", 1, ability=[{"when": "on_summon", "may": True, "target": {"side": "enemy"},
                                               "do": [{"power": -1, "on": "targets"}]}])
    g = _at_targets(game([sprite], [mk("Spare")], [arena(2, mk(LONG, "Fire", 4), "A4"),
                                                      arena(2, mk("Right", "Fire", 4), "D4")]))
    shown = _menu(g)["A4"]
    assert columns(shown) == META_WIDTH and shown.endswith("…") and LONG.startswith(shown[:-1])
