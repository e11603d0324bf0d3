"""The pool and the rules at a glance: ``cards``, ``decks``, ``deck check``, ``elements``, ``howto``, ``rules``.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts, and evaluated ones save it compiling them again (about 2 ms of each start)."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .. import exits
from ..language import _
from ..text.safe import clean, safe
from .base import MESSAGE_LIMIT, _data_file, _fail, _load, _loading, app, deck_app

if TYPE_CHECKING:
    from rich.text import Text

    from ..data.cards import Deck
    from ..engine import CardDef


@app.command("cards")
def cards_command(
    query: str | None = typer.Argument(None, help="A card id or the start of a name: show that card in full."),
    element: str | None = typer.Option(None, help="Only this Element."),
    stars: int | None = typer.Option(None, min=1, max=5, help="Only this many Stars."),
    has: str | None = typer.Option(None, help="Only cards using this key of docs/cards.md (swap, incite, once...)."),
    cards: list[Path] = typer.Option([], "--cards", help="Extra card-set TOML file (repeatable)."),
) -> None:
    """Browse the card pool; name one card to see it in full, with the decks that use it.

    Examples: momon cards · momon cards --element Fire · momon cards --has swap · momon cards MCL-003
    """
    from rich.console import Console
    from rich.table import Table

    from ..data.cards import builtin_deck_names, load_deck
    from ..data.cardtext import mechanics
    from ..data.cardtext import rules_text as card_text  # the text in the language in use
    from ..text.notation import names_starting
    from ..tui import render

    matrix, pool = _load(cards)
    console = Console()
    found = list(pool.values())
    if has:
        keys = sorted({k for c in found for k in mechanics(c)})
        if has not in keys:
            _fail(f"--has takes one of: {', '.join(keys)}")
        found = [c for c in found if has in mechanics(c)]
    if element:
        if element.lower() not in (e.lower() for e in matrix.elements):
            _fail(f"--element takes one of: {', '.join(matrix.elements)}")
        found = [c for c in found if c.element.lower() == element.lower()]
    if stars:
        found = [c for c in found if c.stars == stars]
    if query:
        low = query.lower()
        named = names_starting(low, {c.name for c in found})  # as the Summon prompt finds them
        found = [c for c in found if c.id.lower() == low or c.name in named]
        if len(found) == 1:
            console.print(render.card_panel(found[0]))
            users = [d.name for d in (load_deck(n, pool) for n in builtin_deck_names()) if found[0] in d.cards]
            console.print(safe("Used by: " + (", ".join(users) if users else "no built-in deck")))
            return
    if not found:
        _fail("no card matches")
    table = Table(show_lines=False)
    for col in ("Id", "Name", "Element", "Power", "Stars", "Sights", "Ability"):
        table.add_column(col, overflow="fold")
    for c in found:
        table.add_row(*(safe(v) for v in (c.id, c.name, c.element, c.power, c.stars, " ".join(c.sights), card_text(c))))
    console.print(table)


def built_in_decks(pool: "dict[str, CardDef]") -> "list[tuple[str, Deck]]":
    """The built-in decks, in their listed order; one that does not load is said as bad data."""
    from ..data.cards import builtin_deck_names
    from ..data.deck_choice import deck_menu

    with _loading(*builtin_deck_names()):
        return deck_menu(pool)


def deck_entries(menu: "list[tuple[str, Deck]]", plain: bool = False) -> "list[tuple[str, Text, Text | None]]":
    """Each deck of ``menu``: its file name, a line of what it holds, and its plan (None if it
    has none); ``plain``: its Stars in a word, not a symbol."""
    from rich.text import Text

    entries = []
    for name, deck in menu:
        elements = " ".join(sorted({c.element for c in deck.cards}))
        stars = f"{sum(c.stars for c in deck.cards)}{' Stars' if plain else '★'}"
        line = Text.assemble(safe(name, style="bold"), " — ", safe(f"{deck.name} · {deck.format} · "
                             f"{len(deck.cards)} cards · {stars} · {elements}"))
        entries.append((name, line, safe(deck.plan, style="dim") if deck.plan else None))
    return entries


@app.command("decks")
def decks_command() -> None:
    """List the built-in decks and their plans (use their names with --deck1 / --deck2)."""
    from rich.console import Console
    from rich.text import Text

    _, pool = _load([])
    console = Console()
    for _, line, plan in deck_entries(built_in_decks(pool)):
        console.print(line)
        if plan is not None:
            console.print(Text("    ") + plan)


@deck_app.command("check")
def deck_check(
    file: Path = typer.Argument(..., help="A deck TOML file."),
    cards: list[Path] = typer.Option([], "--cards", help="Extra card-set TOML file (repeatable)."),
) -> None:
    """Check a deck file against its format; list every problem (exit 1 if any).

    Example: momon deck check my-deck.toml
    """
    from ..data.cards import load_deck

    _, pool = _load(cards)
    _data_file(file, "deck")
    with _loading(file):
        deck = load_deck(str(file), pool)
    typer.echo(clean(f"{file}: a legal {deck.format} deck, {len(deck.cards)} cards, "
                     f"{sum(c.stars for c in deck.cards)} Stars ({deck.name})", MESSAGE_LIMIT))


@app.command()
def elements() -> None:
    """The Element chart: which Element Beats which (from the game's data)."""
    from rich.console import Console

    from ..data.cards import load_matrix
    from ..tui.elements_chart import chart

    Console().print(chart(load_matrix()))


@app.command()
def howto() -> None:
    """How to play, on one screen: the turn, Sights, Power and Element, the Control Score."""
    from rich.console import Console
    from rich.markdown import Markdown

    from ..text.howto import shown

    Console().print(Markdown(shown()))  # translated now, in the language chosen at start


@app.command("rules")
def rules_command(
    words: list[str] | None = typer.Argument(None, help="A keyword, a term or a rule as narration cites it."),
) -> None:
    """Look a word up: its meaning in one line, then the rules about it (docs/rules.md).

    Examples: momon rules incite · momon rules direct snatch · momon rules sights · momon rules CR 10.2.4
    """
    query = " ".join(words or ())
    if not query.strip():
        _fail(_("usage: momon rules WORD... (e.g. momon rules incite, momon rules direct snatch, "
                "momon rules CR 10.2.4)"), exits.BAD_SCRIPT)  # a command line without its argument: a usage error, 2
    from rich.console import Console
    from rich.markdown import Markdown

    from ..text.rules_lookup import answer

    sections = answer(clean(query))
    if not sections:
        _fail(_("nothing in the rules about {query}; try a keyword (momon rules ward) or a rule as narration "
                "cites it (momon rules CR 10.2.4)").format(query=repr(clean(query, 60))), exits.FAILED)
    Console().print(Markdown("\n\n".join(sections)))  # one document: a blank line between sections
