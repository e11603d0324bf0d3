"""The hot-seat game: two players at one keyboard (or a script), a front end over a session
(momon_cli/session), which holds the game.

The screen (seat_screen.py) draws everything from one seat's observation, as the session
hands it over: the deciding player's, or a spectator's on a hand-off screen. Before any
decision of the player who is not at the keyboard comes a hand-off screen (the session's
policy) that takes only Enter (or ``undo``, or ``quit``). Everything is on the alternate
screen, so no Hand reaches the scrollback. A script gets the same game as plain lines.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

from rich.console import Console
from rich.text import Text

from .. import exits
from ..engine import SPECTATOR, Game
from ..language import _
from ..record import Recorder, Seat, resume_hint, short_name
from ..session import Confirm, Front, Outcome, Session, Shown, Update, Viewed, play
from ..session.bot_turn import BotTurn
from ..text.safe import safe
from . import render
from .arena_view import PLAYER_STYLE
from .frame import View
from .screen import Screen
from .script import PlainReader, ScriptReader
from .seat_screen import SeatScreen

if TYPE_CHECKING:  # a puzzle's (tui/puzzle.py): the goals load with a puzzle
    from ..data.goals import Verdict

T = TypeVar("T")
PIPED_WIDTH = 10_000  # columns: piped output is not wrapped, so a script reads each line whole


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
    """Runs a session at one keyboard (or from a script) until it ends or the players leave:
    its screen is a :class:`SeatScreen` it holds; the hand-off, the bots' turns, the end and
    the leaving are its own."""

    resumes_with = ""  # what the line saying how to resume adds to the command

    def __init__(self, game: Game | Session, console: Console, recorder: Recorder | None = None,
                 reader: Screen | ScriptReader | PlainReader | None = None, *, open_hands: bool = False,
                 full_log: bool = False, fixed_seat: int | None = None, bots: dict[int, Seat] | None = None,
                 bell: bool = False) -> None:
        self.console = console
        self.bell = bell  # BEL at the other side's move, a hand-off and the end (``--bell``)
        self.resumes_with = " --bell" if bell else ""
        self.reader = reader if reader is not None else Screen()
        self.interactive = self.reader.interactive
        if isinstance(game, Session):
            self.session = game
        else:
            assert recorder is not None
            self.session = one_keyboard(game, recorder, self.interactive, open_hands=open_hands, full_log=full_log,
                                        fixed_seat=fixed_seat, bots=bots)
        self.drawn = SeatScreen(self.session, console, self.reader)
        self.verdict: Verdict | None = None  # a puzzle's, once its turn has ended (tui/puzzle.py)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def view(self) -> View:
        return self.drawn.view

    # -- drawn and read as any seat's screen --------------------------------------------------
    def present(self, update: Update) -> None:
        self.drawn.present(update)

    def read(self, update: Update) -> str | None:
        return self.drawn.read(update)

    def show(self, shown: Shown, update: Update) -> None:
        self.drawn.show(shown, update)

    def note(self, message: str) -> None:
        self.drawn.note(message)

    def error(self, message: str) -> None:
        self.drawn.error(message)

    def stop(self, message: str) -> None:
        self.drawn.stop(message)

    def think(self, message: str, work: Callable[[], T]) -> T:
        return self.drawn.think(message, work)

    def confirm(self, question: Confirm, update: Update) -> str:
        return self.drawn.confirm(question, update)

    def viewed(self, viewed: Viewed, update: Update) -> None:
        self.drawn.viewed(viewed, update)

    def _frame(self, width: int, height: int, below: int) -> list[Text]:
        return self.drawn._frame(width, height, below)

    def _told(self, full: str, short: str | None) -> str | None:
        return self.drawn._told(full, short)

    def _back_to_the_terminal(self) -> None:
        self.drawn._back_to_the_terminal()

    def _last_words(self, message: str) -> None:
        self.drawn._last_words(message)

    # -- one keyboard's own ------------------------------------------------------------------
    def ring(self) -> None:
        """The bell (``--bell``): one BEL to the terminal, which moves nothing on the screen."""
        if self.bell:
            self.console.file.write("\a")
            self.console.file.flush()

    def bot(self, turn: BotTurn, update: Update) -> object:
        """A bot's turn: the screen shows the person's side, with the bot's progress against its budget."""
        self.drawn._take(update)
        if isinstance(self.reader, Screen):
            self.drawn.view = View(seat=self.session.side(3 - turn.player), decision=None, marks=update.marks,
                                   result=update.result)
            answer = self.reader.busy(turn.progress, turn.think)
        else:
            answer = turn.think()
        self.ring()
        return answer

    def handoff(self, player: int, update: Update, news: str | None) -> str:
        """The hand-off to ``player``: a spectator's view, what happened since the last one."""
        self.drawn._take(update)
        name = self.session.name_of(player)
        self.ring()
        banner = [Text(_("Pass to {name} — press Enter").format(name=name), style=PLAYER_STYLE[player] + " reverse")]
        if news:
            banner.append(Text(news, style="bold"))
        self.drawn.view = View(seat=update.side, banner=banner, marks=update.marks)
        if isinstance(self.reader, Screen):
            self.reader.hint, self.reader.title = "", _("momon — pass to {name}").format(name=name)
        return "⏎ "

    def read_handoff(self, prompt: str) -> str:
        line = self.reader.read(prompt)  # no completer, an empty history: nothing of either Hand
        if not line.strip() and isinstance(self.reader, Screen):
            self.reader.message = Text()
        return line

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
        self.ring()
        if self.session.goal is not None:
            from .puzzle_end import ending

            return ending(self)
        self.drawn._take(self.session.updates(SPECTATOR))
        self._back_to_the_terminal()
        path = self.session.recorder.path
        # piped, a line is never cut or wrapped: a script reads the saved path whole
        piped = not self.console.is_terminal
        named = shlex.quote(short_name(path))
        lines = render.end_screen(self.drawn.seen, str(path), self.console.width, named,
                                  words_width=PIPED_WIDTH if piped else None)
        lines[-1:-1] = [safe(line, style="dim") for line in rematch_lines(self.session, named, self.resumes_with)]
        for line in lines:
            self.console.print(line, soft_wrap=True) if piped else self.console.print(line, overflow="crop", no_wrap=True)
        return exits.DONE

    def _leave(self) -> int:
        self._back_to_the_terminal()
        return leaving(self)

    def _resume_line(self) -> str:
        return resume_line(self.session, self.resumes_with)


class Terminal(Front, Protocol):
    """A front end at a terminal: what :func:`run_at_terminal` needs of it."""

    session: Session
    console: Console
    resumes_with: str

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


def leaving(front: Terminal) -> int:
    """The lines a front end at a terminal leaves with (where the game is saved and how to
    resume it; a puzzle: how to start it again), and the exit status."""
    session, console = front.session, front.console
    if session.goal is not None:
        console.print(safe(_("Left the puzzle. Start it again with: {command}").format(command=session.goal.again)),
                      soft_wrap=True)
    else:
        console.print(safe(_("Game saved to {path}").format(path=session.recorder.path)), soft_wrap=True)
        console.print(safe(resume_line(session, front.resumes_with)), soft_wrap=True)
    return exits.DONE if front.interactive else exits.SCRIPT_ENDED


def rematch_lines(session: Session, named: str, resumes_with: str = "") -> list[str]:
    """The line at the end of a game that starts its rematch (the same players, seats
    swapped), for a game dealt from decks (a position's game has none to deal again)."""
    start = session.game.setup.position
    if start.turn != 1 or start.arena or any(start.voids):
        return []
    return [_("A rematch, seats swapped: momon play --rematch {name}{options}").format(name=named,
                                                                                      options=resumes_with)]


def resume_line(session: Session, resumes_with: str = "") -> str:
    return _("Resume it with: {command}").format(command=resume_hint(session.recorder.path) + resumes_with)
