"""The glossary: one plain sentence for every keyword and term a player meets, with the rules it leads to.

Each :class:`Entry` is data: the term as the game writes it, the other words a player may
type for it (in English and in Thai), one sentence for a newcomer (marked ``N_()``, so it is
translated where it is shown: ``_(entry.meaning)``; plain text, neither Markdown nor
Rich markup), and the citations of docs/rules.md that say it in full. Terms and citations stay
as they are in every language (the Thai edition keeps the game's keywords in English).
:func:`find` reads what a player typed, in either language; :func:`for_card`
names the entries a card's abilities use, read from their data (instruction kinds, Timing
Headers, flags and filters), never from their text. The mapping from the vocabulary to the
entries is :data:`BY_KIND`, :data:`BY_TIMING` and :data:`BY_STATIC`, side by side;
tests/test_glossary.py holds them to every word the vocabulary has.

Nothing here loads the engine: ``momon rules`` starts without it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..language import N_, _

if TYPE_CHECKING:
    from ..engine import Ability, CardDef, Filter, Timing


@dataclass(frozen=True, slots=True)
class Entry:
    """One glossary entry: ``term`` as cards and narration write it, the ``aliases`` a
    player may type (English, then Thai), its ``meaning`` in one English sentence (the
    catalog holds its Thai), and the ``rules`` (citations as in
    docs/rules.md: "CR 10.2.2", "TH 17.6", "R 9.2", "R-mc 21") that say it in full."""

    term: str
    aliases: tuple[str, ...]
    meaning: str
    rules: tuple[str, ...] = ()


ENTRIES: tuple[Entry, ...] = (
    Entry("✦", ("ability mark", "✦ mark", "เครื่องหมาย ✦", "เครื่องหมายความสามารถ"),
          # TRANSLATORS: 'inspect' and 'inspect 2' are what a player types: keep them in English.
          N_("In the Hand a ✦ after a card means it has an ability: type 'inspect' and the card's number "
             "(for example 'inspect 2') to read it.")),
    Entry("Ability", ("abilities", "triggered ability", "continuous ability", "static ability",
                      "ความสามารถ", "ความสามารถต่อเนื่อง", "ความสามารถแบบ Trigger", "สกิล"),
          N_("The rules text on a card: a triggered ability goes off at a moment its card names (such as On Summon) "
             "and waits in the Trigger Queue, while a continuous ability simply holds as long as its Momon is on the "
             "Arena."),
          ("CR 11.1.1", "CR 11.1.5", "CR 11.1.6")),
    Entry("Active Player", ("active", "non-active player", "whose turn",
                            "ผู้เล่นเจ้าของเทิร์น", "ผู้เล่นที่ไม่ใช่เจ้าของเทิร์น", "เจ้าของเทิร์น", "เทิร์นของใคร"),
          N_("The player whose turn it is: they Summon this turn, and when both players have abilities waiting at the "
             "same moment, theirs enter the Trigger Queue first."),
          ("CR 8.1", "CR 10.3.5", "R 11.3")),
    Entry("Additional success condition", ("extra success", "extra_success", "also succeed",
                                           "เงื่อนไขความสำเร็จเพิ่มเติม", "เงื่อนไขเพิ่มเติม", "สำเร็จเพิ่ม"),
          N_("A continuous ability that lets this Momon's Snatch Attempts also succeed against some Momons (those "
             "with few Stars, say) when neither Power nor Element would win them."),
          ("TH 17.1", "R-mc 9")),
    Entry("Adjacent", ("adjacent to me", "adjacency", "neighbour", "neighbor", "next to",
                       "ติดกัน", "อยู่ติดกัน", "ติดกับฉัน", "ข้างเคียง", "ช่องข้างเคียง",
                       "ที่อยู่ติดกับการ์ดนี้", "ติดกับการ์ดนี้"),
          N_("Touching, side by side or corner to corner: a Space has up to eight adjacent Spaces, and 'adjacent to "
             "me' means next to the Momon whose ability it is, where it stands now."),
          ("R 11.1", "R-mc 15")),
    Entry("Arena", ("board", "grid", "4x4", "กระดาน", "ตาราง", "สนาม", "อารีนา"),
          N_("The shared board of sixteen Spaces where Momons are Summoned; each player sees their own side at the "
             "bottom of their screen."),
          ("CR 10.1.2",)),
    Entry("Beats", ("beat", "element advantage", "advantage", "element chart", "matrix",
                    "ได้เปรียบ", "ความได้เปรียบ", "มีความได้เปรียบเหนือ", "เสียเปรียบให้", "ชนะทาง", "ตารางธาตุ",
                    "เป็นกลาง"),
          N_("One Element Beats another when the Element chart says so (Water Beats Fire, for one): an Attempt "
             "without more Power still succeeds when the attacker's Element Beats the defender's."),
          ("CR 10.2.4", "CR 10.2.5", "CR 17.1")),
    Entry("Board-dependent Power", ("static power", "static_power", "power per", "power while",
                                    "Power ตามกระดาน", "Power ตาม Arena", "Power ต่อ Momon"),
          N_("A continuous ability that raises a Momon's Power while something holds on the Arena, or for each "
             "Momon of some kind there, so its Power changes whenever the board does."),
          ("R 11.5", "R-mc 23", "R-mc 17")),
    Entry("Cannot be Snatched by an opponent's abilities",
          ("unsnatchable by opponent abilities", "unsnatchable_by_opponent_abilities",
           "cannot be snatched by your opponent's abilities", "protected",
           "ได้รับการป้องกัน", "ถูก Snatch ด้วยความสามารถของคู่แข่งไม่ได้", "กันความสามารถคู่แข่ง"),
          N_("This Momon can still be Snatched by an ordinary turn's Snatch Check, but not by a Check or a Direct "
             "Snatch that an ability of the other player brings about."),
          ("TH 17.9", "CR 11.1.4")),
    Entry("Cannot be Snatched together", ("unsnatchable together", "unsnatchable_together", "not together",
                                          "cannot be snatched together with another momon",
                                          "ถูก Snatch พร้อม Momon อื่นไม่ได้", "ห้าม Snatch พร้อมกัน",
                                          "Snatch พร้อมกันไม่ได้"),
          N_("This Momon can only be Snatched alone: an Attempt at it fails when its Snatch Check makes two or more "
             "Attempts, and so does a Direct Snatch that takes several Momons at once."),
          ("TH 17.1", "R-mc 8", "R-mc 22")),
    Entry("Cannot Snatch", ("cannot_snatch", "can't snatch", "cant snatch", "ไม่สามารถ Snatch ได้", "Snatch ไม่ได้"),
          N_("This Momon makes no Snatch Attempts, in its own turn or when Incited, and its abilities take nothing "
             "by a Direct Snatch either."),
          ("R 13", "R-mc 29")),
    Entry("Control Score", ("score", "scores", "points", "result", "คะแนน", "คะแนนควบคุม", "ผลเกม", "ผลคะแนน"),
          N_("When the game ends each player adds up the Token values of the Marking Tokens they have on the Arena; "
             "the higher total wins, and a tie goes to the holder of the First Player Token."),
          ("R 7.4", "TH 17.8")),
    Entry("Controller", ("control", "controls", "controlled", "controlling",
                         "ผู้ควบคุม", "ควบคุม", "การควบคุม", "ภายใต้การควบคุม"),
          N_("The player whose Marking Token a Momon on the Arena carries; a Snatch changes the Controller, never "
             "the Owner."),
          ("CR 10.2.7", "CR 11.1.6")),
    Entry("Direct Snatch", ("direct_snatch", "directly snatch", "Snatch โดยตรง", "ยึดโดยตรง"),
          N_("An ability that takes control of a Momon at once, with no Power or Element compared; Ward still stops "
             "it, and it sets off no On Snatch ability."),
          ("TH 17.5", "TH 17.6", "TH 17.9", "R-mc 22")),
    Entry("Effect-Based Summon", ("effect summon", "summon by an ability", "ability summon",
                                  "Summon จากเอฟเฟกต์", "Summon ด้วยความสามารถ", "Summon โดยเอฟเฟกต์"),
          N_("An ability that Summons a card from its controller's Hand or Void: the new Momon then has its own On "
             "Summon abilities and its own Snatch Check, as after a turn's Summon."),
          ("R 9.4", "TH 17.1", "R-mc 20")),
    Entry("Element", ("elements", "fire", "water", "earth", "air", "light", "dark", "origin",
                      "ธาตุ", "เอเลเมนต์", "ไฟ", "น้ำ", "ดิน", "ลม", "แสง", "ความมืด", "มืด", "ต้นกำเนิด"),
          # TRANSLATORS: the Element names and the command 'momon elements' stay in English.
          N_("Each Momon has one Element (Fire, Water, Earth, Air, Light, Dark or Origin), and an Element that Beats "
             "the defender's wins an Attempt that Power alone does not; 'momon elements' shows the chart."),
          ("CR 10.2.4", "R 11.5")),
    Entry("End of Turn", ("end_of_turn", "at the end of your turn", "at the end of each turn", "end step",
                          "จบเทิร์น", "สิ้นสุดเทิร์น", "ท้ายเทิร์น", "เมื่อจบเทิร์น"),
          N_("A trigger word: the ability goes off in the last step of its Controller's turn, or of every turn when "
             "the card says each turn."),
          ("R 11.2", "Step 3")),
    Entry("Enemy", ("enemies", "enemy momon", "opponent's momon",
                    "ศัตรู", "ฝ่ายศัตรู", "ฝ่ายตรงข้าม", "Momon ศัตรู", "Momon ของคู่แข่ง"),
          N_("Seen from an ability's controller, an enemy Momon is one the other player controls right now."),
          ()),
    Entry("Face-down", ("face down", "facedown", "face-up", "face up", "faceup",
                        "คว่ำหน้า", "แบบคว่ำหน้า", "หงายหน้า", "คว่ำ", "หงาย"),
          N_("A face-down card lies with its back up, so nobody sees which card it is; a face-up card is open to "
             "both players."),
          ("CR 17.7", "R 3")),
    Entry("First Player Token", ("first player", "first token", "first_player_token", "take_first_player_token",
                                 "tiebreak", "tie", "ผู้เล่นคนแรก", "ผู้เริ่มก่อน", "เล่นก่อน", "เสมอ", "คะแนนเท่ากัน",
                                 "Token ผู้เล่นคนแรก"),
          N_("The token the player who went first starts with; an ability can take it, and whoever holds it when the "
             "game ends wins a tied Control Score (turn order never changes)."),
          ("R 6.2", "R 7.4", "TH 17.8")),
    Entry("Friendly", ("friend", "friends", "friendly momon", "ally", "allies",
                       "ฝ่ายเดียวกัน", "พวกเดียวกัน", "ฝ่ายเรา", "พันธมิตร", "Momon ฝ่ายเดียวกัน"),
          # TRANSLATORS: 'other' is a word of the card's text.
          N_("Seen from an ability's controller, a friendly Momon is one that player controls right now, the "
             "ability's own Momon included unless the card says 'other'."),
          ()),
    Entry("Hand", ("hands", "your hand", "มือ", "ในมือ", "การ์ดในมือ", "แฮนด์"),
          N_("The cards you have not played yet: your whole deck starts there (nothing is drawn), you Summon from it, "
             "and your opponent does not see it."),
          ("R 6.1", "R 3")),
    Entry("Incite", ("incited", "inciting", "ยุยง", "ยุ", "อินไซต์"),
          N_("An ability that makes a Momon already on the Arena do a new Snatch Check from where it stands; what it "
             "Snatches that way sets off no On Snatch ability."),
          ("CR 11.1.4", "CR 17.9", "TH 17.9")),
    Entry("Leaves Arena", ("leaves_arena", "when i leave the arena", "leave the arena", "leaves the arena",
                           "ออกจาก Arena", "เมื่อออกจาก Arena"),
          N_("A trigger word: the ability goes off when its Momon leaves the Arena for a Hand or a Void, and it still "
             "happens though the Momon is gone."),
          ("R 11.2", "CR 11.1.6", "CR 11.1.7")),
    Entry("Marking Token", ("marking token", "token", "tokens", "mark", "marked",
                            "โทเคน", "โทเค็น", "เครื่องหมาย", "Token ทำเครื่องหมาย"),
          N_("The token on a Momon on the Arena that shows which player controls it; a successful Snatch replaces it "
             "with the Snatcher's."),
          ("Step 1.1", "CR 10.2.7")),
    Entry("Momon", ("momons", "card", "cards", "creature", "โมมอน", "การ์ด", "สิ่งมีชีวิต", "มอนสเตอร์"),
          N_("A creature card, with a name, Stars, an Element, a Power and Sights; the game is about whose Marking "
             "Token each Momon on the Arena carries."),
          ("CR 11.1.1", "R-mc 1")),
    Entry("Move", ("moving", "move to", "ย้าย", "ย้ายช่อง", "เคลื่อนที่", "มูฟ"),
          N_("An ability that puts a Momon on another empty Space (anywhere, or next to it when the card says "
             "adjacent); it keeps its Controller and what affects it, and moving makes no Snatch Check."),
          ("TH 17.3", "TH 17.9", "R-mc 25")),
    Entry("Multi-Move", ("multi_move", "multiple move", "move at once", "ย้ายหลายตัว", "ย้ายพร้อมกัน", "Move พร้อมกัน"),
          N_("An ability that lets its controller pick several Momons and a different empty Space for each first, "
             "then moves them all at the same moment; a Multi-Move of just one Momon reads as a Move in the log."),
          ("TH 17.9", "R-mc 25")),
    Entry("On Snatch", ("on_snatch", "เมื่อ Snatch", "เมื่อ Snatch สำเร็จ"),
          N_("A trigger word: the ability goes off after a Snatch Check in which its Momon Snatched at least one "
             "Momon (neither an Incite's Check nor a Direct Snatch sets it off)."),
          ("CR 10.3.3", "CR 10.3.1", "CR 11.1.4")),
    Entry("On Summon", ("on_summon", "when summoned", "เมื่อ Summon", "เมื่อถูก Summon"),
          N_("A trigger word: the ability goes off right after its Momon is Summoned, before that Momon's Snatch "
             "Check."),
          ("Step 1.2", "R 9.1", "R 9.4")),
    Entry("Once-only", ("once", "once per game", "once-only right", "once-only ability", "once-only used",
                        "ใช้ได้ครั้งเดียว", "ครั้งเดียว", "ครั้งเดียวต่อเกม", "หนึ่งครั้งต่อเกม", "สิทธิ์ครั้งเดียว",
                        "ใช้สิทธิ์เพียงครั้งเดียว", "ใช้ได้ครั้งเดียวต่อเกม"),
          # TRANSLATORS: Once per game is the card's words: quote them as the card shows them in your language.
          N_("An ability that says Once per game works a single time for that physical card, all game long; you are "
             "asked whether to use it, and saying no, or its doing nothing, keeps it for later."),
          ("TH 17.5", "R 11.6", "R-mc 21", "R-mc 19")),
    Entry("Owner", ("owners", "owned", "owns", "เจ้าของ", "ความเป็นเจ้าของ", "เป็นเจ้าของ"),
          N_("The player whose deck a card came from, which never changes: Sights are read from the Owner's seat, and "
             "a card that leaves the Arena goes to its Owner's Hand or Void."),
          ("CR 17.5", "CR 10.1.2")),
    Entry("Power", ("powers", "strength", "set power", "set_power", "power modifier",
                    "พลัง", "ค่าพลัง", "พาวเวอร์", "ค่า Power"),
          N_("The number that decides most Attempts: an attacker with more Power than the defender Snatches it, "
             "abilities raise, lower or set it for a while, and a Momon whose Power falls to 0 goes to the Void."),
          ("CR 10.2.3", "R 11.5", "R 12.1")),
    Entry("Return to Hand", ("to_hand", "return", "returns", "returned", "bounce",
                             "นำกลับเข้า Hand", "กลับเข้า Hand", "คืนสู่มือ", "กลับขึ้นมือ", "นำกลับ"),
          N_("An ability that sends a Momon from the Arena back to its Owner's Hand, at once or later; a later return "
             "does nothing if the card has gone to another zone meanwhile."),
          ("TH 17.7", "R-mc 14")),
    Entry("Rules profile", ("profile", "sequential", "simultaneous", "rules version",
                            "โปรไฟล์กติกา", "รุ่นกติกา", "ตามลำดับ", "ทีละครั้ง", "พร้อมกัน", "แบบพร้อมกัน"),
          # TRANSLATORS: sequential and simultaneous are the profiles' names (--rules): keep them.
          N_("How a Snatch Check with several Attempts is judged: sequential (the default) takes them one at a "
             "time, simultaneous judges them all on the same moment."),
          ("R-mc 17", "R-mc 24", "TH 17.1")),
    Entry("Snatch", ("snatches", "snatched", "snatching", "snatcher",
                     "สแนตช์", "สแนทช์", "ยึด", "ชิง", "แย่ง", "ถูก Snatch", "ผู้ Snatch"),
          N_("To take control of an opponent's Momon by putting your Marking Token on it; the card stays on its "
             "Space and keeps its Owner."),
          ("CR 10.2.7", "CR 17.5")),
    Entry("Snatch Attempt", ("attempt", "snatch_attempt", "ความพยายาม Snatch", "พยายาม Snatch", "ความพยายาม"),
          N_("One try to Snatch, made for each Sight of the attacking Momon that points at a Momon of the other "
             "player; it succeeds on greater Power, or else on an Element that Beats."),
          ("CR 10.1.3", "CR 10.2.3", "CR 10.2.4", "CR 10.2.6")),
    Entry("Snatch Check", ("check", "snatch_check", "ตรวจ Snatch", "การตรวจ Snatch", "เช็ค", "เช็ก"),
          N_("What a Momon does right after it is Summoned: it makes a Snatch Attempt at every enemy Momon its "
             "Sights point at, and each Attempt is judged."),
          ("CR 10.1.1", "CR 10.1.4", "R-mc 17")),
    Entry("Snatched Back", ("snatched_back", "when i am snatched back", "snatched back to my owner's control",
                            "ถูก Snatch กลับ", "Snatch กลับ", "กลับสู่การควบคุมของเจ้าของ"),
          N_("A trigger word: the ability goes off when a Snatch brings its Momon back under the control of the "
             "player who owns it."),
          ("CR 10.3.4", "R 11.2")),
    Entry("Sights", ("sight", "snatch-sight", "snatch-sights", "arrow", "arrows", "direction", "directions",
                     "ลูกศร", "ทิศ", "ทิศทาง", "สายตา"),
          N_("The arrows of a Momon: each points at the next Space that way, read from its Owner's seat, and a Momon "
             "of the other player there is the target of a Snatch Attempt."),
          ("CR 10.1.2", "CR 10.1.3", "R-mc 6")),
    Entry("Source", ("sources", "source of an ability", "its source", "แหล่งกำเนิด", "แหล่งกำเนิดของความสามารถ"),
          N_("The Momon whose ability it is: its Controller controls the ability, and an ability waiting in the Trigger "
             "Queue still resolves after its Source has left the Arena, reading the Source as it last was there."),
          ("CR 11.1.6", "CR 11.1.7", "CR 11.1.8")),
    Entry("Space", ("spaces", "square", "cell", "ช่อง", "ช่องว่าง", "ช่อง Arena"),
          N_("One of the Arena's sixteen squares, named by a column A to D and a row 1 to 4 (row 1 is nearest "
             "Player 1)."),
          ("CR 10.1.2",)),
    Entry("Stars", ("star", "★", "ดาว", "จำนวนดาว", "สตาร์"),
          N_("A card's size, 1 to 5: a standard deck holds at most 30 Stars, and some abilities pick only Momons "
             "with few or many Stars."),
          ()),
    Entry("State-Based Conditions", ("state-based condition", "sbc", "state based", "เงื่อนไขตามสถานะ", "เงื่อนไขสถานะ"),
          N_("Checks the game makes by itself between steps: a Momon with Power 0 or less goes to its Owner's Void, "
             "and a Ward Token on a Momon without Ward is taken off."),
          ("R 12.1", "R 12.2", "CR 8.4")),
    Entry("Summon", ("summons", "summoned", "summoning", "summon step",
                     "ซัมมอน", "อัญเชิญ", "เรียก", "ลงการ์ด", "Summon ตามเทิร์น"),
          N_("To put a Momon from your Hand onto an empty Space with your Marking Token on it; each turn the Active "
             "Player Summons one, which then makes its Snatch Check."),
          ("R 9.1", "Step 1.1", "R 9.3")),
    Entry("Summon batch", ("batch", "batches", "ชุด Summon", "ชุด"),
          N_("A Momon Summoned by an ability waits as a batch among the waiting abilities; when its turn comes, its "
             "On Summon abilities, its Snatch Check and what follows all happen together."),
          ("R 9.4", "TH 17.1")),
    Entry("Swap", ("swaps", "swapped", "swapping", "exchange", "สลับ", "สลับที่", "สลับช่อง", "แลกเปลี่ยน", "สวอป"),
          N_("An ability that makes two Momons trade Spaces at the same moment; they keep their Controllers, and no "
             "Snatch Check follows."),
          ("TH 17.9", "R-mc 25")),
    Entry("Target", ("targets", "targeted", "targeting", "เป้าหมาย", "กำหนดเป้าหมาย", "เลือกเป้าหมาย"),
          N_("A Momon an ability picks as it enters the Trigger Queue; if none of its targets is still there and "
             "still fits when it resolves, the whole ability does nothing."),
          ("R 11.4", "R-mc 13", "TH 17.3", "CR 17.3")),
    Entry("Token value", ("token worth", "token worth n", "worth", "token_value", "marking token worth",
                          "ค่า Token", "ค่าของ Token", "ค่าพื้นฐาน", "มูลค่า"),
          N_("A continuous ability that makes this Momon's Marking Token count for other than 1 in the Control "
             "Score, depending on whether its Owner controls it."),
          ("TH 17.8", "R 7.4")),
    Entry("Trait", ("traits", "tribe", "คุณลักษณะ", "ลักษณะ", "เผ่า"),
          N_("A word some cards carry in square brackets after their name, such as Sprite; an ability may pick only "
             "Momons with that trait."),
          ("R-mc 20",)),
    Entry("Trigger Queue", ("queue", "trigger", "triggers", "triggered", "waiting",
                            "คิว", "คิว Trigger", "ทริกเกอร์", "ลำดับที่รออยู่", "ที่รออยู่"),
          # TRANSLATORS: 'queue' is the command a player types: keep it in English.
          N_("The line where triggered abilities wait: each joins at the end with its targets, and they resolve from "
             "the front, one at a time; type 'queue' at a prompt to see it."),
          ("CR 17.2", "R 11.3", "R 11.4")),
    Entry("Turn Start", ("turn_start", "at the start of your turn", "start of turn", "start of your turn",
                         "เริ่มเทิร์น", "ต้นเทิร์น", "เมื่อเริ่มเทิร์น", "ตอนเริ่มเทิร์น"),
          N_("A trigger word: the ability goes off at the very start of its Controller's turn, before that player "
             "Summons."),
          ("CR 8.1", "R 11.2")),
    Entry("Void", ("voids", "to_void", "send to void", "graveyard", "discard", "discard pile",
                   "สุสาน", "กองทิ้ง", "วอยด์", "เข้า Void", "ส่งเข้า Void"),
          N_("Each player's pile of cards that have left the Arena, face-up unless an effect turns them face-down; "
             "with an empty Hand you Summon from it."),
          ("CR 17.3", "R 9.2", "R 12.1")),
    Entry("Void Fallback", ("fallback", "empty hand", "Hand ว่าง", "มือว่าง", "ไม่มีการ์ดใน Hand"),
          N_("When your Hand is empty, your Void is shuffled face-down and your opponent picks one of its cards "
             "unseen; that card is your Summon for the turn."),
          ("R 9.2", "CR 17.7", "R-mc 5")),
    Entry("Ward", ("warded", "wards", "lose ward", "lose_ward", "shield",
                   "วอร์ด", "โล่", "สูญเสีย Ward", "ได้รับ Ward", "ติด Ward"),
          N_("A protection that stops every Snatch of this Momon, a Direct Snatch too, until it ends; a second Ward "
             "on a Momon that has one adds nothing."),
          ("CR 10.2.2", "TH 17.6")),
    Entry("Ward Token", ("ward tokens", "Token ของ Ward", "Token Ward", "โทเคน Ward"),
          N_("The token that shows a Momon has Ward; it comes off as soon as the Ward ends."),
          ("TH 17.6", "R 12.2")),
)


#: The rules profiles as a player reads them: --rules takes the English word, which entry
#: Rules profile gives beside its meaning.
PROFILE_WORDS = {"sequential": N_("sequential"), "simultaneous": N_("simultaneous")}


def profile_words(profile: str) -> str:
    """A rules profile's name in the language in use (an unknown one as it is)."""
    return _(PROFILE_WORDS[profile]) if profile in PROFILE_WORDS else profile


# -- From the vocabulary to the glossary: the one place ---------------------------------------
#: Each instruction kind (its TOML key, engine KINDS) and the terms it shows a player. An empty
#: tuple would mean plain on purpose: the card's words need no entry.
BY_KIND: Mapping[str, tuple[str, ...]] = {
    "power": ("Power",), "set_power": ("Power",), "element": ("Element",), "ward": ("Ward",),
    "lose_ward": ("Ward", "Ward Token"), "move": ("Move",), "multi_move": ("Multi-Move",), "swap": ("Swap",),
    "direct_snatch": ("Direct Snatch",), "incite": ("Incite",), "to_void": ("Void",), "to_hand": ("Return to Hand",),
    "summon": ("Effect-Based Summon",), "take_first_player_token": ("First Player Token",),
}
#: Each Timing Header (engine TIMINGS) and its entry.
BY_TIMING: Mapping[Timing, str] = {
    "on_summon": "On Summon", "on_snatch": "On Snatch", "snatched_back": "Snatched Back", "turn_start": "Turn Start",
    "end_of_turn": "End of Turn", "leaves_arena": "Leaves Arena",
}
#: Each field of a Continuous Ability (engine Static) and its entry.
BY_STATIC: Mapping[str, str] = {
    "token_value": "Token value", "unsnatchable_together": "Cannot be Snatched together",
    "unsnatchable_by_opponent_abilities": "Cannot be Snatched by an opponent's abilities",
    "cannot_snatch": "Cannot Snatch", "extra_success": "Additional success condition",
    "power": "Board-dependent Power",
}
#: What a filter may ask (engine Filter keys) and the entry that explains it; the sides are
#: read separately (``any`` is plain), ``other`` is plain.
BY_FILTER: Mapping[str, str] = {
    "stars_max": "Stars", "stars_min": "Stars", "power_max": "Power", "power_min": "Power", "element": "Element",
    "trait": "Trait", "adjacent": "Adjacent",
}
#: A filter's side, and the selectors (engine SELECTORS) that name one; the rest are plain
#: (any side, me, the targets, all, the snatcher, the snatched, the moved).
BY_SIDE: Mapping[str, str] = {"enemy": "Enemy", "friendly": "Friendly"}
#: What else an ability's data may hold, and its entry: ``once`` and ``target``. ``may``,
#: ``if``, ``whose`` and ``models`` are plain on purpose (the card's words say all of it).
ONCE, TARGET = "Once-only", "Target"


# -- Finding an entry by what a player typed ---------------------------------------------------
_ARTICLE = re.compile(r"^(?:the|a|an)\s+")
_JOINERS = re.compile(r"[\s\-_‐‑–—\u200b-\u200d\u2060\ufeff]+")  # and the zero-width spaces Thai text carries
#: Thai typed in another order than the one it is stored in: a tone mark before the vowel above
#: or below it, sara am typed as nikhahit and sara aa, a mark typed twice.
_THAI_TONE_FIRST = re.compile("([\u0e48-\u0e4c])([\u0e31\u0e34-\u0e3a])")
_THAI_AM = re.compile("\u0e4d([\u0e48-\u0e4b]?)\u0e32")
_THAI_TWICE = re.compile("([\u0e31\u0e34-\u0e3a\u0e47-\u0e4e])\\1+")
#: A Thai word before an English term that only says what kind of word it is ("การ Snatch",
#: "ถูก Snatch", "ธาตุ Fire"): a form without it is tried as well.
_THAI_LABEL = re.compile("^(?:การ|ความ|ถูก|โดน|ธาตุ)(?=[a-z0-9✦★])")


def _key(words: str) -> str:
    """The form words are compared in: lower case, typographic apostrophes plain, without
    leading articles, spaces, hyphens or underscores ("Snatch-Sight" is "snatchsight"); Thai
    without the spaces between its words and with its marks in their stored order."""
    low = words.strip().lower().replace("’", "'").strip(".,;:!?\"'`")
    key = _JOINERS.sub("", _ARTICLE.sub("", low))
    key = _THAI_TWICE.sub(r"\1", _THAI_TONE_FIRST.sub(r"\2\1", key))
    return _THAI_AM.sub("\\1\u0e33", key)


def _forms(words: str) -> Iterator[str]:
    """The key of ``words`` and of its singular ("Sights", "Direct Snatches", "abilities"),
    or without its possessive ("Owner's"), or without a Thai label word ("การ Move")."""
    key = _key(words)
    for base in dict.fromkeys((key, _THAI_LABEL.sub("", key))):
        yield base
        if base.endswith("'s"):
            yield base[:-2]
        if base.endswith("ies") and len(base) > 4:
            yield base[:-3] + "y"
        if base.endswith("es") and len(base) > 3:
            yield base[:-2]
        if base.endswith("s") and len(base) > 2:
            yield base[:-1]


@lru_cache(maxsize=1)
def _index() -> dict[str, Entry]:
    """Every key an entry is found by; one word never names two entries (an entry's own
    term is worth more than another's alias)."""
    found: dict[str, Entry] = {}
    for exact in (True, False):
        for entry in ENTRIES:
            for word in (entry.term, *entry.aliases):
                for key in _forms(word) if not exact else (_key(word),):
                    found.setdefault(key, entry)
    return found


def find(word: str) -> Entry | None:
    """The entry ``word`` names: its term or an alias, English or Thai, in any case, singular
    or plural, with spaces, hyphens or underscores or none ("direct snatch", "Multi-Move",
    "sights", "✦", "ผู้เล่นเจ้าของเทิร์น", "เป้าหมาย", "การ Snatch")."""
    index = _index()
    return next((index[key] for key in _forms(word) if key in index), None)


def entry(term: str) -> Entry:
    """The entry whose term is exactly ``term`` (KeyError for any other)."""
    for e in ENTRIES:
        if e.term == term:
            return e
    raise KeyError(term)


# -- The entries of one card -------------------------------------------------------------------
def _given(value: object) -> bool:
    """Whether a field of the data is set (a bound of 0 is set; None and False are not)."""
    return value is not None and value is not False


def _filter_terms(flt: Filter | None) -> list[str]:
    if flt is None:
        return []
    found = [BY_SIDE[flt.side]] if flt.side in BY_SIDE else []
    return found + [term for key, term in BY_FILTER.items() if _given(getattr(flt, key))]


def _ability_terms(a: Ability) -> list[str]:
    from ..engine import Filter  # only ever called with a card, so the engine is already there

    if a.static is not None:
        s = a.static
        found = [term for name, term in BY_STATIC.items() if _given(getattr(s, name))]
        found += _filter_terms(s.extra_success)
        if s.power is not None:
            found += _filter_terms(s.power.per)
            found += _filter_terms(s.power.condition.filter if s.power.condition is not None else None)
        return found
    found = [BY_TIMING[a.when]] if a.when is not None else []
    found += [ONCE] if a.once else []
    if a.target is not None:
        found += [TARGET, *_filter_terms(a.target.filter)]
    found += _filter_terms(a.condition.filter if a.condition is not None else None)
    for i in a.do:
        found += BY_KIND[type(i).KEY]
        found += [BY_SIDE[i.on]] if i.on in BY_SIDE else []
        found += _filter_terms(i.group)
        card = getattr(i, "card", None)  # what an Effect-Based Summon may take
        found += _filter_terms(card if isinstance(card, Filter) else None)
        if i.fields().get("to_void") == "face_down":
            found.append("Face-down")
    return found


def for_card(card: CardDef) -> list[Entry]:
    """The entries of the keywords and terms ``card``'s abilities use, in the order they
    first appear, each once: read from the ability data (kinds, Timing Headers, once-only
    rights, targets, sides and filters), so the list follows what the engine does."""
    terms = [t for a in card.abilities for t in _ability_terms(a)]
    return [entry(t) for t in dict.fromkeys(terms)]
