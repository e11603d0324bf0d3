"""The game in words for a screen reader, a fact a line: the Arena row by row, a Hand, a
decision with its numbered options, the end.

Nothing here draws. No line holds box drawing, colour or a symbol that a word beside it
does not say: a Momon's Controller is "your" or a name, Ward and a Token's worth are
words, and a Sight is named by the Space it points at. Each function reads one seat's
observation, as the full screen's views do, and takes its facts from the same places
(render, marks, the narration's words); every name from outside goes through ``clean``.
"""

from __future__ import annotations

from typing import assert_never

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from ..data.cardtext import rules_ability_text as ability_text  # the text in the language in use
from ..data.cardtext import rules_text as card_text  # the text in the language in use
from ..data.element_names import name as element_name
from ..engine import (
    SPACES,
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
from ..language import N_, _, ngettext
from ..limits import NAME_LIMIT
from ..session.marks import CHANGE_WORDS, Change
from ..text.lists import either, listed
from ..text.narration import SHORT_VERDICT, TIMING_WORDS
from ..text.notation import ACCEPTED, hand_cards
from ..text.prompts import prompt_text
from ..text.safe import LIMIT, clean
from . import render
from .arena_view import COMPASS, orientation
from .elements_chart import NOTE, TITLE, advantages
from .frame import lines_of

#: The words of the compass (each translated where it is said, as are the tables below).
COMPASS_WORDS = {"N": N_("north"), "NE": N_("north-east"), "E": N_("east"), "SE": N_("south-east"), "S": N_("south"),
                 "SW": N_("south-west"), "W": N_("west"), "NW": N_("north-west")}
#: The line a hot-seat hand-off prints: it asks for the keyboard to change hands (:func:`handoff`).
HANDOFF = N_("----- Pass the keyboard to {name}. Press Enter. -----")
#: How a brief Hand line reads, said once as the game opens (:func:`brief_hand`).
HAND_READS = N_("A card of your Hand is read as its number, name, Power, Element and Stars.")
#: What a plain prompt takes besides the notation: an option's number where the notation wants a word.
BY_NUMBER = {Kind.SPACE: N_(" (or its number)"), Kind.YES_NO: N_(" (or 1 for yes, 2 for no)")}
_BOX = dict.fromkeys(range(0x2500, 0x2580), " ")  # box drawing, should any renderable hold some
WIDE = 1000  # columns plain text is laid out in: the terminal wraps a long line, a screen reader reads it whole


def plain_console() -> Console:
    """A console that writes text only: no colour, no style, no markup, no line cut at the width."""
    return Console(color_system=None, soft_wrap=True, markup=False, emoji=False, highlight=False)


def handoff(name: str) -> str:
    """The hand-off line (:data:`HANDOFF`) for ``name``, in the language in use."""
    return _(HANDOFF).format(name=name)


def answer_prompt(name: str) -> str:
    """The prompt at a decision, the last thing said before the player answers."""
    return _("{name}, your answer: ").format(name=name)


def _names(seen: Observation) -> list[str]:
    return [clean(name, NAME_LIMIT) for name in seen.setup.names]


def _stars(n: int) -> str:
    return ngettext("{n} Star", "{n} Stars", n).format(n=n)


def sights(obj: GameObject) -> str:
    """A Momon's Sights by the Spaces they point at (read from its Owner's seat)."""
    assert obj.space is not None
    at = [sight_target(obj.space, d, obj.owner) for d in COMPASS if d in obj.card.sights]
    on = [s for s in at if s is not None]
    if not at:
        return _("it has no Sights")
    if not on:
        return _("its Sights all point off the Arena")
    if len(on) < len(at):
        return _("its Sights point at {spaces} (and {off} off the Arena)").format(spaces=listed(on),
                                                                                  off=len(at) - len(on))
    return _("its Sights point at {spaces}").format(spaces=listed(on))


def momon(seen: Observation, obj: GameObject, viewer: int | None, change: Change | None = None) -> str:
    """One Momon on the Arena as a line: its Space, whose it is, its name, Power, Element and
    Stars, then Ward, its Token's worth, its Owner, its Sights and what changed there."""
    state = seen.state
    controller = obj.controller or obj.owner
    now, elem = power(state, obj), element(state, obj)
    strength = (f"Power {now}" if now == obj.card.power else
                _("Power {power} (printed {printed})").format(power=now, printed=obj.card.power))
    kind = (clean(element_name(elem)) if elem == obj.card.element else
            _("{element} (printed {printed})").format(element=clean(element_name(elem)),
                                                      printed=clean(element_name(obj.card.element))))
    facts = {"space": obj.space, "card": clean(obj.card.name), "power": strength, "element": kind,
             "stars": _stars(obj.card.stars)}
    parts = [_("{space}: your {card}, {power}, {element}, {stars}").format(**facts) if controller == viewer else
             _("{space}: {name}'s {card}, {power}, {element}, {stars}").format(name=_names(seen)[controller - 1],
                                                                              **facts)]
    if obj.owner != controller:
        parts.append(_("owned by you") if obj.owner == viewer else
                     _("owned by {name}").format(name=_names(seen)[obj.owner - 1]))
    if has_ward(state, obj):
        parts.append(_("it has Ward"))
    if token_value(obj) != 1:
        parts.append(_("its Marking Token is worth {value}").format(value=token_value(obj)))
    parts.append(sights(obj))
    if change is not None and change != "gone":
        parts.append(_("{change} since your last answer").format(change=_(CHANGE_WORDS[change])))
    return "; ".join(parts)


def at(seen: Observation, space: str, viewer: int | None) -> str:
    """What is on ``space``, as a line."""
    zones = seen.state.zones
    oid = zones.arena.get(space)
    return _("{space}: empty").format(space=space) if oid is None else momon(seen, zones.objects[oid], viewer)


def board(seen: Observation, seat: int, viewer: int | None, marks: dict[str, Change] | None = None,
          in_order: bool = True) -> list[str]:
    """The Arena row by row as ``seat`` sits (the far row first, each row left to right).
    ``in_order``: each row's Spaces in the order the heading announces them (a run of empty
    Spaces on one line, each Momon on a line of its own); else, as ``--verbosity full`` kept
    it, a row's empty Spaces on its line first, then its Momons."""
    zones = need(seen).state.zones
    marks = marks or {}
    rows, columns = orientation(seat)
    lines = [_("The Arena as {name} sits, the far row first, each row from the left:").format(
        name=_names(seen)[seat - 1])]
    for r in rows:
        spaces = [f"{c}{r}" for c in columns]
        if in_order:
            lines += row_lines(seen, str(r), spaces, viewer, marks)
            continue
        empty = [s for s in spaces if s not in zones.arena]
        lines.append(ngettext("Row {row}: {spaces} is empty{gone}.", "Row {row}: {spaces} are empty{gone}.",
                              len(empty)).format(row=r, spaces=listed(empty), gone=_gone(empty, marks)) if empty else
                     _("Row {row}: full.").format(row=r))
        lines.extend(momon(seen, zones.objects[zones.arena[s]], viewer, marks.get(s)) for s in spaces
                     if s in zones.arena)
    return lines


def _gone(empty: list[str], marks: dict[str, Change]) -> str:
    gone = [s for s in empty if marks.get(s) == "gone"]
    return _(" (the Momon on {spaces} was sent away since your last answer)").format(spaces=listed(gone)) \
        if gone else ""


def row_lines(seen: Observation, row: str, spaces: list[str], viewer: int | None,
              marks: dict[str, Change]) -> list[str]:
    """One row (or column) of Spaces in the order given: each run of empty Spaces on a line,
    each Momon on a line of its own, the first line headed by the row's name."""
    zones = seen.state.zones
    facts: list[str] = []
    run: list[str] = []
    for s in [*spaces, ""]:
        if s and s not in zones.arena:
            run.append(s)
            continue
        if run:
            facts.append(ngettext("{spaces} is empty{gone}.", "{spaces} are empty{gone}.", len(run)).format(
                spaces=listed(run), gone=_gone(run, marks)))
            run = []
        if s:
            facts.append(momon(seen, zones.objects[zones.arena[s]], viewer, marks.get(s)))
    return [_("Row {row}: {fact}").format(row=row, fact=facts[0]), *facts[1:]]


def column_lines(seen: Observation, column: str, seat: int, viewer: int | None,
                 marks: dict[str, Change]) -> list[str]:
    """One column, the far Space first as ``seat`` sits."""
    rows, _columns = orientation(seat)
    lines = row_lines(seen, column, [f"{column}{r}" for r in rows], viewer, marks)
    return [_("Column {column}, the far Space first: {fact}").format(column=column, fact=lines[0].partition(": ")[2]),
            *lines[1:]]


def momons_of(seen: Observation, controller: int, seat: int, viewer: int | None) -> list[str]:
    """The Momons one player controls, in the order the Arena is read from ``seat``."""
    zones = seen.state.zones
    rows, columns = orientation(seat)
    found = [zones.objects[zones.arena[s]] for r in rows for c in columns if (s := f"{c}{r}") in zones.arena]
    theirs = [o for o in found if (o.controller or o.owner) == controller]
    name = _names(seen)[controller - 1]
    if not theirs:
        return [_("You control no Momon on the Arena.") if controller == viewer else
                _("{name} controls no Momon on the Arena.").format(name=name)]
    n = len(theirs)
    head = (ngettext("You control {n} Momon:", "You control {n} Momons:", n).format(n=n) if controller == viewer else
            ngettext("{name} controls {n} Momon:", "{name} controls {n} Momons:", n).format(n=n, name=name))
    return [head, *(momon(seen, o, viewer) for o in theirs)]


def status(seen: Observation) -> list[str]:
    """The turn, the Control Score, the cards in each Hand and Void and the First Player Token."""
    state = need(seen).state
    zones, names, score = state.zones, _names(seen), scores(state)
    started = state.turn >= seen.setup.position.turn  # before the first Turn Start: the setup [BASELINE 6]
    counts = {"name1": names[0], "name2": names[1]}
    return [_("Turn {turn}: {name}'s turn.").format(turn=state.turn, name=names[state.active - 1]) if started
            else _("Setup."),
            _("Control Score: {name1} {score1}, {name2} {score2}.").format(score1=score[0], score2=score[1], **counts),
            _("Cards in Hand: {name1} {hand1}, {name2} {hand2}. In the Void: {name1} {void1}, {name2} {void2}. "
              "First Player Token: {holder}.").format(hand1=len(zones.hands[1]), hand2=len(zones.hands[2]),
                                                      void1=len(zones.voids[1]), void2=len(zones.voids[2]),
                                                      holder=names[state.first_token - 1], **counts)]


def card(c: CardDef, spent: bool = False) -> str:
    """A card out of the Arena: its name, Power, Element, Stars, Sights as directions from its
    Owner's seat (north is toward the other player), and its abilities."""
    directions = [_(COMPASS_WORDS[d]) for d in COMPASS if d in c.sights]
    facts = {"name": clean(c.name), "power": c.power, "element": clean(element_name(c.element)), "stars": _stars(c.stars)}
    line = (_("{name}: Power {power}, {element}, {stars}; Sights {sights}").format(sights=listed(directions), **facts)
            if directions else _("{name}: Power {power}, {element}, {stars}; Sights none").format(**facts))
    if spent:
        line += _("; its once-only right is used")
    return line + (f"; {clean(card_text(c), 2 * LIMIT)}" if c.abilities else "")


def hand(seen: Observation, player: int, viewer: int | None) -> list[str]:
    """A Hand, a card a numbered line (the number a Summon names it by)."""
    state = need(seen).state
    held, (keys, _shown) = state.zones.hands[player], hand_cards(seen, player)
    n = len(held)
    lines = [ngettext("Your Hand, {n} card (Sights read from your seat: north points away from you):",
                      "Your Hand, {n} cards (Sights read from your seat: north points away from you):", n).format(n=n)
             if player == viewer else
             ngettext("{name}'s Hand, {n} card (Sights read from its Owner's seat: north points away from its Owner):",
                      "{name}'s Hand, {n} cards (Sights read from its Owner's seat: north points away from its "
                      "Owner):", n).format(n=n, name=_names(seen)[player - 1])]
    cards = [state.zones.objects[o].card for o in held]
    return lines + [f"{i}. {card(c, SPENT in key)}" for i, (c, key) in enumerate(zip(cards, keys, strict=True), 1)]


def brief_hand(seen: Observation, player: int) -> list[str]:
    """The deciding player's Hand in brief, a line a card: the numbers a Summon names it by
    (copies alike share a line: "1 and 2"), its name, Power, Element and Stars as bare words
    with no pause between them ("1 Crown Usurper 5 Dark 4": :data:`HAND_READS` says the order
    once, and ten cards' "Stars" were four seconds of speech in Thai)."""
    state = need(seen).state
    held, (keys, _shown) = state.zones.hands[player], hand_cards(seen, player)
    copies: dict[tuple[str, bool], tuple[CardDef, list[int]]] = {}  # (card, spent): the card, its numbers
    for i, (o, key) in enumerate(zip(held, keys, strict=True), 1):
        c = state.zones.objects[o].card
        copies.setdefault((c.id, SPENT in key), (c, []))[1].append(i)
    lines = []
    for (_card, spent), (c, numbers) in copies.items():
        # TRANSLATORS: no comma or colon: each is a pause a screen reader makes, ten cards long
        line = _("{numbers} {name} {power} {element} {stars}").format(
            numbers=listed(numbers), name=clean(c.name), power=c.power, element=clean(element_name(c.element)),
            stars=c.stars)
        lines.append(line + (_(", once-only right used") if spent else ""))
    return lines


def empty_in_brief(empty: tuple[str, ...]) -> str:
    """The empty Spaces in the fewest words: all of them, or all but the few taken, or those empty."""
    taken = [s for s in SPACES if s not in empty]
    if not taken:
        return _("Empty: all 16.")
    if len(taken) < len(empty):
        return _("Empty: all but {spaces}.").format(spaces=listed(taken))
    return _("Empty: {spaces}.").format(spaces=listed(list(empty)))


def brief(seen: Observation, d: Decision, seat: int, marks: dict[str, Change], shows_hand: bool,
          news: str = "", form: bool = True) -> list[str]:
    """A decision in brief (``--verbosity brief``, plain mode's default): who decides, what
    changed since they last answered, the Hand by name, Power, Element and Stars and the
    empty Spaces; the answer's form is said once as the game opens and by ``help``, the
    Arena on asking (``board``, ``row``, ``column``, ``mine``, ``theirs``), a card's text by
    ``inspect``. Any other kind is its options, as in full, and the answer's form if ``form``
    (the player has not heard it for this kind yet)."""
    if d.kind is not Kind.SUMMON:
        return decision(seen, d, seat, marks, shows_hand, news, form)
    zones = need(seen).state.zones
    me = d.player
    name = _names(seen)[me - 1]
    lines = [_("{name} to Summon:").format(name=name) if shows_hand else _("{name} to Summon.").format(name=name)]
    lines += [news] if news else []
    lines += brief_hand(seen, me) if shows_hand else []
    return lines + [empty_in_brief(zones.empty_spaces())]


def decision(seen: Observation, d: Decision, seat: int, marks: dict[str, Change], shows_hand: bool,
             news: str = "", form: bool = True) -> list[str]:
    """Who decides what, the Arena's facts it turns on, its options on numbered lines, and
    (``form``) what an answer looks like. A Summon's facts are the table (``news`` first: what the other
    player did) and the whole Arena; ``shows_hand``: it lists the decider's Hand."""
    zones = need(seen).state.zones
    me = d.player
    lines = [_("{name} (Player {number}) decides: {prompt}").format(name=_names(seen)[me - 1], number=me,
                                                                     prompt=clean(prompt_text(d), 2 * LIMIT))]
    lines += [news] if news else []
    kind = d.kind
    if kind is Kind.SUMMON:
        lines += status(seen) + board(seen, seat, me, marks, in_order=False)
        lines += hand(seen, me, me) if shows_hand else []
        lines.append(_("Empty Spaces: {spaces}.").format(spaces=listed(zones.empty_spaces())))
    elif kind is Kind.ORDER_ATTEMPTS:
        lines += [at(seen, o.space, me) for o in zones.arena_objects() if o.controller == me and o.space is not None
                  and any(sight_target(o.space, a.direction, o.owner) == a.key for a in d.options)]
        lines += [_("{number}. the Attempt on {space}, {defender}: Power {attacker_power} against {defender_power}, "
                    "{attacker_element} against {defender_element}; now it {verdict}.").format(
            number=i, space=a.key, defender=clean(a.defender_name), attacker_power=a.attacker_power,
            defender_power=a.defender_power, attacker_element=clean(element_name(a.attacker_element)),
            defender_element=clean(element_name(a.defender_element)), verdict=_(SHORT_VERDICT[a.reason]))
            for i, a in enumerate(d.options, 1)]
        lines += [clean(_("In the order {orders}: {does}.").format(orders=either(orders), does=does), 2 * LIMIT)
                  for orders, does in render.order_outcomes(d)]
    elif kind is Kind.ORDER_TRIGGERS:
        for i, t in enumerate(d.options, 1):
            text = ability_text(render.card_by_id(seen, t.card).abilities[t.ability])
            timing = _(TIMING_WORDS[t.timing]) if t.timing in TIMING_WORDS else t.timing
            lines.append(clean(_("{number}. {name}'s {timing} ability: {text}").format(
                number=i, name=t.name, timing=timing, text=text), 2 * LIMIT))
            source = _source(seen, t.trigger)
            lines += [_("   on {momon}").format(momon=momon(seen, source, me))] if source is not None else []
            lines += [_("   its target {space}").format(space=at(seen, s, me)) for s in t.targets]
    elif kind is Kind.TARGETS:
        lines += _ability(seen, d)
        lines += [f"{i}. {at(seen, s, me)}" for i, s in enumerate(d.options, 1)]
    elif kind is Kind.CARD:
        lines += [f"{i}. {card(render.card_by_id(seen, card_of_key(k)), SPENT in k)}" for i, k in enumerate(d.options, 1)]
    elif kind is Kind.YES_NO:
        lines += _ability(seen, d)
        lines += [_("Its target {space}").format(space=at(seen, s, me)) for s in (d.trigger.targets if d.trigger else ())]
        lines += [_("1. yes"), _("2. no")]
    elif kind is Kind.PICK_FACE_DOWN:
        lines.append(_("Face-down cards 1 to {count}, shuffled: you cannot see them.").format(count=len(d.options)))
        lines += [_("{n}. face-down card {n}").format(n=n) for n in d.options]
    elif kind is Kind.SPACE:
        if d.card is not None:  # a Void Fallback: the card the opponent picked, to be placed
            lines.append(_("The card: {card}").format(card=card(render.card_by_id(seen, d.card))))
        lines += [f"{i}. {s}" for i, s in enumerate(d.options, 1)]
    else:
        assert_never(kind)
    if not form:
        return lines
    by_number = _(BY_NUMBER[kind]) if kind in BY_NUMBER else ""
    return lines + [_("To answer: {accepted}{by_number}.").format(accepted=_(ACCEPTED[kind]), by_number=by_number)]


def _ability(seen: Observation, d: Decision) -> list[str]:
    """The ability a decision is asked for, as a line, then its Source's while it is on the
    Arena (none when the decision names no ability)."""
    view = d.trigger
    if view is None:
        return []
    text = ability_text(render.card_by_id(seen, view.card).abilities[view.ability])
    source = _source(seen, view.trigger)
    return [clean(_("{name}'s ability: {text}").format(name=view.name, text=text), 2 * LIMIT)] \
        + ([momon(seen, source, d.player)] if source else [])


def _source(seen: Observation, trigger: int) -> GameObject | None:
    """The Source of a triggered ability, while it is still on the Arena as the Momon that triggered."""
    began = next((e for e in reversed(seen.story) if isinstance(e, events.TriggerWaiting) and e.trigger == trigger), None)
    return None if began is None else seen.state.zones.on_arena(began.source)


def elements(matrix: ElementMatrix) -> list[str]:
    """The Element chart as sentences, an Element a line."""
    return [_(TITLE), *(_("{name} Beats {beats}; {name} is Beaten by {beaten}.").format(
        name=element_name(name), beats=listed(map(element_name, beats)) or _("nothing"),
        beaten=listed(map(element_name, beaten)) or _("nothing"))
        for name, beats, beaten in advantages(matrix)), _(NOTE)]


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
