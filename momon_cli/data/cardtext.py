"""Rules text generated from ability data, so what a player reads is what the engine does.

Each instruction writes its own phrase (``momon_cli.engine.instructions``); this module
adds the Timing Header, "you may", once-only rights, conditions and Continuous Abilities.
The loader refuses a card whose written ``text`` differs from this.

That English is the card file's own text, the same in every language, so it is never read
through gettext. What a player is shown is :func:`rules_text` (and :func:`rules_ability_text`):
the text generated in the language in use, from the same data, by that language's own
templates (data/cardtext_th.py for Thai).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Ability, CardDef, Condition, Static, describe_filter, with_article
from ..language import current
from . import cardtext_th

_HEADERS = {
    "on_summon": "On Summon",
    "on_snatch": "On Snatch",
    "snatched_back": "When I am snatched back to my Owner's control",
    "turn_start": "At the start of your turn",
    "leaves_arena": "When I leave the Arena",
}
_KEYWORD_TEXT = {
    "unsnatchable_together": "I cannot be Snatched together with another Momon.",
    "unsnatchable_by_opponent_abilities": "I cannot be Snatched by your opponent's abilities.",
    "cannot_snatch": "I cannot Snatch.",
}


def condition_text(cond: Condition) -> str:
    if cond.count > 1:
        return f"there are {cond.count} or more {describe_filter(cond.filter, 'Momons')}"
    return f"there is {with_article(describe_filter(cond.filter))}"


def static_text(s: Static) -> str:
    if s.token_value is not None:
        own, other = s.token_value
        return f"My Marking Token is worth {own} while my Owner controls me and {other} otherwise."
    if s.extra_success is not None:
        return f"My Snatch Attempts also succeed against {with_article(describe_filter(s.extra_success))}."
    if s.power is not None:
        p = s.power
        if p.per is not None:
            return f"I get {p.amount:+d} Power for each {describe_filter(p.per)}."
        assert p.condition is not None
        return f"I get {p.amount:+d} Power while {condition_text(p.condition)}."
    return next(text for key, text in _KEYWORD_TEXT.items() if getattr(s, key))


def ability_text(ability: Ability) -> str:
    if ability.static is not None:
        return static_text(ability.static)
    if ability.when == "end_of_turn":
        header = "At the end of each turn" if ability.whose == "each" else "At the end of your turn"
    else:
        header = _HEADERS[ability.when or "on_summon"]
    if ability.once:
        header = f"Once per game, {header[0].lower()}{header[1:]}"
    body = " and ".join(i.text(ability.target, again=any(j.on == "targets" for j in ability.do[:n]))
                        for n, i in enumerate(ability.do))
    if ability.optional:  # a once-only right is asked too, so it reads "you may" [TH 17.5, R-mc 21]
        body = "you may " + body
    if ability.condition is not None:
        body = f"if {condition_text(ability.condition)}, {body}"
    return f"{header}: {body}."


STATIC_MECHANICS = ("token_value", "unsnatchable_together", "unsnatchable_by_opponent_abilities", "cannot_snatch",
                    "extra_success")


def mechanics(card: CardDef) -> list[str]:
    """The vocabulary keys a card uses, in the words of docs/cards.md (``momon cards --has``):
    instruction keys, ``once``, the static keywords and ``static_power``."""
    found: list[str] = []
    for a in card.abilities:
        if a.static is not None:
            found += [k for k in STATIC_MECHANICS if getattr(a.static, k)]
            found += ["static_power"] if a.static.power is not None else []
        else:
            found += [type(i).KEY for i in a.do] + (["once"] if a.once else [])
    return list(dict.fromkeys(found))


def card_text(card: CardDef) -> str:
    return " ".join(ability_text(a) for a in card.abilities)


#: Each language's generator: its whole card's text and one ability's (every code of language.LANGUAGES).
GENERATORS: dict[str, tuple[Callable[[CardDef], str], Callable[[Ability], str]]] = {
    "en": (card_text, ability_text),
    "th": (cardtext_th.card_text, cardtext_th.ability_text),
}


def rules_text(card: CardDef) -> str:
    """A card's rules text as a player reads it: in the language in use."""
    return GENERATORS[current()][0](card)


#: Each language's flavour, by the English a card file gives (every code of language.LANGUAGES).
FLAVORS: dict[str, dict[str, str]] = {"en": {}, "th": cardtext_th.FLAVOR}


def flavor_text(card: CardDef) -> str:
    """A card's flavour as a player reads it: in the language in use where that language has the
    card's words, else as its card file gives it (a file of one's own cards may be in English only)."""
    return FLAVORS[current()].get(card.flavor, card.flavor)


def rules_ability_text(ability: Ability) -> str:
    """One ability's rules text as a player reads it: in the language in use."""
    return GENERATORS[current()][1](ability)
