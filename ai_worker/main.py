"""A computer-player worker: ``python -m ai_worker``.

Takes AI jobs from the streams of the queue as a member of the consumer group
``workers`` (queue semantics: ``server.jobs``): people's jobs first, then those of tables
of computers. Decides with the player of the job's game and level, and applies the move
through the service's one write path with the job's table version; a job whose table
has moved on is dropped before any search. Moves delayed jobs onto their streams when
they are due, makes the computer's moves for people whose move clock ran out
(``server.clock``), runs the sweeper, reclaims jobs of dead workers, trims the streams and
forgets workers long gone. Stops gracefully on SIGTERM or SIGINT after the job at hand.
Prints ``speedgamez worker <name> ready`` once it is consuming.

Its health signal is a heartbeat: every time its loop comes round it touches
SPEEDGAMEZ_WORKER_HEARTBEAT_FILE and sets the gauge
``speedgamez_worker_heartbeat_timestamp_seconds`` (``python -m server.healthcheck
--heartbeat FILE`` checks the file's age).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from redis.asyncio import Redis
from redis.exceptions import ResponseError

from ai_worker.daily import shadow_score
from ai_worker.players import advise, decide
from engine.actions import Action, Continue, Pass, PlayCard
from engine.errors import InvalidActionError
from server import convert, keys, metrics
from server.errors import Code, ServiceError
from server.jobs import ADVICE_CACHE_S, PEOPLE, Delivery
from server.round_trips import Step
from server.service import TableService
from server.settings import Settings
from server.store import STORE_AWAY, Store, connect, now_ms, redis_error_context
from server.table import TableRecord
from server.views import level_from_proto, seat_observation
from speedgamez.internal.v1 import ai_job_pb2

log = logging.getLogger("speedgamez.worker")

# Longest wait of one read on the streams, so that the loop (maintenance, delayed jobs,
# the heartbeat) comes round at least this often; and the shortest worth a round trip.
_READ_BLOCK_MS = 1000
_LEAST_BLOCK_MS = 20
# Tables whose passed deadlines one round of the loop handles at most.
_CLOCK_BATCH = 20
# Tables with awards left unapplied that one round of maintenance handles at most.
_BOARD_BATCH = 50
# Errors that mean the job is stale or moot: the table moved on or is gone. Any other
# refusal at the job's own version means the decision was wrong: the job fails, is
# delivered again and in the end dead-lettered with a fallback move.
_STALE = {Code.ABORTED, Code.NOT_FOUND}


class Worker:
    def __init__(self, redis: Redis, settings: Settings, name: str) -> None:
        self.redis = redis
        self.settings = settings
        self.name = name
        self.service = TableService(Store(redis, settings), settings)
        self.queue = self.service.queue
        self.stopping = asyncio.Event()
        # Jobs done, acknowledged with the next look for due jobs (``server.jobs``).
        self.done: list[Step] = []

    async def run(self, metrics_port: int) -> None:
        await self._until_done(self.queue.ensure_groups)
        print(f"speedgamez worker {self.name} ready, metrics on port {metrics_port}", flush=True)
        next_maintenance = next_clock = 0.0
        workers = 1
        while not self.stopping.is_set():
            self._beat()
            try:
                # Due jobs first, so that the sweeper never takes a job about to be
                # released for a lost one.
                # Sent once: acknowledgements lost with a failed round trip leave their
                # jobs to be delivered again and found stale, as when a worker dies.
                done, self.done = self.done, []
                await self.queue.release_due(along=done)
                if time.monotonic() >= next_clock:
                    await self._expire_passed()
                    next_clock = time.monotonic() + self.settings.clock_poll_ms / 1000
                if time.monotonic() >= next_maintenance:
                    await self._maintain()
                    next_maintenance = time.monotonic() + self.settings.ai_sweep_ms / 1000
                    # Workers that beat within three sweeps count as alive.
                    workers = await self.queue.workers_alive(3 * self.settings.ai_sweep_ms)
                for delivery in await self.queue.take(self.name, self._read_block_ms(), workers):
                    await self._handle(delivery)
            except STORE_AWAY as error:
                log.warning("redis unavailable (%s); retrying", redis_error_context(error))
                metrics.REDIS_ERRORS.labels("worker").inc()
                await asyncio.sleep(1)
            except ResponseError as error:
                if _group_missing(error):
                    # Redis lost the streams (restarted without its files): make them again.
                    log.warning("the job streams were gone; creating them again")
                    await self._until_done(self.queue.ensure_groups)
                    continue
                log.exception("redis refused a command of the worker's loop")
                metrics.REDIS_ERRORS.labels("worker").inc()
                await asyncio.sleep(1)
        if self.done:
            await self._until_done(self.queue.release_due, 100, self.done)
        await self._until_done(self.queue.leave, self.name)

    def _read_block_ms(self) -> int:
        """How long one read may wait (``take`` waits no longer than until the next delayed
        job is due): no longer than a quarter of the think pause, so that a job delayed
        meanwhile is not late by more; and well within the Redis command timeout, which a
        blocking read is under."""
        ceiling = min(_READ_BLOCK_MS, int(self.settings.redis_timeout_s * 500), self.settings.clock_poll_ms)
        if self.settings.ai_min_think_ms:
            ceiling = min(ceiling, max(_LEAST_BLOCK_MS, self.settings.ai_min_think_ms // 4))
        return ceiling

    async def _until_done(self, step: Callable[..., Awaitable[object]], *args: object) -> None:
        """Do ``step`` once Redis answers; a worker started while Redis is away waits for it."""
        while True:
            try:
                await step(*args)
                return
            except STORE_AWAY as error:
                if self.stopping.is_set():
                    return
                log.warning("redis unavailable (%s); retrying", redis_error_context(error))
                metrics.REDIS_ERRORS.labels("worker").inc()
                await asyncio.sleep(1)

    async def _expire_passed(self) -> None:
        """Make the computer's moves for the people whose move clock ran out, each table at
        the version read (semantics: ``server.clock``)."""
        store = self.service.store
        now = now_ms()
        for table_id, noted in await store.deadlines.passed(now, _CLOCK_BATCH):
            record = await store.load(table_id)
            if record is not None and record.deadline_ms is not None and record.deadline_ms > now:
                await store.deadlines.note(table_id, record.deadline_ms)  # the table moved on
                continue
            if record is not None and record.deadline_ms is not None:
                try:
                    await self.service.expire_table(table_id, record.version, clock_moves(record))
                    metrics.CLOCK_EXPIRED.labels(record.config.game).inc()
                except ServiceError as error:
                    if error.code not in _STALE:
                        log.error("the clock of table %s could not move: %s", table_id, error.message)
                except STORE_AWAY:
                    raise
                except Exception:
                    # The people keep their turn; the table no longer has a running clock.
                    log.exception("the clock of table %s failed to choose its moves", table_id)
            await store.deadlines.forget(table_id, noted)

    def _beat(self) -> None:
        metrics.WORKER_HEARTBEAT.set(time.time())
        if self.settings.worker_heartbeat_file:
            Path(self.settings.worker_heartbeat_file).touch()

    async def _apply_noted_awards(self) -> None:
        """Apply the awards of changes whose server stopped between their commit and
        applying them (semantics: ``server.board``)."""
        store = self.service.store
        now = now_ms()
        for table_id, noted in await store.board.pending(now - self.settings.board_settle_ms, _BOARD_BATCH):
            record = await store.load(table_id)
            if record is None:
                await store.board.forget(table_id)
            else:
                await store.board.apply(record, now, noted)

    async def _settle_pots(self) -> None:
        """Give back stakes of seats never taken and pay out or refund pots of tables
        that are over, when no change of the table did (semantics: ``server.bank``)."""
        store = self.service.store
        now = now_ms()
        for table_id in await store.bank.pots(now - self.settings.board_settle_ms, _BOARD_BATCH):
            await store.bank.settle(table_id, await store.load(table_id), now)

    async def _maintain(self) -> None:
        """Queue lost jobs, take over jobs whose worker went silent, tidy the streams, and
        apply awards and settle pots a stopped server left."""
        await self.queue.beat(self.name)
        await self._apply_noted_awards()
        await self._settle_pots()
        await self.queue.sweep(self.service.store, self.settings.ai_reclaim_ms)
        for delivery in await self.queue.reclaim(self.name, self.settings.ai_reclaim_ms):
            log.info("reclaimed job %s (delivery %d)", delivery.entry_id, delivery.deliveries)
            metrics.AI_JOBS_RECLAIMED.inc()
            await self._handle(delivery)
        await self.queue.trim()
        for stream, (waiting, in_flight) in (await self.queue.counts()).items():
            metrics.AI_JOBS_WAITING.labels(stream).set(waiting)
            metrics.AI_JOBS_IN_FLIGHT.labels(stream).set(in_flight)
        metrics.AI_JOBS_DELAYED.set(await self.redis.zcard(keys.AI_DELAYED))
        for name in await self.queue.forget_idle_consumers(self.settings.ai_consumer_idle_ms):
            log.info("removed the silent worker %s from the group", name)

    async def _handle(self, delivery: Delivery) -> None:
        if delivery.deliveries > self.settings.ai_max_deliveries:
            await self._dead_letter(delivery, f"failed {delivery.deliveries - 1} times")
            return
        kind = "move"
        job: ai_job_pb2.AiJob | None = None
        try:
            job = ai_job_pb2.AiJob.FromString(delivery.payload)
            if job.kind == ai_job_pb2.AI_JOB_KIND_ADVICE:
                kind = "advice"
            elif job.kind == ai_job_pb2.AI_JOB_KIND_SHADOW:
                kind = "shadow"
            elif job.kind == ai_job_pb2.AI_JOB_KIND_MARKET:
                kind = "market"
            if delivery.deliveries == 1:
                waited = kind if kind != "move" else "person" if delivery.kind == PEOPLE else "computers"
                metrics.AI_JOB_WAIT.labels(waited).observe(delivery.waited_s())
            if kind == "advice":
                await self._answer_advice(job)
                outcome = "applied"
            elif kind == "shadow":
                outcome = "applied" if await self._shadow(job) else "stale"
            elif await self._is_stale(job):
                outcome = "stale"
            else:
                outcome = "applied" if await self._move(job) else "no_move"
        except ServiceError as error:
            if error.code not in _STALE:
                log.error("job %s for table %s refused: %s", delivery.entry_id, _table_of(job), error.message)
                metrics.AI_JOBS_DONE.labels(kind, "refused").inc()
                return
            log.info("job %s is stale: %s", delivery.entry_id, error.message)
            outcome = "stale"
        except STORE_AWAY:
            raise
        except Exception:
            # Left unacknowledged: another delivery follows after the reclaim timeout.
            log.exception("job %s for table %s failed", delivery.entry_id, _table_of(job))
            metrics.AI_JOBS_DONE.labels(kind, "failed").inc()
            return
        finally:
            # What the stale check read is for this job's move alone.
            self.service.store.forget_read_ahead()
        metrics.AI_JOBS_DONE.labels(kind, outcome).inc()
        self.done.append(self.queue.finish_step(delivery, job))

    async def _is_stale(self, job: ai_job_pb2.AiJob) -> bool:
        """Whether the table has moved on since the job was queued: then no search is worth
        it. The table is read whole, for the move's write to take (``Store.read_ahead``)."""
        return await self.service.store.read_ahead(job.table_id) != job.table_version

    async def _move(self, job: ai_job_pb2.AiJob) -> bool:
        """Decide and submit the seat's move; False when a seat that may act chose none."""
        level = level_from_proto(job.level)
        started = time.monotonic()
        decision = decide(job.observation, level)
        game = job.observation.game
        metrics.AI_DECISION_DURATION.labels(game, level).observe(time.monotonic() - started)
        metrics.SOLVER_NODES.labels(game).inc(decision.nodes)
        if decision.action is None:
            return False
        await self.service.submit_computer_action(
            job.table_id, job.table_version, job.seat, decision.action, decision.reason
        )
        return True

    async def _shadow(self, job: ai_job_pb2.AiJob) -> bool:
        """Play a daily deal's deal again with the strong computer at the player's seat and
        record its score; False when it is recorded already (or the table is gone)."""
        record = await self.service.store.load(job.table_id)
        if record is None or job.deal_number not in record.shadows_due():
            return False
        score = shadow_score(record, job.deal_number)
        await self.service.compare_daily_deal(job.table_id, job.deal_number, score)
        return True

    async def _answer_advice(self, job: ai_job_pb2.AiJob) -> None:
        response = advise(job.observation)
        response.table_version = job.table_version
        await self.redis.set(job.reply_to, response.SerializeToString(), ex=ADVICE_CACHE_S)

    async def _dead_letter(self, delivery: Delivery, error: str) -> None:
        await self.queue.dead_letter(delivery, error, self.name)
        try:
            job: ai_job_pb2.AiJob | None = ai_job_pb2.AiJob.FromString(delivery.payload)
        except Exception:  # an undecodable job is dead-lettered as it is
            job = None
        await self.queue.finish(delivery, job)
        metrics.AI_JOBS_DEAD_LETTERED.inc()
        log.error("job %s for table %s dead-lettered: %s", delivery.entry_id, _table_of(job), error)
        if job is not None:
            await self._fallback_move(job)

    async def _fallback_move(self, job: ai_job_pb2.AiJob) -> None:
        """Keep the game going: make the seat's first allowed move, if the table waits for it."""
        observation = job.observation
        moves = job.kind in (ai_job_pb2.AI_JOB_KIND_UNSPECIFIED, ai_job_pb2.AI_JOB_KIND_MOVE)
        if not moves or job.seat not in observation.to_act_seats:
            return
        # Read straight from the job, so that a job no player understands still gets a move.
        allowed = [choice.action for choice in observation.choices if choice.allowed]
        try:
            if observation.playable:
                action: Action = PlayCard(convert.card_from_proto(observation.playable[0]))
            elif allowed:
                action = convert.action_from_proto(allowed[0])
            else:
                return
        except InvalidActionError:  # an action no game of this worker knows
            return
        try:
            await self.service.submit_computer_action(
                job.table_id, job.table_version, job.seat, action, "makes the first allowed move"
            )
        except ServiceError as error:
            log.info("fallback move for table %s not applied: %s", job.table_id, error.message)
        except STORE_AWAY:
            raise
        except Exception:
            # The job is dead-lettered already; a table the service cannot even read (its
            # stored state broken) must not take the worker down with it.
            log.exception("fallback move for table %s failed", job.table_id)


def clock_moves(record: TableRecord) -> tuple[tuple[int, Action], ...]:
    """What the computer does for each person the clock ran out for: continue after a
    settlement; under a game's own limit the first allowed choice (the cautious one: turn
    up, keep, no bid); else pass where passing is allowed (the bidding), else the easy
    player's move."""
    wait = record.clock_wait()
    assert wait is not None, "the clock runs only while the table waits for people"
    moves: list[tuple[int, Action]] = []
    for seat in sorted(wait.seats):
        if wait.settling:
            moves.append((seat, Continue()))
            continue
        assert record.match is not None
        legal = record.game.legal_actions(record.match.deal, seat)
        if wait.own is not None:
            moves.append((seat, legal[0]))
            continue
        action = Pass() if Pass() in legal else decide(seat_observation(record, seat), "easy").action
        assert action is not None, f"the easy player made no move for seat {seat}, which is waited for"
        moves.append((seat, action))
    return tuple(moves)


def _group_missing(error: ResponseError) -> bool:
    return "NOGROUP" in str(error) or "no such key" in str(error)


def _table_of(job: ai_job_pb2.AiJob | None) -> str:
    return job.table_id if job is not None and job.table_id else "?"


async def work(settings: Settings) -> None:
    name = f"{socket.gethostname()}-{os.getpid()}"
    redis = connect(settings, f"speedgamez-worker-{name}")
    worker = Worker(redis, settings, name)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, worker.stopping.set)
    try:
        await worker.run(metrics.serve(settings.metrics_port, settings.metrics_host, worker=True))
    finally:
        await redis.aclose()


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        settings = Settings.from_env()
    except ValueError as error:
        sys.exit(f"speedgamez: {error}")
    asyncio.run(work(settings))


if __name__ == "__main__":
    main()
