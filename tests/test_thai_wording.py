"""The Thai wording a Thai-reading player checked, with the Thai edition's terms as the model
(its section 17): the First Player Token's holder, one card's Stars, Beats, the card text's
own words in the glossary, one word for a side, Source, no English left on a Thai screen
where a Thai word says it (a bot's name, the rules profile, a deck format, <number>, WORD),
and the narration calling each thing by one name, the one the Thai card text and edition use."""

from __future__ import annotations

import re
from pathlib import Path

from helpers import MATRIX, game, mk
from typer.testing import CliRunner

from momon_cli import language
from momon_cli.cli import cards as cards_cli
from momon_cli.cli.app import app
from momon_cli.engine import Game, Setup, events
from momon_cli.record.new_game import seats_for
from momon_cli.text import glossary
from momon_cli.text import rules_lookup as rulesdoc
from momon_cli.text.narration import Narrator
from momon_cli.tui import render
from momon_cli.tui.elements_chart import chart
from momon_cli.tui.frame import lines_of

ROOT = Path(__file__).parent.parent
PO = ROOT / "momon_cli" / "locale" / "th" / "LC_MESSAGES" / "momon.po"


def thai_msgstrs() -> str:
    """Every Thai translation in the catalog, one after another."""
    return "\n".join(m.group(1) for m in re.finditer(r'^msgstr(?:\[\d\])? "(.*)"$|^"(.*)"$', PO.read_text(encoding="utf-8"),
                                                      flags=re.M) if m.group(1))


def test_th_the_short_status_line_names_the_first_player_not_the_start():
    g = game([mk("Pup")], [mk("Imp")], [])
    with language.using("th"):
        line = render.status_line(g.observe(1), 60).plain  # narrow: the short form
    assert "ผู้เล่นแรก" in line and "เริ่ม" not in line, line


def test_th_one_cards_stars_are_not_a_total():
    with language.using("th"):
        said = language.ngettext("{n} Star", "{n} Stars", 3).format(n=3)
    assert said == "3 Stars"


def test_th_17_beats_is_said_as_the_thai_rules_say_it():
    with language.using("th"):
        lines = " ".join(line.plain for line in lines_of(chart(MATRIX), 80))
        meaning = language._(glossary.entry("Beats").meaning)
    assert "มีความได้เปรียบเหนือ" in lines and "Beats" not in lines and "ชนะ)" not in lines, lines
    assert "มีความได้เปรียบเหนือ" in meaning and "Beats" not in meaning


def test_th_the_glossary_quotes_the_thai_card_texts_words():
    with language.using("th"):
        adjacent = language._(glossary.entry("Adjacent").meaning)
        once = language._(glossary.entry("Once-only").meaning)
    assert "ที่อยู่ติดกับการ์ดนี้" in adjacent and "adjacent to me" not in adjacent
    assert "ใช้ได้ครั้งเดียวต่อเกม" in once and "Once per game" not in once
    assert glossary.find("ที่อยู่ติดกับการ์ดนี้") == glossary.entry("Adjacent")
    assert glossary.find("ใช้ได้ครั้งเดียวต่อเกม") == glossary.entry("Once-only")


def test_th_one_word_for_each_side_as_the_thai_edition_has_it():
    said = thai_msgstrs()
    assert "ศัตรู" not in said and "ฝ่ายป้องกัน" not in said  # ฝ่ายตรงข้าม and ฝ่ายรับ, as in section 17
    assert "ฝ่ายรับ" in said


def test_th_17_source_is_said_in_thai_and_rules_finds_it():
    text = (ROOT / "docs" / "rules.th.md").read_text(encoding="utf-8")
    assert "Source" not in text and "แหล่งกำเนิด" in text
    assert glossary.find("แหล่งกำเนิด") == glossary.entry("Source")
    with language.using("th"):
        answer = "\n".join(rulesdoc.answer("แหล่งกำเนิด"))
    assert "แหล่งกำเนิด" in answer and "CR 11.1.8" in answer, answer
    with language.using("th"):
        out = CliRunner().invoke(app, ["rules", "แหล่งกำเนิด"])
    assert out.exit_code == 0 and "แหล่งกำเนิด" in out.output, out.output


def test_th_a_bots_name_the_rules_profile_and_a_deck_format_are_thai():
    with language.using("th"):
        _seats, names = seats_for(("bot:medium", "Ann"), 7, (), None)
        format_word = cards_cli.format_words("standard")
        g = Game(Setup(game([mk("Pup")], [mk("Imp")], []).setup.position, MATRIX, 7, "sequential", ("Ann", "Bea")))
        narrator = Narrator(("Ann", "Bea"))
        said = " ".join(filter(None, (narrator.line(e) for e in g.events if isinstance(e, events.GameStarted))))
    assert names[0] == "บอทระดับกลาง", names
    assert format_word == "มาตรฐาน"
    assert "sequential" not in said and "ตัดสินทีละครั้ง" in said, said
    with language.using("en"):
        assert seats_for(("bot:medium", "Ann"), 7, (), None)[1][0] == "Medium bot"  # English as before
        assert cards_cli.format_words("standard") == "standard"


def test_th_placeholders_a_player_reads_are_thai():
    said = thai_msgstrs()
    assert "<number>" not in said and "WORD" not in said, [line for line in said.splitlines()
                                                            if "<number>" in line or "WORD" in line]


#: What the narration names, by the English words that name it: the one Thai name every
#: narrated line gives it (the Thai card text's and section 17's), and the other names it
#: must not get (a placeholder is matched as its name in capitals: {owner} is OWNER). The
#: start of a turn is เริ่มเทิร์น, as the card text says "จนถึงเริ่มเทิร์นถัดไปของคุณ".
ONE_NAME = (
    (r"start of (?:the next )?turn", "เริ่มเทิร์น", ("ต้นเทิร์น", "เริ่มต้นเทิร์น")),
    (r"end of turn", "จบเทิร์น", ("สิ้นเทิร์น", "ท้ายเทิร์น")),
    (r"\bto (?:its Owner's|OWNER's) Void", "ไปยัง Void", ("ไปที่ Void", "เข้า Void", "สู่ Void")),
    (r"\bQueue\b", "Trigger Queue", ("คิว",)),
    (r"\bdefender\b", "ฝ่ายรับ", ("ฝ่ายป้องกัน",)),
    (r"\bopponent", "คู่แข่ง", ("ศัตรู", "ฝ่ายตรงข้าม", "อีกฝ่าย")),
    (r"\bOwner", "เจ้าของ", ()),
    (r"\bcontroller\b", "ผู้ควบคุม", ()),
    (r"\bdoes nothing\b", "ไม่เกิดผล", ("ไม่มีผล",)),
    (r"\blegal\b", "ถูกต้องตามกติกา", ("ถูกกติกา",)),
    (r"face-down", "คว่ำหน้า", ()),
    (r"face-up", "หงายหน้า", ()),
    (r"once-only right", "สิทธิ์ที่ใช้ได้ครั้งเดียว", ()),
)


def test_th_the_narration_calls_each_thing_by_one_name():
    from babel.messages.pofile import read_po

    with PO.open("rb") as po:
        narrated = [(m.id, m.string) for m in read_po(po) if m.id and isinstance(m.id, str)
                    and any(path == "momon_cli/text/narration.py" for path, _ in m.locations)]
    every = " ".join(thai for _, thai in narrated)
    assert len(narrated) > 50  # the narration's whole catalog, not a few lines
    for english, thai, others in ONE_NAME:
        saying = [(en, th) for en, th in narrated
                  if re.search(english, re.sub(r"\{(\w+)[^}]*\}", lambda m: m[1].upper(), en))]
        assert saying, english  # the narration says it: the test holds something
        named = [(en, th) for en, th in saying if thai not in th]
        assert not named, f"{english} is not {thai} in {named}"
        assert not any(other in every for other in others), (english, [o for o in others if o in every])
