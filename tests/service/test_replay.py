"""Replays across server and worker processes: a finished match reads back deal by deal
(every hand as dealt, every move, each settlement) for those who sat at it, and its
record replays with the engine alone to the same settlements; a running match shows
nothing, and nobody else reads it."""

from __future__ import annotations

import grpc
import redis

from engine.record import read_record, replay
from engine.registry import get_game
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import expect_status
from tests.support.client import EASY, HUMAN, Player
from tests.support.stored import stored


def _replay(player: Player, name: str) -> service_pb2.GetReplayResponse:
    return player.stub.GetReplay(service_pb2.GetReplayRequest(table=name), metadata=player.metadata)


def test_a_finished_match_reads_back_deal_by_deal_and_its_record_replays(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, stranger = stack.player("Anna"), stack.player("Stranger")
    name = anna.create([HUMAN, EASY, EASY, EASY]).name
    # While the match runs, nothing is shown.
    message = expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: _replay(anna, name))
    assert "once the match is over" in message
    view = anna.play_alone(name)
    answer = _replay(anna, name)
    events = stored(redis_client, name).events
    settled = [event.deal_settled for event in events if event.HasField("deal_settled")]
    dealt = [event.hand_dealt for event in events if event.HasField("hand_dealt")]
    plays = [event.action_taken for event in events if event.HasField("action_taken")]
    assert [deal.deal_number for deal in answer.deals] == list(range(1, 9))
    assert [list(deal.settlement.scores) for deal in answer.deals] == [
        list(s.settlement.scores) for s in settled
    ]
    assert [list(deal.totals) for deal in answer.deals] == [list(s.totals) for s in settled]
    assert [(hand.seat, list(hand.cards)) for deal in answer.deals for hand in deal.hands] == [
        (hand.seat, list(hand.cards)) for hand in dealt
    ]
    moves = [move for deal in answer.deals for move in deal.moves]
    assert [(move.seat, move.action) for move in moves] == [
        (play.seat, play.action) for play in plays if not play.action.HasField("continue_play")
    ]
    assert list(answer.totals) == [seat.total_score for seat in view.seats]
    assert answer.player_names[0] == "Anna"
    # The record is the same match, and the engine alone replays it to the same settlements.
    game = get_game("baska_kop")
    record = read_record(answer.record, game)
    assert [result.scores for result in replay(record, game)] == [tuple(s.settlement.scores) for s in settled]
    assert record.players[0] == "Anna" and record.totals == tuple(answer.totals)
    # Only those who sat at the table read it.
    expect_status(grpc.StatusCode.PERMISSION_DENIED, lambda: _replay(stranger, name))
