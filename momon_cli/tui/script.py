"""Line readers for the REPL without its full screen: a script (the lines a person would type,
from a file or stdin), or lines typed at a plain terminal (``momon play --plain``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import BinaryIO, TextIO

from prompt_toolkit.completion import Completer
from rich.console import Console

from ..text.safe import safe
from .screen import LINE_LIMIT, ctrl_c


class ScriptReader:
    """Lines a person would type, from a file or stdin: no pauses, each prompt and answer echoed.

    Lines arrive as bytes: one that is not UTF-8 reads with U+FFFD in it, so it is refused as
    an answer (naming its line) rather than ending the program.
    """

    interactive = False

    def __init__(self, lines: Iterable[bytes], console: Console) -> None:
        self._lines: Iterator[tuple[int, bytes]] = iter(enumerate(lines, 1))
        self.console = console
        self.line_number = 0

    def read(self, prompt: str, completer: Completer | None = None, history: list[str] | None = None) -> str:
        for number, raw in self._lines:
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if line.strip() and not line.lstrip().startswith("#"):
                self.line_number = number
                self.console.print(safe(prompt + line, LINE_LIMIT))
                return line
        raise EOFError


class PlainReader:
    """Lines typed at the terminal, read as the terminal hands them over (its own line
    editing, no escape sequence written): the prompt is written, then a line is read.

    Ctrl-C at a prompt drops the line and says so, as the screen does; Ctrl-D on an empty
    line (the end of the input) raises EOFError. A line longer than the REPL takes is read
    whole and refused there.
    """

    interactive = True

    def __init__(self, source: BinaryIO, out: TextIO) -> None:
        self.source, self.out = source, out

    def read(self, prompt: str, completer: Completer | None = None, history: list[str] | None = None) -> str:
        while True:
            self.out.write(prompt)
            self.out.flush()
            try:
                raw = self.source.readline(LINE_LIMIT + 2)
                if len(raw) > LINE_LIMIT and not raw.endswith(b"\n"):
                    while (rest := self.source.readline(LINE_LIMIT)) and not rest.endswith(b"\n"):
                        pass  # the rest of a line too long to answer: it is refused whole
            except KeyboardInterrupt:
                self.out.write(f"\n{ctrl_c()}\n")
                continue
            if not raw:
                self.out.write("\n")
                raise EOFError
            return raw.decode("utf-8", "replace").rstrip("\r\n")
