"""Typed lines to engine answers and back: the accepted forms of every decision (the --script
contract), and the one form a game file (docs/notation.md) writes each answer in.

- summon: ``summon <card> <space>`` or ``<card> <space>``; ``<card>`` is a 1-based Hand
  position, a card id, or an unambiguous name prefix (only the position, or the whole copy
  key, tells apart two copies that differ in a spent once-only right or a waiting return);
  spaces are ``A1``-``D4``
- an ordering: the option numbers (or keys) in the wanted order, ``2 1`` or ``2,1``;
  an empty line, or ``listed`` (what a script writes, since it skips blank lines), keeps
  the listed order
- targets: Space names or option numbers; ``none`` (or an empty line) where none is allowed
- yes/no: ``y`` or ``n``
- a card to Summon: its option number, id or name prefix
- a face-down pick or a Space: its position number / its Space name

A number may be typed in Thai digits (๑ for 1) wherever it may be typed in ASCII ones.

Every answer names things by the board (copy keys, Spaces, option keys), as the engine
and the game record take them. The answers are typed alike in every language; what a player
is told of them (what is accepted, what was wrong) is in the language in use (language.py):
ACCEPTED holds marked words, each shown translated (``_(ACCEPTED[kind])``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import assert_never

from ..engine import SPACES, Answer, Decision, Kind, Observation, card_of_key, keys_of, need
from ..language import N_, _
from .lists import either


class BadAnswer(ValueError):
    """One line saying what was wrong and what is accepted."""


# Each fits 80 columns with its suffix (" · Tab · help", " Answer: "), in every language.
ORDER = N_("each number once, in resolving order, as '2 1' (Enter: as listed)")


def _accepted(kind: Kind) -> str:
    """What a prompt of ``kind`` accepts, as a marked word (mypy holds this to every Kind)."""
    if kind is Kind.SUMMON:
        return N_("summon <card> <space>, e.g. 'summon 1 B2' or '1 B2'")
    if kind is Kind.SPACE:
        return N_("an empty Space name, e.g. 'B2'")
    if kind is Kind.CARD:
        return N_("a card's option number, id or name")
    if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
        return ORDER
    if kind is Kind.TARGETS:
        return N_("Space names or option numbers, e.g. 'C3' or '1'")
    if kind is Kind.YES_NO:
        return N_("'y' or 'n'")
    if kind is Kind.PICK_FACE_DOWN:
        return N_("a position number")
    assert_never(kind)


#: What each kind of prompt accepts, for every Kind (made by :func:`_accepted`).
ACCEPTED: Mapping[Kind, str] = MappingProxyType({kind: _accepted(kind) for kind in Kind})


def _bad(decision: Decision, why: str) -> BadAnswer:
    # TRANSLATORS: {why} says what was wrong with a typed answer, {accepted} the forms the prompt takes
    return BadAnswer(_("{why}. Accepted: {accepted}.").format(why=why, accepted=_(ACCEPTED[decision.kind])))


#: The Thai digits, ๐ to ๙, as the ASCII digits they stand for.
_THAI_DIGITS = str.maketrans("๐๑๒๓๔๕๖๗๘๙", "0123456789")


def ascii_digits(line: str) -> str:
    """``line`` with each Thai digit (๐-๙) written as its ASCII digit: a Thai player may type
    either wherever a number is typed (an option, a Hand position, a Space's row). Every
    answer is read through it (:func:`parse`); a command that takes a number reads its
    argument through it too."""
    return line.translate(_THAI_DIGITS)


def _number(token: str) -> int | None:
    """A plain ASCII whole number, or None ('²' and other digits are not numbers here)."""
    return int(token) if token.isascii() and token.isdecimal() and len(token) <= 6 else None


def _pick_card(keys: list[str], names: dict[str, str], ref: str, hand: bool) -> str:
    """One of ``keys`` (copy keys, a list position each) by 1-based number, card id, or the
    unambiguous start of its name (or, failing that, of a later word of its name). The id is
    the copy with no once-only right spent (the first such in the list); a name that fits two
    copies which differ (one has spent a once-only right, or a return waits for one) is
    refused, since only the number or the whole copy key tells them apart [R-mc 19, TH 17.7].
    ``hand``: the cards are the Hand's (else the cards a decision offers)."""
    n = _number(ref)
    if n is not None and 1 <= n <= len(keys):
        return keys[n - 1]
    if n is not None or ref.isascii() and ref.lstrip("+-").isdecimal():  # any other whole number
        none = (_("there is no card {number} in the Hand (1-{count})") if hand else
                _("there is no card {number} offered (1-{count})"))
        raise BadAnswer(none.format(number=ref[:12], count=len(keys)))
    low = ref.lower()
    fits = [k for k in keys if k.lower() == low] or [k for k in keys if card_of_key(k).lower() == low]
    if not fits:
        found = sorted(names_starting(low, {names[k] for k in keys}))
        if len(found) > 1:
            raise BadAnswer(_("{typed} could be {names}; type more of the name").format(
                typed=repr(ref[:30]), names=either(found)))
        fits = [k for k in keys if found and names[k] == found[0]]
    if not fits:
        unmatched = _("no card in the Hand matches {typed}") if hand else _("no card offered matches {typed}")
        raise BadAnswer(unmatched.format(typed=repr(ref[:30])))
    if len(set(fits)) > 1:
        numbers = either([str(i) for i, k in enumerate(keys, 1) if k in fits])
        raise BadAnswer(_("the copies of {name} differ (in a spent once-only right or a waiting return); give its "
                          "number, {numbers}").format(name=names[fits[0]], numbers=numbers))
    return fits[0]


def names_starting(low: str, names: set[str]) -> set[str]:
    """The names that start with ``low`` (lower case); failing that, those with a later word
    that does ('lynx' for Ember Lynx). The prompt and ``momon cards`` find cards alike."""
    found = {n for n in names if n.lower().startswith(low)}
    return found or {n for n in names if any(w.startswith(low) for w in n.lower().split()[1:])}


def hand_cards(seen: Observation, player: int) -> tuple[list[str], dict[str, str]]:
    """The Hand as the player sees it: each position's copy key, and each key's name."""
    state = need(seen).state
    hand = state.zones.hands[player]
    keys = keys_of(state, hand)
    names = {key: state.zones.objects[o].card.name for o, key in zip(hand, keys, strict=True)}
    return keys, names


def parse(seen: Observation, decision: Decision, line: str) -> Answer:
    """The engine answer a typed line stands for (the inverse of :func:`format_answer`),
    read with the deciding seat's observation (its Hand names the cards); raises BadAnswer.
    Thai digits are read as the ASCII ones (:func:`ascii_digits`)."""
    need(seen)
    tokens = ascii_digits(line).replace(",", " ").split()
    kind = decision.kind
    if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
        keys = decision.keys()
        if not tokens or [t.lower() for t in tokens] == ["listed"]:  # a script's Enter: its blank lines are skipped
            return keys
        numbers = [n for t in tokens if (n := _number(t)) is not None]
        if len(numbers) != len(tokens) or sorted(numbers) != list(range(1, len(keys) + 1)):
            raise _bad(decision, _("give each of the numbers 1-{count} exactly once").format(count=len(keys)))
        return tuple(keys[n - 1] for n in numbers)
    if kind is Kind.TARGETS and decision.min_count == 0 and (not tokens or tokens == ["none"]):
        return ()
    if not tokens:
        raise _bad(decision, _("nothing typed"))
    if kind is Kind.SUMMON:
        if tokens[0].lower() == "summon":
            tokens = tokens[1:]
        if len(tokens) < 2:
            raise _bad(decision, _("give a card and a Space"))
        if len(tokens) > 2 and _number(tokens[0]) is not None:  # '1 B2 C3': a card number is one word
            raise _bad(decision, _("give one card and one Space"))
        space = tokens[-1].upper()
        if space not in SPACES:
            raise _bad(decision, _("{typed} is not a Space (A1-D4)").format(typed=repr(tokens[-1][:10])))
        held, names = hand_cards(seen, decision.player)
        key = _pick_card(held, names, " ".join(tokens[:-1]), hand=True)
        if (key, space) not in decision.options:
            raise _bad(decision, _("{space} is not empty").format(space=space))
        return key, space
    if kind is Kind.SPACE:
        space = tokens[0].upper()
        if len(tokens) != 1 or space not in decision.options:
            raise _bad(decision, _("{typed} is not one of the Spaces offered").format(typed=repr(line.strip()[:20])))
        return space
    if kind is Kind.CARD:
        offered = list(decision.options)
        names = {c.id: c.name for c in (o.card for o in seen.state.zones.objects.values())}
        return _pick_card(offered, {k: names[card_of_key(k)] for k in offered}, " ".join(tokens), hand=False)
    if kind is Kind.TARGETS:
        chosen = []
        for t in tokens:
            n = _number(t)
            if n is not None and 1 <= n <= len(decision.options):
                chosen.append(decision.options[n - 1])
            elif t.upper() in decision.options:
                chosen.append(t.upper())
            else:
                raise _bad(decision, _("{typed} is not one of the target options").format(typed=repr(t[:10])))
        low = decision.count if decision.min_count is None else decision.min_count
        if not low <= len(chosen) <= decision.count or len(set(chosen)) != len(chosen):
            how = (_("choose {count} different option(s)") if low == decision.count else
                   _("choose {low} to {count} different option(s)"))
            raise _bad(decision, how.format(low=low, count=decision.count))
        return tuple(chosen)
    if kind is Kind.YES_NO:
        word = tokens[0].lower()
        if len(tokens) == 1 and word in YES | NO:
            return word in YES
        raise _bad(decision, _("{typed} is not yes or no").format(typed=repr(line.strip()[:20])))
    if kind is Kind.PICK_FACE_DOWN:
        n = _number(tokens[0]) if len(tokens) == 1 else None
        if n is None or n not in decision.options:
            raise _bad(decision, _("pick one position from 1 to {count}").format(count=len(decision.options)))
        return n
    assert_never(kind)


def format_answer(decision: Decision, answer: Answer) -> str:
    """The line that stands for ``answer`` at ``decision``, in the canonical form of each kind:
    ``parse(seen, decision, format_answer(decision, a)) == a`` for every legal answer."""
    kind = decision.kind
    if kind is Kind.SUMMON:
        assert isinstance(answer, tuple)
        return f"summon {answer[0]} {answer[1]}"
    if kind is Kind.SPACE or kind is Kind.CARD:
        assert isinstance(answer, str)
        return answer
    if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
        assert isinstance(answer, tuple)
        keys = decision.keys()
        return " ".join(str(keys.index(k) + 1) for k in answer)
    if kind is Kind.TARGETS:
        assert isinstance(answer, tuple)
        return " ".join(answer) or "none"
    if kind is Kind.YES_NO:
        return "y" if answer is True else "n"
    if kind is Kind.PICK_FACE_DOWN:
        return str(answer)
    assert_never(kind)


def card_names(cards: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Each card id of a game (``cards``: id and name pairs) as a transcript names it: by its
    name, and where another card of the game has that name too, by its name and id, so a
    reader tells them apart. Copies of one card share its id, hence its name."""
    pairs = dict(cards)
    count = Counter(pairs.values())
    return {card: name if count[name] == 1 else f"{name} ({card})" for card, name in pairs.items()}


def answer_words(player: str, kind: str, value: object, cards: Mapping[str, str]) -> str:
    """A recorded answer in words, for transcripts: ``player`` chose ``value`` (JSON, as the
    record holds it) at a decision of ``kind`` (a Kind's value; else the value is said as it is).
    A card is said as ``cards`` (:func:`card_names`) names its id; one it lacks, by its copy key.
    No transcript is read back: a game file (:func:`written`) is the form that is."""
    known = _KIND_OF.get(kind)
    if known is None:
        pass
    elif known is Kind.SUMMON:
        if isinstance(value, list):
            return _("{player} chooses to Summon {card} onto {space}").format(
                player=player, card=cards.get(card_of_key(str(value[0])), value[0]), space=value[1])
    elif known is Kind.CARD:
        return _("{player} chooses {choice}").format(player=player, choice=cards.get(card_of_key(str(value)), value))
    elif known is Kind.ORDER_ATTEMPTS or known is Kind.ORDER_TRIGGERS:
        if isinstance(value, list):
            return _("{player} orders: {order}").format(player=player, order=", ".join(map(str, value)))
    elif known is Kind.YES_NO:
        return (_("{player} answers yes") if value else _("{player} answers no")).format(player=player)
    elif known is Kind.PICK_FACE_DOWN:
        return _("{player} picks face-down card {number}").format(player=player, number=value)
    elif known is Kind.TARGETS:
        if isinstance(value, list):
            choice = " ".join(map(str, value))
            if not choice:
                return _("{player} chooses none").format(player=player)
            return _("{player} chooses {choice}").format(player=player, choice=choice)
    elif known is Kind.SPACE:
        pass  # a Space: said as the record holds it
    else:
        assert_never(known)
    return _("{player} chooses {choice}").format(player=player, choice=value)


_KIND_OF = {kind.value: kind for kind in Kind}


#: Yes and no as a player may type them, in English or in Thai, whatever the language shown:
#: the answer, not the word, is what a record keeps.
YES = frozenset({"y", "yes", "ใช่", "ช"})
NO = frozenset({"n", "no", "ไม่", "ไม่ใช่", "ม"})

#: Yes and no as a reader is told to type them (a hint's answer): each translation is one of
#: YES or NO, so what the screen says is what its prompt takes (tests/test_notation.py).
# TRANSLATORS: the word a player types at a yes/no prompt to answer yes; text/notation.YES must hold it
SAID_YES = N_("yes")
# TRANSLATORS: the word a player types at a yes/no prompt to answer no; text/notation.NO must hold it
SAID_NO = N_("no")


def yes_or_no(answer: bool) -> str:
    """A yes/no answer in the word a player of the reader's language types for it."""
    return _(SAID_YES) if answer else _(SAID_NO)


#: Words a card is never written as in a game file: they mean something else there.
_RESERVED = frozenset({"summon", "concede", "listed", "none", "yes", "no", "y", "n"})


def _card_words(name: str) -> list[str]:
    """The words of a card's name that can stand alone as a card in a game file: letters
    (and inner apostrophes and hyphens) only, so none is a number, a Space or punctuation."""
    return [w for w in name.lower().split()
            if w.replace("'", "").replace("-", "").isalpha() and w[0].isalpha() and w[-1].isalpha()
            and w not in _RESERVED]


def written(seen: Observation, decision: Decision, answer: Answer) -> str:
    """``answer`` as a game file (docs/notation.md) writes it, in one form only: a card as the
    first word of its name that :func:`parse` reads back to the same copy (else its copy
    key), Spaces in lower case, the parts of an order or a choice of targets joined by
    commas with no space, yes and no in full. ``parse`` gives ``answer`` back from it."""
    kind = decision.kind
    if kind is Kind.SUMMON or kind is Kind.CARD:
        key, space = answer if isinstance(answer, tuple) else (answer, "")
        assert isinstance(key, str) and isinstance(space, str)
        after = f" {space.lower()}" if space else ""
        names = {c.id: c.name for c in (o.card for o in seen.state.zones.objects.values())}
        for word in _card_words(names.get(card_of_key(key), "")):
            try:
                if parse(seen, decision, word + after) == answer:
                    return word + after
            except BadAnswer:
                continue
        return key + after
    if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS or kind is Kind.TARGETS:
        return format_answer(decision, answer).lower().replace(" ", ",")
    if kind is Kind.YES_NO:
        return "yes" if answer is True else "no"
    if kind is Kind.SPACE or kind is Kind.PICK_FACE_DOWN:
        return format_answer(decision, answer).lower()
    assert_never(kind)
