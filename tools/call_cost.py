"""Benchmark: what a call costs the server, beside a bare gRPC server answering as much.

    python -m tools.call_cost                        # 5 s per part, 16 calls in flight
    python -m tools.call_cost --seconds 10 --concurrency 32

Starts its own Redis, a server process (the whole service as deployed: rate limits,
tokens, metrics), a second one that keeps no snapshots (``SPEEDGAMEZ_VIEWS_CACHED=0``), a
third that keeps neither snapshots nor restored tables (``SPEEDGAMEZ_TABLES_KEPT=0`` as
well) and a bare ``grpc.aio`` echo server (one process, no work but answering).
The echo replies with as many bytes as the service's reply it stands beside. Then, in
turn, it keeps ``--concurrency`` calls in flight for ``--seconds``:

* GetTable by a player at a table of four people (Kop) that does not change meanwhile:
  answered from the snapshots the server keeps; rendered from the table the server keeps
  restored (what a look costs at a table whose last move this process made); and built
  anew, restored and rendered (a table another process changed). Then the echo of its
  reply's size;
* a person's move, as clients make it (GetTable by the player to act, then SubmitAction),
  at tables of four people, one per client, and two echoes of those replies' sizes in turn.

For each it prints calls per second, the latency's median and 95th percentile and the
server process's CPU time per call (user and system, from ``/proc``); for the moves also
what each of the two other server processes spent meanwhile per move, with no stream
on those tables (what hearing of the moves costs a process that shows them nobody). SubmitAction's own
figures are the move's less its GetTable (always of a version the process has just
written: rendered from the kept table): its calls per second are what the move's time
leaves after the GetTable's, its CPU the move's less a GetTable's. The ratios compare the
service with the echo of the same size, calls per second and CPU per call. Client, server
and Redis share this machine's cores; one run compares them under the same conditions.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import statistics
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import grpc

from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc
from tests.support.client import HUMAN, simple_move
from tools.capacity import LOOPBACK_LIMITS, fresh_redis, quantile
from tools.processes import ROOT, ServiceProcess, cpu_seconds, running, server_address, server_process

ECHO = "/bench.Echo/Echo"
SEATS = 4


@dataclass
class Part:
    """One measured part: its calls (a move counts as one), time and the server's CPU."""

    name: str
    calls: int
    seconds: float
    latencies_ms: list[float]
    cpu_s: float

    @property
    def per_s(self) -> float:
        return self.calls / self.seconds

    @property
    def cpu_ms(self) -> float:
        return self.cpu_s / self.calls * 1000

    def line(self) -> str:
        p50, p95 = quantile(self.latencies_ms, 0.5), quantile(self.latencies_ms, 0.95)
        return (
            f"  {self.name:<38} {self.per_s:>7.0f} calls/s   p50 {p50:6.2f} ms"
            f"   p95 {p95:6.2f} ms   server CPU {self.cpu_ms:5.3f} ms/call"
        )


async def measure(
    name: str,
    process: ServiceProcess,
    clients: list[Callable[[], Awaitable[object]]],
    seconds: float,
) -> Part:
    """Each client's call in a loop for ``seconds``, all at once."""
    latencies: list[float] = []
    stop_at = time.perf_counter() + seconds

    async def loop(call: Callable[[], Awaitable[object]]) -> None:
        while time.perf_counter() < stop_at:
            started = time.perf_counter()
            await call()
            latencies.append((time.perf_counter() - started) * 1000)

    cpu_before, started = cpu_seconds(process), time.perf_counter()
    await asyncio.gather(*(loop(call) for call in clients))
    elapsed, cpu = time.perf_counter() - started, cpu_seconds(process) - cpu_before
    return Part(name, len(latencies), elapsed, latencies, cpu)


class Person:
    """A registered player over grpc.aio."""

    def __init__(self, channel: grpc.aio.Channel, token: str) -> None:
        self.stub = service_grpc.TableServiceStub(channel)
        self.metadata = (("authorization", f"Bearer {token}"),)

    @classmethod
    async def register(cls, channel: grpc.aio.Channel, name: str) -> Person:
        stub = service_grpc.TableServiceStub(channel)
        registered = await stub.RegisterPlayer(service_pb2.RegisterPlayerRequest(display_name=name))
        return cls(channel, registered.token)

    async def get(self, table: str) -> service_pb2.GetTableResponse:
        return await self.stub.GetTable(service_pb2.GetTableRequest(table=table), metadata=self.metadata)

    async def submit(self, view: table_pb2.TableView) -> service_pb2.SubmitActionResponse:
        request = service_pb2.SubmitActionRequest(
            table=view.name, table_version=view.version, request_id=uuid.uuid4().hex, action=simple_move(view)
        )
        return await self.stub.SubmitAction(request, metadata=self.metadata)


@dataclass
class PeopleTable:
    """A Kop table of four people of this benchmark, long enough for any run."""

    name: str
    by_seat: dict[int, Person]
    next_seat: int

    @classmethod
    async def open(cls, channel: grpc.aio.Channel, number: int) -> PeopleTable:
        people = [await Person.register(channel, f"Player {number}-{seat}") for seat in range(SEATS)]
        create = service_pb2.CreateTableRequest(
            game="baska_kop", rule_set="kop", options={"deals": "24"}, seats=[HUMAN] * SEATS, join=True
        )
        created = (await people[0].stub.CreateTable(create, metadata=people[0].metadata)).table
        by_seat = {created.viewer_seat: people[0]}
        for person in people[1:]:
            joined = await person.stub.JoinTable(
                service_pb2.JoinTableRequest(table=created.name), metadata=person.metadata
            )
            by_seat[joined.table.viewer_seat] = person
        view = (await people[0].get(created.name)).table
        return cls(created.name, by_seat, _first_acting(view))

    async def move(self) -> service_pb2.SubmitActionResponse:
        """The move of the person the table waits for (the first by seat; a continue once a
        deal is settled), after her GetTable; the answer says who acts next."""
        person = self.by_seat[self.next_seat]
        answer = await person.submit((await person.get(self.name)).table)
        self.next_seat = _first_acting(answer.table)
        return answer


def _first_acting(view: table_pb2.TableView) -> int:
    return (list(view.to_act_seats) or list(view.may_act_seats))[0]


def echo_call(channel: grpc.aio.Channel, size: int) -> Callable[[], Awaitable[object]]:
    send = channel.unary_unary(ECHO, request_serializer=None, response_deserializer=None)
    request = str(size).encode()

    async def call() -> object:
        return await send(request)

    return call


async def bench(
    server: ServiceProcess,
    rendering: ServiceProcess,
    uncached: ServiceProcess,
    echo: ServiceProcess,
    seconds: float,
    concurrency: int,
) -> None:
    async with (
        grpc.aio.insecure_channel(server_address(server)) as channel,
        grpc.aio.insecure_channel(server_address(rendering)) as rendering_channel,
        grpc.aio.insecure_channel(server_address(uncached)) as uncached_channel,
        grpc.aio.insecure_channel(echo.ready_line.rsplit(" ", 1)[1]) as echo_channel,
    ):
        tables = [await PeopleTable.open(channel, number) for number in range(concurrency)]
        rendered = await PeopleTable.open(rendering_channel, concurrency)
        watched = await PeopleTable.open(uncached_channel, concurrency + 1)

        def looking(table: PeopleTable) -> Callable[[], Awaitable[object]]:
            async def look() -> object:
                return await table.by_seat[0].get(table.name)

            return look

        get_size = (await tables[0].by_seat[0].get(tables[0].name)).ByteSize()
        reply_sizes: list[int] = []

        def mover(table: PeopleTable) -> Callable[[], Awaitable[object]]:
            async def move() -> object:
                answer = await table.move()
                reply_sizes.append(answer.ByteSize())
                return answer

            return move

        get_echo = echo_call(echo_channel, get_size)
        looks = [looking(tables[0])] * concurrency
        get_part = await measure("GetTable of an unchanged table", server, looks, seconds)
        renders = [looking(rendered)] * concurrency
        rendered_part = await measure("GetTable rendered (table kept)", rendering, renders, seconds)
        built = [looking(watched)] * concurrency
        built_part = await measure("GetTable built anew (nothing kept)", uncached, built, seconds)
        echo_get = await measure(f"echo of {get_size} bytes", echo, [get_echo] * concurrency, seconds)
        movers = [mover(table) for table in tables]
        bystanders = (rendering, uncached)
        bystanders_before = sum(cpu_seconds(process) for process in bystanders)
        move_part = await measure("move (GetTable + SubmitAction)", server, movers, seconds)
        bystanders_cpu = sum(cpu_seconds(process) for process in bystanders) - bystanders_before
        submit_size = round(statistics.median(reply_sizes))
        submit_echo = echo_call(echo_channel, submit_size)

        async def echo_move() -> object:
            await get_echo()
            return await submit_echo()

        echo_move_part = await measure(
            "echo of the move's two replies", echo, [echo_move] * concurrency, seconds
        )
    # A move's GetTable is always of the version the move before it wrote on this process:
    # rendered from the table kept restored.
    echo_submit_cpu = echo_move_part.cpu_ms - echo_get.cpu_ms
    submit_cpu = move_part.cpu_ms - rendered_part.cpu_ms
    # Calls per second that the move's time leaves to SubmitAction after its GetTable.
    submit_per_s = _inverse(1 / move_part.per_s - 1 / rendered_part.per_s)
    echo_submit_per_s = _inverse(1 / echo_move_part.per_s - 1 / echo_get.per_s)
    print(
        f"One server process and a bare grpc.aio echo, {concurrency} calls in flight, {seconds:g} s each "
        f"(GetTable's reply {get_size} bytes, SubmitAction's {submit_size}):"
    )
    for part in (get_part, rendered_part, built_part, echo_get, move_part, echo_move_part):
        print(part.line())
    bystander_ms = bystanders_cpu / len(bystanders) / move_part.calls * 1000
    bystander = "another server process meanwhile (no stream at these tables)"
    print(f"  {bystander}: server CPU {bystander_ms:.3f} ms per move")
    print("  ratio to the echo of the same size          calls/s   CPU per call (echo / service)")
    for name, per_s, echo_per_s, cpu, echo_cpu in (
        ("GetTable of an unchanged table", get_part.per_s, echo_get.per_s, get_part.cpu_ms, echo_get.cpu_ms),
        ("GetTable rendered", rendered_part.per_s, echo_get.per_s, rendered_part.cpu_ms, echo_get.cpu_ms),
        ("GetTable built anew", built_part.per_s, echo_get.per_s, built_part.cpu_ms, echo_get.cpu_ms),
        (
            "SubmitAction (the move less a GetTable)",
            submit_per_s,
            echo_submit_per_s,
            submit_cpu,
            echo_submit_cpu,
        ),
    ):
        ratios = f"{_ratio(per_s, echo_per_s):6.2f}x  {_ratio(echo_cpu, cpu):6.2f}x"
        print(f"  {name:<42} {ratios}   ({cpu:.3f} ms vs {echo_cpu:.3f} ms)")


def _inverse(value: float) -> float:
    """1 / ``value``; nan when a run too short or too noisy left nothing to divide by."""
    return 1 / value if value > 0 else math.nan


def _ratio(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator > 0 else math.nan


async def serve_echo() -> None:
    """The bare server: answers each call with as many bytes as the request's number says."""

    async def echo(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return b"x" * int(request)

    server = grpc.aio.server()
    handler = grpc.unary_unary_rpc_method_handler(echo)
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("bench.Echo", {"Echo": handler}),))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    print(f"echo listening on 127.0.0.1:{port}", flush=True)
    await server.wait_for_termination()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--echo-server", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.echo_server:
        asyncio.run(serve_echo())
        return
    echo = ServiceProcess(
        [sys.executable, "-m", "tools.call_cost", "--echo-server"],
        {"PYTHONPATH": str(ROOT)},
        "echo listening on",
    )
    with fresh_redis() as store:
        server = server_process(store, **LOOPBACK_LIMITS)
        rendering = server_process(store, **LOOPBACK_LIMITS, views_cached="0")
        uncached = server_process(store, **LOOPBACK_LIMITS, views_cached="0", tables_kept="0")
        with running(server, rendering, uncached, echo):
            asyncio.run(bench(server, rendering, uncached, echo, options.seconds, options.concurrency))


if __name__ == "__main__":
    main()
