"""The deployment as processes: Redis, two servers behind nginx, two workers, Prometheus.

Games are played through nginx (gRPC over TLS, and HTTP with JSON); Prometheus, configured like the compose
setup, must then hold the expected series with sensible values and evaluate every alert
rule without error.
"""

from __future__ import annotations

import json
import ssl
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
import redis

from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc
from tests.deploy import support
from tests.support.client import EASY, HUMAN, NORMAL, STRONG, Player, simple_move
from tests.support.http import Connect
from tests.support.stored import stored
from tools.localstack import LocalStack


@pytest.fixture(scope="module")
def stack() -> Iterator[LocalStack]:
    running = LocalStack(servers=2, workers=2).start()
    try:
        yield running
    finally:
        running.stop()


def query(stack: LocalStack, expression: str) -> list[dict[str, Any]]:
    url = f"{stack.prometheus_url}/api/v1/query?" + urllib.parse.urlencode({"query": expression})
    with urllib.request.urlopen(url, timeout=5) as response:
        answer = json.loads(response.read())
    assert answer["status"] == "success", answer
    result: list[dict[str, Any]] = answer["data"]["result"]
    return result


def values(stack: LocalStack, expression: str) -> list[float]:
    return [float(sample["value"][1]) for sample in query(stack, expression)]


def eventually(check: Any, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            check()
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def play_partie(player: Player, seats: list[service_pb2.SeatConfig]) -> str:
    view = player.create(seats, rule_set="kop", deals="8")
    while view.phase != table_pb2.TABLE_PHASE_FINISHED:
        view = player.my_turn(view.name, timeout=60)
        if view.phase != table_pb2.TABLE_PHASE_FINISHED:
            view = player.submit(view, simple_move(view))
    return view.name


def test_games_through_nginx_show_up_in_prometheus(stack: LocalStack) -> None:
    anna, ben = support.player(stack, "Anna"), support.player(stack, "Ben")
    computers = anna.stub.CreateTable(
        service_pb2.CreateTableRequest(
            game="baska_kop", rule_set="baska", options={"deals": "8"}, seats=[EASY] * 4
        ),
        metadata=anna.metadata,
    ).table
    watched: list[table_pb2.TableEvent] = []

    def watch() -> None:
        request = service_pb2.WatchTableRequest(table=computers.name)
        for response in ben.stub.WatchTable(request, metadata=ben.metadata):
            watched.append(response.event)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    tables = [play_partie(anna, [HUMAN, NORMAL, STRONG, EASY]), play_partie(ben, [HUMAN, EASY, NORMAL, EASY])]
    anna.wait(computers.name, lambda view: view.phase == table_pb2.TABLE_PHASE_FINISHED, timeout=60)
    watcher.join(timeout=30)
    assert watched and watched[-1].WhichOneof("kind") == "match_finished"
    assert [event.sequence for event in watched] == list(range(1, len(watched) + 1))

    # The same player's calls over HTTP with JSON, through the same front door.
    assert stack.root_certificate is not None
    over_http = Connect(
        stack.front_door, anna.token, ssl.create_default_context(cafile=str(stack.root_certificate))
    )
    for name in tables:
        assert over_http.call("GetTable", service_pb2.GetTableRequest(table=name)).code == "OK"

    client = redis.Redis.from_url(stack.redis_url)
    for name in [*tables, computers.name]:
        table = stored(client, name)
        assert table.replayed_state() == table.state
    client.close()

    def series_are_there() -> None:
        assert sorted(values(stack, "up")) == [1.0] * 4
        per_server = values(
            stack, 'sum by (instance) (speedgamez_rpc_requests_total{method="SubmitAction",code="OK"})'
        )
        assert len(per_server) == 2 and all(value > 0 for value in per_server), "nginx balanced both replicas"
        by_protocol = query(
            stack, 'sum by (protocol) (speedgamez_rpc_requests_total{method="GetTable",code="OK"})'
        )
        assert {sample["metric"]["protocol"] for sample in by_protocol} == {"grpc", "connect"}
        assert sum(values(stack, 'speedgamez_actions_applied_total{by="human"}')) >= 2 * 8 * 4
        assert sum(values(stack, 'speedgamez_actions_applied_total{by="computer"}')) > 100
        for level in ("easy", "normal", "strong"):
            assert sum(values(stack, f'speedgamez_ai_decision_seconds_count{{level="{level}"}}')) > 0, level
        assert sum(values(stack, "speedgamez_solver_nodes_total")) > 0
        assert sum(values(stack, 'speedgamez_ai_jobs_done_total{kind="move",outcome="applied"}')) > 100
        assert sum(values(stack, 'speedgamez_ai_jobs_queued_total{kind=~"people|computers"}')) > 100
        assert values(stack, 'max(speedgamez_active_tables{game="baska_kop"})') == [0.0]
        assert values(stack, "max(speedgamez_ai_jobs_waiting)") and values(
            stack, "max(speedgamez_ai_jobs_in_flight)"
        )
        assert values(stack, "sum(speedgamez_watch_streams)") == [0.0]
        buckets = 'sum by (le) (speedgamez_rpc_duration_seconds_bucket{method="SubmitAction"})'
        p95 = values(stack, f"histogram_quantile(0.95, {buckets})")
        assert p95 and 0 < p95[0] < 5
        assert sum(values(stack, "speedgamez_redis_errors_total")) == 0
        assert values(stack, "max(speedgamez_worker_heartbeat_timestamp_seconds)")

    eventually(series_are_there)

    def every_alert_rule_evaluates() -> None:
        url = f"{stack.prometheus_url}/api/v1/rules"
        with urllib.request.urlopen(url, timeout=5) as response:
            groups = json.loads(response.read())["data"]["groups"]
        rules = [rule for group in groups for rule in group["rules"]]
        assert len(rules) >= 10, "the alert rules of deploy/prometheus/alerts.yml are loaded"
        for rule in rules:
            assert rule["health"] == "ok", (rule["name"], rule.get("lastError"))
        firing = [rule["name"] for rule in rules if rule.get("state") == "firing"]
        assert not firing, f"alerts firing in a healthy stack: {firing}"

    eventually(every_alert_rule_evaluates, timeout=60)
    anna.close()
    ben.close()


def test_registrations_from_one_address_are_limited_at_the_front_door(stack: LocalStack) -> None:
    channel = stack.channel()
    stub = service_grpc.TableServiceStub(channel)
    codes = []
    for number in range(80):
        try:
            stub.RegisterPlayer(service_pb2.RegisterPlayerRequest(display_name=f"bot {number}"))
            codes.append(grpc.StatusCode.OK)
        except grpc.RpcError as error:
            codes.append(error.code())
            assert "too many registrations" in str(error.details())
    assert grpc.StatusCode.OK in codes and grpc.StatusCode.RESOURCE_EXHAUSTED in codes
    assert set(codes) == {grpc.StatusCode.OK, grpc.StatusCode.RESOURCE_EXHAUSTED}

    def patient_registers() -> bool:
        try:
            stub.RegisterPlayer(service_pb2.RegisterPlayerRequest(display_name="patient"))
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, error
            return False
        return True

    # 5 a second refill the bucket: a patient client gets through.
    support.wait_for(patient_registers, "a registration after the burst")
    channel.close()


def test_a_request_above_64_kib_is_refused_as_resource_exhausted_at_the_front_door(stack: LocalStack) -> None:
    anna = support.player(stack, "Anna")
    request = service_pb2.CreateTableRequest(
        game="baska_kop", rule_set="kop", options={"deals": "8" * 70_000}, seats=[HUMAN, EASY, EASY, EASY]
    )
    with pytest.raises(grpc.RpcError) as refused:
        anna.stub.CreateTable(request, metadata=anna.metadata)
    assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "larger than 64 KiB" in str(refused.value.details())
    anna.close()


def test_an_error_about_a_huge_client_value_crosses_the_front_door_intact(stack: LocalStack) -> None:
    # A reply that quoted the whole value would exceed nginx's header buffer (502, which
    # clients see as UNAVAILABLE and retry); the server quotes a short prefix only.
    anna = support.player(stack, "Anna")
    request = service_pb2.CreateTableRequest(
        game="baska_kop", rule_set="kop", options={"x" * 60_000: "1"}, seats=[HUMAN, EASY, EASY, EASY]
    )
    with pytest.raises(grpc.RpcError) as refused:
        anna.stub.CreateTable(request, metadata=anna.metadata)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "unknown option 'xxxx" in str(refused.value.details())
    assert len(str(refused.value.details())) < 300
    anna.close()
