"""TOML written back: the values card and position files hold, as text that tomllib reads
to the same values (whole numbers, booleans, strings, lists and tables; no fractions)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any


def _toml_string(text: str) -> str:
    """A TOML basic string: every character as it is but the quote, the backslash, and the
    control and format characters (a terminal escape, a bidi override), escaped, so the text
    is safe to print and reads back the same (JSON's escapes would give a character above
    U+FFFF as a surrogate pair, which TOML refuses)."""
    escaped = "".join(f"\\{ch}" if ch in '"\\' else _escape(ch) if unicodedata.category(ch) in ("Cc", "Cf")
                      else ch for ch in text)
    return f'"{escaped}"'


def _escape(ch: str) -> str:
    return f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}"


def toml_value(value: Any) -> str:
    """One value on one line: a table inline, a list as an array."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"


def card_set_toml(cards: Iterable[Mapping[str, Any]]) -> str:
    """A card set's TOML text from the cards' tables (``card_to_mapping``'s shape): one
    ``[[card]]`` table each, every key on its own line, its abilities as an inline array."""
    lines: list[str] = []
    for card in cards:
        lines += [*([""] if lines else []), "[[card]]", *(f"{k} = {toml_value(v)}" for k, v in card.items())]
    return "\n".join(lines) + "\n"
