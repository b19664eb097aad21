"""Read a table straight from Redis, to check what the service stored."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import redis

from server import keys
from server.store import stored_event
from server.table import TableConfig, TableRecord
from server.table_log import entry_from_dict
from speedgamez.internal.v1.stored_event_pb2 import StoredEvent
from speedgamez.v1 import table_pb2


@dataclass
class StoredTable:
    table_id: str
    version: int
    config: TableConfig
    state: dict[str, Any]
    log: list[dict[str, Any]]
    # Every event as stored, with its audience; ``events`` are the events themselves.
    stored_events: list[StoredEvent]

    @property
    def events(self) -> list[table_pb2.TableEvent]:
        return [stored.event for stored in self.stored_events]

    def record(self) -> TableRecord:
        return TableRecord.restore(
            self.table_id, self.config, json.dumps(self.state), self.version, len(self.events)
        )

    def replayed_state(self) -> dict[str, Any]:
        record = TableRecord.replay(
            self.table_id, self.config, [entry_from_dict(entry) for entry in self.log]
        )
        return dict(json.loads(record.state_json()))


def stored(client: redis.Redis, table_name: str) -> StoredTable:
    table_id = table_name.removeprefix("tables/")
    fields: Any = client.hgetall(keys.table(table_id))
    log: Any = client.lrange(keys.table_log(table_id), 0, -1)
    raw_events: Any = client.xrange(keys.table_events(table_id))
    return StoredTable(
        table_id=table_id,
        version=int(fields[b"version"]),
        config=TableConfig.from_json(fields[b"config"]),
        state=json.loads(fields[b"state"]),
        log=[json.loads(entry) for entry in log],
        stored_events=[stored_event(entry_id, fields) for entry_id, fields in raw_events],
    )
