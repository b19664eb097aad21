"""Faults of the deployment: the contract's promises hold while processes die and Redis goes away.

Every test runs the deployment as processes (``tools.localstack``: redis-server with
append-only persistence, server replicas behind nginx, AI workers), breaks one part with
a real fault (SIGKILL of a replica or a worker, SIGTERM or SIGKILL of redis-server) and
checks the promise through the contract only, then in what Redis stored:

* a request that fails changes nothing, and a retry with the same request_id is applied
  once;
* ``WatchTable(after_sequence)`` resumes exactly after the last event received;
* a table's log replays to its stored state;
* the service and the workers recover by themselves (once Redis is back, every request
  is answered) and every game goes on to its end.

Clients here behave as the contract tells them to: on UNAVAILABLE they retry the same
request (same request_id, same table_version); on ABORTED they read the table again and
decide again. Every call has a deadline, so a hang fails the test instead of stalling it.
"""

from __future__ import annotations

import signal
import socket
import threading
import time
import urllib.request
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis
from grpc_health.v1 import health_pb2, health_pb2_grpc

from server import keys
from server.views import redact_event, texts_for
from speedgamez.internal.v1 import ai_job_pb2
from speedgamez.v1 import actions_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.support.client import EASY, HUMAN, Player, simple_move
from tests.support.stored import StoredTable, stored
from tools.localstack import LocalStack
from tools.processes import (
    RedisCluster,
    RedisServer,
    ServiceProcess,
    free_port,
    metrics_port,
    running,
    server_address,
    server_process,
    worker_process,
)

# No call may take longer than this; a hang becomes DEADLINE_EXCEEDED and fails the test.
CALL_TIMEOUT_S = 15.0
# A client gives up when it has not got one successful answer for this long.
PATIENCE_S = 60.0
FINISHED = table_pb2.TABLE_PHASE_FINISHED
# Codes a client must survive in these faults, by retrying as the contract says.
RETRIED = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.ABORTED}


# Deployment ------------------------------------------------------------------------


class Lab:
    """The stacks and players of one test; all are stopped and closed after it."""

    def __init__(self) -> None:
        self.stacks: list[LocalStack] = []
        self.players: list[Player] = []
        self.watchers: list[Watcher] = []

    def start(self, **options: Any) -> LocalStack:
        """A local stack without Prometheus, its front door in plaintext (the faults are
        about what lies behind nginx; tests/deploy covers TLS)."""
        stack = LocalStack(prometheus=False, tls=False, **options).start()
        self.stacks.append(stack)
        return stack

    def steady(self, address: str, name: str) -> Steady:
        player = Player(address, name)
        self.players.append(player)
        return Steady(player)

    def channel(self, player: Player, address: str) -> Player:
        """The same player on a channel of its own."""
        other = player.using(address)
        self.players.append(other)
        return other

    def watch(self, player: Player, table: str) -> Watcher:
        watcher = Watcher(player, table)
        self.watchers.append(watcher)
        return watcher.start()

    def close(self) -> None:
        for watcher in self.watchers:
            watcher.stop()
        for player in self.players:
            player.close()
        for stack in self.stacks:
            stack.stop()


@pytest.fixture
def lab() -> Iterator[Lab]:
    started = Lab()
    try:
        yield started
    finally:
        started.close()


def outputs(stack: LocalStack, lines: int = 25) -> str:
    """The last lines of every server and worker, for failure messages."""
    parts = []
    for kind, processes in (("server", stack.server_processes), ("worker", stack.worker_processes)):
        for index, process in enumerate(processes):
            tail = "\n".join(process.lines[-lines:])
            parts.append(f"--- {kind} {index} (exit {exit_code(process)}) ---\n{tail}")
    return "\n".join(parts)


def exit_code(process: ServiceProcess) -> int | None:
    assert process.process is not None
    return process.process.poll()


def consumer_name(process: ServiceProcess) -> str:
    """A worker's consumer name in the group: ``<hostname>-<pid>`` (ai_worker.main.work)."""
    assert process.process is not None
    return f"{socket.gethostname()}-{process.process.pid}"


def watch_streams(process: ServiceProcess) -> int:
    """The ``speedgamez_watch_streams`` gauge of one server process."""
    url = f"http://127.0.0.1:{metrics_port(process)}/metrics"
    with urllib.request.urlopen(url, timeout=5) as response:
        text = response.read().decode()
    for line in text.splitlines():
        if line.startswith("speedgamez_watch_streams "):
            return int(float(line.split()[1]))
    raise AssertionError(f"no speedgamez_watch_streams in {url}")


def eventually(condition: Callable[[], bool], timeout: float, what: str) -> float:
    """Wait until ``condition`` holds; returns the seconds it took."""
    started = time.monotonic()
    while not condition():
        assert time.monotonic() - started < timeout, f"timed out after {timeout} s waiting for {what}"
        time.sleep(0.05)
    return time.monotonic() - started


# What Redis holds ------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """Everything stored for one table."""

    version: int
    state: dict[str, Any]
    log: list[dict[str, Any]]
    events: list[bytes]
    requests: dict[bytes, bytes]


def snapshot(client: redis.Redis, name: str) -> Snapshot:
    table = stored(client, name)
    requests: Any = client.hgetall(keys.table_requests(table.table_id))
    return Snapshot(
        table.version,
        table.state,
        table.log,
        [event.SerializeToString() for event in table.events],
        dict(requests),
    )


def table_count(client: redis.Redis) -> int:
    """How many table hashes exist (``sg:table:{id}``, not their log, events or requests)."""
    return sum(1 for key in client.scan_iter(match="sg:table:*", count=1000) if key.endswith(b"}"))


def quiet(client: redis.Redis, names: list[str], timeout: float = 30) -> None:
    """Wait until no computer move is due or in flight, so nothing writes to Redis."""

    def nothing_to_do() -> bool:
        due: Any = client.zrange(keys.AI_DUE, 0, -1)
        waiting = {name.removeprefix("tables/") for name in names}
        return jobs_pending(client) == 0 and not waiting & {raw.decode() for raw in due}

    eventually(nothing_to_do, timeout, "the workers to be idle")


def jobs_pending(client: redis.Redis) -> int:
    """AI jobs delivered to a worker and not yet done, on both streams."""
    total = 0
    for kind in ("people", "computers"):
        try:
            pending: Any = client.xpending(keys.ai_jobs(kind), keys.AI_GROUP)
        except redis.ResponseError:
            continue
        total += int(pending["pending"])
    return total


def check_log(table: StoredTable, answered: list[str]) -> None:
    """The log replays to the stored state and holds every accepted request exactly once."""
    assert table.replayed_state() == table.state, f"{table.table_id}: the log does not replay to the state"
    in_log = Counter(entry["request"] for entry in table.log if entry.get("request"))
    twice = {request: count for request, count in in_log.items() if count > 1}
    assert not twice, f"{table.table_id}: requests applied more than once: {twice}"
    missing = [request for request in answered if in_log[request] != 1]
    assert not missing, f"{table.table_id}: accepted requests not in the log once: {missing}"


# Clients that follow the contract --------------------------------------------------


@dataclass
class Steady:
    """A player that keeps playing through faults the way the contract tells clients to.

    UNAVAILABLE: send the same request again (same request_id and table_version).
    ABORTED: read the table again and decide again. Anything else fails the test.
    """

    player: Player
    failures: Counter[str] = field(default_factory=Counter)
    # request id -> table name, for every action the service accepted
    answered: dict[str, str] = field(default_factory=dict)
    # request ids sent more than once (after UNAVAILABLE)
    retried: set[str] = field(default_factory=set)
    slowest_s: float = 0.0

    def _call(self, method: str, send: Callable[[], Any]) -> Any:
        """One call with a deadline; returns the response or the RpcError."""
        started = time.monotonic()
        try:
            return send()
        except grpc.RpcError as error:
            code = error.code()
            self.failures[f"{method} {code.name}"] += 1
            if code not in RETRIED:
                raise AssertionError(f"{method} answered {code.name}: {error.details()}") from error
            return error
        finally:
            self.slowest_s = max(self.slowest_s, time.monotonic() - started)

    def get(self, table: str) -> table_pb2.TableView:
        request = service_pb2.GetTableRequest(table=table)
        started = time.monotonic()
        while True:
            answer = self._call(
                "GetTable",
                lambda: self.player.stub.GetTable(
                    request, metadata=self.player.metadata, timeout=CALL_TIMEOUT_S
                ),
            )
            if not isinstance(answer, grpc.RpcError):
                return answer.table
            assert time.monotonic() - started < PATIENCE_S, f"GetTable keeps failing: {answer}"
            time.sleep(0.1)

    def submit(self, view: table_pb2.TableView, action: actions_pb2.Action) -> None:
        """Submit until the service accepts the action or answers ABORTED (then decide again)."""
        self.send(
            service_pb2.SubmitActionRequest(
                table=view.name, table_version=view.version, request_id=uuid.uuid4().hex, action=action
            )
        )

    def send(self, request: service_pb2.SubmitActionRequest) -> table_pb2.TableView | None:
        """Send one SubmitActionRequest, the same again after UNAVAILABLE, until it is answered.

        Returns the table after it, or None when it was ABORTED (the table moved on).
        """
        started = time.monotonic()
        while True:
            answer = self._call(
                "SubmitAction",
                lambda: self.player.stub.SubmitAction(
                    request, metadata=self.player.metadata, timeout=CALL_TIMEOUT_S
                ),
            )
            if not isinstance(answer, grpc.RpcError):
                self.answered[request.request_id] = request.table
                return answer.table
            if answer.code() == grpc.StatusCode.ABORTED:
                return None
            self.retried.add(request.request_id)
            assert time.monotonic() - started < PATIENCE_S, f"SubmitAction keeps failing: {answer}"
            time.sleep(0.1)

    def play_to_end(self, table: str, timeout: float = 240) -> table_pb2.TableView:
        deadline = time.monotonic() + timeout
        while True:
            view = self.get(table)
            if view.phase == FINISHED:
                return view
            assert time.monotonic() < deadline, f"{table} did not finish in {timeout} s; last view:\n{view}"
            if view.viewer_seat in view.to_act_seats:
                self.submit(view, simple_move(view))
            else:
                time.sleep(0.03)

    def play_until(self, table: str, condition: Callable[[table_pb2.TableView], bool]) -> table_pb2.TableView:
        """Play until it is the player's turn and ``condition`` holds."""
        deadline = time.monotonic() + 120
        while True:
            view = self.get(table)
            assert time.monotonic() < deadline, f"{table}: condition not reached; last view:\n{view}"
            if view.phase == FINISHED:
                raise AssertionError(f"{table} finished before the condition held")
            if view.viewer_seat in view.to_act_seats:
                if condition(view):
                    return view
                self.submit(view, simple_move(view))
            else:
                time.sleep(0.03)


class Watcher:
    """A WatchTable stream that is reopened after the last sequence received whenever it breaks."""

    def __init__(self, player: Player, table: str) -> None:
        self.player = player
        self.table = table
        self.events: list[table_pb2.TableEvent] = []
        self.breaks: list[str] = []
        self.opened = 0
        self.error: BaseException | None = None
        self._stopping = False
        self._call: Any = None
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> Watcher:
        self._thread.start()
        return self

    def _run(self) -> None:
        try:
            while not self._stopping:
                after = self.events[-1].sequence if self.events else 0
                request = service_pb2.WatchTableRequest(table=self.table, after_sequence=after)
                self._call = self.player.stub.WatchTable(request, metadata=self.player.metadata)
                self.opened += 1
                try:
                    for response in self._call:
                        self.events.append(response.event)
                        if response.event.WhichOneof("kind") == "match_finished":
                            return
                    self.breaks.append("ended without match_finished")
                except grpc.RpcError as error:
                    if self._stopping:
                        return
                    self.breaks.append(f"{error.code().name}: {error.details()}")
                    if error.code() in (
                        grpc.StatusCode.INVALID_ARGUMENT,
                        grpc.StatusCode.NOT_FOUND,
                        grpc.StatusCode.PERMISSION_DENIED,
                        grpc.StatusCode.UNAUTHENTICATED,
                    ):
                        raise
                assert len(self.breaks) < 200, f"the watch keeps breaking: {self.breaks[-5:]}"
                time.sleep(0.1)
        except BaseException as error:
            self.error = error

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)
        if self._thread.is_alive():
            self._stopping = True
            if self._call is not None:
                self._call.cancel()
            raise AssertionError(
                f"the watch of {self.table} did not end; {len(self.events)} events, breaks {self.breaks}"
            )
        if self.error is not None:
            raise AssertionError(f"the watch of {self.table} failed; breaks {self.breaks}") from self.error

    def stop(self) -> None:
        self._stopping = True
        if self._call is not None:
            self._call.cancel()

    def check_against(self, table: StoredTable, viewer: int | None) -> None:
        """Exactly the stored events 1..N, each once, redacted for the viewer."""
        assert self.events, f"{self.table}: no events watched"
        sequences = [event.sequence for event in self.events]
        assert sequences == list(range(1, len(sequences) + 1)), (
            f"{self.table}: gaps or duplicates over {self.opened} streams: {sequences}"
        )
        assert self.events[-1].WhichOneof("kind") == "match_finished"
        texts = texts_for(table.record())
        assert self.events == [redact_event(event, viewer, texts) for event in table.stored_events], (
            f"{self.table}: the watched events differ from the stored ones"
        )


def play_all(players: list[tuple[Steady, str]], timeout: float = 240) -> list[table_pb2.TableView]:
    """Each player plays his table to the end, all at the same time."""
    with ThreadPoolExecutor(len(players)) as pool:
        futures = [pool.submit(steady.play_to_end, table, timeout) for steady, table in players]
        return [future.result(timeout=timeout + 30) for future in futures]


# 1. A server replica dies ----------------------------------------------------------


def submit_stuck_on(steady: Steady, table: str, timeout: float = 20) -> tuple[Any, Any]:
    """Send SubmitActions for ``table`` until one hangs (on a frozen replica).

    Returns that request and its call future; requests that are answered meanwhile went
    to a healthy replica and count as accepted.
    """
    stub, metadata = steady.player.stub, steady.player.metadata
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, "no request reached the frozen replica"
        get = stub.GetTable.future(
            service_pb2.GetTableRequest(table=table), metadata=metadata, timeout=CALL_TIMEOUT_S
        )
        try:
            view = get.result(timeout=0.5).table
        except grpc.FutureTimeoutError:
            get.cancel()
            continue
        assert view.phase != FINISHED
        if view.viewer_seat not in view.to_act_seats:
            time.sleep(0.03)
            continue
        request = service_pb2.SubmitActionRequest(
            table=table, table_version=view.version, request_id=uuid.uuid4().hex, action=simple_move(view)
        )
        call = stub.SubmitAction.future(request, metadata=metadata, timeout=CALL_TIMEOUT_S)
        try:
            call.result(timeout=0.5)
        except grpc.FutureTimeoutError:
            return request, call
        steady.answered[request.request_id] = table


@pytest.mark.slow
def test_server_replica_killed_mid_play_clients_retry_through_nginx_watches_resume_and_games_finish(
    lab: Lab, record_property: Callable[[str, object], None]
) -> None:
    stack = lab.start(servers=2, workers=2)
    front = stack.front_door
    client = redis.Redis.from_url(stack.redis_url)
    # Table 1: four humans, so continues after a settlement race (ABORTED) and every
    # move is a client request. Tables 2 and 3: one human against three computers.
    # Table 4 is played by the test itself to put a SubmitAction in flight on the victim.
    anna, ben, cleo, dora = (lab.steady(front, name) for name in ("Anna", "Ben", "Cleo", "Dora"))
    emil, fritz, gustav = (lab.steady(front, name) for name in ("Emil", "Fritz", "Gustav"))
    everyone = [anna, ben, cleo, dora, emil, fritz, gustav]
    humans = anna.player.create([HUMAN] * 4, rule_set="kop", deals="8")
    for other in (ben, cleo, dora):
        other.player.join(humans.name)
    tables = [humans.name]
    for steady, rule_set in ((emil, "kop"), (fritz, "baska"), (gustav, "kop")):
        tables.append(steady.player.create([HUMAN, EASY, EASY, EASY], rule_set=rule_set, deals="8").name)
    # Each table is watched by its creator, each stream through nginx.
    watchers = [
        lab.watch(steady.player, name)
        for steady, name in zip((anna, emil, fritz, gustav), tables, strict=True)
    ]
    eventually(
        lambda: sum(watch_streams(server) for server in stack.server_processes) == len(watchers),
        20,
        "the watch streams to open",
    )

    seats = [(anna, tables[0]), (ben, tables[0]), (cleo, tables[0]), (dora, tables[0])]
    seats += [(emil, tables[1]), (fritz, tables[2])]
    started = time.monotonic()
    with ThreadPoolExecutor(len(seats) + 1) as pool:
        futures = [pool.submit(steady.play_to_end, name, 300) for steady, name in seats]
        eventually(
            lambda: all(stored(client, name).version >= 25 for name in tables[:3]), 120, "play to get going"
        )
        # The victim is the replica holding the most watch streams. It is frozen first
        # (SIGSTOP), so requests routed to it are certainly in flight when it dies.
        streams = [watch_streams(server) for server in stack.server_processes]
        victim_index = max(range(len(streams)), key=lambda index: streams[index])
        victim = stack.server_processes[victim_index]
        assert victim.process is not None
        victim.process.send_signal(signal.SIGSTOP)
        try:
            probe, probe_call = submit_stuck_on(gustav, tables[3])
            time.sleep(0.5)
            at_kill = {name: stored(client, name) for name in tables}
        finally:
            victim.kill()
        killed_at = time.monotonic() - started
        try:
            probe_call.result()
            probe_answer = "OK"
        except grpc.RpcError as error:
            probe_answer = f"{error.code().name}: {error.details()}"
        # The client sends the very same request again (same request_id and version).
        gustav.send(probe)
        futures.append(pool.submit(gustav.play_to_end, tables[3], 300))
        finals = [future.result(timeout=330) for future in futures]
    played_s = time.monotonic() - started
    for watcher in watchers:
        watcher.join(timeout=60)

    details = (
        f"killed server {victim_index} after {killed_at:.1f} s at versions "
        f"{[table.version for table in at_kill.values()]}, watch streams per server {streams}; "
        f"the request in flight on it was answered {probe_answer!r}; matches done after {played_s:.1f} s; "
        f"client failures {sum((steady.failures for steady in everyone), Counter())}; "
        f"requests sent again {sum(len(steady.retried) for steady in everyone)}; "
        f"slowest call {max(steady.slowest_s for steady in everyone):.2f} s; "
        f"watch breaks {[Counter(watcher.breaks) for watcher in watchers]}\n{outputs(stack)}"
    )
    print(details)
    record_property("fault_details", details)
    assert all(view.phase == FINISHED for view in finals), details
    assert all(table.state["status"] == "playing" for table in at_kill.values()), (
        f"killed too late: {details}"
    )
    assert exit_code(victim) is not None and exit_code(stack.server_processes[1 - victim_index]) is None
    # A request in flight on a replica that dies is answered UNAVAILABLE (nginx: 502).
    assert probe_answer.startswith("UNAVAILABLE"), details
    assert gustav.answered.get(probe.request_id) == tables[3]
    # The streams that ran on the killed replica broke and were reopened.
    assert streams[victim_index] >= 1
    assert sum(len(watcher.breaks) for watcher in watchers) >= streams[victim_index], details
    assert sum(watcher.opened for watcher in watchers) >= len(watchers) + streams[victim_index], details

    for watcher, name in zip(watchers, tables, strict=True):
        watcher.check_against(stored(client, name), 0)
    for name in tables:
        answered = [
            request for steady in everyone for request, table in steady.answered.items() if table == name
        ]
        check_log(stored(client, name), answered)
    client.close()


# 2. A worker dies during a job -----------------------------------------------------


def test_worker_killed_during_a_job_the_other_worker_reclaims_it_and_the_game_completes(
    lab: Lab, record_property: Callable[[str, object], None]
) -> None:
    stack = lab.start(servers=1, workers=0)
    settings = {"ai_reclaim_ms": "1500", "ai_sweep_ms": "300"}
    # The victim plays alone until it dies holding a job; only then does the rescuer
    # start, so that nothing can take the job from the victim before it is killed.
    victim = worker_process(stack.redis_url, **settings)
    victim.start()
    stack.worker_processes.append(victim)
    client = redis.Redis.from_url(stack.redis_url)
    people = keys.ai_jobs("people")
    anna = lab.steady(stack.front_door, "Anna")
    created = anna.player.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8")

    def job_held_by_victim() -> bytes | None:
        pending: Any = client.xpending_range(people, keys.AI_GROUP, "-", "+", 10)
        held = [
            entry["message_id"] for entry in pending if entry["consumer"].decode() == consumer_name(victim)
        ]
        return held[0] if held else None

    # The victim is frozen while it waits for a job in Redis: the job Redis hands it then
    # stays in its hands, as when a worker hangs or dies in the middle of a job. A read
    # that timed out before a job came lets the victim go on (it plays that job) and
    # freezes it again at the next wait.
    deadline = time.monotonic() + 120
    freeze_while_waiting(client, victim)
    while (message_id := job_held_by_victim()) is None:
        assert time.monotonic() < deadline, f"the frozen worker was never handed a job\n{outputs(stack)}"
        if not waiting_for_a_job(client, victim):
            assert victim.process is not None
            victim.process.send_signal(signal.SIGCONT)
            freeze_while_waiting(client, victim)
        view = anna.get(created.name)
        assert view.phase != FINISHED
        if view.viewer_seat in view.to_act_seats:
            anna.submit(view, simple_move(view))
        time.sleep(0.02)
    entries: Any = client.xrange(people, message_id, message_id)
    job = ai_job_pb2.AiJob.FromString(entries[0][1][b"job"])
    victim.kill()
    killed = time.monotonic()
    assert stored(client, created.name).version == job.table_version, "the victim's move was already made"
    rescuer = worker_process(stack.redis_url, **settings)
    rescuer.start()
    stack.worker_processes.append(rescuer)

    def job_done() -> bool:
        pending: Any = client.xpending_range(people, keys.AI_GROUP, message_id, message_id, 1)
        return not pending and stored(client, created.name).version > job.table_version

    reclaim_s = eventually(job_done, 60, f"the job {message_id!r} to be reclaimed and done")
    final = anna.play_to_end(created.name, timeout=120)
    total_s = time.monotonic() - killed
    eventually(
        lambda: any("reclaimed job" in line and message_id.decode() in line for line in rescuer.lines),
        30,
        "the rescuer to report the reclaim",
    )

    details = f"job {message_id!r} done {reclaim_s:.1f} s after the kill; game over {total_s:.1f} s after it"
    print(details)
    record_property("fault_details", details)
    assert final.phase == FINISHED
    table = stored(client, created.name)
    # The move of the victim's job was made once, by the computer of the job's seat.
    move = table.log[job.table_version - 1]
    assert (move["type"], move["by"], move["seat"]) == ("action", "computer", job.seat), move
    check_log(table, list(anna.answered))
    assert jobs_pending(client) == 0
    assert client.xlen(keys.AI_DEAD) == 0
    assert not anna.failures, anna.failures
    client.close()


def freeze_while_waiting(client: redis.Redis, worker: ServiceProcess) -> None:
    """SIGSTOP ``worker`` at a moment Redis sees its connection blocked in XREADGROUP.

    Its loop spends nearly all its time in that read; if the stop lands outside it, the
    worker is let go on and stopped again.
    """
    assert worker.process is not None
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the worker was never caught waiting for a job"
        if waiting_for_a_job(client, worker):
            worker.process.send_signal(signal.SIGSTOP)
            if waiting_for_a_job(client, worker):
                return
            worker.process.send_signal(signal.SIGCONT)
        time.sleep(0.01)


def waiting_for_a_job(client: redis.Redis, worker: ServiceProcess) -> bool:
    """Whether Redis holds a connection of ``worker`` blocked in XREADGROUP."""
    name = f"speedgamez-worker-{consumer_name(worker)}"
    clients: Any = client.client_list()
    return any(
        entry["name"] == name and "b" in entry["flags"] and entry["cmd"] == "xreadgroup" for entry in clients
    )


# 3. Redis restarts -----------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("how", ["sigterm", "sigkill"])
def test_redis_restarted_with_append_only_file_tables_are_intact_and_play_goes_on(
    lab: Lab, how: str, record_property: Callable[[str, object], None]
) -> None:
    stack = lab.start(servers=2, workers=2)
    assert stack.redis is not None and stack.redis.process is not None
    client = redis.Redis.from_url(stack.redis_url)
    players = [lab.steady(stack.front_door, name) for name in ("Anna", "Ben")]
    tables = [
        steady.player.create([HUMAN, EASY, EASY, EASY], rule_set=rule_set, deals="8").name
        for steady, rule_set in zip(players, ("kop", "baska"), strict=True)
    ]
    # Into the third deal, at the human's turn: every computer move so far is made.
    for steady, name in zip(players, tables, strict=True):
        steady.play_until(name, lambda view: view.deal_number >= 3)
    quiet(client, tables)
    # Append-only with fsync every second: give the last write time to reach the disk.
    time.sleep(1.5)
    before = {name: snapshot(client, name) for name in tables}
    groups_before: Any = client.xinfo_groups(keys.ai_jobs("people"))
    count_before = table_count(client)

    process = stack.redis.process
    if how == "sigterm":
        stack.redis.stop()
    else:
        process.kill()
        process.wait(timeout=10)
    assert process.poll() is not None
    time.sleep(1)
    stack.redis.start()
    after = {name: snapshot(client, name) for name in tables}
    groups_after: Any = client.xinfo_groups(keys.ai_jobs("people"))

    started = time.monotonic()
    finals = play_all(list(zip(players, tables, strict=True)))
    played_s = time.monotonic() - started
    details = (
        f"redis {how}: versions {[before[name].version for name in tables]}; matches finished "
        f"{played_s:.1f} s after the restart; client failures "
        f"{sum((steady.failures for steady in players), Counter())}\n{outputs(stack)}"
    )
    print(details)
    record_property("fault_details", details)
    for name in tables:
        assert after[name] == before[name], f"{name} changed across the restart"
    assert table_count(client) == count_before
    assert [group["name"] for group in groups_after] == [group["name"] for group in groups_before]
    assert all(view.phase == FINISHED for view in finals), details
    for steady, name in zip(players, tables, strict=True):
        check_log(stored(client, name), list(steady.answered))
    assert all(exit_code(process) is None for process in stack.server_processes + stack.worker_processes)
    client.close()


# 4. Redis unreachable --------------------------------------------------------------


def test_redis_unreachable_requests_answer_unavailable_promptly_change_nothing_and_the_service_recovers(
    lab: Lab, record_property: Callable[[str, object], None]
) -> None:
    stack = lab.start(servers=2, workers=2)
    assert stack.redis is not None
    client = redis.Redis.from_url(stack.redis_url)
    anna = lab.steady(stack.front_door, "Anna")
    name = anna.player.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8").name
    watcher = lab.watch(lab.channel(anna.player, stack.front_door), name)
    view = anna.play_until(name, lambda view: view.deal_number >= 2)
    quiet(client, [name])
    before = snapshot(client, name)
    count_before = table_count(client)
    pids = [
        process.process.pid for process in stack.server_processes + stack.worker_processes if process.process
    ]

    stack.redis.stop()
    outage = time.monotonic()
    stub, metadata = anna.player.stub, anna.player.metadata
    move = simple_move(view)
    submit = service_pb2.SubmitActionRequest(
        table=name, table_version=view.version, request_id=uuid.uuid4().hex, action=move
    )
    requests: list[tuple[str, Callable[[], Any]]] = [
        (
            "GetTable",
            lambda: stub.GetTable(service_pb2.GetTableRequest(table=name), metadata=metadata, timeout=30),
        ),
        ("SubmitAction", lambda: stub.SubmitAction(submit, metadata=metadata, timeout=30)),
        (
            "CreateTable",
            lambda: stub.CreateTable(
                service_pb2.CreateTableRequest(
                    game="baska_kop", rule_set="kop", seats=[HUMAN, EASY, EASY, EASY], join=True
                ),
                metadata=metadata,
                timeout=30,
            ),
        ),
        ("SubmitAction retry", lambda: stub.SubmitAction(submit, metadata=metadata, timeout=30)),
    ]
    answers: list[tuple[str, str, float]] = []
    # Ask twice: once at once, once after the workers have met the outage too.
    for round_ in range(2):
        for method, send in requests:
            started = time.monotonic()
            try:
                send()
                code = "OK"
            except grpc.RpcError as error:
                code = error.code().name
            answers.append((f"{method} #{round_ + 1}", code, round(time.monotonic() - started, 3)))
        time.sleep(2)
    down_s = time.monotonic() - outage

    stack.redis.start()
    restarted = time.monotonic()
    after = snapshot(client, name)
    count_after = table_count(client)
    # The request that failed is sent again with the same request_id (again after
    # UNAVAILABLE, as the contract says): it is applied now, and once.
    retried = anna.send(submit)
    recovery_s = time.monotonic() - restarted
    again = anna.send(submit)
    final = anna.play_to_end(name, timeout=120)
    watcher.join(timeout=30)
    finished_s = time.monotonic() - restarted

    details = (
        f"answers while Redis was down ({down_s:.1f} s): {answers}; the failed SubmitAction was "
        f"accepted {recovery_s:.2f} s after the restart; game over {finished_s:.1f} s after it; "
        f"failures after the restart: {dict(anna.failures)}; watch breaks {Counter(watcher.breaks)}\n"
        f"{outputs(stack)}"
    )
    print(details)
    record_property("fault_details", details)
    assert all(code == "UNAVAILABLE" for _, code, _ in answers), details
    assert after == before, "the failed requests changed the table"
    assert count_after == count_before, "a table was created while Redis was down"
    assert retried is not None and again is not None, details
    assert retried.version == before.version + 1 and again.version >= retried.version
    assert final.phase == FINISHED, details
    # An idle stream asks Redis nothing of its own (its server's upkeep does), so it may
    # stay open across the outage; one that broke, reading while Redis was away, was told
    # UNAVAILABLE. Either way it resumed and missed nothing (``check_against`` below).
    assert all(text.startswith("UNAVAILABLE") for text in watcher.breaks), details
    alive = [
        process.process.pid for process in stack.server_processes + stack.worker_processes if process.process
    ]
    assert alive == pids and all(
        exit_code(process) is None for process in stack.server_processes + stack.worker_processes
    ), "a server or worker was restarted"
    table = stored(client, name)
    check_log(table, list(anna.answered))
    watcher.check_against(table, 0)
    client.close()


def test_redis_restarted_concurrent_requests_once_it_is_back_are_all_answered(lab: Lab) -> None:
    """Once Redis is back and a replica answers again, it answers every request, however many at once.

    Each replica first serves a burst of concurrent requests (its Redis connection pool
    grows), then Redis restarts. Requests made after the restart must not fail on
    connections that the restart left dead in the pool.
    """
    stack = lab.start(servers=2, workers=1)
    assert stack.redis is not None
    anna = lab.steady(stack.front_door, "Anna")
    name = anna.player.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8").name
    anna.play_until(name, lambda view: True)
    replicas = [lab.channel(anna.player, server_address(process)) for process in stack.server_processes]
    request = service_pb2.GetTableRequest(table=name)

    def burst(replica: Player, size: int = 8) -> list[str]:
        calls = [
            replica.stub.GetTable.future(request, metadata=replica.metadata, timeout=CALL_TIMEOUT_S)
            for _ in range(size)
        ]
        codes = []
        for call in calls:
            try:
                call.result()
                codes.append("OK")
            except grpc.RpcError as error:
                codes.append(error.code().name)
        return codes

    assert all(burst(replica) == ["OK"] * 8 for replica in replicas)
    stack.redis.stop()
    assert all(burst(replica, 1) == ["UNAVAILABLE"] for replica in replicas)
    stack.redis.start()
    restarted = time.monotonic()
    recovered = []
    for replica in replicas:

        def answers(replica: Player = replica) -> bool:
            return burst(replica, 1) == ["OK"]

        recovered.append(eventually(answers, 10, "the replica to answer again"))
    after = [burst(replica) for replica in replicas]
    later = [burst(replica) for replica in replicas]
    details = (
        f"replicas answered again {[round(seconds, 2) for seconds in recovered]} s after the restart; "
        f"then a burst of 8 concurrent GetTable per replica was answered {after} "
        f"({time.monotonic() - restarted:.2f} s after the restart), a second burst {later}"
    )
    print(details)
    assert all(codes == ["OK"] * 8 for codes in after), details


# 4. Redis freezes; a cluster master dies ---------------------------------------------


def test_a_frozen_redis_makes_requests_fail_fast_health_notice_and_play_go_on_once_it_thaws(
    tmp_path: Path, record_property: Callable[[str, object], None]
) -> None:
    store = RedisServer(free_port(), tmp_path / "redis")
    store.start()
    server = server_process(store)
    worker = worker_process(store)
    try:
        with running(server, worker):
            anna = Steady(Player(server_address(server), "Anna"))
            name = anna.player.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8").name
            view = anna.play_until(name, lambda view: True)
            health = health_pb2_grpc.HealthStub(anna.player.channel)
            watch = health.Watch(health_pb2.HealthCheckRequest(service="speedgamez.v1.TableService"))
            assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
            assert store.process is not None
            store.process.send_signal(signal.SIGSTOP)
            frozen = time.monotonic()
            try:
                assert next(watch).status == health_pb2.HealthCheckResponse.NOT_SERVING
                noticed_s = time.monotonic() - frozen
                submit = service_pb2.SubmitActionRequest(
                    table=name,
                    table_version=view.version,
                    request_id=uuid.uuid4().hex,
                    action=simple_move(view),
                )
                answers = []
                for method, send in (
                    (
                        "GetTable",
                        lambda: anna.player.stub.GetTable(
                            service_pb2.GetTableRequest(table=name), metadata=anna.player.metadata, timeout=30
                        ),
                    ),
                    (
                        "SubmitAction",
                        lambda: anna.player.stub.SubmitAction(
                            submit, metadata=anna.player.metadata, timeout=30
                        ),
                    ),
                ):
                    started = time.monotonic()
                    with pytest.raises(grpc.RpcError) as failed:
                        send()
                    answers.append((method, failed.value.code().name, round(time.monotonic() - started, 2)))
            finally:
                store.process.send_signal(signal.SIGCONT)
            assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
            back_s = time.monotonic() - frozen
            # The request that failed is applied once when sent again, and the game goes on.
            assert anna.send(submit) is not None
            final = anna.play_to_end(name, timeout=240)
            details = (
                f"frozen Redis: health NOT_SERVING after {noticed_s:.2f} s; answers {answers}; "
                f"SERVING again {back_s:.2f} s after the freeze began"
            )
            print(details)
            record_property("fault_details", details)
            assert all(code == "UNAVAILABLE" for _, code, _ in answers), details
            # An operator reads which command failed, for which table.
            failed_lines = [line for line in server.lines if "the state store failed" in line]
            assert any(
                f"SubmitAction on '{name}'" in line and "in redis command " in line for line in failed_lines
            ), "\n".join(server.lines[-30:])
            assert final.phase == FINISHED
            client = store.client()
            table = stored(client, name)
            check_log(table, list(anna.answered))
            client.close()
            anna.player.close()
    finally:
        store.stop()


def three_playing(address: str) -> tuple[list[Steady], list[str]]:
    """Anna, Ben and Cleo, each at a table of Kop against three easy computers, in its
    second deal: the players and their tables."""
    players = [Steady(Player(address, name)) for name in ("Anna", "Ben", "Cleo")]
    tables = [
        steady.player.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8").name for steady in players
    ]
    for steady, name in zip(players, tables, strict=True):
        steady.play_until(name, lambda view: view.deal_number >= 2)
    return players, tables


def nothing_lost_or_doubled(
    cluster: RedisCluster, server: ServiceProcess, players: list[Steady], tables: list[str]
) -> None:
    """After a failover: every table's log holds each accepted action once, and the server
    answered no call INTERNAL; the players are closed."""
    client = cluster.client()
    for steady, name in zip(players, tables, strict=True):
        check_log(stored(client, name), list(steady.answered))
    client.close()
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port(server)}/metrics", timeout=10) as page:
        assert 'code="INTERNAL"' not in page.read().decode()
    for steady in players:
        steady.player.close()


def test_a_cluster_master_killed_its_replica_takes_over_and_no_call_answers_anything_but_unavailable(
    tmp_path: Path, record_property: Callable[[str, object], None]
) -> None:
    cluster = RedisCluster(tmp_path / "cluster", replicas=1, node_timeout_ms=2000)
    cluster.start()
    server = server_process(cluster)
    worker = worker_process(cluster)
    try:
        with running(server, worker):
            players, tables = three_playing(server_address(server))
            master = cluster.master_of(keys.table(tables[0].removeprefix("tables/")))
            assert master.process is not None
            # The master dies while all three play; each player follows the contract
            # (Steady fails the test on any answer but OK, UNAVAILABLE and ABORTED).
            killer = threading.Timer(1.0, master.process.kill)
            killer.start()
            finals = play_all(list(zip(players, tables, strict=True)), timeout=300)
            killer.join()
            failures = sum((steady.failures for steady in players), Counter())
            details = (
                f"cluster master on port {master.port} killed mid-play: client failures {dict(failures)}"
            )
            print(details)
            record_property("fault_details", details)
            assert all(final.phase == FINISHED for final in finals)
            assert cluster.master_of(keys.table(tables[0].removeprefix("tables/"))).port != master.port
            nothing_lost_or_doubled(cluster, server, players, tables)
    finally:
        cluster.stop()
