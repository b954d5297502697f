"""Game records (``shared/spec/game-record.md``): pure JSON, no pygame."""

from __future__ import annotations

from cacao_game.records.gamerecord import (
    FORMAT,
    VERSION,
    RecordError,
    read_record,
    replay_record,
    seat_entries,
    setup_from_record,
    to_record,
    write_record,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "RecordError",
    "read_record",
    "replay_record",
    "seat_entries",
    "setup_from_record",
    "to_record",
    "write_record",
]
