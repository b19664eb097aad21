"""The workers' ScaledObject (deploy/kubernetes/base/worker.yaml) against a real queue.

No cluster runs here, so the test plays KEDA's part: it reads each trigger's value from
the real Redis, server and worker processes the way the trigger does (XPENDING of the
group for the Redis Streams triggers; the workers' metrics for the Prometheus ones) and
evaluates the manifest's own formula, target and bounds as KEDA and the autoscaler do:
workers = clamp(ceil(formula / target), minReplicaCount, maxReplicaCount). The one
liberty: the wait's 95th percentile is taken over the histogram since the worker started
rather than Prometheus' two-minute rate.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import redis
import yaml

from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.support.client import NORMAL, Player
from tools.capacity import bucket_quantile, histogram, scrape
from tools.processes import (
    RedisServer,
    ServiceProcess,
    running,
    server_address,
    server_process,
    worker_process,
)

WORKER_MANIFEST = (
    Path(__file__).resolve().parent.parent.parent / "deploy" / "kubernetes" / "base" / "worker.yaml"
)
# Tables of computers only play as fast as the workers let them: each always has a job due.
TABLES = 6


def scaled_object() -> dict[str, Any]:
    for document in yaml.safe_load_all(WORKER_MANIFEST.read_text()):
        if document and document["kind"] == "ScaledObject":
            spec: dict[str, Any] = document["spec"]
            return spec
    raise AssertionError("no ScaledObject in worker.yaml")


def trigger_values(client: redis.Redis, workers: list[ServiceProcess]) -> dict[str, float]:
    """Every trigger's value, read as its scaler reads it."""
    values: dict[str, float] = {}
    pages = [scrape(worker) for worker in workers]
    for trigger in scaled_object()["triggers"]:
        name = trigger["name"]
        if trigger["type"] == "redis-cluster-streams":
            metadata = trigger["metadata"]
            summary: Any = client.xpending(metadata["stream"], metadata["consumerGroup"])
            values[name] = float(summary["pending"])
        elif name == "waiting":
            # sum(max by (stream) (speedgamez_ai_jobs_waiting))
            largest: dict[str, float] = {}
            for page in pages:
                for line in page.splitlines():
                    if line.startswith("speedgamez_ai_jobs_waiting{"):
                        stream = line.split('stream="')[1].split('"')[0]
                        largest[stream] = max(largest.get(stream, 0.0), float(line.split()[-1]))
            values[name] = sum(largest.values())
        else:
            assert name == "person_wait", name
            buckets: dict[float, float] = {}
            for page in pages:
                for kind in ("person", "advice"):
                    for bound, count in histogram(
                        page, "speedgamez_ai_job_wait_seconds", f'kind="{kind}"'
                    ).items():
                        buckets[bound] = buckets.get(bound, 0.0) + count
            values[name] = bucket_quantile(0.95, buckets) or 0.0
    return values


def desired_workers(values: dict[str, float]) -> int:
    spec = scaled_object()
    modifiers = spec["advanced"]["scalingModifiers"]
    # The formula is plain arithmetic and max(), which Python evaluates as KEDA's expr does.
    value = eval(modifiers["formula"], {"__builtins__": {}, "max": max}, dict(values))
    wanted = math.ceil(value / float(modifiers["target"]))
    return int(min(max(wanted, spec["minReplicaCount"]), spec["maxReplicaCount"]))


def reported(worker: ServiceProcess) -> bool:
    return "speedgamez_ai_jobs_waiting{" in scrape(worker)


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


def test_an_empty_queue_keeps_the_floor_of_one_worker(redis_server: RedisServer) -> None:
    server = server_process(redis_server)
    worker = worker_process(redis_server)
    with running(server, worker):
        wait_for(lambda: reported(worker), "the worker's first report of the queue")
        client = redis_server.client()
        values = trigger_values(client, [worker])
        client.close()
    assert values == dict.fromkeys(values, 0.0)
    assert desired_workers(values) == scaled_object()["minReplicaCount"] == 1


def test_a_backlog_calls_for_a_worker_per_job_though_pending_entries_alone_stop_at_the_worker_count(
    redis_server: RedisServer, record_property: Callable[[str, object], None]
) -> None:
    server = server_process(redis_server, ai_workers_for_people="0")
    worker = worker_process(redis_server, ai_workers_for_people="0")
    with running(server, worker):
        address = server_address(server)
        hosts = [Player(address, f"Host {number}") for number in range(TABLES)]
        tables = [
            host.stub.CreateTable(
                service_pb2.CreateTableRequest(
                    game="bela", rule_set="speedbela", options={"target": "1001"}, seats=[NORMAL] * 4
                ),
                metadata=host.metadata,
            ).table.name
            for host in hosts
        ]
        client = redis_server.client()
        readings: list[dict[str, float]] = []

        def backlog() -> bool:
            readings.append(trigger_values(client, [worker]))
            return readings[-1]["waiting"] >= TABLES // 2

        wait_for(backlog, f"{TABLES // 2} jobs waiting for the one worker")
        loaded = readings[-1]
        busy = loaded["people_busy"] + loaded["computers_busy"]
        # One worker holds at most one job: the pending entries cannot call for a second.
        assert busy <= 1
        assert desired_workers(loaded) >= math.ceil((busy + TABLES // 2) / 0.8) > 1

        # The creators stop their tables: the queue drains and the floor returns.
        for host, name in zip(hosts, tables, strict=True):
            host.stub.LeaveTable(service_pb2.LeaveTableRequest(table=name), metadata=host.metadata)
            host.close()
        readings.clear()

        def drained() -> bool:
            readings.append(trigger_values(client, [worker]))
            return readings[-1]["waiting"] == 0 and readings[-1]["computers_busy"] == 0

        wait_for(drained, "the queue to drain after the tables stopped")
        idle = readings[-1]
        client.close()
    details = (
        f"loaded: {loaded} -> {desired_workers(loaded)} workers; drained: {idle} -> {desired_workers(idle)}"
    )
    print(details)
    record_property("scaling", details)
    assert desired_workers(idle) == 1
