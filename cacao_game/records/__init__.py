"""Game records (``docs/game-record.md``): pure JSON, no pygame."""

from __future__ import annotations

from cacao_game.records.gamerecord import (
    FORMAT,
    VERSION,
    Deal,
    PlayedBy,
    Record,
    RecordError,
    RecordFile,
    SeatEntry,
    deal_setup,
    deal_to_json,
    earlier_names,
    read_record,
    record_file,
    record_played_by,
    record_seats,
    replay_record,
    seat_entries,
    setup_from_record,
    to_record,
    write_record,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "Deal",
    "PlayedBy",
    "Record",
    "RecordError",
    "RecordFile",
    "SeatEntry",
    "deal_setup",
    "deal_to_json",
    "earlier_names",
    "read_record",
    "record_file",
    "record_played_by",
    "record_seats",
    "replay_record",
    "seat_entries",
    "setup_from_record",
    "to_record",
    "write_record",
]
