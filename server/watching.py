"""Watch streams of one server process: one Redis subscription wakes many streams.

Every commit that writes events publishes the table id on the channel ``sg:events``
(``server.keys``). A server process holds one subscription to that channel, on one
connection of its pool held for good, and wakes the streams of the table named; a woken
stream then reads its new events without blocking, from the shared connection pool. So
a process carries thousands of idle streams on that one Redis connection, and unary
calls never wait behind a stream for a pooled connection.

A notification can be missed: the subscription's connection breaks, Redis restarts, a
cluster node fails over. Every stream therefore also looks for events on its own every
``watch_poll_ms``, and every stream looks again as soon as the subscription is back, so
a missed notification delays events at most that long and loses none. A quiet
subscription pings, so that a connection that died without a word is noticed too.

The same subscription hears of revoked tokens (``sg:revoked``, the token's digest): the
streams of that token are told to look whether it is still valid, and so is every stream
when the subscription is back (one may have been missed); the streams look on their own
too, with every renewal of their lease, which also ends those of an expired token.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

from redis.asyncio import Redis

from server import keys, metrics
from server.store import REDIS_FAILURES, text

log = logging.getLogger("speedgamez.server")

# Pooled connections the process's watch streams may use at once, so that a burst of
# streams reading (a move at a table with many watchers) leaves the rest of the pool
# (``server.store.POOL_CONNECTIONS``) to unary calls.
STREAM_CONNECTIONS = 32
# Seconds without a message before the subscription pings, and pings left unanswered
# before it is given up and made again.
_QUIET_S = 5.0
_PINGS_UNANSWERED = 2
# Waits before subscribing again after the subscription failed, doubling to the cap.
_RETRY_FIRST_S = 0.1
_RETRY_CAP_S = 2.0


class EventHub:
    """Wakes this process's watch streams when their table has new events."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self.closing = asyncio.Event()
        # Held around every Redis call a watch stream makes.
        self.connections = asyncio.Semaphore(STREAM_CONNECTIONS)
        self._wakers: dict[str, set[asyncio.Event]] = {}
        self._lobby: set[asyncio.Event] = set()
        # Per token digest, the streams' (doubt, waker) pairs: doubt is set when the token
        # may have been revoked, and the waker wakes the stream to look.
        self._tokens: dict[str, set[tuple[asyncio.Event, asyncio.Event]]] = {}

    @contextmanager
    def watching(self, table_id: str) -> Iterator[asyncio.Event]:
        """An event set whenever ``table_id`` may have new events (or the hub closes)."""
        waker = asyncio.Event()
        self._wakers.setdefault(table_id, set()).add(waker)
        try:
            yield waker
        finally:
            wakers = self._wakers.get(table_id)
            if wakers is not None:
                wakers.discard(waker)
                if not wakers:
                    del self._wakers[table_id]

    @contextmanager
    def watching_lobby(self) -> Iterator[asyncio.Event]:
        """An event set whenever a waiting table may have changed (or the hub closes)."""
        waker = asyncio.Event()
        self._lobby.add(waker)
        try:
            yield waker
        finally:
            self._lobby.discard(waker)

    @contextmanager
    def following_token(self, token_digest: str, woken: asyncio.Event) -> Iterator[asyncio.Event]:
        """An event set (and ``woken`` with it) whenever the token may have been revoked."""
        pair = (asyncio.Event(), woken)
        self._tokens.setdefault(token_digest, set()).add(pair)
        try:
            yield pair[0]
        finally:
            pairs = self._tokens.get(token_digest)
            if pairs is not None:
                pairs.discard(pair)
                if not pairs:
                    del self._tokens[token_digest]

    def close(self) -> None:
        """The process is stopping: wake every stream so that it ends now."""
        self.closing.set()
        self._wake_all()

    async def run(self) -> None:
        """Follow the channel until cancelled, subscribing again after any failure."""
        delay = _RETRY_FIRST_S
        while not self.closing.is_set():
            pubsub: Any = self.redis.pubsub()
            try:
                await pubsub.subscribe(keys.EVENTS_CHANNEL, keys.LOBBY_CHANNEL, keys.REVOKED_CHANNEL)
                # Whatever was published while not subscribed was missed: everyone looks,
                # at the table and at the token.
                self._doubt_all()
                self._wake_all()
                delay = _RETRY_FIRST_S
                unanswered = 0
                while not self.closing.is_set():
                    message = await pubsub.get_message(timeout=_QUIET_S)
                    if message is None:
                        # Quiet for a while: a ping finds a connection that died without a
                        # word, which would otherwise leave the streams deaf for good.
                        if unanswered >= _PINGS_UNANSWERED:
                            raise TimeoutError(f"{unanswered} pings of the event subscription unanswered")
                        await pubsub.ping()
                        unanswered += 1
                    elif message.get("type") == "pong":
                        unanswered = 0
                    elif message.get("type") == "message":
                        self._notified(text(message["channel"]), text(message["data"]))
            except asyncio.CancelledError:
                raise
            except Exception as error:  # whatever broke it, the streams must not go deaf
                metrics.REDIS_ERRORS.labels("server").inc()
                log.warning("event subscription lost (%r); subscribing again in %.1f s", error, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, _RETRY_CAP_S)
            finally:
                await _close_quietly(pubsub)

    def _wake(self, table_id: str) -> None:
        for waker in self._wakers.get(table_id, ()):
            waker.set()

    def _notified(self, channel: str, data: str) -> None:
        if channel == keys.LOBBY_CHANNEL:
            self._wake_lobby()
        elif channel == keys.REVOKED_CHANNEL:
            self._doubt(data)
        else:
            self._wake(data)

    def _doubt(self, token_digest: str) -> None:
        for doubt, waker in self._tokens.get(token_digest, ()):
            doubt.set()
            waker.set()

    def _doubt_all(self) -> None:
        for token_digest in list(self._tokens):
            self._doubt(token_digest)

    def _wake_lobby(self) -> None:
        for waker in self._lobby:
            waker.set()

    def _wake_all(self) -> None:
        for wakers in self._wakers.values():
            for waker in wakers:
                waker.set()
        self._wake_lobby()


async def _close_quietly(pubsub: Any) -> None:
    with suppress(*REDIS_FAILURES):
        await pubsub.aclose()
