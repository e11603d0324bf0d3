"""A child's pipe read to its end on a thread: a server that writes much to its log (stderr)
never blocks on a full pipe while a test waits on a screen, and the test reads what it wrote."""

from __future__ import annotations

import threading
from typing import IO


class Drained:
    """The lines read from ``pipe`` so far, by a thread that reads until its end."""

    def __init__(self, pipe: IO[str]) -> None:
        self.lines: list[str] = []
        self.thread = threading.Thread(target=self._read, args=(pipe,), daemon=True)
        self.thread.start()

    def _read(self, pipe: IO[str]) -> None:
        for line in pipe:
            self.lines.append(line)

    def text(self, wait: float = 10.0) -> str:
        """All that was read, once the pipe has ended (the child gone) or ``wait`` seconds passed."""
        self.thread.join(wait)
        return "".join(self.lines)
