"""The hot-seat REPL in plain lines (``momon play --plain``): what a screen reader can follow.

No full screen, no box drawing, no colour and no cursor movement: the game is written as
lines, each saying one thing, in the order they happen: the story as it is narrated, then
at each decision who decides, the Arena's facts it turns on, its options on numbered lines
and one prompt (plain.py has the words). The answer is read as a line from the terminal,
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

from rich.console import RenderableType
from rich.text import Text

from .. import exits
from ..engine import SPECTATOR, Answer, Decision, Kind, Observation
from ..language import N_, _, ngettext
from ..record import short_name
from ..text.lists import listed
from ..text.narration import Narrator, terse
from . import plain, render
from .commands import COMMANDS, help_text
from .repl import HotSeat

T = TypeVar("T")

#: The commands plain mode adds (the screen shows all three at every prompt).
PLAIN_COMMANDS = ("board", "hand", "last")
#: What each of them does, as ``help`` says it (translated where it is said).
PLAIN_WORDS = {"board": N_("the Arena row by row in words (as 'view' sits)"),
               "hand": N_("your Hand, a card a numbered line"), "last": N_("what happened since you last answered")}


class PlainSeat(HotSeat):
    """The hot-seat REPL of ``momon play --plain``: the same game, told in lines."""

    commands: tuple[str, ...] = (*COMMANDS, *PLAIN_COMMANDS)
    resumes_with = " --plain"
    _handed = ""  # the news the last hand-off told: the decision after it does not tell it again

    def extra_help(self) -> str:
        """Plain mode's commands after those of the session it is (a puzzle's clue)."""
        return super().extra_help() + "".join(f"\n  {name:<22}{_(said)}" for name, said in PLAIN_WORDS.items())

    def say(self, line: str) -> None:
        self.console.print(Text(line))

    def show(self, renderable: RenderableType) -> None:
        for line in plain.plain_lines(renderable):
            self.say(line)

    def _told(self, full: str, short: str | None) -> str | None:
        return full if self.full_log else short  # told as it happens; terse leaves out the bookkeeping

    def _opening(self) -> Text:
        return Text(super()._opening().plain + "\n" + _(
            "Plain mode: one fact a line. At any prompt 'board' reads the Arena, 'hand' your Hand, 'last' what "
            "happened since you last answered, 'help' every command."))

    def _offer_handoff(self, player: int, told: str | None) -> str:
        name = self.name_of(player)
        self.say(plain.handoff(name))
        self._handed = _("Meanwhile: {told}").format(told=told) if told else ""
        if told:
            self.say(_("Since the last hand-off: {told}").format(told=told))
        return _("{name}, press Enter: ").format(name=name)

    def _present(self, seen: Observation, decision: Decision) -> None:
        news = "" if self.view.news == self._handed else self.view.news
        self._handed = ""
        lines = plain.decision(seen, decision, self.view.seat, self.view.marks, self.view.hand is not None, news)
        if decision.kind is not Kind.SUMMON:  # what resolves now, before the line saying what an answer looks like
            resolving, waits = render.queue_parts(seen)
            waiting = len(waits)
            more = [ngettext("{n} more waits in the Trigger Queue ('queue' reads them).",
                             "{n} more wait in the Trigger Queue ('queue' reads them).", waiting).format(n=waiting)]
            lines[-1:-1] = resolving + (more if waiting else [])
        for line in lines:
            self.say(line)

    def _prompt(self, name: str) -> str:
        return _("{name}, your answer: ").format(name=name)

    def _parse(self, seen: Observation, decision: Decision, line: str) -> Answer:
        """As on the screen, and an option's number where the notation wants a word (a Space, yes or no)."""
        word = line.strip()
        if decision.kind in plain.BY_NUMBER and word.isascii() and word.isdecimal() \
                and 1 <= int(word) <= len(decision.options):
            chosen = decision.options[int(word) - 1]
            line = chosen if isinstance(chosen, str) else "y" if chosen else "n"
        return super()._parse(seen, decision, line)

    def _command(self, word: str, arg: str, decision: Decision) -> str | int | None:
        player = decision.player
        if word == "board":
            self.show("\n".join(plain.status(self.seen) + plain.board(self.seen, self.view.seat, player,
                                                                     self._marks(player))))
        elif word == "hand":
            if self.view.hand is None and not (self.viewer == player or self.open_hands):
                self.error(_("Your Hand is shown only to you: it is read after the hand-off to you."))
            else:
                self.show("\n".join(plain.hand(self.seen, player, player)))
        elif word == "last":
            self.show("\n".join(self._last(player)))
        elif word == "help":
            self.show(help_text(decision.kind, self.extra_help(), screen=False))
        elif word == "elements":
            self.show("\n".join(plain.elements(self.game.setup.matrix)))
        else:
            said = super()._command(word, arg, decision)
            if word == "view" and arg.lower() in ("seat", "p1", "p2"):  # the screen turns; here it is said
                seat = self.name_of(self.view.seat)
                self.say((_("'board' reads the Arena as {seat} sits, whoever decides.") if self.fixed_seat else
                          _("'board' reads the Arena as the deciding player sits (now {seat}).")).format(seat=seat))
            return said
        return None

    def _last(self, player: int) -> list[str]:
        """What happened since ``player`` last answered, as the log tells it, then the Spaces it changed."""
        since = self._looked[player]
        narrator = Narrator(self.game.setup.names)  # from the start: a line may name a trigger told before
        told = []
        for i, event in enumerate(self.seen.story):
            line = narrator.line(event)
            said = line if self.full_log else terse(event, line)
            if i >= since and said is not None:
                told.append(said)
        if not told:
            return [_("Nothing has happened since you last answered.")]
        marks = self._marks(player)
        changed = [_("{space} (its Momon {change})").format(space=space, change=_(plain.CHANGE_WORDS[change]))
                   if change == "gone" else f"{space} ({_(plain.CHANGE_WORDS[change])})"
                   for space, change in sorted(marks.items())]
        return [_("Since you last answered:"), *told] + (
            [_("Spaces changed: {spaces}.").format(spaces=listed(changed))] if changed else [])

    def think(self, message: str, work: Callable[[], T]) -> T:
        self.say(_("{message} (Ctrl-C stops it)").format(message=message))
        return work()

    def _bot_answers(self, decision: Decision) -> None:
        person = 3 - decision.player
        self._observe(person if person not in self.bots else SPECTATOR)  # what the last answer did comes first
        self.say(_("{name} is thinking…").format(name=self.name_of(decision.player)))
        super()._bot_answers(decision)

    def _end(self) -> int:
        """The game is over: the final Arena in words, each player's Tokens and the winner."""
        self._close_record()
        self._observe(SPECTATOR)
        for line in plain.end(self.seen, str(self.recorder.path), shlex.quote(short_name(self.recorder.path))):
            self.say(line)
        return exits.DONE
