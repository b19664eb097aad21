"""Retries and races: a duplicated submit, join or leave is applied once; of concurrent
submits one wins."""

from __future__ import annotations

import threading
import uuid
from typing import Any

import grpc
import pytest
import redis

from client.connection import Connection
from server import keys
from speedgamez.v1 import actions_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc
from tests.service.conftest import Stack
from tests.support.checks import expect_status
from tests.support.client import DOUBLE, EASY, HUMAN, PASS, simple_move
from tests.support.stored import stored

INVALID = grpc.StatusCode.INVALID_ARGUMENT


def test_duplicated_submit_is_applied_once(stack: Stack, redis_client: redis.Redis) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop")
    view = anna.my_turn(created.name)
    before = stored(redis_client, view.name)
    request_id = uuid.uuid4().hex
    first = anna.submit(view, PASS, request_id=request_id)
    second = anna.submit(view, PASS, request_id=request_id)
    assert second.version >= first.version
    after = stored(redis_client, view.name)
    mine = [entry for entry in after.log[len(before.log) :] if entry.get("by") == "human"]
    assert mine == [
        {"type": "action", "seat": 0, "action": "pass", "note": "", "by": "human", "request": request_id}
    ]
    # The same id for a different action is a client bug, refused without a change.
    try:
        anna.submit(view, DOUBLE, request_id=request_id)
    except grpc.RpcError as error:
        assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
    else:
        raise AssertionError("reusing a request id for another action was accepted")
    assert [
        entry
        for entry in stored(redis_client, view.name).log[len(before.log) :]
        if entry.get("by") == "human"
    ] == mine


def test_concurrent_submits_for_one_table_exactly_one_wins(stack: Stack, redis_client: redis.Redis) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="baska")
    view = anna.my_turn(created.name)
    before = stored(redis_client, view.name)
    candidates = [choice.action for choice in view.choices if choice.allowed]
    actions = [candidates[index % len(candidates)] for index in range(12)]
    barrier = threading.Barrier(len(actions))
    outcomes: list[str] = []
    lock = threading.Lock()

    def submit(action: actions_pb2.Action) -> None:
        request = service_pb2.SubmitActionRequest(
            table=view.name, table_version=view.version, request_id=uuid.uuid4().hex, action=action
        )
        barrier.wait()
        try:
            anna.stub.SubmitAction(request, metadata=anna.metadata)
            result = "ok"
        except grpc.RpcError as error:
            result = error.code().name
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=submit, args=(action,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["ABORTED"] * (len(actions) - 1) + ["ok"]
    after = stored(redis_client, view.name)
    human_entries = [entry for entry in after.log[len(before.log) :] if entry.get("by") == "human"]
    assert len(human_entries) == 1


def test_request_ids_belong_to_their_player(stack: Stack, redis_client: redis.Redis) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, HUMAN, EASY, EASY], rule_set="kop")
    ben.join(created.name)
    view = ben.my_turn(created.name)
    assert list(view.to_act_seats) == [1]
    # An id that looks like the computer's own for the next version takes nothing from it.
    ben.submit(view, PASS, request_id=f"computer:{view.version + 1}:2")
    anna.wait(created.name, lambda seen: any(call.seat == 2 for call in seen.calls))

    shared = uuid.uuid4().hex
    anna_view = anna.my_turn(created.name)
    anna.submit(anna_view, simple_move(anna_view), request_id=shared)
    ben_view = ben.my_turn(created.name)
    ben.submit(ben_view, simple_move(ben_view), request_id=shared)
    with_shared = [
        entry for entry in stored(redis_client, created.name).log if entry.get("request") == shared
    ]
    assert [entry["seat"] for entry in with_shared] == [0, 1]


def _kinds(redis_client: redis.Redis, table: str, after: int) -> list[str]:
    """The types of the table's log entries from the ``after``-th on, computers' moves left out."""
    log = stored(redis_client, table).log[after:]
    return [entry["type"] for entry in log if entry.get("by") != "computer"]


def test_a_leave_sent_again_with_its_request_id_changes_nothing(
    stack: Stack, redis_client: redis.Redis
) -> None:
    """The creator who leaves his running table of computers has no seat left: a second
    leave of his stops the table, but the first sent again (its answer lost) must not."""
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="24")
    before = len(stored(redis_client, created.name).log)
    leave = service_pb2.LeaveTableRequest(table=created.name, request_id=uuid.uuid4().hex)
    anna.stub.LeaveTable(leave, metadata=anna.metadata)
    anna.stub.LeaveTable(leave, metadata=anna.metadata)
    assert _kinds(redis_client, created.name, before) == ["leave"]
    assert anna.get(created.name).phase != table_pb2.TABLE_PHASE_CLOSED
    # The same id for another request is a client bug, refused without a change.
    reused = service_pb2.JoinTableRequest(table=created.name, request_id=leave.request_id)
    expect_status(INVALID, lambda: anna.stub.JoinTable(reused, metadata=anna.metadata))
    # A leave of its own, with a new id, still stops the table.
    stop = service_pb2.LeaveTableRequest(table=created.name, request_id=uuid.uuid4().hex)
    anna.stub.LeaveTable(stop, metadata=anna.metadata)
    assert _kinds(redis_client, created.name, before) == ["leave", "stop"]
    assert anna.get(created.name).phase == table_pb2.TABLE_PHASE_CLOSED


def test_a_join_sent_again_with_its_request_id_answers_with_the_seat(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, HUMAN, EASY, EASY], rule_set="kop", deals="24")
    before = len(stored(redis_client, created.name).log)
    join = service_pb2.JoinTableRequest(table=created.name, request_id=uuid.uuid4().hex)
    first = ben.stub.JoinTable(join, metadata=ben.metadata).table
    again = ben.stub.JoinTable(join, metadata=ben.metadata).table
    assert again.viewer_seat == first.viewer_seat == 1
    assert _kinds(redis_client, created.name, before) == ["join"]
    # The same id for another request is a client bug, refused without a change.
    reused = service_pb2.LeaveTableRequest(table=created.name, request_id=join.request_id)
    expect_status(INVALID, lambda: ben.stub.LeaveTable(reused, metadata=ben.metadata))
    assert _kinds(redis_client, created.name, before) == ["join"]
    # Without an id, a join sent again is refused: the seat is taken already.
    expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: ben.join(created.name))


def test_a_join_sent_again_after_the_player_left_counts_nothing(
    stack: Stack, redis_client: redis.Redis
) -> None:
    """Ben's join took long on the way; his client sent it again, was answered, and he
    left. The first join, arriving last, is the same request: it shows him the table,
    without a seat, and counts it against his limit no more."""
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, HUMAN, HUMAN, EASY], rule_set="kop")
    join = service_pb2.JoinTableRequest(table=created.name, request_id="join-1")
    ben.stub.JoinTable(join, metadata=ben.metadata)
    ben.stub.LeaveTable(service_pb2.LeaveTableRequest(table=created.name), metadata=ben.metadata)
    again = ben.stub.JoinTable(join, metadata=ben.metadata).table
    assert not again.HasField("viewer_seat")
    counted = redis_client.smembers(keys.player_unfinished(ben.player_id))
    assert created.name.removeprefix("tables/").encode() not in counted


@pytest.mark.parametrize("request_id", ["x" * 65, "tab\tbed"])
def test_join_and_leave_refuse_a_malformed_request_id(stack: Stack, request_id: str) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, HUMAN, EASY, EASY], rule_set="kop")
    calls = [
        lambda: ben.stub.JoinTable(
            service_pb2.JoinTableRequest(table=created.name, request_id=request_id), metadata=ben.metadata
        ),
        lambda: anna.stub.LeaveTable(
            service_pb2.LeaveTableRequest(table=created.name, request_id=request_id), metadata=anna.metadata
        ),
    ]
    for call in calls:
        refusal = expect_status(INVALID, call)
        assert "request_id must be empty or 1 to 64 printable characters" in refusal
    assert anna.get(created.name).phase == table_pb2.TABLE_PHASE_WAITING_FOR_PLAYERS


class _Unavailable(grpc.RpcError):
    def code(self) -> grpc.StatusCode:
        return grpc.StatusCode.UNAVAILABLE

    def details(self) -> str:
        return "the answer was lost on the way"


class _LoseFirstAnswer(grpc.UnaryUnaryClientInterceptor):
    """Passes every call on, and throws away the answer to the first call of ``method``,
    as a connection that broke on the way back would: the server made the change, and the
    client hears UNAVAILABLE."""

    def __init__(self, method: str) -> None:
        self.method = method
        self.lost = 0

    def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        outcome = continuation(details, request)
        if details.method.endswith(f"/{self.method}") and not self.lost:
            outcome.result()
            self.lost += 1
            raise _Unavailable()
        return outcome


@pytest.mark.parametrize("method", ["JoinTable", "LeaveTable"])
def test_the_client_sends_a_join_or_leave_again_after_its_answer_was_lost(
    stack: Stack, redis_client: redis.Redis, method: str
) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, HUMAN, EASY, EASY], rule_set="kop", deals="24")
    before = len(stored(redis_client, created.name).log)
    ben = Connection(stack.address, german=False)
    ben.use_token(stack.player("Ben").token)
    if method == "LeaveTable":
        ben.join(created.name)
    losing = _LoseFirstAnswer(method)
    ben.stub = service_grpc.TableServiceStub(grpc.intercept_channel(ben.channel, losing))
    if method == "JoinTable":
        assert ben.join(created.name).viewer_seat == 1
        assert _kinds(redis_client, created.name, before) == ["join"]
    else:
        ben.leave(created.name)
        assert _kinds(redis_client, created.name, before) == ["join", "leave"]
    assert losing.lost == 1
    ben.close()
