"""Who a token belongs to, ending a token, and telling players of the same name apart.

GetPlayer names the caller; SeatView.player_id names the person at each human seat, so
two people called Anna at one table are two people; RevokeToken ends a token at once
without touching any other token or the player's seats, and ends the token's open watch
streams on every server, over gRPC and over HTTP.
"""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
import redis

from server import keys
from server.store import digest
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import expect_status
from tests.support.client import EASY, HUMAN, Player
from tests.support.http import Connect, ConnectStreamError
from tools.processes import (
    RedisCluster,
    RedisServer,
    ServiceProcess,
    http_address,
    running,
    server_address,
    server_process,
)


def test_get_player_names_the_caller_and_seats_tell_two_people_of_one_name_apart(stack: Stack) -> None:
    first, second = stack.player("Anna"), stack.player("Anna")
    for player in (first, second):
        me = player.stub.GetPlayer(service_pb2.GetPlayerRequest(), metadata=player.metadata)
        assert (me.player_id, me.display_name) == (player.player_id, "Anna")
    created = first.create([HUMAN, HUMAN, EASY, EASY])
    view = second.join(created.name)
    seats = [(seat.player_name, seat.player_id) for seat in view.seats]
    assert seats[:2] == [("Anna", first.player_id), ("Anna", second.player_id)]
    assert first.player_id != second.player_id
    assert [seat.player_id for seat in view.seats[2:]] == ["", ""], "a computer seat names no player"


def test_a_revoked_token_is_refused_from_then_on_and_nothing_else_changes(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, HUMAN, EASY, EASY])
    ben.join(created.name)
    anna.stub.RevokeToken(service_pb2.RevokeTokenRequest(), metadata=anna.metadata)
    assert redis_client.exists(keys.token(digest(anna.token)), keys.rate(digest(anna.token))) == 0
    for call in (
        lambda: anna.stub.GetPlayer(service_pb2.GetPlayerRequest(), metadata=anna.metadata),
        lambda: anna.get(created.name),
        lambda: anna.stub.RevokeToken(service_pb2.RevokeTokenRequest(), metadata=anna.metadata),
    ):
        message = expect_status(grpc.StatusCode.UNAUTHENTICATED, call)
        assert "register again" in message
    # Ben's token works on, and Anna still holds her seat.
    view = ben.get(created.name)
    assert view.seats[0].player_id == anna.player_id and not view.seats[0].level
    me = ben.stub.GetPlayer(service_pb2.GetPlayerRequest(), metadata=ben.metadata)
    assert me.player_id == ben.player_id


@pytest.fixture(scope="module")
def two_servers(redis_server: RedisServer | RedisCluster) -> Iterator[tuple[ServiceProcess, ServiceProcess]]:
    """Two servers whose idle streams send no heartbeat within a test: a stream that is
    not ended stays silent, and the client's read times out instead of waiting for good."""
    servers = (server_process(redis_server, watch_heartbeat_s="3600"), server_process(redis_server))
    with running(*servers):
        yield servers


def test_a_revoked_token_ends_its_open_watch_streams_on_every_server_over_grpc_and_http(
    two_servers: tuple[ServiceProcess, ServiceProcess],
) -> None:
    watching, other = two_servers
    anna = Player(server_address(watching), "Anna")
    try:
        table = anna.create([HUMAN, HUMAN, EASY, EASY])
        request = service_pb2.WatchTableRequest(table=table.name)
        over_grpc = anna.stub.WatchTable(request, metadata=anna.metadata, timeout=120)
        lobby = anna.stub.WatchLobby(service_pb2.WatchLobbyRequest(), metadata=anna.metadata, timeout=120)
        over_http = Connect(http_address(watching), anna.token).stream("WatchTable", request)
        # Each stream is open: it delivered what there was.
        assert next(over_grpc).event.sequence == 1
        assert next(lobby).HasField("snapshot")
        assert next(over_http).event.sequence == 1  # type: ignore[attr-defined]
        anna.using(server_address(other)).stub.RevokeToken(
            service_pb2.RevokeTokenRequest(), metadata=anna.metadata
        )
        for stream in (over_grpc, lobby):
            with pytest.raises(grpc.RpcError) as raised:
                for _ in stream:
                    pass
            assert raised.value.code() == grpc.StatusCode.UNAUTHENTICATED, raised.value.details()
            assert "revoked" in str(raised.value.details())
        with pytest.raises(ConnectStreamError) as ended:
            for _ in over_http:
                pass
        assert ended.value.code == "UNAUTHENTICATED" and "revoked" in ended.value.message
    finally:
        anna.close()
