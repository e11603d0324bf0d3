"""The game screen in Thai: every decision kind's screen, the end screen, plain mode's lines,
the analysis view and the puzzles hold Thai, fit 80 columns where the English does, and
keep no English sentence of theirs untranslated (compared with the English render).

"Untranslated" is judged on the words of the screen's own messages (those of render.py,
plain.py, plain_seat.py, arena_view.py, analysis_view.py and the goals, as the catalog
holds them): each stretch of English words between a message's placeholders that the
English render shows must be gone from the Thai one. Card names, ability text, the story
and the decision's prompt come from elsewhere and are not judged here.
"""

from __future__ import annotations

import re
from pathlib import Path

import catalog
import pytest
from answers_helper import apply
from helpers import MATRIX, arena, from_position, game, mk

from momon_cli import language
from momon_cli.bots.analysis import Analysis, Rating
from momon_cli.data.cards import DataError, load_matrix, load_pool
from momon_cli.data.goals import Goal, TurnEnd, judge
from momon_cli.data.puzzles import built_in, puzzle_from_mapping, read_puzzle
from momon_cli.engine import SPECTATOR, Game, Kind, Setup
from momon_cli.tui import frame, plain, render
from momon_cli.tui.analysis_view import report_lines
from momon_cli.tui.frame import View, compose, pack
from momon_cli.widths import columns

THAI = re.compile(r"[\u0e00-\u0e7f]")
MINE = ("momon_cli/tui/render.py", "momon_cli/tui/plain.py", "momon_cli/tui/plain_seat.py",
        "momon_cli/tui/arena_view.py", "momon_cli/tui/analysis_view.py", "momon_cli/data/goals.py",
        "momon_cli/data/puzzles.py")
#: Words the Thai edition keeps in English, and what is typed: a stretch of only these is not a sentence.
KEPT = {"momon", "momons", "summon", "snatch", "snatches", "snatched", "attempt", "check", "power", "element", "hand",
        "hands", "void", "voids", "arena", "ward", "token", "tokens", "marking", "sight", "sights", "stars", "star",
        "first", "player", "control", "score", "trigger", "queue", "on", "vs", "inspect", "replay",
        "baseline", "swapped", "moved", "beats", "beaten", "traits", "ctrl", "enter", "board", "last", "help",
        "view"}
#: kind -> (position in tests/positions, lines typed to reach it), as tests/test_screen.py reaches them
SCENARIOS = {
    Kind.SUMMON: ("17-1-multi-snatch", []),
    Kind.ORDER_ATTEMPTS: ("17-1-order-matters", ["Climber B1"]),
    Kind.ORDER_TRIGGERS: ("17-2-queue", ["Pebble D1"]),
    Kind.TARGETS: ("th-17-9-fbd180", ["Herder A1"]),
    Kind.SPACE: ("17-9-move-incite", ["Storm Rider A1"]),
    Kind.CARD: ("th-17-1-batch-nested", ["Rift Caller A1"]),
    Kind.YES_NO: ("th-17-5-fbd134", []),
    Kind.PICK_FACE_DOWN: ("17-7-void-fallback", []),
}


def _stretches() -> list[str]:
    """Each run of English words between the placeholders of the screen's messages that is a
    sentence's worth: two words or more, one of them a word a Thai player reads in Thai."""
    found = set()
    for m in catalog.extract():
        if not m.id or not any(place in MINE for place, _line in m.locations):
            continue
        for msgid in [m.id] if isinstance(m.id, str) else m.id:
            for piece in re.split(r"\{[^{}]*\}", msgid):
                words = re.findall(r"[A-Za-z][A-Za-z'-]+", piece)
                if len(words) > 1 and any(w.lower().removesuffix("'s") not in KEPT and len(w) > 2 for w in words):
                    found.add(piece.strip(" .:;,()—→·-"))
    return sorted(s for s in found if s)


STRETCHES = _stretches()


#: The full screen's legend (frame.py's words, judged where they are made).
LEGEND = set(pack(frame.legend(), 80))


def _untranslated(english: str, thai: str) -> list[str]:
    """The stretches of the screen's messages that the English shows and the Thai still does."""
    english, thai = ("\n".join(line for line in text.splitlines() if line not in LEGEND and " decides: " not in line)
                     for text in (english, thai))  # the prompt is the decision's own words (text.prompts)
    return [s for s in STRETCHES if s in english and s in thai]


def _reach(kind: Kind) -> Game:
    position, typed = SCENARIOS[kind]
    g = from_position(position)
    for line in typed:
        apply(g, g.pending, line)
    assert g.pending is not None and g.pending.kind is kind
    return g


def _screen(g: Game) -> list[str]:
    d = g.pending
    seen = g.observe(d.player)
    view = View(seat=d.player, decision=d, hand=d.player if d.kind is Kind.SUMMON else None,
                queue=render.queue_lines(seen))
    return [line.plain for line in compose(seen, view, 80, 24)]


def _both(make):
    with language.using("en"):
        english = make()
    with language.using("th"):
        thai = make()
    return english, thai


def test_the_screens_messages_are_judged():
    assert len(STRETCHES) > 60 and "Game over" in STRETCHES and "Cards in Hand" in STRETCHES


@pytest.mark.parametrize("kind", list(SCENARIOS), ids=str)
def test_every_decision_screen_is_thai_fits_80x24_and_leaves_no_english_sentence(kind):
    g = _reach(kind)
    english, thai = _both(lambda: _screen(g))
    assert THAI.search("\n".join(thai)), thai
    # A line the Thai screen shares with the English one (the legend, the grid) is as wide as it was.
    assert len(thai) <= 24 and all(columns(line) <= 80 for line in thai if line not in english), "\n".join(thai)
    assert not _untranslated("\n".join(english), "\n".join(thai)), "\n".join(thai)
    seen = g.observe(g.pending.player)
    english, thai = _both(lambda: [line.plain for line in render.wrap(render.decision_view(seen, g.pending), 80)])
    assert THAI.search("\n".join(thai)) and all(columns(line) <= 80 for line in thai)
    assert not _untranslated("\n".join(english), "\n".join(thai)), "\n".join(thai)
    numbered = [[line.split(".")[0] for line in text if re.match(r" \d+\. ", line)] for text in (english, thai)]
    assert numbered[0] == numbered[1]  # every option, numbered as in English


@pytest.mark.parametrize("kind", list(SCENARIOS), ids=str)
def test_every_decision_in_plain_lines_is_thai_and_leaves_no_english_sentence(kind):
    g = _reach(kind)
    d = g.pending
    seen = g.observe(d.player)
    english, thai = _both(lambda: plain.decision(seen, d, d.player, {}, True, ""))
    assert len(thai) == len(english) and THAI.search("\n".join(thai[1:]))
    assert not _untranslated("\n".join(english), "\n".join(thai)), "\n".join(thai)
    english, thai = _both(lambda: plain.status(seen) + plain.board(seen, d.player, d.player) + plain.hand(seen, 1, 1))
    assert all(THAI.search(line) for line in thai), thai
    assert not _untranslated("\n".join(english), "\n".join(thai)), "\n".join(thai)


def _ended_game() -> Game:
    """A short game to its end: two Momons, the second Summon fills nothing, so the Hands run out."""
    g = game([mk("Pup", "Fire", 3, ["N"])], [mk("Imp", "Water", 2, ["S"])], [])
    while g.pending is not None:
        d = g.pending
        apply(g, d, f"summon 1 {g.observe(d.player).state.zones.empty_spaces()[0]}")
    return g


def test_the_end_screen_says_who_won_the_score_and_why_in_thai_in_80_columns():
    g = _ended_game()
    seen = g.observe(SPECTATOR)
    english, thai = _both(lambda: [line.plain for line in render.end_screen(seen, "/tmp/games/g.jsonl", 80, "g")])
    assert all(columns(line) <= 80 for line in thai), thai
    assert thai[-1].startswith("ผู้ชนะ: ") and english[-1].startswith("Winner: ")
    assert any(line.startswith("เกมจบแล้ว — ") for line in thai), thai
    assert not _untranslated("\n".join(english), "\n".join(thai)), "\n".join(thai)
    english, thai = _both(lambda: plain.end(seen, "/tmp/games/g.jsonl", "g"))
    assert THAI.search("\n".join(thai)) and not _untranslated("\n".join(english), "\n".join(thai))


def test_a_tie_and_a_concession_are_said_in_thai():
    g = game([mk("Pup", "Fire", 3)], [mk("Imp", "Fire", 3)], [])  # one Momon each, no Sights: 1-1, the Token decides
    while g.pending is not None:
        apply(g, g.pending, f"summon 1 {g.observe(g.pending.player).state.zones.empty_spaces()[0]}")
    seen = g.observe(SPECTATOR)
    assert seen.state.result is not None and seen.state.result.tiebreak
    with language.using("th"):
        thai = [line.plain for line in render.end_lines(seen, None)]
    assert any(line.startswith("เสมอ: ") for line in thai), thai
    g = game([mk("Pup")], [mk("Imp")], [])
    g.concede(1)
    with language.using("th"):
        thai = [line.plain for line in render.end_lines(g.observe(SPECTATOR), None)]
    assert thai[0] == "เกมจบแล้ว — Ann ยอมแพ้", thai


def test_the_status_line_fits_80_columns_in_thai_wherever_the_english_does():
    for size in range(3, 25):
        names = ("A" * size, "B" * (size - 1) + "x")
        setup = Setup(game([mk("Pup")], [mk("Imp")], []).setup.position, MATRIX, 7, "sequential", names)
        seen = Game(setup).observe(1)
        english, thai = _both(lambda: render.status_line(seen, 80).plain)  # noqa: B023 (used at once)
        if columns(english) <= 80:
            assert columns(thai) <= 80, (english, thai)
        assert THAI.search(thai)


def test_a_hand_heading_is_as_wide_in_thai_as_in_english():
    ability = [{"when": "on_summon", "do": [{"power": -1, "on": "enemy", "until": "end_of_turn"}]}]
    g = game([mk("Pup", ability=ability), mk("Imp")], [mk("Elf")], [])
    seen = g.observe(1)
    english, thai = _both(lambda: [line.plain for line in render.hand_lines(seen, 1, 80, 20)])
    assert columns(thai[0]) <= 80 and THAI.search(thai[0]) and len(thai) == len(english)
    assert ("✦" in thai[0]) == ("✦" in english[0])


def test_an_object_panel_and_a_card_panel_are_thai():
    g = game([mk("Pup")], [], [arena(2, mk("Rock", "Earth", 4, ["N", "S"]), "B2")])
    seen = g.observe(1)
    obj = next(iter(seen.state.zones.arena_objects()))
    from momon_cli.tui.plain import plain_lines
    english, thai = _both(lambda: plain_lines(render.object_panel(seen, obj)))
    assert THAI.search("\n".join(thai)) and not _untranslated("\n".join(english), "\n".join(thai)), thai


def test_the_analysis_view_is_thai_in_80_columns():
    ratings = [Rating(i, i, 1 + i % 2, "summon", "summon 1 b2", "summon 2 c3", 0.3 + i / 50, 0.6) for i in range(1, 12)]
    analysis = Analysis(("Ann", "Bea"), ratings, forced=2)
    english, thai = _both(lambda: [line.plain for line in report_lines(analysis, 80)])
    assert all(columns(line) <= 80 for line in thai), "\n".join(thai)
    assert THAI.search(thai[0]) and not _untranslated("\n".join(english), "\n".join(thai)), "\n".join(thai)


@pytest.mark.parametrize("goal", [Goal("win"), Goal("snatch", count=1), Goal("snatch", count=3), Goal("hold", space="B2")],
                         ids=str)
def test_goals_and_verdicts_are_said_in_thai(goal):
    with language.using("th"):
        assert THAI.search(goal.text())
        for end in (TurnEnd((), (1, 1), 1, {"B2": 1}), TurnEnd((), (0, 2), 2, {}), TurnEnd((), (2, 2), 2, {"B2": 2})):
            assert THAI.search(judge(goal, 1, end).line)
    with language.using("en"):
        assert not THAI.search(goal.text())


def test_every_puzzle_has_thai_words_shown_in_thai_and_english_words_shown_in_english():
    pool, matrix = load_pool(), load_matrix()
    files = built_in()
    assert len(files) == 17
    for path in files:
        puzzle = read_puzzle(path, pool, matrix.elements)
        thai = puzzle.words("th")
        assert all(THAI.search(text) for text in (thai.title, thai.intro, thai.hint)), path
        assert columns(thai.title) <= 40
        with language.using("th"):
            assert (puzzle.title, puzzle.intro, puzzle.hint) == (thai.title, thai.intro, thai.hint)
        with language.using("en"):
            assert (puzzle.title, puzzle.intro, puzzle.hint) == (puzzle.english.title, puzzle.english.intro,
                                                                 puzzle.english.hint)
            assert not THAI.search(puzzle.title + puzzle.intro + puzzle.hint)


BASE = {"active": 1, "player": [{"hand": ["MCL-001"]}, {"hand": ["MCL-002"]}],
        "puzzle": {"title": "T", "goal": {"snatch": 1}, "hint": "H"}}


def _with_thai(thai):
    return {**BASE, "puzzle": {**BASE["puzzle"], "th": thai}}


def test_a_thai_table_may_give_some_words_and_the_english_says_the_rest():
    pool, matrix = load_pool(), load_matrix()
    puzzle = puzzle_from_mapping(_with_thai({"title": "ทดสอบ"}), pool, matrix.elements)
    with language.using("th"):
        assert (puzzle.title, puzzle.hint) == ("ทดสอบ", "H")


@pytest.mark.parametrize(("thai", "problem"), [
    ({"lesson": "x"}, "puzzle.th: unknown key 'lesson'"),
    ({"title": "ก" * 41}, "puzzle.th.title: must be a text at most 40 columns wide"),
    ({"hint": 3}, "puzzle.th.hint: must be a text of at most 1200 characters"),
    ("ทดสอบ", "puzzle.th: must be a table"),
])
def test_a_thai_table_is_checked_as_the_rest_of_the_puzzle(thai, problem):
    pool, matrix = load_pool(), load_matrix()
    with pytest.raises(DataError) as err:
        puzzle_from_mapping(_with_thai(thai), pool, matrix.elements)
    assert any(problem in p for p in err.value.problems), err.value.problems


def test_a_thai_title_counts_columns_not_characters():
    pool, matrix = load_pool(), load_matrix()
    title = "ปริศนาที่ยาวแต่ยังพอดีกับบรรทัด"  # more characters than columns
    assert len(title) > columns(title)
    puzzle = puzzle_from_mapping(_with_thai({"title": title + "ก" * (40 - columns(title))}), pool, matrix.elements)
    assert columns(puzzle.words("th").title) == 40 < len(puzzle.words("th").title)


def test_the_built_in_puzzle_files_are_unchanged_for_a_record():
    """A puzzle's Thai words are only shown: the position a record is made from is the same."""
    pool, matrix = load_pool(), load_matrix()
    path = Path(built_in()[0])
    puzzle = read_puzzle(path, pool, matrix.elements)
    from momon_cli.data.positions import read_position
    assert read_position(str(path), pool, matrix.elements) == puzzle.position


def _plain_session(typed: list[str], tmp_path, code: str) -> tuple[str, list[str]]:
    """A plain-mode hot-seat session in ``code``'s language: all it wrote, and what it wrote
    after each line typed (split at its prompts)."""
    import io

    from momon_cli.record import start_record
    from momon_cli.tui.plain import plain_console
    from momon_cli.tui.plain_seat import PlainSeat
    from momon_cli.tui.script import PlainReader

    drake = mk("Kiln Drake", "Fire", 7, ["N", "W"], stars=2)
    g = game([mk("Pup", "Fire", 2, ["N"]), mk("Ember", "Fire", 4, ["E"])], [mk("Reef", "Water", 5), mk("Gust")],
             [arena(1, drake, "B2"), arena(2, mk("Mole", "Earth", 3, ["N"]), "B3")])
    out = io.StringIO()
    console = plain_console()
    console.file = out
    with language.using(code):
        recorder = start_record(tmp_path / f"{code}.jsonl", g, ("Deck One", "Deck Two"), force=True)
        keys = "".join(line + "\n" for line in typed).encode()
        PlainSeat(g, console, recorder, PlainReader(io.BytesIO(keys), out)).run()
    prompts = r"(?m)^\w+(?:, your answer|, press Enter| คำตอบของคุณ| กด Enter): "
    return out.getvalue(), re.split(prompts, out.getvalue())[1:]


def test_a_plain_session_speaks_thai_board_hand_last_and_its_prompts(tmp_path):
    typed = ["", "board", "hand", "last", "pup A1", "", "last", "quit"]
    english_out, english = _plain_session(typed, tmp_path, "en")
    thai_out, thai = _plain_session(typed, tmp_path, "th")
    assert len(thai) == len(english) == len(typed)
    assert "----- ส่งคีย์บอร์ดให้ Ann แล้วกด Enter -----" in thai_out and "Ann คำตอบของคุณ: " in thai_out
    assert thai[1].splitlines()[0] == "เทิร์น 1: เทิร์นของ Ann"
    assert "แถว 4: A4, B4, C4 และ D4 ว่าง" in thai[1]
    assert thai[2].splitlines()[0].startswith("Hand ของคุณ การ์ด 2 ใบ")
    assert thai[3].splitlines() == ["ไม่มีอะไรเกิดขึ้นหลังคุณตอบครั้งล่าสุด"]
    assert thai[6].splitlines()[0] == "หลังคุณตอบครั้งล่าสุด:" and thai[6].splitlines()[-1] == "ช่องที่เปลี่ยนไป: A1 (ถูกวาง)"
    for mine in (1, 2, 3, 6):  # what board, hand and last say
        assert not _untranslated(english[mine], thai[mine]), thai[mine]


@pytest.mark.parametrize(("typed", "means"), [("ใช่", True), ("ช", True), ("ไม่", False), ("ไม่ใช่", False), ("y", True),
                                              ("NO", False)])
def test_a_yes_or_no_is_typed_in_thai_or_in_english_whatever_the_language_shown(typed, means):
    from momon_cli.text.notation import parse

    g = _reach(Kind.YES_NO)
    seen = g.observe(g.pending.player)
    for shown in ("th", "en"):
        with language.using(shown):
            assert parse(seen, g.pending, typed) is means
