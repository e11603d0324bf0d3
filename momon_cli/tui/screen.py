"""The full-screen prompt: the game's frame above, a message line (wrapping to three lines
when it must) and the input line below.

Each prompt is a prompt_toolkit Application on the alternate screen, so nothing it shows
— a Hand above all — reaches the terminal's scrollback. The alternate screen is entered
once, at the first prompt, and kept from one prompt to the next (each draws over the last),
so the shell never shows through between two answers; ``leave`` returns to the terminal's
own screen, with nothing of the game left on it. The frame is composed again at every
redraw, so a resized window is filled at its new size. Keys typed while a bot thinks are
kept for the next prompt's line (an Enter among them is dropped: nothing typed then answers).
At a prompt Ctrl-C clears the line (never leaves) and Ctrl-D on an empty line leaves
(EOFError), PgDn and PgUp turn the frame's page (``paging``, the seat's to say what that
is); while a bot thinks, Ctrl-C (or SIGINT) stops the session (KeyboardInterrupt).
"""

from __future__ import annotations

import asyncio
import contextvars
import shutil
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from prompt_toolkit.application import Application, get_app, get_app_or_none
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.clipboard import InMemoryClipboard
from prompt_toolkit.completion import Completer, DynamicCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.filters import has_completions
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import DummyHistory
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import BufferControl, Float, FloatContainer, FormattedTextControl, HSplit, Layout, Window
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.layout.screen import Screen as Cells
from prompt_toolkit.layout.screen import WritePosition
from prompt_toolkit.output import Output
from rich.text import Text

from ..language import _
from ..text.safe import clean
from .frame import PROMPT_LINES, lines_of, to_fragments

#: Seconds a thread may hold the interpreter while another waits, during a bot's thought: at
#: Python's default (5 ms) a busy search starved key reading for most of a second.
SWITCH = 0.001
MESSAGE_LINES = 3  # an error or a hint may wrap this far, the frame giving up its last lines
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
BUSY_REDRAW = 0.1  # seconds between a spinner's frames while work runs here (a bot's playouts count up)
WAIT_REDRAW = 1.0  # and while waiting on a person elsewhere: a served club has many such screens at once
TICK = 0.25  # seconds between two looks at what moves on a waiting prompt's frame (a clock's second)
LINE_LIMIT = 4096  # characters in one typed or scripted line (a longer one is refused in one line)
PROMPT_LIMIT = LINE_LIMIT + 1  # characters a prompt's line holds: enough to be refused as too long, and a
# line is drawn again at each key, so an unbounded 40,000-character paste cost a served club 800 MB
T = TypeVar("T")


def ctrl_c() -> str:
    """What Ctrl-C at a prompt says."""
    return _("Ctrl-C clears the line; type 'quit' to save and leave, or 'concede' to give up.")


class Lines(Window):
    """A window of screen lines (the frame, the message) whose last column may hold a letter
    with marks. prompt_toolkit puts a zero-width mark on the letter before it only while the
    mark's own column is inside the window, so at the terminal's last column it dropped the
    marks (a Thai ที่ there was drawn ท): this window reaches one column past the terminal's
    edge, which the terminal never draws, and the marks stay on their letter."""

    def write_to_screen(self, screen: Cells, mouse_handlers: MouseHandlers, write_position: WritePosition,
                        parent_style: str, erase_bg: bool, z_index: int | None) -> None:
        wider = WritePosition(write_position.xpos, write_position.ypos, write_position.width + 1, write_position.height)
        super().write_to_screen(screen, mouse_handlers, wider, parent_style, erase_bg, z_index)


class Screen:
    """Reads one line at a time, with ``frame(width, height, lines left below it)`` drawn
    above the prompt."""

    interactive = True

    def __init__(self, pt_input: Input | None = None, pt_output: Output | None = None) -> None:
        self.input, self.output = pt_input, pt_output
        self._kept: Output | None = None  # the output whose alternate screen is held between prompts
        self._quit: Callable[[], None] = lambda: None  # its own way out of the alternate screen
        self._inside = False
        self.typed_ahead = ""  # what was typed while a bot thought: the next prompt's line starts with it
        self.frame: Callable[[int, int, int], list[Text]] = lambda width, height, below: []
        self.message = Text()  # an error or a note, shown until the next line is entered
        self.hint: str | Callable[[], str] = ""  # what the prompt accepts (asked at each drawing), when no message
        self.paging: Callable[[int], bool] = lambda by: False  # PgDn (1) or PgUp (-1): True when the frame changed
        #: What, besides the game, the frame shows that moves while a prompt waits (a served
        #: room's clock): looked at a few times a second, the frame composed again when it changes.
        self.ticking: Callable[[], str] | None = None
        self._drawn_frames: dict[tuple[int, int, int], FormattedText] = {}  # this prompt's frame, by size
        self._reader: tuple[Application[str], Buffer] | None = None  # made at the first prompt
        self._running: Application[Any] | None = None  # the Application on screen now, if any
        self._prompt = ""
        self._completer: Completer | None = None
        self._history: list[str] = []
        self._walk: int | None = None  # where Up and Down are in the history (None: not walking)
        self.title = ""  # the window's title at the next prompt: whose turn it is (a tab shows it)

    def size(self) -> tuple[int, int]:
        """Columns and rows of the terminal, whether or not a prompt is running (between two
        prompts, prompt_toolkit's stand-in application would say 80x40)."""
        app = get_app_or_none()
        output = app.output if app is not None else self.output
        if output is None:
            columns, rows = shutil.get_terminal_size((80, 24))
            return columns, rows
        size = output.get_size()
        return size.columns, size.rows

    def _screen_output(self) -> Output:
        """The output every Application of this screen draws on: entering the alternate
        screen happens once, leaving it only in ``leave``."""
        if self._kept is None:
            from prompt_toolkit.output import create_output

            out = self.output or create_output()
            enter, self._quit = out.enter_alternate_screen, out.quit_alternate_screen

            def enter_once() -> None:
                if self._inside:
                    out.cursor_goto(0, 0)  # already there: the next screen is drawn over the last
                else:
                    enter()
                    self._inside = True

            setattr(out, "enter_alternate_screen", enter_once)  # noqa: B010 (an instance's own method)
            setattr(out, "quit_alternate_screen", lambda: None)  # noqa: B010
            self._kept = out
        return self._kept

    def resized(self) -> None:
        """The terminal has a new size (an SSH client's window, which sends no SIGWINCH here):
        the screen on it is drawn again, from whichever thread says so."""
        app = self._running
        loop = app.loop if app is not None else None
        if app is not None and loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(app._on_resize)

    def leave(self) -> None:
        """Back to the terminal's own screen (before anything is printed on it)."""
        if self._kept is not None and self._inside:
            self._kept.clear_title()
            self._quit()
            self._kept.flush()
            self._inside = False

    @staticmethod
    def _drawn(lines: list[Text]) -> FormattedText:
        """Screen lines as a window shows them, at the terminal's width."""
        return FormattedText(to_fragments(lines, get_app().output.get_size().columns))

    def _message_lines(self) -> list[Text]:
        """The hint (what the prompt accepts), or in its place the message wrapped to up to
        three lines (a refusal says what is accepted itself); lines taken from the frame."""
        if not self.message.plain:
            return [Text(self.hint() if callable(self.hint) else self.hint, style="dim")]
        return lines_of(self.message, get_app().output.get_size().columns)[:MESSAGE_LINES] or [Text()]

    def _top(self) -> FormattedText:
        """The frame, composed once for each size and message height while one prompt runs
        (a prompt draws again as it ends, and on every key, with the game unchanged)."""
        size = get_app().output.get_size()
        key = (size.columns, size.rows, PROMPT_LINES - 1 + len(self._message_lines()))
        if key not in self._drawn_frames:
            self._drawn_frames = {key: self._drawn(self.frame(*key))}
        return self._drawn_frames[key]

    def _top_height(self) -> int:
        """The frame's rows: all but the message and the input line (the prompt stays at the bottom)."""
        return max(1, get_app().output.get_size().rows - len(self._message_lines()) - (PROMPT_LINES - 1))

    def _message(self) -> FormattedText:
        return self._drawn(self._message_lines())

    def _busy_app(self, message: str | Callable[[], str], every: float) -> Application[None]:
        """The Application that shows ``message`` under a spinner, below the frame; keys typed
        meanwhile are kept for the next prompt, Ctrl-C stops it with KeyboardInterrupt."""
        self.message, self.hint, self._drawn_frames = Text(), "", {}
        started = time.monotonic()
        bindings = KeyBindings()

        @bindings.add("c-c")
        @bindings.add("<sigint>")
        def _interrupt(event: KeyPressEvent) -> None:
            if not event.app.is_done:  # the work may have finished in the same instant
                event.app.exit(exception=KeyboardInterrupt())

        @bindings.add(Keys.Any)
        def _keep(event: KeyPressEvent) -> None:
            self._type_ahead(event.data)

        def line() -> FormattedText:
            frame = SPINNER[int((time.monotonic() - started) / every) % len(SPINNER)]
            shown = [Text(f"{frame} {message() if callable(message) else message}", style="bold")]
            if self.typed_ahead:
                kept = _("  (typed: {keys} — kept for your prompt)").format(keys=self.typed_ahead[-30:])
                shown[0].append(clean(kept), style="dim")
            return self._drawn(shown)

        body = HSplit([Lines(FormattedTextControl(self._top), wrap_lines=False, height=self._top_height),
                       Lines(FormattedTextControl(line), height=1), Window(height=PROMPT_LINES - 1)])
        app: Application[None] = Application(Layout(body), key_bindings=bindings, full_screen=True, input=self.input,
                                             output=self._screen_output())

        async def tick() -> None:
            """Redrawn at once when the message changes (a player drops, a clock's second), and
            for the spinner's next frame every ``every`` seconds: a waiting screen costs little."""
            said, spun = None, time.monotonic()
            while True:
                await asyncio.sleep(BUSY_REDRAW)
                now = message() if callable(message) else message
                if now != said or time.monotonic() - spun >= every:
                    said, spun = now, time.monotonic()
                    app.invalidate()

        def start() -> None:
            app.create_background_task(tick())

        app.pre_run_callables.append(start)
        return app

    async def abusy(self, message: str | Callable[[], str], work: Awaitable[T], every: float = BUSY_REDRAW) -> T:
        """As :meth:`busy`, awaiting ``work`` (a future: a bot's thinking in an executor, the
        other seat's answer) on the running event loop, which it never blocks. Ctrl-C stops
        waiting with KeyboardInterrupt and cancels the waiting (not a thread already at work).
        ``every``: seconds between redraws (:data:`WAIT_REDRAW` where nothing but a clock moves)."""
        app = self._busy_app(message, every)
        task = asyncio.ensure_future(work)

        def finished(_: object) -> None:
            if app.is_running and not app.is_done:
                app.exit()

        task.add_done_callback(finished)
        app.after_render += lambda _: finished(None) if task.done() else None  # done before the first frame
        self._running = app
        try:
            await app.run_async()
        except BaseException:
            task.cancel()
            raise
        finally:
            self._running = None
        return await task

    def busy(self, message: str | Callable[[], str], work: Callable[[], T]) -> T:
        """The frame with ``message`` and a spinner under it while ``work`` runs in a thread
        (a bot thinking); a callable message is asked again at each redraw (its progress).
        Ctrl-C stops waiting with KeyboardInterrupt; the work's result is
        then dropped, never used."""
        done: list[tuple[T | None, BaseException | None]] = []
        app = self._busy_app(message, BUSY_REDRAW)

        def run() -> None:
            try:
                done.append((work(), None))
            except BaseException as err:  # handed to the waiting thread, raised there
                done.append((None, err))
            loop = app.loop
            if loop is not None and not loop.is_closed():
                loop.call_soon_threadsafe(finish)

        def finish() -> None:
            """The work is done. A busy worker can keep the event loop from reading keys
            while it runs, so a Ctrl-C typed meanwhile may still be unread: read it now.
            Other keys typed while the bot thought are kept for the next prompt, never taken
            as answers."""
            if not app.is_running or app.is_done:
                return
            typed = app.input.read_keys() + app.input.flush_keys()
            if any(k.key == Keys.ControlC for k in typed):
                app.exit(exception=KeyboardInterrupt())
            else:
                for key in typed:
                    self._type_ahead(key.data)
                app.exit()

        # in a copy of this thread's context: the work reads the waiting seat's language (language.py)
        worker = threading.Thread(target=contextvars.copy_context().run, args=(run,), daemon=True)

        def start(_: object) -> None:
            if worker.ident is None:  # once, after the first frame is on screen: a busy thread
                worker.start()  # could otherwise starve the drawing of it

        app.after_render += start
        interval = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH)  # the thread that draws and reads keys gets its turns promptly
        self._running = app
        try:
            app.run()
        finally:
            sys.setswitchinterval(interval)
            self._running = None
        value, error = done[0]
        if error is not None:
            raise error
        return value  # type: ignore[return-value]

    def _type_ahead(self, data: str) -> None:
        """Keep a printable key typed while nothing is asked (Enter and control keys are dropped)."""
        if data.isprintable() and len(self.typed_ahead) < 200:
            self.typed_ahead += data

    def read(self, prompt: str, completer: Completer | None = None, history: list[str] | None = None) -> str:
        """One line typed at ``prompt``; Up and Down walk ``history`` (the deciding player's own
        lines), and the line is added to it."""
        app = self._start_reading(prompt, completer, history)
        try:
            line = app.run()
        finally:
            self.message, self._running = Text(), None
        return self._kept_line(line)

    async def aread(self, prompt: str, completer: Completer | None = None, history: list[str] | None = None) -> str:
        """As :meth:`read`, awaited on the running event loop."""
        app = self._start_reading(prompt, completer, history)
        try:
            line = await app.run_async()
        finally:
            self.message, self._running = Text(), None
        return self._kept_line(line)

    def _start_reading(self, prompt: str, completer: Completer | None, history: list[str] | None) -> Application[str]:
        self._drawn_frames = {}  # the game may have changed since the last prompt
        app, buffer = self._reading_app()
        self._prompt, self._completer = prompt, completer
        self._history, self._walk = history if history is not None else [], None
        buffer.reset(Document(self.typed_ahead))
        self.typed_ahead = ""
        # Nothing typed at one prompt reaches the next but through its own history: the cut
        # text (Ctrl-Y) and a recorded macro (Ctrl-X e) may be the other player's.
        app.clipboard = InMemoryClipboard()
        app.emacs_state.macro = []
        app.output.set_title(clean(self.title))  # at every prompt: each new prompt says so (a pty test waits for it)
        if self.ticking is not None:
            def start() -> None:
                app.create_background_task(self._tick(app))

            app.pre_run_callables.append(start)
        self._running = app
        return app

    async def _tick(self, app: Application[str]) -> None:
        """While the prompt runs, the frame again whenever ``ticking`` says something new."""
        ticking = self.ticking
        assert ticking is not None
        said = ticking()
        while True:
            await asyncio.sleep(TICK)
            now = ticking()
            if now != said:
                said, self._drawn_frames = now, {}
                app.invalidate()

    def _kept_line(self, line: str) -> str:
        if line.strip() and self._history[-1:] != [line]:
            self._history.append(line)
        return line

    def _reading_app(self) -> tuple[Application[str], Buffer]:
        """The one Application every prompt runs (made at the first): its layout, key bindings
        and their caches are built once, so the next frame after Enter costs only its drawing."""
        if self._reader is not None:
            return self._reader
        bindings = KeyBindings()

        @bindings.add("c-c")
        def _interrupt(event: KeyPressEvent) -> None:
            event.current_buffer.reset()
            self.message = Text(ctrl_c(), style="red")

        @bindings.add("c-d")
        def _end(event: KeyPressEvent) -> None:
            if event.current_buffer.text:
                event.current_buffer.delete()
            else:
                event.app.exit(exception=EOFError())

        @bindings.add("pagedown")
        @bindings.add("pageup")
        def _page(event: KeyPressEvent) -> None:
            if self.paging(1 if event.key_sequence[0].key == Keys.PageDown else -1):
                self._drawn_frames = {}  # composed again for the new page

        @bindings.add("up", filter=~has_completions)
        @bindings.add("down", filter=~has_completions)
        def _walk(event: KeyPressEvent) -> None:
            self._step(event.current_buffer, -1 if event.key_sequence[0].key == Keys.Up else 1)

        def accept(buffer: Buffer) -> bool:
            get_app().exit(result=buffer.text)
            return False

        # The buffer keeps no history of its own (Ctrl-P, Ctrl-R): the player's own lines are walked by _step.
        def capped(buffer: Buffer) -> None:  # a paste or a flood of keys: the line stops at the cap
            if len(buffer.text) > PROMPT_LIMIT:
                buffer.text = buffer.text[:PROMPT_LIMIT]

        buffer = Buffer(completer=DynamicCompleter(lambda: self._completer), history=DummyHistory(), multiline=False,
                        accept_handler=accept, complete_while_typing=False, on_text_changed=capped)
        body = HSplit([
            Lines(FormattedTextControl(self._top), wrap_lines=False, height=self._top_height),
            Lines(FormattedTextControl(self._message), height=lambda: len(self._message_lines())),
            Window(BufferControl(buffer, input_processors=[BeforeInput(lambda: self._prompt)]),
                   height=PROMPT_LINES - 1),
        ])
        layout = Layout(FloatContainer(body, [Float(xcursor=True, ycursor=True, content=CompletionsMenu(max_height=8))]))
        app: Application[str] = Application(layout, key_bindings=bindings, full_screen=True, input=self.input,
                                            output=self._screen_output())
        self._reader = app, buffer
        return self._reader

    def _step(self, buffer: Buffer, by: int) -> None:
        """Up (-1) or Down (+1) through this prompt's history; past the newest, an empty line."""
        history = self._history
        at = (len(history) if self._walk is None else self._walk) + by
        if 0 <= at <= len(history):
            self._walk = at
            buffer.document = Document(history[at] if at < len(history) else "")

