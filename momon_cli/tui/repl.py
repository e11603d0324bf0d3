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

import functools

from prompt_toolkit.history import InMemoryHistory
from rich.console import Console, RenderableType
from rich.text import Text

from .. import exits
from ..bots.players import seat_answer
from ..engine import SPECTATOR, Decision, Game, IllegalAnswer, Kind, Observation
from ..engine import events as ev
from ..limits import NAME_LIMIT
from ..record import Recorder, Seat, undo
from ..text.narration import Narrator, summary, terse
from ..text.notation import ACCEPTED, BadAnswer, parse
from ..text.safe import clean, safe
from . import render
from .arena_view import PLAYER_STYLE
from .completion import PositionCompleter
from .frame import View, compose, lines_of
from .screen import Screen
from .script import LINE_LIMIT, ScriptReader

COMMANDS = ("help", "inspect", "log", "queue", "rules", "elements", "view", "undo", "concede", "save", "quit")
#: Events that show a player something hidden: an answer before them cannot be taken back.
REVEALING = (ev.FaceDownPicked, ev.VoidRandomized)

HELP = """Answer the prompt, or type a command:
  help                  this text
  inspect <space|card>  a Momon on the Arena (e.g. 'inspect B2') or any card
                        you can see
  log [n]               the last n lines of the game, each with its rule
                        (default: the newest 10 that fit; a number pages)
  queue                 the ability resolving now and the ones waiting,
                        with their targets
  rules <word|rule>     look up the rules: 'rules ward', or 'rules CR 10.2.4'
                        as the log cites it
  elements              which Element beats which
  view seat|p1|p2       draw the Arena from the deciding player's seat, or
                        always from one
  undo                  take back your last answer (before the other player
                        has seen its result); against a bot, your last answer
                        and the bot's reply
  concede [name]        give up: the other player wins (either may concede)
  save                  where this game is saved (every answer is saved)
  quit                  save and leave; resume with 'momon play --resume last'
Tab completes the word where the cursor is; Up/Down walk your own history.
Arena cells: name and marks (W Ward, T2 Token worth 2, ≠ controlled by its
non-Owner), then Controller (P1 cyan, P2 magenta), Power (* changed), Element,
Stars and the Sights as arrows: up is away from the player whose seat the
Arena is drawn from."""


def help_text(kind: Kind) -> str:
    """``help`` at a prompt of this kind: the commands, then what the prompt accepts."""
    return HELP + f"\nThis prompt accepts:\n  {ACCEPTED[kind]}"


class HotSeat:
    """Runs one game at the terminal (or from a script) until it ends or the players leave."""

    def __init__(self, game: Game, console: Console, recorder: Recorder, reader: Screen | ScriptReader | None = None,
                 *, open_hands: bool = False, full_log: bool = False, fixed_seat: int | None = None,
                 bots: dict[int, Seat] | None = None) -> None:
        self.console = console
        self.recorder = recorder
        self.reader = reader if reader is not None else Screen()
        self.open_hands = open_hands
        self.full_log = full_log
        self.fixed_seat = fixed_seat  # None: the deciding player's seat
        self.histories = {1: InMemoryHistory(), 2: InMemoryHistory()}
        self.viewer: int | None = None  # who is known to be at the keyboard
        self.bots = bots or {}
        if self.bots:  # the one person plays the other seat and sees their own Hand
            self.viewer = 3 - next(iter(self.bots)) if len(self.bots) == 1 else None
        #: Two people share the keyboard and each Hand is hidden from the other: every
        #: decision of the one not at the keyboard waits behind a hand-off screen.
        self.hiding = self.reader.interactive and not open_hands and not self.bots
        self.view = View()
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
            if not quiet and not self.reader.interactive:
                self.console.print(Text(line if self.full_log else self.log[-1][1] or line))
        self.told = len(story)

    def _lines(self) -> list[str]:
        return [full if self.full_log or short is None else short for full, short in self.log
                if short is not None or self.full_log]

    # -- output --------------------------------------------------------------------------
    def _show(self, renderable: RenderableType) -> None:
        """Command output: printed for a script, in the frame (until the next line) at the keyboard."""
        if isinstance(self.reader, Screen):
            self.view.info.extend(lines_of(renderable, self.reader.size()[0]))
        else:
            self.console.print(renderable)

    def _error(self, message: str) -> None:
        self._note(message, "red")

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

    def _seat(self, player: int) -> int:
        return self.fixed_seat or player

    def _name(self, player: int) -> str:
        return clean(self.game.setup.names[player - 1], NAME_LIMIT)

    def _handoff(self, player: int) -> int | str | None:
        """A screen without private information (a spectator's observation): what happened
        since ``player`` last had the board, then change hands. Only Enter passes it; the
        player who just answered may still ``undo`` (the result is theirs alone so far) or
        ``quit``. Returns None once passed, "undone", or an exit code."""
        name = self._name(player)
        self._observe(SPECTATOR)
        told = summary(self.seen.story[self._since_handoff:], self.game.setup.names)
        banner = [Text(f"Pass to {name} — press Enter", style=PLAYER_STYLE[player] + " reverse")]
        if told:
            banner += render.wrap(Text(told, style="bold"), self.reader.size()[0] if isinstance(self.reader, Screen)
                                  else 80)
        self.view = View(seat=self._seat(player), banner=banner)
        if isinstance(self.reader, Screen):
            self.reader.hint = ""
        while True:
            line = self.reader.read("⏎ ")  # no completer, an empty history: nothing of either Hand
            word = line.strip().lower()
            if not word:
                break
            if word == "undo" and self.undoable:
                return self._undo()
            if word == "quit":
                return self._leave()
            undo_too = " 'undo' takes back your last answer." if self.undoable else ""
            self._note(f"This screen is for {name}: press Enter ({word[:20]!r} does nothing here).{undo_too}")
        if isinstance(self.reader, Screen):
            self.reader.message = Text()
        self._since_handoff = self.told
        self.viewer = player
        self.undoable.clear()  # the other player sees its result now
        return None

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> int:
        if isinstance(self.reader, Screen):
            self.reader.frame = self._frame
            self.reader.message = safe(f"Recording to {self.recorder.path}", style="dim")
        else:
            for line in self._lines()[-20:]:
                self.console.print(Text(line))
            self.console.print(safe(f"Recording to {self.recorder.path}", style="dim"))
        try:
            return self._loop()
        except KeyboardInterrupt:  # Ctrl-C while the engine ran or a bot thought: answers are on disk
            self.recorder.close()
            self._last_words(f"Interrupted. The game is saved; resume it with: momon play --resume {self.recorder.path}")
            return exits.INTERRUPTED
        except OSError as err:  # the record could not be written (a full disk): stop, saved so far
            self.recorder.close()
            self._last_words(f"cannot write the game record {self.recorder.path}: {err.strerror}; the game is saved "
                             f"up to its last whole answer")
            return exits.FAILED
        finally:  # whatever stops the session (a rules error too), the terminal gets its own screen back
            self._back_to_the_terminal()

    def _loop(self) -> int:
        while self.game.pending is not None:
            decision = self.game.pending
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
        self.recorder.close()
        self._observe(SPECTATOR)
        self._back_to_the_terminal()
        for line in render.end_screen(self.seen, str(self.recorder.path), self.console.width):
            self.console.print(line, overflow="crop", no_wrap=True)
        return exits.DONE

    def _ask(self, decision: Decision) -> int | str | None:
        """Read lines until one answers the decision (None) or ends the session (an exit code)."""
        name = self._name(decision.player)
        seen = self._observe(decision.player)
        shows_hand = decision.kind is Kind.SUMMON and (decision.player == self.viewer or self.open_hands)
        self.view = View(seat=self._seat(decision.player), decision=decision,
                         hand=decision.player if shows_hand else None, news=self._news(decision))
        if not self.reader.interactive:
            self.console.print(render.decision_view(seen, decision))
        completer = PositionCompleter(seen, decision, COMMANDS)
        while True:
            self.view.queue = render.queue_lines(seen)
            if isinstance(self.reader, Screen):
                self.reader.hint = functools.partial(self._hint, decision)
            line = self.reader.read(f"{name} › ", completer, self.histories[decision.player])
            if len(line) > LINE_LIMIT:  # parsing a huge line would take minutes
                code = self._refuse(f"that line is longer than {LINE_LIMIT} characters")
                if code is not None:
                    return code
                continue
            if self.view.info and not line.strip():  # Enter pages through command output, answers nothing
                if not self.view.next_page():
                    self.view.clear_info()
                continue
            self.view.clear_info()
            word, _, rest = line.strip().partition(" ")
            if word.lower() in COMMANDS:
                said = self._command(word.lower(), rest.strip(), decision)
                if said is not None:
                    return said
                continue
            try:
                answer = parse(seen, decision, line)
                number, seen_events = len(self.game.answers), len(self.game.events)
                self.recorder.answer(answer)
            except (BadAnswer, IllegalAnswer) as err:
                code = self._refuse(str(err))
                if code is not None:
                    return code
                continue
            self._answered(number, seen_events, decision.player)
            return None

    def _answered(self, number: int, before: int, player: int) -> None:
        """Whether answer ``number`` may still be taken back: not once it has shown anyone
        something hidden (a shuffled Void, a picked card), nor once the other player has seen
        its result (with no hand-off between them, at once)."""
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
            self._error(why)
            return None
        assert isinstance(self.reader, ScriptReader)
        self._error(f"line {self.reader.line_number}: {why}")
        self.console.print(safe(f"Game saved to {self.recorder.path}"), soft_wrap=True)
        self.recorder.close()
        return exits.BAD_SCRIPT

    def _hint(self, decision: Decision) -> str:
        """Under the prompt: what Enter does while command output is shown (as the last frame
        laid it out), else what the prompt accepts."""
        if not self.view.info:
            return f"{ACCEPTED[decision.kind]} · Tab · help"
        return "Enter: the next page" if self.view.more() else "Enter: back to the decision"

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
        return f"Meanwhile: {told}" if told else ""

    def _bot_answers(self, decision: Decision) -> None:
        """A bot's turn to decide: it answers from its own seat's observation, as a person
        would, through the record; the screen shows the person's."""
        bot = self.bots[decision.player]
        before = len(self.game.events)
        mine = self.game.observe(decision.player)
        if isinstance(self.reader, Screen):
            self._observe(3 - decision.player if 3 - decision.player not in self.bots else SPECTATOR)
            self.view = View(seat=self._seat(3 - decision.player), decision=None)
            answer = self.reader.busy(f"{self._name(decision.player)} is thinking…", lambda: seat_answer(bot, mine))
        else:
            answer = seat_answer(bot, mine)
        self.recorder.answer(answer)
        if self._revealed(before):
            self.undoable.clear()

    def _leave(self) -> int:
        self.recorder.close()
        self._back_to_the_terminal()
        self.console.print(safe(f"Game saved to {self.recorder.path}"), soft_wrap=True)
        self.console.print(safe(f"Resume it with: momon play --resume {self.recorder.path}"), soft_wrap=True)
        return exits.DONE if self.reader.interactive else exits.SCRIPT_ENDED

    def _command(self, word: str, arg: str, decision: Decision) -> str | int | None:
        game = self.game
        if word == "help":
            self._show(Text(help_text(decision.kind)))
        elif word == "inspect":
            self._inspect(arg, decision.player)
        elif word == "log":
            if arg and not (arg.isascii() and arg.isdecimal() and len(arg) <= 6 and int(arg) > 0):
                self._error("log takes a number of lines, e.g. 'log 20' (default 10)")
                return None
            for full, _ in self.log[-int(arg or 10):]:
                self._show(Text(full))
            # 'log' alone keeps its newest lines on screen; 'log 30' asked for thirty: they page
            self.view.info_latest = not arg
        elif word == "queue":
            queue = render.queue_lines(self.seen)
            self._show(Text("\n".join(queue) if queue else "The Trigger Queue is empty."))
        elif word == "rules":
            # Loaded on first use: rich.markdown (markdown-it, pygments) is about a tenth of the time to the first prompt.
            from rich.markdown import Markdown

            from ..text import rules_lookup as rulesdoc

            found = rulesdoc.lookup(arg)
            if not arg or not found:
                self._error("Nothing found. Try a word or a rule as narration cites it, e.g. 'rules ward' or "
                            "'rules CR 10.2.4'.")
            for passage in found:
                self._show(Markdown(passage.markdown()))
        elif word == "elements":
            from .elements_chart import chart

            self._show(chart(game.setup.matrix))
        elif word == "view":
            self._view(arg)
        elif word == "undo":
            return self._undo()
        elif word == "save":
            self._show(safe(f"Saved to {self.recorder.path} (every answer is saved as you play)."))
        elif word == "quit":
            return self._leave()
        elif word == "concede":
            return self._concede(arg, decision)
        return None

    def _view(self, arg: str) -> None:
        choice = arg.lower()
        if choice not in ("seat", "p1", "p2"):
            self._error("view seat (the deciding player's seat), view p1 or view p2 (always that seat)")
            return
        self.fixed_seat = None if choice == "seat" else int(choice[1])
        self.view.seat = self._seat(self.view.decision.player if self.view.decision else 1)

    def _concede(self, arg: str, decision: Decision) -> str | None:
        names = [clean(name, NAME_LIMIT) for name in self.game.setup.names]
        low = arg.lower()
        matches = [p for p in (1, 2) if low and (names[p - 1].lower() == low or low in (f"p{p}", str(p)))] \
            or [p for p in (1, 2) if low and names[p - 1].lower().startswith(low)]
        if arg and len(matches) != 1:
            self._error(f"concede [name]: give {names[0]} or {names[1]} (or nothing: the deciding player)")
            return None
        player = matches[0] if arg else decision.player
        if self.reader.interactive:
            self.view.info = [Text(f"{names[player - 1]}, concede the game? (y/n)", style="bold")]
            answer = self.reader.read(f"{names[player - 1]} concedes? (y/n) ")
            self.view.clear_info()
            if answer.strip().lower() not in ("y", "yes"):  # anything but yes keeps the game, and says so
                self._note(f"{names[player - 1]} does not concede; the game goes on.")
                return None
        self.recorder.concede(player)
        return "answered"

    def _undo(self) -> str | None:
        """Replay the game from its setup without the answers taken back (the record cut back):
        the last answer of the player at the keyboard, and every bot answer after it."""
        if not self.undoable:
            self._error("Nothing to undo: no answer of yours can be taken back now (the other player has seen its "
                        "result, or it showed a hidden card).")
            return None
        keep, target = self.undoable[:-1], self.undoable[-1]
        taken = len(self.game.answers) - target
        game, self.recorder = undo(self.recorder, taken)
        viewer, since, turns = self.viewer, self._since_handoff, dict(self._since_turn)
        self._take(game)
        self.viewer, self.undoable = viewer, keep
        # The story up to the answer taken back is the same: the next recap and news start where they did.
        self._since_handoff = min(since, self.told)
        self._since_turn = {p: None if at is None else min(at, self.told) for p, at in turns.items()}
        self._note("Your last answer is taken back; answer again." if taken == 1 else
                   f"Your last answer and the {taken - 1} after it are taken back; answer again.")
        return "undone"

    def _inspect(self, arg: str, player: int) -> None:
        """A Momon on a Space, or a card the asking player can see (Arena, face-up Voids, own Hand)."""
        seen = self.seen
        zones = seen.state.zones
        space = arg.upper()
        if space in zones.arena:
            self._show(render.object_panel(seen, zones.objects[zones.arena[space]]))
            return
        visible = [zones.objects[o] for o in zones.arena.values()]
        visible += [zones.objects[o] for p in (1, 2) for o in zones.voids[p] if zones.objects[o].face_up]
        hand = [zones.objects[o] for o in zones.hands[player]]
        if arg.isdecimal() and 1 <= int(arg) <= len(hand):
            self._show(render.card_panel(hand[int(arg) - 1].card))
            return
        low = arg.lower()
        cards = {o.card.id: o.card for o in visible + hand if low and (o.card.id.lower() == low
                                                                     or o.card.name.lower().startswith(low))}
        if len(cards) == 1:
            self._show(render.card_panel(next(iter(cards.values()))))
        elif cards:
            self._error(f"{arg!r} could be {', '.join(sorted(c.name for c in cards.values()))}; type more of it.")
        else:
            self._error(f"Nothing to inspect at {arg!r}: give an occupied Space (e.g. B2), a Hand number, or a "
                        f"card you can see by id or name.")
