"""Every shipped alert stays silent on a healthy deployment and fires on its failure.

One stack of real processes for the module (tools.localstack: Redis, two servers behind
nginx, two workers, Prometheus scraping them every second). Prometheus evaluates the rules
of deploy/prometheus/alerts.yml every second, in a copy whose only change is every rule's
``for:`` (FOR instead of minutes). The failures are made for real: processes frozen
(SIGSTOP), Redis stopped or paused, a table whose stored state cannot be read, hundreds of
watch streams. Failures that take longer than a test should (a worker's loop stuck for
over a minute, a backlog of over 100 jobs) are unit-tested on recorded series instead
(alerts_test.yml, test_prometheus.py).

A failure's rates stay in Prometheus' windows for minutes after it ends, so the healthy
stack is looked at first: the tests run in the order of this file.
"""

from __future__ import annotations

import json
import signal
import time
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import grpc
import pytest
import yaml

from server import keys
from server.metrics import AI_JOB_WAIT_KINDS
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.deploy import support
from tests.support.client import EASY, HUMAN, PASS, Player, simple_move
from tools.localstack import ALERT_RULES, LocalStack
from tools.processes import ServiceProcess, metrics_port, server_address

# Each rule's `for:` in the stack's copy of the rules.
FOR = "2s"
# Bounds after which a test fails; every wait ends as soon as its condition holds.
WAIT_S = 90.0
# Evaluation rounds in which a healthy stack must show no alert at all.
SILENT_ROUNDS = 5
HEARTBEAT = "speedgamez_worker_heartbeat_timestamp_seconds"
JOB_WAIT = "speedgamez_ai_job_wait_seconds"
# The number of watch streams on one server above which SpeedgamezWatchStreamsNearCapacity fires.
STREAMS_ALERTED = 800
# Tables of computers of one player get a job every 2 s (shipped: ten a second), so that
# the one job each such table had waiting while the workers were frozen stays above the
# 95th percentile of the computers' waits for a while after they thaw.
COMPUTER_MOVES_PER_S = "0.5"


def rules_with_short_for() -> str:
    loaded = yaml.safe_load(ALERT_RULES.read_text())
    for group in loaded["groups"]:
        for rule in group["rules"]:
            if "for" in rule:
                rule["for"] = FOR
    return str(yaml.safe_dump(loaded, sort_keys=False))


def shipped_alerts() -> set[str]:
    loaded = yaml.safe_load(ALERT_RULES.read_text())
    return {rule["alert"] for group in loaded["groups"] for rule in group["rules"]}


@pytest.fixture(scope="module")
def stack() -> Iterator[LocalStack]:
    running = LocalStack(
        servers=2,
        workers=2,
        evaluation_interval="1s",
        alert_rules=rules_with_short_for(),
        # One player holds all the watch streams of the capacity alert.
        server_settings={
            "max_watches": str(STREAMS_ALERTED + 50),
            "ai_computer_moves_per_s": COMPUTER_MOVES_PER_S,
        },
        worker_settings={"ai_computer_moves_per_s": COMPUTER_MOVES_PER_S},
    ).start()
    try:
        yield running
    finally:
        running.stop()


def prometheus(stack: LocalStack, path: str, **parameters: str) -> Any:
    url = f"{stack.prometheus_url}/api/v1/{path}?" + urllib.parse.urlencode(parameters)
    with urllib.request.urlopen(url, timeout=10) as response:
        answer = json.loads(response.read())
    assert answer["status"] == "success", answer
    return answer["data"]


def active_alerts(stack: LocalStack) -> list[dict[str, Any]]:
    """The alerts pending or firing now, each with its labels and state."""
    alerts: list[dict[str, Any]] = prometheus(stack, "alerts")["alerts"]
    return alerts


def wait_until_firing(
    stack: LocalStack, name: str, meanwhile: Callable[[], None] | None = None, **labels: str
) -> None:
    """Until the alert ``name`` with these labels fires; ``meanwhile`` runs between looks
    (what keeps the failure going), else a short pause."""
    deadline = time.monotonic() + WAIT_S
    while True:
        alerts = active_alerts(stack)
        for alert in alerts:
            if (
                alert["state"] == "firing"
                and alert["labels"]["alertname"] == name
                and labels.items() <= alert["labels"].items()
            ):
                return
        if time.monotonic() > deadline:
            active = [(alert["labels"], alert["state"]) for alert in alerts]
            raise AssertionError(f"{name} {labels} did not fire; active alerts: {active}")
        if meanwhile is None:
            time.sleep(0.2)
        else:
            meanwhile()


def wait_until_every_target_is_up(stack: LocalStack) -> None:
    targets = len(stack.server_processes) + len(stack.worker_processes)

    def every_target_is_up() -> bool:
        up = [float(sample["value"][1]) for sample in prometheus(stack, "query", query="up")["result"]]
        return up == [1.0] * targets

    support.wait_for(every_target_is_up, "every target up", WAIT_S)


@contextmanager
def frozen(*processes: ServiceProcess) -> Iterator[None]:
    """The processes stopped with SIGSTOP (alive, but answering nothing), continued after."""
    for process in processes:
        assert process.process is not None
        process.process.send_signal(signal.SIGSTOP)
    try:
        yield
    finally:
        for process in processes:
            assert process.process is not None
            process.process.send_signal(signal.SIGCONT)


def exported(process: ServiceProcess) -> list[str]:
    """The lines a server or worker process serves on its metrics port."""
    url = f"http://127.0.0.1:{metrics_port(process)}/metrics"
    with urllib.request.urlopen(url, timeout=10) as response:
        lines: list[str] = response.read().decode().splitlines()
    return lines


def person(stack: LocalStack, name: str) -> Player:
    """A player talking to the first server directly (plaintext gRPC)."""
    return Player(server_address(stack.server_processes[0]), name)


def wait_for_turn(player: Player, table: str) -> table_pb2.TableView:
    """The table once the player's seat may act (polled gently: every call counts in the
    ratios of the alerts on errors)."""
    deadline = time.monotonic() + WAIT_S
    while True:
        view = player.get(table)
        if view.viewer_seat in view.to_act_seats:
            return view
        if time.monotonic() > deadline:
            raise AssertionError(f"it did not become the player's turn:\n{view}")
        time.sleep(0.1)


def table_id(view: table_pb2.TableView) -> str:
    return view.name.removeprefix("tables/")


def test_no_alert_is_pending_or_firing_on_a_healthy_stack_at_play(stack: LocalStack) -> None:
    anna = person(stack, "Anna")
    table = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8").name
    for _ in range(4):
        view = wait_for_turn(anna, table)
        anna.submit(view, simple_move(view))
    # Until its first scrapes (a few seconds after it starts), Prometheus knows of no
    # server: the states it shows count from the second round of evaluations after every
    # target is up, a round being over once every group has been evaluated again.
    wait_until_every_target_is_up(stack)
    rounds = 0
    last: dict[str, str] = {}
    deadline = time.monotonic() + WAIT_S
    while rounds < 2 + SILENT_ROUNDS:
        groups = prometheus(stack, "rules", type="alert")["groups"]
        rules = [rule for group in groups for rule in group["rules"]]
        assert {rule["name"] for rule in rules} == shipped_alerts()
        if all(group["lastEvaluation"] != last.get(group["name"]) for group in groups):
            rounds += 1
            last = {group["name"]: group["lastEvaluation"] for group in groups}
        for rule in rules:
            assert rule["health"] == "ok", (rule["name"], rule.get("lastError"))
            assert rounds <= 2 or rule["state"] == "inactive", (rule["name"], rule["state"], rule["alerts"])
        assert time.monotonic() < deadline, f"Prometheus evaluated the rules only {rounds} times"
        time.sleep(0.3)
    anna.close()


def test_only_workers_export_the_worker_heartbeat(stack: LocalStack) -> None:
    for server in stack.server_processes:
        assert not [line for line in exported(server) if line.startswith(HEARTBEAT)]
    for worker in stack.worker_processes:
        beats = [float(line.split()[1]) for line in exported(worker) if line.startswith(f"{HEARTBEAT} ")]
        assert len(beats) == 1 and abs(time.time() - beats[0]) < 60, beats


def test_workers_export_the_wait_of_every_kind_of_job_before_any_job_of_it(stack: LocalStack) -> None:
    # rate() counts nothing a series held when Prometheus first saw it: a series born with
    # the first slow job would hide it from SpeedgamezAiWaitHigh*.
    for worker in stack.worker_processes:
        counts = [line for line in exported(worker) if line.startswith(f"{JOB_WAIT}_count")]
        assert {line.split('kind="')[1].split('"')[0] for line in counts} == set(AI_JOB_WAIT_KINDS), counts


def test_a_frozen_worker_is_a_target_down(stack: LocalStack) -> None:
    worker = stack.worker_processes[0]
    with frozen(worker):
        wait_until_firing(
            stack,
            "SpeedgamezTargetDown",
            job="speedgamez-worker",
            instance=f"127.0.0.1:{metrics_port(worker)}",
        )
    wait_until_every_target_is_up(stack)


def test_every_server_frozen_is_no_server(stack: LocalStack) -> None:
    with frozen(*stack.server_processes):
        wait_until_firing(stack, "SpeedgamezNoServer")
        wait_until_firing(stack, "SpeedgamezTargetDown", job="speedgamez-server")
    wait_until_every_target_is_up(stack)


def test_every_worker_frozen_is_no_worker_and_no_heartbeat_and_the_jobs_that_waited_show(
    stack: LocalStack,
) -> None:
    # Tables where a person waits for the computers once he has moved. A frozen worker
    # blocked on the queue takes a job as it comes (Redis hands it over) and loses it: it
    # is reclaimed later, its wait unrecorded. Of these eight jobs at most two go so, and
    # the others stand out among the people's jobs of the tests before.
    bruno = person(stack, "Bruno")
    tables = [bruno.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8").name for _ in range(8)]
    turns = [wait_for_turn(bruno, table) for table in tables]
    # Tables of computers of three players (one player's are paced one after the other).
    owners = [person(stack, f"Carla {number}") for number in range(3)]
    with frozen(*stack.worker_processes):
        moved = [bruno.submit(view, simple_move(view)) for view in turns]
        awaiting_computers = [view for view in moved if set(view.to_act_seats) - {view.viewer_seat}]
        assert len(awaiting_computers) >= 6, moved
        for owner in owners:
            owner.create([EASY] * 4, rule_set="kop", join=False, deals="8")
        queued = time.monotonic()
        wait_until_firing(stack, "SpeedgamezNoWorker")
        wait_until_firing(stack, "SpeedgamezNoWorkerHeartbeat")
        # What the alerts on waits are about is time: the jobs wait over the 5 s of the
        # computers' alert (the people's fires above 1 s).
        while time.monotonic() - queued < 7:
            time.sleep(0.2)
    wait_until_firing(stack, "SpeedgamezAiWaitHigh", kind="person")
    wait_until_firing(stack, "SpeedgamezAiWaitHighComputers")
    wait_until_every_target_is_up(stack)
    for player in [bruno, *owners]:
        player.close()


def test_redis_down_makes_redis_errors_and_unavailable_answers(stack: LocalStack) -> None:
    dora = person(stack, "Dora")
    table = dora.create([HUMAN, HUMAN, EASY, EASY]).name
    assert stack.redis is not None

    def unavailable_calls() -> None:
        for _ in range(10):
            with pytest.raises(grpc.RpcError) as failed:
                dora.get(table)
            assert failed.value.code() == grpc.StatusCode.UNAVAILABLE, failed.value

    stack.redis.stop()
    try:
        wait_until_firing(stack, "SpeedgamezRedisErrors", unavailable_calls, component="server")
        wait_until_firing(stack, "SpeedgamezRedisErrors", unavailable_calls, component="worker")
        wait_until_firing(stack, "SpeedgamezUnavailableRatioHigh", unavailable_calls)
    finally:
        # Its append-only file brings every table back.
        stack.redis.start()

    def answered() -> bool:
        try:
            return dora.get(table).name == table
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.UNAVAILABLE, error
            return False

    support.wait_for(answered, "the table once Redis is back", WAIT_S)
    dora.close()


def test_a_paused_redis_makes_submit_action_slow(stack: LocalStack) -> None:
    emil = person(stack, "Emil")
    waiting = emil.create([HUMAN, HUMAN, EASY, EASY])
    assert stack.redis is not None
    client = stack.redis.client()

    def slow_submit() -> None:
        # Redis holds every client's commands for 400 ms, as while it fails over: the
        # call waits for it. Passing at a table that has not started is refused after that.
        client.execute_command("CLIENT", "PAUSE", "400", "ALL")
        with pytest.raises(grpc.RpcError) as refused:
            emil.submit(waiting, PASS, request_id=uuid.uuid4().hex)
        assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION, refused.value

    wait_until_firing(stack, "SpeedgamezSubmitActionSlow", slow_submit)
    client.close()
    emil.close()


def test_a_table_whose_state_cannot_be_read_makes_internal_errors_reclaims_and_dead_letters(
    stack: LocalStack,
) -> None:
    # Four jobs that fail at every delivery: each is reclaimed three times (deliveries 2
    # to 4) and then dead-lettered, twelve reclaims in all.
    fritz = person(stack, "Fritz")
    assert stack.redis is not None
    client = stack.redis.client()
    with frozen(*stack.worker_processes):
        broken = [fritz.create([EASY] * 4, rule_set="kop", join=False, deals="8") for _ in range(4)]
        for view in broken:
            client.hset(keys.table(table_id(view)), "state", "{}")

    def internal_errors() -> None:
        for _ in range(10):
            with pytest.raises(grpc.RpcError) as failed:
                fritz.get(broken[0].name)
            assert failed.value.code() == grpc.StatusCode.INTERNAL, failed.value

    try:
        wait_until_firing(stack, "SpeedgamezInternalErrors", internal_errors)
        wait_until_firing(stack, "SpeedgamezAiReclaims")
        wait_until_firing(stack, "SpeedgamezAiDeadLetters")
        for worker in stack.worker_processes:
            assert worker.process is not None and worker.process.poll() is None, worker.output()[-3000:]
    finally:
        client.delete(*(keys.table(table_id(view)) for view in broken))
        client.close()
    fritz.close()


def test_watch_streams_near_a_servers_capacity(stack: LocalStack) -> None:
    gerda = person(stack, "Gerda")
    streams = [
        gerda.stub.WatchLobby(service_pb2.WatchLobbyRequest(), metadata=gerda.metadata)
        for _ in range(STREAMS_ALERTED + 1)
    ]
    try:
        wait_until_firing(
            stack,
            "SpeedgamezWatchStreamsNearCapacity",
            instance=f"127.0.0.1:{metrics_port(stack.server_processes[0])}",
        )
    finally:
        for stream in streams:
            stream.cancel()
    gerda.close()
