"""The Arena as a compact grid, drawn from one player's seat.

Each cell is two lines, so the whole 4x4 Arena is 13 rows and fits an 80x24 screen with the
decision and the prompt. The Arena is turned for the viewer (as chess programs turn the
board): their own side is at the bottom and "N" points up for them; Space names never
change. Every colour-coded fact also has letters (NO_COLOR).
"""

from __future__ import annotations

from rich.text import Text

from ..data.element_names import shortened, widths
from ..engine import (
    COLUMNS,
    ROWS,
    GameObject,
    Observation,
    element,
    has_ward,
    need,
    power,
    screen_direction,
    token_value,
)
from ..language import _
from ..text.safe import clean
from ..widths import columns as drawn
from ..widths import cut, pad
from .marks import Change, label

PLAYER_STYLE = {1: "bold cyan", 2: "bold magenta"}
ARROW = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
WIDEST = 20  # a cell's width when the screen has room: the longest card name and its marks
NARROWEST = 12


def cell_width(width: int) -> int:
    """The widest cell that lets the grid (row labels and borders included) fit ``width``."""
    return max(NARROWEST, min(WIDEST, (width - 7) // 4))


def grid_width(cell: int) -> int:
    return 2 + 4 * cell + 5


def orientation(seat: int) -> tuple[tuple[int, ...], str]:
    """Rows top to bottom and columns left to right as the player in ``seat`` sees them."""
    if seat == 2:
        return ROWS, COLUMNS[::-1]
    return tuple(reversed(ROWS)), COLUMNS


def arrows(obj: GameObject, seat: int) -> str:
    """The Momon's Sights as arrows on this seat's picture (a Sight reads from its Owner's seat)."""
    turned = {screen_direction(d, 1 if obj.owner == seat else 2) for d in obj.card.sights}
    return "".join(ARROW[d] for d in COMPASS if d in turned)


def _fit(parts: list[str], tail: str, width: int) -> str | None:
    """``parts`` left and ``tail`` right in ``width`` columns, or None when they do not fit."""
    line = " ".join(parts)
    if drawn(line) + drawn(tail) + 1 <= width:
        return line + " " * (width - drawn(line) - drawn(tail)) + tail
    return None


def _facts(seen: Observation, obj: GameObject, seat: int) -> tuple[str, str, str, str, str]:
    """A Momon's bottom line in words: Controller, Power, Element (its current one), Stars, Sights."""
    current = power(seen.state, obj)
    return (f"P{obj.controller or obj.owner}", f"{current}{'*' if current != obj.card.power else ''}",
            element(seen.state, obj), f"{obj.card.stars}★", arrows(obj, seat))


def _bottom(facts: tuple[str, str, str, str, str], room: int) -> tuple[list[str], str]:
    """The bottom line's words, the Element in the board's ``room`` (element_names.shortened), and the Sights."""
    who, strength, elem, stars, sights = facts
    form = clean(shortened(elem, room))
    return [who, strength, form, stars] if form else [who, strength, stars], sights


def _element_room(seen: Observation, seat: int, width: int) -> int:
    """The Element's room on this board: the widest form that fits every cell, so one board
    shows every Element alike (a name in one cell beside an initial in the next misreads).
    The words keep their spaces, so Controller and Power never run together."""
    rooms = widths()
    facts = [_facts(seen, obj, seat) for obj in seen.state.zones.arena_objects()]
    return min((next((r for r in rooms if _fit(*_bottom(f, r), width) is not None), 0) for f in facts),
               default=rooms[0])


def _occupied(seen: Observation, obj: GameObject, width: int, seat: int, change: Change | None,
              room: int) -> tuple[Text, Text]:
    state = seen.state
    value = token_value(obj)
    marks = ("W" if has_ward(state, obj) else "") + (f"T{value}" if value != 1 else "") \
        + ("≠" if obj.owner != obj.controller else "")
    facts = _facts(seen, obj, seat)
    who, strength, sights = facts[0], facts[1], facts[4]
    style = PLAYER_STYLE[obj.controller or obj.owner]  # on the Arena a Momon always has a Controller
    parts = _bottom(facts, room)[0]
    news = label(change) if change is not None and change != "gone" else ""
    # What changed goes on the bottom line where it fits beside the board's Element, else on
    # the top line beside the name: as its symbol alone where its word would cut the name
    # (the legend and 'help' say what each symbol means).
    low = _fit([*parts, news], sights, width) if news else None
    line = low or _fit(parts, sights, width)
    up = "" if low else news
    name = clean(obj.card.name)
    beside = drawn(marks) + 1 if marks else 0
    if up and drawn(name) + beside + drawn(up) + 1 > width:
        up = cut(up, 1, "")
    left = max(1, width - beside - (drawn(up) + 1 if up else 0))
    top = Text(pad(name, left), style=style)
    if marks:
        top.append(" " + marks, style="bold")
    if up:
        top.append(" ").append(up, style="reverse")
    bottom = Text(line or cut(f"{who} {strength} {sights}", width, ""))
    bottom.stylize(style, 0, 2)
    if low:
        at = bottom.plain.rfind(news)
        bottom.stylize("reverse", at, at + len(news))
    return top, bottom


def _cell(seen: Observation, space: str, width: int, seat: int, change: Change | None,
          room: int) -> tuple[Text, Text]:
    zones = seen.state.zones
    oid = zones.arena.get(space)
    if oid is None:
        gone = Text(_centred(label("gone"), width), style="reverse") if change == "gone" else Text(" " * width)
        return Text(space.center(width), style="dim"), gone
    return _occupied(seen, zones.objects[oid], width, seat, change, room)


def _centred(text: str, width: int) -> str:
    """``text`` in the middle of ``width`` columns, as ``str.center`` would put it were every
    character a column."""
    text = cut(text, width)
    room = width - drawn(text)
    left = room // 2 + (room % 2 if width % 2 else 0)  # str.center's rounding
    return " " * left + text + " " * (room - left)


def arena_lines(seen: Observation, seat: int = 1, width: int = 80, label: str = "",
                marks: dict[str, Change] | None = None) -> list[Text]:
    """The grid as lines: a border with the column letters, two lines a row, row labels left;
    ``label`` names the seat on the bottom border; ``marks`` are the changes to show (marks.py)."""
    need(seen)
    cell = cell_width(width)
    rows, columns = orientation(seat)
    bar = "─" * cell

    def rule(left: str, mid: str, right: str, letters: bool = False) -> Text:
        pieces = [f"─{c}─".center(cell, "─") for c in columns] if letters else [bar] * 4
        return Text("  " + left + mid.join(pieces) + right, style="dim")

    bottom = rule("└", "┴", "┘")
    if label:
        mark = " " + _("{name}'s side").format(name=clean(label, 2 * cell)) + " "
        start = (bottom.cell_len - drawn(mark)) // 2  # the border is a column a character
        bottom = Text(bottom.plain[:start] + mark + bottom.plain[start + drawn(mark):], style="dim")

    lines = [rule("┌", "┬", "┐", letters=True)]
    room = _element_room(seen, seat, cell)
    for i, r in enumerate(rows):
        cells = [_cell(seen, f"{c}{r}", cell, seat, (marks or {}).get(f"{c}{r}"), room) for c in columns]
        for half in (0, 1):
            line = Text(f"{r} " if half == 0 else "  ", style="bold")
            for text in (pair[half] for pair in cells):
                line.append("│", style="dim")
                line.append_text(text)
            line.append("│", style="dim")
            lines.append(line)
        lines.append(rule("├", "┼", "┤") if i < 3 else bottom)
    return lines
