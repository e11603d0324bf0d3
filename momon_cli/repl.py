"""The hot-seat REPL: two players, one keyboard, every decision asked at a prompt.

The REPL is one answerer of the engine's decisions; a script is another input to the same
REPL. It prints every event as it happens (through the Narrator), keeps each Hand behind a
hand-off screen, and writes the game record through the Recorder.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.history import InMemoryHistory
from rich.console import Console
from rich.text import Text

from . import render, rulesdoc
from .answers import ACCEPTED, BadAnswer, completions, parse
from .engine import Decision, Game, IllegalAnswer, Kind
from .engine.effects import scores
from .narrate import Narrator
from .record import Recorder

COMMANDS = ("help", "inspect", "log", "queue", "rules", "concede", "save", "quit")
#: Decisions whose screen shows something the other player must not see (the Hand).
PRIVATE = (Kind.SUMMON,)

EXIT_DONE, EXIT_BAD_SCRIPT, EXIT_SCRIPT_ENDED = 0, 2, 3

HELP = """Answer the prompt, or type a command:
  help                  this text
  inspect <space|card>  a Momon on the Arena (e.g. 'inspect B2') or any card by id or name
  log [n]               the last n lines of the game log (default 10)
  queue                 the Trigger Queue
  rules <term|number>   look up the rules (e.g. 'rules ward', 'rules 10.2.4')
  concede               give up: the opponent wins
  save                  where this game is saved (every answer is saved as you play)
  quit                  save and leave; resume later with 'momon play --resume <record>'
Tab completes commands, cards and Spaces; Up/Down walk the history."""


class ScriptReader:
    """Lines a person would type, from a file or stdin: no pauses, each prompt and answer echoed."""

    interactive = False

    def __init__(self, lines: Iterable[str], console: Console) -> None:
        self._lines: Iterator[tuple[int, str]] = iter(enumerate(lines, 1))
        self.console = console
        self.line_number = 0

    def read(self, prompt: str) -> str:
        for number, raw in self._lines:
            line = raw.rstrip("\r\n")
            if line.strip() and not line.lstrip().startswith("#"):
                self.line_number = number
                self.console.print(Text(prompt + line))
                return line
        raise EOFError


class TerminalReader:
    """prompt_toolkit at the keyboard: completion, history and a toolbar with the decision."""

    interactive = True

    def __init__(self, hot_seat: HotSeat, pt_input=None, pt_output=None) -> None:
        self.hot_seat = hot_seat
        self.session = PromptSession(
            history=InMemoryHistory(),
            completer=WordCompleter(self._words, ignore_case=True),
            bottom_toolbar=self._toolbar,
            input=pt_input,
            output=pt_output,
        )

    def _words(self) -> list[str]:
        game = self.hot_seat.game
        return list(COMMANDS) + completions(game, game.pending)

    def _toolbar(self) -> str:
        game = self.hot_seat.game
        d = game.pending
        if d is None:
            return " Game over"
        s = scores(game.state)
        name = game.setup.names[d.player - 1]
        return (f" Turn {game.state.turn} · {name} (P{d.player}): {d.kind.value.replace('_', ' ')} · "
                f"score {s[0]}-{s[1]} · Tab completes · 'help' for commands")

    def read(self, prompt: str) -> str:
        return self.session.prompt(prompt)


class HotSeat:
    """Runs one game at the terminal (or from a script) until it ends or the players leave."""

    def __init__(self, game: Game, console: Console, recorder: Recorder, reader=None) -> None:
        self.game = game
        self.console = console
        self.recorder = recorder
        self.reader = reader if reader is not None else TerminalReader(self)
        self.narrator = Narrator(game.setup.names)
        self.log: list[str] = []
        self.viewer: int | None = None  # who is known to be at the keyboard
        self._since_handoff = 0

    # -- output --------------------------------------------------------------------------
    def _on_event(self, event) -> None:
        line = self.narrator.line(event)
        if line is not None:
            self.log.append(line)
            self.console.print(Text(line))

    def _show(self, decision: Decision) -> None:
        self.console.print(render.board(self.game, self.console.width))
        if decision.kind is Kind.SUMMON:
            self.console.print(render.hand_view(self.game, decision.player))
        self.console.print(render.decision_view(self.game, decision))

    def _handoff(self, player: int) -> None:
        """A screen without private information: the public log so far, then change hands."""
        self.console.clear()
        recent = self.log[self._since_handoff:][-30:]
        for line in recent:
            self.console.print(Text(line))
        self._since_handoff = len(self.log)
        name = self.game.setup.names[player - 1]
        self.console.print(Text(f"Pass to {name} — press Enter", style=render.PLAYER_STYLE[player]))
        while True:
            try:
                self.reader.read("⏎ ")
                break
            except KeyboardInterrupt:
                self._error("Interrupted. Press Enter to go on; Ctrl-D saves and leaves.")
        self.console.clear()
        self.viewer = player

    def _hide_private(self, log_from: int) -> None:
        """After a private answer: clear the Hand away, keep what that answer made happen."""
        self.console.clear()
        for line in self.log[log_from:]:
            self.console.print(Text(line))
        self.viewer = None

    def _error(self, message: str) -> None:
        self.console.print(Text(message, style="red"))

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> int:
        game = self.game
        earlier = [line for line in map(self.narrator.line, game.events) if line is not None]
        self.log.extend(earlier)
        if len(earlier) > 40:  # a resumed game: the end of its story so far
            self.console.print(Text(f"… {len(earlier) - 20} earlier lines ('log 100' shows more)", style="dim"))
        for line in earlier[-40 if len(earlier) <= 40 else -20:]:
            self.console.print(Text(line))
        game.listen(self._on_event)
        self.console.print(Text(f"Recording to {self.recorder.path}", style="dim"))
        while game.pending is not None:
            decision = game.pending
            private = self.reader.interactive and decision.kind in PRIVATE
            try:
                if private and decision.player != self.viewer:
                    self._handoff(decision.player)
                self._show(decision)
                log_from = len(self.log)
                code = self._ask(decision)
            except EOFError:
                code = self._leave()
            if code is not None:
                return code
            if private:
                self._hide_private(log_from)
        self.recorder.close()
        self.console.print(render.end_screen(game, str(self.recorder.path)))
        return EXIT_DONE

    def _ask(self, decision: Decision) -> int | None:
        """Read lines until one answers the decision (None) or ends the session (an exit code)."""
        name = self.game.setup.names[decision.player - 1]
        prompt = f"{name} › "
        while True:
            try:
                line = self.reader.read(prompt)
            except KeyboardInterrupt:
                self._error("Interrupted. Type 'quit' to save and leave, or 'concede' to give up.")
                continue
            word, _, rest = line.strip().partition(" ")
            if word.lower() in COMMANDS:
                code = self._command(word.lower(), rest.strip(), decision)
                if code == "answered":
                    return None
                if code is not None:
                    return code
                continue
            try:
                self.recorder.answer(parse(self.game, decision, line))
                return None
            except (BadAnswer, IllegalAnswer) as err:
                if not self.reader.interactive:
                    self._error(f"line {self.reader.line_number}: {err}")
                    self.console.print(f"Game saved to {self.recorder.path}")
                    self.recorder.close()
                    return EXIT_BAD_SCRIPT
                self._error(str(err))

    def _leave(self) -> int:
        self.recorder.close()
        self.console.print(f"\nGame saved to {self.recorder.path}")
        self.console.print(f"Resume it with: momon play --resume {self.recorder.path}")
        return EXIT_DONE if self.reader.interactive else EXIT_SCRIPT_ENDED

    def _command(self, word: str, arg: str, decision: Decision):
        game = self.game
        if word == "help":
            self.console.print(HELP)
            self.console.print(f"This prompt accepts: {ACCEPTED[decision.kind]}")
        elif word == "inspect":
            self._inspect(arg, decision.player)
        elif word == "log":
            n = int(arg) if arg.isdigit() else 10
            for line in self.log[-n:]:
                self.console.print(Text(line))
        elif word == "queue":
            queue = render.queue_lines(game)
            if not queue:
                self.console.print("The Trigger Queue is empty.")
            for line in queue:
                self.console.print(Text(line))
        elif word == "rules":
            found = rulesdoc.lookup(arg)
            if not arg or not found:
                self._error("Nothing found. Try a word or a rule number, e.g. 'rules ward' or 'rules 10.2.4'.")
            for passage in found:
                self.console.print(Text("• " + passage))
        elif word == "save":
            self.console.print(f"Saved to {self.recorder.path} (every answer is saved as you play).")
        elif word == "quit":
            return self._leave()
        elif word == "concede":
            if self.reader.interactive:
                name = game.setup.names[decision.player - 1]
                if self.reader.read(f"{name}, concede the game? (y/n) ").strip().lower() not in ("y", "yes"):
                    return None
            self.recorder.concede(decision.player)
            return "answered"
        return None

    def _inspect(self, arg: str, player: int) -> None:
        """A Momon on a Space, or a card the asking player can see (Arena, face-up Voids, own Hand)."""
        game = self.game
        zones = game.state.zones
        space = arg.upper()
        if space in zones.arena:
            self.console.print(render.object_panel(game, zones.objects[zones.arena[space]]))
            return
        visible = [zones.objects[o] for o in zones.arena.values()]
        visible += [zones.objects[o] for p in (1, 2) for o in zones.voids[p] if zones.objects[o].face_up]
        visible += [zones.objects[o] for o in zones.hands[player]]
        low = arg.lower()
        cards = {o.card.id: o.card for o in visible if low and (o.card.id.lower() == low
                                                              or o.card.name.lower().startswith(low))}
        if len(cards) == 1:
            self.console.print(render.card_panel(next(iter(cards.values()))))
        elif cards:
            self._error(f"{arg!r} could be {', '.join(sorted(c.name for c in cards.values()))}; type more of it.")
        else:
            self._error(f"Nothing to inspect at {arg!r}: give an occupied Space (e.g. B2), or a card you can see "
                        f"by id or name.")
