"""An Element's name as the reader says it, and its one shortened form for a given width.

The matrix (elements.toml) names Elements in English, as records and card files do; a screen
shows them in its own language through the catalog, each with its shorter forms for narrow
places. Every place that shortens an Element asks :func:`shortened`, and every Element is
shortened alike at a given width, so one board never mixes a name, an abbreviation and an
initial."""

from __future__ import annotations

from ..language import N_, _
from ..widths import columns, cut

#: Each built-in Element's forms, longest first, split by "|" (translated where shown).
FORMS = {
    # TRANSLATORS: an Element's name, then its forms for narrow places, longest first, split by |:
    # at most three columns, then one (one column each Element's own).
    "Fire": N_("Fire|Fir|F"),
    # TRANSLATORS: see "Fire|Fir|F"
    "Water": N_("Water|Wat|W"),
    # TRANSLATORS: see "Fire|Fir|F"
    "Earth": N_("Earth|Ear|E"),
    # TRANSLATORS: see "Fire|Fir|F"
    "Air": N_("Air|Air|A"),
    # TRANSLATORS: see "Fire|Fir|F"
    "Light": N_("Light|Lig|L"),
    # TRANSLATORS: see "Fire|Fir|F"
    "Dark": N_("Dark|Dar|D"),
    # TRANSLATORS: see "Fire|Fir|F"
    "Origin": N_("Origin|Ori|O"),
}


def forms(element: str) -> tuple[str, str, str]:
    """``element``'s name, abbreviation and initial in the reader's language; an Element
    the matrix file added keeps its English name, cut to three columns and to one."""
    if element in FORMS:
        name, short, initial = _(FORMS[element]).split("|")
        return name, short, initial
    return element, cut(element, 3, ""), cut(element, 1, "")


def name(element: str) -> str:
    """``element`` as the reader calls it."""
    return forms(element)[0]


def _level_widths() -> tuple[int, int, int]:
    """The widest name, abbreviation and initial of the built-in Elements, as the terminal draws them."""
    every = [forms(e) for e in FORMS]
    name_width, short_width, initial_width = (max(columns(f[level]) for f in every) for level in range(3))
    return name_width, short_width, initial_width


def shortened(element: str, width: int) -> str:
    """``element`` in at most ``width`` columns: its name where every Element's name fits, else
    its abbreviation where every abbreviation does, else its initial, else nothing."""
    for level, widest in enumerate(_level_widths()):
        if widest <= width:
            return cut(forms(element)[level], width, "")  # cut: an Element the matrix file added
    return ""


def widths() -> tuple[int, ...]:
    """The widths at which :func:`shortened` changes form, widest first, ending in 0 (none)."""
    return (*sorted(set(_level_widths()), reverse=True), 0)
