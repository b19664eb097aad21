"""Limits against abuse: request size, per-token rate, tables and watch streams per player,
token expiry, and per client address (rate, registrations, watch streams, behind a
trusted proxy by the address it names). Each answers RESOURCE_EXHAUSTED (or
UNAUTHENTICATED for an expired token) with a message that says what to do."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator

import grpc
import pytest

from server import store as store_module
from server.service import TableService
from server.settings import Settings
from server.store import Store, connect, digest
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc
from tests.support.client import EASY, HUMAN, Player
from tools.processes import (
    RedisCluster,
    RedisServer,
    ServiceProcess,
    running,
    server_address,
    server_process,
)


@pytest.fixture(scope="module")
def strict(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    server = server_process(redis_server, rate_per_s="5", rate_burst="5", max_tables="2", max_watches="2")
    with running(server):
        yield server


@pytest.fixture(scope="module")
def expiring(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    # Watch streams renew their leases, and look at their tokens, every half second.
    server = server_process(redis_server, token_ttl_s="2", watch_lease_ms="1500")
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


def test_a_token_making_too_many_requests_is_slowed_down(redis_server: RedisServer) -> None:
    # A bucket of 5 that refills one request every two seconds: however busy the machine,
    # twelve calls in a row run it dry.
    server = server_process(redis_server, rate_per_s="0.5", rate_burst="5")
    with running(server):
        anna = Player(server_address(server), "Anna")
        request = service_pb2.ListTablesRequest()
        codes = [status_of(lambda: anna.stub.ListTables(request, metadata=anna.metadata)) for _ in range(12)]
        assert codes[:5] == [grpc.StatusCode.OK] * 5
        assert grpc.StatusCode.RESOURCE_EXHAUSTED in codes[5:]
        with pytest.raises(grpc.RpcError) as raised:
            anna.stub.ListTables(request, metadata=anna.metadata)
        wait = re.search(r"retry in (\d+) ms", str(raised.value.details()))
        assert wait is not None, raised.value.details()
        # Waiting as long as the server says is enough.
        time.sleep(int(wait.group(1)) / 1000)
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


def test_a_join_sent_again_at_the_table_limit_is_no_new_table(strict: ServiceProcess) -> None:
    """The join that reached the limit, sent again after its answer was lost, answers with
    the seat rather than counting its own table twice."""
    anna, ben = Player(server_address(strict), "Anna"), Player(server_address(strict), "Ben")
    anna.create([HUMAN, HUMAN, EASY, EASY])
    table = ben.create([HUMAN, HUMAN, EASY, EASY])
    join = service_pb2.JoinTableRequest(table=table.name, request_id="join-1")
    assert anna.stub.JoinTable(join, metadata=anna.metadata).table.viewer_seat == 1
    assert anna.stub.JoinTable(join, metadata=anna.metadata).table.viewer_seat == 1
    anna.close()
    ben.close()


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
    # Once the server has noticed the cancellation and released the lease, a new stream opens.
    deadline = time.monotonic() + 60
    while True:
        fourth = anna.stub.WatchTable(request, metadata=anna.metadata)
        try:
            assert next(fourth).event.sequence == 1
            break
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert time.monotonic() < deadline, "the cancelled stream's lease was never released"
            time.sleep(0.05)
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


def test_a_watch_stream_ends_when_its_token_expires(expiring: ServiceProcess) -> None:
    """No revocation is announced: the stream finds out when it renews its lease."""
    anna = Player(server_address(expiring), "Anna")
    table = anna.create([HUMAN, HUMAN, EASY, EASY])
    stream = anna.stub.WatchTable(
        service_pb2.WatchTableRequest(table=table.name), metadata=anna.metadata, timeout=120
    )
    assert next(stream).event.sequence == 1
    with pytest.raises(grpc.RpcError) as raised:
        for _ in stream:
            pass
    assert raised.value.code() == grpc.StatusCode.UNAUTHENTICATED, raised.value.details()
    assert "expired" in str(raised.value.details())
    anna.close()


@pytest.fixture(scope="module")
def per_address(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    server = server_process(
        redis_server,
        address_rate_per_s="0.5",
        address_rate_burst="6",
        registrations_per_min="1",
        max_watches_per_address="2",
        trusted_proxies="127.0.0.1/32",
    )
    with running(server):
        yield server


def test_an_address_is_limited_whatever_tokens_it_uses(per_address: ServiceProcess) -> None:
    address = "203.0.113.10"
    channel = grpc.insecure_channel(server_address(per_address))
    stub = service_grpc.TableServiceStub(channel)
    tokens = []
    for name in ("Anna", "Ben"):
        registered = stub.RegisterPlayer(
            service_pb2.RegisterPlayerRequest(display_name=name), metadata=[("x-forwarded-for", address)]
        )
        tokens.append([("authorization", f"Bearer {registered.token}"), ("x-forwarded-for", address)])
    request = service_pb2.ListTablesRequest()
    codes = [
        status_of(lambda metadata=metadata: stub.ListTables(request, metadata=metadata))
        for metadata in tokens * 3
    ]
    assert grpc.StatusCode.RESOURCE_EXHAUSTED in codes
    with pytest.raises(grpc.RpcError) as raised:
        stub.ListTables(request, metadata=tokens[1])
    assert "from this address" in str(raised.value.details())
    # Another address behind the same proxy has a bucket of its own.
    other = stub.RegisterPlayer(
        service_pb2.RegisterPlayerRequest(display_name="Cleo"), metadata=[("x-forwarded-for", "203.0.113.11")]
    )
    assert other.token
    channel.close()


def test_registrations_from_one_address_are_limited(per_address: ServiceProcess) -> None:
    channel = grpc.insecure_channel(server_address(per_address))
    stub = service_grpc.TableServiceStub(channel)
    metadata = [("x-forwarded-for", "203.0.113.20")]
    codes = [
        status_of(
            lambda: stub.RegisterPlayer(
                service_pb2.RegisterPlayerRequest(display_name="bot"), metadata=metadata
            )
        )
        for _ in range(4)
    ]
    assert codes[:2] == [grpc.StatusCode.OK] * 2
    assert codes[2:] == [grpc.StatusCode.RESOURCE_EXHAUSTED] * 2
    with pytest.raises(grpc.RpcError) as raised:
        stub.RegisterPlayer(service_pb2.RegisterPlayerRequest(display_name="bot"), metadata=metadata)
    assert "registrations from this address" in str(raised.value.details())
    channel.close()


def test_an_address_has_at_most_the_allowed_watch_streams(per_address: ServiceProcess) -> None:
    address = "203.0.113.30"
    channel = grpc.insecure_channel(server_address(per_address))
    stub = service_grpc.TableServiceStub(channel)
    watchers = []
    for index in range(3):
        registered = stub.RegisterPlayer(
            service_pb2.RegisterPlayerRequest(display_name=f"Watcher {index}"),
            metadata=[("x-forwarded-for", f"198.51.100.{index}")],
        )
        watchers.append([("authorization", f"Bearer {registered.token}"), ("x-forwarded-for", address)])
    table = stub.CreateTable(
        service_pb2.CreateTableRequest(
            game="baska_kop", rule_set="kop", seats=[HUMAN, HUMAN, EASY, EASY], join=True
        ),
        metadata=watchers[0],
    ).table
    request = service_pb2.WatchTableRequest(table=table.name)
    streams = [stub.WatchTable(request, metadata=metadata) for metadata in watchers[:2]]
    for stream in streams:
        assert next(stream).event.sequence == 1
    third = stub.WatchTable(request, metadata=watchers[2])
    with pytest.raises(grpc.RpcError) as raised:
        next(third)
    assert raised.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "per client address" in str(raised.value.details())
    for stream in streams:
        stream.cancel()
    channel.close()


@pytest.fixture(scope="module")
def behind_an_unknown_proxy(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    server = server_process(
        redis_server, address_rate_per_s="0.2", address_rate_burst="4", trusted_proxies="10.0.0.0/8"
    )
    with running(server):
        yield server


def test_a_peer_that_is_not_a_trusted_proxy_cannot_choose_its_address(
    behind_an_unknown_proxy: ServiceProcess,
) -> None:
    channel = grpc.insecure_channel(server_address(behind_an_unknown_proxy))
    stub = service_grpc.TableServiceStub(channel)
    # Every call names another address, but all count against the peer's own.
    codes = [
        status_of(
            lambda number=number: stub.ListGames(
                service_pb2.ListGamesRequest(), metadata=[("x-forwarded-for", f"192.0.2.{number}")]
            )
        )
        for number in range(8)
    ]
    assert codes[:4] == [grpc.StatusCode.OK] * 4
    assert grpc.StatusCode.RESOURCE_EXHAUSTED in codes[4:]
    channel.close()


def test_servers_whose_clocks_disagree_or_step_back_refuse_no_request_within_the_burst(
    redis_server: RedisServer | RedisCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two servers a minute apart take turns with one player's calls, then one of them
    has its clock stepped back an hour: nine calls within a burst of ten are all allowed,
    by the token's bucket and by the address's."""
    settings = Settings(
        redis_url=redis_server.url,
        redis_cluster=redis_server.cluster,
        rate_per_s=1,
        rate_burst=10,
        address_rate_per_s=1,
        address_rate_burst=10,
    )
    started = int(time.time() * 1000)
    first, second, stepped_back = started, started - 60_000, started - 3_600_000
    # The clock of the server each call reaches, in the order of the calls.
    clocks = [first, second] * 4 + [stepped_back]
    reading = {"now": started}
    monkeypatch.setattr(store_module, "now_ms", lambda: reading["now"])

    async def calls() -> None:
        client = connect(settings, "test")
        try:
            store = Store(client, settings)
            service = TableService(store, settings)
            _, token = await store.register_player("Anna")
            address = digest("198.51.100.40")
            for now in clocks:
                reading["now"] = now
                await service.admit(token, address, 1, "")
        finally:
            await client.aclose()

    asyncio.run(calls())
