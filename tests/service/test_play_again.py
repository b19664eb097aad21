"""The end of a match and the next one (seed 000 "Partie und Bestenliste"): each seat's
place, total and place bonus in the finished view, and "play again" with the same people
and settings (CreateTableRequest.again_of), through real gRPC, Redis and workers."""

from __future__ import annotations

import asyncio
import dataclasses

import grpc
import redis

from engine.registry import GAMES
from server.service import TableService
from server.settings import Settings
from server.store import Store, connect
from server.table_log import Again
from server.write import change_table
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.service.test_partie import play_to_the_end
from tests.support.checks import expect_status
from tests.support.client import EASY, HUMAN, Player
from tests.support.stored import stored
from tools.processes import RedisCluster

WAITING = table_pb2.TABLE_PHASE_WAITING_FOR_PLAYERS


def again(player: Player, table: str, **settings: object) -> table_pb2.TableView:
    request = service_pb2.CreateTableRequest(again_of=table, **settings)  # type: ignore[arg-type]
    return player.stub.CreateTable(request, metadata=player.metadata).table


def test_partie_the_finished_match_gives_each_seat_its_place_total_and_place_bonus_then_plays_again(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, ben, cleo = stack.player("Anna"), stack.player("Ben"), stack.player("Cleo")
    created = anna.create([HUMAN, EASY, HUMAN, EASY], rule_set="kop", deals="8")
    ben.join(created.name)
    # Before the end there is no next match to open.
    expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: again(anna, created.name))
    final = play_to_the_end([anna, ben], created.name)

    totals = [seat.total_score for seat in final.seats]
    assert [standing.seat for standing in final.standings] == [0, 1, 2, 3]
    assert [standing.total for standing in final.standings] == totals
    bonus = GAMES["baska_kop"].game_type.ranking.place_bonus
    for standing in final.standings:
        assert standing.place == 1 + sum(total > standing.total for total in totals)
        person = final.seats[standing.seat].kind == table_pb2.SEAT_KIND_HUMAN
        expected = bonus[standing.place - 1] if person and standing.place <= len(bonus) else 0
        assert standing.place_bonus == expected
    assert not final.next_table

    # Only its people open the next match, with its settings as they were.
    expect_status(grpc.StatusCode.PERMISSION_DENIED, lambda: again(cleo, created.name))
    refusal = expect_status(grpc.StatusCode.INVALID_ARGUMENT, lambda: again(anna, created.name, game="bela"))
    assert "leave game unset" in refusal
    expect_status(grpc.StatusCode.NOT_FOUND, lambda: again(anna, "tables/no-such-table"))

    next_match = again(anna, created.name)
    assert next_match.name != created.name and next_match.phase == WAITING
    assert (next_match.game, next_match.rule_set, dict(next_match.options)) == (
        final.game,
        final.rule_set,
        dict(final.options),
    )
    assert [(seat.kind, seat.level) for seat in next_match.seats] == [
        (seat.kind, seat.level) for seat in final.seats
    ]
    assert next_match.viewer_seat == 0 and next_match.seats[2].open
    assert next_match.think_seconds == final.think_seconds
    # The finished table names it for Ben, who asks to play again too and joins it at his
    # seat: one next match, not two.
    assert ben.get(created.name).next_table == next_match.name
    joined = again(ben, created.name)
    assert joined.name == next_match.name and joined.viewer_seat == 2
    assert joined.phase == table_pb2.TABLE_PHASE_BIDDING
    assert anna.get(created.name).next_table == next_match.name
    # Asking again opens nothing more: each is shown his seat at it.
    assert again(anna, created.name).name == again(ben, created.name).name == next_match.name
    assert again(ben, created.name).viewer_seat == 2
    # The finished table's log names the next match and still rebuilds its state.
    table = stored(redis_client, created.name)
    assert table.log[-1] == {"type": "again", "table": next_match.name.removeprefix("tables/")}
    assert table.replayed_state() == table.state


def test_a_next_match_named_but_never_opened_is_opened_by_the_next_to_ask(
    stack: Stack, redis_client: redis.Redis
) -> None:
    """The server that named the next match stopped before it opened it (or its answer was
    lost on the way, and the client asked again): the finished table names a table that
    does not exist. The next of its people to ask opens it under that name."""
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8")
    play_to_the_end([anna], created.name)
    asyncio.run(name_the_next_match(stack, created.name.removeprefix("tables/"), "named-never-opened"))
    assert anna.get(created.name).next_table == "tables/named-never-opened"

    next_match = again(anna, created.name)
    assert next_match.name == "tables/named-never-opened" and next_match.viewer_seat == 0
    assert next_match.phase == table_pb2.TABLE_PHASE_BIDDING
    assert again(anna, created.name).name == next_match.name
    assert stored(redis_client, next_match.name).config.created_by == anna.player_id


async def name_the_next_match(stack: Stack, table_id: str, next_id: str) -> None:
    """Commit the finished table's naming of its next match, and open nothing."""
    settings = dataclasses.replace(
        Settings(), redis_url=stack.redis.url, redis_cluster=isinstance(stack.redis, RedisCluster)
    )
    service = TableService(Store(connect(settings, "naming"), settings), settings)
    try:
        await change_table(
            service.store, service.queue, table_id, lambda record: Again(next_id), expected_version=None
        )
    finally:
        await service.store.redis.aclose()
