"""The full-screen prompt: the game's frame above, a message line and the input line below.

A prompt_toolkit Application on the alternate screen, so nothing it shows — a Hand above
all — reaches the terminal's scrollback, and nothing is left on screen after it closes.
The frame is composed again at every redraw, so a resized window is filled at its new size.
Ctrl-C clears the line (never leaves); Ctrl-D on an empty line leaves (EOFError).
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import Completer
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.history import History, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import BufferControl, Float, FloatContainer, FormattedTextControl, HSplit, Layout, Window
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from rich.text import Text

from .frame import PROMPT_LINES, to_ansi

CTRL_C = "Ctrl-C clears the line; type 'quit' to save and leave, or 'concede' to give up."


class Screen:
    """Reads one line at a time, with ``frame(width, height)`` drawn above the prompt."""

    interactive = True

    def __init__(self, pt_input=None, pt_output=None) -> None:
        self.input, self.output = pt_input, pt_output
        self.frame: Callable[[int, int], list[Text]] = lambda width, height: []
        self.message = Text()  # an error or a note, shown until the next line is entered
        self.hint = ""  # what the prompt accepts, shown when there is no message

    def size(self) -> tuple[int, int]:
        """Columns and rows of the terminal (80x24 before the first prompt has run)."""
        try:
            size = get_app().output.get_size()
        except Exception:  # no application running yet
            return 80, 24
        return size.columns, size.rows

    def _top(self) -> ANSI:
        size = get_app().output.get_size()
        lines = self.frame(size.columns, size.rows)
        return ANSI(to_ansi(lines, size.columns))

    def _message(self) -> ANSI:
        size = get_app().output.get_size()
        line = self.message if self.message.plain else Text(self.hint, style="dim")
        return ANSI(to_ansi([line], size.columns))

    def read(self, prompt: str, completer: Completer | None = None, history: History | None = None) -> str:
        """One line typed at ``prompt``; every prompt has its own history unless one is given."""
        bindings = KeyBindings()

        @bindings.add("c-c")
        def _interrupt(event: KeyPressEvent) -> None:
            event.current_buffer.reset()
            self.message = Text(CTRL_C, style="red")

        @bindings.add("c-d")
        def _end(event: KeyPressEvent) -> None:
            if event.current_buffer.text:
                event.current_buffer.delete()
            else:
                event.app.exit(exception=EOFError())

        def accept(buffer: Buffer) -> bool:
            get_app().exit(result=buffer.text)
            return False

        buffer = Buffer(completer=completer, history=history or InMemoryHistory(), multiline=False,
                        accept_handler=accept, complete_while_typing=False)
        body = HSplit([
            Window(FormattedTextControl(self._top), wrap_lines=False),
            Window(FormattedTextControl(self._message), height=1),
            Window(BufferControl(buffer, input_processors=[BeforeInput(prompt)]), height=PROMPT_LINES - 1),
        ])
        layout = Layout(FloatContainer(body, [Float(xcursor=True, ycursor=True, content=CompletionsMenu(max_height=8))]))
        app: Application[str] = Application(layout, key_bindings=bindings, full_screen=True, input=self.input,
                                            output=self.output, erase_when_done=True)
        try:
            return app.run()
        finally:
            self.message = Text()
