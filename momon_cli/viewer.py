"""``momon replay``: step through a saved game, one event at a time, in either direction.

Every step is a fresh replay of the record that stops right after that event, so what
is shown is exactly what the engine had at that moment.
"""

from __future__ import annotations

from prompt_toolkit import PromptSession
from prompt_toolkit.key_binding import KeyBindings
from rich.console import Console
from rich.text import Text

from . import render
from .narrate import Narrator
from .record import Record
from .replay import rebuild

KEYS = {"n": "next", " ": "next", "right": "next", "enter": "next", "p": "previous", "left": "previous",
        "t": "next_turn", "T": "previous_turn", "e": "end", "b": "start", "q": "quit", "c-d": "quit",
        "c-c": "quit"}
HELP = "n/→/Enter next · p/← previous · t next turn · T previous turn · b start · e end · q quit"


class Timeline:
    """The record's events, their lines in words, and where each turn starts."""

    def __init__(self, record: Record) -> None:
        self.record = record
        game = rebuild(record)
        narrator = Narrator(tuple(record.header["names"]))
        self.lines = [narrator.line(e) or "" for e in game.events]
        self.turns = [i for i, e in enumerate(game.events) if e.kind == "turn_started"]
        self.last = len(game.events)

    def step_of_turn(self, turn: int) -> int:
        """The step just after turn ``turn`` started (clamped to the game)."""
        index = max(0, min(turn, len(self.turns)) - 1)
        return self.turns[index] + 1 if self.turns else self.last

    def move(self, step: int, action: str) -> int:
        if action == "next":
            return min(self.last, step + 1)
        if action == "previous":
            return max(1, step - 1)
        if action == "next_turn":
            return next((t + 1 for t in self.turns if t + 1 > step), self.last)
        if action == "previous_turn":
            return next((t + 1 for t in reversed(self.turns) if t + 1 < step), 1)
        if action == "start":
            return 1
        return self.last  # "end"

    def show(self, console: Console, step: int) -> None:
        game = rebuild(self.record, stop_after=step)
        console.print(render.board(game, console.width))
        console.print(Text(f"Step {step}/{self.last}: {self.lines[step - 1]}", style="bold"))


def run_viewer(timeline: Timeline, console: Console, step: int, pt_input=None, pt_output=None) -> None:
    bindings = KeyBindings()
    for key, action in KEYS.items():
        bindings.add(key)(lambda event, action=action: event.app.exit(result=action))
    session = PromptSession(key_bindings=bindings, input=pt_input, output=pt_output)
    while True:
        timeline.show(console, step)
        try:
            action = session.prompt(f"{HELP} › ")
        except (EOFError, KeyboardInterrupt):
            return
        if action == "quit":
            return
        step = timeline.move(step, action)
