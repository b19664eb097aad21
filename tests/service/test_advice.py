"""The advisor: only alone against computers, only on one's own turn, computed by a worker."""

from __future__ import annotations

import grpc
import pytest

from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.client import EASY, HUMAN, Player, simple_move
from tools.processes import running, server_address, server_process


def advice(player: Player, table: str) -> service_pb2.GetAdviceResponse:
    request = service_pb2.GetAdviceRequest(table=table)
    return player.stub.GetAdvice(request, metadata=player.metadata, timeout=30)


def test_advice_in_bidding_and_play_at_a_table_against_computers(stack: Stack) -> None:
    anna = stack.player("Anna")
    view = anna.create([HUMAN, EASY, EASY, EASY], rule_set="baska")
    view = anna.my_turn(view.name)
    assert view.phase == table_pb2.TABLE_PHASE_BIDDING
    bidding = advice(anna, view.name)
    allowed = [choice.action for choice in view.choices if choice.allowed]
    assert [call.action for call in bidding.calls] == allowed
    assert all(0 <= call.win_chance <= 1 for call in bidding.calls)
    assert bidding.recommended_action in allowed and bidding.reason
    assert bidding.table_version == view.version and bidding.deals_considered > 0

    while True:
        view = anna.my_turn(view.name)
        if view.phase == table_pb2.TABLE_PHASE_PLAYING:
            break
        assert view.phase != table_pb2.TABLE_PHASE_FINISHED
        view = anna.submit(view, simple_move(view))
    play = advice(anna, view.name)
    playable = [card.card for card in view.hand if card.playable]
    assert sorted(card.card.SerializeToString() for card in play.cards) == sorted(
        card.SerializeToString() for card in playable
    )
    assert all(0 <= card.winning_deals <= play.deals_considered for card in play.cards)
    assert play.recommended_action.play_card.card in playable and play.reason


def test_advice_is_refused_with_another_human_at_the_table(stack: Stack) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    view = anna.create([HUMAN, HUMAN, EASY, EASY], rule_set="kop")
    ben.join(view.name)
    with pytest.raises(grpc.RpcError) as raised:
        advice(ben, view.name)
    assert raised.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert "alone" in str(raised.value.details())


def test_advice_is_refused_at_a_settlement(stack: Stack) -> None:
    anna = stack.player("Anna")
    view = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8")
    while view.phase != table_pb2.TABLE_PHASE_SETTLEMENT:
        view = anna.my_turn(view.name)
        if view.phase != table_pb2.TABLE_PHASE_SETTLEMENT:
            view = anna.submit(view, simple_move(view))
    assert 0 in view.to_act_seats  # the table waits for her "continue"
    with pytest.raises(grpc.RpcError) as raised:
        advice(anna, view.name)
    assert raised.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert "bidding and trick play" in str(raised.value.details())


def test_advice_is_refused_out_of_turn_and_without_a_seat(stack: Stack) -> None:
    # A server whose computers think for an hour: seat 1 bids first and keeps the turn.
    patient = server_process(stack.redis, ai_min_think_ms="3600000")
    with running(patient):
        anna, carl = Player(server_address(patient), "Anna"), Player(server_address(patient), "Carl")
        view = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop", join=False)
        with pytest.raises(grpc.RpcError) as raised:
            advice(carl, view.name)
        assert raised.value.code() == grpc.StatusCode.PERMISSION_DENIED
        view = anna.join(view.name, seat=0)
        assert list(view.to_act_seats) == [1]
        with pytest.raises(grpc.RpcError) as raised:
            advice(anna, view.name)
        assert raised.value.code() == grpc.StatusCode.FAILED_PRECONDITION
        assert "your turn" in str(raised.value.details())
        anna.close()
        carl.close()
