"""The hot-seat REPL, driven through prompt_toolkit's pipe input (issue: momon play)."""

import json
import re

from helpers import arena, game, mk
from repl_driver import play, whole_game_lines

from momon_cli.data.cards import load_deck, load_matrix, load_pool
from momon_cli.engine import Game, Setup

POOL = load_pool()


def standard_game(seed=11):
    d1, d2 = load_deck("ember-tide", POOL), load_deck("stone-gale", POOL)
    return Game(Setup.new_game((d1.cards, d2.cards), load_matrix(), seed, "sequential", ("Ann", "Bea"), 1))


def test_whole_game_to_the_end_screen(tmp_path):
    lines = whole_game_lines(standard_game, handoffs=True)
    run = play(standard_game(), "\n".join(lines) + "\n", tmp_path)
    assert run.code == 0
    assert "Game over" in run.printed and run.printed.strip().splitlines()[-1].startswith("Winner: ")
    assert "Ann (P1) " in run.printed and "Bea (P2) " in run.printed  # each player's Tokens, summed
    assert str(tmp_path / "game.jsonl") in run.printed
    assert run.hot_seat.game.result is not None
    assert "Traceback" not in run.text


def test_hand_off_hides_each_hand_from_the_other_player(tmp_path):
    g = standard_game()
    run = play(g, "\nsummon 1 A1\n\nsummon 1 D4\n\x04", tmp_path)
    screens = run.frames
    handoffs = [s for s in screens if "Pass to" in s]
    assert any("Pass to Ann — press Enter" in s for s in handoffs)
    assert any("Pass to Bea — press Enter" in s for s in handoffs)
    for s in screens:  # no screen ever shows both Hands
        assert not ("Ann (P1)'s Hand" in s and "Bea (P2)'s Hand" in s)
        if "Pass to" in s:
            assert "'s Hand" not in s
    bea_screen = next(s for s in screens if "Bea (P2)'s Hand" in s)
    assert not re.search(r"^ *\d+ Cinder Pup", bea_screen, re.MULTILINE)  # Ann's Hand: none of it
    assert "Ann Summoned Cinder Pup to A1." in handoffs[1]  # what Ann's turn did, in one line


def ordering_game():
    """Clod gets +2 Power for each other Momon its controller has, so the order matters."""
    clod = mk("Clod", "Earth", 3, ["N", "E"], ability=[{"static": {"power": 2, "per": {"side": "friendly", "other": True}}}])
    return game([clod], [mk("Spare")], [arena(2, mk("Breeze", "Air", 5), "B2"),
                                        arena(2, mk("Drip", "Water", 4), "C1")])


def test_ordering_prompt_shows_attempts_their_odds_and_what_each_order_does(tmp_path):
    run = play(ordering_game(), "\nClod B1\n2,1\n\x04", tmp_path)
    assert "Order Clod's Snatch Attempts" in run.text
    assert "1. N ↑ Breeze on B2 (Power 3 vs 5, Earth vs Air): now succeeds on Element" in run.text
    assert "2. E → Drip on C1 (Power 3 vs 4, Earth vs Water): now fails" in run.text
    assert "order 1 2: Snatches B2, C1" in run.text and "order 2 1: Snatches B2" in run.text
    resolved = [line for line in run.text.splitlines() if line.startswith("Attempt ") and " of 2:" in line]
    assert "Drip" in resolved[0] and "Breeze" in resolved[1]


def target_game():
    sprite = mk("Sprite", "Air", 1, ability=[{"when": "on_summon", "may": True, "target": {"side": "enemy"},
                                               "do": [{"power": -1, "on": "targets"}]}])
    return game([sprite], [mk("Spare")], [arena(2, mk("Left", "Fire", 4), "A4"), arena(2, mk("Right", "Fire", 4), "D4")])


def test_target_prompt_then_may_prompt(tmp_path):
    run = play(target_game(), "\nsprite B1\nD4\ny\n\x04", tmp_path)
    assert "Choose 1 target(s) for Sprite" in run.text
    assert "1. A4 Left (Power 4, Fire, 1★, P2)" in run.text and "2. D4 Right" in run.text
    assert "Use Sprite's ability?" in run.text
    assert "Right gets -1 Power until end of turn: Power is now 3." in run.text


def test_invalid_input_at_every_kind_of_prompt_one_line_then_same_prompt(tmp_path):
    typed = "\n".join([
        "",  # hand-off
        "summon", "summon 99 B1", "-1 B1", "99999999999999999999 B1", "summon clod Z9", "nobody B1", "1 B1 C3",
        "summon clod B2", "clod B1",  # summon
        "1 1", "three", "1",  # ordering (Enter would keep the listed order)
        "Q", "x"] + ["\x04"])
    run = play(ordering_game(), typed, tmp_path)
    for message in ("give a card and a Space", "there is no card 99", "there is no card -1 in the Hand (1-",
                    "there is no card 999999999999 in the Hand (1-", "'Z9' is not a Space",
                    "no card in the Hand matches 'nobody'", "B2 is not empty",
                    "give each of the numbers 1-2 exactly once", "give one card and one Space"):
        assert message in run.text
    assert "Accepted: summon <card> <space>" in run.text
    assert "Traceback" not in run.text and run.code == 0


def test_invalid_target_yes_no_and_pick_inputs(tmp_path):
    run = play(target_game(), "\nsprite B1\nC3\n9\nD4\nmaybe\nn\n\x04", tmp_path)
    assert "'C3' is not one of the target options" in run.text
    assert "'9' is not one of the target options" in run.text
    assert "'maybe' is not yes or no" in run.text
    assert "is declined by its controller" in run.text
    from helpers import void
    g = game([], [mk("Spare")], [void(1, mk("Lost")), void(1, mk("Found"))])
    run = play(g, "\n7\n1\n\nZ1\nB2\n\x04", tmp_path)  # Bea picks from Ann's Void, then Ann places
    assert "pick one position from 1 to 2" in run.text
    assert "'Z1' is not one of the Spaces offered" in run.text
    assert "Summons" in run.text and "Traceback" not in run.text


def test_concession_ends_the_game_for_the_deciding_player(tmp_path):
    run = play(standard_game(), "\nconcede\nmaybe\nconcede\ny\n", tmp_path)
    assert "Ann does not concede; the game goes on." in run.text  # anything but yes, said
    g = run.hot_seat.game
    assert g.result.reason == "concession" and g.result.winner == 2
    assert "Game over — Ann conceded" in run.printed and "Winner: Bea" in run.printed and run.code == 0


def test_ctrl_c_keeps_playing_and_ctrl_d_saves_and_leaves(tmp_path):
    run = play(standard_game(), "\n\x03summon 1 A1\n\x04", tmp_path)
    assert "Ctrl-C clears the line; type 'quit' to save and leave" in run.text
    assert "Ann Summons Cinder Pup to A1" in run.text
    assert run.code == 0 and "Resume it with: momon play --resume" in run.text
    records = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()]
    answers = [r for r in records if r["type"] == "answer"]
    assert len(answers) == 1 and answers[0]["value"][1] == "A1"


def test_commands_at_a_prompt(tmp_path):
    typed = "\nhelp\ninspect A4\ninspect pup\ninspect secret\ninspect nowhere\nlog 2\nqueue\nrules ward\n" \
            "rules zzzqqq\nsave\nquit\n"
    g = game([mk("Pup", "Fire", 2, ["N"], flavor="A warm little thing.")], [mk("Secret")],
             [arena(2, mk("Left", "Fire", 4), "A4")])
    run = play(g, typed, tmp_path)
    assert "inspect <space|card>" in run.text
    assert "On A4: Power 4 now, Fire, controlled by Bea (P2)" in run.text
    assert "A warm little thing." in run.text  # a card in the asking player's own Hand
    assert "Nothing to inspect at 'secret'" in run.text  # the opponent's Hand stays hidden
    assert "Nothing to inspect at 'nowhere'" in run.text
    assert "The Trigger Queue is empty." in run.text
    assert "TH 17.6" in run.text  # the Ward rule, from docs/rules.md
    assert "Nothing found." in run.text
    assert "every answer is saved as you play" in run.text
    assert "Resume it with" in run.text and run.code == 0


def test_completion_follows_the_word_position(tmp_path):
    from momon_cli.tui.commands import COMMANDS
    from momon_cli.tui.completion import candidates
    g = game([mk("Cinder Pup"), mk("Tide Imp")], [mk("Secret Card")], [arena(2, mk("Left"), "A4")])
    first = candidates(g.observe(g.pending.player), g.pending, [], COMMANDS)
    assert {"summon", "Cinder", "Tide", "help", "concede"} <= set(first) and "A1" not in first
    assert "Secret" not in first  # never the other player's Hand
    after_card = candidates(g.observe(g.pending.player), g.pending, ["Cinder"], COMMANDS)
    assert "A1" in after_card and "A4" not in after_card and "help" not in after_card
    assert "Cinder" in candidates(g.observe(g.pending.player), g.pending, ["summon"], COMMANDS)
    assert "D4" in candidates(g.observe(g.pending.player), g.pending, ["summon", "Cinder"], COMMANDS)
    assert candidates(g.observe(g.pending.player), g.pending, ["concede"], COMMANDS) == ["Ann", "Bea"]
    sprite = target_game()
    sprite.answer((sprite.pending.options[0][0], "B1"))
    assert candidates(sprite.observe(sprite.pending.player), sprite.pending, [], COMMANDS)[:2] == ["A4", "D4"]


def test_tab_after_a_whole_word_moves_on_to_the_next():
    """'summon Cinder' + Tab adds the space, so the next Tab offers the Spaces."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from momon_cli.tui.commands import COMMANDS
    from momon_cli.tui.completion import PositionCompleter
    g = game([mk("Cinder Pup"), mk("Tide Imp")], [mk("Secret Card")], [])
    completer = PositionCompleter(g.observe(g.pending.player), g.pending, COMMANDS)

    def texts(line: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(line), CompleteEvent(completion_requested=True))]

    assert texts("summon Cinder") == ["Cinder "] and texts("summon cin") == ["Cinder"]
    assert texts("summon Cinder ")[:2] == ["A1", "B1"]


def test_a_card_is_found_by_a_later_word_of_its_name(tmp_path):
    """'lynx' names Ember Lynx: the start of the name is tried first, then any later word."""
    g = game([mk("Ember Lynx", "Fire", 4, ["N"]), mk("Lynx Kit", "Air", 1)], [mk("Imp")], [])
    run = play(g, "\nlynx A1\n\x04", tmp_path)  # the start of 'Lynx Kit' wins over a later word
    assert "Ann Summons Lynx Kit to A1." in run.text
    g = game([mk("Ember Lynx", "Fire", 4, ["N"]), mk("Tide Imp", "Water", 1)], [mk("Imp")], [])
    run = play(g, "\nlynx A1\n\x04", tmp_path)
    assert "Ann Summons Ember Lynx to A1." in run.text


def test_log_takes_a_number_and_keeps_the_newest_lines_when_they_do_not_fit(tmp_path):
    from rich.text import Text

    from momon_cli.tui.frame import View, _info_lines
    view = View(info=[Text(f"line {i}") for i in range(30)], info_latest=True)
    shown = [t.plain for t in _info_lines(view, 80, 10)]
    assert shown[0].startswith("… 21 earlier lines") and shown[-1] == "line 29" and len(shown) == 10
    assert not view.next_page()  # 'log' alone is not paged: its newest lines are the ones that count
    g = game([mk("Pup")], [mk("Imp")], [])
    run = play(g, "\nlog abc\n\x04", tmp_path)
    assert "log takes a number of lines" in run.text


def test_long_command_output_pages_with_enter():
    """What does not fit (help at 80x24) shows a page at a time; Enter turns the page, and
    after the last one Enter goes back to the decision."""
    from rich.text import Text

    from momon_cli.tui.frame import View, _info_lines
    view = View(info=[Text(f"line {i}") for i in range(25)])
    pages = []
    while True:
        pages.append([t.plain for t in _info_lines(view, 80, 10)])
        if not view.next_page():
            break
    assert pages[0] == [f"line {i}" for i in range(9)] + ["… 16 more lines: Enter shows them"]
    assert pages[1] == [f"line {i}" for i in range(9, 18)] + ["… 7 more lines: Enter shows them"]
    assert pages[2] == [f"line {i}" for i in range(18, 25)] and len(pages) == 3
    undrawn = View(info=[Text("a"), Text("b")])  # no frame had room to draw it (a terminal too small)
    assert not undrawn.next_page()  # so Enter closes it rather than turning an empty page


def test_every_answer_hint_fits_80_columns_whole():
    """The hint under the prompt and the decision's Answer line are never cut at 80 columns."""
    from momon_cli.text.notation import ACCEPTED

    for kind, accepted in ACCEPTED.items():
        assert len(f"{accepted} · Tab · help") <= 80 and len(f" Answer: {accepted}") <= 80, kind


def test_the_news_at_a_summon_is_the_other_players_turn_not_ones_own(tmp_path):
    """Ann watched her own Summon and its Snatch; at her next Summon the Meanwhile line tells
    only what happened after her turn ended."""
    hawk = mk("Hawk", "Fire", 5, ["N"])
    g = game([hawk, mk("Spare")], [mk("Imp", "Water", 1), mk("Other")], [arena(2, mk("Mouse", "Air", 1), "A2")])
    run = play(g, "\nhawk A1\n\nimp D4\n\n\x04", tmp_path)
    news = [line for frame in run.frames for line in frame.splitlines() if line.startswith("Meanwhile:")]
    assert news and news[-1] == "Meanwhile: Bea Summoned Imp to D4."
    assert "Ann Snatched Mouse on A2." in run.text  # she saw it happen, in her own turn's log


def test_log_with_a_number_pages_the_lines_it_asked_for(tmp_path):
    """'log 40' pages like any long output (Enter: the next page); 'log' alone keeps the newest
    lines in view when they do not all fit."""
    for typed, latest in (("log 40", False), ("log", True)):
        run = play(ordering_game(), f"\nClod B1\n2,1\n\n{typed}\n\x04", tmp_path)
        assert run.hot_seat.view.info and run.hot_seat.view.info_latest is latest


def test_help_fits_80_columns_so_no_line_wraps_to_the_left_edge():
    from momon_cli.engine import Kind
    from momon_cli.tui.commands import help_text

    for kind in Kind:
        assert all(len(line) <= 80 for line in help_text(kind).splitlines()), kind
