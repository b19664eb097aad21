"""Worker faults: a killed worker's job is reclaimed, failing jobs are dead-lettered, lost jobs re-queued."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis

from server import keys
from speedgamez.internal.v1 import ai_job_pb2
from speedgamez.v1 import table_pb2
from tests.support.client import EASY, HUMAN, Player, simple_move
from tests.support.stored import stored
from tools.processes import RedisServer, running, server_address, server_process, worker_process


@pytest.fixture
def clean_redis(redis_server: RedisServer, redis_client: redis.Redis) -> Iterator[RedisServer]:
    redis_client.flushall()
    yield redis_server


def eventually(condition: Callable[[], bool], timeout: float = 30, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def computer_moves(client: redis.Redis, name: str, seat: int) -> list[dict[str, Any]]:
    return [
        entry
        for entry in stored(client, name).log
        if entry["type"] == "action" and entry["by"] == "computer" and entry["seat"] == seat
    ]


def pending_for(client: redis.Redis, consumer_prefix: str = "") -> int:
    try:
        pending: Any = client.xpending(keys.AI_JOBS, keys.AI_GROUP)
    except redis.ResponseError:
        return 0
    return sum(
        int(consumer["pending"])
        for consumer in pending["consumers"]
        if consumer["name"].decode().startswith(consumer_prefix)
    )


def test_worker_killed_during_a_job_is_replaced_and_the_game_completes(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    server = server_process(clean_redis)
    slow = worker_process(clean_redis, ai_min_think_ms="60000", ai_reclaim_ms="1500")
    with running(server, slow):
        anna = Player(server_address(server), "Anna")
        created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8")
        assert list(created.to_act_seats) == [1]
        eventually(lambda: pending_for(redis_client) == 1, what="the slow worker to take the job")
        slow.kill()
        assert computer_moves(redis_client, created.name, 1) == []

        rescuer = worker_process(clean_redis, ai_reclaim_ms="1500", ai_sweep_ms="200")
        with running(rescuer):
            eventually(
                lambda: computer_moves(redis_client, created.name, 1) != [], what="the job to be finished"
            )
            # The log line is read from the process's output by a thread: wait for it.
            eventually(lambda: "reclaimed job" in rescuer.output(), what="the reclaim in the log")
            # The game goes on to the end of the first deal.
            while True:
                view = anna.my_turn(created.name)
                if view.phase in (table_pb2.TABLE_PHASE_SETTLEMENT, table_pb2.TABLE_PHASE_FINISHED):
                    break
                anna.submit(view, simple_move(view))
        anna.close()
    assert pending_for(redis_client) == 0
    moves = computer_moves(redis_client, created.name, 1)
    assert moves[0]["action"] in {entry["action"] for entry in moves}


def test_a_job_that_keeps_failing_is_dead_lettered(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    worker = worker_process(clean_redis, ai_reclaim_ms="300", ai_sweep_ms="100", ai_max_deliveries="2")
    with running(worker):
        redis_client.xadd(keys.AI_JOBS, {"job": b"\xff not a job"})
        eventually(lambda: redis_client.xlen(keys.AI_DEAD) == 1, what="the dead letter")
    dead: Any = redis_client.xrange(keys.AI_DEAD)
    assert dead[0][1][b"job"] == b"\xff not a job" and b"failed 2 times" in dead[0][1][b"error"]
    assert pending_for(redis_client) == 0


def test_a_dead_lettered_job_still_gets_a_move_so_the_game_goes_on(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    server = server_process(clean_redis)
    with running(server):
        anna = Player(server_address(server), "Anna")
        created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="baska")
        # Replace the queued job by one for a game no computer plays: every delivery fails.
        entries: Any = redis_client.xrange(keys.AI_JOBS)
        ((entry_id, fields),) = entries
        job = ai_job_pb2.AiJob.FromString(fields[b"job"])
        job.view.game = "no_such_game"
        redis_client.xdel(keys.AI_JOBS, entry_id)
        redis_client.xadd(keys.AI_JOBS, {"job": job.SerializeToString()})
        # The sweeper must not step in with a fresh job, however long the worker takes to
        # start on a busy machine: the move has to come from the dead letter's fallback.
        worker = worker_process(
            clean_redis,
            ai_reclaim_ms="300",
            ai_sweep_ms="100",
            ai_max_deliveries="2",
            ai_stuck_ms="3600000",
        )
        with running(worker):
            eventually(lambda: computer_moves(redis_client, created.name, 1) != [], what="the fallback move")
        anna.close()
    assert redis_client.xlen(keys.AI_DEAD) == 1
    assert computer_moves(redis_client, created.name, 1)[0]["note"] == "makes the first allowed move"


def test_a_job_lost_between_commit_and_queue_is_requeued_by_the_sweeper(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    server = server_process(clean_redis)
    with running(server):
        anna = Player(server_address(server), "Anna")
        created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop")
        # As if the server died after committing and before queueing the job.
        redis_client.delete(keys.AI_JOBS)
        redis_client.hset(keys.table(created.name.removeprefix("tables/")), "ai_job_version", 0)
        assert redis_client.zscore(keys.AI_DUE, created.name.removeprefix("tables/")) is not None
        worker = worker_process(clean_redis, ai_reclaim_ms="300", ai_sweep_ms="100")
        with running(worker):
            eventually(lambda: computer_moves(redis_client, created.name, 1) != [], what="the re-queued job")
        anna.close()


def test_a_table_waiting_far_too_long_for_a_computer_gets_a_new_job(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    server = server_process(clean_redis)
    with running(server):
        anna = Player(server_address(server), "Anna")
        created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="baska")
        table_id = created.name.removeprefix("tables/")
        # Its job was queued, then lost (trimmed from the stream), and the table sat still.
        redis_client.delete(keys.AI_JOBS)
        assert int(redis_client.hget(keys.table(table_id), "ai_job_version") or 0) == created.version
        redis_client.hset(keys.table(table_id), "updated_ms", 1)
        worker = worker_process(clean_redis, ai_reclaim_ms="300", ai_sweep_ms="100")
        with running(worker):
            eventually(lambda: computer_moves(redis_client, created.name, 1) != [], what="a new job")
        anna.close()
