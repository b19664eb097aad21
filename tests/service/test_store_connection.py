"""The service's Redis client on a pooled connection closed under a write: the command is
sent again on a new connection, on a single Redis and on a cluster (a failover closes
connections this way; the client library would otherwise let the transport's own error
escape and the call be answered INTERNAL)."""

from __future__ import annotations

import asyncio
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster as AsyncRedisCluster

from server import keys
from server.settings import Settings
from server.store import Store, StoreConnection, connect
from tools.processes import RedisCluster, RedisServer

KEY = "sg:test:{closed-under-a-write}"


class ClosedTransportWriter:
    """A stream writer whose transport was torn down: what CPython 3.12 raises on a
    write to it, and a close that closes the real writer it stands for."""

    def __init__(self, writer: Any) -> None:
        self.writer = writer
        self.writes = 0

    def writelines(self, data: Any) -> None:
        self.writes += 1
        raise TypeError("'NoneType' object is not callable")

    def close(self) -> None:
        self.writer.close()

    async def wait_closed(self) -> None:
        await self.writer.wait_closed()


def _connections(client: Redis) -> list[Any]:
    if isinstance(client, AsyncRedisCluster):
        node = client.get_node_from_key(KEY)
        assert node is not None
        return list(node._connections)
    return list(client.connection_pool._available_connections)


def test_a_write_on_a_connection_closed_under_it_is_sent_again(
    redis_server: RedisServer | RedisCluster,
) -> None:
    settings = Settings(redis_url=redis_server.url, redis_cluster=redis_server.cluster)

    async def scenario() -> tuple[Any, int, bool]:
        connected = connect(settings, "test")
        # On a single Redis the pool's connections carry publish/subscribe and blocking
        # reads, the multiplexed connection the rest (tests/test_multiplexed_connection.py).
        client = connected if settings.redis_cluster else Redis(connection_pool=connected.connection_pool)
        try:
            await client.set(KEY, "kept")
            connections = [connection for connection in _connections(client) if connection.is_connected]
            assert connections and all(isinstance(connection, StoreConnection) for connection in connections)
            broken = [ClosedTransportWriter(connection._writer) for connection in connections]
            for connection, writer in zip(connections, broken, strict=True):
                connection._writer = writer
            value = await client.get(KEY)
            return (
                value,
                sum(writer.writes for writer in broken),
                all(
                    connection._writer is not writer
                    for connection, writer in zip(connections, broken, strict=True)
                ),
            )
        finally:
            await connected.aclose()

    value, failed_writes, replaced = asyncio.run(scenario())
    assert value == b"kept"
    assert failed_writes >= 1, "the command met the closed connection"
    assert replaced, "the closed connection was dropped"


def test_a_call_never_looks_at_a_table_read_ahead_for_an_earlier_call_of_its_task(
    redis_server: RedisServer | RedisCluster,
) -> None:
    """A task may serve one call after another: what ``Store.admit`` read ahead for a call
    that never looked at its table is gone at the next call, which reads the table anew."""
    settings = Settings(redis_url=redis_server.url, redis_cluster=redis_server.cluster)
    table_key = keys.table("read-ahead")

    async def scenario() -> int | None:
        client = connect(settings, "test")
        try:
            await client.hset(table_key, mapping={"config": "{}", "state": "{}", "version": 1})
            store = Store(client, settings)
            limit = (1000.0, 1000)
            # A call about the table that ends before looking at it (refused, say).
            await store.admit(keys.address_rate("a"), limit, None, limit, 1, "read-ahead")
            await client.hset(table_key, "version", 2)
            # The next call of the same task, about no table, then looks at it.
            await store.admit(keys.address_rate("a"), limit, None, limit, 1, None)
            stored = await store.fetch("read-ahead")
            return None if stored is None else stored.version
        finally:
            await client.delete(table_key)
            await client.aclose()

    assert asyncio.run(scenario()) == 2
