"""Learning mode across server and worker processes (seed 000 "Lernspiel"; SPEC §3): the
computers' cards lie open for the learner and for nobody else, the strong computer's
advice comes with each view of his decisions unasked, and the game counts for no
leaderboard and no statistics."""

from __future__ import annotations

import grpc
import redis

from server.convert import card_to_proto
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import expect_status
from tests.support.client import EASY, HUMAN, Player
from tests.support.stored import stored


def _learning_table(player: Player, seats: list[service_pb2.SeatConfig]) -> table_pb2.TableView:
    request = service_pb2.CreateTableRequest(
        game="baska_kop", rule_set="kop", seats=seats, join=True, learning=True
    )
    return player.stub.CreateTable(request, metadata=player.metadata).table


def _look(player: Player, name: str) -> service_pb2.GetTableResponse:
    request = service_pb2.GetTableRequest(table=name)
    return player.stub.GetTable(request, metadata=player.metadata, timeout=60)


def test_lernspiel_opens_the_computers_cards_to_the_learner_only(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, guest = stack.player("Anna"), stack.player("Guest")
    created = _learning_table(anna, [HUMAN, EASY, EASY, EASY])
    assert created.learning
    view = _look(anna, created.name).table
    record = stored(redis_client, created.name).record()
    assert record.match is not None
    for seat in view.seats[1:]:
        held = record.game.view(record.match.deal, seat.seat).hand
        assert [card_to_proto(card.card) for card in held] == list(seat.open_hand)
        assert len(seat.open_hand) == seat.cards_in_hand == 4
    assert not view.seats[0].open_hand  # her own cards are her hand, as always
    spectator = _look(guest, created.name).table
    assert spectator.learning and not any(seat.open_hand for seat in spectator.seats)
    assert not spectator.hand


def test_lernspiel_brings_the_strong_computers_advice_with_each_decision(stack: Stack) -> None:
    anna = stack.player("Anna")
    created = _learning_table(anna, [HUMAN, EASY, EASY, EASY])
    seen_phases = set()
    view = anna.my_turn(created.name)
    while view.deal_number == 1 and view.phase != table_pb2.TABLE_PHASE_SETTLEMENT:
        response = _look(anna, created.name)
        view = response.table
        if view.deal_number != 1 or view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
            break  # the computers finished the deal since her last card: nothing to advise
        if 0 not in view.to_act_seats:
            view = anna.my_turn(created.name)
            continue
        assert response.HasField("advice"), "the advice comes with the view of her decision"
        advice = response.advice
        assert advice.table_version == view.version and advice.reason
        if view.phase == table_pb2.TABLE_PHASE_BIDDING:
            assert [call.action for call in advice.calls] == [c.action for c in view.choices if c.allowed]
        else:
            playable = sorted(card.card.SerializeToString() for card in view.hand if card.playable)
            assert sorted(card.card.SerializeToString() for card in advice.cards) == playable
        seen_phases.add(view.phase)
        answer = anna.stub.SubmitAction(
            service_pb2.SubmitActionRequest(
                table=view.name,
                table_version=view.version,
                request_id=f"learn-{view.version}",
                action=advice.recommended_action,
            ),
            metadata=anna.metadata,
            timeout=60,
        )
        view = answer.table
        if 0 in view.to_act_seats and view.phase != table_pb2.TABLE_PHASE_SETTLEMENT:
            assert answer.HasField("advice") and answer.advice.table_version == view.version
    assert seen_phases == {table_pb2.TABLE_PHASE_BIDDING, table_pb2.TABLE_PHASE_PLAYING}


def test_lernspiel_counts_for_no_leaderboard_and_no_statistics(stack: Stack) -> None:
    anna = stack.player("Anna")
    created = _learning_table(anna, [HUMAN, EASY, EASY, EASY])
    anna.play_alone(created.name)
    board = anna.stub.GetLeaderboard(
        service_pb2.GetLeaderboardRequest(game="baska_kop", period=service_pb2.LEADERBOARD_PERIOD_ALL_TIME),
        metadata=anna.metadata,
    )
    assert not board.HasField("caller")
    statistics = anna.stub.GetStatistics(service_pb2.GetStatisticsRequest(), metadata=anna.metadata)
    assert not statistics.games


def test_lernspiel_is_for_exactly_one_person(stack: Stack) -> None:
    anna = stack.player("Anna")
    for seats in ([HUMAN, HUMAN, EASY, EASY], [EASY, EASY, EASY, EASY]):
        request = service_pb2.CreateTableRequest(
            game="baska_kop", rule_set="kop", seats=seats, join=False, learning=True
        )

        def create(request: service_pb2.CreateTableRequest = request) -> object:
            return anna.stub.CreateTable(request, metadata=anna.metadata)

        message = expect_status(grpc.StatusCode.INVALID_ARGUMENT, create)
        assert "exactly one human seat" in message
    mine = anna.stub.ListTables(service_pb2.ListTablesRequest(mine=True), metadata=anna.metadata)
    assert not mine.tables
