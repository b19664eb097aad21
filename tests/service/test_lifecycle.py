"""Seats over a table's life, and the server process's own lifecycle."""

from __future__ import annotations

import signal

import grpc
import pytest
import redis
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.client import EASY, HUMAN, Player, simple_move
from tests.support.stored import stored
from tools.processes import server_address, server_process


def test_leaving_before_the_start_opens_the_seat_and_the_last_to_leave_closes_the_table(stack: Stack) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    waiting = anna.create([HUMAN, HUMAN, HUMAN, EASY])
    ben.join(waiting.name)
    anna.stub.LeaveTable(service_pb2.LeaveTableRequest(table=waiting.name), metadata=anna.metadata)
    view = ben.get(waiting.name)
    assert view.phase == table_pb2.TABLE_PHASE_WAITING_FOR_PLAYERS
    assert [seat.open for seat in view.seats] == [True, False, True, False]

    ben.stub.LeaveTable(service_pb2.LeaveTableRequest(table=waiting.name), metadata=ben.metadata)
    assert ben.get(waiting.name).phase == table_pb2.TABLE_PHASE_CLOSED
    listing = ben.stub.ListTables(service_pb2.ListTablesRequest(page_size=100), metadata=ben.metadata)
    assert waiting.name not in [summary.name for summary in listing.tables]
    with pytest.raises(grpc.RpcError) as raised:
        ben.join(waiting.name)
    assert raised.value.code() == grpc.StatusCode.FAILED_PRECONDITION


def test_a_human_who_leaves_a_running_match_is_replaced_by_the_computer(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, HUMAN, EASY, EASY], rule_set="kop", deals="8")
    ben.join(created.name)
    ben.stub.LeaveTable(service_pb2.LeaveTableRequest(table=created.name), metadata=ben.metadata)
    view = anna.get(created.name)
    assert (
        view.seats[1].kind == table_pb2.SEAT_KIND_HUMAN
        and view.seats[1].level == table_pb2.COMPUTER_LEVEL_EASY
    )
    assert "computer plays on" in view.seats[1].player_name
    spectator = ben.get(created.name)
    assert not spectator.HasField("viewer_seat") and not spectator.hand
    while view.phase != table_pb2.TABLE_PHASE_FINISHED:
        view = anna.my_turn(created.name)
        if view.phase != table_pb2.TABLE_PHASE_FINISHED:
            anna.submit(view, simple_move(view))
    table = stored(redis_client, created.name)
    assert any(entry.get("by") == "computer" and entry["seat"] == 1 for entry in table.log)
    assert table.replayed_state() == table.state


def test_a_player_who_left_the_running_match_takes_his_seat_back_and_nobody_else_can(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, ben, carl = stack.player("Anna"), stack.player("Ben"), stack.player("Carl")
    created = anna.create([HUMAN, HUMAN, EASY, EASY], rule_set="kop", deals="8")
    ben.join(created.name)
    ben.stub.LeaveTable(service_pb2.LeaveTableRequest(table=created.name), metadata=ben.metadata)
    for seat in (None, 1):
        request = service_pb2.JoinTableRequest(table=created.name, seat=seat)
        with pytest.raises(grpc.RpcError) as refused:
            carl.stub.JoinTable(request, metadata=carl.metadata)
        assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    back = ben.join(created.name)
    assert back.viewer_seat == 1 and back.hand
    assert back.seats[1].player_name == "Ben" and back.seats[1].level == table_pb2.COMPUTER_LEVEL_UNSPECIFIED
    # From now on the table waits for Ben, not the computer: he plays his seat to the end.
    view = back
    while view.phase != table_pb2.TABLE_PHASE_FINISHED and view.deal_number < 2:
        for player in (anna, ben):
            view = player.get(created.name)
            if view.viewer_seat in view.to_act_seats:
                player.submit(view, simple_move(view))
    table = stored(redis_client, created.name)
    joined_again = max(
        index for index, entry in enumerate(table.log) if entry["type"] == "join" and entry["seat"] == 1
    )
    assert not [
        entry
        for entry in table.log[joined_again + 1 :]
        if entry["type"] == "action" and entry["seat"] == 1 and entry["by"] == "computer"
    ]
    assert table.replayed_state() == table.state


def test_health_reflection_and_graceful_shutdown(stack: Stack) -> None:
    server = server_process(stack.redis, shutdown_grace_s="2")
    server.start()
    channel = grpc.insecure_channel(server_address(server))
    health = health_pb2_grpc.HealthStub(channel)
    answer = health.Check(health_pb2.HealthCheckRequest(service="speedgamez.v1.TableService"))
    assert answer.status == health_pb2.HealthCheckResponse.SERVING
    reflection = reflection_pb2_grpc.ServerReflectionStub(channel)
    replies = reflection.ServerReflectionInfo(
        iter([reflection_pb2.ServerReflectionRequest(list_services="")])
    )
    services = {service.name for reply in replies for service in reply.list_services_response.service}
    assert "speedgamez.v1.TableService" in services

    # A call still running at SIGTERM (a watch stream) is ended by the server once the
    # grace time is over, and the process exits cleanly. Only the outcome is checked: on
    # a busy machine the interpreter alone may take seconds to stop.
    anna = Player(server_address(server), "Anna")
    waiting = anna.create([HUMAN, HUMAN, EASY, EASY])
    stream = anna.stub.WatchTable(
        service_pb2.WatchTableRequest(table=waiting.name, after_sequence=waiting.last_event_sequence),
        metadata=anna.metadata,
    )
    watch_health = health.Watch(health_pb2.HealthCheckRequest(service="speedgamez.v1.TableService"))
    assert next(watch_health).status == health_pb2.HealthCheckResponse.SERVING
    assert server.process is not None
    server.process.send_signal(signal.SIGTERM)
    assert next(watch_health).status == health_pb2.HealthCheckResponse.NOT_SERVING
    with pytest.raises(grpc.RpcError) as ended:
        for _ in stream:
            pass
    assert ended.value.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED)
    assert server.process.wait(timeout=300) == 0
    anna.close()
    channel.close()


def test_a_table_of_computers_only_plays_by_itself(stack: Stack, redis_client: redis.Redis) -> None:
    anna = stack.player("Anna")
    request = service_pb2.CreateTableRequest(
        game="baska_kop", rule_set="baska", options={"deals": "8"}, seats=[EASY] * 4
    )
    created = anna.stub.CreateTable(request, metadata=anna.metadata).table
    final = anna.wait(created.name, lambda view: view.phase == table_pb2.TABLE_PHASE_FINISHED, timeout=60)
    assert not final.HasField("viewer_seat") and not final.hand
    table = stored(redis_client, final.name)
    assert sum(1 for event in table.events if event.WhichOneof("kind") == "deal_settled") == 8
    assert table.replayed_state() == table.state


def test_the_creator_may_withdraw_a_table_nobody_sits_at_and_its_watchers_are_told(stack: Stack) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, HUMAN, EASY, EASY], join=False)
    stream = ben.stub.WatchTable(service_pb2.WatchTableRequest(table=created.name), metadata=ben.metadata)
    anna.stub.LeaveTable(service_pb2.LeaveTableRequest(table=created.name), metadata=anna.metadata)
    kinds = [response.event.WhichOneof("kind") for response in stream]  # ends by itself
    assert kinds[-1] == "table_closed"
    assert anna.get(created.name).phase == table_pb2.TABLE_PHASE_CLOSED
    # A closed table's stream, resumed at its end, ends at once.
    last = anna.get(created.name).last_event_sequence
    request = service_pb2.WatchTableRequest(table=created.name, after_sequence=last)
    assert list(ben.stub.WatchTable(request, metadata=ben.metadata, timeout=10)) == []
