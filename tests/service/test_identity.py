"""Who a token belongs to, ending a token, and telling players of the same name apart.

GetPlayer names the caller; SeatView.player_id names the person at each human seat, so
two people called Anna at one table are two people; RevokeToken ends a token at once
without touching any other token or the player's seats.
"""

from __future__ import annotations

import grpc
import redis

from server import keys
from server.store import digest
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import expect_status
from tests.support.client import EASY, HUMAN


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
