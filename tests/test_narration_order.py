"""The story is told in the order things happen (issue 32, item 10): what an ability did comes
before the line that says it has resolved, and a Multi-Move's Momon left without a Space is told
with the Move it follows, not before it. The events keep their order (records hold their digest):
the narration words each line for the place it has."""

from helpers import answer, arena, game, mk, summon

from momon_cli.engine import Kind
from momon_cli.text.narration import Narrator


def story(g) -> list[str]:
    n = Narrator(("Ann", "Bea"))
    return [line for e in g.events if (line := n.line(e))]


def test_baseline_9_4_an_effect_based_summon_is_told_before_its_ability_is_done():
    portal = mk("Little Portal", ability=[{"when": "on_summon", "do": [{"summon": {"from": "hand"}}]}])
    g = game([portal, mk("Pup")], [mk("Spare")])
    summon(g, "Little Portal", "A1")
    answer(g, "B1")
    lines = story(g)
    summoned = lines.index("Ann Summons Pup to B1 by an Effect-Based Summon (BASELINE 9.4).")
    # The line after what it did says it is done: not "resolves", which reads as its start.
    assert "Little Portal's On Summon ability resolves." not in lines
    assert lines[summoned + 2] == "Little Portal's On Summon ability has finished resolving.", lines


def test_th_17_9_a_multi_move_tells_the_momon_left_without_a_space_after_the_move():
    herder = mk("Herder", ability=[{"when": "on_summon", "do": [{"multi_move": True, "on": "enemy",
                                                                  "to": "adjacent"}]}])
    # C1 and D2 can each Move only to D1: the first chosen takes it, none is left for the second.
    walls = [arena(2, mk(f"W{i}"), s) for i, s in enumerate(("B1", "B2", "C2", "C3", "D3"))]
    g = game([herder], [mk("Spare")], [arena(2, mk("Foe"), "C1"), arena(2, mk("Fox"), "D2"), *walls])
    summon(g, "Herder", "A4")
    assert g.pending.kind is Kind.TARGETS
    answer(g, ("C1", "D2"))
    lines = story(g)
    told = [line for line in lines if "Multi-Move" in line or "Move:" in line]
    assert told == ["Multi-Move, all at once: Foe C1 → D1; no legal Space is left for 1 more chosen Momon, so it "
                    "stays where it is. Moving makes no Snatch Check (TH 17.9)."], lines
