"""Typed lines to engine answers: the accepted forms of every decision (the --script contract).

- summon: ``summon <card> <space>`` or ``<card> <space>``; ``<card>`` is a 1-based Hand
  position, a card id, or an unambiguous name prefix; spaces are ``A1``-``D4``
- an ordering: the option numbers in the wanted order, e.g. ``2 1``
- targets: Space names or option numbers separated by spaces
- yes/no: ``y`` or ``n``
- a face-down pick or a Space: its position number / its Space name
"""

from __future__ import annotations

from .engine import Decision, Game, Kind
from .engine.arena import SPACES


class BadAnswer(ValueError):
    """One line saying what was wrong and what is accepted."""


ACCEPTED = {
    Kind.SUMMON: "summon <card> <space>, e.g. 'summon 1 B2' or 'cinder B2'",
    Kind.SPACE: "an empty Space name, e.g. 'B2'",
    Kind.ORDER_ATTEMPTS: "every option number once, in the order you want, e.g. '2 1'",
    Kind.ORDER_TRIGGERS: "every option number once, in the order you want, e.g. '2 1'",
    Kind.TARGETS: "Space names or option numbers, e.g. 'C3' or '1'",
    Kind.YES_NO: "'y' or 'n'",
    Kind.PICK_FACE_DOWN: "a position number",
}


def _bad(decision: Decision, why: str) -> BadAnswer:
    return BadAnswer(f"{why}. Accepted: {ACCEPTED[decision.kind]}.")


def resolve_card(game: Game, player: int, ref: str) -> int:
    """A Hand card by position, id or name prefix; raises BadAnswer when none or several fit."""
    zones = game.state.zones
    hand = zones.hands[player]
    if ref.isdigit():
        n = int(ref)
        if 1 <= n <= len(hand):
            return hand[n - 1]
        raise BadAnswer(f"there is no card {n} in the Hand (1-{len(hand)})")
    low = ref.lower()
    by_id = [o for o in hand if zones.objects[o].card.id.lower() == low]
    if by_id:
        return by_id[0]
    found = [o for o in hand if zones.objects[o].card.name.lower().startswith(low)]
    names = sorted({zones.objects[o].card.name for o in found})
    if len(names) == 1:
        return found[0]
    if not names:
        raise BadAnswer(f"no card in the Hand matches {ref!r}")
    raise BadAnswer(f"{ref!r} could be {' or '.join(names)}; type more of the name")


def _numbers(decision: Decision, tokens: list[str]) -> list[int]:
    try:
        return [int(t) for t in tokens]
    except ValueError:
        raise _bad(decision, f"{' '.join(tokens)!r} is not a list of numbers") from None


def parse(game: Game, decision: Decision, line: str):
    """The engine answer a typed line stands for; raises BadAnswer."""
    tokens = line.split()
    if not tokens:
        raise _bad(decision, "nothing typed")
    kind = decision.kind
    if kind is Kind.SUMMON:
        if tokens[0].lower() == "summon":
            tokens = tokens[1:]
        if len(tokens) < 2:
            raise _bad(decision, "give a card and a Space")
        space = tokens[-1].upper()
        if space not in SPACES:
            raise _bad(decision, f"{tokens[-1]!r} is not a Space (A1-D4)")
        oid = resolve_card(game, decision.player, " ".join(tokens[:-1]))
        if (oid, space) not in decision.options:
            raise _bad(decision, f"{space} is not empty")
        return oid, space
    if kind is Kind.SPACE:
        space = tokens[0].upper()
        if len(tokens) != 1 or space not in decision.options:
            raise _bad(decision, f"{line.strip()!r} is not an empty Space")
        return space
    if kind in (Kind.ORDER_ATTEMPTS, Kind.ORDER_TRIGGERS):
        numbers = _numbers(decision, tokens)
        n = len(decision.options)
        if sorted(numbers) != list(range(1, n + 1)):
            raise _bad(decision, f"give each of the numbers 1-{n} exactly once")
        return tuple(i - 1 for i in numbers)
    if kind is Kind.TARGETS:
        zones = game.state.zones
        chosen = []
        for t in tokens:
            if t.isdigit() and 1 <= int(t) <= len(decision.options):
                chosen.append(decision.options[int(t) - 1])
            elif zones.arena.get(t.upper()) in decision.options:
                chosen.append(zones.arena[t.upper()])
            else:
                raise _bad(decision, f"{t!r} is not one of the target options")
        if len(chosen) != decision.count or len(set(chosen)) != len(chosen):
            raise _bad(decision, f"choose exactly {decision.count} different target(s)")
        return tuple(chosen)
    if kind is Kind.YES_NO:
        word = tokens[0].lower()
        if len(tokens) == 1 and word in ("y", "yes", "n", "no"):
            return word.startswith("y")
        raise _bad(decision, f"{line.strip()!r} is not yes or no")
    # Kind.PICK_FACE_DOWN
    numbers = _numbers(decision, tokens)
    if len(numbers) != 1 or numbers[0] not in decision.options:
        raise _bad(decision, f"pick one position from 1 to {len(decision.options)}")
    return numbers[0]


def completions(game: Game, decision: Decision | None) -> list[str]:
    """Words worth completing at this prompt: Hand cards, empty Spaces, target Spaces."""
    if decision is None:
        return []
    zones = game.state.zones
    if decision.kind is Kind.SUMMON:
        cards = {zones.objects[o].card for o in zones.hands[decision.player]}
        return ["summon"] + sorted({c.name.split()[0] for c in cards} | {c.id for c in cards}) + list(
            zones.empty_spaces())
    if decision.kind is Kind.SPACE:
        return list(decision.options)
    if decision.kind is Kind.TARGETS:
        return [zones.objects[o].space for o in decision.options]
    if decision.kind is Kind.YES_NO:
        return ["y", "n"]
    return []
