"""The game's story as a seat reads it: each event of its observation narrated once, kept
as a full line and a terse one (None: bookkeeping the terse log leaves out)."""

from __future__ import annotations

from ..engine import Observation
from ..text.narration import Narrator, terse


class Story:
    """The narrated lines of one viewpoint's story, caught up from its observations."""

    def __init__(self, names: tuple[str, str], full_log: bool) -> None:
        self.narrator = Narrator(names)
        self.full_log = full_log
        self.log: list[tuple[str, str | None]] = []  # (full line, terse line) per narrated event
        self.told = 0  # the events of the story narrated so far

    def catch_up(self, seen: Observation) -> list[tuple[str, str | None]]:
        """Narrate the events of ``seen``'s story not yet told; the new entries."""
        start = len(self.log)
        for event in seen.story[self.told:]:
            line = self.narrator.line(event)
            if line is not None:
                self.log.append((line, terse(event, line)))
        self.told = len(seen.story)
        return self.log[start:]

    def lines(self, start: int = 0) -> list[str]:
        """The log's lines as shown, from narrated event ``start`` on."""
        return [full if self.full_log or short is None else short for full, short in self.log[start:]
                if short is not None or self.full_log]
