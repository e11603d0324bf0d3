"""The Element Advantage chart, drawn from the matrix data (``momon elements``, ``elements``)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from ..data.element_names import name as element_name
from ..engine import ElementMatrix
from ..language import N_, _

# The chart's first and last lines, marked for the catalog (plain.py says them too).
TITLE = N_("Element Advantage: a Snatch Attempt also succeeds when its Element Beats the defender's.")
NOTE = N_("Every other pair is neutral. Power decides first: a greater Power always Snatches; Ward stops every Snatch.")


def title() -> str:
    """The chart's first line: what an advantage does."""
    return _(TITLE)


def note() -> str:
    """The chart's last line: what decides before the Elements."""
    return _(NOTE)


def chart(matrix: ElementMatrix) -> Group:
    """Each Element, what it Beats and what Beats it; Origin and the other special Elements last
    (Rich's tables load here: a game's first screen holds none)."""
    from rich.table import Table

    table = Table(show_edge=False)
    for col in (_("Element"), _("Beats"), _("Is Beaten by")):
        table.add_column(col)
    for name, beats, beaten in advantages(matrix):
        table.add_row(element_name(name), ", ".join(map(element_name, beats)) or "—",
                      ", ".join(map(element_name, beaten)) or "—")
    return Group(Text(title(), style="bold"), table, Text(note(), style="dim"))


def advantages(matrix: ElementMatrix) -> list[tuple[str, list[str], list[str]]]:
    """Each Element in the matrix's order, with the Elements it Beats and those that Beat it."""
    return [(name, [d for d in matrix.elements if matrix.beats(name, d)],
             [a for a in matrix.elements if matrix.beats(a, name)]) for name in matrix.elements]
