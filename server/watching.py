"""Watch streams of one server process: one Redis subscription wakes many streams, and
one upkeep task looks after them all.

Every commit that writes events publishes the table id on the table's own channel
(``sg:events:<table_id>``, ``server.keys``). A server process holds one subscription, on
one connection of its pool held for good, to the channels of the tables its streams
watch, and no others: a move at a table nobody watches here costs the process nothing,
however many processes serve. The subscription takes a table's channel when its first
stream here starts, and drops it when its last one ends; once Redis confirms the channel,
the table's streams read once more, for what was committed before. The hub wakes the
streams of the table named; a woken stream then reads its new events without blocking
(on a single Redis over the process's one multiplexed connection, ``server.multiplexed``;
on a cluster from the pool). So a process carries thousands of idle streams on that one
subscription, and unary calls never wait behind streams.

A notification can be missed: the subscription's connection breaks, Redis restarts, a
cluster node fails over. The hub's upkeep therefore reads, every ``watch_poll_ms``, the
newest event's sequence of every table its streams watch, all in a few round trips, and
wakes each stream that has not sent that event yet; every stream also looks again as
soon as the subscription is back. A missed notification delays events at most that long
and loses none, and an idle stream costs Redis nothing of its own. A quiet subscription
pings, so that a connection that died without a word is noticed too.

The same subscription hears of revoked tokens (``sg:revoked``, the token's digest): the
streams of that token are told to look whether it is still valid, and so is every stream
when the subscription is back (one may have been missed). Every third of a lease the
upkeep renews the leases of all the process's streams and looks up all their tokens,
each in a few round trips, and tells the streams of a token gone (revoked or expired) to
look, so that they end.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

from redis.asyncio import Redis

from server import keys, metrics
from server.store import REDIS_FAILURES, Store, text

log = logging.getLogger("speedgamez.server")

# Reads the process's watch streams may have under way at once, so that a burst of streams
# reading (a move at a table with many watchers) leaves the rest of a cluster's pool
# (``server.store.POOL_CONNECTIONS``) to unary calls, and on a single Redis does not queue
# a thousand reads ahead of them.
STREAM_CONNECTIONS = 32
# Seconds without a message before the subscription pings, and pings left unanswered
# before it is given up and made again.
_QUIET_S = 5.0
_PINGS_UNANSWERED = 2
# Waits before subscribing again after the subscription failed, doubling to the cap.
_RETRY_FIRST_S = 0.1
_RETRY_CAP_S = 2.0


@dataclass(eq=False)
class Watch:
    """An open watch stream as the hub keeps it: the leases it holds on the limits (the
    holder keys of ``Store.open_watch``) and its caller's token."""

    watch_id: str
    holders: tuple[str, ...]
    token_digest: str
    # Set whenever the stream may have something to read (or the hub closes).
    woken: asyncio.Event = field(default_factory=asyncio.Event)
    # Set (with ``woken``) whenever the token may have been revoked or expired.
    doubt: asyncio.Event = field(default_factory=asyncio.Event)
    # The newest event of its table the stream has sent (a table's stream keeps it).
    seen: int = 0


class EventHub:
    """Wakes this process's watch streams when their table has new events, renews their
    leases and looks after their tokens."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self.closing = asyncio.Event()
        # Held around every Redis call a watch stream makes.
        self.connections = asyncio.Semaphore(STREAM_CONNECTIONS)
        self._tables: dict[str, set[Watch]] = {}
        # Set when a table gains its first stream here or loses its last: the
        # subscription follows (``_follow_tables``).
        self._tables_changed = asyncio.Event()
        self._lobby: set[Watch] = set()
        self._tokens: dict[str, set[Watch]] = {}
        self._watches: set[Watch] = set()

    @contextmanager
    def following(self, watch: Watch, table_id: str | None) -> Iterator[Watch]:
        """Keep ``watch`` while it runs: woken for ``table_id``'s events, or for the
        lobby's changes when None."""
        if table_id is None:
            watchers = self._lobby
        else:
            if table_id not in self._tables:
                self._tables_changed.set()
            watchers = self._tables.setdefault(table_id, set())
        watchers.add(watch)
        self._tokens.setdefault(watch.token_digest, set()).add(watch)
        self._watches.add(watch)
        try:
            yield watch
        finally:
            self._watches.discard(watch)
            _leave(self._tokens, watch.token_digest, watch)
            if table_id is None:
                self._lobby.discard(watch)
            else:
                _leave(self._tables, table_id, watch)
                if table_id not in self._tables:
                    self._tables_changed.set()

    def close(self) -> None:
        """The process is stopping: wake every stream so that it ends now."""
        self.closing.set()
        self._wake_all()

    async def run(self) -> None:
        """Follow the channels until cancelled, subscribing again after any failure."""
        delay = _RETRY_FIRST_S
        while not self.closing.is_set():
            pubsub: Any = self.redis.pubsub()
            following: asyncio.Task[None] | None = None
            stopped = asyncio.Event()
            failed = False
            try:
                await pubsub.subscribe(keys.LOBBY_CHANNEL, keys.REVOKED_CHANNEL)
                # Whatever was published while not subscribed was missed: everyone looks,
                # at the table and at the token.
                self._doubt_all()
                self._wake_all()
                following = asyncio.create_task(self._follow_tables(pubsub, stopped))
                delay = _RETRY_FIRST_S
                unanswered = 0
                while not self.closing.is_set():
                    if following.done():
                        following.result()  # its failure is the subscription's
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
                    elif message.get("type") == "subscribe":
                        # From now on the table's events are heard; those committed before
                        # are read now.
                        channel = text(message["channel"])
                        if channel.startswith(keys.EVENTS_CHANNEL_PREFIX):
                            self._wake(channel.removeprefix(keys.EVENTS_CHANNEL_PREFIX))
            except asyncio.CancelledError:
                raise
            except Exception as error:  # whatever broke it, the streams must not go deaf
                metrics.REDIS_ERRORS.labels("server").inc()
                log.warning("event subscription lost (%r); subscribing again in %.1f s", error, delay)
                failed = True
            finally:
                if following is not None:
                    # Told twice: a cancellation that meets the answer to one of its
                    # commands can be lost in the Redis client (asyncio.wait_for of Python
                    # 3.11), and then the flag ends it.
                    stopped.set()
                    self._tables_changed.set()
                    following.cancel()
                    # Whatever it ended with broke the subscription, and is told above.
                    await asyncio.gather(following, return_exceptions=True)
                await _close_quietly(pubsub)
            if failed:
                await asyncio.sleep(delay)
                delay = min(delay * 2, _RETRY_CAP_S)

    async def _follow_tables(self, pubsub: Any, stopped: asyncio.Event) -> None:
        """Keep ``pubsub`` subscribed to the channels of exactly the tables watched here,
        until ``stopped``. The one task that subscribes and unsubscribes on it, so that the
        commands go out in the order the tables came and went."""
        subscribed: set[str] = set()
        while not stopped.is_set():
            self._tables_changed.clear()
            wanted = set(self._tables)
            if wanted - subscribed:
                await pubsub.subscribe(*(keys.table_events_channel(table) for table in wanted - subscribed))
            if subscribed - wanted:
                await pubsub.unsubscribe(*(keys.table_events_channel(table) for table in subscribed - wanted))
            subscribed = wanted
            await self._tables_changed.wait()

    async def keep_up(self, store: Store, poll_ms: int, lease_ms: int) -> None:
        """The upkeep, until cancelled: every ``poll_ms`` wake the streams of the tables
        whose events moved on; every third of ``lease_ms`` renew every lease and look up
        every token. A failure is logged and tried again at the next turn: a lease lasts
        three turns."""
        clock = asyncio.get_running_loop().time
        renew_every = lease_ms / 3000
        poll_at, renew_at = clock() + poll_ms / 1000, clock() + renew_every
        while not self.closing.is_set():
            await wait_at_most(self.closing, min(poll_at, renew_at) - clock())
            if self.closing.is_set():
                return
            try:
                if clock() >= poll_at:
                    poll_at = clock() + poll_ms / 1000
                    await self._look_at_tables(store)
                if clock() >= renew_at:
                    renew_at = clock() + renew_every
                    await self._renew_leases(store, lease_ms)
                    await self._look_at_tokens(store)
            except Exception as error:  # the next turn tries again; the streams go on
                metrics.REDIS_ERRORS.labels("server").inc()
                log.warning("watch stream upkeep failed (%r); trying again at its next turn", error)

    async def _look_at_tables(self, store: Store) -> None:
        table_ids = list(self._tables)
        sequences = await store.event_sequences(table_ids)
        for table_id, sequence in zip(table_ids, sequences, strict=True):
            for watch in self._tables.get(table_id, ()):
                if watch.seen < sequence:
                    watch.woken.set()
        # The lobby's followers compare what they saw themselves.
        self._wake_lobby()

    async def _renew_leases(self, store: Store, lease_ms: int) -> None:
        by_holder: dict[str, list[str]] = {}
        for watch in self._watches:
            for holder in watch.holders:
                by_holder.setdefault(holder, []).append(watch.watch_id)
        await store.renew_watches(by_holder, lease_ms)

    async def _look_at_tokens(self, store: Store) -> None:
        digests = list(self._tokens)
        for token_digest, known in zip(digests, await store.tokens_known(digests), strict=True):
            if not known:
                self._doubt(token_digest)

    def _wake(self, table_id: str) -> None:
        for watch in self._tables.get(table_id, ()):
            watch.woken.set()

    def _notified(self, channel: str, data: str) -> None:
        if channel == keys.LOBBY_CHANNEL:
            self._wake_lobby()
        elif channel == keys.REVOKED_CHANNEL:
            self._doubt(data)
        else:
            self._wake(data)

    def _doubt(self, token_digest: str) -> None:
        for watch in self._tokens.get(token_digest, ()):
            watch.doubt.set()
            watch.woken.set()

    def _doubt_all(self) -> None:
        for token_digest in list(self._tokens):
            self._doubt(token_digest)

    def _wake_lobby(self) -> None:
        for watch in self._lobby:
            watch.woken.set()

    def _wake_all(self) -> None:
        for watch in self._watches:
            watch.woken.set()


async def wait_at_most(event: asyncio.Event, seconds: float) -> None:
    """Wait until ``event`` is set or ``seconds`` have passed. Not ``asyncio.wait_for``: in
    Python 3.11 it loses a cancellation that comes as the event is set, and a stream whose
    client went away just then would run on."""
    with suppress(TimeoutError):
        async with asyncio.timeout(max(seconds, 0.0)):
            await event.wait()


async def _close_quietly(pubsub: Any) -> None:
    with suppress(*REDIS_FAILURES):
        await pubsub.aclose()


def _leave(groups: dict[str, set[Watch]], key: str, watch: Watch) -> None:
    group = groups.get(key)
    if group is not None:
        group.discard(watch)
        if not group:
            del groups[key]
