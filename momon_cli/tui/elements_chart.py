"""The Element Advantage chart, drawn from the matrix data (``momon elements``, ``elements``)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..engine import ElementMatrix

TITLE = "Element Advantage: a Snatch Attempt also succeeds when its Element Beats the defender's."
NOTE = "Every other pair is neutral. Power decides first: a greater Power always Snatches; Ward stops every Snatch."


def chart(matrix: ElementMatrix) -> Group:
    """Each Element, what it Beats and what Beats it; Origin and the other special Elements last."""
    table = Table(show_edge=False)
    for col in ("Element", "Beats", "Is Beaten by"):
        table.add_column(col)
    for name, beats, beaten in advantages(matrix):
        table.add_row(name, ", ".join(beats) or "—", ", ".join(beaten) or "—")
    return Group(Text(TITLE, style="bold"), table, Text(NOTE, style="dim"))


def advantages(matrix: ElementMatrix) -> list[tuple[str, list[str], list[str]]]:
    """Each Element in the matrix's order, with the Elements it Beats and those that Beat it."""
    return [(name, [d for d in matrix.elements if matrix.beats(name, d)],
             [a for a in matrix.elements if matrix.beats(a, name)]) for name in matrix.elements]
