"""``momon howto``: the whole game on one screen, for someone who has never played."""

HOWTO = """\
# Monsnatch on one screen

**The Arena** is 4×4 Spaces, A1–D4. Each player's side is at the bottom of their screen.

**A turn.** The Active Player (1) **Summons** a Momon from their Hand onto an empty Space
and puts their Marking Token on it; (2) it makes a **Snatch Check**: every Snatch-Sight
(an arrow on its cell) that points at an enemy Momon is a Snatch Attempt; (3) the turn
ends and the other player is Active.

**Sights** are read from the Owner's seat: an arrow points the way it does on the Owner's
screen. Up is away from whoever's seat the Arena is drawn from.

**Power and Element.** An Attempt succeeds when the attacker's Power is greater, or else
when its Element Beats the defender's (`momon elements`). Equal Power is no success; Ward
stops every Snatch. A success moves the defender's Marking Token to the attacker's side.

**Abilities** trigger (On Summon, On Snatch, ...) and wait in the Trigger Queue; their
targets are chosen as they enter it. `queue` shows it at any prompt.

**Keywords.** A ✦ after a card in your Hand means it has an ability: `inspect N` reads
card N. The built-in decks use Ward, Move, Multi-Move, Swap, Incite, Direct Snatch,
Effect-Based Summon, Return to Hand, once-only abilities, Token values and more:
`rules WORD` at a prompt, or `momon rules WORD` here, says what one means.

**Control Score.** When the Arena is full, each player adds up the Marking Tokens they
hold (worth 1 unless a card says otherwise). Higher wins; a tie goes to the holder of the
First Player Token.

At a prompt: `help` lists commands and Tab completes.
"""
