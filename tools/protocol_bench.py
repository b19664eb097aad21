"""Benchmark: the same calls over gRPC and over HTTP (Connect: JSON, binary, and JSON as a
GET), against one server process, in one run.

    python -m tools.protocol_bench                       # 3 s per call and protocol, 8 at once
    python -m tools.protocol_bench --seconds 10 --concurrency 32

Starts its own Redis and one server (no worker: the measured calls need none), registers
a player and opens a table of Kop at which he holds a hand, then, for each call
(``ListGames``, ``GetPlayer``, ``GetTable``: the call clients make most) and protocol in
turn, keeps ``--concurrency`` calls in flight for ``--seconds`` and prints calls per second
and the latency's median and 95th percentile. The gRPC client is grpcio's asyncio client;
the HTTP client is the ``connectrpc`` library's (HTTP/1.1, no compression). Client and
server share this machine's cores, as in the tests; the numbers compare the protocols, they
are not the server's capacity (``tools.capacity`` measures that).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from connectrpc.client import ConnectClient
from connectrpc.compat import google_protobuf_binary_codec, google_protobuf_json_codec
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from google.protobuf.message import Message

from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc
from tools.processes import RedisServer, free_port, http_address, running, server_address, server_process

SERVICE = "speedgamez.v1.TableService"
PROTOCOLS = ("grpc", "connect json", "connect binary", "connect json GET")
HUMAN = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_HUMAN)
EASY = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_COMPUTER, level=table_pb2.COMPUTER_LEVEL_EASY)


@dataclass
class Result:
    call: str
    protocol: str
    calls: int
    seconds: float
    latencies_ms: list[float]

    def line(self) -> str:
        ordered = sorted(self.latencies_ms)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        return (
            f"  {self.call:<10} {self.protocol:<17} {self.calls / self.seconds:>8.0f} calls/s"
            f"   p50 {statistics.median(ordered):6.2f} ms   p95 {p95:6.2f} ms"
        )


def method_info(name: str) -> MethodInfo[Any, Any]:
    return MethodInfo(
        name=name,
        service_name=SERVICE,
        input=getattr(service_pb2, f"{name}Request"),
        output=getattr(service_pb2, f"{name}Response"),
        idempotency_level=IdempotencyLevel.NO_SIDE_EFFECTS,
        stream_type=StreamType.UNARY,
    )


async def measure(
    call: str, protocol: str, send: Callable[[], Awaitable[Message]], seconds: float, concurrency: int
) -> Result:
    latencies: list[float] = []
    stop_at = time.perf_counter() + seconds

    async def one_client() -> None:
        while time.perf_counter() < stop_at:
            started = time.perf_counter()
            await send()
            latencies.append((time.perf_counter() - started) * 1000)

    for _ in range(concurrency):  # warm-up: connections opened, caches filled
        await send()
    began = time.perf_counter()
    await asyncio.gather(*(one_client() for _ in range(concurrency)))
    return Result(call, protocol, len(latencies), time.perf_counter() - began, latencies)


async def run(grpc_address: str, http: str, seconds: float, concurrency: int) -> list[Result]:
    async with grpc.aio.insecure_channel(grpc_address) as channel:
        stub = service_grpc.TableServiceStub(channel)
        registered = await stub.RegisterPlayer(service_pb2.RegisterPlayerRequest(display_name="Bench"))
        metadata = (("authorization", f"Bearer {registered.token}"),)
        created = await stub.CreateTable(
            service_pb2.CreateTableRequest(
                game="baska_kop", rule_set="kop", seats=[HUMAN, EASY, EASY, EASY], join=True
            ),
            metadata=metadata,
        )
        requests: dict[str, Message] = {
            "ListGames": service_pb2.ListGamesRequest(),
            "GetPlayer": service_pb2.GetPlayerRequest(),
            "GetTable": service_pb2.GetTableRequest(table=created.table.name),
        }
        headers = {"authorization": f"Bearer {registered.token}"}
        json_client = ConnectClient(
            f"http://{http}", codec=google_protobuf_json_codec(), send_compression=None, accept_compression=()
        )
        binary_client = ConnectClient(
            f"http://{http}",
            codec=google_protobuf_binary_codec(),
            send_compression=None,
            accept_compression=(),
        )
        results = []
        async with json_client, binary_client:
            for call, request in requests.items():
                info = method_info(call)
                grpc_method = getattr(stub, call)
                senders = {
                    "grpc": _grpc_sender(grpc_method, request, metadata),
                    "connect json": _connect_sender(json_client, info, request, headers, use_get=False),
                    "connect binary": _connect_sender(binary_client, info, request, headers, use_get=False),
                    "connect json GET": _connect_sender(json_client, info, request, headers, use_get=True),
                }
                for protocol in PROTOCOLS:
                    results.append(await measure(call, protocol, senders[protocol], seconds, concurrency))
        return results


def _grpc_sender(
    method: Callable[..., Awaitable[Message]], request: Message, metadata: tuple[tuple[str, str], ...]
) -> Callable[[], Awaitable[Message]]:
    def send() -> Awaitable[Message]:
        return method(request, metadata=metadata)

    return send


def _connect_sender(
    client: ConnectClient,
    info: MethodInfo[Any, Any],
    request: Message,
    headers: dict[str, str],
    use_get: bool,
) -> Callable[[], Awaitable[Message]]:
    async def send() -> Message:
        response: Message = await client.execute_unary(
            request=request, method=info, headers=headers, use_get=use_get
        )
        return response

    return send


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per call and protocol")
    parser.add_argument("--concurrency", type=int, default=8, help="calls in flight at once")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="speedgamez-bench-") as directory:
        redis_server = RedisServer(free_port(), Path(directory))
        redis_server.start()
        try:
            server = server_process(redis_server)
            with running(server):
                results = asyncio.run(
                    run(server_address(server), http_address(server), options.seconds, options.concurrency)
                )
        finally:
            redis_server.stop()
    print(
        f"TableService over gRPC and HTTP (Connect), one server process, {options.concurrency} calls in "
        f"flight, {options.seconds:g} s each:"
    )
    for result in results:
        print(result.line())


if __name__ == "__main__":
    main()
