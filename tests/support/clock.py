"""Stepping a table in-process as the write path does, deadline included."""

from __future__ import annotations

from server.clock import deadline_after
from server.settings import Settings
from server.table import TableRecord
from server.table_log import Act, Expire, LogEntry

# The clock as shipped: a second is a second, ten seconds of grace and of reading time.
SETTINGS = Settings(clock_second_ms=1000, clock_grace_ms=10_000, clock_reading_ms=10_000)


def step(record: TableRecord, entry: LogEntry, now: int) -> None:
    """Apply ``entry`` and set the deadline as the write path does, at server time ``now``."""
    waited, deadline = record.clock_wait(), record.deadline_ms
    record.apply(entry)
    record.deadline_ms = deadline_after(
        record, waited, deadline, isinstance(entry, Act | Expire), now, SETTINGS
    )
