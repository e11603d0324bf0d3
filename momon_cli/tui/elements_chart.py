"""The Element Advantage chart, drawn from the matrix data (``momon elements``, ``elements``)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..engine import ElementMatrix


def chart(matrix: ElementMatrix) -> Group:
    """Each Element, what it Beats and what Beats it; Origin and the other special Elements last."""
    title = Text("Element Advantage: a Snatch Attempt also succeeds when its Element Beats the defender's.",
                 style="bold")
    table = Table(show_edge=False)
    for col in ("Element", "Beats", "Is Beaten by"):
        table.add_column(col)
    for name in matrix.elements:
        beats = [d for d in matrix.elements if matrix.beats(name, d)]
        beaten = [a for a in matrix.elements if matrix.beats(a, name)]
        table.add_row(name, ", ".join(beats) or "—", ", ".join(beaten) or "—")
    note = Text("Every other pair is neutral. Power decides first: a greater Power always Snatches; "
                "Ward stops every Snatch.", style="dim")
    return Group(title, table, note)
