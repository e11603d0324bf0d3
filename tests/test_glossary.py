"""The glossary (text/glossary.py), ``rules WORD``'s answer and ``momon rules``: every word of
the vocabulary has an entry or is plain on purpose, what a player types finds it, the answer
gives each heading once, and narration names the keyword a line comes from."""

import re
from dataclasses import fields

import pytest
from helpers import arena, game, mk, summon
from rich.console import Console
from rich.markdown import Markdown
from typer.testing import CliRunner

from momon_cli.cli.app import app
from momon_cli.data.cards import builtin_deck_names, load_deck, load_pool
from momon_cli.data.cardtext import mechanics
from momon_cli.engine import KINDS, SELECTORS, SIDES, TIMINGS, Filter, Static
from momon_cli.engine import events as ev
from momon_cli.text import glossary
from momon_cli.text import narration as narrate
from momon_cli.text.howto import HOWTO
from momon_cli.text.rules_lookup import answer, lookup

runner = CliRunner()
TERMS = {e.term for e in glossary.ENTRIES}


def deck_cards():
    pool = load_pool()
    return list({c.id: c for name in builtin_deck_names() for c in load_deck(name, pool).cards}.values())


# -- The vocabulary, mapped in one place --------------------------------------------------------
def test_every_vocabulary_word_maps_to_an_entry_or_is_plain_on_purpose():
    assert set(glossary.BY_KIND) == set(KINDS)  # a new instruction kind fails here until it is mapped
    assert set(glossary.BY_TIMING) == set(TIMINGS)
    assert set(glossary.BY_STATIC) == {f.name for f in fields(Static)}
    assert set(Filter.KEYS) - set(glossary.BY_FILTER) == {"side", "other"}  # plain: "any", "other"
    assert set(glossary.BY_SIDE) <= set(SIDES) & set(SELECTORS)
    named = [t for terms in glossary.BY_KIND.values() for t in terms]
    named += [*glossary.BY_TIMING.values(), *glossary.BY_STATIC.values(), *glossary.BY_FILTER.values(),
              *glossary.BY_SIDE.values(), glossary.ONCE, glossary.TARGET]
    assert set(named) <= TERMS, set(named) - TERMS


def test_every_keyword_the_built_in_cards_use_has_an_entry():
    for card in deck_cards():
        for a in card.abilities:
            for i in a.do:
                assert glossary.BY_KIND[type(i).KEY], (card.name, type(i).KEY)
        for key in mechanics(card):
            assert key in glossary.BY_KIND or key in glossary.BY_STATIC or key in ("once", "static_power"), key
        terms = [e.term for e in glossary.for_card(card)]
        assert all(glossary.BY_TIMING[a.when] in terms for a in card.abilities if a.when), card.name


def test_the_terms_the_brief_names_are_all_there():
    for word in ("Incite", "Direct Snatch", "Swap", "Move", "Multi-Move", "Ward", "once-only", "Effect-Based Summon",
                 "Void Fallback", "Sights", "Snatch-Sights", "Marking Token", "Snatch Attempt", "Snatch Check",
                 "Controller", "Owner", "Power", "Element", "Beats", "Stars", "Void", "face-down", "Hand",
                 "Trigger Queue", "On Summon", "On Snatch", "Snatched Back", "Turn Start", "End of Turn",
                 "Leaves Arena", "token worth", "Control Score", "First Player Token", "Active Player", "✦"):
        assert glossary.find(word) is not None, word


# -- The entries themselves ---------------------------------------------------------------------
def test_each_entry_is_one_plain_sentence_with_rules_that_exist():
    for e in glossary.ENTRIES:
        assert e.meaning.endswith(".") and "\n" not in e.meaning, e.term
        assert not re.search(r"[.!?] [A-Z]", e.meaning), f"{e.term}: one sentence"
        assert not re.search(r"[*_`\[\]<>#]", e.meaning), f"{e.term}: plain text, neither Markdown nor Rich markup"
        assert len(e.meaning) <= 240, e.term
        for citation in e.rules:
            assert lookup(citation), f"{e.term}: {citation} is in no passage of docs/rules.md"


def test_every_term_and_alias_finds_its_own_entry():
    for e in glossary.ENTRIES:
        for word in (e.term, *e.aliases):
            assert glossary.find(word) is e, (word, glossary.find(word))


@pytest.mark.parametrize("typed, term", [
    ("incite", "Incite"), ("INCITE", "Incite"), ("direct snatch", "Direct Snatch"), ("direct-snatch", "Direct Snatch"),
    ("Direct_Snatch", "Direct Snatch"), ("direct snatches", "Direct Snatch"), ("multi-move", "Multi-Move"),
    ("multi move", "Multi-Move"), ("multimove", "Multi-Move"), ("sight", "Sights"), ("sights", "Sights"),
    ("snatch-sight", "Sights"), ("Snatch Sights", "Sights"), ("wards", "Ward"), ("snatch attempts", "Snatch Attempt"),
    ("marking tokens", "Marking Token"), ("the Trigger Queue", "Trigger Queue"), ("abilities", "Ability"),
    ("once per game", "Once-only"), ("once-only", "Once-only"), ("on_summon", "On Summon"), ("✦", "✦"),
    ("★", "Stars"), ("token worth", "Token value"), ("face up", "Face-down"), ("Owner’s", "Owner"),
    ("beats", "Beats"), ("fire", "Element"), ("effect-based summons", "Effect-Based Summon"),
])
def test_find_reads_case_aliases_plurals_and_hyphens(typed, term):
    found = glossary.find(typed)
    assert found is not None and found.term == term, typed


@pytest.mark.parametrize("typed", ["", "   ", "xyzzy", "CR 10.2.4", "-", "s"])
def test_find_answers_none_for_what_names_no_term(typed):
    assert glossary.find(typed) is None


def test_for_card_reads_the_ability_data():
    pool = load_pool()
    named = {c.name: c for c in pool.values()}

    def terms(name: str) -> list[str]:
        return [e.term for e in glossary.for_card(named[name])]

    assert terms("Cinder Pup") == []
    assert terms("Crown Usurper") == ["Turn Start", "Once-only", "Target", "Enemy", "Stars", "Direct Snatch"]
    assert terms("Herder Owl")[:2] == ["On Summon", "Multi-Move"] and "Direct Snatch" in terms("Herder Owl")
    assert {"Void", "Face-down"} <= set(terms("Abyss Maw"))
    assert "Face-down" not in terms("Changeling Gate") and "Trait" in terms("Changeling Gate")
    assert terms("Moss Tortoise") == ["Token value"]
    assert terms("Gale Rider") == ["On Summon", "Move", "Incite"]
    assert terms("Mirror Trickster") == ["On Summon", "Target", "Swap"]
    assert terms("Pack Wolf") == ["Board-dependent Power", "Friendly", "Adjacent"]
    assert terms("Shatter Hawk")[-2:] == ["Ward", "Ward Token"]


def test_for_card_follows_the_data_not_the_text():
    """A card made in a test, with a text of its own kind: for_card reads its ability data."""
    card = mk("Odd", ability=[{"when": "leaves_arena", "do": [{"swap": True, "on": "targets"}],
                               "target": {"side": "any", "count": 2}}])
    assert [e.term for e in glossary.for_card(card)] == ["Leaves Arena", "Target", "Swap"]


# -- rules WORD: the answer -------------------------------------------------------------------
def headings(sections: list[str]) -> list[str]:
    return [s.split("\n", 1)[0] for s in sections]


@pytest.mark.parametrize("query", ["ward", "incite", "direct snatch", "multi-move", "sights", "power", "summon",
                                   "CR 10.2", "queue", "once-only"])
def test_the_answer_gives_each_heading_once_with_its_passages_under_it(query):
    sections = answer(query)
    assert sections
    shown = headings(sections)
    assert len(shown) == len(set(shown)), shown
    for section in sections:  # a heading is a line in bold: only the first line of a section
        assert not any(line.startswith("**") for line in section.splitlines()[1:]), section


def test_the_prompts_old_reply_repeated_the_heading_which_the_answer_does_not():
    """The reported bug: 'rules ward' printed '11. Effects' before each of its bullets."""
    found = lookup("ward")
    assert len({p.heading for p in found}) < len(found)  # several passages share a heading
    sections = answer("ward")
    for heading in {p.heading for p in found}:
        assert sum(s.startswith(f"**{heading}**") for s in sections) <= 1


def test_the_answer_starts_with_the_glossary_line_for_a_term():
    sections = answer("incite")
    assert sections[0] == f"**Incite** — {glossary.find('incite').meaning}"  # type: ignore[union-attr]
    assert "**Incite**: a new Snatch Check" in sections[1]  # the passage that defines it comes first
    assert answer("direct snatch")[0].startswith("**Direct Snatch** — ")
    assert answer("Multi-Move")[0].startswith("**Multi-Move** — ")
    assert answer("✦") == [f"**✦** — {glossary.find('✦').meaning}"]  # type: ignore[union-attr]


def test_the_answer_to_a_citation_has_no_glossary_line_and_nothing_is_an_empty_list():
    assert answer("CR 10.2.4")[0].startswith("**9. Snatch Check")
    assert answer("xyzzy") == [] and answer("") == [] and answer("  ") == []


def test_numbered_rules_keep_their_numbers_among_others():
    console = Console(width=100, record=True, file=None)
    console.print(Markdown("\n\n".join(answer("ward"))))
    text = console.export_text()
    assert "2. A Warded defender cannot be Snatched" in text and "2. A Ward Token on a Momon" in text


# -- momon rules --------------------------------------------------------------------------------
def test_momon_rules_incite_starts_with_the_meaning_of_incite():
    result = runner.invoke(app, ["rules", "incite"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Incite — An ability that makes")
    assert "11. Effects" in result.stdout


def test_momon_rules_takes_several_words():
    result = runner.invoke(app, ["rules", "direct", "snatch"])
    assert result.exit_code == 0 and result.stdout.startswith("Direct Snatch — ")


def test_momon_rules_with_an_unknown_word_says_so_in_one_line_and_fails():
    result = runner.invoke(app, ["rules", "xyzzy"])
    assert result.exit_code == 1 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "xyzzy" in result.stderr


def test_momon_rules_without_a_word_gives_its_usage_in_one_line():
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "momon rules incite" in result.stderr


def test_momon_rules_comes_after_howto_in_the_help():
    listing = runner.invoke(app, ["--help"]).stdout
    commands = re.findall(r"^  (\w+)\s", listing, re.M)
    assert commands.index("rules") == commands.index("howto") + 1


# -- howto --------------------------------------------------------------------------------------
def test_howto_names_keywords_the_built_in_decks_use_and_explains_the_mark():
    used = {e.term for c in deck_cards() for e in glossary.for_card(c)}
    named = re.search(r"The built-in decks use (.*?) and more", " ".join(HOWTO.split()))
    assert named is not None
    for word in re.split(r", ", named[1]):
        entry = glossary.find(word)
        assert entry is not None and entry.term in used, word
    assert "✦" in HOWTO and "inspect" in HOWTO and "momon rules WORD" in HOWTO


# -- narration ----------------------------------------------------------------------------------
def test_narration_says_trigger_words_as_the_glossary_writes_them():
    for words in narrate.TIMING_WORDS.values():
        entry = glossary.find(words)
        assert entry is not None and entry.term == words


@pytest.mark.parametrize("event, keyword", [
    (ev.Moved((("Pup", "B1", "B2"),)), "Move"),
    (ev.Moved((("Pup", "B1", "B2"), ("Imp", "C1", "C2"))), "Multi-Move"),
    (ev.Swapped("Pup", "B1", "Imp", "C3"), "Swap"),
    (ev.DirectSnatchResolved(4, "Pup", "B1", True, "success"), "Direct Snatch"),
    (ev.SnatchCheckStarted(4, "Pup", "B1", 2, "incite"), "Incite"),
    (ev.SnatchCheckStarted(4, "Pup", "B1", 1, "summon"), "Effect-Based Summon"),
    (ev.Summoned(1, 4, "MCL-001", "Pup", "B1", "hand", True), "Effect-Based Summon"),
    (ev.WardGranted(4, "Pup", "end_of_turn", False), "Ward"),
    (ev.OnceUsed(1, "Pup"), "once-only"),
])
def test_a_keyword_abilitys_step_names_its_keyword(event, keyword):
    line = narrate.Narrator(("Ann", "Bea")).line(event)
    assert line is not None and keyword in line, line
    assert glossary.find(keyword) is not None


def test_a_failed_step_names_its_keyword():
    n = narrate.Narrator(("Ann", "Bea"))
    n.line(ev.TriggerWaiting(1, 4, "TST-001", "Herder", "on_summon", 1))
    line = n.line(ev.InstructionFailed(1, "multi_move", "no_mover"))
    assert line == "Herder's On Summon ability, Multi-Move: no Momon can Move."
    line = n.line(ev.InstructionFailed(1, "summon", "no_legal_space"))
    assert line == "Herder's On Summon ability, Effect-Based Summon: no legal Space, so nothing is Summoned."


def test_the_log_names_a_sight_by_the_space_it_points_at_and_reads_the_compass_from_the_owner():
    """The reported bug: 'Its N Sight' named the Owner's compass while the other seat's picture
    draws that arrow pointing down. The Space is the same on every seat's picture."""
    line = narrate.Narrator(("Ann", "Bea")).line(ev.AttemptCreated(1, 4, 5, "Leaner", "D3", "N"))
    assert line == "  Its Sight toward D3, N from its Owner's seat, points at Leaner (CR 10.1.3)."


def test_a_game_with_move_and_incite_narrates_both_keywords():
    rider = mk("Rider", power=5, sights=("N",), ability=[{"when": "on_summon",
                                                           "do": [{"move": True, "to": "adjacent"}, {"incite": True}]}])
    g = game([rider], [mk("Spare")], [arena(2, mk("Far", power=1), "D4")])
    summon(g, "Rider", "C2")
    while g.pending is not None and g.pending.kind.name == "SPACE":
        g.answer("C3" if "C3" in g.pending.options else g.pending.options[0])
    n = narrate.Narrator(("Ann", "Bea"))
    lines = [line for e in g.events if (line := n.line(e))]
    assert any(line.startswith("Move: Rider C2 → ") for line in lines), lines
    assert any(line.startswith("Incite: Rider on ") for line in lines), lines
