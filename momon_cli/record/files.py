"""Record files on disk: read without ever opening a special file, written through a
regular file reached without a symbolic link and locked against a second writer."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import stat
from collections.abc import Mapping
from pathlib import Path

from ..files import NotAFile, regular_file
from ..language import _
from ..limits import GAME_FILE_LIMIT
from .format import HEAD_LIMIT, RECORD_LIMIT, SUFFIX, Header, RecordError
from .validate import Record, parse_record


def _regular(path: Path) -> None:
    """Refuse, before opening it, anything that is not a regular file (a FIFO would hang us)."""
    try:
        regular_file(path)
    except NotAFile as err:
        raise RecordError(str(err)) from None
    except FileNotFoundError:
        raise RecordError(_("{path}: no such file").format(path=path)) from None
    except OSError as err:
        raise RecordError(_("{path}: cannot open: {why}").format(path=path, why=err.strerror)) from None


def _read_fd(fd: int, path: Path) -> bytes:
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise RecordError(_("{path}: not a regular file").format(path=path))
    if info.st_size > GAME_FILE_LIMIT and _game_file(fd, path):
        raise RecordError(_("{path}: larger than {mib} MiB, not a game file momon reads").format(
            path=path, mib=GAME_FILE_LIMIT // 2**20))
    if info.st_size > RECORD_LIMIT:
        raise RecordError(_("{path}: larger than {mib} MiB, not a record momon reads").format(
            path=path, mib=RECORD_LIMIT // 2**20))
    chunks: list[bytes] = []
    while chunk := os.pread(fd, RECORD_LIMIT + 1, sum(len(c) for c in chunks)):
        chunks.append(chunk)
    return b"".join(chunks)


def _game_file(fd: int, path: Path) -> bool:
    """Whether the open file is a game file rather than a record, told as msn_read.is_notation
    tells it (by its name, else by the ``[`` it begins with) from its first bytes only."""
    suffix = path.suffix.lower()
    if suffix in (SUFFIX, ".jsonl"):
        return suffix == SUFFIX
    at = 3 if os.pread(fd, 3, 0) == b"\xef\xbb\xbf" else 0
    while chunk := os.pread(fd, 2**16, at):
        rest = chunk.lstrip()
        if rest:
            return rest[:1] == b"["
        at += len(chunk)
    return False


def is_game_file(path: Path) -> bool:
    """Whether ``path`` holds a game file, from its name or its first bytes (False too when it
    cannot be read: the reader of records says why). Never opens a special file."""
    try:
        _regular(path)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except (RecordError, OSError):
        return False
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode) and _game_file(fd, path)
    except OSError:
        return False
    finally:
        os.close(fd)


def read_bytes(path: Path) -> bytes:
    """A record's or a game file's bytes, at most RECORD_LIMIT of them; never opens a special
    file. Raises RecordError."""
    _regular(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as err:
        raise RecordError(_("{path}: cannot open: {why}").format(path=path, why=err.strerror)) from None
    try:
        return _read_fd(fd, path)
    except OSError as err:
        raise RecordError(_("{path}: cannot read: {why}").format(path=path, why=err.strerror)) from None
    finally:
        os.close(fd)


def _busy(path: Path) -> RecordError:
    return RecordError(_("{path}: another momon is writing this record; finish that game first").format(path=path))


class RecordFile:
    """A record open for writing: a regular file reached without following a symlink, and
    locked (flock) so that a second momon cannot write it at the same time."""

    def __init__(self, path: Path, *, create: bool) -> None:
        self.path = path
        if create and self._new():
            return
        if os.path.lexists(path):
            if os.path.islink(path):
                raise RecordError(_("{path}: is a symbolic link; give the record file itself").format(path=path))
            _regular(path)
        elif not create:
            raise RecordError(_("{path}: no such file").format(path=path))
        flags = os.O_RDWR | os.O_APPEND | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | (os.O_CREAT if create else 0)
        try:
            if create:
                path.parent.mkdir(parents=True, exist_ok=True)
            self.fd = os.open(path, flags, 0o644)
        except OSError as err:
            if err.errno == errno.ELOOP:
                raise RecordError(_("{path}: is a symbolic link").format(path=path)) from None
            raise RecordError(_("{path}: cannot write: {why}").format(path=path, why=err.strerror)) from None
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.fd)
            raise _busy(path) from None
        if os.fstat(self.fd).st_ino != os.stat(path, follow_symlinks=False).st_ino:
            os.close(self.fd)
            raise RecordError(_("{path}: the file was replaced while it was being opened; try again").format(path=path))
        self.size = os.fstat(self.fd).st_size

    def _new(self) -> bool:
        """Create the file if nothing is at its path (O_EXCL: not even a symlink) and lock it;
        False when something is there or the folder is missing, for the checks of ``__init__``."""
        try:
            self.fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                              0o644)
        except OSError:
            return False
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # another momon opened it in the moment since it was made
            os.close(self.fd)
            raise _busy(self.path) from None
        self.size = 0
        return True

    def read(self) -> Record:
        return parse_record(self.path, _read_fd(self.fd, self.path))

    def first_line(self) -> bytes:
        return os.pread(self.fd, HEAD_LIMIT, 0).split(b"\n", 1)[0]

    def write(self, text: str, sync: bool = False) -> None:
        """Append ``text``; on a failed write (disk full) take back the partial line, then raise."""
        data = text.encode("utf-8")
        start = self.size
        try:
            done = 0
            while done < len(data):
                done += os.write(self.fd, data[done:])
            if sync:
                os.fsync(self.fd)
        except OSError:
            self.truncate(start)
            raise
        self.size = start + len(data)

    def truncate(self, size: int) -> None:
        os.ftruncate(self.fd, size)
        self.size = size

    def close(self, sync: bool = True) -> None:
        fd = self.fd
        if fd >= 0:
            if sync:
                with contextlib.suppress(OSError):  # a full disk: what is written is what was saved
                    os.fsync(fd)
            # marked closed first: a KeyboardInterrupt raised as os.close returns must not
            # leave a closed (perhaps reused) descriptor for a second close to close again
            self.fd = -1
            os.close(fd)  # closing releases the lock


def _game_of(head: Mapping[str, object]) -> dict[str, object]:
    """A header without what does not make the game: its date and the record's form."""
    return {**head, "created": None, "format": None, "full": None, "bots": head.get("bots", [])}


def create_record_file(path: Path, head: Header, force: bool, *, ended: bool = False) -> RecordFile:
    """A new record at ``path``. A file already there is kept (RecordError, one line) unless it
    is empty, ``force`` says to replace it, or it is a record of this same game (the same header
    but for the date and the record's form: its format and whether it is full) that reads whole
    and is unfinished: the game started again. ``ended``: a finished record of this same game
    is replaced too (``momon simulate``, whose games are played again from their seeds)."""
    file = RecordFile(path, create=True)
    if file.size and not force:
        try:
            _kept(file, head, ended)
        except BaseException:
            file.close(sync=False)
            raise
    if file.size:
        file.truncate(0)
    return file


def _kept(file: RecordFile, head: Header, ended: bool) -> None:
    """Raise RecordError when ``file`` (not empty) is one that --log does not replace without --force."""
    try:
        old = json.loads(file.first_line())
    except (ValueError, RecursionError):
        old = None
    if not isinstance(old, dict) or _game_of(old) != _game_of(head):
        raise RecordError(_("{path}: already exists and is not a record of this game; move it away, or choose "
                            "another place (play --log also takes --force to overwrite it)").format(path=file.path))
    if ended:
        return
    try:
        finished = file.read().finished
    except RecordError as err:
        raise RecordError(_("{error}; a damaged record is not overwritten: move it away, or choose another place "
                            "(play --log also takes --force to overwrite it)").format(error=err)) from None
    if finished:
        raise RecordError(_("{path}: holds this game, finished; a finished record is not overwritten: watch it with "
                            "momon replay, or choose another place (play --log also takes --force to overwrite it)"
                            ).format(path=file.path))
