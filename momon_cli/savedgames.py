"""Saved games by a short name: ``last``, a number from ``momon games``, or a path."""

from __future__ import annotations

from pathlib import Path


def saved(folder: Path) -> list[Path]:
    """The records in ``folder``, newest first: ``momon games`` numbers them in this order."""
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)


def resolve(ref: str, folder: Path) -> Path:
    """The record ``ref`` names: an existing path first, then ``last`` or a list number."""
    path = Path(ref).expanduser()
    if path.exists() or not (ref == "last" or ref.isascii() and ref.isdecimal()):
        return path
    found = saved(folder)
    number = 1 if ref == "last" else int(ref)
    if not 1 <= number <= len(found):
        raise LookupError(f"no saved game {ref!r}: {len(found)} saved in {folder} (see: momon games)")
    return found[number - 1]
