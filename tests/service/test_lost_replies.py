"""Answers Redis sent that the server never got: the connection broke just after Redis ran
a write (``tests.support.lost_reply``). The server sends the write again on a new
connection (``server.multiplexed``), and every change still happens once and is answered
as done, with what follows it (indexes, the computers' jobs, the player's lists) done too.
On a single Redis, where the server's commands share one connection."""

from __future__ import annotations

import asyncio
import dataclasses
import uuid
from collections.abc import Awaitable, Callable, Iterator

import pytest

from server import keys
from server.service import Caller, TableService
from server.settings import Settings
from server.store import Store, connect
from server.table import TableStatus
from server.table_log import Join, Leave
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.support.client import EASY, HUMAN, simple_move
from tests.support.lost_reply import LostReplyProxy
from tools.capacity import fresh_redis
from tools.processes import RedisServer


@pytest.fixture(scope="module")
def store() -> Iterator[RedisServer]:
    with fresh_redis() as server:
        yield server


@dataclasses.dataclass
class Server:
    """The service as a server process runs it, in this process, its Redis behind the proxy."""

    service: TableService
    proxy: LostReplyProxy

    async def player(self, name: str) -> Caller:
        registered = await self.service.register_player(service_pb2.RegisterPlayerRequest(display_name=name))
        return await self.service.admit(registered.token, "", 1, "")

    async def table(self, creator: Caller, seats: list[service_pb2.SeatConfig]) -> str:
        created = await self.service.create_table(
            creator,
            service_pb2.CreateTableRequest(
                game="baska_kop", rule_set="kop", options={"deals": "8"}, seats=seats, join=True
            ),
        )
        return created.table.name

    def lose_the_commits_reply(self) -> None:
        self.proxy.lose_reply_to(self.service.store._commit.sha.encode())


def run(store: RedisServer, scenario: Callable[[Server], Awaitable[None]]) -> None:
    async def main() -> None:
        proxy = LostReplyProxy(store.port)
        await proxy.start()
        settings = dataclasses.replace(
            Settings(), redis_url=proxy.url, rate_per_s=10_000.0, rate_burst=10_000
        )
        service = TableService(Store(connect(settings, "lost-replies"), settings), settings)
        try:
            await scenario(Server(service, proxy))
            assert proxy.lost == 1, "no answer was lost: the test did not test anything"
        finally:
            await service.store.redis.aclose()
            await proxy.close()

    asyncio.run(main())


def table_id(name: str) -> str:
    return name.removeprefix("tables/")


def test_a_leave_whose_answer_was_lost_leaves_once_and_the_computers_play_on(store: RedisServer) -> None:
    async def scenario(server: Server) -> None:
        ben = await server.player("Ben")
        name = await server.table(ben, [HUMAN, EASY, EASY, EASY])
        server.lose_the_commits_reply()
        await server.service.leave_table(ben, service_pb2.LeaveTableRequest(table=name))
        record = await server.service.store.load(table_id(name))
        assert record is not None
        entries = await server.service.store.log_entries(table_id(name), "baska_kop")
        assert [type(entry) for entry in entries] == [Join, Leave]
        assert record.status is TableStatus.PLAYING

    run(store, scenario)


def test_a_join_whose_answer_was_lost_seats_the_player_once_and_starts_the_match(store: RedisServer) -> None:
    async def scenario(server: Server) -> None:
        dora, emil = await server.player("Dora"), await server.player("Emil")
        name = await server.table(dora, [HUMAN, HUMAN, EASY, EASY])
        server.lose_the_commits_reply()
        joined = await server.service.join_table(emil, service_pb2.JoinTableRequest(table=name))
        assert joined.table.HasField("viewer_seat")
        store_ = server.service.store
        record = await store_.load(table_id(name))
        assert record is not None and record.seat_of(emil.player_id) == joined.table.viewer_seat
        assert record.status is TableStatus.PLAYING
        assert table_id(name) in await store_.player_tables(emil.player_id, 0, 10)
        # What follows the commit: the table leaves the open list for the active one.
        redis = store_.redis
        assert await redis.zscore(keys.OPEN_TABLES, table_id(name)) is None
        assert await redis.zscore(keys.active_tables("baska_kop"), table_id(name)) is not None

    run(store, scenario)


def test_a_table_whose_creation_answer_was_lost_is_created_once(store: RedisServer) -> None:
    async def scenario(server: Server) -> None:
        fay = await server.player("Fay")
        # Redis learns the script at the first creation; the reply lost is the second's.
        await server.table(fay, [HUMAN, EASY, EASY, EASY])
        server.proxy.lose_reply_to(server.service.store._create.sha.encode())
        name = await server.table(fay, [HUMAN, EASY, EASY, EASY])
        record = await server.service.store.load(table_id(name))
        assert record is not None and record.seat_of(fay.player_id) == 0
        unfinished = await server.service.store.redis.smembers(keys.player_unfinished(fay.player_id))
        assert table_id(name).encode() in unfinished and len(unfinished) == 2

    run(store, scenario)


def test_a_daily_deal_whose_claim_answer_was_lost_starts(store: RedisServer) -> None:
    async def scenario(server: Server) -> None:
        gil = await server.player("Gil")
        server.proxy.lose_reply_to(b"HSETNX")
        started = await server.service.start_daily_deal(gil, service_pb2.StartDailyDealRequest(game="bela"))
        assert await server.service.store.load(table_id(started.table.name)) is not None
        redis = server.service.store.redis
        attempts = [key async for key in redis.scan_iter("*daily*attempts*")]
        assert attempts, "no attempt was recorded"
        for key in attempts:
            assert await redis.ttl(key) > 0, "the day's attempts are kept for ever"

    run(store, scenario)


async def at_the_persons_turn(server: Server, person: Caller, name: str) -> table_pb2.TableView:
    """The person's view once it is her turn at seat 0; the computers before her move as
    a worker would make their moves."""
    look = service_pb2.GetTableRequest(table=name)
    own = (await server.service.get_table(person, look)).table
    while 0 not in own.to_act_seats:
        seat = own.to_act_seats[0]
        record = await server.service.store.load(table_id(name))
        assert record is not None and record.match is not None
        action = record.game.legal_actions(record.match.deal, seat)[0]
        await server.service.submit_computer_action(table_id(name), record.version, seat, action, "")
        own = (await server.service.get_table(person, look)).table
    return own


def test_a_move_whose_answer_was_lost_is_made_once_and_the_computer_after_it_is_asked(
    store: RedisServer,
) -> None:
    async def scenario(server: Server) -> None:
        hal = await server.player("Hal")
        name = await server.table(hal, [HUMAN, EASY, EASY, EASY])
        own = await at_the_persons_turn(server, hal, name)
        server.lose_the_commits_reply()
        request = service_pb2.SubmitActionRequest(
            table=name, table_version=own.version, request_id=uuid.uuid4().hex, action=simple_move(own)
        )
        moved = (await server.service.submit_action(hal, request)).table
        assert moved.version == own.version + 1
        assert moved.to_act_seats[0] != 0
        computer = moved.to_act_seats[0]
        redis = server.service.store.redis
        live = await redis.hget(keys.AI_LIVE, f"{table_id(name)}:{computer}")
        assert isinstance(live, bytes), "no job for the computer"
        assert int(live.split(b":")[0]) == moved.version, "the computer's job is of an older version"

    run(store, scenario)


def test_a_watch_lease_whose_answer_was_lost_counts_once(store: RedisServer) -> None:
    async def scenario(server: Server) -> None:
        leases = server.service.store
        # Redis learns the script at the first lease; the reply lost is the second's.
        assert await leases.open_watch("sg:test:lost-lease:warm", "stream-0", 1, 60_000)
        server.proxy.lose_reply_to(leases._lease.sha.encode())
        assert await leases.open_watch("sg:test:lost-lease", "stream-1", 1, 60_000), "refused its own lease"
        assert not await leases.open_watch("sg:test:lost-lease", "stream-2", 1, 60_000)

    run(store, scenario)


def test_advice_whose_mark_answer_was_lost_is_still_asked_for(store: RedisServer) -> None:
    async def scenario(server: Server) -> None:
        ida = await server.player("Ida")
        name = await server.table(ida, [HUMAN, EASY, EASY, EASY])
        own = await at_the_persons_turn(server, ida, name)
        record = await server.service.store.load(table_id(name))
        assert record is not None
        redis = server.service.store.redis
        jobs_before = await redis.xlen(keys.ai_jobs("people"))
        server.proxy.lose_reply_to(keys.table_advice_wanted(record.id, own.version, 0).encode())
        await server.service.queue.prepare_advice(record, 0, 60_000)
        assert await redis.xlen(keys.ai_jobs("people")) == jobs_before + 1, "no advice was asked for"

    run(store, scenario)
