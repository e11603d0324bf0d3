"""A decision's prompt in the player's language: the engine's English template (marked with
``N_`` where the engine makes it) translated, then filled in with the card it names."""

from __future__ import annotations

from ..engine import Decision
from ..language import _
from .safe import clean


def prompt_text(decision: Decision) -> str:
    """What ``decision`` asks, as a sentence to show: its template in the language in use,
    its ``{card}`` the decision's subject (a card name, made printable) and its ``{count}``
    the number of targets it takes."""
    # The template is a message of the catalog (the engine marks it with N_), translated as it
    # stands; an empty one stays empty (gettext gives the catalog's header for "").
    if not decision.prompt:
        return ""
    return _(decision.prompt).format(card=clean(decision.subject), count=decision.count)
