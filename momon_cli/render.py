"""Rich renderables for the Arena, the status panel, Hands, cards and the end screen.

A view only: it reads the engine's state and never changes it. Works without colour
(NO_COLOR): every colour-coded fact also has a letter or symbol.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import narrate
from .answers import ACCEPTED
from .cardtext import ability_text, card_text
from .engine import Decision, Game, Kind
from .engine.arena import COLUMNS, ROWS, screen_direction
from .engine.cards import CardDef
from .engine.effects import element, has_ward, power, scores, token_value
from .engine.triggers import Batch
from .engine.zones import GameObject

PLAYER_STYLE = {1: "bold cyan", 2: "bold magenta"}
ARROW = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}
CELL = 12
LEGEND = "* Power changed · W Ward · T2 Token worth 2 · ≠ not Owner"


def player_label(game: Game, player: int) -> Text:
    return Text(f"{game.setup.names[player - 1]} (P{player})", style=PLAYER_STYLE[player])


def _arrows(obj: GameObject) -> dict[str, str]:
    """Arrows keyed by where they are drawn (the screen direction), turned for Player 2."""
    return {screen_direction(d, obj.owner): ARROW[screen_direction(d, obj.owner)] for d in obj.card.sights}


def _cell(game: Game, space: str) -> Text:
    zones = game.state.zones
    oid = zones.arena.get(space)
    if oid is None:
        return Text(f"\n{space:^{CELL}}\n\n", style="dim")
    obj = zones.objects[oid]
    arrows = _arrows(obj)

    def g(direction: str) -> str:
        return arrows.get(direction, " ")
    current = power(game.state, obj)
    marks = ("W" if has_ward(game.state, obj) else "") + (f"T{token_value(obj)}" if token_value(obj) != 1 else "") \
        + ("≠" if obj.owner != obj.controller else "")
    middle = f"{current}{'*' if current != obj.card.power else ''} {element(game.state, obj)[:3]} {obj.card.stars}★"
    style = PLAYER_STYLE[obj.controller]
    text = Text()
    text.append(f"{g('NW')}    {g('N')}     {g('NE')}\n")
    text.append(f"{obj.card.name[:CELL]:^{CELL}}\n", style=style)
    text.append(f"{g('W')}{middle:^10}{g('E')}\n")
    text.append(f"{g('SW')}{'P' + str(obj.controller):^4}{g('S')}{marks:^5}{g('SE')}", style=None)
    return text


def arena_table(game: Game) -> Table:
    """The 4x4 grid seen from Player 1's seat: row 4 (Player 2's side) on top."""
    table = Table(show_header=True, show_lines=True, padding=(0, 0), header_style="bold")
    table.add_column("", width=1, justify="right")
    for c in COLUMNS:
        table.add_column(Text(c, justify="center"), width=CELL, justify="left", no_wrap=True)
    for r in reversed(ROWS):
        table.add_row(str(r), *(_cell(game, f"{c}{r}") for c in COLUMNS))
    return table


def status_table(game: Game) -> Table:
    state = game.state
    zones = state.zones
    score = scores(state)
    t = Table.grid(padding=(0, 1))
    t.add_column(style="bold")
    t.add_column()
    t.add_row("Turn", f"{state.turn} ({state.setup.profile} rules)")
    t.add_row("Active", player_label(game, state.active))
    t.add_row("First Player Token", player_label(game, state.first_token))
    t.add_row("Control Score", Text.assemble(player_label(game, 1), f" {score[0]} – {score[1]} ", player_label(game, 2)))
    for p in (1, 2):
        t.add_row(f"P{p} Hand / Void", f"{len(zones.hands[p])} / {len(zones.voids[p])}")
    queue = queue_lines(game)
    if queue:
        t.add_row("Trigger Queue", "\n".join(queue))
    return t


def queue_lines(game: Game) -> list[str]:
    """Every item waiting in the Trigger Queues (a Summon batch's own Queue first), with targets."""
    zones = game.state.zones
    lines = []
    for frame in reversed(game.state.frames):
        for item in frame.queue:
            if isinstance(item, Batch):
                obj = zones.objects.get(item.oid)
                lines.append(f"Summon batch: {obj.card.name if obj else '?'} (its On Summon, Check and post-Snatch)")
                continue
            on = [f"{zones.objects[o].card.name} on {zones.objects[o].space}" for o in item.targets
                  if zones.on_arena(o) is not None]
            lines.append(f"{item.card.name} (P{item.controller}): {ability_text(item.ability)}"
                         + (f" → {', '.join(on)}" if on else ""))
    return [f"{i}. {line}" for i, line in enumerate(lines, 1)]


def board(game: Game, width: int = 80) -> RenderableType:
    """The Arena with its legend and the status panel: side by side when there is room."""
    arena = Group(arena_table(game), Text(LEGEND, style="dim"))
    if width >= 100:
        grid = Table.grid(padding=(0, 2))
        grid.add_row(arena, status_table(game))
        return grid
    return Group(arena, status_table(game))


def card_line(card: CardDef) -> str:
    sights = " ".join(card.sights) or "none"
    traits = f" [{', '.join(card.traits)}]" if card.traits else ""
    return f"{card.name} ({card.id}) {card.element} Power {card.power} {card.stars}★ sights {sights}{traits}"


def hand_view(game: Game, player: int) -> Group:
    """A numbered Hand, one card a row with its ability beneath: readable at 60 columns."""
    rows = Table.grid(padding=(0, 1))
    rows.add_column(justify="right", style="bold")
    rows.add_column()
    zones = game.state.zones
    for i, oid in enumerate(zones.hands[player], 1):
        card = zones.objects[oid].card
        line = Text(card_line(card))
        if card.abilities:
            line.append("\n" + card_text(card), style="dim")
        rows.add_row(f"{i}.", line)
    return Group(Text.assemble(player_label(game, player), "'s Hand:"), rows)


def card_panel(card: CardDef) -> Panel:
    body = Text()
    body.append(f"{card.element} · Power {card.power} · {card.stars} Star{'s' if card.stars != 1 else ''}\n")
    body.append(f"Sights (from its Owner's seat): {' '.join(card.sights) or 'none'}\n")
    if card.traits:
        body.append(f"Traits: {', '.join(card.traits)}\n")
    if card.abilities:
        body.append(card_text(card) + "\n", style="bold")
    if card.flavor:
        body.append(card.flavor, style="italic dim")
    return Panel(body, title=f"{card.name} ({card.id})", title_align="left", expand=False)


def object_panel(game: Game, obj: GameObject) -> Panel:
    """A card where it is now: its current Power, Controller, Ward and Token."""
    panel = card_panel(obj.card)
    extra = Text(f"\nOn {obj.space}: Power {power(game.state, obj)} now, {element(game.state, obj)}, controlled by ")
    extra.append_text(player_label(game, obj.controller))
    extra.append(f", owned by P{obj.owner}; Ward {'yes' if has_ward(game.state, obj) else 'no'}; "
                 f"Token worth {token_value(obj)}")
    return Panel(Group(panel.renderable, extra), title=panel.title, title_align="left", expand=False)


def end_screen(game: Game, log_path: str | None) -> Panel:
    result = game.result
    zones = game.state.zones
    t = Table(title="Control Score by Marking Token", title_justify="left")
    for col in ("Space", "Momon", "Controller", "Worth"):
        t.add_column(col)
    for obj in zones.arena_objects():
        t.add_row(obj.space, obj.card.name, player_label(game, obj.controller), str(token_value(obj)))
    lines = Text()
    lines.append("Winner: ")
    lines.append_text(player_label(game, result.winner))
    lines.append(f"\nReason: {narrate.END_WORDS[result.reason]}\n")
    lines.append(f"Control Score: P1 {result.scores[1]} – P2 {result.scores[2]}\n")
    if result.tiebreak:
        lines.append("Tie-break used: the holder of the First Player Token wins (BASELINE 7.4)\n")
    if log_path:
        lines.append(f"Game log saved to {log_path}\n")
    return Panel(Group(lines, t), title="Game over", title_align="left", expand=False)


def _card_by_id(game: Game, card_id: str) -> CardDef:
    return next(p.card for p in game.setup.position.cards() if p.card.id == card_id)


def decision_view(game: Game, decision: Decision) -> Text:
    """Who decides, what, and the numbered options with the state they depend on."""
    zones = game.state.zones
    text = Text()
    text.append_text(player_label(game, decision.player))
    text.append(f" decides: {decision.prompt}\n", style="bold")
    kind = decision.kind
    if kind is Kind.ORDER_ATTEMPTS:
        for i, a in enumerate(decision.options, 1):
            verdict = narrate.attempt_reason(a.would_succeed, a.reason, a.attacker_power, a.defender_power,
                                             a.attacker_element, a.defender_element)
            text.append(f" {i}. {a.direction} → {a.defender_name} on {a.key} "
                        f"(Power {a.attacker_power} vs {a.defender_power}, {a.attacker_element} vs "
                        f"{a.defender_element}): now {verdict}\n")
        outcomes = decision.context.get("outcomes", ())
        for o in outcomes:  # what each order does, where the engine could tell
            order = " ".join(str(decision.keys().index(k) + 1) for k in o.order)
            gone = f"; the Momon on {', '.join(o.lost)} leaves the Arena" if o.lost else ""
            text.append(f"   order {order}: Snatches {', '.join(o.snatched) or 'nothing'}{gone}\n", style="dim")
    elif kind is Kind.ORDER_TRIGGERS:
        for i, t in enumerate(decision.options, 1):
            card = _card_by_id(game, t.card)
            text.append(f" {i}. {t.name}: {ability_text(card.abilities[t.ability])}\n")
    elif kind is Kind.TARGETS:
        view = decision.context.get("trigger")
        if view is not None:
            text.append(f" {ability_text(_card_by_id(game, view.card).abilities[view.ability])}\n")
        for i, space in enumerate(decision.options, 1):
            obj = zones.objects[zones.arena[space]]
            text.append(f" {i}. {space} {obj.card.name} (Power {power(game.state, obj)}, {element(game.state, obj)}, "
                        f"{obj.card.stars}★, P{obj.controller})\n")
    elif kind is Kind.CARD:
        for i, card_id in enumerate(decision.options, 1):
            text.append(f" {i}. {card_line(_card_by_id(game, card_id))}\n")
    elif kind is Kind.YES_NO:
        view = decision.context["trigger"]
        text.append(f" {ability_text(_card_by_id(game, view.card).abilities[view.ability])}\n")
        if view.targets:
            text.append(f" Targets: {', '.join(view.targets)}\n")
    elif kind is Kind.PICK_FACE_DOWN:
        text.append(f" Face-down cards 1-{len(decision.options)}, shuffled: you cannot see them.\n")
    elif kind is Kind.SPACE:
        text.append(f" Spaces: {' '.join(decision.options)}\n")
    else:  # Kind.SUMMON
        text.append(f" Empty Spaces: {' '.join(zones.empty_spaces())}\n")
    text.append(f" Answer: {ACCEPTED[kind]}", style="dim")
    return text
