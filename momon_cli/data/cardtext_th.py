"""Rules text in Thai, generated from the same ability data as the English (data/cardtext.py).

The Thai is composed natively, not translated from the English phrases: a Momon is named
head first ("Momon ธาตุมืด ฝ่ายคุณตัวอื่น"), then how many ("1 ตัว", "ทุกตัว"), then what it
is ("ที่เป็นเป้าหมาย") and what it has ("ที่มี 2 Stars หรือน้อยกว่า"); the card itself is
"การ์ดนี้", as the Thai edition writes it (TH 17.5). The game's terms stay in English inside
the Thai sentence (Momon, Summon, Snatch, Ward, Move, the Elements...), and a space stands
wherever Thai meets an English word or a number (:func:`spaced`), as the Thai edition sets
it. Every instruction kind, Timing Header, duration and continuous ability has its words
here; each dispatch ends in ``assert_never``, so mypy names the one a new word lacks.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import assert_never

from ..engine import (
    Ability,
    AnyInstruction,
    CardDef,
    Condition,
    DirectSnatch,
    Duration,
    Filter,
    Incite,
    LoseWard,
    Move,
    MultiMove,
    Power,
    SetElement,
    SetPower,
    Static,
    Summon,
    Swap,
    TakeFirstPlayerToken,
    TargetSpec,
    Timing,
    ToHand,
    ToVoid,
    Ward,
    Whose,
)
from ..language import using
from .element_names import name as element_name

_THAI = "\u0e01-\u0e4f"  # Thai letters, vowels and tone marks (not its digits)
_BEFORE = re.compile(rf"(?<=[{_THAI}])(?=[A-Za-z0-9\[(+\-])")  # Thai, then an English word or a number
_AFTER = re.compile(rf"(?<=[A-Za-z0-9\])])(?=[{_THAI}])")  # an English word or a number, then Thai
_SPACES = re.compile(r" {2,}")
ME = "การ์ดนี้"  # "me", "I": the card whose ability it is
_SIDE = {"friendly": "ฝ่ายคุณ", "enemy": "ฝ่ายตรงข้าม", "any": ""}
#: The built-in cards' flavour in Thai, by the English a card file gives (so a card of another
#: file that happens to share an id keeps its own words); tests/test_card_text_th.py holds every
#: flavour of the set and the decks to a line here.
FLAVOR = {
    "It chases sparks until it becomes one.": "มันไล่ตามประกายไฟ จนกลายเป็นประกายไฟเสียเอง",
    "Small enough to hide, stubborn enough to stay.": "ตัวเล็กพอจะหลบซ่อน และดื้อพอจะไม่ยอมไปไหน",
    "Nothing has ever beaten it. Nothing has ever needed to.": "ไม่เคยมีสิ่งใดชนะมันได้ และไม่เคยมีสิ่งใดต้องชนะมันเลย",
    "It never delivers anything to the same reef twice.": "มันไม่เคยส่งของไปที่แนวปะการังเดิมซ้ำเป็นครั้งที่สอง",
    "It wears the crown it took, and waits for the next one.": "มันสวมมงกุฎที่ชิงมาได้ แล้วรอมงกุฎใบถัดไป",
    "Every beat is a dare.": "เสียงกลองทุกจังหวะคือคำท้า",
    "It has never taken a step it did not mean to hold.": "มันไม่เคยก้าวไปสักก้าว หากไม่ตั้งใจจะยืนหยัดอยู่ตรงนั้น",
}
#: The continuous keywords that are simply true or false of a card (engine.KEYWORDS), in Thai.
KEYWORDS = {
    "unsnatchable_together": f"{ME}ไม่สามารถถูก Snatch พร้อมกับ Momon ตัวอื่นได้",
    "unsnatchable_by_opponent_abilities": f"{ME}ไม่สามารถถูก Snatch ด้วยความสามารถของคู่แข่งได้",
    "cannot_snatch": f"{ME}ไม่สามารถ Snatch ได้",
}


def spaced(text: str) -> str:
    """``text`` with one space wherever Thai meets an English word or a number, none doubled,
    none before a colon or at either end."""
    text = _AFTER.sub(" ", _BEFORE.sub(" ", text))
    return _SPACES.sub(" ", text).replace(" :", ":").strip()


def header(timing: Timing, whose: Whose = "yours") -> str:
    """The Timing Header (BASELINE 11.2): On Summon and On Snatch as the Thai edition keeps
    them, the others in Thai."""
    if timing == "on_summon":
        return "On Summon"
    if timing == "on_snatch":
        return "On Snatch"
    if timing == "snatched_back":
        return f"เมื่อ{ME}ถูก Snatch กลับสู่การควบคุมของเจ้าของ"
    if timing == "turn_start":
        return "เมื่อเริ่มเทิร์นของคุณ"
    if timing == "end_of_turn":
        return "เมื่อจบทุกเทิร์น" if whose == "each" else "เมื่อจบเทิร์นของคุณ"
    if timing == "leaves_arena":
        return f"เมื่อ{ME}ออกจาก Arena"
    assert_never(timing)


def until(duration: Duration) -> str:
    """How long an effect lasts; one that lasts while its Momon stays says nothing."""
    if duration == "end_of_turn":
        return " จนจบเทิร์น"
    if duration == "your_next_turn":
        return " จนถึงเริ่มเทิร์นถัดไปของคุณ"
    if duration == "leaves_arena":
        return ""
    assert_never(duration)


def _element(element: str) -> str:
    """An Element's Thai name, whatever language the caller reads (this text is Thai)."""
    with using("th"):
        return element_name(element)


def _stars(n: int) -> str:
    return f"{n} Star" if n == 1 else f"{n} Stars"  # the English term keeps its number


def _bounds(flt: Filter) -> str:
    """The filter's Power bounds ("Power 3 หรือน้อยกว่า")."""
    return "และมี".join(f"Power {value} {than}" for value, than in ((flt.power_max, "หรือน้อยกว่า"),
                                                                      (flt.power_min, "หรือมากกว่า")) if value is not None)


def momons(flt: Filter, count: str = "", role: str = "", classifier: str = "ตัว") -> str:
    """Momons that fit ``flt``, with ``count`` after the name ("1 ตัว", "ทุกตัว"), then
    ``role`` (a clause: "ที่เป็นเป้าหมาย"), then what the filter asks of them. A phrase that
    ends in a clause ends in a space, so what follows it stands apart."""
    words = "".join((f"[{flt.trait}] Momon" if flt.trait else "Momon", f" ธาตุ{_element(flt.element)} " if flt.element else "",
                     _SIDE[flt.side], classifier + "อื่น" if flt.other else ""))
    has = []
    for value, phrase in ((flt.stars_max, "มี {} หรือน้อยกว่า"), (flt.stars_min, "มี {} หรือมากกว่า")):
        if value is not None:
            has.append(phrase.format(_stars(value)))
    if flt.power_max is not None or flt.power_min is not None:
        has.append("มี" + _bounds(flt))
    if flt.adjacent:
        has.append(f"อยู่ติดกับ{ME}")
    clause = role + (("ซึ่ง" if role else "ที่") + "และ".join(has) if has else "")
    return words + count + clause + (" " if clause else "")


def who(i: AnyInstruction, target: TargetSpec | None, again: bool = False, many: str = "ทุกตัว") -> str:
    """The words for the Momons an instruction acts on; ``again``: the targets were named by
    an earlier step, so they are "Momon นั้น" or "Momon เหล่านั้น"; ``many``: how a group
    is counted ("ทุกตัว", each; "กี่ตัวก็ได้", any number of)."""
    on, group = i.on, i.group
    if on == "self":
        return ME
    if on == "targets":
        assert target is not None
        if again:
            return "Momon นั้น" if target.count == 1 else "Momon เหล่านั้น"
        return momons(target.filter, f" {target.count} ตัว", "ที่เป็นเป้าหมาย")
    if on == "snatcher" or on == "snatched" or on == "moved":
        flt = replace(group, power_max=None, power_min=None) if group is not None else Filter()
        role = {"snatcher": f"ที่ Snatch {ME}", "snatched": f"ที่{ME}เพิ่ง Snatch", "moved": "ที่ถูก Move ด้วยวิธีนี้"}[on]
        phrase = momons(flt, "" if on == "snatcher" else "ทุกตัว", role)
        bounds = _bounds(group) if group is not None else ""
        if bounds:
            phrase += f" (มี{bounds}{' ณ ตอนที่ Snatch' if on != 'moved' else ''}) "
        return phrase
    if on == "friendly" or on == "enemy":
        return momons((group or Filter()).with_side(on), many)
    if on == "all":
        return momons((group or Filter()).with_side("any"), many)
    assert_never(on)


def phrase(i: AnyInstruction, target: TargetSpec | None, again: bool = False) -> str:
    """One step of an ability, in Thai."""
    match i:
        case Power():
            return f"ให้{who(i, target, again)}ได้รับ Power {i.amount:+d}{until(i.until)}"
        case SetPower():
            return f"ทำให้ Power ของ{who(i, target, again)}เป็น {i.value}{until(i.until)}"
        case SetElement():
            return f"ทำให้{who(i, target, again)}เป็นธาตุ{_element(i.element)}{until(i.until)}"
        case Ward():
            return f"ให้{who(i, target, again)}ได้รับ Ward{until(i.until)}"
        case LoseWard():
            return f"ทำให้{who(i, target, again)}สูญเสีย Ward"
        case Move():
            return f"Move {who(i, target, again)}ไปยังช่องว่าง{'ที่อยู่ติดกัน' if i.to == 'adjacent' else ''}"
        case MultiMove():
            where = "ที่อยู่ติดกัน" if i.to == "adjacent" else ""
            return f"Move {who(i, target, again, 'กี่ตัวก็ได้')}พร้อมกันไปยังช่องว่าง{where}คนละช่อง"
        case Swap():
            return f"Swap ช่องของ{who(i, target, again)}"
        case DirectSnatch():
            return f"Direct Snatch {who(i, target, again)}"
        case Incite():
            return f"Incite {who(i, target, again)}"
        case ToVoid():
            return f"ส่ง{who(i, target, again)}เข้า Void ของเจ้าของแบบ{'หงายหน้า' if i.face_up else 'คว่ำหน้า'}"
        case ToHand():
            at = {"now": "", "end_of_turn": " ตอนจบเทิร์น", "your_next_turn": " ตอนเริ่มเทิร์นถัดไปของคุณ"}[i.at]
            return f"นำ{who(i, target, again)}กลับเข้า Hand ของเจ้าของ{at}"
        case Summon():
            where = "ลงในช่องเดิมของเป้าหมาย" if i.into == "that_space" else "ลงในช่องว่าง"
            return f"Summon {momons(i.card, ' 1 ใบ', classifier='ใบ')}จาก {'Hand' if i.source == 'hand' else 'Void'} ของคุณ{where}"
        case TakeFirstPlayerToken():
            return "ยึด First Player Token"
        case _:
            assert_never(i)


def condition_text(cond: Condition) -> str:
    """``if`` / ``while``: at least ``count`` Momons fit the filter ("มี Momon ...")."""
    if cond.count > 1:
        return "มี" + momons(cond.filter, f"ตั้งแต่ {cond.count} ตัวขึ้นไป")
    return "มี" + momons(cond.filter)


def static_text(s: Static) -> str:
    """A Continuous Ability; exactly one of its fields is set."""
    if s.token_value is not None:
        own, other = s.token_value
        return f"Marking Token ของ{ME}มีค่า {own} ขณะที่เจ้าของควบคุม{ME} และมีค่า {other} ในกรณีอื่น"
    if s.extra_success is not None:
        return f"Snatch Attempt ของ{ME}ยังสำเร็จเมื่อฝ่ายรับเป็น{momons(s.extra_success)}"
    if s.power is not None:
        p = s.power
        if p.per is not None:
            return f"{ME}ได้รับ Power {p.amount:+d} ต่อ{momons(p.per, ' 1 ตัว')}"
        assert p.condition is not None
        return f"{ME}ได้รับ Power {p.amount:+d} ขณะที่{condition_text(p.condition)}"
    return next(text for key, text in KEYWORDS.items() if getattr(s, key))


def ability_text(ability: Ability) -> str:
    """One ability: its Timing Header (and its once-only right), then its steps, one after
    another ("แล้ว"), behind its condition and its "may"."""
    if ability.static is not None:
        return spaced(static_text(ability.static))
    head = header(ability.when or "on_summon", ability.whose)
    if ability.once:
        head += " (ใช้ได้ครั้งเดียวต่อเกม)"
    body = " แล้ว".join(phrase(i, ability.target, again=any(j.on == "targets" for j in ability.do[:n]))
                        for n, i in enumerate(ability.do))
    if ability.optional:  # a once-only right is asked too [TH 17.5, R-mc 21]
        body = "คุณเลือกได้ว่าจะ" + body
    if ability.condition is not None:
        body = f"หาก{condition_text(ability.condition)} {body}"
    return spaced(f"{head}: {body}")


def card_text(card: CardDef) -> str:
    """A card's abilities in Thai, one after another."""
    return " ".join(ability_text(a) for a in card.abilities)
