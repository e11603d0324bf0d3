"""``momon analyse`` on the terminal: the costliest answers, each player's summary and a chart
of the win chance turn by turn, drawn with Rich in at most 80 columns; and the coach's hint
for a pending decision (``hint_lines``), cards by name, with the words to type."""

from __future__ import annotations

from typing import cast

from rich.text import Text

from ..bots.analysis import Analysis
from ..bots.coach import Advice, Estimate, card_name, typed
from ..engine import Answer, Decision, Kind, Observation
from ..language import _
from ..text.notation import format_answer
from ..text.safe import clean

CHART_ROWS = 11  # 0%, 10%, ... 100%
MOST_LISTED = 10  # answers listed by cost


def report_lines(analysis: Analysis, width: int = 80) -> list[Text]:
    names = [clean(n) for n in analysis.names]
    lines = [Text(_("Costliest answers: played → the coach's best, win chances, the least it cost"), style="bold")]
    costly = sorted((r for r in analysis.ratings if r.mark), key=lambda r: -r.cost)[:MOST_LISTED]
    for r in sorted(costly, key=lambda r: r.number):
        lines.append(Text(_("  {mark:<2} #{number} turn {turn} {name}: {played} ({played_chance:.0%}) → {best} "
                            "({best_chance:.0%}), ≥{least:.0%}").format(
                                mark=r.mark, number=r.number, turn=r.turn, name=names[r.player - 1],
                                played=_short(r.played), played_chance=r.played_chance, best=_short(r.best),
                                best_chance=r.best_chance, least=r.cost_low)))
    if not costly:
        lines.append(Text(_("  none: no answer cost 10% or more of its player's win chance beyond the noise of "
                            "the estimate")))
    for player in (1, 2):
        s = analysis.summary(player)
        lines.append(Text(_("{name}: {decisions} decisions rated, {mistakes} mistakes (?), {blunders} blunders (??), "
                            "mean cost {mean_cost:.1%}").format(name=names[player - 1], decisions=s["decisions"],
                                                mistakes=s["mistakes"], blunders=s["blunders"],
                                                mean_cost=s["mean_cost"])))
    if analysis.forced:
        lines.append(Text(_("({forced} decisions had one legal answer and are not rated.)").format(
            forced=analysis.forced), style="dim"))
    return lines + chart(analysis, names, width)


def chart(analysis: Analysis, names: list[str], width: int = 80) -> list[Text]:
    """Player 1's win chance after each turn as dots over a 50% line (Player 2's is the rest)."""
    points = analysis.chances()
    if not points:
        return []
    step = max(1, min(3, (width - 8) // len(points)))
    title = _("{name1}'s win chance after each turn (the rest is {name2}'s):").format(
        name1=names[0], name2=names[1])
    lines = [Text(title, style="bold")]
    for row in range(CHART_ROWS - 1, -1, -1):
        level = row / (CHART_ROWS - 1)
        line = Text(f"{level:>4.0%} " + ("┼" if row == (CHART_ROWS - 1) // 2 else "┤"))
        for _turn, chance in points:
            here = round(chance * (CHART_ROWS - 1)) == row
            fill = "┄" if row == (CHART_ROWS - 1) // 2 else " "
            line.append(fill * (step - 1))
            line.append("●" if here else fill, style="cyan" if here and chance >= 0.5 else "magenta" if here else "")
        lines.append(line)
    labels = "".join(f"{t:>{step}}" if step >= len(str(t)) else ("·" if i % 2 else " ") * step
                     for i, (t, _chance) in enumerate(points))
    lines.append(Text("      " + labels + "  " + _("turn"), style="dim"))
    return lines


def _short(answer: str) -> str:
    """An answer as typed, without the word a Summon may start with."""
    return clean(answer.removeprefix("summon "))


def hint_lines(seen: Observation, decision: Decision, advice: Advice) -> list[Text]:
    """The coach's answer for ``decision`` as the deciding seat reads it: the answer by card
    name with its win chance and interval, the words that type it at the prompt, then the
    answers the coach could not tell from it (alike, within the noise) and the next best."""
    best = advice.ranked[0]
    if advice.forced:
        return [Text(_("Only one answer is possible here: {answer}.").format(answer=said(seen, decision, best.answer)))]
    estimate = advice.estimate(best.answer)
    lines = [Text(_("Hint: {answer} — {estimate}").format(answer=said(seen, decision, best.answer),
                                                         estimate=_chance(estimate, best.value)), style="bold"),
             Text(_("  (type: {words})").format(words=clean(typed(seen, decision, best.answer))), style="dim")]
    alike = advice.alike
    for e in alike:
        lines.append(Text(_("  as good, within the noise: {answer} — {estimate}").format(
            answer=said(seen, decision, e.answer), estimate=_chance(e, e.chance))))
    others = [c for c in advice.ranked[1:] if all(c.answer != e.answer for e in alike)]
    for c in others[:max(0, 2 - len(alike))]:
        lines.append(Text(_("  next: {answer} — {estimate}").format(answer=said(seen, decision, c.answer),
                                                                    estimate=_chance(advice.estimate(c.answer), c.value))))
    return lines


def said(seen: Observation, decision: Decision, answer: object) -> str:
    """An answer in words: a card by its name (a Summon with its Space), the rest as typed."""
    if decision.kind is Kind.SUMMON and isinstance(answer, tuple):
        return _("{card} to {space}").format(card=clean(card_name(seen, answer[0])), space=answer[1])
    if decision.kind is Kind.CARD and isinstance(answer, str):
        return clean(card_name(seen, answer))
    return clean(format_answer(decision, cast(Answer, answer)))


def _chance(estimate: Estimate | None, value: float) -> str:
    """A win chance with its 95% interval when the coach compared the answer, else alone."""
    if estimate is None:
        return _("win chance {chance}").format(chance=f"{value:.0%}")
    return _("win chance {chance} ({low}–{high})").format(chance=f"{estimate.chance:.0%}",
                                                          low=f"{estimate.low:.0%}", high=f"{estimate.high:.0%}")
