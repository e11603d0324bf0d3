"""One screen of the seen, composed to the terminal's size: it always holds the whole Arena,
what the decision is about and the last lines of what happened.

Narrow (80 columns): a status line, the Arena, the decision, then the log to fill the rest.
Wide (100 columns or more): the decision (the Hand, with its abilities) beside the Arena and
the log under it. Command output (help, rules, inspect ...) takes the log's place, or the
Arena's when it needs the room. A decision longer than its room is drawn a page at a time
(PgDn or '>' the next, PgUp or '<' the one before), its first line kept on every page, so
that every option is on screen at 80×24. The prompt itself is the screen's last lines (screen.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from io import StringIO

from rich.cells import cell_len
from rich.color import ColorType
from rich.console import Console, RenderableType
from rich.style import Style
from rich.text import Text

from ..engine import Decision, Kind, Observation, need
from ..language import _
from ..widths import truncate
from . import render
from .arena_view import arena_lines, cell_width, grid_width
from .marks import Change, labels

MIN_WIDTH, MIN_HEIGHT = 80, 24
PROMPT_LINES = 2  # the message line and the input line, drawn by the screen under the frame
WIDE = 100  # columns from which the decision goes beside the Arena
SIDE_MIN = 40  # columns the side panel gets when the Arena's cells can narrow to leave them
BESIDE_CELL = 15  # ... but a cell beside a panel keeps this many columns
NEWS_LINES = 3  # the most lines the "Meanwhile" news may take
RESULT_LINES = 2  # the most lines what the player's own last answer did may take, above the news


def legend() -> tuple[str, ...]:
    """What the screen's marks mean, in the rows a frame leaves empty (a tall terminal, a new game)."""
    return (_("Cells: name, marks W Ward · T2 Token worth 2 · ≠ not its Owner's"),
            _("then Controller, Power (* changed), Element, Stars ★ and Sight arrows (up: away from you)"),
            _("Since your last look: {new} placed · {snatched} Snatched · {moved} Moved or Swapped · {gone} sent "
              "away").format(**labels()),
            _("Hand: ✦ has an ability ('inspect 2' reads it) · 'preview 2 B3' plays a Summon on a copy"),
            _("'rules WORD' says what a word means · 'help' lists every command"))


@dataclass
class View:
    """What the screen shows besides the Arena: from whose seat, about which decision."""

    seat: int = 1
    decision: Decision | None = None
    hand: int | None = None  # whose Hand is shown (the deciding player's, at a Summon)
    banner: list[Text] = field(default_factory=list)  # a hand-off's lines, in the decision's place
    queue: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    info: list[Text] = field(default_factory=list)  # command output, until the next line is entered
    info_latest: bool = False  # the output is 'log' alone: when it does not fit, keep its end
    info_from: int = 0  # the first line of the output on screen (Enter turns the page)
    info_shown: int = 0  # how many of its lines the last frame had room for
    news: str = ""  # what happened since this player's last turn, at their Summon
    result: str = ""  # what this player's own last answer did
    marks: dict[str, Change] = field(default_factory=dict)  # what changed since this seat last looked
    page_from: int = 0  # the decision's first line on screen, when it does not fit (PgDn turns its page)
    page_starts: list[int] = field(default_factory=list)  # where its earlier pages began (PgUp goes back)
    page_shown: int = 0  # how many of its lines the last frame drew on the page
    page_total: int = 0  # how many lines the whole decision takes

    def clear_info(self) -> None:
        """Command output is gone once the next line is entered."""
        self.info, self.info_latest, self.info_from, self.info_shown = [], False, 0, 0

    def more(self) -> bool:
        """Whether the output has a page after the one the last frame drew (never for 'log'
        alone, which keeps its newest lines, nor before any frame had room for it)."""
        return not self.info_latest and 0 < self.info_shown and self.info_from + self.info_shown < len(self.info)

    def next_page(self) -> bool:
        """Turn the output's page; False when there is none to turn to."""
        if not self.more():
            return False
        self.info_from += self.info_shown
        return True

    def turn_page(self, by: int) -> bool:
        """Turn the decision's page forward (``by`` > 0) or back, as the last frame laid it
        out; False when there is no page that way."""
        if by > 0 and 0 < self.page_shown and self.page_from + self.page_shown < self.page_total:
            self.page_starts.append(self.page_from)
            self.page_from += self.page_shown
            return True
        if by < 0 and self.page_starts:
            self.page_from = self.page_starts.pop()
            return True
        return False

    def paged(self) -> bool:
        """Whether the last frame drew the decision a page at a time."""
        return self.page_shown < self.page_total


def too_small(width: int, height: int) -> Text | None:
    if width >= MIN_WIDTH and height >= MIN_HEIGHT:
        return None
    return Text(_("The terminal is {width}×{height}; momon needs {least_width}×{least_height}.").format(
        width=width, height=height, least_width=MIN_WIDTH, least_height=MIN_HEIGHT), style="bold red")


def pack(items: Sequence[str], width: int, separator: str = " · ") -> list[str]:
    """The items on as few lines of ``width`` columns as they fit, a line breaking only
    between two of them (an item wider than a line has one to itself)."""
    lines: list[str] = []
    for item in items:
        if lines and cell_len(f"{lines[-1]}{separator}{item}") <= width:
            lines[-1] += f"{separator}{item}"
        else:
            lines.append(item)
    return lines


def lines_of(renderable: RenderableType, width: int) -> list[Text]:
    """Any Rich renderable (Markdown, a Panel) as screen lines of ``width`` columns; a Text
    that holds Thai breaks between words (render.wrappable)."""
    if isinstance(renderable, Text):
        renderable = render.wrappable(renderable)
    console = Console(width=width, color_system=None, file=StringIO())
    lines = []
    for segments in console.render_lines(renderable, console.options, pad=False):
        line = Text()
        for seg in segments:
            line.append(seg.text, seg.style)
        lines.append(line)
    return lines


def _decision_lines(seen: Observation, view: View, width: int, room: int) -> list[Text]:
    lines = [line for banner in view.banner for line in render.wrap(banner, width)]  # wrapped where it is drawn
    d = view.decision
    if view.queue and (d is None or d.kind is not Kind.SUMMON):
        for line in view.queue:
            lines.extend(render.wrap(Text(line, style="yellow"), width))
    head = len(lines)  # where the decision's first line (who decides, what) is
    if d is not None and view.hand is not None and d.kind is Kind.SUMMON:
        drawn = render.hand_lines(seen, view.hand, width, room - len(lines))
        lines.extend(drawn)
        first = drawn[:1]
    elif d is not None:
        parts = [render.wrap(part, width) for part in render.decision_view(seen, d, view.seat, accepted=False).split("\n")]
        lines.extend(line for part in parts for line in part)
        first = parts[0]
    else:
        first = []
    if room <= 0:
        return []
    return _page(view, lines, first if len(first) <= room - 3 else [], head, width, room)


def _page(view: View, lines: list[Text], first: list[Text], head: int, width: int, room: int) -> list[Text]:
    """The decision's ``lines`` in ``room`` lines: all of them when they fit, else the page
    the view is at, with the decision's ``first`` lines (at ``head``) kept above it once
    they have scrolled away, and under it what is before and after and which keys turn the
    page."""
    view.page_total = len(lines)
    if len(lines) <= room or view.page_from >= len(lines):  # all of it fits now (a larger terminal)
        view.page_from, view.page_starts = 0, []
    if len(lines) <= room:
        view.page_shown = len(lines)
        return lines
    start = view.page_from
    kept = first if start >= head + len(first) else []
    said = len(_turning(len(lines), len(lines), width))  # the most lines the words under the page take
    shown = lines[start:start + max(1, room - said - len(kept))]
    view.page_shown = len(shown)
    return kept + shown + _turning(len(lines) - start - len(shown), start - len(kept), width)


def _turning(after: int, before: int, width: int) -> list[Text]:
    """Under a page of the decision: how many lines come ``after`` it and ``before`` it, and
    the keys that show them."""
    if after and before:
        said = _("… {after} more lines: PgDn or '>' · {before} before: PgUp or '<'").format(after=after, before=before)
    elif after:
        said = _("… {after} more lines: PgDn or '>' shows them").format(after=after)
    else:
        said = _("… {before} lines before these: PgUp or '<' shows them").format(before=before)
    return render.wrap(Text(said, style="bold"), width)


def _least_hand(seen: Observation, view: View) -> int:
    """The fewest lines the Hand shown at this decision takes (its title, two cards a line)."""
    d = view.decision
    if d is None or view.hand is None or d.kind is not Kind.SUMMON:
        return 0
    return render.least_hand_lines(len(seen.state.zones.hands[view.hand]))


def _news_lines(view: View, width: int) -> list[Text]:
    """What the player's own last answer did (up to RESULT_LINES lines), then what the other
    player did, at a Summon (up to NEWS_LINES)."""
    return _kept(view.result, width, RESULT_LINES) + _kept(view.news, width, NEWS_LINES)


def _kept(said: str, width: int, most: int) -> list[Text]:
    """``said`` in at most ``most`` lines, keeping its end (the latest moves, the score)."""
    lines = render.wrap(Text(said, style="bold"), width) if said else []
    if len(lines) > most:
        lines = [Text("…", style="bold").append_text(lines[-most])] + lines[1 - most:]
    return lines


def _log_lines(view: View, width: int, room: int) -> list[Text]:
    """The latest log lines that fit, oldest first."""
    if room <= 0:
        return []
    lines: list[Text] = []
    for line in reversed(view.log):
        wrapped = render.wrap(Text(line, style="dim" if lines else ""), width)
        if len(lines) + len(wrapped) > room:
            break
        lines[:0] = wrapped
    return lines


def _info_lines(view: View, width: int, room: int) -> list[Text]:
    """Command output in ``room`` lines: a page of it and how many lines follow (Enter shows
    them), or a log's newest lines."""
    rest = view.info[view.info_from:]
    if len(rest) <= room:
        view.info_shown = len(rest)
        return rest
    if view.info_latest:
        hidden = Text(_("… {n} earlier lines: 'log {total}' pages them").format(n=len(rest) - room + 1, total=len(view.info)),
                      style="dim")
        view.info_shown = room - 1
        return [hidden] + rest[len(rest) - room + 1:]
    view.info_shown = room - 1
    return rest[:room - 1] + [Text(_("… {n} more lines: Enter shows them").format(n=len(rest) - room + 1), style="dim")]


def compose(seen: Observation, view: View, width: int, height: int, below: int = PROMPT_LINES) -> list[Text]:
    """The frame above the prompt: exactly the lines that fit ``width`` × ``height`` with
    ``below`` lines left under it (the prompt, and a message that wraps)."""
    need(seen)
    small = too_small(width, height)
    if small is not None:
        return [small]
    room = height - below - 1
    status = render.status_line(seen, width)
    status = truncate(status, width, "…")
    wide = width >= WIDE
    arena_room = max(grid_width(BESIDE_CELL), width - SIDE_MIN - 2) if wide else width
    arena = arena_lines(seen, view.seat, arena_room, seen.setup.names[view.seat - 1], view.marks)
    left = grid_width(cell_width(arena_room))
    side = width - left - 2
    if view.info and len(view.info) > room - len(arena):
        body = _info_lines(view, width, room)
    elif wide:
        panel = _decision_lines(seen, view, side, room)
        below = room - len(arena)
        news = _news_lines(view, left)
        under = _info_lines(view, left, below) if view.info else news + _log_lines(view, left, below - len(news))
        column = arena + under
        body = [Text.assemble(a, " " * (left - a.cell_len + 2), b) if b is not None else a
                for a, b in zip(column, panel + [None] * (len(column) - len(panel)), strict=False)]
        body.extend(Text(" " * (left + 2)).append_text(p) for p in panel[len(column):])
    else:
        below = room - len(arena)
        if view.info:
            body = arena + _info_lines(view, width, below)
        else:
            # The Hand comes first: so that every card of it stays on screen, two to a line at
            # the least, the player's own move gives way whole (a tail of it would read as the
            # news), then the news its oldest lines.
            room_left = max(0, below - _least_hand(seen, view))
            mine, theirs = _kept(view.result, width, RESULT_LINES), _kept(view.news, width, NEWS_LINES)
            if len(mine) + len(theirs) > room_left:
                mine = []
            news = mine + theirs[len(theirs) - min(len(theirs), room_left):]
            decision = _decision_lines(seen, view, width, below - len(news))
            body = arena + decision + news + _log_lines(view, width, below - len(decision) - len(news))
    body = body[:room]
    marks = [wrapped for line in pack(legend(), width) for wrapped in render.wrap(Text(line, style="dim"), width)]
    if not view.info and len(body) + 1 + len(marks) <= room:
        body += [Text()] * (room - len(body) - len(marks)) + marks  # at the bottom, above the prompt
    return [status] + body


def to_fragments(lines: list[Text], width: int) -> list[tuple[str, str]]:
    """The lines as prompt_toolkit's styled fragments, each cut to ``width`` columns: drawn
    straight from the Text spans, with no terminal codes written and parsed again between
    (that round trip was most of the time from Enter to the next frame)."""
    fragments: list[tuple[str, str]] = []
    for i, line in enumerate(lines):
        if i:
            fragments.append(("", "\n"))
        line = truncate(line, width)  # between graphemes, never inside one (Rich's own cut parts SARA AM)
        if line.plain and cell_len(line.plain[-1]) == 0 and line.cell_len < width:
            # prompt_toolkit writes a zero-width mark into its letter's cell and into the next
            # one too, which the next character overwrites: at a line's end a Thai tone mark
            # would be drawn twice, so a space overwrites it
            line = line + " "
        plain = line.plain
        cuts = sorted({0, len(plain), *(x for span in line.spans for x in (span.start, span.end) if x < len(plain))})
        for start, end in zip(cuts, cuts[1:], strict=False):
            styles = (str(line.style), *(str(sp.style) for sp in line.spans if sp.start <= start and sp.end >= end))
            fragments.append((_pt_style(styles), plain[start:end]))
    return fragments


@lru_cache(maxsize=512)
def _pt_style(rich_styles: tuple[str, ...]) -> str:
    """Rich style definitions ("bold cyan", "dim", "reverse"), the later over the earlier, as
    one prompt_toolkit style string."""
    style = Style.combine([Style.parse(s) for s in rich_styles if s] or [Style()])
    words = [name for name in ("bold", "dim", "italic", "underline", "reverse", "strike") if getattr(style, name)]
    for prefix, color in (("fg", style.color), ("bg", style.bgcolor)):
        if color is None or color.is_default:
            continue
        if color.type is ColorType.STANDARD and color.number is not None:
            words.append(f"{prefix}:ansi{ANSI_NAMES[color.number]}")
        else:  # 256 colours and true colour alike, as prompt_toolkit takes them
            words.append(f"{prefix}:{color.get_truecolor().hex}")
    return " ".join(words)


#: The sixteen standard colours by number, as prompt_toolkit names them.
ANSI_NAMES = ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "gray", "brightblack", "brightred",
              "brightgreen", "brightyellow", "brightblue", "brightmagenta", "brightcyan", "white")
