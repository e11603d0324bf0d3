"""A script as the REPL's input: the lines a person would type, from a file or stdin."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from prompt_toolkit.completion import Completer
from rich.console import Console

from ..text.safe import safe

LINE_LIMIT = 4096  # characters in one typed or scripted line


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
