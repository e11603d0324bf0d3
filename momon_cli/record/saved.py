"""Saved games by a short name: ``last``, a number from ``momon games``, or a path.

A folder's games are numbered in the order they began (the ``created`` date of each
record's header), oldest first: a new game takes the next number, and the number of a game
already there never changes while the games older than it stay. ``last`` is the newest."""

from __future__ import annotations

import json
import os
import re
import shlex
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..language import _
from .format import RECORD_LIMIT

_CHUNK = 64 * 1024  # bytes read at a time while looking for the end of a header line


def games_folder() -> Path:
    """The folder games are saved in when ``momon play`` is given no ``--log``: the user's
    data folder. ``last`` and the numbers name the games in it."""
    from platformdirs import user_data_path

    return user_data_path("momon-cli") / "games"


def puzzles_folder() -> Path:
    """Where puzzles are recorded as they are played (the latest try of each) and what
    ``momon learn`` remembers: beside the saved games, not among them, so ``last`` and the
    numbers stay about games."""
    from platformdirs import user_data_path

    return user_data_path("momon-cli") / "puzzles"


def scan(folder: Path) -> tuple[list[Path], list[str]]:
    """The records in ``folder`` (regular ``*.jsonl`` files), in no particular order, and one
    line for each other ``*.jsonl`` entry, which is skipped: a FIFO, a directory, a dangling
    symlink."""
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
            found.append(Path(entry.path))
        else:
            skipped.append(_("{path}: not a regular file").format(path=entry.path))
    return found, skipped


def in_number_order(path: Path) -> list[int | str]:
    """Sort key: names as people count them (game-2 before game-10)."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", path.name)]


@dataclass(frozen=True)
class Saved:
    """A folder's saved games: ``games`` oldest first (game N is ``games[N - 1]``);
    ``others``, the ``*.jsonl`` files whose first line is no record header (they take no
    number); ``skipped``, one line for each entry that is not a regular file."""

    folder: Path
    games: list[Path]
    others: list[Path]
    skipped: list[str]

    def number(self, path: Path) -> int | None:
        """The number of the game at ``path`` (None: not one of these games)."""
        for number, game in enumerate(self.games, 1):
            try:
                if os.path.samefile(game, path):
                    return number
            except OSError:
                continue
        return None


def saved(folder: Path) -> Saved:
    """The games in ``folder``, numbered: by the date each began, then by name (two games
    begun in the same second), oldest first."""
    found, skipped = scan(folder)
    dated, others = [], []
    for path in found:
        began = _began(path)
        if began is None:
            others.append(path)
        else:
            dated.append((began, in_number_order(path), path))
    dated.sort(key=lambda game: (game[0], game[1]))
    return Saved(folder, [path for _, _, path in dated], others, skipped)


#: When each record began, by the file as it stands (device, inode, size, modification
#: time): reading a folder again reads only the headers of the files that changed.
_BEGAN: dict[tuple[str, int, int, int, int], datetime | None] = {}


_OLDEST = datetime.min.replace(tzinfo=UTC)


def _began(path: Path) -> datetime | None:
    """When the record at ``path`` says its game began: its header's ``created`` (a date
    that cannot be read counts as the oldest). None for a file whose first line is no record
    header, or that cannot be read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        key = (str(path), info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
        if key in _BEGAN:
            return _BEGAN[key]
        if not stat.S_ISREG(info.st_mode):
            return None
        chunks: list[bytes] = []
        read = 0
        while read <= RECORD_LIMIT and (chunk := os.pread(fd, _CHUNK, read)):
            chunks.append(chunk)
            read += len(chunk)
            if b"\n" in chunk:
                break
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(_BEGAN) > 10_000:
        _BEGAN.clear()
    began = _BEGAN[key] = _created(b"".join(chunks).split(b"\n", 1)[0])
    return began


def _created(line: bytes) -> datetime | None:
    """The ``created`` date of a header line (None: the line is no header)."""
    try:
        head = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(head, dict) or head.get("type") != "header" or not isinstance(head.get("created"), str):
        return None
    try:
        began = datetime.fromisoformat(head["created"])
    except ValueError:
        return _OLDEST
    return began if began.tzinfo is not None else began.replace(tzinfo=UTC)


def resolve(ref: str, folder: Path) -> Path:
    """The record ``ref`` names: an existing path first, then ``last`` or a game's number."""
    path = Path(ref).expanduser()
    if os.path.lexists(path) or not (ref == "last" or ref.isascii() and ref.isdecimal()):
        return path
    games = saved(folder).games
    number = len(games) if ref == "last" else int(ref)
    if not games:
        raise LookupError(_("no saved game {ref}: there are no saved games in {folder}").format(ref=repr(ref),
                                                                                               folder=folder))
    if not 1 <= number <= len(games):
        raise LookupError(_("no saved game {ref}: the games saved in {folder} are numbered 1 to {count} (see: momon "
                            "games)").format(ref=repr(ref), folder=folder, count=len(games)))
    return games[number - 1]


def short_name(path: Path, folder: Path | None = None) -> str:
    """The shortest name the record commands take for the record at ``path``: ``last`` when
    it is the newest game in ``folder`` (default: :func:`games_folder`), its number when it is
    an older one there, else its path."""
    folder = folder if folder is not None else games_folder()
    try:
        here = Path(path).absolute().parent.resolve() == folder.resolve()  # the file itself may be a link
    except (OSError, RuntimeError):
        here = False
    games = saved(folder) if here else None
    number = games.number(Path(path)) if games is not None else None
    if games is None or number is None:
        return str(path)
    return "last" if number == len(games.games) else str(number)


def resume_hint(path: Path, folder: Path | None = None) -> str:
    """The shortest command that resumes the record at ``path``: ``momon play --resume last``
    for the newest saved game, ``momon play --resume N`` for an older one, else the path
    (quoted for a shell when it must be)."""
    return f"momon play --resume {shlex.quote(short_name(path, folder))}"
