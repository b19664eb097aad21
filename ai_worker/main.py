"""A computer-player worker: ``python -m ai_worker``.

Reads AI jobs from the stream ``sg:ai:jobs`` as a member of the consumer group
``workers`` (queue semantics: ``server.jobs``), decides with the player of the job's
game and level, and applies the move through the service's one write path with the
job's table version. Runs the sweeper and reclaims jobs of dead workers. Stops
gracefully on SIGTERM or SIGINT after the job at hand. Prints
``speedgamez worker <name> ready`` once it is consuming.

Settings as for the server (``server.settings``), plus SPEEDGAMEZ_AI_MIN_THINK_MS: the
least time a computer takes per move, so people at the table can follow (default 0).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import time
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError, ResponseError

from ai_worker.players import advise, decide
from ai_worker.seat_info import seat_info
from engine.actions import Action, PlayCard
from server import jobs, keys, metrics
from server.errors import Code, ServiceError
from server.service import TableService
from server.settings import Settings
from server.store import Store, connect
from server.views import level_from_proto
from speedgamez.internal.v1 import ai_job_pb2

log = logging.getLogger("speedgamez.worker")

# An advice answer nobody collects (the asker timed out) disappears after this.
ADVICE_REPLY_SECONDS = 60
# Errors that mean the job is stale or moot: the table moved on or is gone. Any other
# refusal at the job's own version means the decision was wrong: the job fails, is
# delivered again and in the end dead-lettered with a fallback move.
_STALE = {Code.ABORTED, Code.NOT_FOUND}


class Worker:
    def __init__(self, redis: Redis, settings: Settings, name: str, min_think_ms: int = 0) -> None:
        self.redis = redis
        self.settings = settings
        self.name = name
        self.min_think_ms = min_think_ms
        self.service = TableService(Store(redis, settings.keep_finished_s), settings)
        self.stopping = asyncio.Event()

    async def run(self, metrics_port: int) -> None:
        await self._ensure_group()
        print(f"speedgamez worker {self.name} ready, metrics on port {metrics_port}", flush=True)
        next_maintenance = 0.0
        while not self.stopping.is_set():
            try:
                if time.monotonic() >= next_maintenance:
                    await self._maintain()
                    next_maintenance = time.monotonic() + self.settings.ai_sweep_ms / 1000
                reply: Any = await self.redis.xreadgroup(
                    keys.AI_GROUP, self.name, {keys.AI_JOBS: ">"}, count=1, block=1000
                )
                for _, messages in reply or []:
                    for message_id, fields in messages:
                        await self._handle(message_id, fields, deliveries=1)
            except RedisError as error:
                log.warning("redis unavailable (%s); retrying", error)
                metrics.REDIS_ERRORS.labels("worker").inc()
                await asyncio.sleep(1)

    async def _ensure_group(self) -> None:
        try:
            await self.redis.xgroup_create(keys.AI_JOBS, keys.AI_GROUP, id="0", mkstream=True)
        except ResponseError as error:
            if "BUSYGROUP" not in str(error):
                raise

    async def _maintain(self) -> None:
        """Re-queue lost jobs and take over jobs whose worker went silent."""
        await jobs.sweep(
            self.redis,
            self.service.store,
            self.settings.ai_reclaim_ms,
            self.settings.ai_stuck_ms,
        )
        reply: Any = await self.redis.xautoclaim(
            keys.AI_JOBS, keys.AI_GROUP, self.name, self.settings.ai_reclaim_ms, "0-0", count=10
        )
        for message_id, fields in reply[1]:
            if fields is None:
                continue
            pending: Any = await self.redis.xpending_range(
                keys.AI_JOBS, keys.AI_GROUP, message_id, message_id, 1
            )
            deliveries = pending[0]["times_delivered"] if pending else 1
            log.info("reclaimed job %s (delivery %d)", message_id, deliveries)
            metrics.AI_JOBS_RECLAIMED.inc()
            await self._handle(message_id, fields, deliveries)
        groups: Any = await self.redis.xinfo_groups(keys.AI_JOBS)
        for group in groups:
            if group["name"] == keys.AI_GROUP.encode():
                metrics.AI_JOBS_WAITING.set(group.get("lag") or 0)
                metrics.AI_JOBS_IN_FLIGHT.set(group["pending"])

    async def _handle(self, message_id: bytes, fields: dict[bytes, bytes], deliveries: int) -> None:
        payload = fields.get(b"job", b"")
        if deliveries > self.settings.ai_max_deliveries:
            await self._dead_letter(message_id, payload, f"failed {deliveries - 1} times")
            return
        kind = "move"
        try:
            job = ai_job_pb2.AiJob.FromString(payload)
            if job.kind == ai_job_pb2.AI_JOB_KIND_ADVICE:
                kind = "advice"
                await self._answer_advice(job)
            else:
                await self._move(job)
            outcome = "applied"
        except ServiceError as error:
            if error.code not in _STALE:
                log.error("job %s refused: %s", message_id, error.message)
                metrics.AI_JOBS_DONE.labels(kind, "refused").inc()
                return
            log.info("job %s is stale: %s", message_id, error.message)
            outcome = "stale"
        except RedisError:
            raise
        except Exception:
            # Left unacknowledged: another delivery follows after the reclaim timeout.
            log.exception("job %s failed", message_id)
            metrics.AI_JOBS_DONE.labels(kind, "failed").inc()
            return
        metrics.AI_JOBS_DONE.labels(kind, outcome).inc()
        await self.redis.xack(keys.AI_JOBS, keys.AI_GROUP, message_id)

    async def _move(self, job: ai_job_pb2.AiJob) -> None:
        level = level_from_proto(job.level)
        started = time.monotonic()
        decision = decide(job.view, level)
        elapsed = time.monotonic() - started
        metrics.AI_DECISION_DURATION.labels(job.view.game, level).observe(elapsed)
        metrics.SOLVER_NODES.labels(job.view.game).inc(decision.nodes)
        if self.min_think_ms / 1000 > elapsed:
            await asyncio.sleep(self.min_think_ms / 1000 - elapsed)
        await self.service.submit_computer_action(
            job.table_id, job.table_version, job.seat, decision.action, decision.reason
        )

    async def _answer_advice(self, job: ai_job_pb2.AiJob) -> None:
        response = advise(job.view)
        response.table_version = job.table_version
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.rpush(job.reply_to, response.SerializeToString())
            pipe.expire(job.reply_to, ADVICE_REPLY_SECONDS)
            await pipe.execute()

    async def _dead_letter(self, message_id: bytes, payload: bytes, error: str) -> None:
        await self.redis.xadd(
            keys.AI_DEAD,
            {"job": payload, "error": error, "id": message_id, "worker": self.name},
            maxlen=jobs.STREAM_LENGTH,
            approximate=True,
        )
        await self.redis.xack(keys.AI_JOBS, keys.AI_GROUP, message_id)
        metrics.AI_JOBS_DEAD_LETTERED.inc()
        log.error("job %s dead-lettered: %s", message_id, error)
        await self._fallback_move(payload)

    async def _fallback_move(self, payload: bytes) -> None:
        """Keep the game going: make the seat's first allowed move."""
        try:
            job = ai_job_pb2.AiJob.FromString(payload)
            info = seat_info(job.view)
        except Exception:
            return
        if job.kind == ai_job_pb2.AI_JOB_KIND_ADVICE:
            return
        if info.playable:
            action: Action = PlayCard(info.playable[0])
        elif info.allowed:
            action = info.allowed[0].action
        else:
            return
        try:
            await self.service.submit_computer_action(
                job.table_id, job.table_version, job.seat, action, "makes the first allowed move"
            )
        except ServiceError as error:
            log.info("fallback move not applied: %s", error.message)


async def work(settings: Settings) -> None:
    redis = connect(settings)
    name = f"{socket.gethostname()}-{os.getpid()}"
    worker = Worker(redis, settings, name, int(os.environ.get("SPEEDGAMEZ_AI_MIN_THINK_MS", "0")))
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, worker.stopping.set)
    try:
        await worker.run(metrics.serve(settings.metrics_port))
    finally:
        await redis.aclose()


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    asyncio.run(work(Settings.from_env()))


if __name__ == "__main__":
    main()
