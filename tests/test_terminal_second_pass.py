"""The terminal's second pass: marks for what changed, preview, the bot's progress and
reasons, the Hand's priority, the deck picker and the smaller screen items, at 80×24,
120×40 and 60×20."""

import re

import pytest
from helpers import arena, from_position, game, mk, summon
from repl_driver import play

from momon_cli.bots.players import Candidate
from momon_cli.data.cards import load_pool
from momon_cli.engine import Kind
from momon_cli.engine import events as ev
from momon_cli.session.bot_turn import LastBot
from momon_cli.tui import render
from momon_cli.tui.frame import View, compose
from momon_cli.tui.marks import changes
from momon_cli.tui.preview import preview

SIZES = [(80, 24), (120, 40)]


def _plain(lines):
    return [line.plain for line in lines]


def _snatching_game():
    """Bea's Cinder Pup on C3 faces Ann's Kiln Drake summoned to C2 (its N Sight Snatches it)."""
    kiln = mk("Kiln Drake", "Fire", 7, ["N"])
    g = game([kiln, mk("Pup")], [mk("Ember", "Fire", 2, ["S"]), mk("Moss")],
             [arena(2, mk("Cinder Pup", "Fire", 2, ["S"]), "C3")])
    return g


# -- marks ------------------------------------------------------------------------------

def test_changes_mark_placed_snatched_moved_and_sent_away_the_latest_winning():
    story = [
        ev.Summoned(1, 9, "X", "Kiln", "C2", "hand", False),
        ev.ControlChanged(4, "Pup", "C3", 2, 1, "snatch"),
        ev.Moved((("Kiln", "C2", "D2"),)),
        ev.Swapped("A", "A1", "B", "B1"),
        ev.ZoneChanged(5, "Imp", "Y", 2, "arena", "D4", "void", True, 12),
    ]
    assert changes(story) == {"C3": "snatched", "D2": "new", "A1": "moved", "B1": "moved", "D4": "gone"}
    assert changes(story[:1]) == {"C2": "new"}
    # placed and then Moved (or Swapped) since the last look: still news as placed
    assert changes([story[0], ev.Moved((("Kiln", "C2", "D2"),))]) == {"D2": "new"}
    assert changes([story[0], ev.Swapped("Kiln", "C2", "B", "B1")]) == {"B1": "new", "C2": "moved"}


@pytest.mark.parametrize("size", SIZES)
def test_the_arena_marks_the_summon_and_the_snatch_with_words_that_read_without_colour(size, tmp_path):
    g = _snatching_game()
    summon(g, "Kiln Drake", "C2")
    view = View(seat=2, decision=g.pending, hand=2, marks=changes(g.observe(2).story))
    lines = _plain(compose(g.observe(2), view, *size))
    kiln = next(i for i, line in enumerate(lines) if "Kiln Drake" in line)
    cinder = next(i for i, line in enumerate(lines) if "Cinder" in line)
    column = lines[kiln].index("Kiln Drake")
    assert "+new" in lines[kiln][column:column + 20] + lines[kiln + 1][column:column + 20]
    # the Pup's name and its ≠ leave no room for the word: the symbol alone, the name whole
    cell = lines[cinder][column:column + 20] + lines[cinder + 1][column:column + 20]
    assert "Cinder Pup" in cell and "⇄" in cell, cell


def test_a_player_sees_the_marks_of_what_happened_since_their_own_last_answer(tmp_path):
    """At one keyboard Bea's next screen marks Ann's Summon and the Snatch it made; by her
    next turn Ann's Pup is marked, and her own Ember is not (her own answer is not news)."""
    g = _snatching_game()
    run = play(g, "\nkiln c2\n\nember a3\n\npup b1\n\nquit\n", tmp_path, 80, 24)
    bea = [f for f in run.frames if "Bea (P2)'s Hand" in f]
    assert bea[0].count("+new") == 1 and "⇄" in bea[0]  # Ann's Kiln Drake, and the Pup it took
    # Bea answered since: Ann's Pup is new; her own Ember is not news to her
    assert bea[-1].count("+new") == 1 and "⇄" not in bea[-1]


# -- preview ----------------------------------------------------------------------------

def test_preview_tells_the_summon_its_snatches_and_the_score_and_plays_nothing(tmp_path):
    g = _snatching_game()
    lines = " ".join(_plain(preview(g.observe(1), g.pending, (g.pending.options[0][0], "C2"))))
    assert "Ann Summons Kiln Drake to C2" in lines and "Snatch Check over: 1 Snatched" in lines
    assert "Control Score after the turn: Ann 2 – Bea 0" in lines
    for typed in ("preview kiln c2", "kiln c2 ?", "1 C2?"):
        run = play(_snatching_game(), f"\n{typed}\nquit\n", tmp_path, 80, 24)
        assert len(run.hot_seat.game.answers) == 0
        shown = [f for f in run.frames if "Preview of Kiln Drake to C2" in f]
        assert shown and "Control Score after the turn: Ann 2 – Bea 0" in shown[0], typed


def test_preview_is_the_same_whatever_the_hidden_cards_are():
    """Computed from the observation: Bea's Hand swapped for other cards changes nothing."""
    def with_bea(cards):
        kiln = mk("Kiln Drake", "Fire", 7, ["N"])
        return game([kiln], cards, [arena(2, mk("Cinder Pup", "Fire", 2, ["S"]), "C3")])

    one = with_bea([mk("Storm", "Air", 9, ["S", "SW"]), mk("Moss")])
    two = with_bea([mk("Tiny", "Water", 1, []), mk("Other", "Dark", 4, ["N"])])
    said = [_plain(preview(g.observe(1), g.pending, (g.pending.options[0][0], "C2"))) for g in (one, two)]
    assert said[0] == said[1]


def test_preview_outside_a_summon_and_of_an_unknown_card_is_one_line(tmp_path):
    run = play(_snatching_game(), "\npreview dragon c2\nquit\n", tmp_path, 80, 24)
    assert "preview <card> <space>:" in run.words and len(run.hot_seat.game.answers) == 0


# -- the bot's turn -----------------------------------------------------------------------

def test_why_shows_the_bots_estimates_and_never_names_a_card_it_kept(tmp_path):
    g = _snatching_game()
    seen = g.observe(1)
    key = g.pending.options[0][0]
    other = next(k for k, _ in g.pending.options if k != key)
    last = LastBot(1, "search", g.pending, (Candidate((key, "C2"), 0.62, 180), Candidate((other, "B2"), 0.5, 90),
                                            Candidate((key, "D1"), 0.4, 30)), (key, "C2"), "Kiln Drake")

    from momon_cli.session import Shown
    from momon_cli.session.commands import why

    reply = why(lambda player: "Ann", last)
    assert isinstance(reply, Shown) and seen.seat == 1
    text = "\n".join(line.text for line in reply.content)
    assert "Kiln Drake to C2: win chance 62% (180 playouts)  ← played" in text and "Kiln Drake to D1: win chance 40%" in text
    # of the cards it kept, only how many: a Space or an estimate would say what they can do
    assert "and 1 with other cards of its Hand (hidden from you)" in text and "B2" not in text and "50%" not in text


def test_the_bot_shows_its_progress_and_why_reads_what_it_weighed(tmp_path):
    from screen_driver import Terminal

    term = Terminal(["play", "--p1", "Ann", "--p2", "bot:search", "--deck1", "ember-tide", "--deck2", "stone-gale",
                     "--seed", "3", "--first", "2", "--log", str(tmp_path / "g.jsonl")])
    try:
        import time

        end = time.monotonic() + 60
        while not re.search(r"playout \d+ of \d+", term.text):
            assert time.monotonic() < end, term.text
            term.pump(0.02)
        term.wait_for("Ann ›", 60)
        term.answer("why")
        assert "weighed these Summons of" in term.text and "← played" in term.text
        assert re.search(r"win chance \d+% \(\d+ playouts\)", term.text)
    finally:
        term.close()


# -- the Hand first, small screens, the smaller items ---------------------------------------

def test_an_answer_at_60x20_is_refused_until_the_game_is_on_screen(tmp_path):
    run = play(_snatching_game(), "\nkiln c2\nquit\n", tmp_path, 60, 20)
    assert len(run.hot_seat.game.answers) == 0
    assert "make the terminal 80×24 or larger to answer" in run.words


def test_inspect_finds_a_card_by_any_word_of_its_name(tmp_path):
    g = game([mk("Grey Heron", "Air", 3, ["N"]), mk("Pup")], [mk("Imp")], [])
    run = play(g, "\ninspect heron\nquit\n", tmp_path, 80, 24)
    assert "Grey Heron" in run.words and "Nothing to inspect" not in run.words


def test_an_inspected_card_is_titled_by_its_name_and_momon_cards_adds_its_id(tmp_path):
    heron = mk("Grey Heron", "Air", 3, ["N"])
    run = play(game([heron, mk("Pup")], [mk("Imp")], [arena(2, mk("Crab"), "A4")]), "\ninspect 1\n\ninspect A4\nquit\n",
               tmp_path, 80, 24)
    titles = [line for frame in run.frames for line in frame.splitlines() if "╭─" in line]
    assert any("╭─ Grey Heron ─" in line for line in titles) and any("╭─ Crab ─" in line for line in titles)
    assert heron.id not in run.text and "TST-" not in "".join(titles)  # the id is the card data's word, not a player's
    catalogue = str(render.card_panel(load_pool()["MCL-008"], with_id=True).title)
    assert catalogue == "Abyss Leviathan (MCL-008)"  # momon cards: decks list their cards by id


def test_the_void_fallback_placement_shows_the_card_being_placed():
    g = from_position("17-7-void-fallback")
    while g.pending is not None and g.pending.kind is not Kind.SPACE:
        d = g.pending
        g.answer(d.options[0] if d.kind is not Kind.ORDER_ATTEMPTS else d.keys())
    assert g.pending is not None and g.pending.card is not None
    shown = render.decision_view(g.observe(g.pending.player), g.pending).plain
    name = next(o.card.name for o in g.state.zones.objects.values() if o.card.id == g.pending.card)
    assert name in shown.splitlines()[1]


def test_the_end_screen_says_who_conceded_and_how_to_watch_the_game_again(tmp_path):
    run = play(_snatching_game(), "\nconcede\ny\n", tmp_path, 80, 24)
    assert "Game over — Ann conceded." in run.words and "momon replay " in run.words


def test_the_hand_off_recap_wraps_in_the_side_panel_at_120_columns(tmp_path):
    g = _snatching_game()
    recap = "Ann Summoned Kiln Drake to C2; Ann Snatched Cinder Pup on C3; " * 2
    from rich.text import Text

    view = View(seat=2, banner=[Text("Pass to Bea — press Enter"), Text(recap.strip())])
    side = [re.sub(r"^.*[│┐┤┘]", "", line.plain) for line in compose(g.observe(0), view, 120, 40)]
    text = " ".join(" ".join(side).split())
    assert recap.strip() in text


def test_a_tall_screen_fills_its_empty_rows_with_what_the_marks_mean():
    g = _snatching_game()
    lines = _plain(compose(g.observe(1), View(seat=1, decision=g.pending, hand=1), 120, 40))
    assert any("+new placed" in line for line in lines) and len(lines) == 40 - 2 - 1 + 1
    small = _plain(compose(g.observe(1), View(seat=1, decision=g.pending, hand=1), 80, 24))
    assert all(len(line) <= 80 for line in small)


def test_the_deck_picker_lists_the_built_in_decks_and_takes_a_number_or_a_name(tmp_path):
    from screen_driver import Terminal

    term = Terminal(["play", "--p1", "Ann", "--p2", "Bea", "--seed", "7", "--log", str(tmp_path / "g.jsonl")])
    try:
        term.wait_for("Ann's deck")
        assert "ward-wall" in term.text and "Decks for Ann" in term.text
        term.type("nonsense", then="Give a number")
        term.type("2", then="Bea's deck")
        term.type("Pri", then="⏎")  # the start of a name, as the list shows it
    finally:
        term.close()
    import json

    header = json.loads((tmp_path / "g.jsonl").read_text().splitlines()[0])
    assert header["decks"] == ["Dawn and Dusk", "Prism"]


# -- the glossary on screen ---------------------------------------------------------------

@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_rules_at_the_prompt_starts_with_the_meaning_and_prints_each_heading_once(size, tmp_path):
    run = play(_snatching_game(), "\nrules incite\nquit\n", tmp_path, *size)
    frame = next(f for f in run.frames if "Incite —" in f)
    lines = [line.strip() for line in frame.splitlines()]
    first = next(i for i, line in enumerate(lines) if "Incite —" in line)
    assert lines[first].startswith("Incite — ") and "Snatch Check" in " ".join(lines[first:first + 3])
    headings = [line for line in lines if re.match(r"^\d+\. ", line)]
    assert len(headings) == len(set(headings))


def test_an_inspected_card_ends_with_its_keywords_in_plain_words(tmp_path):
    ability = [{"when": "on_summon", "do": [{"incite": True, "on": "self"}]}]
    g = game([mk("Spark", "Fire", 2, ["N"], ability=ability), mk("Pup")], [mk("Imp")], [])
    run = play(g, "\ninspect 1\nquit\n", tmp_path, 80, 24)
    assert re.search(r"Incite — ", run.text) and "On Summon — " in run.text


def test_the_summon_screen_says_what_the_ability_mark_means(tmp_path):
    ability = [{"when": "on_summon", "do": [{"power": 1, "on": "self", "until": "end_of_turn"}]}]
    g = game([mk("Spark", "Fire", 2, ["N"], ability=ability)], [mk("Imp")], [])
    lines = _plain(compose(g.observe(1), View(seat=1, decision=g.pending, hand=1), 80, 24))
    assert any("(✦ an ability: inspect <number>)" in line for line in lines)


def test_preview_counts_only_the_choices_the_game_would_ask():
    """Two Attempts whose order changes nothing are not asked in the game; the preview
    does not claim it chose for the player."""
    kiln = mk("Kiln Drake", "Fire", 7, ["N", "E"])
    g = game([kiln], [mk("Imp")], [arena(2, mk("Pup", "Fire", 1, []), "C3"), arena(2, mk("Cub", "Fire", 1, []), "D2")])
    lines = " ".join(_plain(preview(g.observe(1), g.pending, (g.pending.options[0][0], "C2"))))
    assert "2 Snatched" in lines and "choice" not in lines


def test_undo_typed_at_a_hand_off_never_shows_the_hand_at_once(tmp_path):
    """Whoever types 'undo' at Bea's hand-off, the next screen is a hand-off back to Ann,
    not Ann's Hand: the keyboard may already be with Bea."""
    run = play(_snatching_game(), "\nkiln c2\nundo\n\nquit\n", tmp_path, 80, 24)
    after = [f for f in run.frames if "taken back" in f]
    assert after and "Pass to Ann" in after[0] and "Ann (P1)'s Hand" not in after[0]


def test_nothing_one_player_typed_reaches_the_others_prompt_by_ctrl_p_ctrl_y_or_a_macro(tmp_path):
    """One Application serves every prompt: its history keys (Ctrl-P), its cut text (Ctrl-Y)
    and a recorded macro (Ctrl-X e) start empty at each, so Bea never gets Ann's lines."""
    ann = "\x18(preview kiln c2\x18)\x15\nkiln c2\n"  # a macro recorded, a line cut, then the Summon
    for keys in ("\x10", "\x19", "\x18e"):
        run = play(_snatching_game(), "\n" + ann + "\n" + keys + "\nquit\n", tmp_path, 80, 24)
        bea = [f for f in run.frames if "Bea (P2)'s Hand" in f]
        assert bea and bea[-1].splitlines()[-1].startswith("nothing typed"), (keys, bea[-1])  # Enter on an empty line
        assert "'kiln'" not in run.words and "Preview of Kiln" not in " ".join(bea)


def test_a_misspelled_command_or_summon_is_refused_with_the_word_it_may_have_meant(tmp_path):
    run = play(_snatching_game(), "\nsumon kiln c2\ninspct 1\nquit\n", tmp_path, 80, 24)
    assert "(did you mean 'summon'?)" in run.words and "(did you mean 'inspect'?)" in run.words
    assert len(run.hot_seat.game.answers) == 0
