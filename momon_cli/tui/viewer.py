"""``momon replay``: step through a saved game, one event at a time, in either direction.

The record is replayed once, keeping a spectator's observation after every event (the
public game: a replay shows no Hand), so a step is a look-up (constant time) and what is
shown is exactly what the table showed at that moment.
The viewer is one full screen redrawn in place. ``move_lines`` is the game as a move list,
every answer in the words a player types, with the coach's marks beside those it rated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import FormattedTextControl, Layout, Window
from prompt_toolkit.output import Output
from rich.console import Console
from rich.text import Text

from ..engine import SPECTATOR, Decision, Game, Kind, Observation
from ..language import _
from ..record import Record
from ..record.header import setup_from_header, shown_names
from ..record.replay import rebuild
from ..text.narration import TIMING_WORDS, Narrator
from ..text.safe import clean
from ..widths import cut
from .frame import View, compose, pack, to_fragments
from .render import card_by_id

if TYPE_CHECKING:
    from ..bots.analysis import Mark

KEYS = {"n": "next", " ": "next", "right": "next", "enter": "next", "p": "previous", "left": "previous",
        "t": "next_turn", "T": "previous_turn", "e": "end", "b": "start", "v": "turn_view", "q": "quit",
        "c-d": "quit", "c-c": "quit"}


def keys() -> tuple[str, ...]:
    """What the keys do, in the language in use."""
    return (_("n/→/Enter next"), _("p/← previous"), _("t/T next/previous turn"), _("b start"), _("e end"),
            _("v turn the Arena"), _("q quit"))


def legend(width: int) -> list[Text]:
    """The keys, as many to a line as fit, a line breaking only between two of them."""
    return [Text(cut(line, width), style="dim") for line in pack(keys(), width)]


class Timeline:
    """The record's events, their lines in words, where each turn starts and the state after each."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.snapshots: list[Observation] = []
        game = rebuild(record, made=lambda g: g.listen(lambda _e: self._keep(g)))
        self.setup = game.setup
        narrator = Narrator(shown_names(record.header))  # a bot in the reader's language
        story = self.snapshots[-1].story if self.snapshots else ()
        self.lines = [narrator.line(e) or "" for e in story]
        self.turns = [i for i, e in enumerate(game.events) if e.kind == "turn_started"]
        self.last = len(game.events)

    def _keep(self, game: Game) -> None:
        """After each event: what a spectator saw then (a replay shows the public game)."""
        self.snapshots.append(game.observe(SPECTATOR))

    def at(self, step: int) -> Observation:
        return self.snapshots[step - 1]

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

    def frame(self, step: int, width: int, height: int, seat: int = 1, below: int = 0) -> list[Text]:
        """The screen at ``step``: the Arena then, and the story up to it in reading order,
        its last line (the step's own, in bold) at the bottom."""
        banner = [Text(_("Step {step}/{last}").format(step=step, last=self.last), style="bold")]
        view = View(seat=seat, banner=banner, log=[line for line in self.lines[:step] if line])
        return compose(self.at(step), view, width, height, below)

    def show(self, console: Console, step: int) -> None:
        for line in self.frame(step, console.width, 200):
            console.print(line, overflow="crop", no_wrap=True)


class Viewer:
    """The full-screen viewer: the frame of the current step, redrawn in place on every key."""

    def __init__(self, timeline: Timeline, step: int) -> None:
        self.timeline, self.step, self.seat = timeline, step, 1

    def _screen(self) -> FormattedText:
        size = get_app().output.get_size()
        keys = legend(size.columns)
        lines = self.timeline.frame(self.step, size.columns, size.rows, self.seat, len(keys))
        return FormattedText(to_fragments(lines + keys, size.columns))

    def _key(self, action: str, event: KeyPressEvent) -> None:
        if action == "quit":
            event.app.exit()
        elif action == "turn_view":
            self.seat = 3 - self.seat
        else:
            self.step = self.timeline.move(self.step, action)

    def run(self, pt_input: Input | None = None, pt_output: Output | None = None) -> None:
        bindings = KeyBindings()
        for key, action in KEYS.items():
            bindings.add(key)(lambda event, action=action: self._key(action, event))
        layout = Layout(Window(FormattedTextControl(self._screen), wrap_lines=False))
        Application(layout, key_bindings=bindings, full_screen=True, input=pt_input, output=pt_output).run()


def move_lines(record: Record, marks: dict[int, Mark], width: int = 80) -> list[Text]:
    """Every answer of the record, numbered as ``momon play --at @N`` takes it, with its turn,
    who gave it, the answer as typed, and the coach's mark, win chance and best answer where
    ``marks`` has a verdict on it."""
    from ..bots.coach import typed  # the bots are loaded only for a move list
    from ..data.cards import load_matrix
    from ..engine import answer_from_json

    game = Game(setup_from_header(record.header, load_matrix()), telling=False)
    names = [clean(n) for n in shown_names(record.header)]
    lines = [Text(_("Moves (#, turn, player, answer as typed; the coach's mark and win chance):"), style="bold")]
    for number, entry in enumerate(record.answers, 1):
        if entry["type"] == "concede":
            lines.append(Text(cut(_("#{number} {name} concedes").format(number=number,
                                                                       name=names[entry["player"] - 1]), width)))
            game.concede(entry["player"])
            break
        decision = game.pending
        assert decision is not None  # a record that replays has a decision for every answer
        answer = answer_from_json(entry["value"])
        words = clean(typed(game.observe(decision.player), decision, answer))
        line = Text(f"#{number:<3} " + _("turn {turn:>2}").format(turn=game.state.turn) + f" {names[decision.player - 1]}: ")
        line.append(words)
        verdict = marks.get(number)
        judged = Text()
        if verdict is not None:
            judged.append(f"  {verdict.mark}" if verdict.mark else "", style="bold red" if verdict.mark else "")
            judged.append(f"  {verdict.chance:.0%}", style="dim")
            if verdict.best:
                judged.append("  " + _("best: {answer}").format(answer=clean(verdict.best)), style="dim")
        if decision.kind is Kind.YES_NO:  # a bare yes or no: the ability it answered, cut before the verdict is
            asked = _answered(game.observe(decision.player), decision)
            line.append(cut(asked, max(0, width - line.cell_len - judged.cell_len)), style="italic")
        line.append_text(judged)
        line.truncate(width)
        lines.append(line)
        game.answer(answer)
    return lines


def _answered(seen: Observation, decision: Decision) -> str:
    """After a yes or no in the move list, the ability it used or declined, as its prompt and
    the decision's panel named it (with no question mark, which the list's marks use)."""
    view = decision.trigger
    assert view is not None  # a yes/no is always an ability's "may"
    timing = TIMING_WORDS.get(view.timing, view.timing)
    if card_by_id(seen, view.card).abilities[view.ability].once:
        # TRANSLATORS: after a yes or no in the move list: "yes — Sprite's once-only On Summon ability"
        said = _(" — {name}'s once-only {timing} ability")
    else:
        # TRANSLATORS: after a yes or no in the move list: "no — Sprite's On Summon ability"
        said = _(" — {name}'s {timing} ability")
    return said.format(name=clean(view.name), timing=timing)
