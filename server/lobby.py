"""The lobby: the tables waiting for players, as a listing and as a stream of changes.

``sg:tables:open`` lists the waiting tables (``Store.index_status`` keeps it). A lobby
stream sends them once, then follows them: it looks again whenever a change of a waiting
table is announced on the channel ``sg:lobby`` (the write path announces every change to
a table that waits or waited before it), and at least every ``watch_poll_ms``, since an
announcement can be missed. Each look compares the tables' versions with the ones it
reported, so a client sees each change once, and never a change it could not see in
ListTables.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from server.store import Store
from server.table import TableRecord, TableStatus
from server.views import add_seats, table_name, table_phase
from speedgamez.v1 import table_service_pb2 as service_pb2

# The most waiting tables a lobby stream follows (the newest).
LOBBY_TABLES = 500


def table_summary(record: TableRecord, viewer: int | None) -> service_pb2.TableSummary:
    """A table in a listing, its seats as ``viewer`` sees them at GetTable."""
    deal = record.match.view(viewer).deal if record.match is not None else None
    length = record.match_length()
    summary = service_pb2.TableSummary(
        name=table_name(record.id),
        game=record.config.game,
        rule_set=record.config.rule_set,
        phase=table_phase(record),
        deals_total=length.deals,
        target_points=length.target_points,
    )
    add_seats(summary.seats, record, viewer, deal)
    return summary


@dataclass
class LobbyFollower:
    """What one lobby stream has reported: each listed table's version."""

    store: Store
    player_id: str
    game: str
    versions: dict[str, int] = field(default_factory=dict)

    async def snapshot(self) -> service_pb2.LobbySnapshot:
        """Every waiting table now, newest first; from here on, changes are reported."""
        snapshot = service_pb2.LobbySnapshot()
        for table_id in await self.store.open_tables(0, LOBBY_TABLES):
            record = await self.store.load(table_id)
            if record is not None and self._listed(record):
                self.versions[table_id] = record.version
                snapshot.tables.append(self._summary(record))
        return snapshot

    async def changes(self) -> list[service_pb2.LobbyChange]:
        """What changed since the last look."""
        changes: list[service_pb2.LobbyChange] = []
        waiting = await self.store.open_tables(0, LOBBY_TABLES)
        for table_id in [*waiting, *(known for known in self.versions if known not in waiting)]:
            known = self.versions.get(table_id)
            version = await self.store.version(table_id)
            if known is not None and version == known and table_id in waiting:
                continue
            record = await self.store.load(table_id) if version is not None else None
            if record is not None and self._listed(record):
                kind = (
                    service_pb2.LOBBY_CHANGE_KIND_LISTED
                    if known is None
                    else service_pb2.LOBBY_CHANGE_KIND_SEATS_CHANGED
                )
                self.versions[table_id] = record.version
                changes.append(service_pb2.LobbyChange(kind=kind, table=self._summary(record)))
            elif known is not None:
                del self.versions[table_id]
                changes.append(self._left(table_id, record))
        return changes

    def _listed(self, record: TableRecord) -> bool:
        return record.status is TableStatus.WAITING and self.game in ("", record.config.game)

    def _summary(self, record: TableRecord) -> service_pb2.TableSummary:
        return table_summary(record, record.seat_of(self.player_id))

    def _left(self, table_id: str, record: TableRecord | None) -> service_pb2.LobbyChange:
        """A listed table left the lobby: started, or closed (or gone)."""
        if record is None:
            gone = service_pb2.TableSummary(name=table_name(table_id))
            return service_pb2.LobbyChange(kind=service_pb2.LOBBY_CHANGE_KIND_CLOSED, table=gone)
        started = record.status in (TableStatus.PLAYING, TableStatus.FINISHED)
        kind = service_pb2.LOBBY_CHANGE_KIND_STARTED if started else service_pb2.LOBBY_CHANGE_KIND_CLOSED
        return service_pb2.LobbyChange(kind=kind, table=self._summary(record))
