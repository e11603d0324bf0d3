"""Game records (docs/records.md): the format, its validation, the files and their locks,
the write-ahead recorder, resume and undo, replay and verification, transcripts and the
folder of saved games. The rest of the package imports these names from here."""

from .files import RecordFile, create_record_file, read_record
from .format import FORMAT, READS, TEXT_LIMIT, RecordError, cards_digest, events_digest, header
from .header import seats_from_header, setup_from_header
from .new_game import GameRequest, SetupError, StartedGame, new_game
from .recorder import Recorder, start_record, write_record
from .resume import resume, undo
from .seats import Seat
from .validate import Record, parse_record

__all__ = [
    "FORMAT", "READS", "TEXT_LIMIT", "GameRequest", "Record", "RecordError", "RecordFile", "Recorder", "Seat", "cards_digest",
    "create_record_file", "events_digest", "header", "parse_record", "read_record", "resume", "seats_from_header",
    "SetupError", "StartedGame", "new_game", "setup_from_header", "start_record", "undo", "write_record",
]
