"""The leaderboards and statistics in a real Redis (``server.board``): every award lands
once however often it is applied, in all four windows of the server's calendar, ranks are
shared on equal points, and awards a stopped server left behind are applied by a worker
process (seed 000 "Partie und Bestenliste", "Ratsstube")."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from redis.asyncio import Redis

from server import keys
from server.awards import Award
from server.board import WINDOWS, Board, Period
from server.requests import Caller
from server.round_trips import Step, together
from server.service import TableService
from server.settings import Settings
from server.store import Store
from server.table import TableConfig, TableRecord
from server.table_log import SeatKind
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tools.processes import RedisServer, free_port, running, worker_process

HUMAN, COMPUTER = (SeatKind.HUMAN, "easy"), (SeatKind.COMPUTER, "easy")
WAIT_S = 60


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(free_port(), Path(tmp_path_factory.mktemp("redis")))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    client = redis_server.client()
    client.flushall()
    client.close()
    return redis_server.url


def _at(text: str) -> int:
    """Milliseconds of an ISO time in UTC."""
    return int(datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp() * 1000)


def _record(table_id: str, awards: list[Award]) -> TableRecord:
    config = TableConfig(
        "baska_kop", "kop", {"rule_set": "kop"}, (HUMAN, COMPUTER, COMPUTER, COMPUTER), 1, "t"
    )
    record, _ = TableRecord.new(table_id, config)
    record.awards = list(awards)
    return record


def _award(player: str, points: int, *tallies: str) -> Award:
    return Award(player, player.title(), points, tallies, "a deal")


def _run(redis_url: str, steps, time_zone: str = "UTC"):
    """Run ``steps(board)`` on a fresh connection."""

    async def main():
        redis = Redis.from_url(redis_url)
        try:
            return await steps(Board(redis, Settings(time_zone=time_zone)))
        finally:
            await redis.aclose()

    return asyncio.run(main())


def test_bestenliste_an_award_applied_twice_counts_once(redis_url: str) -> None:
    now = _at("2026-12-01T12:00:00")

    async def steps(board: Board):
        record = _record("t1", [_award("anna", 8, "deals_played", "deals_won", "won_doubles")])
        first = await board.apply(record, now)
        again = await board.apply(record, now)
        record.awards.append(_award("anna", 0, "deals_played"))
        third = await board.apply(record, now)
        return (
            first,
            again,
            third,
            await board.leaderboard("baska_kop", Period.ALL_TIME, now, "anna", 10, 2),
            (await board.statistics("anna")),
        )

    first, again, third, board, statistics = _run(redis_url, steps)
    assert (first, again, third) == (1, 0, 1)
    assert [(line.player_id, line.name, line.points, line.rank) for line in board.top] == [
        ("anna", "Anna", 8, 1)
    ]
    assert statistics == {"baska_kop": {"deals_played": 2, "deals_won": 1, "won_doubles": 1}}


def test_bestenliste_all_time_month_week_and_today_in_the_servers_time_zone(redis_url: str) -> None:
    # 23:30 UTC on Monday 30 November is already Tuesday 1 December in Warsaw (UTC+1).
    late_november = _at("2026-11-30T23:30:00")
    december = _at("2026-12-02T10:00:00")

    async def steps(board: Board):
        await board.apply(_record("t1", [_award("anna", 10)]), late_november)
        await board.apply(_record("t2", [_award("anna", 5)]), december)
        return {
            period: await board.leaderboard("baska_kop", period, december, "anna", 10, 0)
            for period in WINDOWS
        }

    warsaw = _run(redis_url, steps, "Europe/Warsaw")
    assert {
        period: (found.window, found.caller.points if found.caller else None)
        for period, found in warsaw.items()
    } == {
        Period.ALL_TIME: ("all", 15),
        Period.MONTH: ("month:2026-12", 15),
        Period.WEEK: ("week:2026-W49", 15),
        Period.DAY: ("day:2026-12-02", 5),
    }


def test_bestenliste_month_boundary_in_utc(redis_url: str) -> None:
    late_november = _at("2026-11-30T23:30:00")
    december = _at("2026-12-01T00:30:00")

    async def steps(board: Board):
        await board.apply(_record("t1", [_award("anna", 10)]), late_november)
        await board.apply(_record("t2", [_award("anna", 5)]), december)
        month = await board.leaderboard("baska_kop", Period.MONTH, december, "anna", 10, 0)
        week = await board.leaderboard("baska_kop", Period.WEEK, december, "anna", 10, 0)
        return month, week

    month, week = _run(redis_url, steps)
    assert month.caller is not None and month.caller.points == 5
    assert week.caller is not None and week.caller.points == 15  # Monday and Tuesday of one week


def test_bestenliste_equal_points_share_a_rank_and_the_next_rank_is_skipped(redis_url: str) -> None:
    now = _at("2026-12-01T12:00:00")
    points = {"anna": 30, "ben": 20, "cleo": 20, "dora": 10, "emil": -10}

    async def steps(board: Board):
        for index, (player, score) in enumerate(points.items()):
            await board.apply(_record(f"t{index}", [_award(player, score)]), now)
        top = await board.leaderboard("baska_kop", Period.ALL_TIME, now, "dora", 3, 1)
        cleo = await board.leaderboard("baska_kop", Period.ALL_TIME, now, "cleo", 1, 1)
        stranger = await board.leaderboard("baska_kop", Period.ALL_TIME, now, "zoe", 10, 2)
        return top, cleo, stranger

    top, cleo, stranger = _run(redis_url, steps)
    assert top.players == 5
    assert [(line.rank, line.points) for line in top.top] == [(1, 30), (2, 20), (2, 20)]
    # Equal points are listed in reverse order of the id (Redis's order): cleo, then ben.
    assert [(line.rank, line.player_id) for line in top.around] == [(2, "ben"), (4, "dora"), (5, "emil")]
    assert top.caller is not None and (top.caller.rank, top.caller.points) == (4, 10)
    assert cleo.caller is not None and cleo.caller.rank == 2
    assert [(line.rank, line.player_id) for line in cleo.around] == [(1, "anna"), (2, "cleo"), (2, "ben")]
    assert stranger.caller is None and stranger.around == ()


def test_bestenliste_a_note_is_removed_only_with_the_score_it_was_noted_with(redis_url: str) -> None:
    async def steps(board: Board):
        record = _record("t1", [_award("anna", 3)])
        first, newer = 1000, 2000
        await together(board.redis, [board.note_step("t1", first)])
        # A second change noted before the first applied.
        await together(board.redis, [board.note_step("t1", newer)])
        await board.apply(record, 5000, first)
        kept = await board.pending(10_000, 10)
        await board.apply(record, 5000, newer)
        return kept, await board.pending(10_000, 10)

    kept, left = _run(redis_url, steps)
    assert kept == [("t1", 2000)]
    assert left == []


def test_bestenliste_a_worker_applies_the_awards_a_stopped_server_left(
    redis_server: RedisServer, redis_url: str
) -> None:
    """The server commits a leave that costs −10 and stops before applying it (its apply
    step never runs); a worker process finds the note and applies it, once."""
    settings = Settings(redis_url=redis_url, board_settle_ms=0)

    async def leave_without_applying() -> str:
        redis = Redis.from_url(redis_url)
        try:
            store = Store(redis, settings)
            service = TableService(store, settings)

            def stopped(*args: object) -> Step:
                return Step("PING", lambda pipe: pipe.ping())

            store.board.apply_step = stopped  # type: ignore[method-assign,assignment]
            anna_id, _ = await store.register_player("Anna")
            ben_id, _ = await store.register_player("Ben")
            anna, ben = Caller(anna_id, "Anna"), Caller(ben_id, "Ben")
            human = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_HUMAN)
            computer = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_COMPUTER)
            created = await service.create_table(
                anna,
                service_pb2.CreateTableRequest(
                    game="baska_kop", rule_set="kop", seats=[human, human, computer, computer], join=True
                ),
            )
            await service.join_table(ben, service_pb2.JoinTableRequest(table=created.table.name))
            await service.leave_table(ben, service_pb2.LeaveTableRequest(table=created.table.name))
            assert await redis.zcard(keys.BOARD_PENDING) == 1
            assert await redis.exists(keys.board("baska_kop", "all")) == 0
            return ben_id
        finally:
            await redis.aclose()

    ben_id = asyncio.run(leave_without_applying())
    client = redis_server.client()
    try:
        with running(worker_process(redis_server, board_settle_ms="0")):
            deadline = time.monotonic() + WAIT_S
            while client.zcard(keys.BOARD_PENDING):
                assert time.monotonic() < deadline, "the worker did not apply the noted awards"
                time.sleep(0.05)
        assert client.zscore(keys.board("baska_kop", "all"), ben_id) == -10
        assert client.hgetall(keys.statistics(ben_id)) == {b"baska_kop:matches_left": b"1"}
    finally:
        client.close()
