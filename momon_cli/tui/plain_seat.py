"""The hot-seat REPL in plain lines (``momon play --plain``): what a screen reader can follow.

No full screen, no box drawing, no colour and no cursor movement: the game is written as
lines, each saying one thing, in the order they happen: the story as it is narrated, then
at each decision who decides, the Arena's facts it turns on, its options on numbered lines
and one prompt (plain.py has the words); a front end of its own over the session, as the
full screen is another. The answer is read as a line from the terminal,
its own line editing and all. ``board``, ``hand`` and ``last`` read the Arena, the Hand and
what changed since the player last answered; every other command works as on the screen.

A hot-seat hand-off is one marker line, and only Enter passes it, as on the screen; the
deciding player's Hand is printed only after the hand-off to them. What a terminal keeps in
its scrollback stays there: players who must not hear each other's Hand pass the keyboard
and the headphones, or play with open hands.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import TypeVar

from rich.console import Console
from rich.text import Text

from .. import exits
from ..data.goals import Verdict
from ..engine import SPECTATOR, Game, Kind
from ..language import _, ngettext
from ..record import Recorder, Seat, short_name
from ..session import Confirm, Session, Shown, Update, Viewed
from ..session.bot_turn import BotTurn
from ..session.commands import PLAIN_COMMANDS, PLAIN_WORDS
from ..text.safe import safe
from . import plain, render
from .commands import rendered
from .hot_seat import leaving, one_keyboard, rematch_lines, resume_line, run_at_terminal
from .screen import LINE_LIMIT
from .script import PlainReader, ScriptReader

T = TypeVar("T")

__all__ = ["PLAIN_COMMANDS", "PLAIN_WORDS", "PlainSeat"]


class PlainSeat:
    """The game of ``momon play --plain`` (or a puzzle's, in plain lines): a session told in lines."""

    resumes_with = " --plain"

    def __init__(self, game: Game | Session, console: Console, recorder: Recorder | None = None,
                 reader: PlainReader | ScriptReader | None = None, *, open_hands: bool = False,
                 full_log: bool = False, fixed_seat: int | None = None, bots: dict[int, Seat] | None = None,
                 verbosity: str = "brief", bell: bool = False) -> None:
        self.console = console
        self.brief = verbosity != "full"  # brief: a decision's facts on asking (plain.brief)
        self.bell = bell  # BEL at the other side's move, a hand-off and the end
        self.resumes_with = " --plain" + ("" if self.brief else " --verbosity full") + (" --bell" if bell else "")
        assert reader is not None
        self.reader = reader
        self.interactive = reader.interactive
        if isinstance(game, Session):
            self.session = game
        else:
            assert recorder is not None
            self.session = one_keyboard(game, recorder, self.interactive, open_hands=open_hands, full_log=full_log,
                                        fixed_seat=fixed_seat, bots=bots, extra=PLAIN_COMMANDS)
        self._handed = ""  # the news the last hand-off told: the decision after it does not tell it again
        self._formed: set[tuple[int, Kind]] = set()  # (player, kind): told what an answer to it looks like
        self.verdict: Verdict | None = None  # a puzzle's, once its turn has ended (tui/puzzle.py)

    @property
    def game(self) -> Game:
        return self.session.game

    # -- output ------------------------------------------------------------------------------
    def say(self, line: str) -> None:
        self.console.print(Text(line))

    def ring(self) -> None:
        """The bell (``--bell``): one BEL, which a terminal or a screen reader sounds."""
        if self.bell:
            self.console.file.write("\a")
            self.console.file.flush()

    def show(self, shown: Shown, update: Update) -> None:
        for item in rendered(shown, update, screen=False):
            for line in plain.plain_lines(item):
                self.say(line)

    def note(self, message: str, style: str = "bold") -> None:
        self.console.print(safe(message, LINE_LIMIT, style))

    def error(self, message: str) -> None:
        self.note(message, "red")

    def stop(self, message: str) -> None:
        assert isinstance(self.reader, ScriptReader)
        self.error(_("line {number}: {why}").format(number=self.reader.line_number, why=message))
        self.console.print(safe(_("Game saved to {path}").format(path=self.session.recorder.path)), soft_wrap=True)

    def _take(self, update: Update) -> None:
        """The story's new lines, told as they happen."""
        for full, short in update.told:
            told = self._told(full, short)
            if told is not None:
                self.say(told)

    def _told(self, full: str, short: str | None) -> str | None:
        return full if self.session.full_log else short  # terse leaves out the bookkeeping

    def think(self, message: str, work: Callable[[], T]) -> T:
        self.say(_("{message} (Ctrl-C stops it)").format(message=message))
        return work()

    def bot(self, turn: BotTurn, update: Update) -> object:
        self._take(update)  # what the last answer did comes first
        self.say(_("{name} is thinking…").format(name=self.session.name_of(turn.player)))
        answer = turn.think()
        self.ring()
        return answer

    def _back_to_the_terminal(self) -> None:
        """Plain lines never leave the terminal's own screen."""

    def _last_words(self, message: str) -> None:
        self.console.print(safe(message, LINE_LIMIT, "red"), soft_wrap=True)

    # -- the hand-off ------------------------------------------------------------------------
    def handoff(self, player: int, update: Update, news: str | None) -> str:
        self._take(update)
        name = self.session.name_of(player)
        self.ring()
        self.say(plain.handoff(name))
        self._handed = _("Meanwhile: {told}").format(told=news) if news else ""
        if news:
            self.say(_("Since the last hand-off: {told}").format(told=news))
        return _("{name}, press Enter: ").format(name=name)

    def read_handoff(self, prompt: str) -> str:
        return self.reader.read(prompt)

    # -- a decision --------------------------------------------------------------------------
    def present(self, update: Update) -> None:
        self._take(update)
        decision = update.decision
        assert decision is not None
        news = "" if update.news == self._handed else update.news
        self._handed = ""
        asked = (decision.player, decision.kind)
        form = not self.brief or asked not in self._formed  # brief: once a player and kind ('help' says it again)
        self._formed.add(asked)
        lines = (plain.brief if self.brief else plain.decision)(update.seen, decision, update.side, update.marks,
                                                                 update.hand is not None, news, form)
        if decision.kind is not Kind.SUMMON:  # what resolves now, before the line saying what an answer looks like
            resolving, waits = render.queue_parts(update.seen)
            waiting = len(waits)
            more = [ngettext("{n} more waits in the Trigger Queue ('queue' reads them).",
                             "{n} more wait in the Trigger Queue ('queue' reads them).", waiting).format(n=waiting)]
            at = len(lines) - 1 if form else len(lines)
            lines[at:at] = resolving + (more if waiting else [])
        for line in lines:
            self.say(line)

    def read(self, update: Update) -> str | None:
        """A line, and an option's number where the notation wants a word (a Space, yes or no)."""
        decision = update.decision
        assert decision is not None
        line = self.reader.read(plain.answer_prompt(self.session.name_of(decision.player)))
        word = line.strip()
        if decision.kind in plain.BY_NUMBER and word.isascii() and word.isdecimal() \
                and 1 <= int(word) <= len(decision.options):
            chosen = decision.options[int(word) - 1]
            line = chosen if isinstance(chosen, str) else "y" if chosen else "n"
        return line

    def confirm(self, question: Confirm, update: Update) -> str:
        return self.reader.read(f"{question.question} ")

    def viewed(self, viewed: Viewed, update: Update) -> None:
        """The screen turns; here it is said."""
        seat = self.session.name_of(update.side)
        self.say((_("'board' reads the Arena as {seat} sits, whoever decides.") if viewed.fixed else
                  _("'board' reads the Arena as the deciding player sits (now {seat}).")).format(seat=seat))

    # -- the session, start to end ----------------------------------------------------------
    def run(self) -> int:
        for line in self.session.story(SPECTATOR).lines()[-20:]:
            self.say(line)
        goal = self.session.goal
        opening = goal.opening() if goal is not None else _("Recording to {path}").format(
            path=self.session.recorder.path)
        self.console.print(Text(opening + "\n" + _(
            "Plain mode: one fact a line. Summon with a card's number and a Space, e.g. '1 B2'; 'inspect 1' reads "
            "card 1. At any prompt 'board' reads the Arena ('row 2', 'column B', 'mine' and 'theirs' a part of it), "
            "'hand' your Hand, 'score' the score, 'last' what happened since you last answered, 'help' every "
            "command.") + (" " + _(plain.HAND_READS) if self.brief else "")))
        return run_at_terminal(self)

    def _end(self) -> int:
        """The game is over: the final Arena in words, each player's Tokens and the winner."""
        self.session.close()
        self.ring()
        if self.session.goal is not None:
            from .puzzle_end import ending

            return ending(self, plain=True)
        seen, told = self.session.look(SPECTATOR)
        self._take(Update(seen, 1, told=told))
        path = self.session.recorder.path
        named = shlex.quote(short_name(path))
        lines = plain.end(seen, str(path), named)
        lines[-1:-1] = rematch_lines(self.session, named, self.resumes_with)  # the winner's line stays the last
        for line in lines:
            self.say(line)
        return exits.DONE

    def _leave(self) -> int:
        return leaving(self)

    def _resume_line(self) -> str:
        return resume_line(self.session, self.resumes_with)
