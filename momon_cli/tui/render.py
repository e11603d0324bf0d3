"""Rich renderables for the Arena, the status panel, Hands, cards and the end screen.

A view only: it reads one seat's observation (engine.observation) and never changes it. Works without colour
(NO_COLOR): every colour-coded fact also has a letter or symbol. Names and card text come
from data files and records, so they are shown through ``safe_text`` (never as markup).
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from typing import assert_never

from rich.console import Console, ConsoleOptions, Group
from rich.measure import Measurement
from rich.panel import Panel
from rich.segment import Segment
from rich.text import Text

from ..data.cardtext import flavor_text
from ..data.cardtext import rules_ability_text as ability_text  # the text in the language in use
from ..data.cardtext import rules_text as card_text  # the text in the language in use
from ..data.element_names import name as element_name
from ..data.element_names import shortened
from ..engine import (
    SPENT,
    Batch,
    CardDef,
    Decision,
    GameObject,
    Kind,
    Observation,
    Trigger,
    card_of_key,
    element,
    events,
    has_ward,
    key_of,
    need,
    power,
    scores,
    screen_direction,
    sight_target,
    token_value,
)
from ..language import N_, _, ngettext
from ..limits import NAME_LIMIT
from ..text import narration as narrate
from ..text.glossary import for_card
from ..text.notation import ACCEPTED
from ..text.prompts import prompt_text
from ..text.safe import LIMIT, clean, safe
from ..widths import breakable, columns, has_thai, pieces, truncate, wrapped
from .arena_view import ARROW, COMPASS, PLAYER_STYLE, arena_lines

_MEASURE = Console(width=200, color_system=None)  # measures text for wrapping; never prints


def player_label(seen: Observation, player: int) -> Text:
    return safe(f"{clean(seen.setup.names[player - 1], NAME_LIMIT)} (P{player})", style=PLAYER_STYLE[player])


def styled(template: str, style: str = "", **parts: Text | str) -> Text:
    """A translated ``template`` as a Text: its own words in ``style``, each ``{placeholder}``
    the Text given for it (in that Text's style) or the string (in ``style``), wherever the
    language puts it."""
    out = Text()
    for words, field, _spec, _conversion in string.Formatter().parse(template):
        out.append(words, style=style)
        if field is not None:
            part = parts[field]
            if isinstance(part, Text):
                out.append_text(part)
            else:
                out.append(part, style=style)
    return out


def status_line(seen: Observation, width: int | None = None) -> Text:
    """Turn, Active Player, Control Score, Hands and Voids and the First Player Token, in one
    line; with short labels when the long ones would not fit ``width``, and then with P1 and P2
    for the names after the Active Player's (two wide Thai names fill most of a line), and then
    only its first parts that fit whole."""
    need(seen)
    line = _status(seen, short=False)
    if width is None or line.cell_len <= width:
        return line
    line = _status(seen, short=True)
    if line.cell_len <= width:
        return line
    line = _status(seen, short=True, labels=True)
    if line.cell_len <= width:
        return line
    # Still too wide (a served room's clock and rejoin code beside it): the parts that fit, whole,
    # rather than one cut in the middle ("Hand 9/").
    plain = line.plain
    ends = [i for i in range(len(plain)) if plain.startswith(SEPARATOR, i) and columns(plain[:i]) <= width]
    return line[:ends[-1]] if ends else line


SEPARATOR = " · "  # between the status line's parts


def _status(seen: Observation, short: bool, labels: bool = False) -> Text:
    state = seen.state
    zones = state.zones
    score = scores(state)
    names = [clean(name, NAME_LIMIT) for name in seen.setup.names]
    active = names[state.active - 1]
    if labels:
        names = ["P1", "P2"]
    started = state.turn >= seen.setup.position.turn  # before the first Turn Start: the setup [BASELINE 6]
    line = Text(_("Turn {turn}: ").format(turn=state.turn) if started else _("Setup: "), style="bold")
    line.append(active, style=PLAYER_STYLE[state.active])
    line.append(" · ")
    for p in (1, 2):
        line.append(f"{names[p - 1]} {score[p - 1]}", style=PLAYER_STYLE[p])
        line.append(" – " if p == 1 else "")
    counts = {"hand1": len(zones.hands[1]), "hand2": len(zones.hands[2]), "void1": len(zones.voids[1]),
              "void2": len(zones.voids[2]), "holder": names[state.first_token - 1]}
    # TRANSLATORS: the status line's end when it must be short; "1st" is the First Player Token's holder
    line.append((_(" · Hand {hand1}/{hand2} · Void {void1}/{void2} · 1st {holder}") if short else
                 _(" · Hands {hand1}/{hand2} · Voids {void1}/{void2} · First Player Token: {holder}")).format(**counts))
    return line


def _targets(seen: Observation, item: Trigger) -> str:
    zones = seen.state.zones
    on = [_("{card} on {space}").format(card=clean(obj.card.name), space=obj.space)
          for o in item.targets if (obj := zones.on_arena(o)) is not None]
    return _(" → targets {targets}").format(targets=", ".join(on)) if on else ""


def queue_lines(seen: Observation) -> list[str]:
    """The ability resolving now (the inner one first), then every item waiting (a Summon
    batch's own Queue first), each with its targets by name and Space."""
    resolving, waiting = queue_parts(seen)
    return resolving + waiting


def queue_parts(seen: Observation) -> tuple[list[str], list[str]]:
    """:func:`queue_lines` in two: the lines of what resolves now, and those of what waits."""
    zones = need(seen).state.zones
    resolving = reversed(seen.state.resolving)
    lines = [_("Resolving: {card} (P{player}): {ability}{targets}").format(
        card=t.card.name, player=t.controller, ability=ability_text(t.ability), targets=_targets(seen, t))
        for t in resolving]
    waiting = []
    for frame in reversed(seen.state.frames):
        for item in frame.queue:
            if isinstance(item, Batch):
                obj = zones.objects.get(item.oid)
                waiting.append(_("Summon batch: {card} (its On Summon, Check and post-Snatch)").format(
                    card=obj.card.name if obj else "?"))
                continue
            waiting.append(f"{item.card.name} (P{item.controller}): {ability_text(item.ability)}"
                           + _targets(seen, item))
    return ([clean(line, 2 * LIMIT) for line in lines],
            [clean(_("Waiting {number}. {item}").format(number=i, item=line), 2 * LIMIT)
             for i, line in enumerate(waiting, 1)])


def card_line(card: CardDef) -> str:
    sights = " ".join(card.sights) or _("none")
    traits = f" [{', '.join(card.traits)}]" if card.traits else ""
    return clean(_("{name} ({id}) {element} Power {power} {stars}★ sights {sights}{traits}").format(
        name=card.name, id=card.id, element=element_name(card.element), power=card.power, stars=card.stars, sights=sights,
        traits=traits), 2 * LIMIT)


def _hand_entry(i: int, card: CardDef, short: bool, spent: bool = False) -> Text:
    """A Hand card: number, name, Power, Element, Stars and its Sights as arrows (its Owner's seat
    is the viewer's, so N is up); ``short`` gives the Element three columns.
    ``spent``: this copy has used a once-only right [R-mc 19, 21], which its number picks."""
    arrows = "".join(ARROW[d] for d in COMPASS if d in card.sights)
    elem = clean(shortened(card.element, 3) if short else element_name(card.element))
    text = Text(f"{i:>2} ", style="bold")
    text.append(clean(card.name), style="bold")
    if spent:
        text.append(_(" (used)") if short else _(" (once-only used)"), style="italic")
    text.append(f" {card.power} {elem} {card.stars}★ {arrows}" + (" ✦" if short and card.abilities else ""))
    return text


ABILITY_MARK = N_("  (✦ an ability: inspect <number>)")  # translated where it is shown


def hand_lines(seen: Observation, player: int, width: int, room: int) -> list[Text]:
    """The Hand in at most ``room`` lines: with abilities when they fit, else one card a line
    (its ability text cut with "…" at the width), else two cards a line (✦ marks an ability:
    'inspect <card>' reads it)."""
    zones = need(seen).state.zones
    cards = [zones.objects[o].card for o in zones.hands[player]]
    spent = [SPENT in key_of(seen.state, o) for o in zones.hands[player]]
    title = styled(_("{player}'s Hand — summon <card> <space>:"), player=player_label(seen, player))
    mark = _(ABILITY_MARK)
    if any(c.abilities for c in cards) and title.cell_len + columns(mark) <= width:
        title.append(mark, style="dim")
    full = [title]
    for i, card in enumerate(cards, 1):
        full.append(_hand_entry(i, card, False, spent[i - 1]))
        if card.abilities:
            full.extend(Text("     ").append_text(line) for line in wrap(safe(card_text(card), 2 * LIMIT, "dim"), width - 5))
    if len(full) <= room:
        return full
    if len(cards) + 1 <= room:
        lines = [_hand_entry(i, c, False, spent[i - 1]).append(" · " + clean(card_text(c), 2 * LIMIT)
                                                               if c.abilities else "", style="dim")
                 for i, c in enumerate(cards, 1)]
        # a cut ability text says it is cut: 'inspect <card>' reads it whole
        return [title] + [truncate(line, width, "…") for line in lines]
    half = (width - 1) // 2
    entries = [truncate(_hand_entry(i, c, True, spent[i - 1]), half, fill=True) for i, c in enumerate(cards, 1)]
    rows = least_hand_lines(len(entries)) - 1
    return [title] + [Text(" ").join(entries[r::rows]) for r in range(rows)]


def least_hand_lines(cards: int) -> int:
    """The fewest lines ``hand_lines`` draws a Hand of ``cards`` in: its title, two cards a line."""
    return 1 + (cards + 1) // 2


def wrap(text: Text, width: int) -> list[Text]:
    """``text`` cut into screen lines of ``width`` columns, a word wider than a line broken
    between graphemes; Thai that must break is broken between its words (widths.wrapped),
    other text as Rich wraps it."""
    if text.cell_len > width and has_thai(text.plain):
        return wrapped(text, width)
    return list(breakable(text, width).wrap(_MEASURE, width))


class Wrapped(Text):
    """A Text that Rich lays out (in a table's cell, a panel) but that breaks as :func:`wrap`
    does: Rich alone would break Thai anywhere in a run of letters. Still a Text, so what
    reads a Text's words (plain mode) reads it as before."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[Segment]:
        lines = Text("\n").join(wrap(self, options.max_width))
        lines.end = self.end
        yield from lines.render(console, end=self.end)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        lines = self.plain.split("\n")
        widest_word = max((columns(line[a:b].strip()) for line in lines for a, b in pieces(line)), default=0)
        return Measurement(min(widest_word, options.max_width), min(max(map(columns, lines)), options.max_width))


def wrappable(text: Text) -> Text:
    """``text`` as Rich should lay it out: as it is, unless it holds Thai (:class:`Wrapped`)."""
    if not has_thai(text.plain):
        return text
    out = Wrapped(style=text.style, justify=text.justify, overflow=text.overflow, no_wrap=text.no_wrap, end=text.end)
    out.append_text(text)
    return out


def card_panel(card: CardDef, with_id: bool = False) -> Panel:
    """A card's panel, titled by its name; ``with_id``: and its id (``momon cards``, whose
    reader writes decks, and decks list their cards by id)."""
    body = Text()
    body.append(clean(ngettext("{element} · Power {power} · {stars} Star", "{element} · Power {power} · {stars} Stars",
                               card.stars).format(element=element_name(card.element), power=card.power, stars=card.stars)) + "\n")
    body.append(_("Sights (from its Owner's seat): {sights}").format(sights=" ".join(card.sights) or _("none")) + "\n")
    if card.traits:
        body.append(clean(_("Traits: {traits}").format(traits=", ".join(card.traits))) + "\n")
    if card.abilities:
        body.append(clean(card_text(card), 2 * LIMIT) + "\n", style="bold")
    if card.flavor:
        body.append(clean(flavor_text(card), 2 * LIMIT) + "\n", style="italic dim")
    for term in for_card(card):  # the card's keywords in plain words ('rules <word>' goes on)
        body.append(f"{term.term}", style="bold").append(f" — {_(term.meaning)}\n", style="dim")
    body.rstrip()
    title = f"{card.name} ({card.id})" if with_id else card.name
    return Panel(wrappable(body), title=safe(title), title_align="left", expand=False)


def object_panel(seen: Observation, obj: GameObject) -> Panel:
    """A card where it is now: its current Power, Controller, Ward and Token."""
    need(seen)
    panel = card_panel(obj.card)
    ward = _("Ward yes") if has_ward(seen.state, obj) else _("Ward no")
    extra = styled("\n" + _("On {space}: Power {power} now, {element}, controlled by {player}, owned by P{owner}; "
                             "{ward}; Token worth {value}"),
                   space=str(obj.space), power=str(power(seen.state, obj)), element=element_name(element(seen.state, obj)),
                   player=player_label(seen, obj.controller or obj.owner), owner=str(obj.owner), ward=ward,
                   value=str(token_value(obj)))
    return Panel(Group(panel.renderable, extra), title=panel.title, title_align="left", expand=False)


def end_screen(seen: Observation, log_path: str | None, width: int = 80, named: str | None = None,
               words_width: int | None = None) -> list[Text]:
    """The final Arena, each player's Marking Tokens and their worth, then the winner last.
    ``named``: the shortest name the record commands take for the record (default: its path);
    ``words_width``: where the lines under the Arena wrap (default ``width``)."""
    return arena_lines(seen, 1, width) + end_lines(seen, log_path, words_width or width, named)


def end_lines(seen: Observation, log_path: str | None, width: int = 80, named: str | None = None) -> list[Text]:
    """The end screen under its Arena: how the game ended, each player's Tokens, where it is saved, the winner."""
    result = need(seen).state.result
    assert result is not None
    zones = seen.state.zones
    lines: list[Text] = []
    conceded = next((e.player for e in seen.story if isinstance(e, events.Conceded)), None)
    how = (_("{name} conceded").format(name=clean(seen.setup.names[conceded - 1], NAME_LIMIT)) if conceded
           else _(narrate.END_WORDS[result.reason]))
    lines.append(Text(_("Game over — {how}.").format(how=how), style="bold"))
    for p in (1, 2):
        tokens = [f"{o.space} {token_value(o)}" for o in zones.arena_objects() if o.controller == p]
        line = Text.assemble(player_label(seen, p), f" {result.scores[p]}: " + (" + ".join(tokens) or _("no Tokens")))
        lines.extend(wrap(line, width))
    if result.tiebreak:
        lines.append(Text(_("Tied: the holder of the First Player Token wins (BASELINE 7.4).")))
    if log_path:
        lines.extend(wrap(safe(_("Game saved to {path}; watch it again with: momon replay {name}").format(
            path=log_path, name=named or log_path), 2 * LIMIT, "dim"), width))
    lines.append(styled(_("Winner: {player}"), "bold", player=player_label(seen, result.winner)))
    return lines


def card_by_id(seen: Observation, card_id: str) -> CardDef:
    """A card this seat can see, by id: on the Arena, face-up in a Void, in its own Hand, or
    one that has left the Arena (a trigger's Source may have gone)."""
    zones = seen.state.zones
    cards = [o.card for o in zones.objects.values()] + [k.card for k in zones.last_known.values()]
    return next(c for c in cards if c.id == card_id)


def _attempt_arrow(seen: Observation, decision: Decision, direction: str, key: str, seat: int) -> str:
    """The arrow of the Sight an Attempt follows, as drawn for ``seat`` (its word is its Owner's)."""
    for obj in seen.state.zones.arena_objects():
        if obj.controller == decision.player and direction in obj.card.sights and obj.space is not None \
                and sight_target(obj.space, direction, obj.owner) == key:
            return ARROW[screen_direction(direction, 1 if obj.owner == seat else 2)]
    return "→"


def decision_view(seen: Observation, decision: Decision, seat: int | None = None, accepted: bool = True) -> Text:
    """Who decides, what, and the numbered options with the state they depend on; arrows are
    drawn for ``seat`` (the decider's by default). ``accepted``: end with what an answer
    looks like (the full screen says it under the prompt instead)."""
    seat = seat or decision.player
    zones = need(seen).state.zones
    text = Text()
    text.append_text(player_label(seen, decision.player))
    # TRANSLATORS: after the deciding player's name and seat, e.g. "Ann (P1) decides: ..."
    text.append(clean(_(" decides: {prompt}").format(prompt=prompt_text(decision)), 2 * LIMIT) + "\n", style="bold")
    kind = decision.kind
    if kind is Kind.ORDER_ATTEMPTS:
        for i, a in enumerate(decision.options, 1):  # a line each at 80 columns: the log says the rule
            arrow = _attempt_arrow(seen, decision, a.direction, a.key, seat)
            text.append(clean(_(" {number}. {direction} {arrow} {defender} on {space} (Power {attacker_power} vs "
                                "{defender_power}, {attacker_element} vs {defender_element}): now {verdict}").format(
                number=i, direction=a.direction, arrow=arrow, defender=a.defender_name, space=a.key,
                attacker_power=a.attacker_power, defender_power=a.defender_power,
                attacker_element=element_name(a.attacker_element), defender_element=element_name(a.defender_element),
                verdict=_(narrate.SHORT_VERDICT[a.reason])),
                2 * LIMIT) + "\n")
        for orders, does in order_outcomes(decision):
            text.append(clean(_("   order {orders}: {does}").format(orders=" / ".join(orders), does=does), 2 * LIMIT)
                        + "\n", style="dim")
    elif kind is Kind.ORDER_TRIGGERS:
        for i, t in enumerate(decision.options, 1):
            card = card_by_id(seen, t.card)
            text.append(clean(f" {i}. {t.name}: {ability_text(card.abilities[t.ability])}", 2 * LIMIT) + "\n")
    elif kind is Kind.TARGETS:
        view = decision.trigger
        if view is not None:
            text.append(clean(f" {ability_text(card_by_id(seen, view.card).abilities[view.ability])}", 2 * LIMIT) + "\n")
        for i, space in enumerate(decision.options, 1):
            obj = zones.objects[zones.arena[space]]
            called = element_name(element(seen.state, obj))
            text.append(clean(f" {i}. {space} {obj.card.name} (Power {power(seen.state, obj)}, {called}, "
                              f"{obj.card.stars}★, P{obj.controller})") + "\n")
    elif kind is Kind.CARD:
        for i, key in enumerate(decision.options, 1):
            used = _(" (once-only used)") if SPENT in key else ""
            text.append(f" {i}. {card_line(card_by_id(seen, card_of_key(key)))}{used}\n")
    elif kind is Kind.YES_NO:
        view = decision.trigger
        assert view is not None  # a yes/no is always an ability's "may"
        text.append(clean(f" {ability_text(card_by_id(seen, view.card).abilities[view.ability])}", 2 * LIMIT) + "\n")
        if view.targets:
            named = [_("{card} on {space}").format(card=zones.objects[zones.arena[s]].card.name, space=s)
                     for s in view.targets if s in zones.arena]
            text.append(clean(_(" Targets: {targets}").format(targets=", ".join(named)), 2 * LIMIT) + "\n")
    elif kind is Kind.PICK_FACE_DOWN:
        text.append(_(" Face-down cards 1-{count}, shuffled: you cannot see them.").format(count=len(decision.options))
                    + "\n")
    elif kind is Kind.SPACE:
        if decision.card is not None:  # a Void Fallback: the card the opponent picked, to be placed
            text.append(f" {card_line(card_by_id(seen, decision.card))}\n")
        text.append(_(" Spaces: {spaces}").format(spaces=" ".join(decision.options)) + "\n")
    elif kind is Kind.SUMMON:
        text.append(_(" Empty Spaces: {spaces}").format(spaces=" ".join(zones.empty_spaces())) + "\n")
    else:
        assert_never(kind)
    if accepted:
        text.append(_(" Answer: {accepted}").format(accepted=_(ACCEPTED[kind])), style="dim")
    else:
        text.rstrip()  # the options' last line break
    return text


def order_outcomes(decision: Decision) -> list[tuple[list[str], str]]:
    """What each order of the Attempts does, where the engine could tell: orders that do the
    same share a line (six orders of three Attempts would not fit 80x24 otherwise). Spaces
    are named in the order the Attempts are listed, whatever order resolves them, so that
    lines compare at a glance; the abilities that start waiting are named only where the
    orders differ in them."""
    outcomes = decision.outcomes
    keys = decision.keys()
    listed = {k: i for i, k in enumerate(keys)}
    waits = len({o.waiting for o in outcomes}) > 1

    def as_listed(powers: tuple[tuple[str, int], ...]) -> list[tuple[str, int]]:
        return sorted(powers, key=lambda space_power: listed[space_power[0]])

    grouped: dict[str, list[str]] = {}
    for o in outcomes:
        gone = _("; the Momon on {spaces} leaves the Arena").format(spaces=", ".join(o.lost)) if o.lost else ""
        powers = as_listed(o.snatched_powers)
        at = _("; Snatched at Power {powers}").format(powers=", ".join(f"{s} {p}" for s, p in powers)) if powers else ""
        by = "".join(_("; {space} snatched back by Power {power}").format(space=s, power=p)
                     for s, p in as_listed(o.snatcher_powers))
        then = _("; then waiting: {abilities}").format(
            abilities=", ".join(f"{n} (P{c})" for n, c in o.waiting) or _("nothing")) if waits else ""
        rest = f"{gone}{at}{by}{then}"
        does = (_("Snatches {spaces}{rest}").format(spaces=", ".join(o.snatched), rest=rest) if o.snatched
                else _("Snatches nothing{rest}").format(rest=rest))
        grouped.setdefault(does, []).append(" ".join(str(listed[k] + 1) for k in o.order))
    return [(orders, does) for does, orders in grouped.items()]
