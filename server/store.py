"""Redis persistence of players and tables. Key layout: ``server.keys``.

Tables are written only by ``commit`` (a compare-and-set Lua script on the table's
version) and ``create``; both touch only keys with the table's hash tag.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import Any, cast

import orjson
from redis.asyncio import BlockingConnectionPool, Connection, Redis
from redis.asyncio.cluster import ClusterPipeline, RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import (
    ClusterError,
    ReadOnlyError,
    RedisClusterException,
    RedisError,
    TryAgainError,
)
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from engine.registry import GAMES, get_game
from server import keys
from server.bank import Bank
from server.board import Board
from server.clock import Deadlines
from server.multiplexed import MultiplexedLink, MultiplexedRedis, command_note, text
from server.restored import RestoredTables
from server.round_trips import (
    CountedClusterPipeline,
    Step,
    count_round_trip,
    script_step,
    together,
    uncounted,
)
from server.settings import Settings
from server.table import Happened, TableRecord, TableStatus, json_text
from server.table_log import LogEntry, entry_from_dict, entry_to_dict
from speedgamez.internal.v1.stored_event_pb2 import StoredEvent

# How long a day's daily-deal attempts are remembered: past the day in every time zone.
_DAILY_ATTEMPTS_S = 3 * 24 * 3600

# KEYS: table hash, log list, event stream, request-id hash
# ARGV: expected version, state JSON, request id ("" for none), request tag, now (ms),
#       time to keep the table from now (ms), the move clock's deadline (ms, "" for none),
#       number of log entries N, N log entries, first event sequence, event payloads...,
#       and last the event channel and table id (the id is published there when there are
#       events, to wake watch streams)
_COMMIT = """
local version = redis.call('HGET', KEYS[1], 'version')
if not version then return {'missing'} end
if ARGV[3] ~= '' then
  local previous = redis.call('HGET', KEYS[4], ARGV[3])
  if previous then return {'duplicate', previous} end
end
if version ~= ARGV[1] then return {'conflict', version} end
local new_version = tonumber(version) + 1
redis.call('HSET', KEYS[1], 'version', new_version, 'state', ARGV[2], 'updated_ms', ARGV[5])
if ARGV[7] == '' then
  redis.call('HDEL', KEYS[1], 'deadline_ms')
else
  redis.call('HSET', KEYS[1], 'deadline_ms', ARGV[7])
end
local entries = tonumber(ARGV[8])
for i = 1, entries do redis.call('RPUSH', KEYS[2], ARGV[8 + i]) end
local first = tonumber(ARGV[9 + entries])
local events = #ARGV - 11 - entries
for j = 1, events do
  redis.call('XADD', KEYS[3], (first + j - 1) .. '-0', 's', ARGV[9 + entries + j])
end
if events > 0 then
  redis.call('HSET', KEYS[1], 'event_seq', first + events - 1)
  redis.call('PUBLISH', ARGV[#ARGV - 1], ARGV[#ARGV])
end
if ARGV[3] ~= '' then redis.call('HSET', KEYS[4], ARGV[3], new_version .. ':' .. ARGV[4]) end
for k = 1, 4 do redis.call('PEXPIRE', KEYS[k], ARGV[6]) end
return {'ok', tostring(new_version)}
"""

# KEYS: table hash, event stream. ARGV: config, state, now (ms), time to keep (ms),
# event payloads...
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  -- The same table sent again (its answer was lost on the way) is created already.
  if redis.call('HGET', KEYS[1], 'config') == ARGV[1] then return 1 end
  return 0
end
redis.call('HSET', KEYS[1], 'version', 1, 'config', ARGV[1], 'state', ARGV[2],
           'event_seq', #ARGV - 4, 'updated_ms', ARGV[3])
for j = 5, #ARGV do redis.call('XADD', KEYS[2], (j - 4) .. '-0', 's', ARGV[j]) end
for k = 1, 2 do redis.call('PEXPIRE', KEYS[k], ARGV[4]) end
return 1
"""


# A token bucket in a hash (``tokens``, ``at``): it refills continuously up to the burst.
# take(key, requests per second, burst, cost) takes ``cost`` requests and returns 0, or
# returns the milliseconds until it could and takes nothing. Its clock is Redis's own
# (TIME), the same for every server whatever their clocks say, and a call delayed on its
# way (a Redis that froze, a connection waited for) carries no stale time of its own;
# time that goes backwards all the same (Redis's clock stepped back, a failover to a
# replica whose clock is behind) refills nothing and takes nothing, and the bucket goes
# on from the new time.
_BUCKET = """
local function take(key, rate, burst, cost)
  local time = redis.call('TIME')
  local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  local bucket = redis.call('HMGET', key, 'tokens', 'at')
  local tokens = tonumber(bucket[1]) or burst
  local at = tonumber(bucket[2]) or now
  tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
  local wait = 0
  if tokens < cost then
    wait = math.ceil((cost - tokens) * 1000 / rate)
  else
    tokens = tokens - cost
  end
  redis.call('HSET', key, 'tokens', tostring(tokens), 'at', tostring(now))
  redis.call('PEXPIRE', key, math.ceil(burst * 1000 / rate) + 1000)
  return wait
end
"""

# KEYS: token, its rate bucket (same hash tag). ARGV: requests per second, burst,
# requests this call counts as. Returns {0} for an unknown token, {1, value} when
# allowed, {2, value, retry ms} when the bucket is too empty.
_AUTHENTICATE = (
    _BUCKET
    + """
local value = redis.call('GET', KEYS[1])
if not value then return {0} end
local wait = take(KEYS[2], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]))
if wait > 0 then return {2, value, tostring(wait)} end
return {1, value}
"""
)

# KEYS: a rate bucket. ARGV as for _AUTHENTICATE. Returns 0 when allowed, else the
# milliseconds until it would be.
_RATE = (
    _BUCKET
    + """
return take(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]))
"""
)

# KEYS: the watch leases of a player or an address. ARGV: watch id, now (ms), lease
# (ms), limit.
_LEASE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
-- A stream's own lease, sent again after its answer was lost, counts once.
local own = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not own and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], tonumber(ARGV[2]) + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2)
return 1
"""


# Commands the watch streams' upkeep (``server.watching``) sends in one round trip.
_BATCH = 500

# Pooled Redis connections of one process (per cluster node; on a single Redis only the
# subscription and blocking reads use the pool); watch streams use at most
# ``server.watching.STREAM_CONNECTIONS`` of them.
POOL_CONNECTIONS = 100


class CommitStatus(StrEnum):
    OK = "ok"
    DUPLICATE = "duplicate"  # the request id was used by an earlier commit
    CONFLICT = "conflict"  # the table is at another version
    MISSING = "missing"  # the table does not exist (or expired)


@dataclass(frozen=True)
class CommitOutcome:
    """How a commit ended; ``version`` is the stored one (of the first commit, for a duplicate)."""

    status: CommitStatus
    version: int = 0
    request_tag: str = ""
    # The state written (for OK only): what a later read of this version finds.
    state: str = ""


# What ``Store.load`` reads of a table's hash.
_TABLE_FIELDS = ("config", "state", "version", "event_seq", "deadline_ms")


@dataclass(frozen=True)
class StoredTable:
    """A table's hash as Redis holds it: its state at ``version``, not yet restored."""

    table_id: str
    config: str | bytes
    state: str | bytes
    version: int
    event_seq: int
    deadline_ms: int | None


def _stored_table(table_id: str, fields: list[Any]) -> StoredTable | None:
    """A table's fields as ``HMGET`` of ``_TABLE_FIELDS`` gives them; None for no table."""
    config, state, version, event_seq, deadline = fields
    if config is None or state is None or version is None:
        return None
    return StoredTable(
        table_id,
        config,
        state,
        int(version),
        int(event_seq or 0),
        None if deadline is None else int(deadline),
    )


def _authentication(reply: Any) -> Authentication:
    """What the authentication script's reply says."""
    if reply[0] == 0:
        return Authentication(AuthenticationStatus.UNKNOWN)
    player_id, _, name = text(reply[1]).partition("\n")
    if reply[0] == 2:
        return Authentication(AuthenticationStatus.LIMITED, player_id, name, int(reply[2]))
    return Authentication(AuthenticationStatus.OK, player_id, name)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


# Everything the client library raises, for the notes that say which command failed.
REDIS_FAILURES: tuple[type[Exception], ...] = (RedisError, RedisClusterException, OSError)
# What a store that is away (or on its way back) looks like to the client library: no
# connection, no answer in time, a cluster without a master for a slot or failing over,
# a replica still loading or read-only, and socket errors that slip through. Other errors
# of Redis (a script's error, a wrong type) are faults of the server, not an outage.
STORE_AWAY: tuple[type[Exception], ...] = (
    RedisConnectionError,
    RedisTimeoutError,
    ClusterError,
    TryAgainError,
    ReadOnlyError,
    RedisClusterException,
    OSError,
)


# Tables read ahead for the call this task serves (``Store.admit``), until ``Store.load`` uses them.
_READ_AHEAD: ContextVar[dict[str, list[Any]] | None] = ContextVar("read_ahead", default=None)


class StoreConnection(Connection):
    """A connection on which a write that meets a closed connection is a ConnectionError.

    When a connection is closed under a write (a failover, Redis restarting, another task
    disconnecting it), redis-py 8.1 lets the transport's own AttributeError or TypeError
    escape (redis-py issue 4287); nothing would then retry the command or report the
    store as away, and the call would be answered INTERNAL instead of UNAVAILABLE."""

    async def connect_check_health(
        self, check_health: bool = True, retry_socket_connect: bool = True
    ) -> None:
        # A new connection's handshake is the pool's cost, not the round trips of the call
        # that happened to need the connection.
        with uncounted():
            await super().connect_check_health(check_health, retry_socket_connect)

    async def send_packed_command(self, command: Any, check_health: bool = True) -> None:
        # Every command and every pipeline goes out through here, once per connection.
        count_round_trip()
        try:
            await super().send_packed_command(command, check_health)
        except (AttributeError, TypeError) as error:
            await self.disconnect(nowait=True)
            raise RedisConnectionError(f"the connection was closed under a write ({error!r})") from error


class _NotedRedisCluster(RedisCluster):
    """RedisCluster whose errors say which command, on which key, failed, and whose
    pipelines count as one round trip."""

    async def initialize(self, *args: Any, **kwargs: Any) -> RedisCluster:
        # Learning the cluster's nodes and slots is the client's cost, not the round trips
        # of the call that happened to come first.
        with uncounted():
            return await super().initialize(*args, **kwargs)

    def pipeline(self, transaction: Any = None, shard_hint: Any = None) -> ClusterPipeline:
        if shard_hint:
            return super().pipeline(transaction, shard_hint)
        # The library's stubs declare an attribute abstract that its own pipeline sets.
        return CountedClusterPipeline(self, transaction)  # type: ignore[abstract]

    async def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return await super().execute_command(*args, **kwargs)
        except REDIS_FAILURES as error:
            error.add_note(command_note(args))
            raise


def redis_error_context(error: BaseException) -> str:
    """The error with the command and key it happened in, for the log."""
    notes = "; ".join(getattr(error, "__notes__", ()))
    return f"{error!r} in {notes}" if notes else repr(error)


def connect(settings: Settings, client_name: str | None = None) -> Redis:
    """The Redis client of a server or worker process: a single Redis or a Redis Cluster.

    On a single Redis, ordinary commands and pipelines share one connection
    (``server.multiplexed``); the subscription and a worker's blocking read take pooled
    connections. Commands fail after ``redis_timeout_s`` instead of hanging on a Redis
    that stopped answering; the one blocking read (a worker's wait on the job streams)
    waits for shorter than that. A burst of calls waits for a free pooled connection, for
    as long. A refused connection fails at once, so a dead Redis is reported promptly. A
    command that meets a connection closed under it (connections die when Redis
    restarts) is sent again on a new connection, a few times with a short backoff. Redis
    may have run it before the connection broke, so every write is safe to run twice:
    each change to a table carries a request id (``server.write``) that its commit
    records; creating a table, claiming a daily deal, a watch's lease and the mark of
    advice asked for recognise their own earlier run; the rest set values, or are
    deduplicated where they are read (the job queue, ``server.jobs``).
    Every multi-key command and script touches keys of one hash tag
    (``server.keys``), so the same code runs on a cluster.
    """
    options: dict[str, Any] = {
        # Shown by CLIENT LIST, so that an operator can tell whose connection is whose.
        "client_name": client_name,
        "socket_timeout": settings.redis_timeout_s,
        "socket_connect_timeout": min(2.0, settings.redis_timeout_s),
        "retry": Retry(ExponentialBackoff(cap=0.5, base=0.02), 3, supported_errors=(RedisConnectionError,)),
    }
    if settings.redis_cluster:
        cluster = _NotedRedisCluster.from_url(settings.redis_url, max_connections=POOL_CONNECTIONS, **options)
        # The cluster client picks its connection class itself; every node it makes from
        # now on takes it from these arguments.
        if cluster.nodes_manager.connection_kwargs.get("connection_class") is Connection:
            cluster.nodes_manager.connection_kwargs["connection_class"] = StoreConnection
            for node in cluster.nodes_manager.startup_nodes.values():
                node.connection_class = StoreConnection
        # The cluster client offers the same commands; typed as Redis for the callers.
        return cast(Redis, cluster)
    # A burst of calls waits for a free connection rather than failing at once. A URL of
    # another scheme (TLS, a socket) brings its own connection class.
    pool = BlockingConnectionPool.from_url(
        settings.redis_url,
        max_connections=POOL_CONNECTIONS,
        timeout=settings.redis_timeout_s,
        connection_class=StoreConnection,
        **options,
    )
    # Ordinary commands share one connection (``server.multiplexed``); watch streams and
    # a worker's blocking read take connections of the pool.
    link = MultiplexedLink(
        settings.redis_url, settings.redis_timeout_s, options["socket_connect_timeout"], client_name
    )
    return MultiplexedRedis(link, connection_pool=pool)


def now_ms() -> int:
    return int(time.time() * 1000)


class AuthenticationStatus(StrEnum):
    OK = "ok"
    UNKNOWN = "unknown"  # no such token, or it expired
    LIMITED = "limited"  # the token's rate is used up


@dataclass(frozen=True)
class Authentication:
    """Whose token it is, or why it is refused."""

    status: AuthenticationStatus
    player_id: str = ""
    name: str = ""
    retry_after_ms: int = 0


class Store:
    """Tables and players in Redis, kept as ``settings`` says (the table in ``server.keys``)."""

    def __init__(self, redis: Redis, settings: Settings) -> None:
        self.redis = redis
        self.settings = settings
        self.deadlines = Deadlines(redis)
        self.restored = RestoredTables(settings.tables_kept)
        self.board = Board(redis, settings)
        self.bank = Bank(redis, settings)
        self.keep_finished_ms = settings.keep_finished_s * 1000
        self.keep_idle_ms = settings.keep_idle_s * 1000
        self.player_ttl_s = settings.token_ttl_s
        self._commit = redis.register_script(_COMMIT)
        self._create = redis.register_script(_CREATE)
        self._authenticate = redis.register_script(_AUTHENTICATE)
        self._lease = redis.register_script(_LEASE)
        self._rate = redis.register_script(_RATE)

    # Players -----------------------------------------------------------------------

    async def register_player(self, name: str) -> tuple[str, str]:
        player_id = secrets.token_hex(8)
        token = secrets.token_urlsafe(32)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(keys.player(player_id), mapping={"name": name, "created_ms": now_ms()})
            pipe.expire(keys.player(player_id), self.player_ttl_s)
            await pipe.execute()
        await self.redis.set(keys.token(digest(token)), f"{player_id}\n{name}", ex=self.player_ttl_s)
        return player_id, token

    async def revoke_token(self, token_digest: str) -> None:
        """Forget the token (by its digest) and its rate bucket: later calls with it are
        refused, and its open watch streams, on every server, end (``server.watching``)."""
        await self.redis.delete(keys.token(token_digest), keys.rate(token_digest))
        await self.redis.publish(keys.REVOKED_CHANNEL, token_digest)

    async def token_known(self, token_digest: str) -> bool:
        """Whether the token (by its digest) is still valid: not revoked, not expired."""
        return bool(await self.redis.exists(keys.token(token_digest)))

    async def tokens_known(self, token_digests: list[str]) -> list[bool]:
        """``token_known`` of many tokens, ``_BATCH`` to a round trip."""
        token_keys = [keys.token(digest) for digest in token_digests]
        steps = [Step(f"EXISTS {key}", partial(_exists, key)) for key in token_keys]
        return [bool(reply) for reply in await self._in_batches(steps)]

    async def admit(
        self,
        address_bucket: str,
        address_limit: tuple[float, int],
        token_digest: str | None,
        token_limit: tuple[float, int],
        cost: int,
        table_id: str | None,
    ) -> tuple[int, Authentication | None]:
        """``limit_rate`` of the address's bucket and, given a token (by its digest), its
        look-up with ``cost`` taken from its rate bucket, in one round trip; the table the
        call is about (if any) is read in the same trip, and the call's first ``load`` of
        it takes what was read instead of asking Redis again. Both buckets are taken
        from, whichever refuses."""
        steps = [script_step(self._rate, [address_bucket], [*address_limit, 1])]
        if token_digest:
            token_keys = [keys.token(token_digest), keys.rate(token_digest)]
            steps.append(script_step(self._authenticate, token_keys, [*token_limit, cost]))
        if table_id:
            table_key = keys.table(table_id)
            steps.append(Step(f"HMGET {table_key}", lambda pipe: pipe.hmget(table_key, _TABLE_FIELDS)))
        replies = await together(self.redis, steps)
        # Set for every call, so that nothing read for an earlier call of this task is used.
        _READ_AHEAD.set({table_id: replies.pop()} if table_id else {})
        return int(replies[0]), _authentication(replies[1]) if token_digest else None

    async def limit_rate(self, bucket: str, rate_per_s: float, burst: int, cost: int = 1) -> int:
        """Take ``cost`` requests from the rate bucket ``bucket``; 0 if allowed, else the ms to wait."""
        reply: Any = await self._rate(keys=[bucket], args=[rate_per_s, burst, cost])
        return int(reply)

    async def open_watch(self, holder_key: str, watch_id: str, limit: int, lease_ms: int) -> bool:
        """Count a watch stream against a limit (a player's, an address's); False if reached.

        Each open stream holds a lease that the stream renews while it runs, so streams of
        a process that died stop counting once their lease runs out.
        """
        return bool(await self._lease(keys=[holder_key], args=[watch_id, now_ms(), lease_ms, limit]))

    async def renew_watches(self, watches: dict[str, list[str]], lease_ms: int) -> None:
        """Renew the leases of many watch streams, by holder key (``open_watch``), ``_BATCH``
        commands to a round trip. The key's own expiry moves on with the lease, so that
        it outlives every lease in it."""
        until = now_ms() + lease_ms
        steps = []
        for holder, watch_ids in watches.items():
            steps.append(Step(f"ZADD {holder}", partial(_renew, holder, dict.fromkeys(watch_ids, until))))
            steps.append(Step(f"PEXPIRE {holder}", partial(_pexpire, holder, lease_ms * 2)))
        await self._in_batches(steps)

    async def close_watch(self, holder_key: str, watch_id: str) -> None:
        await self.redis.zrem(holder_key, watch_id)

    async def unfinished_tables(self, player_id: str) -> set[str]:
        """The unfinished tables that count against the player, forgetting tables that expired."""
        counted = keys.player_unfinished(player_id)
        table_ids = {text(table_id) for table_id in await self.redis.smembers(counted)}
        gone = [table_id for table_id in table_ids if not await self.redis.exists(keys.table(table_id))]
        if gone:
            await self.redis.srem(counted, *gone)
        return table_ids.difference(gone)

    async def daily_secret(self) -> str:
        """The secret today's deals are shuffled from: made once, shared by every server,
        never shown to a client (the date alone must not tell the cards)."""
        await self.redis.set(keys.DAILY_SECRET, secrets.token_hex(16), nx=True)
        stored: Any = await self.redis.get(keys.DAILY_SECRET)
        return str(stored.decode() if isinstance(stored, bytes) else stored)

    async def claim_daily(self, game: str, date: str, player_id: str, table_id: str) -> str | None:
        """Record ``table_id`` as the player's one daily deal of ``game`` on ``date``;
        returns the table of an earlier attempt instead, if there is one."""
        key = keys.daily_attempts(game, date)
        if not await self.redis.hsetnx(key, player_id, table_id):
            earlier = text(await self.redis.hget(key, player_id))
            # This very claim, sent again after its answer was lost on the way, is no
            # earlier attempt.
            if earlier != table_id:
                return earlier
        await self.redis.expire(key, _DAILY_ATTEMPTS_S)
        return None

    async def count_table(self, player_id: str, table_id: str) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.sadd(keys.player_unfinished(player_id), table_id)
            pipe.expire(keys.player_unfinished(player_id), self.player_ttl_s)
            await pipe.execute()

    async def uncount_table(self, player_ids: list[str], table_id: str) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            for player_id in player_ids:
                pipe.srem(keys.player_unfinished(player_id), table_id)
            await pipe.execute()

    async def remember_seat(self, player_id: str, table_id: str) -> None:
        """Note a table the player sat at; the player's keys live on for another token lifetime."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zadd(keys.player_tables(player_id), {table_id: now_ms()})
            pipe.expire(keys.player_tables(player_id), self.player_ttl_s)
            pipe.expire(keys.player(player_id), self.player_ttl_s)
            await pipe.execute()

    async def player_tables(self, player_id: str, offset: int, count: int) -> list[str]:
        ids = await self.redis.zrevrange(keys.player_tables(player_id), offset, offset + count - 1)
        return [text(table_id) for table_id in ids]

    # Tables ------------------------------------------------------------------------

    async def create(self, record: TableRecord, events: list[Happened]) -> bool:
        now = now_ms()
        payloads = [_stored(happened, sequence, 1, now) for sequence, happened in enumerate(events, start=1)]
        created = await self._create(
            keys=[keys.table(record.id), keys.table_events(record.id)],
            args=[record.config.to_json(), record.state_json(), now, self.keep_idle_ms, *payloads],
        )
        if created:
            await self.index_status(record)
        record.version, record.event_seq = 1, len(events)
        return bool(created)

    async def load(self, table_id: str) -> TableRecord | None:
        """The table as stored, or as ``admit`` read it at the start of this call."""
        stored = await self.fetch(table_id)
        return None if stored is None else self.restore(stored)

    def restore(self, stored: StoredTable) -> TableRecord:
        """The table as ``stored``, for the caller alone (``server.restored``)."""
        return self.restored.take(
            stored.table_id, stored.config, stored.state, stored.version, stored.event_seq, stored.deadline_ms
        )

    def keep(self, record: TableRecord, state: str | bytes) -> None:
        """Give back a record the caller is done with, exactly ``state`` as stored at its
        version, for the next call on its table."""
        self.restored.keep(record, state)

    async def fetch(self, table_id: str) -> StoredTable | None:
        """The table's stored fields, not yet restored (``load`` restores them)."""
        read_ahead = _READ_AHEAD.get()
        fields = read_ahead.pop(table_id, None) if read_ahead else None
        if fields is None:
            fields = await self.redis.hmget(keys.table(table_id), _TABLE_FIELDS)
        return _stored_table(table_id, fields)

    async def read_ahead(self, table_id: str) -> int | None:
        """The table's version (None: no table), read with all its fields, which the next
        ``load`` of it in this task takes instead of asking Redis again (until
        ``forget_read_ahead``)."""
        fields = await self.redis.hmget(keys.table(table_id), _TABLE_FIELDS)
        _READ_AHEAD.set({table_id: fields})
        stored = _stored_table(table_id, fields)
        return None if stored is None else stored.version

    def forget_read_ahead(self) -> None:
        _READ_AHEAD.set({})

    async def commit(
        self,
        record: TableRecord,
        expected_version: int,
        entries: list[LogEntry],
        events: list[Happened],
        request_id: str = "",
        request_tag: str = "",
        before: Sequence[Step] = (),
    ) -> CommitOutcome:
        """Write ``record`` if the stored version is still ``expected_version``.

        Event sequence numbers continue from the stored ones: the version check
        guarantees that nothing else has written events in between. ``before`` are
        commands that must have run, whatever the outcome, when the state is written
        (a note that the table awaits a computer or a clock): on a single Redis they go
        in the commit's round trip, ahead of it; a cluster keeps them on other nodes,
        which would run them in no particular order, so there they go first on their own.
        """
        now = now_ms()
        new_version = expected_version + 1
        first = record.event_seq + 1
        payloads = [
            _stored(happened, first + index, new_version, now) for index, happened in enumerate(events)
        ]
        state = record.state_json()
        commit = script_step(
            self._commit,
            [
                keys.table(record.id),
                keys.table_log(record.id),
                keys.table_events(record.id),
                keys.table_requests(record.id),
            ],
            [
                expected_version,
                state,
                request_id,
                request_tag,
                now,
                self.keep_finished_ms if record.status.over else self.keep_idle_ms,
                "" if record.deadline_ms is None else record.deadline_ms,
                len(entries),
                *[json_text(entry_to_dict(entry)) for entry in entries],
                first,
                *payloads,
                keys.table_events_channel(record.id),
                record.id,
            ],
        )
        if before and self.settings.redis_cluster:
            await together(self.redis, before)
            before = ()
        result = (await together(self.redis, [*before, commit]))[-1]
        status = result[0].decode()
        if status == "ok":
            record.version = new_version
            record.event_seq = first + len(events) - 1
            return CommitOutcome(CommitStatus.OK, new_version, state=state)
        if status == "duplicate":
            version, _, tag = result[1].decode().partition(":")
            return CommitOutcome(CommitStatus.DUPLICATE, int(version), tag)
        if status == "conflict":
            return CommitOutcome(CommitStatus.CONFLICT, int(result[1]))
        return CommitOutcome(CommitStatus.MISSING)

    async def index_status(self, record: TableRecord) -> None:
        """Keep the lists of open and active tables in step with a table's status.

        Separate from the table's own keys (another Redis Cluster slot), so written after
        the commit; the stored status is read again, so that of two writers the later
        status wins whatever order their updates arrive in. ListTables drops entries that
        turn out stale.
        """
        stored = await self.load(record.id)
        status = stored.status if stored is not None else TableStatus.FINISHED
        game = record.config.game
        async with self.redis.pipeline(transaction=False) as pipe:
            if status is TableStatus.WAITING:
                pipe.zadd(keys.OPEN_TABLES, {record.id: now_ms()})
            else:
                pipe.zrem(keys.OPEN_TABLES, record.id)
            if status is TableStatus.PLAYING:
                pipe.zadd(keys.active_tables(game), {record.id: now_ms()})
            else:
                pipe.zrem(keys.active_tables(game), record.id)
            await pipe.execute()

    async def prune_indexes(self, batch: int = 200) -> int:
        """Drop tables that expired from the open and active lists; returns how many.

        A table expires only after the idle time without a change, so only entries older
        than that are looked at, a batch at a time; a table still there is moved up to
        its last change, so that the next batch reaches the entries behind it.
        """
        older = now_ms() - self.keep_idle_ms
        pruned = 0
        for index in (keys.OPEN_TABLES, *(keys.active_tables(game) for game in GAMES)):
            candidates = [
                text(table_id)
                for table_id in await self.redis.zrangebyscore(index, "-inf", older, start=0, num=batch)
            ]
            gone, alive = [], {}
            for table_id in candidates:
                updated = await self.redis.hget(keys.table(table_id), "updated_ms")
                if updated is None:
                    gone.append(table_id)
                else:
                    alive[table_id] = int(updated)
            if gone:
                await self.redis.zrem(index, *gone)
                pruned += len(gone)
            if alive:
                await self.redis.zadd(index, alive, xx=True)
        return pruned

    async def active_tables(self, game: str) -> int:
        return int(await self.redis.zcard(keys.active_tables(game)))

    async def request_outcome(self, table_id: str, request_id: str) -> tuple[int, str] | None:
        stored = await self.redis.hget(keys.table_requests(table_id), request_id)
        if stored is None:
            return None
        version, _, tag = text(stored).partition(":")
        return int(version), tag

    async def open_tables(self, offset: int, count: int) -> list[str]:
        ids = await self.redis.zrevrange(keys.OPEN_TABLES, offset, offset + count - 1)
        return [text(table_id) for table_id in ids]

    async def log_entries(self, table_id: str, game: str) -> list[LogEntry]:
        """The table's action log, oldest first."""
        stored: Any = await self.redis.lrange(keys.table_log(table_id), 0, -1)
        actions = get_game(game).game_type.actions
        return [entry_from_dict(orjson.loads(entry), actions) for entry in stored]

    async def version(self, table_id: str) -> int | None:
        """The table's version, or None if there is no such table."""
        stored: Any = await self.redis.hget(keys.table(table_id), "version")
        return None if stored is None else int(stored)

    async def announce_lobby(self) -> None:
        """Wake the lobby streams: a waiting table changed (``server.lobby``)."""
        await self.redis.publish(keys.LOBBY_CHANNEL, b"")

    async def forget_open(self, table_id: str) -> None:
        await self.redis.zrem(keys.OPEN_TABLES, table_id)

    async def event_sequences(self, table_ids: list[str]) -> list[int]:
        """The newest event's sequence of each table (0 for a table gone), ``_BATCH`` tables
        to a round trip."""
        table_keys = [keys.table(table_id) for table_id in table_ids]
        steps = [Step(f"HGET {key}", partial(_event_seq, key)) for key in table_keys]
        return [int(reply or 0) for reply in await self._in_batches(steps)]

    async def _in_batches(self, steps: list[Step]) -> list[Any]:
        """The replies of ``steps``, sent ``_BATCH`` to a round trip."""
        replies: list[Any] = []
        for start in range(0, len(steps), _BATCH):
            replies += await together(self.redis, steps[start : start + _BATCH])
        return replies

    async def events_after(self, table_id: str, after: int, count: int = 100) -> list[StoredEvent]:
        """Events with a sequence above ``after``, at most ``count``; never waits for new ones."""
        stream = keys.table_events(table_id)
        reply: Any = await self.redis.xread({stream: f"{after}-0"}, count=count)
        return [
            stored_event(entry_id, fields) for _, messages in reply or [] for entry_id, fields in messages
        ]


def stored_event(entry_id: bytes, fields: dict[bytes, bytes]) -> StoredEvent:
    """An entry of a table's event stream. Entries written before events had an audience
    (field ``e``) come back with their sequence only and no audience: nobody sees them."""
    if b"s" in fields:
        return StoredEvent.FromString(fields[b"s"])
    unknown = StoredEvent()
    unknown.event.sequence = int(entry_id.split(b"-")[0])
    return unknown


def _stored(happened: Happened, sequence: int, version: int, now: int) -> bytes:
    stored = StoredEvent(event=happened.event, everyone=happened.audience.everyone)
    stored.seats.extend(sorted(happened.audience.seats))
    stored.event.sequence = sequence
    stored.event.table_version = version
    stored.event.time.FromMilliseconds(now)
    return stored.SerializeToString()


def _renew(key: str, scored: dict[str, int], pipe: Any) -> None:
    # Only leases still held: a stream that closed while the batch was on its way stays
    # closed rather than counting against the limit until its lease runs out.
    pipe.zadd(key, scored, xx=True)


def _pexpire(key: str, ms: int, pipe: Any) -> None:
    pipe.pexpire(key, ms)


def _exists(key: str, pipe: Any) -> None:
    pipe.exists(key)


def _event_seq(key: str, pipe: Any) -> None:
    pipe.hget(key, "event_seq")
