"""``momon analyse`` on the terminal: the costliest answers, each player's summary and a chart
of the win chance turn by turn, drawn with Rich in at most 80 columns."""

from __future__ import annotations

from rich.text import Text

from ..bots.analysis import Analysis
from ..language import _
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
