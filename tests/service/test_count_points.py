"""The table option "count points" (seed 000 "Augen mitzählen"; SPEC §3 "running card
points when the option is on"): views carry each party's card points as the viewer knows
the parties, and only at a table with the option."""

from __future__ import annotations

import grpc

from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.client import EASY, HUMAN, Player, simple_move


def _create(player: Player, count_points: bool) -> table_pb2.TableView:
    request = service_pb2.CreateTableRequest(
        game="baska_kop",
        rule_set="kop",
        seats=[HUMAN, EASY, EASY, EASY],
        join=True,
        count_points=count_points,
    )
    return player.stub.CreateTable(request, metadata=player.metadata).table


def test_augen_mitzaehlen_views_carry_each_partys_card_points(stack: Stack) -> None:
    anna = stack.player("Anna")
    name = _create(anna, count_points=True).name
    seen_points = False
    while True:
        view = anna.my_turn(name, timeout=120)
        assert view.count_points
        if view.phase in (table_pb2.TABLE_PHASE_SETTLEMENT, table_pb2.TABLE_PHASE_FINISHED):
            break
        seats = sorted(seat for party in view.party_points for seat in party.seats)
        assert seats == [0, 1, 2, 3], "every seat is in exactly one party"
        assert sum(party.card_points for party in view.party_points) == sum(
            seat.card_points for seat in view.seats
        )
        seen_points = seen_points or any(party.card_points for party in view.party_points)
        try:
            anna.submit(view, simple_move(view))
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.ABORTED:
                raise
    assert seen_points
    # At the settlement everybody knows the parties: two named ones, 104 points together.
    labels = {party.label for party in view.party_points}
    assert "not known yet" not in labels and len(labels) == 2
    assert sum(party.card_points for party in view.party_points) == 104


def test_without_the_option_views_carry_no_party_points(stack: Stack) -> None:
    anna = stack.player("Anna")
    view = anna.my_turn(_create(anna, count_points=False).name)
    assert not view.count_points and not view.party_points
