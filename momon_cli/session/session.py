"""One game and everything its seats may ask of it: what is pending and for whom, a line a
seat types (an answer, a refusal, a command's content), and what each seat may now see.

A session holds the game, its write-ahead record and its seats; front ends (the full
screen, plain lines, a script, an SSH seat, a test) hold nothing of the game and render what
it hands them. The hand-off policy is the session's: at one keyboard, every decision of the
player not at the keyboard waits behind a hand-off that shows nothing private; a served game
has one seat a terminal and no hand-off. A served session is shared by its seats' tasks:
every change and every read holds ``lock``, and each change wakes those that wait on it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from .. import language
from ..engine import SPECTATOR, Decision, Game, IllegalAnswer, Kind, Observation, scores
from ..engine import events as ev
from ..language import _
from ..limits import NAME_LIMIT
from ..record import Recorder, Seat, undo
from ..text.notation import YES, BadAnswer, parse
from ..text.recap import results, summary
from ..text.safe import clean
from . import commands
from .bot_turn import BotTurn, LastBot
from .content import Accepted, Confirm, Left, Refused, Reply, Said, Undone
from .marks import Change, changes
from .story import Story

if TYPE_CHECKING:  # a puzzle's goal and the puzzles load with a puzzle (tui/puzzle.py), not with every game
    from .goal import PuzzleGoal

T = TypeVar("T")
#: Events that show a player something hidden: an answer before them cannot be taken back.
REVEALING = (ev.FaceDownPicked, ev.VoidRandomized)
LINE_LIMIT = 4096  # characters in one typed line: parsing a huge one would take minutes


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: its number, its name as the record has it, the bot that plays it
    (None: a person) and the language its text is rendered in (``language.using``)."""

    number: int
    name: str
    bot: str | None
    language: str


@dataclass(frozen=True)
class Pending:
    """The decision waiting, whose it is, and what must come first: a hand-off (``handoff``)
    or a bot's thinking (``bot``)."""

    decision: Decision
    handoff: bool
    bot: bool

    @property
    def player(self) -> int:
        return self.decision.player


@dataclass
class Update:
    """What a seat may now see: the observation to draw, from whose side, the decision it
    is asked (None: it watches), whose Hand is shown, the news since its last turn and the
    marks of what the other side did since it last had the board. ``told``: the story's
    lines narrated since the last update (a script prints them); ``result``: what the seat's
    own last answer did, until it answers again (its screen shows it, as the news shows the
    other side's)."""

    seen: Observation
    side: int
    decision: Decision | None = None
    hand: int | None = None
    news: str = ""
    marks: dict[str, Change] = field(default_factory=dict)
    told: list[tuple[str, str | None]] = field(default_factory=list)
    result: str = ""


def _no_think(message: str, work: Callable[[], T]) -> T:
    return work()


class Session:
    """One game, its record and its two seats (a person's or a bot's). ``handoff``: two
    people share a keyboard and a Hand is hidden from the other; ``served``: each seat has
    its own terminal; ``extra``: the commands a front end offers besides the session's."""

    def __init__(self, game: Game, recorder: Recorder, *, bots: dict[int, Seat] | None = None, handoff: bool = False,
                 open_hands: bool = False, full_log: bool = False, served: bool = False,
                 goal: PuzzleGoal | None = None, extra: tuple[str, ...] = (),
                 languages: dict[int, str] | None = None) -> None:
        self.recorder, self.bots, self.open_hands, self.full_log = recorder, bots or {}, open_hands, full_log
        spoken = languages or {}
        self.seats = tuple(SeatInfo(p, game.setup.names[p - 1], self.bots[p].bot if p in self.bots else None,
                                    spoken.get(p) or language.current()) for p in (1, 2))
        self.served, self.goal = served, goal
        self.hiding = handoff and not open_hands and not self.bots and not served
        self.commands = (*commands.COMMANDS, *((commands.CLUE,) if goal else ()), *extra)
        self.viewer: int | None = None  # who is known to be at the keyboard
        self.ways_back: dict[int, str] = {}  # a served seat's way back (a guest's secret in it): 'code' says it to that seat
        if len(self.bots) == 1:  # the one person plays the other seat and sees their own Hand
            self.viewer = 3 - next(iter(self.bots))
        self.fixed_seat: int | None = None  # 'view p1': the Arena always from one seat
        self.last_bot: LastBot | None = None
        self.lock = threading.Condition()  # a served game's seats share the session
        self.version = 0  # counts the changes: a waiting seat wakes when it moves on
        self.stopped = False
        self.on_change: Callable[[], None] = lambda: None  # told after each change, outside the lock
        self._watchers: list[Callable[[], None]] = []  # told after each change too (subscribe)
        self._take(game)

    # -- the game and its story ------------------------------------------------------------
    def _take(self, game: Game) -> None:
        """Follow ``game`` (a new one, or the same game rebuilt by an undo)."""
        self.game = game
        if self.goal is not None:
            self.goal.follow(game)
        self._stories: dict[int, Story] = {}
        self.seen = game.observe(SPECTATOR)  # the observation drawn last
        story = self.story(SPECTATOR)
        story.catch_up(self.seen)
        self._since_handoff = story.told
        self._since_turn: dict[int, int | None] = {1: None, 2: None}  # each player's news starts here
        self._news_of: dict[int, tuple[int, str]] = {}  # each player's news of their turn, by its number
        self._since_start = story.told
        self._looked = {1: story.told, 2: story.told}  # the story each player had seen at their last answer
        self.undoable: list[int] = []  # answers the player at the keyboard may take back, by number
        # each player's last answer: where its events start and end in the story, and the Control Score it left
        self._results: dict[int, tuple[int, int, tuple[int, int]]] = {}

    def story(self, seat: int) -> Story:
        """The narrated story: one at a keyboard (each line told once), one a seat when served."""
        key = seat if self.served else 0
        if key not in self._stories:
            self._stories[key] = Story(self.game.setup.names, self.full_log)
        return self._stories[key]

    def look(self, seat: int) -> tuple[Observation, list[tuple[str, str | None]]]:
        """What ``seat`` may now see, and the story's lines narrated since it last looked (in
        that seat's language)."""
        with self.lock, language.using(self.language_of(seat)):
            self.seen = self.game.observe(seat)
            return self.seen, self.story(seat).catch_up(self.seen)

    def seen_by(self, seat: int) -> Observation:
        """What ``seat`` may see now: the observation drawn last if it is that seat's and
        nothing has happened since, else a new one."""
        seen = self.seen
        if seen.seat == seat and seen.answers == len(self.game.answers) and len(seen.story) == len(self.game.events):
            return seen
        return self.game.observe(seat)

    def language_of(self, seat: int) -> str:
        """The language ``seat``'s text is rendered in (a spectator's: the process's)."""
        return self.seats[seat - 1].language if seat in (1, 2) else language.current()

    def name_of(self, player: int) -> str:
        return clean(self.game.setup.names[player - 1], NAME_LIMIT)

    def side(self, player: int) -> int:
        """The seat the Arena is drawn from for ``player``: theirs, or the one 'view' fixed."""
        return self.fixed_seat or player or 1

    def going(self) -> bool:
        """Whether the session goes on: the game waits for an answer (a puzzle: its turn is on)."""
        return self.game.pending is not None and (self.goal is None or self.goal.going())

    def pending(self) -> Pending | None:
        """The decision waiting and what comes before it; None once the session is over."""
        with self.lock:
            if not self.going():
                return None
            d = self.game.pending
            assert d is not None
            return Pending(d, self.hiding and d.player != self.viewer, d.player in self.bots)

    # -- what a seat sees ---------------------------------------------------------------------
    def updates(self, player: int, decision: Decision | None = None) -> Update:
        """What ``player`` may see as ``decision`` (theirs) is asked, or as they watch (None):
        their observation, their news (once, at their Summon) and the marks of what the
        other side did since they last had the board, in ``player``'s language."""
        with language.using(self.language_of(player)):
            return self._update(player, decision)

    def _update(self, player: int, decision: Decision | None) -> Update:
        seen, told = self.look(player)
        marks = changes(seen.story, player, self._looked[player]) if player != SPECTATOR else {}
        result = self._result(seen, player)
        if decision is None:
            return Update(seen, self.side(player), marks=marks, told=told, result=result)
        shows = decision.kind is Kind.SUMMON and (player == self.viewer or self.open_hands or self.served)
        return Update(seen, self.side(player), decision, player if shows else None, self._news(seen, decision),
                      marks, told, result)

    def _result(self, seen: Observation, player: int) -> str:
        """What ``player``'s last answer did, read from their own story (``seen``)."""
        if player not in self._results:
            return ""
        start, end, score = self._results[player]
        return results(seen.story, start, end, self.game.setup.names, score) or ""

    def marks(self, player: int) -> dict[str, Change]:
        """What the other side changed on the Arena since ``player`` last answered."""
        if player == SPECTATOR:
            return {}
        return changes(self.seen_by(player).story, player, self._looked[player])

    def since_answered(self, player: int) -> int:
        """The story's length when ``player`` last answered: what they had seen."""
        return self._looked[player]

    def _news(self, seen: Observation, decision: Decision) -> str:
        """At a player's decisions in their own turn: what the Arena went through from the end of
        their own last turn to the start of this one (they watched their own turn, and what
        this turn's start did is their own move). Worked out at the turn's first decision and
        kept for its others, however often the screen asks."""
        player, turn = decision.player, seen.state.turn
        if seen.state.active != player:
            return ""
        kept = self._news_of.get(player)
        if kept is not None and kept[0] == turn:
            return kept[1]
        story = seen.story
        since, self._since_turn[player] = self._since_turn[player], len(story)
        if since is None:
            start = self._since_start
        else:
            start = next((i + 1 for i in range(since, len(story)) if isinstance(story[i], ev.TurnEnded)), since)
        end = max((i for i in range(start, len(story)) if isinstance(story[i], ev.TurnStarted)), default=len(story))
        told = summary(story[start:end], self.game.setup.names)
        self._news_of[player] = (turn, _("Meanwhile: {news}").format(news=told) if told else "")
        return self._news_of[player][1]

    # -- the hand-off --------------------------------------------------------------------------
    def handoff(self, player: int) -> tuple[Update, str | None]:
        """The hand-off to ``player``: a spectator's view (nothing of either Hand) with the
        marks of what changed since they last answered, and what happened since the last one."""
        seen, told = self.look(SPECTATOR)
        news = summary(seen.story[self._since_handoff:], self.game.setup.names)
        return Update(seen, self.side(player), marks=changes(seen.story, player, self._looked[player]),
                      told=told), news

    def at_handoff(self, player: int, line: str) -> Reply | None:
        """A line typed at the hand-off to ``player``: None once Enter passed it (``player``
        is at the keyboard now), else what it did (undo, quit) or why it did nothing."""
        word = line.strip().lower()
        if not word:
            self._since_handoff = self.story(SPECTATOR).told
            self.viewer = player
            self.undoable.clear()  # the other player sees its result now
            return None
        if word == "undo" and self.undoable:
            undone = self.undo()
            # Whoever typed it, the Hand of the player who answered is not shown at once: the
            # keyboard may already be with the other player.
            self.viewer = None
            return undone
        if word == "quit":
            return Left()
        name = self.name_of(player)
        return Refused((_("This screen is for {name}: press Enter ({typed} does nothing here). 'undo' takes back "
                          "your last answer.") if self.undoable else
                        _("This screen is for {name}: press Enter ({typed} does nothing here).")).format(
            name=name, typed=repr(word[:20])))

    # -- a line typed at a decision --------------------------------------------------------------
    def submit(self, player: int, line: str, think: Callable[[str, Callable[[], object]], object] = _no_think) -> Reply:
        """``player``'s line at their pending decision: an answer (on record once accepted), a
        command (its content), or why it is neither, said in ``player``'s language whichever
        thread or task asks. ``think`` runs a hint's search."""
        with language.using(self.language_of(player)):
            return self._submit(player, line, think)

    def _submit(self, player: int, line: str, think: Callable[[str, Callable[[], object]], object]) -> Reply:
        decision = self.game.pending
        if decision is None or decision.player != player:
            return Refused(_("It is not your turn to decide."))
        if self.hiding and player != self.viewer:  # the hand-off comes first (at_handoff passes it)
            return Refused(_("The keyboard passes to {name} first: press Enter on the hand-off.").format(
                name=self.name_of(player)))
        if len(line) > LINE_LIMIT:
            return Refused(_("that line is longer than {n} characters").format(n=LINE_LIMIT))
        word, _space, rest = line.strip().partition(" ")
        if decision.kind is Kind.SUMMON and line.rstrip().endswith("?") and word.lower() not in self.commands:
            word, rest = "preview", line.rstrip().removesuffix("?")  # '2 B3 ?': that Summon, previewed
        if word.lower() in self.commands:
            with self.lock:
                seen = self.seen_by(player)
            reply = commands.run(self, player, word.lower(), rest.strip(), decision, think, seen)
            return Refused(reply.message, command=True) if isinstance(reply, Refused) else reply
        with self.lock:
            seen = self.seen_by(player)
            try:
                answer = parse(seen, decision, line)
                number, before = len(self.game.answers), len(self.game.events)
                self._record(answer)
            except (BadAnswer, IllegalAnswer) as err:
                return Refused(str(err) + commands.did_you_mean(word, self.commands))
            self._answered(number, before, player)
        self._tell()
        return Accepted(number)

    def is_command(self, line: str) -> bool:
        word = line.strip().partition(" ")[0].lower()
        return word in self.commands or (line.rstrip().endswith("?") and self.game.pending is not None
                                          and self.game.pending.kind is Kind.SUMMON)

    def _record(self, answer: object) -> None:
        """Write the answer ahead and play it (IllegalAnswer if it is not legal: nothing is written)."""
        self.recorder.answer(answer)
        self._changed()

    def _changed(self) -> None:
        self.version += 1
        self.lock.notify_all()

    def _answered(self, number: int, before: int, player: int) -> None:
        """Whether answer ``number`` may still be taken back: not once it has shown anyone
        something hidden (a shuffled Void, a picked card), nor once the other player has seen
        its result (with no hand-off between them, at once). ``player`` saw the story up to
        event ``before``."""
        self._looked[player] = before
        # the Control Score is public (every status line shows it): kept as the answer left it
        self._results[player] = (before, len(self.game.events), scores(self.game.state))
        nxt = self.game.pending
        if self._revealed(before):
            self.undoable.clear()
        elif self.hiding or self.bots or nxt is None or nxt.player == player:
            self.undoable.append(number)
        else:
            self.undoable.clear()

    def _revealed(self, before: int) -> bool:
        return any(isinstance(e, REVEALING) for e in self.game.events[before:])

    # -- bots ------------------------------------------------------------------------------------
    def bot_turn(self, stand_in: Seat | None = None) -> BotTurn:
        """The pending decision's bot, ready to think (BotTurn.think, in any thread): its seat's,
        or ``stand_in`` answering for a person (a served room's player out of time)."""
        with self.lock:
            decision = self.game.pending
            assert decision is not None and (stand_in is not None or decision.player in self.bots)
            player = decision.player
            return BotTurn(player, self.name_of(player), stand_in or self.bots[player], decision,
                           self.game.observe(player), len(self.game.events))

    def play_bot(self, turn: BotTurn, answer: object) -> None:
        """The bot's answer, through the record; what it weighed is kept for ``why``."""
        with self.lock:
            if self.game.pending is not turn.decision:
                return  # the game moved on meanwhile (a concession): the answer is not needed
            self.last_bot = turn.weighed(answer)
            self._looked[turn.player] = turn.before  # a bot has seen what came before its answer
            self._record(answer)
            if self._revealed(turn.before):
                self.undoable.clear()
        self._tell()

    # -- what changes the session: take back, concede, leave --------------------------------------------
    def concede(self, player: int) -> None:
        with self.lock:
            self.recorder.concede(player)
            self._changed()
        self._tell()

    def confirm(self, question: Confirm, yes: str) -> Reply:
        """The reply to a concession's question: conceded on a yes, else the game goes on."""
        if yes.strip().lower() not in YES:  # anything but yes keeps the game, and says so
            return Said(_("{name} does not concede; the game goes on.").format(name=self.name_of(question.player)))
        self.concede(question.player)
        return Accepted(len(self.game.answers))

    def undo(self) -> Reply:
        """Replay the game from its setup without the answers taken back (the record cut back):
        the last answer of the player at the keyboard, and every bot answer after it."""
        if self.served:
            # TRANSLATORS: "undo" is the command typed at the prompt: keep it as it is.
            return Refused(_("undo is for two players at one keyboard; a served game keeps every answer."))
        if not self.undoable:
            return Refused(_("Nothing to undo: no answer of yours can be taken back now (the other player has seen "
                             "its result, or it showed a hidden card)."))
        keep, target = self.undoable[:-1], self.undoable[-1]
        taken = len(self.game.answers) - target
        game, self.recorder = undo(self.recorder, taken)
        viewer, since, turns, looked = self.viewer, self._since_handoff, dict(self._since_turn), dict(self._looked)
        self._take(game)
        told = self.story(SPECTATOR).told
        self.viewer, self.undoable, self.last_bot = viewer, keep, None
        self._looked = {p: min(at, told) for p, at in looked.items()}
        # The story up to the answer taken back is the same: the next recap and news start where they did.
        self._since_handoff = min(since, told)
        self._since_turn = {p: None if at is None else min(at, told) for p, at in turns.items()}
        turn = self.game.state.turn  # a turn's news stays its news; a later turn's is worked out again
        self._news_of = {p: kept for p, kept in self._news_of.items() if kept[0] <= turn}
        if taken <= 2:
            return Undone(_("Your last answer is taken back; answer again.") if taken == 1 else
                          _("Your last answer and the one after it are taken back; answer again."))
        return Undone(_("Your last answer and the {n} after it are taken back; answer again.").format(n=taken - 1))

    def close(self) -> None:
        """The record is closed (it resumes); a served session's seats are woken and stop."""
        with self.lock:
            self.recorder.close()

    def stop(self) -> None:
        with self.lock:
            self.stopped = True
            self.recorder.close()
            self.lock.notify_all()
        for told in list(self._watchers):  # those awaiting a change wake and see it stopped
            told()

    def subscribe(self, told: Callable[[], None]) -> Callable[[], None]:
        """Have ``told`` called after each change (and as the session stops), from whichever
        thread made it; what is returned ends that."""
        self._watchers.append(told)
        return lambda: self._watchers.remove(told) if told in self._watchers else None

    def _tell(self) -> None:
        self.on_change()
        for told in list(self._watchers):
            told()
