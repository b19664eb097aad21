"""The AI job queue: a Redis stream read by the workers' consumer group.

Semantics, in plain words:

* When a committed table state needs a computer move, the writer queues one job per
  computer seat that must act. The job carries the table version and that seat's view,
  redacted by ``server.views`` exactly like a client's, so a worker never sees cards the
  seat may not see.
* A job may be delivered more than once: a job held by a worker that died is reclaimed
  by another worker after the reclaim timeout, and the sweeper below may queue a job
  again. Applying a job is idempotent because the move is submitted with the job's table
  version and the table's request id ``computer:<version>:<seat>`` (players' request ids
  carry their player id, so they never meet it): the first application moves the
  version on, so any later copy is refused as stale or answered as a duplicate, and
  changes nothing.
* A job that fails on ``max_deliveries`` deliveries goes to the dead-letter stream with
  the error; the worker then makes the seat's first allowed move, so the game goes on
  while the entry stays for an operator to read.
* No job is lost between a commit and the queue: before committing a state that awaits
  a computer the writer adds the table to ``sg:ai:due``. The sweeper (run by every
  worker) re-queues a job for any due table that awaits a computer and has no job for
  its current version, or has waited far longer than a job takes (a job trimmed from
  the stream, a fallback move refused), and forgets tables that await nobody.
"""

from __future__ import annotations

import time
import uuid
from typing import Any

from redis.asyncio import Redis

from server import keys, metrics
from server.store import Store, now_ms, text
from server.table import TableRecord
from server.views import level_to_proto, table_view
from speedgamez.internal.v1 import ai_job_pb2

# Acknowledged jobs stay in the stream until trimmed; keep roughly this many.
STREAM_LENGTH = 100_000
ADVICE_WAIT_SLICE_S = 2.0


async def mark_due(redis: Redis, table_id: str) -> None:
    await redis.zadd(keys.AI_DUE, {table_id: now_ms()})


async def enqueue(redis: Redis, record: TableRecord) -> int:
    """Queue a job for every computer seat that must act now; returns how many."""
    seats = record.computer_turns()
    if not seats:
        return 0
    async with redis.pipeline(transaction=False) as pipe:
        for seat in seats:
            job = ai_job_pb2.AiJob(
                table_id=record.id,
                table_version=record.version,
                seat=seat,
                level=level_to_proto(record.seats[seat].level),
                view=table_view(record, seat),
            )
            job.queued_time.FromMilliseconds(now_ms())
            pipe.xadd(keys.AI_JOBS, {"job": job.SerializeToString()}, maxlen=STREAM_LENGTH, approximate=True)
        pipe.hset(keys.table(record.id), "ai_job_version", record.version)
        await pipe.execute()
    metrics.AI_JOBS_QUEUED.labels("move").inc(len(seats))
    return len(seats)


async def request_advice(redis: Redis, record: TableRecord, seat: int, timeout_ms: int) -> bytes | None:
    """Ask a worker for advice to ``seat``; the answer's bytes, or None after the timeout.

    The job carries the seat's redacted view like a move job, at the strong level.
    """
    reply_to = keys.advice_reply(uuid.uuid4().hex)
    job = ai_job_pb2.AiJob(
        kind=ai_job_pb2.AI_JOB_KIND_ADVICE,
        table_id=record.id,
        table_version=record.version,
        seat=seat,
        level=level_to_proto("strong"),
        view=table_view(record, seat),
        reply_to=reply_to,
    )
    job.queued_time.FromMilliseconds(now_ms())
    await redis.xadd(keys.AI_JOBS, {"job": job.SerializeToString()}, maxlen=STREAM_LENGTH, approximate=True)
    metrics.AI_JOBS_QUEUED.labels("advice").inc()
    deadline = time.monotonic() + timeout_ms / 1000
    while (left := deadline - time.monotonic()) > 0:
        # Short waits, so that no single Redis call outlasts the client's socket timeout.
        reply: Any = await redis.blpop([reply_to], timeout=min(left, ADVICE_WAIT_SLICE_S))
        if reply is not None:
            return bytes(reply[1])
    return None


async def sweep(redis: Redis, store: Store, grace_ms: int, stuck_ms: int, batch: int = 100) -> int:
    """Re-queue jobs that were never queued, or whose table has waited ``stuck_ms`` for a
    computer (its job was lost); returns how many tables were re-queued."""
    limit = now_ms() - grace_ms
    due = await redis.zrangebyscore(keys.AI_DUE, "-inf", limit, start=0, num=batch)
    requeued = 0
    for raw in due:
        table_id = text(raw)
        record = await store.load(table_id)
        if record is None or not record.computer_turns():
            await redis.zrem(keys.AI_DUE, table_id)
            # A commit may have marked it due again meanwhile; look once more.
            record = await store.load(table_id)
            if record is not None and record.computer_turns():
                await mark_due(redis, table_id)
            continue
        queued, updated = await redis.hmget(keys.table(table_id), ["ai_job_version", "updated_ms"])
        if int(queued or 0) < record.version or now_ms() - int(updated or 0) > stuck_ms:
            await enqueue(redis, record)
            requeued += 1
        await redis.zadd(keys.AI_DUE, {table_id: now_ms()})
    return requeued
