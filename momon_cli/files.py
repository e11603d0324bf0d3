"""The one check every path momon reads or writes goes through (a regular file, or a symbolic
link to one), and the one way a whole file a person asked for is written. A FIFO would hang
a reader; replacing a device node or a pipe with a file (as root, /dev/null) would break the
system. ``play --log``, ``replay --position``, ``export`` and every record reader share the
check; a position and an annotated game are written by :func:`write_new`."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


class NotAFile(ValueError):
    """A path that is there but is not a regular file: one line saying what it is."""


def _what(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"  # a door, a whiteout: nothing momon writes or reads


def regular_file(path: Path, *, missing_ok: bool = False) -> None:
    """Return when ``path`` is a regular file or a symbolic link to one (or, with
    ``missing_ok``, when nothing is there, a dangling link included); else raise
    :class:`NotAFile`, or FileNotFoundError / OSError for what cannot be looked at."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if missing_ok:
            return
        raise
    if not stat.S_ISREG(info.st_mode):
        raise NotAFile(f"{path}: is {_what(info.st_mode)}")


def write_new(path: Path, data: bytes, force: bool = False) -> None:
    """Write a whole file that a person asked for (a position, an annotated game). Nothing
    already at ``path`` is touched unless ``force``; then it is replaced whole (a new file
    renamed over it), so a symbolic link there is replaced, not written through. Raises
    FileExistsError, or OSError for a write that fails."""
    if not force:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        return
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
