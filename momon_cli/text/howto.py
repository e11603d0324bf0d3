"""``momon howto``: the whole game on one screen, for someone who has never played.

Each paragraph is a message of the catalog, marked here and translated when it is shown
(:func:`shown`), so the language chosen at start applies; :data:`HOWTO` is the English.
"""

from __future__ import annotations

from ..language import N_, _

#: The paragraphs of the screen, in order (Markdown, rendered by Rich). Drawn at 80 columns
#: they take at most 23 rows in every language, so that they and the shell's prompt after
#: them fit one 80x24 screen (tests/test_cli_reach.py): a word added here is a word cut.
PARAGRAPHS = (
    N_("""\
**The Arena** is 4×4 Spaces, A1–D4; your side is at the bottom of your screen. **A turn:**
the Active Player **Summons** a Momon from their Hand onto an empty Space and puts their
Marking Token on it. Its **Snatch Check** follows: each Snatch-Sight (an arrow on its
cell, pointing as its Owner sees it) that points at an enemy Momon is a Snatch Attempt;
then the other player is Active."""),
    N_("""\
**Power and Element.** An Attempt succeeds when the attacker's Power is greater, or else
when its Element Beats the defender's (`momon elements`). Equal Power is no success; Ward
stops every Snatch. A success moves the defender's Marking Token to the attacker's side."""),
    N_("""\
**Abilities** trigger (On Summon, On Snatch, ...) and wait in the Trigger Queue (`queue`
shows it); their targets are chosen as they enter it. A ✦ after a card in your Hand marks
one: `inspect N` reads card N. The built-in decks use Ward, Move, Swap, Incite, Direct
Snatch, Return to Hand and more: `rules WORD` at a prompt, or `momon rules WORD` here,
says what one means."""),
    N_("""\
**Control Score.** When the Arena is full, each player adds up the Marking Tokens they
hold (worth 1 unless a card says otherwise). Higher wins; a tie goes to the holder of the
First Player Token. At a prompt, `help` lists commands and Tab completes."""),
)

#: The screen in English, as written.
HOWTO = "\n\n".join(PARAGRAPHS) + "\n"


def shown() -> str:
    """The screen in the language in use."""
    return "\n\n".join(_(p) for p in PARAGRAPHS) + "\n"
