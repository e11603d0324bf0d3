"""The pool and the rules at a glance: ``cards``, ``decks``, ``deck check``, ``elements``, ``howto``, ``rules``.

No ``from __future__ import annotations`` here: Typer reads every command's annotations when
it starts, and evaluated ones save it compiling them again (about 2 ms of each start)."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .. import exits
from ..language import N_, _, ngettext
from ..text.safe import clean, safe
from . import complete
from .base import MESSAGE_LIMIT, _data_file, _fail, _load, _loading, app, deck_app

if TYPE_CHECKING:
    from rich.text import Text

    from ..data.cards import Deck
    from ..engine import CardDef


#: The built-in deck formats (formats.toml) as a player reads them; another is shown as it is written.
FORMAT_WORDS = {"standard": N_("standard"), "casual": N_("casual")}


def format_words(name: str) -> str:
    return _(FORMAT_WORDS[name]) if name in FORMAT_WORDS else name


#: The columns of ``momon cards``: Element, Power, Stars and Sights are the game's terms.
CARD_COLUMNS = (N_("Id"), N_("Name"), N_("Element"), N_("Power"), N_("Stars"), N_("Sights"), N_("Ability"))


@app.command("cards", help=_(
    "Browse the card pool; name one card to see it in full, with the decks that use it.\n\n"
    "Examples: momon cards · momon cards --element Fire · momon cards --has swap · momon cards MCL-003"))
def cards_command(
    query: str | None = typer.Argument(None, help=_("A card id or the start of a name: show that card in full.")),
    element: str | None = typer.Option(None, help=_("Only this Element: its English name, or the one your screen shows.")),
    stars: int | None = typer.Option(None, min=1, max=5, help=_("Only this many Stars.")),
    has: str | None = typer.Option(None, help=_("Only cards using this key of docs/cards.md (swap, incite, once...).")),
    cards: list[Path] = typer.Option([], "--cards", help=_("Extra card-set TOML file (repeatable).")),
) -> None:
    """Browse the card pool; name one card to see it in full, with the decks that use it."""
    from rich.console import Console
    from rich.table import Table

    from ..data.cards import builtin_deck_names, load_deck
    from ..data.cardtext import mechanics
    from ..data.cardtext import rules_text as card_text  # the text in the language in use
    from ..data.element_names import name as element_name
    from ..text.notation import names_starting
    from ..tui import render

    matrix, pool = _load(cards)
    console = Console()
    found = list(pool.values())
    if has:
        keys = sorted({k for c in found for k in mechanics(c)})
        if has not in keys:
            _fail(_("--has takes one of: {keys}").format(keys=", ".join(keys)))
        found = [c for c in found if has in mechanics(c)]
    if element:  # by its English name, as card files write it, or by the reader's ("ไฟ")
        wanted = next((e for e in matrix.elements if element.lower() in (e.lower(), element_name(e).lower())), None)
        if wanted is None:
            _fail(_("--element takes one of: {elements}").format(elements=", ".join(map(element_name, matrix.elements))))
        found = [c for c in found if c.element == wanted]
    if stars:
        found = [c for c in found if c.stars == stars]
    if query:
        low = query.lower()
        named = names_starting(low, {c.name for c in found})  # as the Summon prompt finds them
        among, found = found, [c for c in found if c.id.lower() == low or c.name in named]
        if not found:
            _no_card(query, among)
        if len(found) == 1:
            console.print(render.card_panel(found[0], with_id=True))
            users = [d.name for d in (load_deck(n, pool) for n in builtin_deck_names()) if found[0] in d.cards]
            console.print(safe(_("Used by: {decks}").format(decks=", ".join(users)) if users else
                               _("Used by: no built-in deck")))
            return
    if not found:
        _fail(_("no card matches"))
    table = Table(show_lines=False)
    for col in CARD_COLUMNS:
        table.add_column(_(col), overflow="fold")
    for c in found:
        # Thai breaks between words (render.Wrapped), not wherever Rich's own wrap would cut a run of letters
        table.add_row(*(render.wrappable(safe(v)) for v in (c.id, c.name, element_name(c.element), c.power, c.stars,
                                                            " ".join(c.sights), card_text(c))))
    console.print(table)


def _no_card(query: str, among: "list[CardDef]") -> None:
    """No card of ``among`` is named ``query``: one line, with the names it was likely meant
    to be (a misspelt name), and exit 1."""
    from ..text.lists import close_to, quoted

    meant = close_to(query, [c.name for c in among], [c.id for c in among])
    if meant:
        _fail(_("no card matches {query}; did you mean {names}?").format(query=repr(clean(query, 60)),
                                                                        names=quoted(meant)))


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

    from ..data.element_names import name as element_name

    entries = []
    for name, deck in menu:
        elements = " ".join(element_name(e) for e in sorted({c.element for c in deck.cards}))
        total = sum(c.stars for c in deck.cards)
        stars = ngettext("{n} Star", "{n} Stars", total).format(n=total) if plain else f"{total}★"
        count = ngettext("{n} card", "{n} cards", len(deck.cards)).format(n=len(deck.cards))
        line = Text.assemble(safe(name, style="bold"), " — ", safe(f"{deck.name} · {format_words(deck.format)} · "
                             f"{count} · {stars} · {elements}"))
        entries.append((name, line, safe(deck.shown_plan(), style="dim") if deck.plan else None))
    return entries


@app.command("decks", help=_(
    "List the built-in decks and their plans (use their names with --deck1 / --deck2)."))
def decks_command() -> None:
    """List the built-in decks and their plans (use their names with --deck1 / --deck2)."""
    from rich.console import Console
    from rich.text import Text

    _matrix, pool = _load([])
    console = Console()
    for _name, line, plan in deck_entries(built_in_decks(pool)):
        console.print(line)
        if plan is not None:
            console.print(Text("    ") + plan)


@deck_app.command("check", help=_(
    "Check a deck file against its format; list every problem (exit 1 if any).\n\n"
    "Example: momon deck check my-deck.toml"))
def deck_check(
    file: Path = typer.Argument(..., help=_("A deck TOML file.")),
    cards: list[Path] = typer.Option([], "--cards", help=_("Extra card-set TOML file (repeatable).")),
) -> None:
    """Check a deck file against its format; list every problem (exit 1 if any)."""
    from ..data.cards import load_deck

    _matrix, pool = _load(cards)
    _data_file(file, _("deck"))
    with _loading(file):
        deck = load_deck(str(file), pool)
    typer.echo(clean(_("{file}: a legal {format} deck, {cards} cards, {stars} Stars ({name})").format(
        file=file, format=format_words(deck.format), cards=len(deck.cards), stars=sum(c.stars for c in deck.cards),
        name=deck.name), MESSAGE_LIMIT))


@app.command(help=_(
    "The Element chart: which Element Beats which (from the game's data)."))
def elements() -> None:
    """The Element chart: which Element Beats which (from the game's data)."""
    from rich.console import Console

    from ..data.cards import load_matrix
    from ..tui.elements_chart import chart

    Console().print(chart(load_matrix()))


@app.command(help=_(
    "How to play, on one screen: the turn, Sights, Power and Element, the Control Score."))
def howto() -> None:
    """How to play, on one screen: the turn, Sights, Power and Element, the Control Score."""
    from rich.console import Console
    from rich.markdown import Markdown

    from ..text.howto import shown

    Console().print(Markdown(shown()))  # translated now, in the language chosen at start


@app.command("rules", help=_(
    "Look a word up: its meaning in one line, then the rules about it (docs/rules.md).\n\n"
    "Examples: momon rules incite · momon rules direct snatch · momon rules sights · momon rules CR 10.2.4"))
def rules_command(
    words: list[str] | None = typer.Argument(None, help=_("A keyword, a term or a rule as narration cites it."),
                                             autocompletion=complete.rules_words),
) -> None:
    """Look a word up: its meaning in one line, then the rules about it (docs/rules.md)."""
    query = " ".join(words or ())
    if not query.strip():
        _fail(_("usage: momon rules WORD... (e.g. momon rules incite, momon rules direct snatch, "
                "momon rules CR 10.2.4)"), exits.BAD_SCRIPT)  # a command line without its argument: a usage error, 2
    from rich.console import Console
    from rich.markdown import Markdown

    from ..text.lists import quoted
    from ..text.rules_lookup import answer

    sections = answer(clean(query))
    if not sections and (meant := _terms_like(clean(query, 60))):
        _fail(_("nothing in the rules about {query}; did you mean {words}?").format(
            query=repr(clean(query, 60)), words=quoted(meant)), exits.FAILED)
    if not sections:
        _fail(_("nothing in the rules about {query}; try a keyword (momon rules ward) or a rule as narration "
                "cites it (momon rules CR 10.2.4)").format(query=repr(clean(query, 60))), exits.FAILED)
    Console().print(Markdown("\n\n".join(sections)))  # one document: a blank line between sections


def _terms_like(query: str) -> list[str]:
    """The glossary's words nearest to ``query`` (a misspelt keyword), one for each entry: the
    term or the alias (a Thai one too) nearest to what was typed."""
    from ..text.glossary import ENTRIES
    from ..text.lists import close_to

    entry_of = {word: entry.term for entry in ENTRIES for word in (entry.term, *entry.aliases)}
    meant: dict[str, str] = {}
    for word in close_to(query, list(entry_of), n=12):
        meant.setdefault(entry_of[word], word)
    return list(meant.values())[:3]
