"""A hint at a yes/no prompt says the answer in the word a player of the screen's language
types (and Tab offers), and that word is one the prompt takes."""

import re

import pytest

from momon_cli import language
from momon_cli.bots.coach import Advice, Estimate
from momon_cli.bots.players import Candidate
from momon_cli.data.cards import builtin_deck_names, load_deck, load_matrix, load_pool
from momon_cli.engine import Decision, Game, Kind, Setup
from momon_cli.session.hint import hint_lines
from momon_cli.text.notation import ACCEPTED, parse


def _seen():
    pool, names = load_pool(), builtin_deck_names()
    decks = (load_deck(names[0], pool).cards, load_deck(names[1], pool).cards)
    game = Game(Setup.new_game(decks, load_matrix(), 1, "sequential"))
    return game.observe(1)


@pytest.mark.parametrize("code, best, words", [("th", False, "ไม่"), ("th", True, "ใช่"), ("en", False, "no")])
def test_a_yes_no_hint_names_and_types_the_answer_in_the_screens_words(code, best, words):
    seen, decision = _seen(), Decision(Kind.YES_NO, 1, (True, False))
    estimates = (Estimate(best, 0.7, 0.05, 0.0, 0.0, 64), Estimate(not best, 0.3, 0.05, 0.4, 0.05, 64))
    advice = Advice(tuple(Candidate(e.answer, e.chance, e.samples) for e in estimates), None, estimates)
    with language.using(code):
        lines = [line.text for line in hint_lines(seen, decision, advice)]
        accepted = language._(ACCEPTED[Kind.YES_NO])
    (typed,) = [m[1] for line in lines if (m := re.search(r"\((?:type|พิมพ์)[^:]*: (.*)\)", line))]
    assert typed == words and words in lines[0], lines
    assert parse(seen, decision, typed) is best
    if code == "th":  # the prompt's own line names the Thai words it takes
        assert "'ใช่'" in accepted and "'ไม่'" in accepted, accepted


def test_tab_at_a_thai_yes_no_prompt_offers_the_thai_words_first():
    from momon_cli.tui.completion import candidates

    seen, decision = _seen(), Decision(Kind.YES_NO, 1, (True, False))
    with language.using("th"):
        offered = candidates(seen, decision, [], ())
    assert offered == ["ใช่", "ไม่", "y", "n"]
    assert all(parse(seen, decision, word) is (i % 2 == 0) for i, word in enumerate(offered))
