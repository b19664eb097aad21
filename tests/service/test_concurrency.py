"""Retries and races: a duplicated submit is applied once; of concurrent submits one wins."""

from __future__ import annotations

import threading
import uuid

import grpc
import redis

from speedgamez.v1 import actions_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.client import DOUBLE, EASY, HUMAN, PASS, simple_move
from tests.support.stored import stored


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
