"""Rules text generated from ability data, so what a player reads is what the engine does.

One phrase builder per instruction kind; the loader refuses a card whose written ``text``
differs from this.
"""

from __future__ import annotations

from .engine.cards import Ability, CardDef, Filter, Instruction

_HEADERS = {
    "on_summon": "On Summon",
    "on_snatch": "On Snatch",
    "snatched_back": "When I am snatched back to my Owner's control",
    "turn_start": "At the start of your turn",
    "leaves_arena": "When I leave the Arena",
}
_UNTIL = {
    "end_of_turn": " until end of turn",
    "your_next_turn": " until the start of your next turn",
    "leaves_arena": "",
}
_SIDE = {"enemy": "enemy", "friendly": "friendly", "any": ""}


def describe_filter(flt: Filter, noun: str = "Momon") -> str:
    words = " ".join(w for w in ("other" if flt.other else "", _SIDE[flt.side], flt.element or "", noun) if w)
    extras = []
    if flt.stars_max is not None:
        extras.append(f"with {flt.stars_max} Stars or fewer")
    if flt.stars_min is not None:
        extras.append(f"with {flt.stars_min} Stars or more")
    if flt.adjacent:
        extras.append("adjacent to me")
    return " ".join([words, *extras])


def _who(instr: Instruction, ability: Ability) -> str:
    if instr.on == "self":
        return "me"
    if instr.on == "targets":
        spec = ability.target
        return f"{'target' if spec.count == 1 else f'{spec.count} target'} {describe_filter(spec.filter)}"
    group = instr.group or Filter()
    side = {"friendly": "friendly", "enemy": "enemy", "all": "any"}[instr.on]
    flt = Filter(side, group.stars_max, group.stars_min, group.element, group.adjacent, group.other)
    return "each " + describe_filter(flt)


def _instruction(instr: Instruction, ability: Ability) -> str:
    if instr.kind == "take_first_player_token":
        return "take the First Player Token"
    who = _who(instr, ability)
    if instr.kind == "power":
        return f"give {who} {instr.amount:+d} Power{_UNTIL[instr.until]}"
    return f"give {who} Ward{_UNTIL[instr.until]}"  # "ward"


def ability_text(ability: Ability) -> str:
    if ability.token_value is not None:
        own, other = ability.token_value
        return f"My Marking Token is worth {own} while my Owner controls me and {other} otherwise."
    if ability.unsnatchable_together:
        return "I cannot be Snatched together with another Momon."
    if ability.when == "end_of_turn":
        header = "At the end of each turn" if ability.whose == "each" else "At the end of your turn"
    else:
        header = _HEADERS[ability.when]
    body = " and ".join(_instruction(i, ability) for i in ability.do)
    if ability.may:
        body = "you may " + body
    return f"{header}: {body}."


def card_text(card: CardDef) -> str:
    return " ".join(ability_text(a) for a in card.abilities)
