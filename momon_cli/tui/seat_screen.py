"""One seat's full screen (or, for a script, its plain lines): what a front end at a terminal
draws and reads for a session (momon_cli/session), from the updates it hands over.

Every decision gets one full screen (frame.py): the Arena from the deciding player's seat,
what the decision is about and the latest lines of the game, with the prompt under them;
command output stands in the frame until the next line (Enter pages through it), and a
decision longer than the screen turns its pages with PgDn and PgUp, or '>' and '<'. Everything
is drawn from the observation of the update last taken; the session holds the game. A script
gets the same game as plain lines. The hot-seat game (hot_seat.py) and an SSH seat
(serve/seat.py) each hold one of these.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import TypeVar

from rich.console import Console, RenderableType
from rich.text import Text

from ..engine import Decision, Observation
from ..language import _
from ..session import Confirm, Session, Shown, Update, Viewed
from ..text.notation import ACCEPTED
from ..text.safe import safe
from . import commands, render
from .completion import PositionCompleter
from .frame import View, compose, lines_of, too_small
from .screen import LINE_LIMIT, Screen
from .script import PlainReader, ScriptReader

T = TypeVar("T")
PAGE_KEYS = {">": 1, "<": -1}  # a line of one of these turns the decision's page, as PgDn and PgUp do
STATUS_LEAST = 36  # columns the status line keeps beside a corner (else the corner's last parts are not shown)


class SeatScreen:
    """What one seat's terminal shows of a session, and the lines read from it."""

    def __init__(self, session: Session, console: Console, reader: Screen | ScriptReader | PlainReader) -> None:
        self.session, self.console, self.reader = session, console, reader
        self.interactive = reader.interactive
        self.histories: dict[int, list[str]] = {1: [], 2: []}  # each player's own lines, for Up and Down
        self.view = View()
        self.seen: Observation = session.seen
        self._completer: PositionCompleter | None = None
        # said at the status line's end, most needed first (a served room's clock, a guest's rejoin code)
        self.corner: Callable[[], tuple[str, ...]] = lambda: ()

    def _print(self, renderable: RenderableType) -> None:
        """Command output: printed for a script, in the frame (until the next line) at the keyboard."""
        if isinstance(self.reader, Screen):
            self.view.info.extend(lines_of(renderable, self.reader.size()[0]))
        else:
            self.console.print(renderable)

    def show(self, shown: Shown, update: Update) -> None:
        for item in commands.rendered(shown, update, screen=True):
            self._print(item)
        if shown.latest:
            self.view.info_latest = True

    def error(self, message: str) -> None:
        self.note(message, "red")

    def stop(self, message: str) -> None:
        """A script's line that answers nothing: said with its number; the script stops there."""
        assert isinstance(self.reader, ScriptReader)
        self.error(_("line {number}: {why}").format(number=self.reader.line_number, why=message))
        self.console.print(safe(_("Game saved to {path}").format(path=self.session.recorder.path)), soft_wrap=True)

    def note(self, message: str, style: str = "bold") -> None:
        """One line: on the message line at the keyboard (until the next line), printed for a script."""
        if isinstance(self.reader, Screen):
            self.reader.message = safe(message, LINE_LIMIT, style)
        else:
            self.console.print(safe(message, LINE_LIMIT, style))

    def think(self, message: str, work: Callable[[], T]) -> T:
        """Run ``work`` (a hint's search): under a spinner at the keyboard, where Ctrl-C stops
        it with KeyboardInterrupt; straight through for a script."""
        if isinstance(self.reader, Screen):
            return self.reader.busy(message, work)
        return work()

    def _take(self, update: Update) -> None:
        """Draw from ``update``'s observation; a script prints the story's new lines."""
        self.seen = update.seen
        for full, short in update.told:
            told = self._told(full, short)
            if told is not None:
                self.console.print(Text(told))

    def _told(self, full: str, short: str | None) -> str | None:
        """The line printed as an event is narrated (None: none): a script prints every event's."""
        return None if self.interactive else full if self.session.full_log else short or full

    def _back_to_the_terminal(self) -> None:
        """Leave the game's screen (kept from prompt to prompt) before printing on the terminal's own."""
        if isinstance(self.reader, Screen):
            self.reader.leave()

    def _last_words(self, message: str) -> None:
        """A line printed as the session ends: on the terminal itself, as no screen follows."""
        self._back_to_the_terminal()
        self.console.print(safe(message, LINE_LIMIT, "red"), soft_wrap=True)  # a path or command copies whole

    def _frame(self, width: int, height: int, below: int) -> list[Text]:
        self.view.log = self.session.story(self.seen.seat).lines()
        lines = compose(self.seen, self.view, width, height, below)
        parts = self.corner()
        corner = Text(" · ".join(parts), style="bold")
        while len(parts) > 1 and width - corner.cell_len < STATUS_LEAST:  # the first parts that fit, whole
            parts = parts[:-1]
            corner = Text(" · ".join(parts), style="bold")
        if corner.plain and too_small(width, height) is None and width - corner.cell_len >= STATUS_LEAST:
            room = width - corner.cell_len - 2  # the status line in its shorter forms, if it must be
            status = render.status_line(self.seen, room)
            status.truncate(room)  # by cells: a name may hold wide letters
            # the last column stays blank: prompt_toolkit writes a line's last cell apart, and the corner is read whole
            lines[0] = status.append(" " * (width - 1 - status.cell_len - corner.cell_len)).append_text(corner)
        return lines

    def present(self, update: Update) -> None:
        """The decision before its first prompt: printed for a script (the screen draws it)."""
        self._take(update)
        d = update.decision
        assert d is not None
        self.view = View(seat=update.side, decision=d, hand=update.hand, news=update.news, result=update.result,
                         marks=update.marks)
        self._completer = PositionCompleter(update.seen, d, self.session.commands)
        if not self.interactive:
            self.console.print(render.decision_view(update.seen, d))

    def read(self, update: Update) -> str | None:
        prompt, decision = self._asking(update)
        return self._took(self.reader.read(prompt, self._completer, self.histories[decision.player]))

    async def aread(self, update: Update) -> str | None:
        """As :meth:`read`, awaited (the full screen on an event loop)."""
        assert isinstance(self.reader, Screen)
        prompt, decision = self._asking(update)
        return self._took(await self.reader.aread(prompt, self._completer, self.histories[decision.player]))

    def _asking(self, update: Update) -> tuple[str, Decision]:
        """Get the screen ready to read a line for the update's decision; the prompt."""
        d = update.decision
        assert d is not None
        name = self.session.name_of(d.player)
        self.view.queue = render.queue_lines(update.seen)
        if isinstance(self.reader, Screen):
            self.reader.hint = functools.partial(self._hint, d)
            self.reader.paging = self._page
            self.reader.title = _("momon — {name} decides").format(name=name)
        return f"{name} › ", d

    def _took(self, line: str) -> str | None:
        """The line read, for the session; None when the screen took it itself (Enter paging
        through command output, an answer while the game does not fit on the screen)."""
        if self.view.info and not line.strip() and len(line) <= LINE_LIMIT:  # Enter pages through output
            if not self.view.next_page():
                self.view.clear_info()
            return None
        self.view.clear_info()
        if isinstance(self.reader, Screen) and line.strip() in PAGE_KEYS:
            if not self._page(PAGE_KEYS[line.strip()]):
                self.note(_("The whole decision is on screen.") if not self.view.paged() else
                          _("No page that way: '>' (PgDn) turns forward, '<' (PgUp) back."))
            return None
        if isinstance(self.reader, Screen) and too_small(*self.reader.size()) and not self.session.is_command(line) \
                and len(line) <= LINE_LIMIT:
            self.error(_("The game is not on screen: make the terminal 80×24 or larger to answer ('quit' saves "
                         "and leaves)."))
            return None
        return line

    def _page(self, by: int) -> bool:
        """PgDn or '>' (1), PgUp or '<' (-1): the decision's next or earlier page, while no
        command output stands in its place; True when there was one."""
        return not self.view.info and self.view.turn_page(by)

    def confirm(self, question: Confirm, update: Update) -> str:
        """The question asked once, at the prompt, the hint under it saying what the answers do."""
        self._confirming()
        return self.reader.read(f"{question.question} ")

    async def aconfirm(self, question: Confirm, update: Update) -> str:
        assert isinstance(self.reader, Screen)
        self._confirming()
        return await self.reader.aread(f"{question.question} ")

    def _confirming(self) -> None:
        if isinstance(self.reader, Screen):  # the decision's hint would say what answers it, not the question
            self.reader.hint = _("y: yes · anything else: no, the game goes on")

    async def athink(self, message: str, work: Awaitable[T]) -> T:
        """Await ``work`` under a spinner (Ctrl-C stops waiting with KeyboardInterrupt)."""
        assert isinstance(self.reader, Screen)
        return await self.reader.abusy(message, work)

    def viewed(self, viewed: Viewed, update: Update) -> None:
        self.view.seat = update.side

    def _hint(self, decision: Decision) -> str:
        """Under the prompt: what Enter does while command output is shown (as the last frame
        laid it out), else what the prompt accepts."""
        if not self.view.info:
            return f"{_(ACCEPTED[decision.kind])} · Tab · help"
        return _("Enter: the next page") if self.view.more() else _("Enter: back to the decision")
