"""``momon howto``: the whole game on one screen, for someone who has never played.

Each paragraph is a message of the catalog, marked here and translated when it is shown
(:func:`shown`), so the language chosen at start applies; :data:`HOWTO` is the English.
"""

from __future__ import annotations

from ..language import N_, _

#: The paragraphs of the screen, in order (Markdown, rendered by Rich).
PARAGRAPHS = (
    N_("# Monsnatch on one screen"),
    N_("**The Arena** is 4×4 Spaces, A1–D4. Each player's side is at the bottom of their screen."),
    N_("""\
**A turn.** The Active Player (1) **Summons** a Momon from their Hand onto an empty Space
and puts their Marking Token on it; (2) it makes a **Snatch Check**: every Snatch-Sight
(an arrow on its cell) that points at an enemy Momon is a Snatch Attempt; (3) the turn
ends and the other player is Active."""),
    N_("""\
**Sights** are read from the Owner's seat: an arrow points the way it does on the Owner's
screen. Up is away from whoever's seat the Arena is drawn from."""),
    N_("""\
**Power and Element.** An Attempt succeeds when the attacker's Power is greater, or else
when its Element Beats the defender's (`momon elements`). Equal Power is no success; Ward
stops every Snatch. A success moves the defender's Marking Token to the attacker's side."""),
    N_("""\
**Abilities** trigger (On Summon, On Snatch, ...) and wait in the Trigger Queue; their
targets are chosen as they enter it. `queue` shows it at any prompt."""),
    N_("""\
**Keywords.** A ✦ after a card in your Hand means it has an ability: `inspect N` reads
card N. The built-in decks use Ward, Move, Multi-Move, Swap, Incite, Direct Snatch,
Effect-Based Summon, Return to Hand, once-only abilities, Token values and more:
`rules WORD` at a prompt, or `momon rules WORD` here, says what one means."""),
    N_("""\
**Control Score.** When the Arena is full, each player adds up the Marking Tokens they
hold (worth 1 unless a card says otherwise). Higher wins; a tie goes to the holder of the
First Player Token."""),
    N_("At a prompt: `help` lists commands and Tab completes."),
)

#: The screen in English, as written.
HOWTO = "\n\n".join(PARAGRAPHS) + "\n"


def shown() -> str:
    """The screen in the language in use."""
    return "\n\n".join(_(p) for p in PARAGRAPHS) + "\n"
