"""The narration and the answer notation's messages in Thai: whole random games narrated with
``language.using("th")`` say every line in Thai, with no English word but the terms the Thai
edition keeps, the names of cards and players and the rule citations; a few lines exactly."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from helpers import MATRIX, arena, game, mk, summon

from momon_cli import language
from momon_cli.bots.players import RandomBot
from momon_cli.data.cards import builtin_deck_names, load_deck, load_pool
from momon_cli.engine import DIRECTIONS, PROFILES, Game, Kind, Setup
from momon_cli.engine import events as ev
from momon_cli.text import narration, notation, recap
from momon_cli.text.glossary import ENTRIES

THAI = re.compile(r"[\u0e00-\u0e7f]")
POOL = load_pool([Path(__file__).parent / "positions" / "cards.toml"])
CARDS = sorted(POOL.values(), key=lambda c: c.id)
MECHANICS = [c for c in CARDS if c.id.startswith("TPS") and c.abilities]
DECKS = [load_deck(n, POOL).cards for n in builtin_deck_names()]
NAMES = ("Ann", "Bea")
#: the files whose messages these are
MINE = ("momon_cli/text/narration.py", "momon_cli/text/recap.py", "momon_cli/text/notation.py")

#: Glossary terms the Thai edition says in Thai words (the shared brief's list): "Space" is ช่อง,
#: "Owner" เจ้าของ, a "Summon batch" ชุด Summon ... So these are not allowed as English in a line.
SAID_IN_THAI = {"Ability", "Adjacent", "Additional success condition", "Beats", "Board-dependent Power",
                "Cannot be Snatched by an opponent's abilities", "Cannot be Snatched together", "Cannot Snatch",
                "Controller", "Enemy", "Face-down", "Friendly", "Once-only", "Owner", "Rules profile", "Space",
                "Summon batch", "Target", "Token value", "Trait"}
#: The terms the Thai edition keeps in English (every other glossary term but the Elements, which
#: Thai screens name in Thai, and the brief's own list), the compass points of a Sight, and the
#: rules profiles (words players type).
KEPT = ({e.term for e in ENTRIES} - SAID_IN_THAI - set(MATRIX.standard) - set(MATRIX.special)
        | {"Trigger", "Token", "Object", "Sight", "Timing Header", "Source", "Reveal"}
        | set(DIRECTIONS) | set(PROFILES))
#: What a line may hold besides: card ids and rule citations.
CARD_ID = re.compile(r"\b[A-Z]{2,5}-\d+\b")
CITED = re.compile(r"\b(?:CR|TH|BASELINE|Step|R) \d+(?:\.\d+)*|docs/rules\.md R-mc \d+")


def _words_left(line: str, names: set[str]) -> list[str]:
    """The runs of two or more Latin letters of ``line`` once its card and player names,
    card ids, citations and kept terms are taken out (longest first)."""
    for name in sorted(names, key=len, reverse=True):
        line = line.replace(name, " ")
    line = CITED.sub(" ", CARD_ID.sub(" ", line))
    for term in sorted(KEPT, key=len, reverse=True):
        line = re.sub(rf"(?<![A-Za-z]){re.escape(term)}(?![A-Za-z])", " ", line)
    return re.findall(r"[A-Za-z]{2,}", line)


def _games(count: int) -> list[Game]:
    """Whole games played by random bots: built-in decks, random ones, and decks of the
    scenario cards (which use every key of the effect vocabulary); some end by concession."""
    rng = random.Random(24)
    played = []
    for i in range(count):
        decks = []
        for side in (0, 1):
            kind = (i + side) % 3
            decks.append(rng.choice(DECKS) if kind == 0 else
                         tuple(rng.choice(CARDS) for _ in range(rng.randint(2, 8))) if kind == 1 else
                         tuple(rng.choice(MECHANICS) for _ in range(rng.randint(6, 12))))
        setup = Setup.new_game((decks[0], decks[1]), MATRIX, rng.randrange(2**32), PROFILES[i % 2], NAMES,
                               (None, 1, 2)[i % 3])
        g = Game(setup)
        bot = RandomBot(rng.randrange(2**32))
        concede_at = 12 if i % 7 == 6 else None
        while g.pending is not None:
            if concede_at is not None and len(g.answers) == concede_at:
                g.concede(g.pending.player)
                break
            g.answer(bot.answer(g.observe(g.pending.player)))
        played.append(g)
    return played


def _turns(events: list[ev.Event]) -> list[list[ev.Event]]:
    turns: list[list[ev.Event]] = [[]]
    for e in events:
        if isinstance(e, ev.TurnStarted):
            turns.append([])
        turns[-1].append(e)
    return turns


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return _games(24)


def test_every_line_of_whole_games_is_thai_with_only_the_kept_english(games):
    names = {c.name for c in CARDS} | set(NAMES)
    told: set[str] = set()
    wrong = []
    for g in games:
        english = narration.Narrator()
        english_lines = [english.line(e) for e in g.events]  # which events have a line, and what it says
        with language.using("th"):
            thai = narration.Narrator()
            for e, english_line in zip(g.events, english_lines, strict=True):
                line = thai.line(e)
                if english_line is None:
                    assert line is None, (e, line)
                    continue
                assert line is not None and line != english_line, e
                told.add(e.kind)
                short = narration.terse(e, line)
                for said in (line, short) if short else (line,):
                    if not THAI.search(said):
                        wrong.append(f"no Thai: {said}")
                    elif left := _words_left(said, names):
                        wrong.append(f"English {left}: {said}")
            for turn in _turns(g.events):  # what a turn did, as the other player is told at their Summon
                news = recap.summary(turn, NAMES)
                if news is not None and (not THAI.search(news) or _words_left(news, names)):
                    wrong.append(f"summary: {news}")
    assert not wrong, "\n".join(wrong[:20])
    # The games reach the common events and the rarer steps of the effect vocabulary alike.
    assert {"game_started", "turn_started", "summoned", "marked", "trigger_waiting", "trigger_queued",
            "trigger_not_queued", "ability_resolved", "batch_queued", "batch_started", "check_started",
            "attempt_created", "attempt_resolved", "control_changed", "check_ended", "sbc", "zone_changed",
            "power_modified", "power_set", "element_changed", "ward_granted", "ward_lost", "expired", "moved",
            "swapped", "direct_snatch", "instruction_failed", "once_used", "return_scheduled", "first_player_token",
            "void_randomized", "face_down_picked", "no_summon", "turn_ended", "end_condition", "conceded",
            "game_ended"} <= told, told


def test_the_terse_thai_line_drops_the_citations_as_the_english_one_does(games):
    with language.using("th"):
        n = narration.Narrator()
        lines = [(e, n.line(e)) for e in games[0].events]
    for e, line in lines:
        short = narration.terse(e, line)
        if short is not None:
            assert not narration.CITATION.search(short.replace("Direct Snatch, TH 17.5", "")), short


def _hawk_game() -> Game:
    """Ann Summons Hawk (On Summon: +1 Power) to A1; its Sight takes Bea's Mouse on A2; Bea concedes."""
    hawk = mk("Hawk", "Fire", 5, ["N"], ability=[{"when": "on_summon", "do": [{"power": 1, "on": "self",
                                                                                "until": "end_of_turn"}]}])
    g = game([hawk, mk("Spare")], [mk("Imp", "Water", 1), mk("Other")], [arena(2, mk("Mouse", "Air", 1), "A2")])
    summon(g, "Hawk", "A1")
    assert g.pending is not None
    g.concede(g.pending.player)
    return g


def test_exact_thai_lines_of_a_summon_a_snatch_a_trigger_and_the_end():
    g = _hawk_game()
    with language.using("th"):
        n = narration.Narrator(NAMES)
        said = {e.kind: (n.line(e), e) for e in g.events}
    line, event = said["summoned"]
    assert line == "Ann Summon Hawk ลงที่ A1 (BASELINE 9.1)"
    assert narration.terse(event, line) == "Ann Summon Hawk ลงที่ A1"
    assert said["trigger_queued"][0] == "ความสามารถ On Summon ของ Hawk เข้าสู่ Trigger Queue ที่ลำดับ 1 (CR 17.2)"
    assert said["power_modified"][0] == "Hawk ได้รับ Power +1 จนจบเทิร์น: ตอนนี้ Power เป็น 6"
    assert said["ability_resolved"][0] == "ความสามารถ On Summon ของ Hawk ดำเนินผลเสร็จแล้ว"
    assert said["check_started"][0] == "Snatch Check: Hawk ที่ A1 สร้าง Snatch Attempt 1 ครั้ง (CR 10.1)"
    assert said["attempt_resolved"][0] == ("Snatch Attempt ที่ 1 จาก 1: Hawk (Power 6, ไฟ) ปะทะ Mouse (Power 1, ลม): "
                                           "สำเร็จ — Power 6 มากกว่า 1 (CR 10.2.3)")
    assert said["control_changed"][0] == "ตอนนี้ Mouse ที่ A2 มี Marking Token ของ Ann (CR 10.2.7)"
    assert said["check_ended"][0] == "Snatch Check จบ: Snatch สำเร็จ 1 ตัว"
    assert said["game_ended"][0] == "จบเกม — การยอมแพ้ (BASELINE 7.1) Control Score: Ann 2, Bea 0 ผู้ชนะคือ Ann"
    with language.using("th"):
        assert recap.summary(g.events, NAMES) == "Ann Summon Hawk ลงที่ A1; Ann Snatch Mouse ที่ A2"


def test_a_tied_end_and_an_element_win_in_thai():
    n = narration.Narrator(NAMES)
    with language.using("th"):
        assert n.line(ev.GameEnded("full-arena", (3, 3), 2, True, 2)) == (
            "จบเกม — Arena เต็ม (CR 17.8) Control Score: Ann 3, Bea 3 ผู้ชนะคือ Bea เพราะคะแนนเสมอกัน "
            "ผู้ถือ First Player Token จึงชนะ (BASELINE 7.4)")
        assert n.line(ev.AttemptResolved(1, 2, 4, "Pup", 5, "Imp", True, "element", 2, 2, "Water", "Fire")) == (
            "Snatch Attempt ที่ 1 จาก 2: Pup (Power 2, น้ำ) ปะทะ Imp (Power 2, ไฟ): "
            "สำเร็จ — น้ำ มีความได้เปรียบเหนือ ไฟ (CR 10.2.4)")


def test_the_english_lines_are_unchanged_after_thai():
    """The language is read at each line: English after Thai is the English it always was."""
    g = _hawk_game()
    with language.using("th"):
        narration.Narrator(NAMES).line(g.events[3])
    n = narration.Narrator(NAMES)
    said = [n.line(e) for e in g.events]
    assert "Ann Summons Hawk to A1 (BASELINE 9.1)." in said
    assert "Game over — concession (BASELINE 7.1). Control Score Ann 2, Bea 0. Ann wins." in said


# -- the answer notation's messages ------------------------------------------------------------
def test_a_bad_answer_is_told_in_thai_and_the_answer_itself_is_typed_alike():
    g = game([mk("Hawk"), mk("Spare")], [mk("Imp"), mk("Other")])
    decision = g.pending
    assert decision is not None and decision.kind is Kind.SUMMON
    seen = g.observe(decision.player)
    with language.using("th"):
        with pytest.raises(notation.BadAnswer) as bad:
            notation.parse(seen, decision, "hawk Z9")
        assert str(bad.value) == ("'Z9' ไม่ใช่ช่อง (A1-D4) คำตอบที่รับได้: summon <การ์ด> <ช่อง> เช่น "
                                  "'summon 1 B2' หรือ '1 B2'")
        with pytest.raises(notation.BadAnswer, match="ไม่มีการ์ดหมายเลข 9 ใน Hand"):
            notation.parse(seen, decision, "9 B2")
        assert notation.parse(seen, decision, "summon 1 B2") == notation.parse(seen, decision, "hawk b2")
        assert notation.answer_words("Ann", "summon", ["MCL-001", "B2"], {"MCL-001": "Cinder Pup"}) == \
            "Ann เลือก Summon Cinder Pup ลงที่ B2"
        assert notation.answer_words("Bea", "yes_no", False, {}) == "Bea ตอบว่าไม่"
        assert notation.either(["1", "2", "3"]) == "1 หรือ 2 หรือ 3"
    with pytest.raises(notation.BadAnswer, match=r"^'Z9' is not a Space \(A1-D4\)\. Accepted: summon <card>"):
        notation.parse(seen, decision, "hawk Z9")


def test_every_thai_answer_hint_fits_80_columns_with_its_suffix():
    from momon_cli.widths import columns

    with language.using("th"):
        for kind, accepted in notation.ACCEPTED.items():
            said = language._(accepted)
            assert THAI.search(said), kind
            assert columns(f"{said} · Tab · help") <= 80 and columns(f" Answer: {said}") <= 80, kind


def test_every_thai_line_cites_the_rules_its_english_line_cites():
    """A citation stays as it is in Thai, set off as terse() finds it (" (CR 10.2.2)"), so the
    terse Thai line drops it and ``rules`` opens it."""
    import catalog

    wrong = []
    for m in catalog.read("th"):
        if m.id and any(path in MINE for path, _ in m.locations):
            english = m.id if isinstance(m.id, str) else m.id[0]
            thai = m.string if isinstance(m.string, str) else m.string[0]
            for found in (narration.CITATION.findall, narration._CITED.findall):
                if sorted(found(english)) != sorted(found(thai)):
                    wrong.append(f"{english!r} -> {thai!r}")
    assert not wrong, "\n".join(wrong)
