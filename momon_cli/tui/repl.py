"""The hot-seat REPL: two players, one keyboard, every decision asked at a prompt.

The REPL is one answerer of the engine's decisions; a script is another input to the same
REPL. At the keyboard every decision gets one full screen (frame.py): the Arena from the
deciding player's seat, what the decision is about and the latest lines of the game, with
the prompt under them. Everything a screen shows is drawn from one seat's observation
(engine.observation): the deciding player's, or a spectator's on a hand-off screen.

Two people at one keyboard: before any decision of the player who is not at the keyboard
comes a hand-off screen that shows nothing private and takes only Enter (or ``undo``, by the
player who just answered, or ``quit``). Everything is on the alternate screen, so no Hand
reaches the scrollback. A script gets the same game as plain lines.
"""

from __future__ import annotations

import difflib
import functools
import shlex
from collections.abc import Callable
from typing import TypeVar

from rich.console import Console, RenderableType
from rich.text import Text

from .. import exits
from ..bots.roster import seat_bot
from ..engine import SPECTATOR, Answer, Decision, Game, IllegalAnswer, Kind, Observation
from ..engine import events as ev
from ..language import _
from ..limits import NAME_LIMIT
from ..record import Recorder, Seat, resume_hint, short_name, undo
from ..text.narration import Narrator, summary, terse
from ..text.notation import ACCEPTED, YES, BadAnswer, parse
from ..text.safe import clean, safe
from . import commands, render
from .arena_view import PLAYER_STYLE
from .bot_turn import progress, weighed
from .commands import COMMANDS, LastBot
from .completion import PositionCompleter
from .frame import View, compose, lines_of, too_small
from .marks import Change, changes
from .screen import Screen
from .script import LINE_LIMIT, PlainReader, ScriptReader

T = TypeVar("T")

#: Events that show a player something hidden: an answer before them cannot be taken back.
REVEALING = (ev.FaceDownPicked, ev.VoidRandomized)

class HotSeat:
    """Runs one game at the terminal (or from a script) until it ends or the players leave."""

    #: What may be typed at a prompt instead of an answer; ``help`` tells :meth:`extra_help` too.
    commands: tuple[str, ...] = COMMANDS
    resumes_with = ""  # what the line saying how to resume adds to the command (plain mode's flag)

    def extra_help(self) -> str:
        return ""  # the lines ``help`` adds for the session's own commands, in the language in use

    def __init__(self, game: Game, console: Console, recorder: Recorder,
                 reader: Screen | ScriptReader | PlainReader | None = None, *, open_hands: bool = False,
                 full_log: bool = False, fixed_seat: int | None = None, bots: dict[int, Seat] | None = None) -> None:
        self.console = console
        self.recorder = recorder
        self.reader = reader if reader is not None else Screen()
        self.open_hands = open_hands
        self.full_log = full_log
        self.fixed_seat = fixed_seat  # None: the deciding player's seat
        self.histories: dict[int, list[str]] = {1: [], 2: []}  # each player's own lines, for Up and Down
        self.viewer: int | None = None  # who is known to be at the keyboard
        self.bots = bots or {}
        if self.bots:  # the one person plays the other seat and sees their own Hand
            self.viewer = 3 - next(iter(self.bots)) if len(self.bots) == 1 else None
        #: Two people share the keyboard and each Hand is hidden from the other: every
        #: decision of the one not at the keyboard waits behind a hand-off screen.
        self.hiding = self.reader.interactive and not open_hands and not self.bots
        self.view = View()
        self.last_bot: LastBot | None = None  # the latest bot answer, for 'why'
        self._take(game)

    # -- the game and its story ----------------------------------------------------------
    def _take(self, game: Game) -> None:
        """Follow ``game`` (a new one, or the same game rebuilt by an undo)."""
        self.game = game
        self.narrator = Narrator(game.setup.names)
        self.log: list[tuple[str, str | None]] = []  # (full line, terse line) per narrated event
        self.told = 0  # the events of the story narrated so far
        self.seen = game.observe(SPECTATOR)  # what the screen draws from: one seat's observation
        self._catch_up(quiet=True)
        self._since_handoff = self.told
        # where each player's news starts: the events at their last Summon (None: none yet here)
        self._since_turn: dict[int, int | None] = {1: None, 2: None}
        self._since_start = self.told
        self._looked = {1: self.told, 2: self.told}  # the story each player had seen at their last answer
        self.undoable: list[int] = []  # answers the player at the keyboard may take back, by number

    def _observe(self, seat: int) -> Observation:
        """The observation the screen draws from, for ``seat``; the story's new lines are
        narrated (and printed, for a script)."""
        self.seen = self.game.observe(seat)
        self._catch_up()
        return self.seen

    def _catch_up(self, quiet: bool = False) -> None:
        story = self.seen.story
        for event in story[self.told:]:
            line = self.narrator.line(event)
            if line is None:
                continue
            self.log.append((line, terse(event, line)))
            told = self._told(*self.log[-1])
            if not quiet and told is not None:
                self.console.print(Text(told))
        self.told = len(story)

    def _told(self, full: str, short: str | None) -> str | None:
        """The line printed as an event is narrated (None: none): a script prints every event's."""
        return None if self.reader.interactive else full if self.full_log else short or full

    def _lines(self, start: int = 0) -> list[str]:
        """The log's lines as shown, from narrated event ``start`` on."""
        return [full if self.full_log or short is None else short for full, short in self.log[start:]
                if short is not None or self.full_log]

    # -- the record (a served game's seats share the host's: serve/seat.py) -----------
    def _record(self, answer: object) -> None:
        """Write the answer ahead and play it."""
        self.recorder.answer(answer)

    def _record_concession(self, player: int) -> None:
        self.recorder.concede(player)

    def _close_record(self) -> None:
        self.recorder.close()

    # -- output --------------------------------------------------------------------------
    def show(self, renderable: RenderableType) -> None:
        """Command output: printed for a script, in the frame (until the next line) at the keyboard."""
        if isinstance(self.reader, Screen):
            self.view.info.extend(lines_of(renderable, self.reader.size()[0]))
        else:
            self.console.print(renderable)

    def error(self, message: str) -> None:
        self._note(message, "red")

    def think(self, message: str, work: Callable[[], T]) -> T:
        """Run ``work`` (a hint's search): under a spinner at the keyboard, where Ctrl-C stops
        it with KeyboardInterrupt; straight through for a script."""
        if isinstance(self.reader, Screen):
            return self.reader.busy(message, work)
        return work()

    def _back_to_the_terminal(self) -> None:
        """Leave the game's screen (kept from prompt to prompt) before printing on the terminal's own."""
        if isinstance(self.reader, Screen):
            self.reader.leave()

    def _last_words(self, message: str) -> None:
        """A line printed as the session ends: on the terminal itself, as no screen follows."""
        self._back_to_the_terminal()
        self.console.print(safe(message, LINE_LIMIT, "red"), soft_wrap=True)  # a path or command copies whole

    def _note(self, message: str, style: str = "bold") -> None:
        """One line: on the message line at the keyboard (until the next line), printed for a script."""
        if isinstance(self.reader, Screen):
            self.reader.message = safe(message, LINE_LIMIT, style)
        else:
            self.console.print(safe(message, LINE_LIMIT, style))

    def _frame(self, width: int, height: int, below: int) -> list[Text]:
        self.view.log = self._lines()
        return compose(self.seen, self.view, width, height, below)

    def seat_of(self, player: int) -> int:
        return self.fixed_seat or player

    def name_of(self, player: int) -> str:
        return clean(self.game.setup.names[player - 1], NAME_LIMIT)

    def _handoff(self, player: int) -> int | str | None:
        """A screen without private information (a spectator's observation): what happened
        since ``player`` last had the board, then change hands. Only Enter passes it; the
        player who just answered may still ``undo`` (the result is theirs alone so far) or
        ``quit``. Returns None once passed, "undone", or an exit code."""
        name = self.name_of(player)
        self._observe(SPECTATOR)
        prompt = self._offer_handoff(player, summary(self.seen.story[self._since_handoff:], self.game.setup.names))
        while True:
            line = self.reader.read(prompt)  # no completer, an empty history: nothing of either Hand
            word = line.strip().lower()
            if not word:
                break
            if word == "undo" and self.undoable:
                undone = self._undo()
                # Whoever typed it, the Hand of the player who answered is not shown at once:
                # the keyboard may already be with the other player.
                self.viewer = None
                return undone
            if word == "quit":
                return self._leave()
            self._note((_("This screen is for {name}: press Enter ({typed} does nothing here). 'undo' takes back your "
                          "last answer.") if self.undoable else
                        _("This screen is for {name}: press Enter ({typed} does nothing here).")).format(
                name=name, typed=repr(word[:20])))
        if isinstance(self.reader, Screen):
            self.reader.message = Text()
        self._since_handoff = self.told
        self.viewer = player
        self.undoable.clear()  # the other player sees its result now
        return None

    def _offer_handoff(self, player: int, told: str | None) -> str:
        """Show the hand-off to ``player`` (``told``: what happened since the last one); its prompt."""
        name = self.name_of(player)
        banner = [Text(_("Pass to {name} — press Enter").format(name=name), style=PLAYER_STYLE[player] + " reverse")]
        if told:
            banner.append(Text(told, style="bold"))
        self.view = View(seat=self.seat_of(player), banner=banner, marks=self._marks(player))
        if isinstance(self.reader, Screen):
            self.reader.hint, self.reader.title = "", _("momon — pass to {name}").format(name=name)
        return "⏎ "

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> int:
        if isinstance(self.reader, Screen):
            self.reader.frame = self._frame
            self.reader.message = self._opening()
        else:
            for line in self._lines()[-20:]:
                self.console.print(Text(line))
            self.console.print(self._opening())
        try:
            return self._loop()
        except KeyboardInterrupt:  # Ctrl-C while the engine ran or a bot thought: answers are on disk
            self._close_record()
            self._last_words(_("Interrupted. The game is saved to {path}").format(path=self.recorder.path))
            self._last_words(self._resume_line())  # copies whole
            return exits.INTERRUPTED
        except OSError as err:  # the record could not be written (a full disk): stop, saved so far
            self._close_record()
            self._last_words(_("cannot write the game record {path}: {error}; the game is saved up to its last whole "
                               "answer").format(path=self.recorder.path, error=err.strerror))
            return exits.FAILED
        finally:  # whatever stops the session (a rules error too), the terminal gets its own screen back
            self._back_to_the_terminal()

    def _opening(self) -> Text:
        """The line the session opens with."""
        return safe(_("Recording to {path}").format(path=self.recorder.path), style="dim")

    def _going(self) -> bool:
        """Whether the session goes on: the game waits for an answer."""
        return self.game.pending is not None

    def _loop(self) -> int:
        while self._going():
            decision = self.game.pending
            assert decision is not None  # _going: a decision waits
            if decision.player in self.bots:
                try:
                    self._bot_answers(decision)
                except EOFError:  # the input closed while the bot thought
                    return self._leave()
                continue
            try:
                code: int | str | None = None
                if self.hiding and decision.player != self.viewer:
                    code = self._handoff(decision.player)
                if code is None:
                    code = self._ask(decision)
            except EOFError:
                code = self._leave()
            if isinstance(code, int):
                return code
        return self._end()

    def _end(self) -> int:
        """The game is over: the end screen, on the terminal's own screen (it stays there)."""
        self._close_record()
        self._observe(SPECTATOR)
        self._back_to_the_terminal()
        named = shlex.quote(short_name(self.recorder.path))
        for line in render.end_screen(self.seen, str(self.recorder.path), self.console.width, named):
            self.console.print(line, overflow="crop", no_wrap=True)
        return exits.DONE

    def _ask(self, decision: Decision) -> int | str | None:
        """Read lines until one answers the decision (None) or ends the session (an exit code)."""
        name = self.name_of(decision.player)
        seen = self._observe(decision.player)
        shows_hand = decision.kind is Kind.SUMMON and (decision.player == self.viewer or self.open_hands)
        self.view = View(seat=self.seat_of(decision.player), decision=decision,
                         hand=decision.player if shows_hand else None, news=self._news(decision),
                         marks=self._marks(decision.player))
        self._present(seen, decision)
        completer = PositionCompleter(seen, decision, self.commands)
        while True:
            self.view.queue = render.queue_lines(seen)
            if isinstance(self.reader, Screen):
                self.reader.hint = functools.partial(self._hint, decision)
                self.reader.title = _("momon — {name} decides").format(name=name)
            line = self.reader.read(self._prompt(name), completer, self.histories[decision.player])
            if len(line) > LINE_LIMIT:  # parsing a huge line would take minutes
                code = self._refuse(_("that line is longer than {n} characters").format(n=LINE_LIMIT))
                if code is not None:
                    return code
                continue
            if self.view.info and not line.strip():  # Enter pages through command output, answers nothing
                if not self.view.next_page():
                    self.view.clear_info()
                continue
            self.view.clear_info()
            word, _space, rest = line.strip().partition(" ")
            if decision.kind is Kind.SUMMON and line.rstrip().endswith("?") and word.lower() not in self.commands:
                word, rest = "preview", line.rstrip().removesuffix("?")  # '2 B3 ?': that Summon, previewed
            if word.lower() in self.commands:
                said = self._command(word.lower(), rest.strip(), decision)
                if said is not None:
                    return said
                continue
            if isinstance(self.reader, Screen) and too_small(*self.reader.size()):
                self.error(_("The game is not on screen: make the terminal 80×24 or larger to answer ('quit' saves "
                             "and leaves)."))
                continue
            try:
                answer = self._parse(seen, decision, line)
                number, seen_events = len(self.game.answers), len(self.game.events)
                self._record(answer)
            except (BadAnswer, IllegalAnswer) as err:
                code = self._refuse(str(err) + _did_you_mean(word, self.commands))
                if code is not None:
                    return code
                continue
            self._answered(number, seen_events, decision.player)
            return None

    # -- what a decision looks like (plain.py gives each in words) ------------------------
    def _present(self, seen: Observation, decision: Decision) -> None:
        """The decision before its first prompt: printed for a script (the screen draws it)."""
        if not self.reader.interactive:
            self.console.print(render.decision_view(seen, decision))

    def _prompt(self, name: str) -> str:
        return f"{name} › "

    def _parse(self, seen: Observation, decision: Decision, line: str) -> Answer:
        return parse(seen, decision, line)

    def _command(self, word: str, arg: str, decision: Decision) -> str | int | None:
        return commands.run(self, word, arg, decision)

    def _marks(self, player: int) -> dict[str, Change]:
        """What changed on the Arena since ``player`` last answered (they have not seen it happen)."""
        return changes(self.seen.story[self._looked[player]:])

    def _answered(self, number: int, before: int, player: int) -> None:
        """Whether answer ``number`` may still be taken back: not once it has shown anyone
        something hidden (a shuffled Void, a picked card), nor once the other player has seen
        its result (with no hand-off between them, at once). ``player`` saw the story up to
        event ``before``."""
        self._looked[player] = before
        nxt = self.game.pending
        if self._revealed(before):
            self.undoable.clear()
        elif self.hiding or self.bots or nxt is None or nxt.player == player:
            self.undoable.append(number)
        else:
            self.undoable.clear()

    def _revealed(self, before: int) -> bool:
        """Whether the story since event ``before`` showed anyone something hidden: answers
        before that can no longer be taken back."""
        return any(isinstance(e, REVEALING) for e in self.game.events[before:])

    def _refuse(self, why: str) -> int | None:
        """A line that does not answer: say why; a script stops there (exit 2, naming the line)."""
        if self.reader.interactive:
            self.error(why)
            return None
        assert isinstance(self.reader, ScriptReader)
        self.error(_("line {number}: {why}").format(number=self.reader.line_number, why=why))
        self.console.print(safe(_("Game saved to {path}").format(path=self.recorder.path)), soft_wrap=True)
        self._close_record()
        return exits.BAD_SCRIPT

    def _hint(self, decision: Decision) -> str:
        """Under the prompt: what Enter does while command output is shown (as the last frame
        laid it out), else what the prompt accepts."""
        if not self.view.info:
            return f"{_(ACCEPTED[decision.kind])} · Tab · help"
        return _("Enter: the next page") if self.view.more() else _("Enter: back to the decision")

    def _news(self, decision: Decision) -> str:
        """At a player's Summon: what the Arena went through since their own last turn ended
        (they watched that turn: their Summon and its Snatches are not news)."""
        if decision.kind is not Kind.SUMMON:
            return ""
        story = self.seen.story
        since, self._since_turn[decision.player] = self._since_turn[decision.player], len(story)
        if since is None:
            start = self._since_start
        else:
            start = next((i + 1 for i in range(since, len(story)) if isinstance(story[i], ev.TurnEnded)), since)
        told = summary(story[start:], self.game.setup.names)
        return _("Meanwhile: {news}").format(news=told) if told else ""

    def _bot_answers(self, decision: Decision) -> None:
        """A bot's turn to decide: it answers from its own seat's observation, as a person
        would, through the record; the screen shows the person's, with the bot's progress
        against its budget. What it weighed is kept for ``why``."""
        seat = self.bots[decision.player]
        before = len(self.game.events)
        mine = self.game.observe(decision.player)
        bot = seat_bot(seat, mine)
        if isinstance(self.reader, Screen):
            self._observe(3 - decision.player if 3 - decision.player not in self.bots else SPECTATOR)
            self.view = View(seat=self.seat_of(3 - decision.player), decision=None,
                             marks=self._marks(3 - decision.player))
            answer = self.reader.busy(progress(self.name_of(decision.player), seat, bot), lambda: bot.answer(mine))
        else:
            answer = bot.answer(mine)
        self.last_bot = weighed(decision.player, seat, bot, decision, mine, answer)
        self._looked[decision.player] = before  # a bot has seen what came before its answer
        self._record(answer)
        if self._revealed(before):
            self.undoable.clear()

    def _leave(self) -> int:
        self._close_record()
        self._back_to_the_terminal()
        self.console.print(safe(_("Game saved to {path}").format(path=self.recorder.path)), soft_wrap=True)
        self.console.print(safe(self._resume_line()), soft_wrap=True)
        return exits.DONE if self.reader.interactive else exits.SCRIPT_ENDED

    def _resume_line(self) -> str:
        return _("Resume it with: {command}").format(command=resume_hint(self.recorder.path) + self.resumes_with)

    def saved_as(self) -> str:
        return str(self.recorder.path)

    def session_command(self, word: str, arg: str, decision: Decision) -> str | int | None:
        """The commands that change the session: take back, concede, leave."""
        if word == "undo":
            return self._undo()
        if word == "concede":
            return self._concede(arg, decision)
        assert word == "quit", word
        return self._leave()

    def _concede(self, arg: str, decision: Decision) -> str | None:
        names = [clean(name, NAME_LIMIT) for name in self.game.setup.names]
        low = arg.lower()
        matches = [p for p in (1, 2) if low and (names[p - 1].lower() == low or low in (f"p{p}", str(p)))] \
            or [p for p in (1, 2) if low and names[p - 1].lower().startswith(low)]
        if arg and len(matches) != 1:
            self.error(_("concede [name]: give {first} or {second} (or nothing: the deciding player)").format(
                first=names[0], second=names[1]))
            return None
        player = matches[0] if arg else decision.player
        if self.reader.interactive:
            name = names[player - 1]
            self.view.info = [Text(_("{name}, concede the game? (y/n)").format(name=name), style="bold")]
            answer = self.reader.read(_("{name} concedes? (y/n) ").format(name=name))
            self.view.clear_info()
            if answer.strip().lower() not in YES:  # anything but yes keeps the game, and says so
                self._note(_("{name} does not concede; the game goes on.").format(name=name))
                return None
        self._record_concession(player)
        return "answered"

    def _undo(self) -> str | None:
        """Replay the game from its setup without the answers taken back (the record cut back):
        the last answer of the player at the keyboard, and every bot answer after it."""
        if not self.undoable:
            self.error(_("Nothing to undo: no answer of yours can be taken back now (the other player has seen its "
                         "result, or it showed a hidden card)."))
            return None
        keep, target = self.undoable[:-1], self.undoable[-1]
        taken = len(self.game.answers) - target
        game, self.recorder = undo(self.recorder, taken)
        viewer, since, turns, looked = self.viewer, self._since_handoff, dict(self._since_turn), dict(self._looked)
        self._take(game)
        self.viewer, self.undoable, self.last_bot = viewer, keep, None
        self._looked = {p: min(at, self.told) for p, at in looked.items()}
        # The story up to the answer taken back is the same: the next recap and news start where they did.
        self._since_handoff = min(since, self.told)
        self._since_turn = {p: None if at is None else min(at, self.told) for p, at in turns.items()}
        self._note(_("Your last answer is taken back; answer again.") if taken == 1 else
                   _("Your last answer and the {n} after it are taken back; answer again.").format(n=taken - 1))
        return "undone"


def _did_you_mean(word: str, commands: tuple[str, ...] = COMMANDS) -> str:
    """For a line that answers nothing: the command or 'summon' its first word may have
    meant ('sumon 3 B1'), as a few words to add to the refusal; else nothing."""
    low = word.lower()
    close = difflib.get_close_matches(low, [*commands, "summon"], n=1, cutoff=0.75)
    return _(" (did you mean '{command}'?)").format(command=close[0]) if close and close[0] != low else ""
