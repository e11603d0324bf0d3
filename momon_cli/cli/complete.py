"""Shell completion of option values: the built-in decks, the bots, saved games (``last`` and
their numbers) and the words ``momon rules`` looks up. Each is a Typer ``autocompletion=``
callback; Typer keeps the values that start with what is typed, and when none does, bash
falls back to completing file names (its script is installed with ``-o default``).

Only ``momon --install-completion`` and a TAB reach these: they import what they read when
they are called, so ``momon --help`` and ``--version`` start without the card data.

No ``from __future__ import annotations`` here: Typer reads each callback's annotations to
know which argument is the word being completed."""

import typer

from ..limits import BOT_NAMES

NAME_LIMIT = 80  # characters of a file name shown beside its number


def decks(incomplete: str) -> list[str]:
    """The built-in decks' names (``--deck1``, ``--deck2``)."""
    from ..data.cards import builtin_deck_names

    return builtin_deck_names()


def players(incomplete: str) -> list[str]:
    """A seat's bots as ``--p1`` and ``--p2`` take them: ``bot:easy`` ... (a name is the player's own)."""
    return [f"bot:{name}" for name in BOT_NAMES]


def bots(incomplete: str) -> list[str]:
    """The bots by name, levels too (``--bot1``, ``--bot2``)."""
    return list(BOT_NAMES)


def _listed(incomplete: str, names: list[str]) -> list[str]:
    """A comma-separated list: what is typed up to its last comma, then each name not yet in it."""
    done, _, _ = incomplete.rpartition(",")
    given = set(done.split(",")) if done else set()
    return [f"{done},{name}" if done else name for name in names if name not in given]


def bot_list(incomplete: str) -> list[str]:
    """``tournament --bots``: bots, comma-separated."""
    return _listed(incomplete, list(BOT_NAMES))


def deck_list(incomplete: str) -> list[str]:
    """``tournament --decks``: built-in decks, comma-separated, or all."""
    from ..data.cards import builtin_deck_names

    return (["all"] if "," not in incomplete else []) + _listed(incomplete, builtin_deck_names())


def records(incomplete: str) -> list[tuple[str, str]]:
    """``last`` and the saved games' numbers, each with its file's name (shells that show help
    show it); a path typed is completed by the shell, as nothing here starts with it."""
    from ..record.saved import games_folder, saved
    from ..text.safe import clean

    games = saved(games_folder()).games
    found = [(str(number), clean(path.name, NAME_LIMIT)) for number, path in enumerate(games, 1)]
    return ([("last", found[-1][1])] if games else []) + found[::-1]  # the newest first


def rules_words(ctx: typer.Context, incomplete: str) -> list[str]:
    """The next word of a glossary term (``momon rules direct snatch``), after the words
    already given; one word at a time, as a shell splits what it is offered at spaces."""
    from ..text.glossary import ENTRIES

    given = [w.lower() for w in ctx.params.get("words") or ()]
    offered: dict[str, None] = {}
    for entry in ENTRIES:
        for term in (entry.term, *entry.aliases):
            words = term.lower().split()
            if term.isascii() and len(words) > len(given) and words[:len(given)] == given:
                offered[words[len(given)]] = None
    return sorted(offered)
