"""Typed lines to engine answers and back: the accepted forms of every decision (the --script
contract), and the one form a game file (docs/notation.md) writes each answer in.

- summon: ``summon <card> <space>`` or ``<card> <space>``; ``<card>`` is a 1-based Hand
  position, a card id, or an unambiguous name prefix (only the position tells apart two
  copies of which one has spent a once-only right); spaces are ``A1``-``D4``
- an ordering: the option numbers (or keys) in the wanted order, ``2 1`` or ``2,1``;
  an empty line, or ``listed`` (what a script writes, since it skips blank lines), keeps
  the listed order
- targets: Space names or option numbers; ``none`` (or an empty line) where none is allowed
- yes/no: ``y`` or ``n``
- a card to Summon: its option number, id or name prefix
- a face-down pick or a Space: its position number / its Space name

Every answer names things by the board (copy keys, Spaces, option keys), as the engine
and the game record take them.
"""

from __future__ import annotations

from typing import assert_never

from ..engine import SPACES, Answer, Decision, Kind, Observation, card_of_key, key_of, need


class BadAnswer(ValueError):
    """One line saying what was wrong and what is accepted."""


ORDER = "each number once, in resolving order, as '2 1' (Enter: as listed)"  # fits 80 columns with its suffix
ACCEPTED = {
    Kind.SUMMON: "summon <card> <space>, e.g. 'summon 1 B2' or '1 B2'",
    Kind.SPACE: "an empty Space name, e.g. 'B2'",
    Kind.CARD: "a card's option number, id or name",
    Kind.ORDER_ATTEMPTS: ORDER,
    Kind.ORDER_TRIGGERS: ORDER,
    Kind.TARGETS: "Space names or option numbers, e.g. 'C3' or '1'",
    Kind.YES_NO: "'y' or 'n'",
    Kind.PICK_FACE_DOWN: "a position number",
}


def _bad(decision: Decision, why: str) -> BadAnswer:
    return BadAnswer(f"{why}. Accepted: {ACCEPTED[decision.kind]}.")


def _number(token: str) -> int | None:
    """A plain ASCII whole number, or None ('²' and other digits are not numbers here)."""
    return int(token) if token.isascii() and token.isdecimal() and len(token) <= 6 else None


def _pick_card(keys: list[str], names: dict[str, str], ref: str, where: str) -> str:
    """One of ``keys`` (copy keys, a list position each) by 1-based number, card id, or the
    unambiguous start of its name (or, failing that, of a later word of its name). The id is
    the copy with no once-only right spent; a name that fits two copies which differ (one has
    spent a once-only right) is refused, since only the number tells them apart [R-mc 19]."""
    n = _number(ref)
    if n is not None and 1 <= n <= len(keys):
        return keys[n - 1]
    if n is not None or ref.isascii() and ref.lstrip("+-").isdecimal():  # any other whole number
        raise BadAnswer(f"there is no card {ref[:12]} {where} (1-{len(keys)})")
    low = ref.lower()
    fits = [k for k in keys if k.lower() == low] or [k for k in keys if card_of_key(k).lower() == low]
    if not fits:
        found = sorted(names_starting(low, {names[k] for k in keys}))
        if len(found) > 1:
            raise BadAnswer(f"{ref[:30]!r} could be {' or '.join(found)}; type more of the name")
        fits = [k for k in keys if found and names[k] == found[0]]
    if not fits:
        raise BadAnswer(f"no card {where} matches {ref[:30]!r}")
    if len(set(fits)) > 1:
        numbers = " or ".join(str(i) for i, k in enumerate(keys, 1) if k in fits)
        raise BadAnswer(f"the copies of {names[fits[0]]} differ (a once-only right is spent); give its number, "
                        f"{numbers}")
    return fits[0]


def names_starting(low: str, names: set[str]) -> set[str]:
    """The names that start with ``low`` (lower case); failing that, those with a later word
    that does ('lynx' for Ember Lynx). The prompt and ``momon cards`` find cards alike."""
    found = {n for n in names if n.lower().startswith(low)}
    return found or {n for n in names if any(w.startswith(low) for w in n.lower().split()[1:])}


def hand_cards(seen: Observation, player: int) -> tuple[list[str], dict[str, str]]:
    """The Hand as the player sees it: each position's copy key, and each key's name."""
    state = need(seen).state
    keys = [key_of(state, o) for o in state.zones.hands[player]]
    names = {key_of(state, o): state.zones.objects[o].card.name for o in state.zones.hands[player]}
    return keys, names


def parse(seen: Observation, decision: Decision, line: str) -> Answer:
    """The engine answer a typed line stands for (the inverse of :func:`format_answer`),
    read with the deciding seat's observation (its Hand names the cards); raises BadAnswer."""
    need(seen)
    tokens = line.replace(",", " ").split()
    kind = decision.kind
    if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
        keys = decision.keys()
        if not tokens or [t.lower() for t in tokens] == ["listed"]:  # a script's Enter: its blank lines are skipped
            return keys
        numbers = [n for t in tokens if (n := _number(t)) is not None]
        if len(numbers) != len(tokens) or sorted(numbers) != list(range(1, len(keys) + 1)):
            raise _bad(decision, f"give each of the numbers 1-{len(keys)} exactly once")
        return tuple(keys[n - 1] for n in numbers)
    if kind is Kind.TARGETS and decision.min_count == 0 and (not tokens or tokens == ["none"]):
        return ()
    if not tokens:
        raise _bad(decision, "nothing typed")
    if kind is Kind.SUMMON:
        if tokens[0].lower() == "summon":
            tokens = tokens[1:]
        if len(tokens) < 2:
            raise _bad(decision, "give a card and a Space")
        if len(tokens) > 2 and _number(tokens[0]) is not None:  # '1 B2 C3': a card number is one word
            raise _bad(decision, "give one card and one Space")
        space = tokens[-1].upper()
        if space not in SPACES:
            raise _bad(decision, f"{tokens[-1][:10]!r} is not a Space (A1-D4)")
        hand, names = hand_cards(seen, decision.player)
        key = _pick_card(hand, names, " ".join(tokens[:-1]), "in the Hand")
        if (key, space) not in decision.options:
            raise _bad(decision, f"{space} is not empty")
        return key, space
    if kind is Kind.SPACE:
        space = tokens[0].upper()
        if len(tokens) != 1 or space not in decision.options:
            raise _bad(decision, f"{line.strip()[:20]!r} is not one of the Spaces offered")
        return space
    if kind is Kind.CARD:
        offered = list(decision.options)
        names = {c.id: c.name for c in (o.card for o in seen.state.zones.objects.values())}
        return _pick_card(offered, {k: names[card_of_key(k)] for k in offered}, " ".join(tokens), "offered")
    if kind is Kind.TARGETS:
        chosen = []
        for t in tokens:
            n = _number(t)
            if n is not None and 1 <= n <= len(decision.options):
                chosen.append(decision.options[n - 1])
            elif t.upper() in decision.options:
                chosen.append(t.upper())
            else:
                raise _bad(decision, f"{t[:10]!r} is not one of the target options")
        low = decision.count if decision.min_count is None else decision.min_count
        if not low <= len(chosen) <= decision.count or len(set(chosen)) != len(chosen):
            raise _bad(decision, f"choose {low if low == decision.count else f'{low} to {decision.count}'} "
                                 "different option(s)")
        return tuple(chosen)
    if kind is Kind.YES_NO:
        word = tokens[0].lower()
        if len(tokens) == 1 and word in ("y", "yes", "n", "no"):
            return word.startswith("y")
        raise _bad(decision, f"{line.strip()[:20]!r} is not yes or no")
    if kind is Kind.PICK_FACE_DOWN:
        n = _number(tokens[0]) if len(tokens) == 1 else None
        if n is None or n not in decision.options:
            raise _bad(decision, f"pick one position from 1 to {len(decision.options)}")
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


def answer_words(player: str, kind: str, value: object) -> str:
    """A recorded answer in words, for transcripts: ``player`` chose ``value`` (JSON, as the
    record holds it) at a decision of ``kind``."""
    if kind == "summon" and isinstance(value, list):
        return f"{player} chooses to Summon {value[0]} onto {value[1]}"
    if kind in ("order_attempts", "order_triggers") and isinstance(value, list):
        return f"{player} orders: {', '.join(map(str, value))}"
    if kind == "yes_no":
        return f"{player} answers {'yes' if value else 'no'}"
    if kind == "pick_face_down":
        return f"{player} picks face-down card {value}"
    if kind == "targets" and isinstance(value, list):
        return f"{player} chooses {' '.join(map(str, value)) or 'none'}"
    return f"{player} chooses {value}"


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
