"""A TCP proxy in front of a real Redis that loses one reply on purpose.

Armed with a marker, it passes on the client's bytes that carry the marker, waits until
Redis answers, and then breaks the client's connection without passing the answer on: a
network failure just after Redis ran the command, which the client can tell from no other
failure. Everything else passes through unchanged. It runs on the test's event loop.
"""

from __future__ import annotations

import asyncio
import contextlib


class LostReplyProxy:
    """Listens on a port of its own and connects each client to Redis at ``redis_port``."""

    def __init__(self, redis_port: int) -> None:
        self.redis_port = redis_port
        self.port = 0
        self.lost = 0
        self._marker: bytes | None = None
        self._server: asyncio.Server | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    def lose_reply_to(self, marker: bytes) -> None:
        """Lose the answer to the next bytes a client sends that contain ``marker``."""
        self._marker = marker

    async def _serve(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        redis_reader, redis_writer = await asyncio.open_connection("127.0.0.1", self.redis_port)
        doomed = asyncio.Event()

        async def to_redis() -> None:
            while data := await client_reader.read(65536):
                if self._marker is not None and self._marker in data:
                    self._marker = None
                    doomed.set()
                redis_writer.write(data)
                await redis_writer.drain()
            redis_writer.close()

        async def to_client() -> None:
            while data := await redis_reader.read(65536):
                if doomed.is_set():
                    # Redis has answered: it ran the command. The answer never arrives.
                    self.lost += 1
                    client_writer.transport.abort()
                    redis_writer.transport.abort()
                    return
                client_writer.write(data)
                await client_writer.drain()
            client_writer.close()

        with contextlib.suppress(ConnectionError):
            await asyncio.gather(to_redis(), to_client())
