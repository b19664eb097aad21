"""Round trips counted for a call or a worker's look for a job (``server.round_trips``),
on a single Redis."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ai_worker.main import Worker
from server import keys
from server.jobs import JobQueue
from server.round_trips import counting_round_trips
from server.settings import Settings
from server.store import connect
from server.table import TableConfig, TableRecord
from server.table_log import SeatKind
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


def test_a_workers_look_for_a_job_of_computers_takes_two_round_trips(tmp_path: Path) -> None:
    """The first look for a job (a person's job, the computers' jobs in hand, the next
    delayed job) goes to Redis together; a job of computers then takes one more trip,
    the read of their stream."""
    redis_server = RedisServer(free_port(), tmp_path)
    redis_server.start()
    settings = Settings(redis_url=redis_server.url, ai_min_think_ms=0, ai_computer_moves_per_s=1000)

    async def scenario() -> tuple[list[str], int]:
        client = connect(settings, "test")
        try:
            queue = JobQueue(client, settings)
            await queue.ensure_groups()
            config = TableConfig(
                "baska_kop", "kop", {}, ((SeatKind.COMPUTER, "easy"),) * 4, seed=7, created_by="host"
            )
            record, _ = TableRecord.new("looked-at", config)
            assert await queue.enqueue(record) == 1
            # Two workers alive, one kept free for people: this one may take the job.
            assert settings.ai_workers_for_people == 1
            with counting_round_trips() as round_trips:
                taken = await queue.take("worker-1", 1000, workers=2)
            return [delivery.kind for delivery in taken], round_trips[0]
        finally:
            await client.aclose()

    try:
        assert asyncio.run(scenario()) == (["computers"], 2)
    finally:
        redis_server.stop()


def test_a_workers_computer_move_takes_three_round_trips_and_is_acknowledged_with_its_next_look(
    tmp_path: Path,
) -> None:
    """A computer's move: the stale check's read of the table (which the write then
    takes), the commit with its notes, the next computers' jobs. Its acknowledgement goes
    with the worker's next look for due jobs, in that look's one round trip."""
    redis_server = RedisServer(free_port(), tmp_path)
    redis_server.start()
    settings = Settings(redis_url=redis_server.url, ai_min_think_ms=0, ai_computer_moves_per_s=1000)

    async def scenario() -> tuple[int, int, int, int]:
        client = connect(settings, "test")
        worker = Worker(client, settings, "worker-1")
        try:
            await worker.queue.ensure_groups()
            config = TableConfig(
                "baska_kop", "kop", {}, ((SeatKind.COMPUTER, "easy"),) * 4, seed=7, created_by="host"
            )
            record, events = TableRecord.new("moved", config)
            assert await worker.service.store.create(record, events)
            assert await worker.queue.enqueue(record) == 1
            # The first move and look load the scripts into Redis (more round trips, once).
            (delivery,) = await worker.queue.take("worker-1", 1000, workers=1)
            await worker._handle(delivery)
            await worker.queue.release_due(along=worker.done)
            worker.done = []
            (delivery,) = await worker.queue.take("worker-1", 1000, workers=1)
            with counting_round_trips() as move_trips:
                await worker._handle(delivery)
            moved = await worker.service.store.load("moved")
            assert moved is not None and moved.version == 3
            held = await client.xpending(keys.ai_jobs(delivery.kind), keys.AI_GROUP)
            with counting_round_trips() as look_trips:
                await worker.queue.release_due(along=worker.done)
            left = await client.xpending(keys.ai_jobs(delivery.kind), keys.AI_GROUP)
            return move_trips[0], int(held["pending"]), look_trips[0], int(left["pending"])
        finally:
            await client.aclose()

    try:
        assert asyncio.run(scenario()) == (3, 1, 1, 0)
    finally:
        redis_server.stop()
