"""The Redis Cluster as deploy/kubernetes/ sets it up, failing over under play.

The cluster has what deploy/kubernetes/redis/redis-cluster.yaml gives it: a replica per
master, the node timeout of the operator's image (5 s), the lines of its ConfigMap and a
password. Servers and workers run with the settings of the ConfigMap
speedgamez-settings and read the Redis URL from a file, as from the mounted Secret. The
master of the AI queue, the one KEDA reads to scale the workers, dies while people play.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import grpc
import yaml
from grpc_health.v1 import health_pb2, health_pb2_grpc

from server import keys
from server.main import SERVICE_NAME
from tests.faults.test_faults import FINISHED, Steady, nothing_lost_or_doubled, play_all, three_playing
from tools.processes import (
    RedisCluster,
    RedisServer,
    running,
    server_address,
    server_process,
    worker_process,
)

KUBERNETES = Path(__file__).resolve().parent.parent.parent / "deploy" / "kubernetes"
# Where the process listens is the pod's business; here every process shares loopback.
LOCAL = {"SPEEDGAMEZ_LISTEN", "SPEEDGAMEZ_HTTP_LISTEN", "SPEEDGAMEZ_METRICS_PORT", "SPEEDGAMEZ_METRICS_HOST"}
# cluster-node-timeout as the Redis Operator's image writes it into redis.conf.
OPERATOR_NODE_TIMEOUT_MS = 5000
# Actions the players get accepted after the kill is armed, before it happens: mid-play.
ACTIONS_BEFORE_THE_KILL = 10


def manifest(path: str, kind: str, name: str) -> dict[str, Any]:
    for document in yaml.safe_load_all((KUBERNETES / path).read_text()):
        if document and document["kind"] == kind and document["metadata"]["name"] == name:
            found: dict[str, Any] = document
            return found
    raise LookupError(f"no {kind} {name} in deploy/kubernetes/{path}")


def cluster_as_shipped(directory: Path) -> RedisCluster:
    spec = manifest("redis/redis-cluster.yaml", "RedisCluster", "speedgamez-redis")["spec"]
    assert spec["redisFollower"]["replicas"] == spec["redisLeader"]["replicas"] == spec["clusterSize"] == 3
    config = manifest("redis/redis-cluster.yaml", "ConfigMap", "speedgamez-redis-config")
    arguments = tuple(
        part
        for line in config["data"]["redis-additional.conf"].splitlines()
        for part in (f"--{line.split()[0]}", *line.split()[1:])
    )
    return RedisCluster(
        directory,
        replicas=1,
        node_timeout_ms=OPERATOR_NODE_TIMEOUT_MS,
        password=uuid.uuid4().hex,
        extra=arguments,
    )


def settings_as_shipped(url_file: Path, heartbeat: Path) -> dict[str, str]:
    shipped = manifest("base/settings.yaml", "ConfigMap", "speedgamez-settings")["data"]
    settings = {
        name.removeprefix("SPEEDGAMEZ_").lower(): value
        for name, value in shipped.items()
        if name not in LOCAL
    }
    assert settings["redis_cluster"] == "true"
    return settings | {
        "redis_url_file": str(url_file),
        # Only the file leads to the cluster: the variable names a port nobody listens on.
        "redis_url": "redis://127.0.0.1:1/0",
        "worker_heartbeat_file": str(heartbeat),
        # The pause people follow the computers by would make the matches minutes long here.
        "ai_min_think_ms": "0",
    }


def kill_mid_play(master: RedisServer, players: list[Steady]) -> None:
    """Kill ``master`` once the players have had more actions accepted, so that it dies
    while they play, however fast or slow the machine."""
    before = sum(len(steady.answered) for steady in players)
    deadline = time.monotonic() + 120
    while sum(len(steady.answered) for steady in players) < before + ACTIONS_BEFORE_THE_KILL:
        assert time.monotonic() < deadline, "the players made no progress to kill a master under"
        time.sleep(0.01)
    assert master.process is not None
    master.process.kill()


class Readiness(threading.Thread):
    """Asks the server's readiness every 100 ms until stopped; the longest time it was not
    ready is what the gateway would see of a failover (Kubernetes acts after two failed
    probes 5 s apart)."""

    def __init__(self, address: str) -> None:
        super().__init__(daemon=True)
        self.address = address
        self.stopped = threading.Event()
        self.longest_s = 0.0

    def run(self) -> None:
        request = health_pb2.HealthCheckRequest(service=SERVICE_NAME)
        since: float | None = None
        with grpc.insecure_channel(self.address) as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            while not self.stopped.wait(0.1):
                try:
                    ready = stub.Check(request, timeout=5).status == health_pb2.HealthCheckResponse.SERVING
                except grpc.RpcError:
                    ready = False
                now = time.monotonic()
                if ready:
                    since = None
                elif since is None:
                    since = now
                else:
                    self.longest_s = max(self.longest_s, now - since)


def wait_for_readiness(address: str) -> None:
    request = health_pb2.HealthCheckRequest(service=SERVICE_NAME)
    deadline = time.monotonic() + 60
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while stub.Check(request, timeout=10).status != health_pb2.HealthCheckResponse.SERVING:
            assert time.monotonic() < deadline, "the server did not become ready again after the failover"
            time.sleep(0.1)


def test_the_queue_master_dies_mid_play_its_replica_takes_over_and_every_game_and_job_goes_on(
    tmp_path: Path, record_property: Callable[[str, object], None]
) -> None:
    cluster = cluster_as_shipped(tmp_path / "cluster")
    cluster.start()
    url_file = tmp_path / "redis-url"
    url_file.write_text(cluster.url + "\n")
    settings = settings_as_shipped(url_file, tmp_path / "heartbeat")
    server = server_process(cluster, **settings)
    worker = worker_process(cluster, **settings)
    try:
        with running(server, worker):
            players, tables = three_playing(server_address(server))
            queue = keys.ai_jobs("people")
            master = cluster.master_of(queue)
            assert master.process is not None
            readiness = Readiness(server_address(server))
            readiness.start()
            killer = threading.Thread(target=kill_mid_play, args=(master, players))
            killer.start()
            finals = play_all(list(zip(players, tables, strict=True)), timeout=300)
            killer.join()
            # Ready again: the server's probe of Redis follows the failover too.
            wait_for_readiness(server_address(server))
            readiness.stopped.set()
            readiness.join()
            failures = sum((steady.failures for steady in players), Counter())
            details = (
                f"queue master on port {master.port} killed mid-play: client failures {dict(failures)}; "
                f"the server was not ready for {readiness.longest_s:.1f} s at the longest"
            )
            print(details)
            record_property("fault_details", details)
            assert all(final.phase == FINISHED for final in finals)
            assert cluster.master_of(queue).port != master.port
            nothing_lost_or_doubled(cluster, server, players, tables)
            # What KEDA reads, now on the new master: nothing left in a worker's hands.
            client = cluster.client()
            for kind in ("people", "computers"):
                pending: Any = client.xpending(keys.ai_jobs(kind), keys.AI_GROUP)
                assert pending["pending"] == 0
            client.close()
    finally:
        cluster.stop()
