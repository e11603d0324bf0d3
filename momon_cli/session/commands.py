"""The commands a seat may type at any prompt instead of an answer (``help`` lists them):
each returns content for the front end to render, or changes the session (take back,
concede, leave); none answers a decision.

What a command says of a decision's kind (``kind_words``, ``why``) is one ``match`` on the
kind ending in ``assert_never``: a new kind is a type error here until it is handled.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, assert_never, cast

from ..engine import Answer, Decision, Kind, Observation, card_of_key, scores
from ..language import N_, _, ngettext
from ..limits import NAME_LIMIT
from ..text.lists import listed
from ..text.narration import Narrator, terse
from ..text.notation import BadAnswer, format_answer, parse
from ..text.safe import clean
from .bot_turn import LastBot
from .content import (
    BoardShown,
    CardShown,
    Confirm,
    ElementsShown,
    HandShown,
    Help,
    Left,
    Line,
    LineShown,
    MomonShown,
    MomonsShown,
    PreviewShown,
    QueueShown,
    Refused,
    Reply,
    RulesShown,
    Shown,
    Viewed,
)
from .hint import hint
from .marks import CHANGE_WORDS

if TYPE_CHECKING:
    from ..bots.players import Candidate
    from .session import Session

T = TypeVar("T")
Think = Callable[[str, Callable[[], T]], T]

COMMANDS = ("help", "hint", "inspect", "preview", "why", "log", "queue", "rules", "elements", "view", "undo", "concede",
            "save", "quit")
CLUE = "clue"  # a puzzle's: its goal and hint ('hint' is kept for the coach)
CODE = "code"  # a served seat's: its way back to the game (the status line may have no room for it)
#: The commands plain mode adds (the screen shows all three at every prompt).
PLAIN_COMMANDS = ("board", "hand", "last", "row", "column", "mine", "theirs", "score")
#: What each of them does, as ``help`` says it (translated where it is said).
PLAIN_WORDS = {"board": N_("the Arena row by row in words (as 'view' sits)"),
               "hand": N_("your Hand, a card a numbered line"), "last": N_("what happened since you last answered"),
               "row <1-4>": N_("one row of the Arena, from the left as 'view' sits"),
               "column <A-D>": N_("one column of the Arena, the far Space first"),
               "mine": N_("the Momons you control"), "theirs": N_("the Momons the other player controls"),
               "score": N_("the Control Score, the turn and the cards left in each Hand")}


def extra_help(commands: tuple[str, ...]) -> str:
    """The lines ``help`` adds for the commands a session offers besides the common ones."""
    said = _("\n  clue                  this puzzle's goal and its hint") if CLUE in commands else ""
    if CODE in commands:
        # TRANSLATORS: 'code' is what a player types: keep it in English and the columns as they are
        said += _("\n  code                  the code to join this game again (a guest's secret too)")
    return said + "".join(f"\n  {name:<22}{_(words)}" for name, words in PLAIN_WORDS.items()
                            if name.partition(" ")[0] in commands)


def run(session: Session, player: int, word: str, arg: str, decision: Decision, think: Think[object],
        seen: Observation) -> Reply:
    """Carry out command ``word`` for ``player`` at ``decision`` (``seen``: what they may see)."""
    if word == "help":
        return Shown((Help(decision.kind, extra_help(session.commands)),))
    if word == "inspect":
        return inspect(seen, arg, player)
    if word == "preview":
        return preview(seen, decision, arg)
    if word == "hint":
        return hint(seen, decision, think)
    if word == "why":
        return why(session.name_of, session.last_bot)
    if word == "log":
        return log(session.story(player).log, arg)
    if word == "queue":
        return Shown((QueueShown(),))
    if word == "rules":
        return rules(arg)
    if word == "elements":
        return Shown((ElementsShown(session.game.setup.matrix),))
    if word == "view":
        return view(session, arg)
    if word == "save":
        if session.served:  # a remote player is shown the record's name, never a path on the server
            from pathlib import Path

            from ..record import short_name

            return Shown((Line(_("Saved on the server as {name} (every answer is saved as you play).").format(
                name=Path(short_name(session.recorder.path)).name)),))
        return Shown((Line(_("Saved to {path} (every answer is saved as you play).").format(
            path=session.recorder.path)),))
    if word == "undo":
        return session.undo()
    if word == "concede":
        return concede(session, player, arg, decision)
    if word == "quit":
        return Left()
    if word == CLUE and session.goal is not None:
        return Shown(session.goal.clue())
    if word == CODE:  # offered only where each seat's way back is kept (a served seat sets its own)
        return Shown((Line(session.ways_back[player]),))
    if word == "board":
        return Shown((BoardShown(session.side(player), player),))
    if word == "hand":
        if not (session.viewer == player or session.open_hands or session.served):
            return Refused(_("Your Hand is shown only to you: it is read after the hand-off to you."))
        return Shown((HandShown(player),))
    if word == "last":
        return Shown(tuple(Line(line) for line in last(session, player)))
    if word in ("row", "column", "mine", "theirs", "score"):
        return scan(session, player, word, arg, seen)
    raise AssertionError(f"{word} is offered but not handled")


def scan(session: Session, player: int, word: str, arg: str, seen: Observation) -> Reply:
    """Plain mode's reading of a part of the table: a row, a column, one player's Momons, the score."""
    side = session.side(player)
    if word == "row":
        if arg not in ("1", "2", "3", "4"):
            return Refused(_("row takes a row's number, 1 to 4: e.g. 'row 2'"))
        return Shown((LineShown(side, player, arg),))
    if word == "column":
        if arg.upper() not in ("A", "B", "C", "D"):
            return Refused(_("column takes a column's letter, A to D: e.g. 'column B'"))
        return Shown((LineShown(side, player, arg.upper()),))
    if word in ("mine", "theirs"):
        return Shown((MomonsShown(side, player, player if word == "mine" else 3 - player),))
    state = seen.state
    names = [clean(name, NAME_LIMIT) for name in session.game.setup.names]
    score = scores(state)
    counts = {"name1": names[0], "name2": names[1]}
    return Shown((Line(_("Control Score: {name1} {score1}, {name2} {score2}.").format(
        score1=score[0], score2=score[1], **counts)),
        Line(_("Turn {turn}: {name}'s turn.").format(turn=state.turn, name=names[state.active - 1])),
        Line(_("Cards in Hand: {name1} {hand1}, {name2} {hand2}.").format(
            hand1=len(state.zones.hands[1]), hand2=len(state.zones.hands[2]), **counts))))


def did_you_mean(word: str, commands: tuple[str, ...] = COMMANDS) -> str:
    """For a line that answers nothing: the command or 'summon' its first word may have
    meant ('sumon 3 B1'), as a few words to add to the refusal; else nothing."""
    low = word.lower()
    close = difflib.get_close_matches(low, [*commands, "summon"], n=1, cutoff=0.75)
    return _(" (did you mean '{command}'?)").format(command=close[0]) if close and close[0] != low else ""


def why(name_of: Callable[[int], str], last: LastBot | None) -> Reply:
    """The bot's last answer and what it weighed. For a Summon, or a card chosen from its
    Hand, only its estimates for the card it played: its other cards are hidden from the
    person, and of those only their number is said (a Space or an estimate would tell what
    they could do). Orders, targets, Spaces and picks are public: all of them are shown."""
    if last is None:
        return Refused(_("No bot has answered yet in this session."))
    name = name_of(last.player)
    kind = kind_words(last.decision.kind)
    if not last.considered:
        return Shown((Line(_("{name} (bot:{bot}) answered that {kind} decision by its simple policy, without "
                             "weighing it.").format(name=name, bot=last.bot, kind=kind)),))
    same, head, lines = _weighed(last, name, kind)
    shown = [head]
    for i, (text, c) in enumerate(lines, 1):
        played = _("  ← played") if c.answer == last.answer else ""
        shown.append(Line(f"  {i}. {text}: {estimate(c)}{played}"))
    others = len(last.considered) - len(same)
    if others:
        shown.append(Line(_("  and {n} with other cards of its Hand (hidden from you)").format(n=others), "dim"))
    return Shown(tuple(shown))


def _weighed(last: LastBot, name: str, kind: str) -> tuple[list[Candidate], Line, list[tuple[str, Candidate]]]:
    """The candidates ``why`` may show, its heading, and each candidate's line: by the kind
    of the decision the bot answered (a card of its Hand hides the others)."""
    match last.decision.kind:
        case Kind.SUMMON:
            assert isinstance(last.answer, tuple)
            played = card_of_key(last.answer[0])
            same = [c for c in last.considered if isinstance(c.answer, tuple) and card_of_key(c.answer[0]) == played]
            card = clean(last.name)  # a card's name is text from a file
            return same, Line(_("{name} weighed these Summons of {card}:").format(name=name, card=card), "bold"), [
                (_("{card} to {space}").format(card=card, space=c.answer[1]), c) for c in same
                if isinstance(c.answer, tuple)]
        case Kind.CARD:
            same = [c for c in last.considered if c.answer == last.answer]
            return same, Line(_("{name} weighed this card:").format(name=name), "bold"), [
                (clean(str(c.answer)), c) for c in same]
        case (Kind.SPACE | Kind.ORDER_ATTEMPTS | Kind.ORDER_TRIGGERS | Kind.TARGETS | Kind.YES_NO
              | Kind.PICK_FACE_DOWN):
            same = list(last.considered)
            return same, Line(_("{name} weighed these answers to the {kind} decision:").format(name=name, kind=kind),
                              "bold"), [(clean(format_answer(last.decision, cast(Answer, c.answer))), c) for c in same]
        case _:
            assert_never(last.decision.kind)


def kind_words(kind: Kind) -> str:
    """What a decision is about, in a few words ('order attempts')."""
    # TRANSLATORS: what a decision is about, read in "answered that {kind} decision"
    match kind:
        case Kind.SUMMON:
            return _("summon")
        case Kind.SPACE:
            return _("space")
        case Kind.CARD:
            return _("card")
        case Kind.ORDER_ATTEMPTS:
            return _("order attempts")
        case Kind.ORDER_TRIGGERS:
            return _("order triggers")
        case Kind.TARGETS:
            return _("targets")
        case Kind.YES_NO:
            return _("yes no")
        case Kind.PICK_FACE_DOWN:
            return _("pick face down")
        case _:
            assert_never(kind)


def estimate(c: Candidate) -> str:
    """What the bot found for a candidate: its estimated win chance, or greedy's lead."""
    if c.playouts is None:
        return _("leads by {lead} after its turn").format(lead=f"{c.value:+.0f}")
    if not c.playouts:
        return _("not played out (its time ran out)")
    return ngettext("win chance {chance} ({n} playout)", "win chance {chance} ({n} playouts)", c.playouts).format(
        chance=f"{c.value:.0%}", n=c.playouts)


def log(lines: list[tuple[str, str | None]], arg: str) -> Reply:
    """The last lines of the game, each with its rule (a number of lines pages them)."""
    if arg and not (arg.isascii() and arg.isdecimal() and len(arg) <= 6 and int(arg) > 0):
        return Refused(_("log takes a number of lines, e.g. 'log 20' (default 10)"))
    # 'log' alone keeps its newest lines on screen; 'log 30' asked for thirty: they page
    return Shown(tuple(Line(full) for full, _short in lines[-int(arg or 10):]), latest=not arg)


def rules(arg: str) -> Reply:
    """A word's meaning first (the glossary), then its rules, each heading once."""
    from ..text import rules_lookup as rulesdoc

    found = rulesdoc.answer(arg)
    if not found:
        return Refused(_("Nothing found. Try a word or a rule as narration cites it, e.g. 'rules ward' or "
                         "'rules CR 10.2.4'."))
    return Shown(tuple(RulesShown(section) for section in found))


def view(session: Session, arg: str) -> Reply:
    """Draw the Arena from the deciding player's seat, or always from one."""
    choice = arg.lower()
    if choice not in ("seat", "p1", "p2"):
        return Refused(_("view seat (the deciding player's seat), view p1 or view p2 (always that seat)"))
    session.fixed_seat = None if choice == "seat" else int(choice[1])
    return Viewed(session.fixed_seat)


def preview(seen: Observation, decision: Decision, arg: str) -> Reply:
    """What a Summon would do, from the deciding player's observation."""
    if decision.kind is not Kind.SUMMON:
        return Refused(_("preview works at a Summon: 'preview <card> <space>', e.g. 'preview 2 B3'"))
    try:
        answer = parse(seen, decision, arg)
    except BadAnswer as err:
        return Refused(f"preview <card> <space>: {err}")  # the usage is notation; the reason is translated where made
    assert isinstance(answer, tuple)
    return Shown((PreviewShown(str(answer[0]), str(answer[1])),))


def inspect(seen: Observation, arg: str, player: int) -> Reply:
    """A Momon on a Space, or a card the asking player can see (Arena, face-up Voids, own
    Hand) by Hand number, id, or any word of its name."""
    zones = seen.state.zones
    space = arg.upper()
    if space in zones.arena:
        return Shown((MomonShown(space),))
    visible = [zones.objects[o] for o in zones.arena.values()]
    visible += [zones.objects[o] for p in (1, 2) for o in zones.voids[p] if zones.objects[o].face_up]
    hand = [zones.objects[o] for o in zones.hands[player]]
    if arg.isdecimal() and 1 <= int(arg) <= len(hand):
        return Shown((CardShown(hand[int(arg) - 1].card),))
    low = arg.lower()
    cards = {o.card.id: o.card for o in visible + hand if low and (o.card.id.lower() == low or any(
        word.startswith(low) for word in [o.card.name.lower(), *o.card.name.lower().split()]))}
    if len(cards) == 1:
        return Shown((CardShown(next(iter(cards.values()))),))
    if cards:
        names = ", ".join(sorted(c.name for c in cards.values()))
        return Refused(_("{typed} could be {names}; type more of it.").format(typed=repr(arg), names=names))
    return Refused(_("Nothing to inspect at {typed}: give an occupied Space (e.g. B2), a Hand number, or a card you "
                     "can see by id or name.").format(typed=repr(arg)))


def concede(session: Session, player: int, arg: str, decision: Decision) -> Reply:
    """Give up (either player at one keyboard; over SSH each for themselves): asked first."""
    names = [clean(name, NAME_LIMIT) for name in session.game.setup.names]
    low = arg.lower()
    if session.served:
        if arg and names[player - 1].lower() != low and low not in (f"p{player}", str(player)):
            # TRANSLATORS: 'concede' is the command typed at the prompt: keep it as it is.
            return Refused(_("Over SSH each player concedes for themselves: type 'concede'."))
        arg = ""
    matches = [p for p in (1, 2) if low and (names[p - 1].lower() == low or low in (f"p{p}", str(p)))] \
        or [p for p in (1, 2) if low and names[p - 1].lower().startswith(low)]
    if arg and len(matches) != 1:
        return Refused(_("concede [name]: give {first} or {second} (or nothing: the deciding player)").format(
            first=names[0], second=names[1]))
    who = matches[0] if arg else decision.player
    name = names[who - 1]
    return Confirm(who, _("{name}, concede the game? (y/n)").format(name=name))


def last(session: Session, player: int) -> list[str]:
    """What happened since ``player`` last answered, as the log tells it, then the Spaces the
    other side changed (their own answers' results are theirs, not news)."""
    seen = session.game.observe(player)
    since = session.since_answered(player)
    narrator = Narrator(session.game.setup.names)  # from the start: a line may name a trigger told before
    told = []
    for i, event in enumerate(seen.story):
        line = narrator.line(event)
        said = line if session.full_log else terse(event, line)
        if i >= since and said is not None:
            told.append(said)
    if not told:
        return [_("Nothing has happened since you last answered.")]
    marks = session.marks(player)
    changed = [_("{space} (its Momon {change})").format(space=space, change=_(CHANGE_WORDS[change]))
               if change == "gone" else f"{space} ({_(CHANGE_WORDS[change])})"
               for space, change in sorted(marks.items())]
    return [_("Since you last answered:"), *told] + (
        [_("Spaces changed: {spaces}.").format(spaces=listed(changed))] if changed else [])

