"""Rules text in Thai (data/cardtext_th.py): generated for every card from its ability data,
with a Thai template for every word the vocabulary has, the game's terms kept in English as
the Thai edition keeps them; shown in the language in use (cardtext.rules_text), while the
English, the card file's own text, stays as it was."""

import dataclasses
import re

import pytest
from helpers import MATRIX, mk
from rich.console import Console

from momon_cli import language
from momon_cli.data import cardtext_th
from momon_cli.data.cards import DataError, builtin_deck_names, builtin_decks_dir, load_deck, load_pool, parse_card_set
from momon_cli.data.cardtext import (
    FLAVORS,
    GENERATORS,
    ability_text,
    card_text,
    flavor_text,
    rules_ability_text,
    rules_text,
)
from momon_cli.engine import (
    DURATIONS,
    KEYWORDS,
    KINDS,
    SELECTORS,
    TIMINGS,
    Ability,
    Condition,
    Filter,
    Static,
    StaticPower,
    TargetSpec,
)
from momon_cli.tui import plain, render

POOL = load_pool()
DECK_CARDS = {c.id: c for name in builtin_deck_names() for c in load_deck(name, POOL).cards}
WITH_TEXT = [c for c in {**POOL, **DECK_CARDS}.values() if c.abilities]
THAI = re.compile("[\u0e01-\u0e4f]")
#: The terms the Thai edition keeps in English inside a Thai sentence, longest first.
KEPT = ("First Player Token", "Marking Token", "Snatch Attempt", "Direct Snatch", "On Summon", "On Snatch", "Momon",
        "Summon", "Snatch", "Ward", "Void", "Hand", "Arena", "Power", "Stars", "Star", "Move", "Swap", "Incite")


def english_left(text: str, card=None) -> list[str]:
    """The English words of ``text`` that are neither a kept term, an Element, a trait nor
    the card's own name."""
    names = [*KEPT, *MATRIX.elements, *(f"[{t}]" for c in WITH_TEXT for t in c.traits)]
    if card is not None:
        names.append(card.name)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return re.findall(r"[A-Za-z]+", text)


def assert_thai(text: str, card=None) -> None:
    assert THAI.search(text), text
    assert not english_left(text, card), (english_left(text, card), text)
    assert "  " not in text and text == text.strip(), repr(text)
    assert not re.search("[\u0e01-\u0e4f][A-Za-z0-9]|[A-Za-z0-9][\u0e01-\u0e4f]", text), text  # spaced as Thai is


@pytest.mark.parametrize("card", WITH_TEXT, ids=lambda c: c.id)
def test_every_card_of_the_set_and_the_decks_reads_in_thai(card):
    with language.using("th"):
        text = rules_text(card)
    assert text == cardtext_th.card_text(card)
    assert_thai(text, card)


def test_the_decks_cards_are_checked_too():
    assert DECK_CARDS and set(DECK_CARDS) <= set(POOL)  # every deck is of the built-in set


@pytest.mark.parametrize("key", sorted(KINDS))
def test_every_instruction_kind_has_thai_words_for_every_selector(key):
    kind = KINDS[key]
    for on in SELECTORS if "on" in kind.KEYS else ("self",):
        for count in (1, 2):
            target = TargetSpec(count, Filter(side="enemy", stars_max=2))
            step = kind(on=on, group=Filter(power_max=3) if on in ("snatched", "moved") else None)
            for again in (False, True):
                assert_thai(cardtext_th.spaced(cardtext_th.phrase(step, target, again)))


def test_every_timing_header_and_duration_has_thai_words():
    for timing in TIMINGS:
        for whose in ("yours", "each"):
            words = cardtext_th.header(timing, whose)
            assert words in ("On Summon", "On Snatch") or THAI.search(words), timing
            assert not english_left(words)
    assert {d: cardtext_th.until(d) for d in DURATIONS} == {
        "end_of_turn": " จนจบเทิร์น", "your_next_turn": " จนถึงเริ่มเทิร์นถัดไปของคุณ", "leaves_arena": ""}


def test_every_continuous_ability_has_thai_words():
    assert set(cardtext_th.KEYWORDS) == set(KEYWORDS)
    filled = {"token_value": (2, 1), "extra_success": Filter(stars_max=1),
              "power": StaticPower(1, per=Filter(side="friendly"))}
    for f in dataclasses.fields(Static):
        static = Static(**{f.name: filled.get(f.name, True)})
        assert_thai(cardtext_th.ability_text(Ability(0, static=static)))
    while_ = Static(power=StaticPower(-1, condition=Condition(Filter(side="enemy", adjacent=True), 3)))
    assert cardtext_th.ability_text(Ability(0, static=while_)) == (
        "การ์ดนี้ได้รับ Power -1 ขณะที่มี Momon ฝ่ายตรงข้ามตั้งแต่ 3 ตัวขึ้นไปที่อยู่ติดกับการ์ดนี้")


@pytest.mark.parametrize("card_id,thai", [
    ("MCL-029", "On Summon: Move การ์ดนี้ไปยังช่องว่างที่อยู่ติดกัน"),
    ("MCL-045", "On Summon: Move การ์ดนี้ไปยังช่องว่าง แล้ว Incite การ์ดนี้"),
    ("MCL-031", "On Summon: Move Momon ฝ่ายคุณกี่ตัวก็ได้ที่อยู่ติดกับการ์ดนี้ พร้อมกันไปยังช่องว่างที่อยู่ติดกันคนละช่อง"),
    ("MCL-032", "เมื่อเริ่มเทิร์นของคุณ (ใช้ได้ครั้งเดียวต่อเกม): คุณเลือกได้ว่าจะ Direct Snatch Momon ฝ่ายตรงข้าม 1 ตัวที่เป็นเป้าหมาย"
                "ซึ่งมี 3 Stars หรือน้อยกว่า"),
    ("MCL-048", "On Summon: หากมี Momon ธาตุมืด ฝ่ายคุณตัวอื่น คุณเลือกได้ว่าจะ Summon Momon 1 ใบที่มี 2 Stars "
                "หรือน้อยกว่า จาก Void ของคุณลงในช่องว่าง"),
    ("MCL-051", "การ์ดนี้ได้รับ Power +2 ขณะที่มี Momon ฝ่ายคุณตัวอื่นตั้งแต่ 2 ตัวขึ้นไปที่อยู่ติดกับการ์ดนี้"),
    ("MCL-052", "การ์ดนี้ได้รับ Power +1 ต่อ Momon ฝ่ายคุณตัวอื่น 1 ตัว"),
    ("MCL-019", "การ์ดนี้ไม่สามารถถูก Snatch พร้อมกับ Momon ตัวอื่นได้"),
    ("MCL-036", "On Snatch: ให้ Momon ทุกตัวที่การ์ดนี้เพิ่ง Snatch (มี Power 3 หรือน้อยกว่า ณ ตอนที่ Snatch) ได้รับ Ward "
                "จนถึงเริ่มเทิร์นถัดไปของคุณ"),
    ("MCL-038", "On Summon: ส่ง Momon ตัวอื่น 1 ตัวที่เป็นเป้าหมายซึ่งมี 3 Stars หรือน้อยกว่า เข้า Void ของเจ้าของแบบหงายหน้า "
                "แล้ว Summon [Sprite] Momon 1 ใบที่มี 2 Stars หรือน้อยกว่า จาก Hand ของคุณลงในช่องเดิมของเป้าหมาย"),
    ("MCL-040", "On Summon: Move Momon ฝ่ายตรงข้ามกี่ตัวก็ได้ที่มี 2 Stars หรือน้อยกว่าและอยู่ติดกับการ์ดนี้ "
                "พร้อมกันไปยังช่องว่างที่อยู่ติดกันคนละช่อง แล้ว Direct Snatch Momon ทุกตัวที่ถูก Move ด้วยวิธีนี้"),
])
def test_the_thai_of_representative_cards(card_id, thai):
    assert cardtext_th.card_text(POOL[card_id]) == thai


def test_a_conditional_once_only_right_with_a_choice_and_two_abilities():
    card = mk("Test", ability=[
        {"when": "on_snatch", "once": True, "may": True, "if": {"side": "enemy", "count": 2, "adjacent": True},
         "target": {"side": "enemy", "count": 2}, "do": [{"power": -1, "on": "targets", "until": "your_next_turn"},
                                                        {"incite": True, "on": "targets"}]},
        {"when": "end_of_turn", "whose": "each", "do": [{"to_hand": True, "at": "end_of_turn"}]}])
    assert cardtext_th.card_text(card) == (
        "On Snatch (ใช้ได้ครั้งเดียวต่อเกม): หากมี Momon ฝ่ายตรงข้ามตั้งแต่ 2 ตัวขึ้นไปที่อยู่ติดกับการ์ดนี้ "
        "คุณเลือกได้ว่าจะให้ Momon ฝ่ายตรงข้าม 2 ตัวที่เป็นเป้าหมาย ได้รับ Power -1 จนถึงเริ่มเทิร์นถัดไปของคุณ "
        "แล้ว Incite Momon เหล่านั้น "
        "เมื่อจบทุกเทิร์น: นำการ์ดนี้กลับเข้า Hand ของเจ้าของ ตอนจบเทิร์น")
    assert card_text(card) == (
        "Once per game, on Snatch: if there are 2 or more enemy Momons adjacent to me, you may give 2 target enemy "
        "Momons -1 Power until the start of your next turn and Incite them. "
        "At the end of each turn: return me to my Owner's Hand at end of turn.")


def test_the_text_shown_is_in_the_language_in_use_and_the_english_stays_the_cards_own():
    assert set(GENERATORS) == set(language.LANGUAGES)
    for card in WITH_TEXT:
        assert rules_text(card) == card_text(card)
        assert [rules_ability_text(a) for a in card.abilities] == [ability_text(a) for a in card.abilities]
    with language.using("th"):
        assert card_text(POOL["MCL-045"]) == "On Summon: Move me to an empty Space and Incite me."  # never gettext
        assert rules_ability_text(POOL["MCL-045"].abilities[0]) == cardtext_th.ability_text(POOL["MCL-045"].abilities[0])
        card = '[[card]]\nid = "OK-001"\nname = "Ok"\nstars = 1\nelement = "Fire"\npower = 1\nsights = []\n' \
               'text = "On Summon: Incite me."\n[[card.ability]]\ndo = [{ incite = true }]\n'
        assert card_text(next(iter(parse_card_set(card, "ok.toml", MATRIX).values()))) == "On Summon: Incite me."


def test_inspect_and_the_plain_card_line_show_the_thai():
    card = POOL["MCL-045"]
    console = Console(width=200, color_system=None)
    with language.using("th"):
        with console.capture() as got:
            console.print(render.card_panel(card))
        assert cardtext_th.card_text(card) in got.get()
        assert cardtext_th.card_text(card) in plain.card(card)


def test_every_built_in_deck_has_its_plan_in_thai_and_a_bad_th_table_is_one_line(tmp_path):
    pool = load_pool()
    for name in builtin_deck_names():
        deck = load_deck(name, pool)
        with language.using("th"):
            assert re.search(r"[\u0e00-\u0e7f]", deck.shown_plan()), name
        with language.using("en"):
            assert deck.shown_plan() == deck.plan
    bad = tmp_path / "bad.toml"
    bad.write_text((builtin_decks_dir() / "prism.toml").read_text(encoding="utf-8").replace("plan = \"Momon", "story = \"Momon"),
                   encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_deck(str(bad), pool)
    assert err.value.problems == [f"{bad}: th: must be a table holding only plan, one line at most 160 columns wide"]


WITH_FLAVOR = [c for c in {**POOL, **DECK_CARDS}.values() if c.flavor]


@pytest.mark.parametrize("card", WITH_FLAVOR, ids=lambda c: c.id)
def test_every_flavour_of_the_set_and_the_decks_reads_in_thai(card):
    with language.using("th"):
        text = flavor_text(card)
    assert text != card.flavor and THAI.search(text) and not re.search("[A-Za-z]", text), text


def test_a_thai_card_view_shows_crown_usurpers_flavour_in_thai_and_an_english_one_in_english():
    """A playtester read the Crown Usurper's flavour in English on a Thai screen."""
    usurper = next(c for c in POOL.values() if c.name == "Crown Usurper")
    with language.using("th"):
        thai = _drawn(render.card_panel(usurper))
    english = _drawn(render.card_panel(usurper))
    assert "มงกุฎ" in thai and "crown" not in thai and "It wears the crown it took" in english


def test_every_thai_flavour_is_a_cards_and_every_language_has_its_table():
    assert set(cardtext_th.FLAVOR) == {c.flavor for c in WITH_FLAVOR}
    assert set(FLAVORS) == set(language.LANGUAGES)


def _drawn(panel) -> str:
    console = Console(width=80, record=True, no_color=True)
    console.print(panel)
    return " ".join(console.export_text().replace("│", " ").split())
