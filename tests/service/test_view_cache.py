"""The snapshots a server keeps for GetTable (``server.views.ViewCache``): a kept snapshot
is its own player's and of its own version, and nobody else's, and only of the table it
was rendered from."""

from __future__ import annotations

import asyncio
import uuid

import redis

from server import keys
from server.views import table_view
from speedgamez.v1 import actions_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.service.test_restored_tables import four_people, in_process, restored_afresh, timeless
from tests.support.client import simple_move
from tools.processes import RedisCluster, RedisServer


def without_time(view: table_pb2.TableView) -> table_pb2.TableView:
    copy = table_pb2.TableView()
    copy.CopyFrom(view)
    copy.ClearField("server_time")
    return copy


def test_a_kept_snapshot_goes_only_to_its_own_player(stack: Stack) -> None:
    name, by_seat = stack.four_people("Keeper")
    stranger = stack.player("Stranger")
    first = {seat: player.get(name) for seat, player in by_seat.items()}
    again = {seat: player.get(name) for seat, player in by_seat.items()}
    watched = [stranger.get(name), stranger.get(name)]
    for seat in by_seat:
        assert without_time(again[seat]) == without_time(first[seat])
        assert again[seat].viewer_seat == seat
        assert len(again[seat].hand) > 0
    hands = {seat: {str(card.card) for card in view.hand} for seat, view in again.items()}
    for seat in hands:
        for other in hands:
            if other != seat:
                assert not hands[seat] & hands[other], (seat, other)
    for view in watched:
        assert not view.HasField("viewer_seat") and len(view.hand) == 0


def test_a_look_after_a_move_shows_the_new_version(stack: Stack) -> None:
    name, by_seat = stack.four_people("Mover")
    acting = by_seat[by_seat[0].get(name).to_act_seats[0]]
    before = acting.get(name)
    assert without_time(acting.get(name)) == without_time(before)
    moved = acting.submit(before, simple_move(before))
    after = acting.get(name)
    assert after.version == moved.version == before.version + 1
    assert without_time(after) == without_time(moved)
    for player in by_seat.values():
        assert player.get(name).version == after.version


def test_a_kept_snapshot_is_not_shown_for_another_table_at_its_version(
    redis_server: RedisServer | RedisCluster, redis_client: redis.Redis
) -> None:
    """A failover that lost a commit: the table reaches the snapshot's version again with
    another move in it, and the player's next look shows that move, not the lost one."""

    def submit(own: table_pb2.TableView, action: actions_pb2.Action) -> service_pb2.SubmitActionRequest:
        return service_pb2.SubmitActionRequest(
            table=own.name, table_version=own.version, request_id=uuid.uuid4().hex, action=action
        )

    async def lose_a_commit() -> None:
        service = in_process(redis_server, "view-cache-failover")
        try:
            table_id, by_seat = await four_people(service)
            look = service_pb2.GetTableRequest(table=f"tables/{table_id}")
            seat = (await service.get_table(by_seat[0], look)).table.to_act_seats[0]
            own = (await service.get_table(by_seat[seat], look)).table
            lost, made = [choice.action for choice in own.choices if choice.allowed][:2]
            table_keys = [
                keys.table(table_id),
                keys.table_log(table_id),
                keys.table_events(table_id),
                keys.table_requests(table_id),
            ]
            before = {key: redis_client.dump(key) for key in table_keys}
            await service.submit_action(by_seat[seat], submit(own, lost))
            seen = timeless((await service.get_table(by_seat[seat], look)).table)
            # Redis comes back as it was before that move, as after a failover.
            for key, dumped in before.items():
                redis_client.delete(key)
                if dumped is not None:
                    redis_client.restore(key, 0, dumped)
            await service.submit_action(by_seat[seat], submit(own, made))
            again = timeless((await service.get_table(by_seat[seat], look)).table)
            assert again.version == seen.version == own.version + 1
            assert again != seen, "the snapshot of the lost move was shown"
            assert again == timeless(table_view(await restored_afresh(service, table_id), seat))
        finally:
            await service.store.redis.aclose()

    asyncio.run(lose_a_commit())
