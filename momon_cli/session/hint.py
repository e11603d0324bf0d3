"""``hint``: the coach's answer for the deciding seat, from that seat's observation alone, as
content: the answer by card name with its win chance and interval, the words that type it at
the prompt, then the answers the coach could not tell from it (alike, within the noise) and
the next best below it.
The bots load only when a hint is asked for."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, assert_never, cast

from ..engine import Answer, Decision, Kind, Observation
from ..language import _
from ..text.lists import listed
from ..text.notation import format_answer, yes_or_no
from ..text.safe import clean
from .content import Line, Refused, Reply, Shown

if TYPE_CHECKING:
    from ..bots.coach import Advice, Estimate

T = TypeVar("T")
Think = Callable[[str, Callable[[], T]], T]


def hint(seen: Observation, decision: Decision, think: Think[object]) -> Reply:
    """The coach's answer for ``decision``, weighed under ``think`` (a spinner, a thread)."""
    from ..bots.coach import HINT_SAMPLES, advise

    try:
        advice = cast("Advice", think(_("Weighing the answers…"), lambda: advise(seen, samples=HINT_SAMPLES)))
    except KeyboardInterrupt:
        return Refused(_("The hint was stopped."))
    return Shown(hint_lines(seen, decision, advice))


def hint_lines(seen: Observation, decision: Decision, advice: Advice) -> tuple[Line, ...]:
    """What the hint says of ``advice``, cards by name, never by id."""
    best = advice.ranked[0]
    if advice.forced:
        return (Line(_("Only one answer is possible here: {answer}.").format(answer=said(seen, decision, best.answer))),)
    lines = [Line(_("Hint: {answer} — {estimate}").format(answer=said(seen, decision, best.answer),
                                                         estimate=_chance(advice.estimate(best.answer), best.value)),
                  "bold"),
             Line(_("  (type: {words})").format(words=clean(to_type(seen, decision, best.answer))), "dim")]
    alike, better = advice.alike, advice.better
    for e in alike:
        lines.append(Line(_("  as good, within the noise: {answer} — {estimate}").format(
            answer=said(seen, decision, e.answer), estimate=_chance(e, e.chance))))
    # An answer the quick comparison rates above the search's is left out: shown with its higher
    # figure under an answer the hint still gives, it read as advice against the hint itself,
    # and the search (which looks further ahead) is the better judge (benchmarks/coach_strength.py).
    others = [c for c in advice.ranked[1:] if all(c.answer != e.answer for e in (*alike, *better))]
    # Figures from one judge only: the search's own rating of an answer it did not compare on
    # the same worlds is on another scale than the hint's figure.
    if advice.estimates:
        others = [c for c in others if advice.estimate(c.answer) is not None]
    for c in others[:max(0, 2 - len(alike))]:
        lines.append(Line(_("  next: {answer} — {estimate}").format(answer=said(seen, decision, c.answer),
                                                                    estimate=_chance(advice.estimate(c.answer), c.value))))
    return tuple(lines)


def to_type(seen: Observation, decision: Decision, answer: object) -> str:
    """The words that type ``answer`` at the prompt: the coach's (bots.coach.typed, which a game
    file's comments take too), but yes and no in the reader's own word, which the prompt takes."""
    from ..bots.coach import typed

    if decision.kind is Kind.YES_NO:
        return yes_or_no(answer is True)
    return typed(seen, decision, answer)


def said(seen: Observation, decision: Decision, answer: object) -> str:
    """An answer in words: a card by its name (a Summon with its Space), the rest as typed."""
    from ..bots.coach import card_name

    match decision.kind:
        case Kind.SUMMON:
            key, space = cast("tuple[str, str]", answer)
            return _("{card} to {space}").format(card=clean(card_name(seen, key)), space=space)
        case Kind.CARD:
            return clean(card_name(seen, cast(str, answer)))
        case Kind.YES_NO:  # in the reader's words, as the prompt takes them
            return yes_or_no(answer is True)
        case Kind.TARGETS if answer:  # a Space alone did not say which Momon it aims at
            return listed(on_space(seen, space) for space in cast("tuple[str, ...]", answer))
        case Kind.SPACE | Kind.ORDER_ATTEMPTS | Kind.ORDER_TRIGGERS | Kind.TARGETS | Kind.PICK_FACE_DOWN:
            return clean(format_answer(decision, cast(Answer, answer)))
        case _:
            assert_never(decision.kind)


def on_space(seen: Observation, space: str) -> str:
    """A target by the Momon on its Space and the Space: "Right on D4" (the Space alone if
    nothing the seat can see is there)."""
    zones = seen.state.zones
    oid = zones.arena.get(space)
    if oid is None:
        return space
    return _("{card} on {space}").format(card=clean(zones.objects[oid].card.name), space=space)


def _chance(estimate: Estimate | None, value: float) -> str:
    """A win chance with its 95% interval when the coach compared the answer, else alone."""
    if estimate is None:
        return _("win chance {chance}").format(chance=f"{value:.0%}")
    return _("win chance {chance} ({low}–{high})").format(chance=f"{estimate.chance:.0%}",
                                                          low=f"{estimate.low:.0%}", high=f"{estimate.high:.0%}")
