"""The snapshots a server keeps for GetTable (``server.views.ViewCache``): a kept snapshot
is its own player's and of its own version, and nobody else's."""

from __future__ import annotations

from speedgamez.v1 import table_pb2
from tests.service.conftest import Stack
from tests.support.client import simple_move


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
