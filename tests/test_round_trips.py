"""Round trips counted for a call (``server.round_trips``), on a single Redis."""

from __future__ import annotations

import asyncio
from pathlib import Path

from server.round_trips import counting_round_trips
from server.settings import Settings
from server.store import connect
from tools.processes import RedisServer, free_port


def test_a_new_connections_handshake_counts_for_no_call(tmp_path: Path) -> None:
    """The pool opens a connection with commands of its own (its name, the library's); the
    call that needed the connection made one round trip."""
    redis_server = RedisServer(free_port(), tmp_path)
    redis_server.start()
    settings = Settings(redis_url=redis_server.url)

    async def scenario() -> int:
        client = connect(settings, "test")
        try:
            with counting_round_trips() as round_trips:
                await client.get("sg:test:handshake")
            return round_trips[0]
        finally:
            await client.aclose()

    try:
        assert asyncio.run(scenario()) == 1
    finally:
        redis_server.stop()
