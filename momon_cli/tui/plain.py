"""The game in words for a screen reader, a fact a line: the Arena row by row, a Hand, a
decision with its numbered options, the end.

Nothing here draws. No line holds box drawing, colour or a symbol that a word beside it
does not say: a Momon's Controller is "your" or a name, Ward and a Token's worth are
words, and a Sight is named by the Space it points at. Each function reads one seat's
observation, as the full screen's views do, and takes its facts from the same places
(render, marks, the narration's words); every name from outside goes through ``clean``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from ..data.cardtext import rules_ability_text as ability_text  # the text in the language in use
from ..data.cardtext import rules_text as card_text  # the text in the language in use
from ..engine import (
    SPENT,
    CardDef,
    Decision,
    ElementMatrix,
    GameObject,
    Kind,
    Observation,
    card_of_key,
    element,
    events,
    has_ward,
    need,
    power,
    scores,
    sight_target,
    token_value,
)
from ..limits import NAME_LIMIT
from ..text.narration import SHORT_VERDICT, TIMING_WORDS
from ..text.notation import ACCEPTED, hand_cards
from ..text.prompts import prompt_text
from ..text.safe import LIMIT, clean
from . import render
from .arena_view import COMPASS, orientation
from .elements_chart import NOTE, TITLE, advantages
from .frame import lines_of
from .marks import Change

COMPASS_WORDS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south",
                 "SW": "south-west", "W": "west", "NW": "north-west"}
#: What changed on a Space since a player last answered (marks.py), in words.
CHANGE_WORDS: dict[Change, str] = {"new": "placed", "snatched": "Snatched", "moved": "Moved or Swapped",
                                   "gone": "sent away"}
#: The line a hot-seat hand-off prints: it asks for the keyboard to change hands.
HANDOFF = "----- Pass the keyboard to {name}. Press Enter. -----"
#: What a plain prompt takes besides the notation: an option's number where the notation wants a word.
BY_NUMBER = {Kind.SPACE: " (or its number)", Kind.YES_NO: " (or 1 for yes, 2 for no)"}
_BOX = dict.fromkeys(range(0x2500, 0x2580), " ")  # box drawing, should any renderable hold some
WIDE = 1000  # columns plain text is laid out in: the terminal wraps a long line, a screen reader reads it whole


def plain_console() -> Console:
    """A console that writes text only: no colour, no style, no markup, no line cut at the width."""
    return Console(color_system=None, soft_wrap=True, markup=False, emoji=False, highlight=False)


def listed(items: Sequence[str]) -> str:
    """``A1``, ``A1 and B2``, ``A1, B2 and C3``."""
    return " and ".join(items) if len(items) < 3 else f"{', '.join(items[:-1])} and {items[-1]}"


def _names(seen: Observation) -> list[str]:
    return [clean(name, NAME_LIMIT) for name in seen.setup.names]


def whose(seen: Observation, player: int, viewer: int | None) -> str:
    """``your`` for the player the words are for, else the player's name with ``'s``."""
    return "your" if player == viewer else f"{_names(seen)[player - 1]}'s"


def _stars(n: int) -> str:
    return f"{n} Star{'' if n == 1 else 's'}"


def sights(obj: GameObject) -> str:
    """A Momon's Sights by the Spaces they point at (read from its Owner's seat)."""
    assert obj.space is not None
    at = [sight_target(obj.space, d, obj.owner) for d in COMPASS if d in obj.card.sights]
    on = [s for s in at if s is not None]
    if not at:
        return "it has no Sights"
    off = f"{len(at) - len(on)} off the Arena" if len(on) < len(at) else ""
    if not on:
        return "its Sights all point off the Arena"
    return f"its Sights point at {listed(on)}" + (f" (and {off})" if off else "")


def momon(seen: Observation, obj: GameObject, viewer: int | None, change: Change | None = None) -> str:
    """One Momon on the Arena as a line: its Space, whose it is, its name, Power, Element and
    Stars, then Ward, its Token's worth, its Owner, its Sights and what changed there."""
    state = seen.state
    controller = obj.controller or obj.owner
    now, elem = power(state, obj), element(state, obj)
    strength = f"Power {now}" + (f" (printed {obj.card.power})" if now != obj.card.power else "")
    kind = clean(elem) + (f" (printed {clean(obj.card.element)})" if elem != obj.card.element else "")
    parts = [f"{obj.space}: {whose(seen, controller, viewer)} {clean(obj.card.name)}, {strength}, {kind}, "
             f"{_stars(obj.card.stars)}"]
    if obj.owner != controller:
        parts.append(f"owned by {'you' if obj.owner == viewer else _names(seen)[obj.owner - 1]}")
    if has_ward(state, obj):
        parts.append("it has Ward")
    if token_value(obj) != 1:
        parts.append(f"its Marking Token is worth {token_value(obj)}")
    parts.append(sights(obj))
    if change is not None and change != "gone":
        parts.append(f"{CHANGE_WORDS[change]} since your last answer")
    return "; ".join(parts)


def at(seen: Observation, space: str, viewer: int | None) -> str:
    """What is on ``space``, as a line."""
    zones = seen.state.zones
    oid = zones.arena.get(space)
    return f"{space}: empty" if oid is None else momon(seen, zones.objects[oid], viewer)


def board(seen: Observation, seat: int, viewer: int | None, marks: dict[str, Change] | None = None) -> list[str]:
    """The Arena row by row as ``seat`` sits (the far row first, each row left to right):
    a row's empty Spaces on its line, then each Momon on a line of its own."""
    zones = need(seen).state.zones
    marks = marks or {}
    rows, columns = orientation(seat)
    lines = [f"The Arena as {_names(seen)[seat - 1]} sits, the far row first, each row from the left:"]
    for r in rows:
        spaces = [f"{c}{r}" for c in columns]
        empty = [s for s in spaces if s not in zones.arena]
        line = f"Row {r}: " + (f"{listed(empty)} {'is' if len(empty) == 1 else 'are'} empty" if empty else "full")
        gone = [s for s in empty if marks.get(s) == "gone"]
        if gone:
            line += f" (the Momon on {listed(gone)} was sent away since your last answer)"
        lines.append(line + ".")
        lines.extend(momon(seen, zones.objects[zones.arena[s]], viewer, marks.get(s)) for s in spaces
                     if s in zones.arena)
    return lines


def status(seen: Observation) -> list[str]:
    """The turn, the Control Score, the cards in each Hand and Void and the First Player Token."""
    state = need(seen).state
    zones, names, score = state.zones, _names(seen), scores(state)
    started = state.turn >= seen.setup.position.turn  # before the first Turn Start: the setup [BASELINE 6]
    return [f"Turn {state.turn}: {names[state.active - 1]}'s turn." if started else "Setup.",
            f"Control Score: {names[0]} {score[0]}, {names[1]} {score[1]}.",
            f"Cards in Hand: {names[0]} {len(zones.hands[1])}, {names[1]} {len(zones.hands[2])}. In the Void: "
            f"{names[0]} {len(zones.voids[1])}, {names[1]} {len(zones.voids[2])}. First Player Token: "
            f"{names[state.first_token - 1]}."]


def card(c: CardDef, spent: bool = False) -> str:
    """A card out of the Arena: its name, Power, Element, Stars, Sights as directions from its
    Owner's seat (north is toward the other player), and its abilities."""
    directions = [COMPASS_WORDS[d] for d in COMPASS if d in c.sights]
    line = (f"{clean(c.name)}: Power {c.power}, {clean(c.element)}, {_stars(c.stars)}; "
            f"Sights {listed(directions) if directions else 'none'}")
    if spent:
        line += "; its once-only right is used"
    return line + (f"; {clean(card_text(c), 2 * LIMIT)}" if c.abilities else "")


def hand(seen: Observation, player: int, viewer: int | None) -> list[str]:
    """A Hand, a card a numbered line (the number a Summon names it by)."""
    state = need(seen).state
    held, (keys, _) = state.zones.hands[player], hand_cards(seen, player)
    owner = "Your" if player == viewer else f"{_names(seen)[player - 1]}'s"
    seat = ("your seat", "you") if player == viewer else ("its Owner's seat", "its Owner")
    lines = [f"{owner} Hand, {len(held)} card{'' if len(held) == 1 else 's'} (Sights read from {seat[0]}: north "
             f"points away from {seat[1]}):"]
    cards = [state.zones.objects[o].card for o in held]
    return lines + [f"{i}. {card(c, SPENT in key)}" for i, (c, key) in enumerate(zip(cards, keys, strict=True), 1)]


def decision(seen: Observation, d: Decision, seat: int, marks: dict[str, Change], shows_hand: bool,
             news: str = "") -> list[str]:
    """Who decides what, the Arena's facts it turns on, its options on numbered lines, and
    what an answer looks like. A Summon's facts are the table (``news`` first: what the other
    player did) and the whole Arena; ``shows_hand``: it lists the decider's Hand."""
    zones = need(seen).state.zones
    me = d.player
    lines = [f"{_names(seen)[me - 1]} (Player {me}) decides: {clean(prompt_text(d), 2 * LIMIT)}"]
    lines += [news] if news else []
    kind = d.kind
    if kind is Kind.SUMMON:
        lines += status(seen) + board(seen, seat, me, marks)
        lines += hand(seen, me, me) if shows_hand else []
        lines.append(f"Empty Spaces: {listed(zones.empty_spaces())}.")
    elif kind is Kind.ORDER_ATTEMPTS:
        lines += [at(seen, o.space, me) for o in zones.arena_objects() if o.controller == me and o.space is not None
                  and any(sight_target(o.space, a.direction, o.owner) == a.key for a in d.options)]
        lines += [f"{i}. the Attempt on {a.key}, {clean(a.defender_name)}: Power {a.attacker_power} against "
                  f"{a.defender_power}, {clean(a.attacker_element)} against {clean(a.defender_element)}; now it "
                  f"{SHORT_VERDICT[a.reason]}." for i, a in enumerate(d.options, 1)]
        lines += [clean(f"In the order {' or '.join(orders)}: {does}.", 2 * LIMIT)
                  for orders, does in render.order_outcomes(d)]
    elif kind is Kind.ORDER_TRIGGERS:
        for i, t in enumerate(d.options, 1):
            text = ability_text(render.card_by_id(seen, t.card).abilities[t.ability])
            lines.append(clean(f"{i}. {t.name}'s {TIMING_WORDS.get(t.timing, t.timing)} ability: {text}", 2 * LIMIT))
            source = _source(seen, t.trigger)
            lines += [f"   on {momon(seen, source, me)}"] if source is not None else []
            lines += [f"   its target {at(seen, s, me)}" for s in t.targets]
    elif kind is Kind.TARGETS:
        lines += _ability(seen, d)
        lines += [f"{i}. {at(seen, s, me)}" for i, s in enumerate(d.options, 1)]
    elif kind is Kind.CARD:
        lines += [f"{i}. {card(render.card_by_id(seen, card_of_key(k)), SPENT in k)}" for i, k in enumerate(d.options, 1)]
    elif kind is Kind.YES_NO:
        lines += _ability(seen, d)
        lines += [f"Its target {at(seen, s, me)}" for s in (d.trigger.targets if d.trigger else ())]
        lines += ["1. yes", "2. no"]
    elif kind is Kind.PICK_FACE_DOWN:
        lines.append(f"Face-down cards 1 to {len(d.options)}, shuffled: you cannot see them.")
        lines += [f"{n}. face-down card {n}" for n in d.options]
    elif kind is Kind.SPACE:
        if d.card is not None:  # a Void Fallback: the card the opponent picked, to be placed
            lines.append(f"The card: {card(render.card_by_id(seen, d.card))}")
        lines += [f"{i}. {s}" for i, s in enumerate(d.options, 1)]
    else:
        assert_never(kind)
    return lines + [f"To answer: {ACCEPTED[kind]}{BY_NUMBER.get(kind, '')}."]


def _ability(seen: Observation, d: Decision) -> list[str]:
    """The ability a decision is asked for, as a line, then its Source's while it is on the
    Arena (none when the decision names no ability)."""
    view = d.trigger
    if view is None:
        return []
    text = ability_text(render.card_by_id(seen, view.card).abilities[view.ability])
    source = _source(seen, view.trigger)
    return [clean(f"{view.name}'s ability: {text}", 2 * LIMIT)] + ([momon(seen, source, d.player)] if source else [])


def _source(seen: Observation, trigger: int) -> GameObject | None:
    """The Source of a triggered ability, while it is still on the Arena as the Momon that triggered."""
    began = next((e for e in reversed(seen.story) if isinstance(e, events.TriggerWaiting) and e.trigger == trigger), None)
    return None if began is None else seen.state.zones.on_arena(began.source)


def elements(matrix: ElementMatrix) -> list[str]:
    """The Element chart as sentences, an Element a line."""
    return [TITLE, *(f"{name} Beats {listed(beats) or 'nothing'}; {name} is Beaten by {listed(beaten) or 'nothing'}."
                     for name, beats, beaten in advantages(matrix)), NOTE]


def end(seen: Observation, log_path: str, named: str) -> list[str]:
    """The end: the final Arena in words (no player's "your"), then the end screen's own lines."""
    return board(seen, 1, None) + [line.plain for line in render.end_lines(seen, log_path, WIDE, named)]


def plain_lines(renderable: RenderableType) -> list[str]:
    """Any command output as plain lines: a Text as it reads, a panel as its title and its body,
    anything else (Markdown, a table) laid out without colour; any box drawing taken out."""
    if isinstance(renderable, str | Text):
        return [line.translate(_BOX) for line in (renderable.plain if isinstance(renderable, Text)
                                                  else renderable).splitlines()]
    if isinstance(renderable, Panel):
        title = renderable.title
        head = plain_lines(title) if title else []
        return head + plain_lines(renderable.renderable)
    if isinstance(renderable, Group):
        return [line for part in renderable.renderables for line in plain_lines(part)]
    drawn = (" ".join(line.plain.translate(_BOX).split()) for line in lines_of(renderable, WIDE))
    return [line for line in drawn if line]
