"""The AI queue under load: think time costs no worker, one live job per table and seat,
stale jobs are dropped unsolved, people before tables of computers, a player's pace,
advice computed once per table version and seat."""

from __future__ import annotations

import asyncio
import urllib.request
from typing import Any

import grpc
import pytest
import redis

from server import keys
from server.jobs import JobQueue
from server.settings import Settings
from server.store import connect, now_ms
from server.table import TableConfig, TableRecord
from server.table_log import SeatKind
from speedgamez.internal.v1 import ai_job_pb2
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.support.checks import eventually
from tests.support.client import EASY, HUMAN, NORMAL, Player, simple_move
from tests.support.stored import stored
from tools.processes import RedisServer, metrics_port, running, server_address, server_process, worker_process

PEOPLE_JOBS = keys.ai_jobs("people")
COMPUTER_JOBS = keys.ai_jobs("computers")


def computer_tables(player: Player, count: int, level: Any = EASY) -> list[str]:
    request = service_pb2.CreateTableRequest(
        game="baska_kop", rule_set="kop", options={"deals": "8"}, seats=[level] * 4
    )
    return [player.stub.CreateTable(request, metadata=player.metadata).table.name for _ in range(count)]


def computer_move_times(client: redis.Redis, name: str) -> list[int]:
    """Server times (ms) of the computer moves at a table, in order."""
    return [
        event.time.ToMilliseconds()
        for event in stored(client, name).events
        if event.WhichOneof("kind") == "action_taken" and event.action_taken.by_computer
    ]


def metric(process: Any, name: str) -> float:
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port(process)}/metrics", timeout=10) as response:
        lines = response.read().decode().splitlines()
    return sum(float(line.split()[-1]) for line in lines if line.startswith(name))


def test_think_time_holds_jobs_in_redis_not_in_a_worker(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    think_ms = 8000
    server = server_process(clean_redis, ai_min_think_ms=str(think_ms))
    worker = worker_process(clean_redis, ai_min_think_ms=str(think_ms))
    with running(server, worker):
        players = [Player(server_address(server), f"Host {number}") for number in range(3)]
        names = [computer_tables(player, 1)[0] for player in players]
        created_at = [stored(redis_client, name).events[0].time.ToMilliseconds() for name in names]
        # Every first job waits in Redis until it is due; the one worker holds none of them.
        assert redis_client.zcard(keys.AI_DELAYED) == 3
        assert int(redis_client.xpending(COMPUTER_JOBS, keys.AI_GROUP)["pending"]) == 0
        eventually(lambda: all(computer_move_times(redis_client, name) for name in names), what="first moves")
        firsts = [computer_move_times(redis_client, name)[0] for name in names]
        for player in players:
            player.close()
    assert all(first >= created + think_ms for first, created in zip(firsts, created_at, strict=True))


def test_one_live_job_per_table_and_seat_however_often_the_sweeper_runs(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    # A stuck queue: the table's job is in the hands of a worker that never answers (and
    # is not reclaimed), the table has waited far too long, and the sweeper runs every
    # 50 ms. The job is still there, so nothing is queued again.
    server = server_process(clean_redis)
    with running(server):
        anna = Player(server_address(server), "Anna")
        created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop")
        table_id = created.name.removeprefix("tables/")
        redis_client.xgroup_create(PEOPLE_JOBS, keys.AI_GROUP, id="0", mkstream=True)
        held: Any = redis_client.xreadgroup(keys.AI_GROUP, "stuck-worker", {PEOPLE_JOBS: ">"}, count=10)
        assert len(held[0][1]) == 1
        redis_client.hset(keys.table(table_id), "updated_ms", 1)
        sweeper = worker_process(clean_redis, ai_sweep_ms="50", ai_reclaim_ms="3600000", ai_stuck_ms="1000")
        with running(sweeper):
            for _ in range(20):
                redis_client.zadd(keys.AI_DUE, {table_id: 0})
                eventually(lambda: (redis_client.zscore(keys.AI_DUE, table_id) or 0) > 0, what="a sweep")
            length_after_sweeps = redis_client.xlen(PEOPLE_JOBS)
        anna.close()
    assert length_after_sweeps == 1


def test_jobs_whose_table_moved_on_are_dropped_before_any_search_and_trimmed(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    server = server_process(clean_redis)
    with running(server):
        anna = Player(server_address(server), "Anna")
        created = anna.create([HUMAN, NORMAL, NORMAL, NORMAL], rule_set="kop")
        redis_client.xgroup_create(PEOPLE_JOBS, keys.AI_GROUP, id="0", mkstream=True)
        entries: Any = redis_client.xrange(PEOPLE_JOBS)
        job = ai_job_pb2.AiJob.FromString(entries[0][1][b"job"])
        # Copies of the job for a version the table has left behind (a backlog's leftovers).
        stale = ai_job_pb2.AiJob()
        stale.CopyFrom(job)
        stale.table_version = job.table_version - 1
        for _ in range(200):
            redis_client.xadd(PEOPLE_JOBS, {"job": stale.SerializeToString()})
        worker = worker_process(clean_redis)
        with running(worker):
            stale_done = 'speedgamez_ai_jobs_done_total{kind="move",outcome="stale"}'
            eventually(lambda: metric(worker, stale_done) == 200, what="the stale jobs")
            # The gauge counts what really waits, and the stream keeps only that.
            eventually(lambda: metric(worker, 'speedgamez_ai_jobs_waiting{stream="people"}') == 0)
            eventually(
                lambda: redis_client.xlen(PEOPLE_JOBS) <= 1, what="the acknowledged jobs to be trimmed"
            )
            # The person's turn: every computer move before it is done and counted.
            anna.my_turn(created.name, timeout=120)
            decisions = metric(worker, "speedgamez_ai_decision_seconds_count")
            applied = metric(worker, 'speedgamez_ai_jobs_done_total{kind="move",outcome="applied"}')
        anna.close()
    assert decisions == applied


def test_a_persons_job_goes_before_the_jobs_of_tables_of_computers(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    # No worker yet: ten tables of computers queue their jobs, then a person's table does.
    server = server_process(clean_redis, ai_computer_moves_per_s="1000")
    with running(server):
        host, anna = Player(server_address(server), "Host"), Player(server_address(server), "Anna")
        computers = computer_tables(host, 10)
        person = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop").name
        assert redis_client.xlen(COMPUTER_JOBS) == 10 and redis_client.xlen(PEOPLE_JOBS) == 1
        worker = worker_process(clean_redis, ai_computer_moves_per_s="1000")
        with running(worker):
            eventually(lambda: all(computer_move_times(redis_client, name) for name in [person, *computers]))
        first = {name: computer_move_times(redis_client, name)[0] for name in [person, *computers]}
        host.close()
        anna.close()
    assert first[person] <= min(first[name] for name in computers)


def test_a_players_tables_of_computers_together_keep_the_players_pace(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    pace = {"ai_computer_moves_per_s": "4"}
    server = server_process(clean_redis, **pace)
    worker = worker_process(clean_redis, **pace)
    with running(server, worker):
        host = Player(server_address(server), "Host")
        names = computer_tables(host, 3)
        started = stored(redis_client, names[0]).events[0].time.ToMilliseconds()
        eventually(lambda: sum(len(computer_move_times(redis_client, name)) for name in names) >= 12)
        host.close()
    times = sorted(moment for name in names for moment in computer_move_times(redis_client, name))
    # A job becomes due every 250 ms at most, so the n-th move of the player's tables
    # comes no sooner than 250 ms times n after the first table started.
    assert all(moment >= started + 250 * number for number, moment in enumerate(times))


def test_the_creator_stops_a_table_of_computers(clean_redis: RedisServer, redis_client: redis.Redis) -> None:
    server = server_process(clean_redis)
    worker = worker_process(clean_redis)
    with running(server, worker):
        host = Player(server_address(server), "Host")
        (name,) = computer_tables(host, 1)
        eventually(lambda: len(computer_move_times(redis_client, name)) >= 3)
        host.stub.LeaveTable(service_pb2.LeaveTableRequest(table=name), metadata=host.metadata)
        stopped = host.get(name)
        assert stopped.phase == table_pb2.TABLE_PHASE_CLOSED
        moves = len(computer_move_times(redis_client, name))
        # The worker finds nothing to do for it any more: the sweeper forgets the table.
        eventually(lambda: redis_client.zscore(keys.AI_DUE, name.removeprefix("tables/")) is None)
        assert len(computer_move_times(redis_client, name)) == moves
        other = Player(server_address(server), "Other")
        with pytest.raises(grpc.RpcError) as refused:
            other.stub.LeaveTable(service_pb2.LeaveTableRequest(table=name), metadata=other.metadata)
        assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
        host.close()
        other.close()


def test_advice_is_computed_once_per_table_version_and_seat(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    server = server_process(clean_redis)
    worker = worker_process(clean_redis)
    with running(server, worker):
        anna = Player(server_address(server), "Anna")
        created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop")
        view = anna.my_turn(created.name)
        request = service_pb2.GetAdviceRequest(table=created.name)
        futures = [anna.stub.GetAdvice.future(request, metadata=anna.metadata) for _ in range(6)]
        answers = [future.result(timeout=120) for future in futures]
        again = anna.stub.GetAdvice(request, metadata=anna.metadata)
        assert all(answer == answers[0] for answer in [*answers, again])
        assert metric(worker, 'speedgamez_ai_jobs_done_total{kind="advice"') == 1
        anna.submit(view, simple_move(view))
        anna.close()


def test_a_worker_long_gone_is_removed_from_the_group(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    redis_client.xgroup_create(PEOPLE_JOBS, keys.AI_GROUP, id="0", mkstream=True)
    # A worker that joined the group and then vanished, holding nothing.
    redis_client.xgroup_createconsumer(PEOPLE_JOBS, keys.AI_GROUP, "gone-worker")
    worker = worker_process(clean_redis, ai_sweep_ms="100", ai_consumer_idle_ms="500")
    with running(worker):

        def consumers() -> set[str]:
            listed: Any = redis_client.xinfo_consumers(PEOPLE_JOBS, keys.AI_GROUP)
            return {entry["name"].decode() for entry in listed}

        eventually(lambda: "gone-worker" not in consumers(), what="the silent consumer to go")
        eventually(lambda: "removed the silent worker gone-worker" in worker.output(), what="the log line")


def test_a_worker_makes_the_streams_again_when_redis_lost_them(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    server = server_process(clean_redis)
    worker = worker_process(clean_redis)
    with running(server, worker):
        # Redis comes back empty (restarted without its files): streams and group are gone.
        redis_client.flushall()
        anna = Player(server_address(server), "Anna")
        created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop")
        eventually(lambda: bool(computer_move_times(redis_client, created.name)), what="a computer move")
        eventually(lambda: "creating them again" in worker.output(), what="the log line")
        anna.close()


def test_a_newer_job_for_a_seat_replaces_its_delayed_one(clean_redis: RedisServer) -> None:
    """At a settlement the next deal's first job can come while the old one still waits."""

    async def scenario() -> tuple[int, list[int], str]:
        redis_async = connect(Settings(redis_url=clean_redis.url, redis_cluster=clean_redis.cluster))
        queue = JobQueue(redis_async, Settings(ai_min_think_ms=200))
        config = TableConfig(
            "baska_kop", "kop", {}, ((SeatKind.COMPUTER, "easy"),) * 4, seed=7, created_by="host"
        )
        record, _ = TableRecord.new("replaced", config)
        (seat,) = record.computer_turns()
        for version in (5, 6):
            record.version = version
            await queue.enqueue(record)
        delayed = int(await redis_async.zcard(keys.AI_DELAYED))
        first: Any = await redis_async.zrange(keys.AI_DELAYED, 0, 0, withscores=True)
        [(_, due)] = first
        # The job is due then, and not before: sleeping till then is no guess.
        await asyncio.sleep(max(0, int(due) - now_ms()) / 1000)
        assert await queue.release_due() == 1
        entries: Any = await redis_async.xrange(COMPUTER_JOBS)
        versions = [ai_job_pb2.AiJob.FromString(fields[b"job"]).table_version for _, fields in entries]
        live: Any = await redis_async.hget(keys.AI_LIVE, f"replaced:{seat}")
        await redis_async.aclose()
        return delayed, versions, live.decode()

    delayed, versions, live = asyncio.run(scenario())
    assert delayed == 1
    assert versions == [6]
    assert live.startswith("6:c:")
