"""The commands a player may type at any prompt instead of an answer (``help`` lists them).

Each command only shows something (in the frame, until the next line) or changes how the
screen draws; none answers a decision. Taking back, conceding and leaving change the session
and stay with it (repl.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from rich.text import Text

from ..bots.coach import advise
from ..bots.players import Candidate
from ..engine import Answer, Decision, Kind, Observation, card_of_key
from ..language import _, ngettext
from ..text.notation import ACCEPTED, BadAnswer, format_answer, parse
from ..text.safe import clean, safe
from . import render

if TYPE_CHECKING:
    from .repl import HotSeat

COMMANDS = ("help", "hint", "inspect", "preview", "why", "log", "queue", "rules", "elements", "view", "undo", "concede", "save",
            "quit")


def command_help() -> str:
    """The commands ``help`` lists, in the language in use."""
    return _("""Answer the prompt, or type a command:
  help                  this text
  hint                  the search bot's answer for you here, with its
                        estimated win chance and the next best two (from
                        what you can see only)
  inspect <space|card>  a Momon on the Arena (e.g. 'inspect B2') or any card
                        you can see
  preview <card> <space>  what that Summon would do, on a copy (or type a
                        Summon and '?', e.g. '2 B3 ?'); nothing is played
  why                   what the bot weighed for its last answer (its other
                        cards stay hidden: only how many it weighed)
  log [n]               the last n lines of the game, each with its rule
                        (default: the newest 10 that fit; a number pages)
  queue                 the ability resolving now and the ones waiting,
                        with their targets
  rules <word|rule>     a word's meaning, then its rules: 'rules ward', or
                        'rules CR 10.2.4' as the log cites it
  elements              which Element beats which
  view seat|p1|p2       draw the Arena from the deciding player's seat, or
                        always from one
  undo                  take back your last answer (before the other player
                        has seen its result); against a bot, your last answer
                        and the bot's reply
  concede [name]        give up: the other player wins (either may concede)
  save                  where this game is saved (every answer is saved)
  quit                  save and leave (the line it prints says how to resume)""")


def screen_help() -> str:
    """What the full screen adds to ``help``: its keys and what its marks mean."""
    return _("""Tab completes the word where the cursor is; Up/Down walk your own history.
Arena cells: name and marks (W Ward, T2 Token worth 2, ≠ controlled by its
non-Owner), then Controller (P1 cyan, P2 magenta), Power (* changed), Element,
Stars and the Sights as arrows: up is away from the player whose seat the
Arena is drawn from. What changed since your last look is marked in its cell:
+new placed, ⇄snatch Snatched, »moved Moved or Swapped, ×gone sent away.
In the Hand, ✦ marks a card with an ability: 'inspect <number>' reads it.""")


@dataclass(frozen=True)
class LastBot:
    """A bot's latest answer and what it weighed, for ``why``."""

    player: int
    bot: str
    decision: Decision
    considered: tuple[Candidate, ...]
    answer: object
    name: str = ""  # the played card's name, kept as it was played (it may leave the Arena)


def help_text(kind: Kind, extra: str = "", screen: bool = True) -> str:
    """``help`` at a prompt of this kind: the commands (and ``extra``, a session's own; with
    ``screen``, the full screen's keys and marks), then what the prompt accepts."""
    said = command_help() + ("\n" + screen_help() if screen else "") + extra
    return said + "\n" + _("This prompt accepts:\n  {accepted}").format(accepted=_(ACCEPTED[kind]))


def run(hot: HotSeat, word: str, arg: str, decision: Decision) -> str | int | None:
    """Carry out command ``word``: None, or what the session's own commands return (repl.py)."""
    if word == "help":
        hot.show(Text(help_text(decision.kind, hot.extra_help())))
    elif word == "inspect":
        inspect(hot, arg, decision.player)
    elif word == "preview":
        preview(hot, arg, decision)
    elif word == "hint":
        hint(hot, decision)
    elif word == "why":
        why(hot, hot.last_bot)
    elif word == "log":
        log(hot, arg)
    elif word == "queue":
        queue = render.queue_lines(hot.seen)
        hot.show(Text("\n".join(queue) if queue else _("The Trigger Queue is empty.")))
    elif word == "rules":
        rules(hot, arg)
    elif word == "elements":
        from .elements_chart import chart

        hot.show(chart(hot.game.setup.matrix))
    elif word == "view":
        view(hot, arg)
    elif word == "save":
        hot.show(safe(_("Saved to {path} (every answer is saved as you play).").format(path=hot.saved_as())))
    else:
        return hot.session_command(word, arg, decision)
    return None


def hint(hot: HotSeat, decision: Decision) -> None:
    """The coach's answer for the deciding seat, from that seat's observation alone."""
    seen = hot.seen
    try:
        advice = hot.think(_("Weighing the answers…"), lambda: advise(seen))
    except KeyboardInterrupt:
        hot.error(_("The hint was stopped."))
        return
    best = advice.ranked[0]
    if advice.forced:
        hot.show(Text(_("Only one answer is possible here: {answer}.").format(answer=said(seen, decision, best.answer))))
        return
    hot.show(Text(_("Hint: {answer} — {estimate}").format(answer=said(seen, decision, best.answer), estimate=_estimate(best)),
                  style="bold"))
    if decision.kind is Kind.SUMMON:
        assert isinstance(best.answer, tuple)
        hot.show(Text(_("  (type: {card} {space})").format(card=best.answer[0], space=best.answer[1]), style="dim"))
    for c in advice.ranked[1:3]:
        hot.show(Text(_("  next: {answer} — {estimate}").format(answer=said(seen, decision, c.answer), estimate=_estimate(c))))


def said(seen: Observation, decision: Decision, answer: object) -> str:
    """An answer in words: a Summon by card name and Space, the rest as it is typed."""
    if decision.kind is Kind.SUMMON and isinstance(answer, tuple):
        key, space = answer
        name = next((o.card.name for o in seen.state.zones.objects.values() if o.card.id == card_of_key(key)), key)
        return _("{card} to {space}").format(card=clean(name), space=space)
    return clean(format_answer(decision, cast(Answer, answer)))


def why(hot: HotSeat, last: LastBot | None) -> None:
    """The bot's last answer and what it weighed. For a Summon, or a card chosen from its
    Hand, only its estimates for the card it played: its other cards are hidden from the
    person, and of those only their number is said (a Space or an estimate would tell what
    they could do). Orders, targets, Spaces and picks are public: all of them are shown."""
    if last is None:
        hot.error(_("No bot has answered yet in this session."))
        return
    name = hot.name_of(last.player)
    kind = kind_words(last.decision.kind)
    if not last.considered:
        hot.show(Text(_("{name} (bot:{bot}) answered that {kind} decision by its simple policy, without weighing "
                        "it.").format(name=name, bot=last.bot, kind=kind)))
        return
    if last.decision.kind is Kind.SUMMON and isinstance(last.answer, tuple):
        played = card_of_key(last.answer[0])
        same = [c for c in last.considered if isinstance(c.answer, tuple) and card_of_key(c.answer[0]) == played]
        card = clean(last.name)  # a card's name is text from a file
        hot.show(Text(_("{name} weighed these Summons of {card}:").format(name=name, card=card), style="bold"))
        lines = [(_("{card} to {space}").format(card=card, space=c.answer[1]), c) for c in same if isinstance(c.answer, tuple)]
    elif last.decision.kind is Kind.CARD:
        same = [c for c in last.considered if c.answer == last.answer]
        hot.show(Text(_("{name} weighed this card:").format(name=name), style="bold"))
        lines = [(clean(str(c.answer)), c) for c in same]
    else:
        same = list(last.considered)
        hot.show(Text(_("{name} weighed these answers to the {kind} decision:").format(name=name, kind=kind),
                      style="bold"))
        lines = [(clean(format_answer(last.decision, cast(Answer, c.answer))), c) for c in same]
    for i, (text, c) in enumerate(lines, 1):
        played = _("  ← played") if c.answer == last.answer else ""
        hot.show(Text(f"  {i}. {text}: {_estimate(c)}{played}"))
    others = len(last.considered) - len(same)
    if others:
        hot.show(Text(_("  and {n} with other cards of its Hand (hidden from you)").format(n=others), style="dim"))


def kind_words(kind: Kind) -> str:
    """What a decision is about, in a few words ('order attempts')."""
    # TRANSLATORS: what a decision is about, read in "answered that {kind} decision"
    words = {Kind.SUMMON: _("summon"), Kind.SPACE: _("space"), Kind.CARD: _("card"),
             Kind.ORDER_ATTEMPTS: _("order attempts"), Kind.ORDER_TRIGGERS: _("order triggers"),
             Kind.TARGETS: _("targets"), Kind.YES_NO: _("yes no"), Kind.PICK_FACE_DOWN: _("pick face down")}
    return words[kind]


def _estimate(c: Candidate) -> str:
    """What the bot found for a candidate: its estimated win chance, or greedy's lead."""
    if c.playouts is None:
        return _("leads by {lead} after its turn").format(lead=f"{c.value:+.0f}")
    if not c.playouts:
        return _("not played out (its time ran out)")
    return ngettext("win chance {chance} ({n} playout)", "win chance {chance} ({n} playouts)", c.playouts).format(
        chance=f"{c.value:.0%}", n=c.playouts)


def log(hot: HotSeat, arg: str) -> None:
    """The last lines of the game, each with its rule (a number of lines pages them)."""
    if arg and not (arg.isascii() and arg.isdecimal() and len(arg) <= 6 and int(arg) > 0):
        hot.error(_("log takes a number of lines, e.g. 'log 20' (default 10)"))
        return
    for full, _short in hot.log[-int(arg or 10):]:
        hot.show(Text(full))
    # 'log' alone keeps its newest lines on screen; 'log 30' asked for thirty: they page
    hot.view.info_latest = not arg


def rules(hot: HotSeat, arg: str) -> None:
    """A word's meaning first (the glossary), then its rules, each heading once."""
    # Loaded on first use: rich.markdown (markdown-it, pygments) is about a tenth of the time to the first prompt.
    from rich.markdown import Markdown

    from ..text import rules_lookup as rulesdoc

    found = rulesdoc.answer(arg)
    if not found:
        hot.error(_("Nothing found. Try a word or a rule as narration cites it, e.g. 'rules ward' or "
                    "'rules CR 10.2.4'."))
    for section in found:
        hot.show(Markdown(section))


def view(hot: HotSeat, arg: str) -> None:
    """Draw the Arena from the deciding player's seat, or always from one."""
    choice = arg.lower()
    if choice not in ("seat", "p1", "p2"):
        hot.error(_("view seat (the deciding player's seat), view p1 or view p2 (always that seat)"))
        return
    hot.fixed_seat = None if choice == "seat" else int(choice[1])
    hot.view.seat = hot.seat_of(hot.view.decision.player if hot.view.decision else 1)


def preview(hot: HotSeat, arg: str, decision: Decision) -> None:
    """What a Summon would do, from the deciding player's observation (preview.py)."""
    from .preview import preview as played_out

    if decision.kind is not Kind.SUMMON:
        hot.error(_("preview works at a Summon: 'preview <card> <space>', e.g. 'preview 2 B3'"))
        return
    try:
        answer = parse(hot.seen, decision, arg)
    except BadAnswer as err:
        hot.error(f"preview <card> <space>: {err}")  # the usage is notation; the reason is translated where it is made
        return
    assert isinstance(answer, tuple)
    for line in played_out(hot.seen, decision, (str(answer[0]), str(answer[1]))):
        hot.show(line)


def inspect(hot: HotSeat, arg: str, player: int) -> None:
    """A Momon on a Space, or a card the asking player can see (Arena, face-up Voids, own
    Hand) by Hand number, id, or any word of its name."""
    seen = hot.seen
    zones = seen.state.zones
    space = arg.upper()
    if space in zones.arena:
        hot.show(render.object_panel(seen, zones.objects[zones.arena[space]]))
        return
    visible = [zones.objects[o] for o in zones.arena.values()]
    visible += [zones.objects[o] for p in (1, 2) for o in zones.voids[p] if zones.objects[o].face_up]
    hand = [zones.objects[o] for o in zones.hands[player]]
    if arg.isdecimal() and 1 <= int(arg) <= len(hand):
        hot.show(render.card_panel(hand[int(arg) - 1].card))
        return
    low = arg.lower()
    cards = {o.card.id: o.card for o in visible + hand if low and (o.card.id.lower() == low or any(
        word.startswith(low) for word in [o.card.name.lower(), *o.card.name.lower().split()]))}
    if len(cards) == 1:
        hot.show(render.card_panel(next(iter(cards.values()))))
    elif cards:
        names = ", ".join(sorted(c.name for c in cards.values()))
        hot.error(_("{typed} could be {names}; type more of it.").format(typed=repr(arg), names=names))
    else:
        hot.error(_("Nothing to inspect at {typed}: give an occupied Space (e.g. B2), a Hand number, or a card you "
                    "can see by id or name.").format(typed=repr(arg)))
