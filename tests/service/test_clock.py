"""The move clock across processes: servers, workers, one Redis, and people who do not
act (SPEC §3; seed 000 "Zug-Uhr", seed 002 "Bedenkzeit").

A second of think time lasts 10 ms here (``SPEEDGAMEZ_CLOCK_SECOND_MS``), the grace and
the reading time 100 ms: the tests wait for what the clock does, never for a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc
import pytest
import redis

from server import keys
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.support.checks import eventually, expect_status
from tests.support.client import EASY, HUMAN, Player, simple_move
from tests.support.stored import stored
from tools.processes import RedisServer, running, server_address, server_process, worker_process

CLOCK = {"clock_second_ms": "10", "clock_grace_ms": "100", "clock_reading_ms": "100", "clock_poll_ms": "20"}
SECOND_MS, GRACE_MS = 10, 100
IN_A_DEAL = (table_pb2.TABLE_PHASE_BIDDING, table_pb2.TABLE_PHASE_PLAYING)


@pytest.fixture
def addresses(clean_redis: RedisServer) -> Iterator[tuple[str, str]]:
    """Two servers and two workers with a fast clock."""
    servers = [server_process(clean_redis, **CLOCK) for _ in range(2)]
    workers = [worker_process(clean_redis, **CLOCK) for _ in range(2)]
    with running(*servers, *workers):
        yield server_address(servers[0]), server_address(servers[1])


def _create(
    player: Player, seats: list[service_pb2.SeatConfig], think_seconds: int | None = None
) -> table_pb2.TableView:
    request = service_pb2.CreateTableRequest(game="baska_kop", rule_set="kop", seats=seats, join=True)
    if think_seconds is not None:
        request.think_seconds = think_seconds
    return player.stub.CreateTable(request, metadata=player.metadata).table


def _clock_moves(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [move for entry in log if entry["type"] == "expire" for move in entry["moves"]]


def test_people_who_do_not_act_are_moved_for_once_and_the_next_deal_starts(
    addresses: tuple[str, str], redis_client: redis.Redis
) -> None:
    first, second = addresses
    anna, ben = Player(first, "Anna"), Player(second, "Ben")
    created = _create(anna, [HUMAN, HUMAN, EASY, EASY], think_seconds=30)
    assert ben.join(created.name).think_seconds == 30
    # Nobody acts: the clock plays the first deal for both, the settlement's barrier runs
    # out, and the second deal starts.
    eventually(lambda: anna.get(created.name).deal_number >= 2, what="the second deal", timeout=120)
    table = stored(redis_client, created.name)
    moves = _clock_moves(table.log)
    assert {move["seat"] for move in moves} == {0, 1}
    continued = sorted(move["seat"] for move in moves if move["action"] == "continue")
    assert continued[:2] == [0, 1], "the barrier continued for both"
    assert not [entry for entry in table.log if entry["type"] == "action" and entry["by"] == "human"]
    # The history says so, each viewer reading the names; and each expiry was applied
    # once: the log has one entry per version and replays to exactly the stored state.
    notes = {
        event.action_taken.reason for event in table.events if event.WhichOneof("kind") == "action_taken"
    }
    assert {
        "the think time ran out: the computer moved for seat 0",
        "the think time ran out: the computer moved for seat 1",
    } <= notes
    request = service_pb2.WatchTableRequest(table=created.name, after_sequence=0)
    told: set[str] = set()
    for answer in anna.stub.WatchTable(request, metadata=anna.metadata):
        told.add(answer.event.action_taken.reason)
        if answer.event.sequence >= len(table.events):
            break
    assert "the think time ran out: the computer moved for Ben" in told
    assert len(table.log) == table.version - 1
    assert table.replayed_state() == table.state


def test_a_person_away_has_only_the_grace_and_acting_brings_him_back(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    # A grace long enough for a test client to answer in, on a busy machine.
    clock = CLOCK | {"clock_grace_ms": "3000"}
    server, worker = server_process(clean_redis, **clock), worker_process(clean_redis, **clock)
    with running(server, worker):
        anna, ben = Player(server_address(server), "Anna"), Player(server_address(server), "Ben")
        created = _create(anna, [HUMAN, HUMAN, EASY, EASY], think_seconds=30)
        ben.join(created.name)
        came_back: list[table_pb2.TableView] = []

        def anna_comes_back() -> bool:
            view = anna.get(created.name)
            if not (view.seats[0].away and 0 in view.to_act_seats and view.phase in IN_A_DEAL):
                return False
            # Away, she has only the grace: the deadline is at most that far off.
            assert view.deadline_time.ToMilliseconds() - view.server_time.ToMilliseconds() <= 3000
            try:
                came_back.append(anna.submit(view, simple_move(view)))
            except grpc.RpcError as error:
                assert error.code() == grpc.StatusCode.ABORTED  # the clock was quicker
                return False
            return True

        eventually(anna_comes_back, what="Anna to act while away", timeout=120)
        assert not came_back[0].seats[0].away
        log = stored(redis_client, created.name).log
        timed_out_before = [move for move in _clock_moves(log) if move["seat"] == 0]
        assert len(timed_out_before) >= 2
        assert [entry for entry in log if entry["type"] == "action" and entry["by"] == "human"]


def test_a_view_carries_the_deadline_in_server_time_and_the_servers_now(addresses: tuple[str, str]) -> None:
    first, second = addresses
    anna, ben = Player(first, "Anna"), Player(second, "Ben")
    created = _create(anna, [HUMAN, HUMAN, EASY, EASY], think_seconds=120)
    ben.join(created.name)
    seen: list[table_pb2.TableView] = []

    def a_person_is_waited_for() -> bool:
        view = anna.get(created.name)
        seen.append(view)
        return bool(set(view.to_act_seats) & {0, 1}) and view.phase in IN_A_DEAL

    eventually(a_person_is_waited_for, what="the table to wait for a person")
    view = seen[-1]
    assert view.HasField("deadline_time") and view.HasField("server_time")
    # Set when the person's turn began: at most think time plus grace after the view.
    assert (
        view.deadline_time.ToMilliseconds() - view.server_time.ToMilliseconds() <= 120 * SECOND_MS + GRACE_MS
    )


def test_think_time_is_two_minutes_with_other_people_and_none_alone_unless_chosen(
    addresses: tuple[str, str],
) -> None:
    anna = Player(addresses[0], "Anna")
    assert _create(anna, [HUMAN, HUMAN, EASY, EASY]).think_seconds == 120
    alone = _create(anna, [HUMAN, EASY, EASY, EASY])
    assert alone.think_seconds == 0 and not alone.HasField("deadline_time")
    assert _create(anna, [HUMAN, EASY, EASY, EASY], think_seconds=30).think_seconds == 30


def test_a_think_time_not_offered_is_invalid_and_creates_nothing(
    addresses: tuple[str, str], redis_client: redis.Redis
) -> None:
    anna = Player(addresses[0], "Anna")
    before = len(redis_client.keys(keys.table("*")))
    for seconds in (45, -30, 600):
        message = expect_status(
            grpc.StatusCode.INVALID_ARGUMENT,
            lambda seconds=seconds: _create(anna, [HUMAN, HUMAN, EASY, EASY], think_seconds=seconds),  # type: ignore[misc]
        )
        assert message == f"think_seconds must be one of 30, 60, 90, 120, or 0 for no clock; not {seconds}"
    assert len(redis_client.keys(keys.table("*"))) == before
