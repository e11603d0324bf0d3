"""The commands a player may type at any prompt, as the terminal shows them: ``help``'s
words, and each command's content (session/commands.py carries the commands out) drawn with
Rich, for the full screen or for plain lines.
"""

from __future__ import annotations

from typing import assert_never

from rich.console import RenderableType
from rich.text import Text

from ..engine import Kind
from ..language import _
from ..session import (
    BoardShown,
    CardShown,
    Content,
    ElementsShown,
    HandShown,
    Help,
    Line,
    LineShown,
    MomonShown,
    MomonsShown,
    PreviewShown,
    QueueShown,
    RulesShown,
    Shown,
    Update,
)
from ..session.commands import COMMANDS
from ..text.notation import ACCEPTED
from . import plain, render
from .arena_view import orientation
from .marks import labels

__all__ = ["COMMANDS", "command_help", "help_text", "rendered", "screen_help"]


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
{new} placed, {snatched} Snatched, {moved} Moved or Swapped, {gone} sent away.
In the Hand, ✦ marks a card with an ability: 'inspect <number>' reads it.""").format(**labels())


def help_text(kind: Kind, extra: str = "", screen: bool = True) -> str:
    """``help`` at a prompt of this kind: the commands (and ``extra``, a session's own; with
    ``screen``, the full screen's keys and marks), then what the prompt accepts."""
    said = command_help() + ("\n" + screen_help() if screen else "") + extra
    return said + "\n" + _("This prompt accepts:\n  {accepted}").format(accepted=_(ACCEPTED[kind]))


def rendered(shown: Shown, update: Update, screen: bool = True) -> list[RenderableType]:
    """A command's content as Rich renderables: for the full screen (a script prints the
    same), or for plain lines (``screen`` False: the Arena, a Hand and the chart in words)."""
    out: list[RenderableType] = []
    for item in shown.content:
        if isinstance(item, PreviewShown):  # a line each, as the log's lines are
            from .preview import preview

            assert update.decision is not None
            out.extend(preview(update.seen, update.decision, (item.card, item.space)))
        else:
            out.append(_one(item, update, screen))
    return out


def _one(item: Content, update: Update, screen: bool) -> RenderableType:
    seen = update.seen
    match item:
        case Line(text=text, style=style):
            return Text(text, style=style)
        case Help(kind=kind, extra=extra):
            return Text(help_text(kind, extra, screen))
        case CardShown(card=card):
            return render.card_panel(card)
        case MomonShown(space=space):
            zones = seen.state.zones
            return render.object_panel(seen, zones.objects[zones.arena[space]])
        case RulesShown(markdown=section):
            # Loaded on first use: rich.markdown (markdown-it, pygments) is a tenth of the time to the first prompt.
            from rich.markdown import Markdown

            return Markdown(section)
        case ElementsShown(matrix=matrix):
            if not screen:
                return Text("\n".join(plain.elements(matrix)))
            from .elements_chart import chart

            return chart(matrix)
        case QueueShown():
            queue = render.queue_lines(seen)
            return Text("\n".join(queue) if queue else _("The Trigger Queue is empty."))
        case PreviewShown():
            raise AssertionError("rendered() lays a preview out line by line")
        case BoardShown(seat=seat, player=player):
            return Text("\n".join(plain.status(seen) + plain.board(seen, seat, player, update.marks)))
        case HandShown(player=player):
            return Text("\n".join(plain.hand(seen, player, player)))
        case LineShown(seat=seat, player=player, line=line):
            if line.isdecimal():
                _rows, columns = orientation(seat)
                said = plain.row_lines(seen, line, [f"{c}{line}" for c in columns], player, update.marks)
            else:
                said = plain.column_lines(seen, line, seat, player, update.marks)
            return Text("\n".join(said))
        case MomonsShown(seat=seat, player=player, controller=controller):
            return Text("\n".join(plain.momons_of(seen, controller, seat, player)))
        case _:
            assert_never(item)
