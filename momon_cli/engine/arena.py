"""The 4x4 Arena's geometry (BASELINE 4): Space names, adjacency and Snatch-Sight reading.

Columns A-D run left to right as Player 1 sees them; row 1 is nearest Player 1. A direction
is read from the Owner's seat, so Player 2's sights are turned 180 degrees [CR 10.1.2].
"""

from __future__ import annotations

COLUMNS = "ABCD"
ROWS = (1, 2, 3, 4)
SPACES: tuple[str, ...] = tuple(f"{c}{r}" for r in ROWS for c in COLUMNS)
DIRECTIONS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

# (column step, row step) for Player 1; N points toward row 4.
_STEP = {
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}


def _coords(space: str) -> tuple[int, int]:
    return COLUMNS.index(space[0]), int(space[1]) - 1


def _name(col: int, row: int) -> str | None:
    if 0 <= col < 4 and 0 <= row < 4:
        return f"{COLUMNS[col]}{row + 1}"
    return None


def _build_sight_table() -> dict[tuple[str, str, int], str | None]:
    table = {}
    for space in SPACES:
        col, row = _coords(space)
        for direction, (dc, dr) in _STEP.items():
            table[(space, direction, 1)] = _name(col + dc, row + dr)
            table[(space, direction, 2)] = _name(col - dc, row - dr)
    return table


_SIGHT = _build_sight_table()
ADJACENT: dict[str, frozenset[str]] = {
    s: frozenset(t for d in DIRECTIONS if (t := _SIGHT[(s, d, 1)]) is not None) for s in SPACES
}


def sight_target(space: str, direction: str, owner: int) -> str | None:
    """The Space a Normal Sight-Mark points at, or None off the Arena [CR 10.1.2]."""
    return _SIGHT[(space, direction, owner)]


def screen_direction(direction: str, owner: int) -> str:
    """The direction as drawn on Player 1's board view (Player 2's sights turned 180°)."""
    if owner == 1:
        return direction
    return DIRECTIONS[(DIRECTIONS.index(direction) + 4) % 8]
