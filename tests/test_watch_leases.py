"""A watch stream's leases (the player's and the address's limits on open streams,
``server.streams``) against a real Redis: a stream that never opened holds none."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
import redis

from server import keys
from server.service import TableService
from server.settings import Settings
from server.store import Store, connect
from server.watching import EventHub
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.support.client import HUMAN
from tools.capacity import fresh_redis
from tools.processes import RedisServer


@pytest.fixture(scope="module")
def store() -> Iterator[RedisServer]:
    with fresh_redis() as server:
        yield server


def test_a_stream_cancelled_while_redis_grants_its_lease_leaves_no_lease_behind(store: RedisServer) -> None:
    """A client may cancel a stream at once (the terminal client does, when it is its turn
    already). The cancellation can reach the stream after Redis granted its lease and before
    the answer came back: the lease must still be released, or five such streams lock the
    player out of watching until their leases run out."""
    settings = Settings(redis_url=store.url)
    looking = redis.Redis.from_url(store.url)

    async def scenario() -> tuple[bool, int]:
        client = connect(settings, "lease-test")
        service = TableService(Store(client, settings), settings, EventHub(client))
        try:
            registered = await service.register_player(service_pb2.RegisterPlayerRequest(display_name="Anna"))
            caller = await service.admit(registered.token, "address", 1, "")
            seats = [HUMAN] * 4
            table = service_pb2.CreateTableRequest(game="baska_kop", rule_set="kop", seats=seats, join=True)
            created = await service.create_table(caller, table)
            leases = keys.player_watches(caller.player_id)
            stream = service.watch_table(caller, service_pb2.WatchTableRequest(table=created.table.name))
            opening = asyncio.ensure_future(anext(stream))
            # Look at Redis between two turns of the event loop: once the lease is there,
            # the stream has not read Redis's answer yet, and the client goes away.
            while not looking.zcard(leases):
                assert not opening.done(), "the stream opened before its lease was seen"
                await asyncio.sleep(0)
            opening.cancel()
            with pytest.raises(asyncio.CancelledError):
                await opening
            return opening.cancelled(), int(looking.zcard(leases))
        finally:
            await client.aclose()

    cancelled, leases_left = asyncio.run(scenario())
    looking.close()
    assert cancelled
    assert leases_left == 0
