"""How long data is kept: every table key expires after its idle or finished time, player
records after their token, and the indexes and limits forget what expired."""

from __future__ import annotations

import grpc
import pytest
import redis

from server import keys
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.support.checks import eventually
from tests.support.client import EASY, HUMAN, Player
from tools.processes import RedisServer, running, server_address, server_process

KEEP_IDLE_S = 3
KEEP_FINISHED_S = 60
TOKEN_TTL_S = 600


def table_keys(table: str) -> list[str]:
    table_id = table.removeprefix("tables/")
    return [keys.table(table_id), keys.table_log(table_id), keys.table_events(table_id)]


def test_every_key_of_a_table_or_a_player_has_a_time_to_live(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    server = server_process(
        clean_redis,
        keep_idle_s=str(KEEP_IDLE_S * 100),
        keep_finished_s=str(KEEP_FINISHED_S),
        token_ttl_s=str(TOKEN_TTL_S),
    )
    with running(server):
        anna = Player(server_address(server), "Anna")
        created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop")
        for key in table_keys(created.name):
            assert 0 < redis_client.pttl(key) <= KEEP_IDLE_S * 100 * 1000, key
        for key in (
            keys.player(anna.player_id),
            keys.player_tables(anna.player_id),
            keys.player_unfinished(anna.player_id),
        ):
            assert 0 < redis_client.pttl(key) <= TOKEN_TTL_S * 1000, key
        # A finished table is kept for the finished time.
        anna.stub.LeaveTable(service_pb2.LeaveTableRequest(table=created.name), metadata=anna.metadata)
        waiting = anna.create([HUMAN, HUMAN, EASY, EASY])
        anna.stub.LeaveTable(service_pb2.LeaveTableRequest(table=waiting.name), metadata=anna.metadata)
        for key in table_keys(waiting.name):
            assert 0 < redis_client.pttl(key) <= KEEP_FINISHED_S * 1000, key
        anna.close()
    # Nothing the service wrote is kept for ever, but the indexes, which are pruned, and
    # the streams and sets of the queue, which are emptied as they are used.
    kept_for_ever = {
        key.decode() for key in redis_client.scan_iter(count=1000) if redis_client.pttl(key) == -1
    }
    allowed = {keys.OPEN_TABLES, keys.active_tables("baska_kop"), keys.AI_DUE, keys.AI_LIVE, keys.AI_DELAYED}
    allowed |= {keys.ai_jobs("people"), keys.ai_jobs("computers"), keys.AI_DEAD, keys.AI_WORKERS}
    assert kept_for_ever <= allowed, kept_for_ever - allowed


def test_an_abandoned_table_expires_and_is_forgotten_by_lists_and_limits(
    clean_redis: RedisServer, redis_client: redis.Redis
) -> None:
    server = server_process(clean_redis, keep_idle_s=str(KEEP_IDLE_S), max_tables="1")
    with running(server):
        anna = Player(server_address(server), "Anna")
        abandoned = anna.create([HUMAN, HUMAN, EASY, EASY])
        table_id = abandoned.name.removeprefix("tables/")
        with pytest.raises(grpc.RpcError) as refused:
            anna.create([HUMAN, HUMAN, EASY, EASY])
        assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        eventually(lambda: not redis_client.exists(keys.table(table_id)), what="the table to expire")
        # The open list drops it, and it no longer counts against Anna's tables.
        eventually(
            lambda: redis_client.zscore(keys.OPEN_TABLES, table_id) is None, what="the open list to prune it"
        )
        listing = anna.stub.ListTables(service_pb2.ListTablesRequest(), metadata=anna.metadata)
        assert abandoned.name not in [summary.name for summary in listing.tables]
        assert anna.create([HUMAN, HUMAN, EASY, EASY]).name != abandoned.name
        anna.close()
