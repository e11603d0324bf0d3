"""Saved games by a short name: ``last``, a number from ``momon games``, or a path."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def scan(folder: Path) -> tuple[list[Path], list[str]]:
    """The records in ``folder`` (regular ``*.jsonl`` files), newest first, and one line for
    each other ``*.jsonl`` entry, which is skipped: a FIFO, a directory, a dangling symlink."""
    if not folder.is_dir():
        return [], []
    found, skipped = [], []
    for entry in os.scandir(folder):
        if not entry.name.endswith(".jsonl"):
            continue
        try:
            info = entry.stat()  # follows a symlink; a dangling one or a loop fails here
        except OSError as err:
            skipped.append(f"{entry.path}: {err.strerror}")
            continue
        if stat.S_ISREG(info.st_mode):
            found.append((info.st_mtime, Path(entry.path)))
        else:
            skipped.append(f"{entry.path}: not a regular file")
    return [path for _, path in sorted(found, reverse=True)], skipped


def saved(folder: Path) -> list[Path]:
    """The records in ``folder``, newest first: ``momon games`` numbers them in this order."""
    return scan(folder)[0]


def resolve(ref: str, folder: Path) -> Path:
    """The record ``ref`` names: an existing path first, then ``last`` or a list number."""
    path = Path(ref).expanduser()
    if os.path.lexists(path) or not (ref == "last" or ref.isascii() and ref.isdecimal()):
        return path
    found = saved(folder)
    number = 1 if ref == "last" else int(ref)
    if not 1 <= number <= len(found):
        raise LookupError(f"no saved game {ref!r}: {len(found)} saved in {folder} (see: momon games)")
    return found[number - 1]
