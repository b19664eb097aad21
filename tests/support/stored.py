"""Read a table straight from Redis, to check what the service stored."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import redis

from engine.registry import get_game
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
        own_actions = get_game(self.config.game).game_type.actions
        record = TableRecord.replay(
            self.table_id, self.config, [entry_from_dict(entry, own_actions) for entry in self.log]
        )
        return dict(json.loads(record.state_json()))


def stored(client: redis.Redis, table_name: str) -> StoredTable:
    table_id = table_name.removeprefix("tables/")
    # One transaction: a table that plays on (clock, computers) must not change between
    # reading its state, its log and its events. The three keys share a hash slot.
    pipeline = client.pipeline(transaction=True)
    pipeline.hgetall(keys.table(table_id))
    pipeline.lrange(keys.table_log(table_id), 0, -1)
    pipeline.xrange(keys.table_events(table_id))
    fields, log, raw_events = pipeline.execute()
    fields = _as_dict(fields)
    return StoredTable(
        table_id=table_id,
        version=int(fields[b"version"]),
        config=TableConfig.from_json(fields[b"config"]),
        state=json.loads(fields[b"state"]),
        log=[json.loads(entry) for entry in log],
        stored_events=[stored_event(entry_id, _as_dict(fields)) for entry_id, fields in raw_events],
    )


def _as_dict(reply: Any) -> dict[bytes, bytes]:
    """A hash as a dict: a cluster client's transaction returns field-value lists raw."""
    if isinstance(reply, dict):
        return reply
    return dict(zip(reply[::2], reply[1::2], strict=True))
