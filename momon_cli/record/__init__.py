"""Game records (docs/records.md): the format, its validation, the files and their locks,
the write-ahead recorder, resume and undo, replay and verification, transcripts, game files
in the MSN notation and the folder of saved games. The rest of the package imports these
names from here."""

from .files import RecordFile, create_record_file
from .format import FORMAT, READS, TEXT_LIMIT, RecordError, cards_digest, events_digest, header
from .header import seats_from_header, setup_from_header
from .new_game import GameRequest, SetupError, StartedGame, checked_name, new_game, seats_for
from .reading import read_record
from .recorder import Recorder, continue_record, record_text, start_record, write_record
from .resume import resume, undo
from .saved import resume_hint, short_name
from .seats import Seat
from .validate import Record, parse_record

__all__ = [
    "FORMAT", "READS", "TEXT_LIMIT", "GameRequest", "Record", "RecordError", "RecordFile", "Recorder", "Seat",
    "SetupError", "StartedGame", "cards_digest", "checked_name", "continue_record", "create_record_file",
    "events_digest", "header", "new_game", "parse_record", "read_record", "record_text", "resume", "resume_hint",
    "seats_for", "seats_from_header", "setup_from_header", "short_name", "start_record", "undo", "write_record",
]
