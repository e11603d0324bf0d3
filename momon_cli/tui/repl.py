"""The hot-seat game at the terminal: the full screen (or a script's plain lines), a front
end over a session (momon_cli/session), which holds the game.

At the keyboard every decision gets one full screen (frame.py): the Arena from the deciding
player's seat, what the decision is about and the latest lines of the game, with the prompt
under them. Everything a screen shows is drawn from one seat's observation, as the session
hands it over: the deciding player's, or a spectator's on a hand-off screen. Two people at
one keyboard: before any decision of the player who is not at the keyboard comes a hand-off
screen (the session's policy) that takes only Enter (or ``undo``, or ``quit``). Everything is
on the alternate screen, so no Hand reaches the scrollback. A script gets the same game as
plain lines.
"""

from __future__ import annotations

import functools
import shlex
from collections.abc import Callable
from typing import Protocol, TypeVar

from rich.console import Console, RenderableType
from rich.text import Text

from .. import exits
from ..data.goals import Verdict
from ..engine import SPECTATOR, Decision, Game, Observation
from ..language import _
from ..record import Recorder, Seat, resume_hint, short_name
from ..session import Confirm, Front, Outcome, Session, Shown, Update, Viewed, play
from ..session.bot_turn import BotTurn
from ..text.notation import ACCEPTED
from ..text.safe import safe
from . import commands, render
from .arena_view import PLAYER_STYLE
from .completion import PositionCompleter
from .frame import View, compose, lines_of, too_small
from .screen import Screen
from .script import LINE_LIMIT, PlainReader, ScriptReader

T = TypeVar("T")


def one_keyboard(game: Game, recorder: Recorder, interactive: bool, *, open_hands: bool = False,
                 full_log: bool = False, fixed_seat: int | None = None, bots: dict[int, Seat] | None = None,
                 extra: tuple[str, ...] = ()) -> Session:
    """The session of two players at one keyboard: a hand-off before every decision of the
    one not at it (not for a script, nor with open hands or a bot)."""
    session = Session(game, recorder, bots=bots, handoff=interactive, open_hands=open_hands, full_log=full_log,
                      extra=extra)
    session.fixed_seat = fixed_seat
    return session


class HotSeat:
    """Runs a session at the terminal (or from a script) until it ends or the players leave."""

    resumes_with = ""  # what the line saying how to resume adds to the command

    def __init__(self, game: Game | Session, console: Console, recorder: Recorder | None = None,
                 reader: Screen | ScriptReader | PlainReader | None = None, **options: object) -> None:
        self.console = console
        self.reader = reader if reader is not None else Screen()
        self.interactive = self.reader.interactive
        if isinstance(game, Session):
            self.session = game
        else:
            assert recorder is not None
            self.session = one_keyboard(game, recorder, self.interactive, **options)  # type: ignore[arg-type]
        self.histories: dict[int, list[str]] = {1: [], 2: []}  # each player's own lines, for Up and Down
        self.view = View()
        self.seen: Observation = self.session.seen
        self.verdict: Verdict | None = None  # a puzzle's, once its turn has ended (tui/puzzle.py)

    @property
    def game(self) -> Game:
        return self.session.game

    # -- output --------------------------------------------------------------------------
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

    def bot(self, turn: BotTurn, update: Update) -> object:
        """A bot's turn: the screen shows the person's side, with the bot's progress against its budget."""
        self._take(update)
        if isinstance(self.reader, Screen):
            self.view = View(seat=self.session.side(3 - turn.player), decision=None, marks=update.marks)
            return self.reader.busy(turn.progress, turn.think)
        return turn.think()

    def watch(self, update: Update, decision: Decision, version: int) -> None:
        raise AssertionError("one keyboard: no seat waits for another")

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
        return compose(self.seen, self.view, width, height, below)

    # -- the hand-off ---------------------------------------------------------------------
    def handoff(self, player: int, update: Update, news: str | None) -> str:
        """The hand-off to ``player``: a spectator's view, what happened since the last one."""
        self._take(update)
        name = self.session.name_of(player)
        banner = [Text(_("Pass to {name} — press Enter").format(name=name), style=PLAYER_STYLE[player] + " reverse")]
        if news:
            banner.append(Text(news, style="bold"))
        self.view = View(seat=update.side, banner=banner, marks=update.marks)
        if isinstance(self.reader, Screen):
            self.reader.hint, self.reader.title = "", _("momon — pass to {name}").format(name=name)
        return "⏎ "

    def read_handoff(self, prompt: str) -> str:
        line = self.reader.read(prompt)  # no completer, an empty history: nothing of either Hand
        if not line.strip() and isinstance(self.reader, Screen):
            self.reader.message = Text()
        return line

    # -- a decision -------------------------------------------------------------------------
    def present(self, update: Update) -> None:
        """The decision before its first prompt: printed for a script (the screen draws it)."""
        self._take(update)
        d = update.decision
        assert d is not None
        self.view = View(seat=update.side, decision=d, hand=update.hand, news=update.news, marks=update.marks)
        self._completer = PositionCompleter(update.seen, d, self.session.commands)
        if not self.interactive:
            self.console.print(render.decision_view(update.seen, d))

    def read(self, update: Update) -> str | None:
        d = update.decision
        assert d is not None
        name = self.session.name_of(d.player)
        self.view.queue = render.queue_lines(update.seen)
        if isinstance(self.reader, Screen):
            self.reader.hint = functools.partial(self._hint, d)
            self.reader.title = _("momon — {name} decides").format(name=name)
        line = self.reader.read(f"{name} › ", self._completer, self.histories[d.player])
        if self.view.info and not line.strip() and len(line) <= LINE_LIMIT:  # Enter pages through output
            if not self.view.next_page():
                self.view.clear_info()
            return None
        self.view.clear_info()
        if isinstance(self.reader, Screen) and too_small(*self.reader.size()) and not self.session.is_command(line) \
                and len(line) <= LINE_LIMIT:
            self.error(_("The game is not on screen: make the terminal 80×24 or larger to answer ('quit' saves "
                         "and leaves)."))
            return None
        return line

    def confirm(self, question: Confirm, update: Update) -> str:
        self.view.info = [Text(question.question, style="bold")]
        answer = self.reader.read(question.prompt)
        self.view.clear_info()
        return answer

    def viewed(self, viewed: Viewed, update: Update) -> None:
        self.view.seat = update.side

    def _hint(self, decision: Decision) -> str:
        """Under the prompt: what Enter does while command output is shown (as the last frame
        laid it out), else what the prompt accepts."""
        if not self.view.info:
            return f"{_(ACCEPTED[decision.kind])} · Tab · help"
        return _("Enter: the next page") if self.view.more() else _("Enter: back to the decision")

    # -- the session, start to end ------------------------------------------------------------
    def run(self) -> int:
        if isinstance(self.reader, Screen):
            self.reader.frame = self._frame
            self.reader.message = self._opening()
        else:
            for line in self.session.story(SPECTATOR).lines()[-20:]:
                self.console.print(Text(line))
            self.console.print(self._opening())
        return run_at_terminal(self)

    def _opening(self) -> Text:
        """The line the session opens with."""
        if self.session.goal is not None:
            return Text(self.session.goal.opening(), style="bold")
        return safe(_("Recording to {path}").format(path=self.session.recorder.path), style="dim")

    def _end(self) -> int:
        """The game is over: the end screen, on the terminal's own screen (it stays there)."""
        self.session.close()
        if self.session.goal is not None:
            from .puzzle import ending

            return ending(self)
        self._take(self.session.updates(SPECTATOR))
        self._back_to_the_terminal()
        path = self.session.recorder.path
        for line in render.end_screen(self.seen, str(path), self.console.width, shlex.quote(short_name(path))):
            self.console.print(line, overflow="crop", no_wrap=True)
        return exits.DONE

    def _leave(self) -> int:
        self._back_to_the_terminal()
        goal = self.session.goal
        if goal is not None:
            self.console.print(safe(_("Left the puzzle. Start it again with: {command}").format(command=goal.again)),
                               soft_wrap=True)
        else:
            self.console.print(safe(_("Game saved to {path}").format(path=self.session.recorder.path)), soft_wrap=True)
            self.console.print(safe(self._resume_line()), soft_wrap=True)
        return exits.DONE if self.interactive else exits.SCRIPT_ENDED

    def _resume_line(self) -> str:
        return _("Resume it with: {command}").format(command=resume_hint(self.session.recorder.path)
                                                     + self.resumes_with)


class Terminal(Front, Protocol):
    """A front end at a terminal: what :func:`run_at_terminal` needs of it."""

    session: Session

    def _end(self) -> int: ...

    def _leave(self) -> int: ...

    def _last_words(self, message: str) -> None: ...

    def _resume_line(self) -> str: ...

    def _back_to_the_terminal(self) -> None: ...


def run_at_terminal(front: Terminal) -> int:
    """Play the front end's session to its end (the end screen) or until its players leave,
    and the exit status; a Ctrl-C or a record that cannot be written stops it, saved so far."""
    session = front.session
    try:
        try:
            outcome = play(session, front)
        except EOFError:  # the input closed (while a bot thought, too)
            outcome = Outcome.LEFT
        if outcome is Outcome.OVER:
            return front._end()
        session.close()
        if outcome is Outcome.STOPPED:
            return exits.BAD_SCRIPT
        return front._leave()
    except KeyboardInterrupt:  # Ctrl-C while the engine ran or a bot thought: answers are on disk
        session.close()
        front._last_words(_("Interrupted. The game is saved to {path}").format(path=session.recorder.path))
        front._last_words(front._resume_line())  # copies whole
        return exits.INTERRUPTED
    except OSError as err:  # the record could not be written (a full disk): stop, saved so far
        session.close()
        front._last_words(_("cannot write the game record {path}: {error}; the game is saved up to its last whole "
                            "answer").format(path=session.recorder.path, error=err.strerror))
        return exits.FAILED
    finally:  # whatever stops the session (a rules error too), the terminal gets its own screen back
        front._back_to_the_terminal()
