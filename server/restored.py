"""Tables this process has restored or written, kept for its next call on them.

Restoring a table (parsing its state, then replaying the current deal's moves) is the
dearest part of reading one. The process that has just served a look at a table or
committed a move on it is often the one that serves the next: a player's GetTable and
then SubmitAction, the next player's look after that move, a worker's next job at the
tables it plays. So a call that has finished with its record hands it back here, with the
state Redis holds for it, and the next call on that table takes it instead of restoring.

A record is changed in place when a move is applied, so it belongs to one call at a time:
``take`` hands a kept record out and forgets it, and a call gives it back with ``keep``
only when it is done with it and the record is exactly the stored ``state`` at
``version`` (after a look that changed nothing, after its own commit). A kept record is
handed out only for the same version and the same state text, so whatever another
process or a failover did to the table in between, a call never gets a record other than
restoring would have given it.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from server.table import TableConfig, TableRecord


@dataclass(frozen=True, slots=True)
class _Kept:
    version: int
    state: bytes
    record: TableRecord


class RestoredTables:
    """Records kept by table, the most recently kept ``entries`` of them (0: none)."""

    def __init__(self, entries: int) -> None:
        self.entries = entries
        self._kept: OrderedDict[str, _Kept] = OrderedDict()

    def take(
        self,
        table_id: str,
        config: str | bytes,
        state: str | bytes,
        version: int,
        event_seq: int,
        deadline_ms: int | None,
    ) -> TableRecord:
        """The table at ``version`` with ``state``: a kept record if one matches, else restored."""
        kept = self._kept.pop(table_id, None)
        if kept is not None and kept.version == version and kept.state == _as_bytes(state):
            record = kept.record
            # Kept beside the state: a commit of this version may have set them anew.
            record.event_seq = event_seq
        else:
            record = TableRecord.restore(table_id, TableConfig.from_json(config), state, version, event_seq)
        record.deadline_ms = deadline_ms
        return record

    def keep(self, record: TableRecord, state: str | bytes) -> None:
        """Give back ``record``, which the caller no longer uses and which is exactly
        ``state`` at ``record.version`` as stored."""
        kept = self._kept.get(record.id)
        if not self.entries or (kept is not None and kept.version > record.version):
            # A slow look gives back an older version than a move has kept since.
            return
        self._kept[record.id] = _Kept(record.version, _as_bytes(state), record)
        self._kept.move_to_end(record.id)
        if len(self._kept) > self.entries:
            self._kept.popitem(last=False)


def _as_bytes(text: str | bytes) -> bytes:
    return text.encode() if isinstance(text, str) else text
