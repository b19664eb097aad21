"""Limits against abuse: request size, per-token rate, tables and watch streams per player,
token expiry. Each answers RESOURCE_EXHAUSTED (or UNAUTHENTICATED for an expired token)
with a message that says what to do."""

from __future__ import annotations

import time
from collections.abc import Iterator

import grpc
import pytest

from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc
from tests.support.client import EASY, HUMAN, Player
from tools.processes import RedisServer, ServiceProcess, running, server_address, server_process


@pytest.fixture(scope="module")
def strict(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    server = server_process(redis_server, rate_per_s="5", rate_burst="5", max_tables="2", max_watches="2")
    with running(server):
        yield server


@pytest.fixture(scope="module")
def expiring(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    server = server_process(redis_server, token_ttl_s="2")
    with running(server):
        yield server


def status_of(call: object) -> grpc.StatusCode:
    try:
        call()  # type: ignore[operator]
    except grpc.RpcError as error:
        code: grpc.StatusCode = error.code()
        return code
    return grpc.StatusCode.OK


def test_a_request_above_64_kib_is_refused(strict: ServiceProcess) -> None:
    channel = grpc.insecure_channel(server_address(strict))
    stub = service_grpc.TableServiceStub(channel)
    request = service_pb2.RegisterPlayerRequest(display_name="x" * 100_000)
    with pytest.raises(grpc.RpcError) as raised:
        stub.RegisterPlayer(request)
    assert raised.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    channel.close()


def test_a_token_making_too_many_requests_is_slowed_down(strict: ServiceProcess) -> None:
    anna = Player(server_address(strict), "Anna")
    request = service_pb2.ListTablesRequest()
    codes = [status_of(lambda: anna.stub.ListTables(request, metadata=anna.metadata)) for _ in range(12)]
    assert codes[:5] == [grpc.StatusCode.OK] * 5
    assert grpc.StatusCode.RESOURCE_EXHAUSTED in codes[5:]
    with pytest.raises(grpc.RpcError) as raised:
        for _ in range(10):
            anna.stub.ListTables(request, metadata=anna.metadata)
    assert "retry in" in str(raised.value.details())
    time.sleep(0.5)
    assert status_of(lambda: anna.stub.ListTables(request, metadata=anna.metadata)) == grpc.StatusCode.OK
    anna.close()


def test_a_player_has_at_most_the_allowed_unfinished_tables(strict: ServiceProcess) -> None:
    anna = Player(server_address(strict), "Anna")
    first = anna.create([HUMAN, HUMAN, EASY, EASY])
    time.sleep(0.4)
    anna.create([HUMAN, HUMAN, EASY, EASY])
    time.sleep(0.4)
    with pytest.raises(grpc.RpcError) as raised:
        anna.create([HUMAN, HUMAN, EASY, EASY])
    assert raised.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "unfinished tables" in str(raised.value.details())
    time.sleep(0.4)
    anna.stub.LeaveTable(service_pb2.LeaveTableRequest(table=first.name), metadata=anna.metadata)
    time.sleep(0.4)
    assert anna.create([HUMAN, HUMAN, EASY, EASY]).phase == table_pb2.TABLE_PHASE_WAITING_FOR_PLAYERS
    anna.close()


def test_a_player_has_at_most_the_allowed_watch_streams(strict: ServiceProcess) -> None:
    anna = Player(server_address(strict), "Anna")
    table = anna.create([HUMAN, HUMAN, EASY, EASY])
    request = service_pb2.WatchTableRequest(table=table.name)
    streams = [anna.stub.WatchTable(request, metadata=anna.metadata) for _ in range(2)]
    for stream in streams:
        next(stream)  # the stream is open and has delivered the table's first event
    time.sleep(0.5)
    third = anna.stub.WatchTable(request, metadata=anna.metadata)
    with pytest.raises(grpc.RpcError) as raised:
        next(third)
    assert raised.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    streams[0].cancel()
    time.sleep(1.5)  # the server notices the cancellation and releases the lease
    fourth = anna.stub.WatchTable(request, metadata=anna.metadata)
    assert next(fourth).event.sequence == 1
    fourth.cancel()
    streams[1].cancel()
    anna.close()


def test_an_expired_token_is_unauthenticated(expiring: ServiceProcess) -> None:
    anna = Player(server_address(expiring), "Anna")
    assert status_of(
        lambda: anna.stub.ListTables(service_pb2.ListTablesRequest(), metadata=anna.metadata)
    ) == (grpc.StatusCode.OK)
    time.sleep(2.5)
    with pytest.raises(grpc.RpcError) as raised:
        anna.stub.ListTables(service_pb2.ListTablesRequest(), metadata=anna.metadata)
    assert raised.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert "expired" in str(raised.value.details())
    anna.close()
