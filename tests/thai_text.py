"""What a Thai screen may still hold in Latin letters: the game's terms (kept in English by the
Thai edition), card, deck and player names, Space names, citations and what players type.
Anything else in Latin letters is English left untranslated."""

from __future__ import annotations

import re
from functools import lru_cache

from momon_cli.text.glossary import ENTRIES

LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")
#: Words a player types or reads as they are in any language: commands, answer words, seats,
#: citations, units and program names.
TYPED = """summon inspect queue rules rule help hint why clue log undo concede quit yes no y n order target targets
space card void hand show all none pass tab enter esc ctrl momon play replay games plain full terse seat p1 p2 cr th r mc
bot bots easy medium hard random greedy flat search msn jsonl toml lang en de e.g ok i ii vs rematch row column mine theirs
score board last brief verbosity bell
a1 a2 a3 a4 b1 b2 b3 b4 c1 c2 c3 c4 d1 d2 d3 d4 n ne e se s sw w nw fbd""".split()


@lru_cache(maxsize=1)
def kept_words() -> frozenset[str]:
    """Every word of a glossary term or English alias, of a card, Element or deck name, and TYPED."""
    from momon_cli.data.cards import load_matrix, load_pool
    from momon_cli.data.deck_choice import deck_menu

    matrix = load_matrix()
    pool = load_pool((), matrix)
    words = set(TYPED)
    for entry in ENTRIES:
        for text in (entry.term, *entry.aliases):
            words.update(w.lower() for w in LATIN.findall(text))
    for card in pool.values():
        words.update(w.lower() for w in LATIN.findall(card.name))
        words.update(t.lower() for t in card.traits)
    for element in matrix.elements:
        words.update((element.lower(), element[:3].lower(), element[:1].lower()))  # a cell shortens it
    for file, deck in deck_menu(pool):
        words.update(w.lower() for w in LATIN.findall(f"{file} {deck.name}"))
    return frozenset(words)


PATH = re.compile(r"\S*/\S*")  # a file's path, as a player gave it or the game chose it
#: Space names, card ids, seats (P1), Token values (T2), the Arena's column letters on its border.
SPACE = re.compile(r"\b[A-D][1-4]\b|\b[A-Z]{2,5}-\d{3}\b|\bP[12]\b|\bT\d+|─[A-D]─")


def english_left(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """The Latin words of ``text`` that are not kept words nor in ``names`` (paths, Space
    names and card ids aside)."""
    extra = {w.lower() for n in names for w in LATIN.findall(n)}
    text = SPACE.sub(" ", PATH.sub(" ", text))
    return [w for w in LATIN.findall(text) if w.lower() not in kept_words() and w.lower() not in extra]
