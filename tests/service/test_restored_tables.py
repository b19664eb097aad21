"""The tables a process keeps restored for its next call on them (``server.restored``): the
next look and the next move take the record the last call gave back, it is exactly the
table as restoring it would give, one call holds it at a time, and it is never handed out
for a state other than its own."""

from __future__ import annotations

import asyncio
import dataclasses
import uuid

from server.restored import RestoredTables
from server.service import Caller, TableService
from server.settings import Settings
from server.store import Store, connect
from server.table import TableConfig, TableRecord
from server.views import table_view
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.players.tables import config as table_config
from tests.support.client import HUMAN, simple_move
from tools.processes import RedisCluster, RedisServer


def in_process(store: RedisServer | RedisCluster, name: str) -> TableService:
    """The service as a server process runs it, in this process, on ``store``."""
    settings = dataclasses.replace(
        Settings(),
        redis_url=store.url,
        redis_cluster=isinstance(store, RedisCluster),
        # The players move as fast as the test runs: no call may wait on the rate limit.
        rate_per_s=10_000.0,
        rate_burst=10_000,
    )
    return TableService(Store(connect(settings, name), settings), settings)


async def four_people(service: TableService) -> tuple[str, dict[int, Caller]]:
    """A Kop table of eight deals with four people seated: its id and each seat's caller."""
    callers = []
    for number in range(4):
        registered = await service.register_player(
            service_pb2.RegisterPlayerRequest(display_name=f"Keeper {number}")
        )
        callers.append(await service.admit(registered.token, "", 1, ""))
    created = await service.create_table(
        callers[0],
        service_pb2.CreateTableRequest(
            game="baska_kop", rule_set="kop", options={"deals": "8"}, seats=[HUMAN] * 4, join=True
        ),
    )
    by_seat = {created.table.viewer_seat: callers[0]}
    for caller in callers[1:]:
        joined = await service.join_table(caller, service_pb2.JoinTableRequest(table=created.table.name))
        by_seat[joined.table.viewer_seat] = caller
    return created.table.name.removeprefix("tables/"), by_seat


async def restored_afresh(service: TableService, table_id: str) -> TableRecord:
    """The table as Redis holds it, restored without the kept records."""
    stored = await service.store.fetch(table_id)
    assert stored is not None
    record = TableRecord.restore(
        table_id, TableConfig.from_json(stored.config), stored.state, stored.version, stored.event_seq
    )
    record.deadline_ms = stored.deadline_ms
    return record


def timeless(view: table_pb2.TableView) -> table_pb2.TableView:
    view.ClearField("server_time")
    return view


def move(own: table_pb2.TableView) -> service_pb2.SubmitActionRequest:
    return service_pb2.SubmitActionRequest(
        table=own.name, table_version=own.version, request_id=uuid.uuid4().hex, action=simple_move(own)
    )


def test_the_record_kept_after_each_move_is_the_table_as_restoring_it_gives(
    clean_redis: RedisServer | RedisCluster,
) -> None:
    """Two deals of moves, each a look and a move by the seat to act: after every move the
    store holds the mover's record, the next load hands out that very record, and its state
    and every seat's view are those of the table restored afresh from Redis."""

    async def play() -> int:
        service = in_process(clean_redis, "restored-moves")
        try:
            table_id, by_seat = await four_people(service)
            name = f"tables/{table_id}"
            moves = 0
            while True:
                look = await service.get_table(by_seat[0], service_pb2.GetTableRequest(table=name))
                if look.table.deal_number > 2:
                    return moves
                seat = (list(look.table.to_act_seats) or list(look.table.may_act_seats))[0]
                own = (await service.get_table(by_seat[seat], service_pb2.GetTableRequest(table=name))).table
                await service.submit_action(by_seat[seat], move(own))
                moves += 1
                kept = service.store.restored._kept[table_id].record
                taken = await service.store.load(table_id)
                assert taken is kept, "the next load restored the table instead of taking the kept record"
                afresh = await restored_afresh(service, table_id)
                assert taken.version == afresh.version == own.version + 1
                assert taken.state_json() == afresh.state_json()
                assert (taken.event_seq, taken.deadline_ms) == (afresh.event_seq, afresh.deadline_ms)
                for viewer in (None, 0, 1, 2, 3):
                    assert timeless(table_view(taken, viewer)) == timeless(table_view(afresh, viewer))
                stored = await service.store.fetch(table_id)
                assert stored is not None
                service.store.keep(taken, stored.state)
        finally:
            await service.store.redis.aclose()

    assert asyncio.run(play()) > 20


def test_a_kept_record_goes_to_one_call_at_a_time(clean_redis: RedisServer | RedisCluster) -> None:
    """A record is changed in place by a move: a second call while the first holds it gets
    a record of its own."""

    async def take_twice() -> None:
        service = in_process(clean_redis, "restored-owners")
        try:
            table_id, _ = await four_people(service)
            record, stored = await service.store.load(table_id), await service.store.fetch(table_id)
            assert record is not None and stored is not None
            service.store.keep(record, stored.state)
            first = await service.store.load(table_id)
            second = await service.store.load(table_id)
            assert first is record, "the kept record was not handed out"
            assert second is not None and second is not record
            assert second.state_json() == record.state_json()
        finally:
            await service.store.redis.aclose()

    asyncio.run(take_twice())


def test_a_table_another_process_moved_is_restored_not_taken_from_the_kept_one(
    clean_redis: RedisServer | RedisCluster,
) -> None:
    """One server looks at the table and keeps its record; a second server makes a move;
    the first server's next load is the table after that move."""

    async def two_servers() -> None:
        looking = in_process(clean_redis, "restored-looking")
        moving = in_process(clean_redis, "restored-moving")
        try:
            table_id, by_seat = await four_people(looking)
            name = f"tables/{table_id}"
            seat = (
                await looking.get_table(by_seat[0], service_pb2.GetTableRequest(table=name))
            ).table.to_act_seats[0]
            own = (await looking.get_table(by_seat[seat], service_pb2.GetTableRequest(table=name))).table
            kept = looking.store.restored._kept[table_id].record
            assert kept.version == own.version
            await moving.submit_action(by_seat[seat], move(own))
            loaded = await looking.store.load(table_id)
            assert loaded is not None and loaded is not kept
            assert loaded.version == own.version + 1
            assert loaded.state_json() == (await restored_afresh(looking, table_id)).state_json()
        finally:
            await looking.store.redis.aclose()
            await moving.store.redis.aclose()

    asyncio.run(two_servers())


def test_a_kept_record_is_not_handed_out_for_another_state_at_its_version() -> None:
    """After a failover that lost a commit, the table can reach the kept version again with
    another state: the version alone does not make the kept record right."""
    config = table_config("kop", 5)
    record, _ = TableRecord.new("lost-commit", config)
    record.version = 3
    kept_state = record.state_json()
    restored = RestoredTables(entries=8)
    restored.keep(record, kept_state)
    other = TableRecord.new("lost-commit", table_config("kop", 5, ("normal",) * 4))[0].state_json()
    assert other != kept_state
    taken = restored.take("lost-commit", config.to_json(), other, 3, 0, None)
    assert taken is not record
    assert taken.state_json() == other
    restored.keep(record, kept_state)
    assert restored.take("lost-commit", config.to_json(), kept_state.encode(), 3, 0, None) is record


def test_no_record_is_kept_when_keeping_is_off() -> None:
    config = table_config("kop", 5)
    record, _ = TableRecord.new("off", config)
    restored = RestoredTables(entries=0)
    restored.keep(record, record.state_json())
    assert restored.take("off", config.to_json(), record.state_json(), record.version, 0, None) is not record


def test_the_least_recently_kept_table_is_forgotten_first() -> None:
    config = table_config("kop", 5)
    records = [TableRecord.new(f"table-{number}", config)[0] for number in range(3)]
    restored = RestoredTables(entries=2)
    for record in records:
        restored.keep(record, record.state_json())
    states = [record.state_json() for record in records]
    assert restored.take("table-0", config.to_json(), states[0], 0, 0, None) is not records[0]
    assert restored.take("table-1", config.to_json(), states[1], 0, 0, None) is records[1]
    assert restored.take("table-2", config.to_json(), states[2], 0, 0, None) is records[2]


def test_a_slow_look_does_not_replace_a_newer_kept_version() -> None:
    config = table_config("kop", 5)
    older, _ = TableRecord.new("slow-look", config)
    newer, _ = TableRecord.new("slow-look", config)
    older.version, newer.version = 4, 5
    restored = RestoredTables(entries=8)
    restored.keep(newer, newer.state_json())
    restored.keep(older, older.state_json())
    assert restored.take("slow-look", config.to_json(), newer.state_json(), 5, 0, None) is newer
