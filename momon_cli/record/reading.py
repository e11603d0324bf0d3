"""A saved game read by its path, whichever form it is in: a record (JSON Lines) is checked
line by line, a game file (MSN) is replayed into the record its main line stands for. Kept
apart from ``files`` so that the file layer never needs the game-file reader above it."""

from pathlib import Path

from .files import read_bytes
from .validate import Record, parse_record


def read_record(path: Path | str) -> Record:
    """Read and check a record (see :func:`parse_record`), or a game file into the record
    its main line stands for. Never opens a special file. Raises RecordError. (The MSN reader
    loads here, when a file is read: a new game reads none.)"""
    from .msn_read import is_notation, read_text

    path = Path(path)
    data = read_bytes(path)
    if is_notation(path, data):
        return read_text(path, data)[1]
    return parse_record(path, data)
