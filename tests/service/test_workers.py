"""Worker faults: a killed worker's job is reclaimed, failing jobs are dead-lettered, lost jobs re-queued."""

from __future__ import annotations

from typing import Any

import redis

from server import keys
from speedgamez.internal.v1 import ai_job_pb2
from speedgamez.v1 import table_pb2
from tests.support.checks import eventually
from tests.support.client import EASY, HUMAN, Player, simple_move
from tests.support.stored import stored
from tools.processes import RedisServer, running, server_address, server_process, worker_process


def computer_moves(client: redis.Redis, name: str, seat: int) -> list[dict[str, Any]]:
    return [
        entry
        for entry in stored(client, name).log
        if entry["type"] == "action" and entry["by"] == "computer" and entry["seat"] == seat
    ]


PEOPLE_JOBS = keys.ai_jobs("people")


def pending_for(client: redis.Redis, consumer_prefix: str = "") -> int:
    total = 0
    for stream in (PEOPLE_JOBS, keys.ai_jobs("computers")):
        try:
            pending: Any = client.xpending(stream, keys.AI_GROUP)
        except redis.ResponseError:
            continue
        total += sum(
            int(consumer["pending"])
            for consumer in pending["consumers"]
            if consumer["name"].decode().startswith(consumer_prefix)
        )
    return total


def queued_jobs(client: redis.Redis) -> list[tuple[bytes, ai_job_pb2.AiJob]]:
    entries: Any = client.xrange(PEOPLE_JOBS)
    return [(entry_id, ai_job_pb2.AiJob.FromString(fields[b"job"])) for entry_id, fields in entries]


def ensure_group(client: redis.Redis) -> None:
    try:
        client.xgroup_create(PEOPLE_JOBS, keys.AI_GROUP, id="0", mkstream=True)
    except redis.ResponseError as error:
        assert "BUSYGROUP" in str(error)


def test_a_job_held_by_a_worker_that_died_is_reclaimed_and_the_game_completes(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    server = server_process(clean_redis)
    with running(server):
        anna = Player(server_address(server), "Anna")
        created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8")
        assert list(created.to_act_seats) == [1]
        # A worker takes the job from the queue and dies before it acknowledges it: the
        # job stays in that consumer's hands in Redis, exactly as a killed worker leaves it.
        ensure_group(redis_client)
        taken: Any = redis_client.xreadgroup(keys.AI_GROUP, "worker-that-died", {PEOPLE_JOBS: ">"}, count=1)
        assert taken and taken[0][1]
        assert pending_for(redis_client, "worker-that-died") == 1
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
        redis_client.xadd(PEOPLE_JOBS, {"job": b"\xff not a job"})
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
        ((entry_id, job),) = queued_jobs(redis_client)
        job.observation.game = "no_such_game"
        redis_client.xdel(PEOPLE_JOBS, entry_id)
        redis_client.xadd(PEOPLE_JOBS, {"job": job.SerializeToString()})
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
        table_id = created.name.removeprefix("tables/")
        redis_client.xtrim(PEOPLE_JOBS, maxlen=0)
        redis_client.hdel(keys.AI_LIVE, f"{table_id}:1")
        assert redis_client.zscore(keys.AI_DUE, table_id) is not None
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
        # Its job was queued, then lost (Redis lost the write), and the table sat still,
        # though the queue still remembers the job as live.
        redis_client.xtrim(PEOPLE_JOBS, maxlen=0)
        live: Any = redis_client.hget(keys.AI_LIVE, f"{table_id}:1")
        assert int(live.split(b":")[0]) == created.version
        redis_client.hset(keys.table(table_id), "updated_ms", 1)
        worker = worker_process(clean_redis, ai_reclaim_ms="300", ai_sweep_ms="100")
        with running(worker):
            eventually(lambda: computer_moves(redis_client, created.name, 1) != [], what="a new job")
        anna.close()
