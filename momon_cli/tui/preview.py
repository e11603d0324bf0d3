"""``preview <card> <space>``: what a Summon would do, played out on a copy of the game.

The copy is made from the deciding seat's observation alone (engine.determinize): what the
seat cannot see is imagined from the cards it holds, never read from the game, so a preview
shows nothing hidden. The turn is played to its end, every choice on the way answered with
its first option (the player answers those themselves in the game), and told as the log
would tell it, with the Control Score it leaves.
"""

from __future__ import annotations

import random
from typing import assert_never

from rich.text import Text

from ..engine import Decision, Kind, Observation, card_of_key, determinize, need, play, scores, summon_then_play_on
from ..engine import events as ev
from ..language import _, ngettext
from ..text.narration import Narrator, terse
from ..text.safe import clean


def preview(seen: Observation, decision: Decision, answer: tuple[str, str]) -> list[Text]:
    """The lines of a Summon's preview: its turn told step by step, then the Score it leaves."""
    need(seen)
    assert decision.kind is Kind.SUMMON
    zones = seen.state.zones
    own = tuple(zones.objects[o].card for o in zones.hands[seen.seat])
    ctx = determinize(seen, random.Random(seen.answers), own, telling=True)
    ctx.state.previews = True  # as in the game: an order that changes nothing is not asked
    turn = ctx.state.turn
    choices: list[Decision] = []

    def first(d: Decision) -> object:
        choices.append(d)
        return _first(d)

    ended: list[tuple[int, int]] = []  # the Score as the turn ends (the next turn's start may change it)
    ctx.listeners.append(lambda e: ended.append(scores(ctx.state)) if isinstance(e, ev.TurnEnded) else None)
    play(summon_then_play_on(ctx, *answer), first, stop=lambda d: ctx.state.turn != turn)
    narrator = Narrator(seen.setup.names)
    key, space = answer
    name = next(c.name for c in own if c.id == card_of_key(key))
    lines = [Text(_("Preview of {card} to {space} — nothing is played:").format(card=clean(name), space=space),
                  style="bold")]
    for event in ctx.events:
        said = terse(event, narrator.line(event))
        if isinstance(event, ev.TurnStarted):
            break
        if said is not None:
            lines.append(Text("  " + said))
    ann, bea = ended[0] if ended else scores(ctx.state)
    names = [clean(n) for n in seen.setup.names]
    lines.append(Text(_("Control Score after the turn: {first} {first_score} – {second} {second_score}").format(
        first=names[0], first_score=ann, second=names[1], second_score=bea), style="bold"))
    if choices:
        lines.append(Text(ngettext("({n} choice on the way: the preview took the first option; in the game you choose.)",
                                   "({n} choices on the way: the preview took the first option; in the game you "
                                   "choose.)", len(choices)).format(n=len(choices)), style="dim"))
    return lines


def _first(decision: Decision) -> object:
    """The first option of any choice on the way (every Attempt or trigger in the order listed)."""
    kind = decision.kind
    if kind is Kind.ORDER_ATTEMPTS or kind is Kind.ORDER_TRIGGERS:
        return decision.keys()
    if kind is Kind.TARGETS:
        return tuple(decision.options[:decision.count])
    if kind in (Kind.SUMMON, Kind.SPACE, Kind.CARD, Kind.YES_NO, Kind.PICK_FACE_DOWN):
        return decision.options[0]
    assert_never(kind)
