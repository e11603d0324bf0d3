"""The Arena as a compact grid, drawn from one player's seat.

Each cell is two lines, so the whole 4x4 Arena is 13 rows and fits an 80x24 screen with the
decision and the prompt. The Arena is turned for the viewer (as chess programs turn the
board): their own side is at the bottom and "N" points up for them; Space names never
change. Every colour-coded fact also has letters (NO_COLOR).
"""

from __future__ import annotations

from rich.text import Text

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


def _occupied(seen: Observation, obj: GameObject, width: int, seat: int, change: Change | None) -> tuple[Text, Text]:
    state = seen.state
    current = power(state, obj)
    value = token_value(obj)
    marks = ("W" if has_ward(state, obj) else "") + (f"T{value}" if value != 1 else "") \
        + ("≠" if obj.owner != obj.controller else "")
    controller = obj.controller or obj.owner  # on the Arena a Momon always has a Controller
    style = PLAYER_STYLE[controller]
    elem = element(state, obj)
    who, strength, stars = f"P{controller}", f"{current}{'*' if current != obj.card.power else ''}", f"{obj.card.stars}★"
    sights = arrows(obj, seat)
    # When room is short: the Element's first three letters, then its first (each Element's
    # is its own), then none; the Stars stay. The words keep their spaces, so Controller and
    # Power never run together.
    tries = ([who, strength, elem, stars], [who, strength, cut(elem, 3, ""), stars], [who, strength, cut(elem, 1, ""), stars],
             [who, strength, stars])
    news = label(change) if change is not None and change != "gone" else ""
    # What changed goes on the bottom line while the Element keeps three letters there, else
    # on the top line beside the name: as its symbol alone where its word would cut the name
    # (the legend and 'help' say what each symbol means).
    low = next((fitted for parts in tries[:2] if news and (fitted := _fit([*parts, news], sights, width))), None)
    line = low or next((fitted for parts in tries if (fitted := _fit(parts, sights, width)) is not None), None)
    up = "" if low else news
    name = clean(obj.card.name)
    beside = drawn(marks) + 1 if marks else 0
    if up and drawn(name) + beside + drawn(up) + 1 > width:
        up = cut(up, 1, "")
    room = max(1, width - beside - (drawn(up) + 1 if up else 0))
    top = Text(pad(name, room), style=style)
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


def _cell(seen: Observation, space: str, width: int, seat: int, change: Change | None) -> tuple[Text, Text]:
    zones = seen.state.zones
    oid = zones.arena.get(space)
    if oid is None:
        gone = Text(_centred(label("gone"), width), style="reverse") if change == "gone" else Text(" " * width)
        return Text(space.center(width), style="dim"), gone
    return _occupied(seen, zones.objects[oid], width, seat, change)


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
    for i, r in enumerate(rows):
        cells = [_cell(seen, f"{c}{r}", cell, seat, (marks or {}).get(f"{c}{r}")) for c in columns]
        for half in (0, 1):
            line = Text(f"{r} " if half == 0 else "  ", style="bold")
            for text in (pair[half] for pair in cells):
                line.append("│", style="dim")
                line.append_text(text)
            line.append("│", style="dim")
            lines.append(line)
        lines.append(rule("├", "┼", "┤") if i < 3 else bottom)
    return lines
