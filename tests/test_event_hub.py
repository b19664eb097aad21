"""The watch streams' hub (``server.watching``) against a real Redis: it listens on the
channels of the tables its streams watch, and keeps listening through failures; and the
wait of an idle stream, which ends when the stream is cancelled."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
import redis.asyncio

from server import keys
from server.watching import EventHub, Watch, wait_at_most
from tools.capacity import fresh_redis
from tools.processes import RedisServer


@pytest.fixture(scope="module")
def store() -> Iterator[RedisServer]:
    with fresh_redis() as server:
        yield server


def test_a_table_channel_that_fails_to_subscribe_makes_the_hub_subscribe_again(store: RedisServer) -> None:
    """The table channels are subscribed by a task of their own. Whatever fails there fails
    the subscription: the hub subscribes again, and the table's news reaches its stream
    (rather than the hub stopping, and the streams hearing only from the upkeep's poll)."""

    async def scenario() -> None:
        client: Any = redis.asyncio.Redis.from_url(store.url)
        failures = [ValueError("the first subscription of a table fails")]
        make_pubsub = client.pubsub

        def pubsub() -> Any:
            made = make_pubsub()
            subscribe = made.subscribe

            async def failing_once(*channels: str) -> Any:
                if failures and any(channel.startswith(keys.EVENTS_CHANNEL_PREFIX) for channel in channels):
                    raise failures.pop()
                return await subscribe(*channels)

            made.subscribe = failing_once
            return made

        client.pubsub = pubsub
        hub = EventHub(client)
        running = asyncio.create_task(hub.run())
        watch = Watch("watch-1", (), "token")
        channel = keys.table_events_channel("table-1")
        try:
            with hub.following(watch, "table-1"):
                async with asyncio.timeout(60):
                    while not dict(await client.pubsub_numsub(channel))[channel.encode()]:
                        assert not running.done(), "the hub stopped"
                        await asyncio.sleep(0.01)
                    assert not failures
                    watch.woken.clear()
                    await client.publish(channel, "table-1")
                    await watch.woken.wait()
        finally:
            hub.close()
            running.cancel()
            # The stream just ended: the hub is dropping its table's channel as it is told
            # to stop, and stops all the same.
            stopped, _ = await asyncio.wait([running], timeout=60)
            await client.aclose()
        assert stopped, "the hub went on after it was cancelled"

    asyncio.run(scenario())


def test_a_stream_cancelled_just_as_it_is_woken_ends() -> None:
    """An idle stream waits to be woken (an event) or for its next heartbeat. Its client
    goes away, and gRPC cancels it, in the very turn of the loop that wakes it: the
    stream must end, not read and wait on with its lease held."""

    async def scenario() -> bool:
        woken = asyncio.Event()
        waiting = asyncio.create_task(wait_at_most(woken, 60))
        await asyncio.sleep(0)  # the stream is waiting now
        woken.set()
        waiting.cancel()
        await asyncio.wait([waiting], timeout=60)
        return waiting.cancelled()

    assert asyncio.run(scenario())
