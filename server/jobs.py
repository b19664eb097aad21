"""The AI job queue: two Redis streams read by the workers' consumer group.

Semantics, in plain words:

* When a committed table state needs a computer move, the writer queues one job per
  computer seat that must act, and one per computer seat that may act without the table
  waiting for it (an offer in a market); the latter may decide to do nothing, and the
  sweeper below never queues it again (nothing waits for it). The job carries the table
  version and that seat's observation, made by the game's engine and encoded by
  ``server.views`` (its own cards, the public record, what the rules revealed to it), so
  a worker never sees cards the seat may not see. A job of a seat that may act is due at
  once and unpaced (below), so that it is decided before the table moves on.
* People go first. Jobs of tables where a person plays, and advice, go on the stream
  ``people``; jobs of tables of computers only go on ``computers``. A worker takes a
  job from ``computers`` only when ``people`` is empty, and only while the workers busy
  with such jobs leave ``ai_workers_for_people`` of the workers alive free for people
  (as far as they can tell: two workers that look at once may both take one).
* The pause people need to follow a move costs no worker: a job becomes available
  ``ai_min_think_ms`` after the move before it. Until then it waits in the ``delayed``
  set, and whichever worker comes by first moves it onto its stream when it is due.
  The tables of computers of one player together get a job at most every
  ``1 / ai_computer_moves_per_s`` seconds (the player's pace), so that nobody's tables
  take more than a fair share of the workers.
* At most one job per table, seat and version is live (delayed, queued or in a
  worker's hands): ``live`` remembers the version of each table seat's job, and a
  second request for the same version queues nothing. A worker drops a job whose table
  has moved on before any search.
* A job may be delivered more than once: a job held by a worker that died is reclaimed
  by another worker after the reclaim timeout, and the sweeper may queue a job again.
  Applying a job is idempotent because the move is submitted with the job's table
  version and the table's request id ``computer:<version>:<seat>`` (players' request ids
  carry their player id, so they never meet it): the first application moves the
  version on, so any later copy is refused as stale or answered as a duplicate, and
  changes nothing.
* A job handed to a worker whose answer from Redis was lost on the way (the connection
  broke after Redis ran the read) waits in that worker's pending entries, unseen, and is
  reclaimed after the reclaim timeout like the job of a worker that died: its move comes
  that much later, and is made once.
* A worker acknowledges a job it has done in the round trip of its next look for due
  jobs, right after. One that dies in between leaves a job done but unacknowledged:
  delivered again, it is found stale like any copy.
* A job that fails on ``max_deliveries`` deliveries goes to the dead-letter stream with
  the error; the worker then makes the seat's first allowed move, so the game goes on
  while the entry stays for an operator to read.
* No job is lost between a commit and the queue: before committing a state that awaits
  a computer the writer adds the table to ``due``. The sweeper (run by every worker)
  queues a job for any due table whose seat has no live job for its current version,
  and again for a table that has waited ``ai_stuck_ms`` when its live job is on no
  stream and in no delayed set (Redis lost a write); it forgets tables that await
  nobody.
* Acknowledged entries are trimmed from the streams by the workers' housekeeping;
  entries not yet delivered, or still in a worker's hands, are never trimmed, for any
  consumer group.

Every key of the queue carries the hash tag ``{ai}`` (``server.keys``), so the scripts
below stay in one Redis Cluster slot.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import ResponseError

from server import keys, metrics
from server.round_trips import Step, script_step, together
from server.settings import Settings
from server.store import STORE_AWAY, Store, now_ms, text
from server.table import TableRecord
from server.table_log import SeatKind
from server.views import level_to_proto, seat_observation
from speedgamez.internal.v1 import ai_job_pb2

log = logging.getLogger("speedgamez.queue")

# Stream kinds: a job's stream, and the prefix of a delayed job's member.
PEOPLE = "people"
COMPUTERS = "computers"
_KINDS = {PEOPLE: b"p", COMPUTERS: b"c"}
# Dead letters kept for operators (the oldest are trimmed).
DEAD_LETTERS_KEPT = 10_000
# How often a requester looks for its advice.
_ADVICE_POLL_S = 0.025
# How long an answered advice stays cached for its table version and seat.
ADVICE_CACHE_S = 600

# The live hash maps "<table id>:<seat>" to where that seat's job is:
# "<version>:<p|c>:<stream entry id>" on a stream, "<version>:d:<due ms>" delayed. A
# delayed job is the member "<table id>:<seat>" of the delayed set, scored by its due
# time, and its stream letter and bytes wait in the delayed jobs' hash under the same
# name; so a seat has one delayed job at most, and a newer version replaces it.

# KEYS: live hash, delayed set, delayed jobs hash, stream, pace key. ARGV: live field,
# version, job bytes, due (ms), now (ms), pace interval (ms, 0: not paced), stream
# letter, force (1: even if a job for this version is live). Returns 1 when queued or
# delayed, 0 when a job for this version is live.
_ENQUEUE = """
if ARGV[8] ~= '1' then
  local live = redis.call('HGET', KEYS[1], ARGV[1])
  if live and tonumber(string.match(live, '^%d+')) >= tonumber(ARGV[2]) then return 0 end
end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
local now = tonumber(ARGV[5])
local due = tonumber(ARGV[4])
local interval = tonumber(ARGV[6])
if interval > 0 then
  local free = tonumber(redis.call('GET', KEYS[5]) or '0')
  if free > due then due = free end
  redis.call('SET', KEYS[5], due + interval, 'PX', due + interval - now + 60000)
end
if due > now then
  redis.call('ZADD', KEYS[2], due, ARGV[1])
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[7] .. ARGV[3])
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':d:' .. due)
else
  local id = redis.call('XADD', KEYS[4], '*', 'job', ARGV[3], 'due', now)
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':' .. ARGV[7] .. ':' .. id)
end
return 1
"""

# KEYS: delayed set, delayed jobs hash, people stream, computers stream, live hash.
# ARGV: now (ms), at most this many. Each job goes on its stream with its due time.
_RELEASE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[2]))
for i = 1, #due, 2 do
  local field = due[i]
  redis.call('ZREM', KEYS[1], field)
  local stored = redis.call('HGET', KEYS[2], field)
  redis.call('HDEL', KEYS[2], field)
  if stored then
    local letter = string.sub(stored, 1, 1)
    local stream = KEYS[3]
    if letter == 'c' then stream = KEYS[4] end
    local id = redis.call('XADD', stream, '*', 'job', string.sub(stored, 2), 'due', due[i + 1])
    local live = redis.call('HGET', KEYS[5], field)
    if live and string.find(live, ':d:', 1, true) then
      redis.call('HSET', KEYS[5], field, string.match(live, '^%d+') .. ':' .. letter .. ':' .. id)
    end
  end
end
return #due / 2
"""

# KEYS: stream, live hash. ARGV: group, entry id, live field ("" for none), version.
_FINISH = """
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
if ARGV[3] ~= '' then
  local live = redis.call('HGET', KEYS[2], ARGV[3])
  if live and string.match(live, '^%d+') == ARGV[4] then redis.call('HDEL', KEYS[2], ARGV[3]) end
end
return 1
"""


@dataclass(frozen=True)
class Delivery:
    """A job as a worker received it: its stream, entry id, fields and delivery count."""

    kind: str
    entry_id: bytes
    fields: dict[bytes, bytes]
    deliveries: int = 1

    @property
    def payload(self) -> bytes:
        return self.fields.get(b"job", b"")

    def waited_s(self) -> float:
        """Time since the job was due (or, without a due time, since it was put on its stream)."""
        due = self.fields.get(b"due") or self.entry_id.split(b"-")[0]
        return max(0.0, (now_ms() - int(due)) / 1000)


class JobQueue:
    """The queue as servers and workers use it; one per process."""

    def __init__(self, redis: Redis, settings: Settings) -> None:
        self.redis = redis
        self.settings = settings
        self._enqueue = redis.register_script(_ENQUEUE)
        self._release = redis.register_script(_RELEASE)
        self._finish = redis.register_script(_FINISH)

    # Writers -----------------------------------------------------------------------

    async def mark_due(self, table_id: str) -> None:
        await together(self.redis, [self.due_step(table_id)])

    def due_step(self, table_id: str) -> Step:
        """``mark_due`` as a step sent with others (``server.round_trips.together``)."""
        now = now_ms()
        return Step(f"ZADD {keys.AI_DUE}", lambda pipe: pipe.zadd(keys.AI_DUE, {table_id: now}))

    async def enqueue(
        self,
        record: TableRecord,
        seats: list[int] | None = None,
        force: bool = False,
        along: Sequence[Step] = (),
    ) -> int:
        """Queue a job for every computer seat that must or may act now (or for ``seats``);
        returns how many.

        ``force`` queues even when a job for this version is live (the sweeper's answer
        to a job that was lost). ``along`` are other commands sent in the same round trip.
        """
        if seats is None:
            seats = record.computer_turns() + record.computer_options()
        people = any(seat.kind is SeatKind.HUMAN and not seat.left for seat in record.seats)
        kind = PEOPLE if people else COMPUTERS
        pace_ms = 0 if people else round(1000 / self.settings.ai_computer_moves_per_s)
        steps = []
        for seat in seats:
            job = computer_job(record, seat)
            # Nothing waits for a seat that may act: its job is due at once and unpaced, so it
            # is decided before the move the table waits for makes it stale.
            market = job.kind == ai_job_pb2.AI_JOB_KIND_MARKET
            now = now_ms()
            job.queued_time.FromMilliseconds(now)
            steps.append(
                script_step(
                    self._enqueue,
                    [
                        keys.AI_LIVE,
                        keys.AI_DELAYED,
                        keys.AI_DELAYED_JOBS,
                        keys.ai_jobs(kind),
                        keys.ai_pace(record.config.created_by),
                    ],
                    [
                        _live_field(record.id, seat),
                        record.version,
                        job.SerializeToString(),
                        now if market else now + self.settings.ai_min_think_ms,
                        now,
                        0 if market else pace_ms,
                        _KINDS[kind],
                        "1" if force else "0",
                    ],
                )
            )
        # The seats' jobs in one round trip.
        replies = await together(self.redis, [*steps, *along]) if steps or along else []
        queued = sum(int(reply) for reply in replies[: len(steps)])
        if queued:
            metrics.AI_JOBS_QUEUED.labels(kind).inc(queued)
        return queued

    async def request_advice(self, record: TableRecord, seat: int, timeout_ms: int) -> bytes | None:
        """Advice for ``seat`` at the table's version: the answer's bytes, or None after the timeout.

        Answers are cached per table version and seat, and one job serves every request
        that arrives while it is computed. The job carries the seat's observation like a
        move job, at the strong level.
        """
        answer_key = keys.table_advice(record.id, record.version, seat)
        cached: Any = await self.redis.get(answer_key)
        if cached is not None:
            return bytes(cached)
        await self.prepare_advice(record, seat, timeout_ms)
        deadline = time.monotonic() + timeout_ms / 1000
        while time.monotonic() < deadline:
            await asyncio.sleep(_ADVICE_POLL_S)
            cached = await self.redis.get(answer_key)
            if cached is not None:
                return bytes(cached)
        return None

    async def request_shadow(self, record: TableRecord, deal_number: int) -> None:
        """Have a worker play a daily deal's settled deal again with the strong computer at
        the player's seat. A shadow job may be delivered, or queued, more than once:
        recording its score is refused once the deal is compared, so it counts once."""
        job = ai_job_pb2.AiJob(
            kind=ai_job_pb2.AI_JOB_KIND_SHADOW,
            table_id=record.id,
            table_version=record.version,
            seat=record.daily_seat(),
            level=level_to_proto("strong"),
            deal_number=deal_number,
        )
        job.queued_time.FromMilliseconds(now_ms())
        await self.redis.xadd(keys.ai_jobs(PEOPLE), {"job": job.SerializeToString(), "due": now_ms()})
        metrics.AI_JOBS_QUEUED.labels("shadow").inc()

    async def prepare_advice(self, record: TableRecord, seat: int, timeout_ms: int) -> None:
        """Have a worker compute advice for ``seat`` at the table's version, unless one is
        at it (within ``timeout_ms``) or it is known; a learning table asks this ahead of
        the learner's look at the table."""
        answer_key = keys.table_advice(record.id, record.version, seat)
        wanted = keys.table_advice_wanted(record.id, record.version, seat)
        # Marked as this call's, so that the mark sent again after its answer was lost on
        # the way is not taken for another call's.
        mark = secrets.token_hex(8).encode()
        if await self.redis.set(wanted, mark, nx=True, px=timeout_ms) or await self.redis.get(wanted) == mark:
            job = advice_job(record, seat, answer_key)
            job.queued_time.FromMilliseconds(now_ms())
            await self.redis.xadd(keys.ai_jobs(PEOPLE), {"job": job.SerializeToString(), "due": now_ms()})
            metrics.AI_JOBS_QUEUED.labels("advice").inc()

    # Workers -----------------------------------------------------------------------

    async def ensure_groups(self) -> None:
        for kind in _KINDS:
            try:
                await self.redis.xgroup_create(keys.ai_jobs(kind), keys.AI_GROUP, id="0", mkstream=True)
            except ResponseError as error:
                if "BUSYGROUP" not in str(error):
                    raise

    async def release_due(self, limit: int = 100, along: Sequence[Step] = ()) -> int:
        """Move delayed jobs that are due onto their streams; returns how many. ``along``
        go first in the same round trip (a worker's acknowledgements, ``finish_step``)."""
        release = script_step(
            self._release,
            [
                keys.AI_DELAYED,
                keys.AI_DELAYED_JOBS,
                keys.ai_jobs(PEOPLE),
                keys.ai_jobs(COMPUTERS),
                keys.AI_LIVE,
            ],
            [now_ms(), limit],
        )
        replies = await together(self.redis, [*along, release])
        return int(replies[-1])

    async def take(self, consumer: str, block_ms: int, workers: int) -> list[Delivery]:
        """The next jobs for ``consumer``, people's first, waiting up to ``block_ms`` or
        until the next delayed job is due, whichever comes first.

        Of ``workers`` workers alive, ``ai_workers_for_people`` never take a job of a
        table of computers (but a lone worker does), so that a person's job does not
        wait behind them.
        Usually one job; a blocking read that both streams answer at once gives one of
        each, people's first, and the worker does both. The first look (a person's job,
        the computers' jobs in hand, the next delayed job) is one round trip.
        """
        people, computers = keys.ai_jobs(PEOPLE), keys.ai_jobs(COMPUTERS)
        first, summary, read = await together(
            self.redis,
            [
                Step(f"ZRANGE {keys.AI_DELAYED}", _first_delayed),
                Step(f"XPENDING {computers}", _pending_of(computers)),
                Step(f"XREADGROUP {people}", _read_one(consumer, {people: ">"})),
            ],
        )
        deliveries = _deliveries(read)
        if deliveries:
            return deliveries
        kinds = [PEOPLE]
        if int(summary["pending"]) < max(1, workers - self.settings.ai_workers_for_people):
            kinds.append(COMPUTERS)
            deliveries = await self._read(consumer, {computers: ">"}, None)
            if deliveries:
                return deliveries
        if first:
            block_ms = min(block_ms, max(1, int(first[0][1]) - now_ms()))
        if block_ms <= 0:
            return []
        return await self._read(consumer, {keys.ai_jobs(kind): ">" for kind in kinds}, block_ms)

    async def workers_alive(self, within_ms: int) -> int:
        """How many workers have beaten within the last ``within_ms``."""
        return int(await self.redis.zcount(keys.AI_WORKERS, now_ms() - within_ms, "+inf"))

    async def finish(self, delivery: Delivery, job: ai_job_pb2.AiJob | None) -> None:
        """Acknowledge a job; it is no longer live."""
        await together(self.redis, [self.finish_step(delivery, job)])

    def finish_step(self, delivery: Delivery, job: ai_job_pb2.AiJob | None) -> Step:
        """``finish`` as a step, to send with another round trip (``release_due``)."""
        moves = job is not None and job.kind in (
            ai_job_pb2.AI_JOB_KIND_UNSPECIFIED,
            ai_job_pb2.AI_JOB_KIND_MOVE,
            ai_job_pb2.AI_JOB_KIND_MARKET,
        )
        field = _live_field(job.table_id, job.seat) if job is not None and moves else ""
        version = str(job.table_version) if job is not None else ""
        return script_step(
            self._finish,
            [keys.ai_jobs(delivery.kind), keys.AI_LIVE],
            [keys.AI_GROUP, delivery.entry_id, field, version],
        )

    async def reclaim(self, consumer: str, idle_ms: int, count: int = 10) -> list[Delivery]:
        """Jobs other consumers have held for ``idle_ms``, now delivered to ``consumer``."""
        reclaimed = []
        for kind in _KINDS:
            stream = keys.ai_jobs(kind)
            reply: Any = await self.redis.xautoclaim(
                stream, keys.AI_GROUP, consumer, idle_ms, "0-0", count=count
            )
            for entry_id, fields in reply[1]:
                if fields is None:
                    continue
                pending: Any = await self.redis.xpending_range(stream, keys.AI_GROUP, entry_id, entry_id, 1)
                deliveries = pending[0]["times_delivered"] if pending else 1
                reclaimed.append(Delivery(kind, entry_id, fields, deliveries))
        return reclaimed

    async def dead_letter(self, delivery: Delivery, error: str, consumer: str) -> None:
        await self.redis.xadd(
            keys.AI_DEAD,
            {"job": delivery.payload, "error": error, "id": delivery.entry_id, "worker": consumer},
            maxlen=DEAD_LETTERS_KEPT,
            approximate=True,
        )

    async def sweep(self, store: Store, grace_ms: int, batch: int = 100) -> int:
        """Queue jobs that were never queued, or that were lost; returns how many.

        A seat's job counts as lost only when its table has waited ``ai_stuck_ms`` and the
        job is on no stream (Redis lost a write): a job that waits in a backlog, or in
        the hands of a worker that died (the reclaim takes those), is not queued again.
        """
        limit = now_ms() - grace_ms
        due = await self.redis.zrangebyscore(keys.AI_DUE, "-inf", limit, start=0, num=batch)
        requeued = 0
        for raw in due:
            table_id = text(raw)
            try:
                requeued += await self._sweep_table(store, table_id)
            except STORE_AWAY:
                raise
            except Exception:
                # One table the service cannot read must not stop the sweeper for all.
                log.exception("the sweeper skips table %s", table_id)
        return requeued

    async def _sweep_table(self, store: Store, table_id: str) -> int:
        """Queue what one due table lacks; forget the table if it awaits no computer."""
        record = await store.load(table_id)
        if record is None or not record.awaits_computer():
            await self.redis.zrem(keys.AI_DUE, table_id)
            # A commit may have marked it due again meanwhile; look once more.
            record = await store.load(table_id)
            if record is not None and record.awaits_computer():
                await self.mark_due(table_id)
            return 0
        updated = await self.redis.hget(keys.table(table_id), "updated_ms")
        stuck = now_ms() - int(updated or 0) > self.settings.ai_stuck_ms
        requeued = 0
        if stuck:
            for deal_number in record.shadows_due():
                await self.request_shadow(record, deal_number)
                requeued += 1
        for seat in record.computer_turns():
            live: Any = await self.redis.hget(keys.AI_LIVE, _live_field(table_id, seat))
            if live is None or int(text(live).split(":")[0]) < record.version:
                requeued += await self.enqueue(record, [seat])
            elif stuck and await self._lost(_live_field(table_id, seat), text(live)):
                requeued += await self.enqueue(record, [seat], force=True)
        await self.redis.zadd(keys.AI_DUE, {table_id: now_ms()})
        return requeued

    async def trim(self) -> None:
        """Drop acknowledged entries: those every consumer group has been given and acked.

        Each group keeps everything from its oldest pending entry, or else from just after
        the last entry it was given; an audit group an operator adds is respected too.
        """
        for kind in _KINDS:
            stream = keys.ai_jobs(kind)
            groups: Any = await self.redis.xinfo_groups(stream)
            keep_from: list[tuple[int, int]] = []
            for group in groups:
                summary: Any = await self.redis.xpending(stream, text(group["name"]))
                if summary["pending"]:
                    keep_from.append(_entry_id(text(summary["min"])))
                else:
                    milliseconds, sequence = _entry_id(text(group["last-delivered-id"]))
                    keep_from.append((milliseconds, sequence + 1))
            if keep_from:
                milliseconds, sequence = min(keep_from)
                await self.redis.xtrim(stream, minid=f"{milliseconds}-{sequence}")

    async def counts(self) -> dict[str, tuple[int, int]]:
        """Per stream kind: move jobs waiting for a worker, and jobs in workers' hands.

        Counted from what is really there, not from the group's lag (which Redis cannot
        always compute, after a restart for one): a live job is waiting when its entry
        comes after the last entry the group handed out.
        """
        delivered: dict[str, tuple[int, int]] = {}
        in_hands: dict[str, int] = {}
        for kind in _KINDS:
            stream = keys.ai_jobs(kind)
            groups: Any = await self.redis.xinfo_groups(stream)
            group = next((group for group in groups if text(group["name"]) == keys.AI_GROUP), None)
            delivered[kind] = _entry_id(text(group["last-delivered-id"])) if group else (0, 0)
            summary: Any = await self.redis.xpending(stream, keys.AI_GROUP)
            in_hands[kind] = int(summary["pending"])
        waiting = dict.fromkeys(_KINDS, 0)
        letters = {letter.decode(): kind for kind, letter in _KINDS.items()}
        live: Any = await self.redis.hvals(keys.AI_LIVE)
        for value in live:
            _, letter, where = text(value).split(":", 2)
            on = letters.get(letter)
            if on is not None and _entry_id(where) > delivered[on]:
                waiting[on] += 1
        return {kind: (waiting[kind], in_hands[kind]) for kind in _KINDS}

    async def leave(self, consumer: str) -> None:
        """The worker ``consumer`` stops: it no longer counts as alive."""
        await self.redis.zrem(keys.AI_WORKERS, consumer)

    async def beat(self, consumer: str) -> None:
        """Note that the worker ``consumer`` is alive (see ``forget_idle_consumers``)."""
        await self.redis.zadd(keys.AI_WORKERS, {consumer: now_ms()})

    async def forget_idle_consumers(self, idle_ms: int) -> list[str]:
        """Remove consumers whose worker has not beaten for ``idle_ms`` and that hold no job.

        A consumer that holds jobs stays until the reclaim has taken them over. Returns
        the names removed.
        """
        silent_since = now_ms() - idle_ms
        alive = {text(name) for name in await self.redis.zrangebyscore(keys.AI_WORKERS, silent_since, "+inf")}
        await self.redis.zremrangebyscore(keys.AI_WORKERS, "-inf", silent_since)
        removed = []
        for kind in _KINDS:
            stream = keys.ai_jobs(kind)
            consumers: Any = await self.redis.xinfo_consumers(stream, keys.AI_GROUP)
            for consumer in consumers:
                name = text(consumer["name"])
                if name not in alive and int(consumer["pending"]) == 0:
                    await self.redis.xgroup_delconsumer(stream, keys.AI_GROUP, name)
                    removed.append(name)
        return removed

    # Private helpers ---------------------------------------------------------------

    async def _lost(self, field: str, live: str) -> bool:
        """Whether the live job ``live`` (the live hash's value for ``field``) is nowhere."""
        _, letter, where = live.split(":", 2)
        if letter == "d":
            return await self.redis.zscore(keys.AI_DELAYED, field) is None
        kind = PEOPLE if letter == "p" else COMPUTERS
        found: Any = await self.redis.xrange(keys.ai_jobs(kind), where, where)
        return not found

    async def _read(self, consumer: str, streams: dict[Any, Any], block_ms: int | None) -> list[Delivery]:
        reply: Any = await self.redis.xreadgroup(
            keys.AI_GROUP, consumer, dict(streams.items()), count=1, block=block_ms
        )
        return _deliveries(reply)


def computer_job(record: TableRecord, seat: int) -> ai_job_pb2.AiJob:
    """The job for a computer ``seat`` at the table as it is: a move the table waits for,
    or a market decision it may make; what it carries of the table is the seat's
    observation alone."""
    return ai_job_pb2.AiJob(
        kind=ai_job_pb2.AI_JOB_KIND_MARKET
        if seat in record.computer_options()
        else ai_job_pb2.AI_JOB_KIND_MOVE,
        table_id=record.id,
        table_version=record.version,
        seat=seat,
        level=level_to_proto(record.seats[seat].level),
        observation=seat_observation(record, seat),
    )


def advice_job(record: TableRecord, seat: int, reply_to: str) -> ai_job_pb2.AiJob:
    """The job that asks the strong computer's advice for ``seat``, answered at ``reply_to``."""
    return ai_job_pb2.AiJob(
        kind=ai_job_pb2.AI_JOB_KIND_ADVICE,
        table_id=record.id,
        table_version=record.version,
        seat=seat,
        level=level_to_proto("strong"),
        observation=seat_observation(record, seat),
        reply_to=reply_to,
    )


def _live_field(table_id: str, seat: int) -> str:
    return f"{table_id}:{seat}"


def _entry_id(entry_id: str) -> tuple[int, int]:
    milliseconds, _, sequence = entry_id.partition("-")
    return int(milliseconds), int(sequence or 0)


def _kind_of(stream: str) -> str:
    return PEOPLE if stream == keys.ai_jobs(PEOPLE) else COMPUTERS


def _deliveries(reply: Any) -> list[Delivery]:
    """The jobs an XREADGROUP answered, people's first."""
    deliveries = [
        Delivery(_kind_of(text(stream)), entry_id, fields)
        for stream, messages in reply or []
        for entry_id, fields in messages
    ]
    return sorted(deliveries, key=lambda delivery: delivery.kind != PEOPLE)


def _first_delayed(pipe: Any) -> None:
    pipe.zrange(keys.AI_DELAYED, 0, 0, withscores=True)


def _pending_of(stream: str) -> Callable[[Any], object]:
    return lambda pipe: pipe.xpending(stream, keys.AI_GROUP)


def _read_one(consumer: str, streams: dict[str, str]) -> Callable[[Any], object]:
    return lambda pipe: pipe.xreadgroup(keys.AI_GROUP, consumer, streams, count=1)
