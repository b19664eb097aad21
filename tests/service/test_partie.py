"""Whole matches through real gRPC, a real Redis and real worker processes."""

from __future__ import annotations

import time

import redis

from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.client import CONTINUE, EASY, HUMAN, NORMAL, STRONG, Player, simple_move
from tests.support.stored import stored
from tools.processes import running, server_address, server_process

FINISHED = table_pb2.TABLE_PHASE_FINISHED


def play_to_the_end(players: list[Player], table: str, timeout: float = 120) -> table_pb2.TableView:
    """Each human moves when it is his turn; computers are played by the workers."""
    deadline = time.monotonic() + timeout
    while True:
        for player in players:
            view = player.get(table)
            if view.phase == FINISHED:
                return view
            if view.viewer_seat in view.to_act_seats:
                player.submit(view, simple_move(view))
        assert time.monotonic() < deadline, "the match did not finish in time"


def assert_totals_are_sum_of_settlements(events: list[table_pb2.TableEvent], deals: int) -> None:
    settled = [event.deal_settled for event in events if event.WhichOneof("kind") == "deal_settled"]
    assert len(settled) == deals
    totals = [0, 0, 0, 0]
    for settlement in settled:
        assert sum(settlement.settlement.scores) == 0
        totals = [total + score for total, score in zip(totals, settlement.settlement.scores, strict=True)]
        assert list(settlement.totals) == totals
    finished = [event.match_finished for event in events if event.WhichOneof("kind") == "match_finished"]
    assert len(finished) == 1 and list(finished[0].totals) == totals


def test_partie_of_8_deals_one_human_against_normal_strong_and_easy_workers(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna = stack.player("Anna")
    view = anna.create([HUMAN, NORMAL, STRONG, EASY], rule_set="kop", deals="8")
    assert view.phase == table_pb2.TABLE_PHASE_BIDDING and view.viewer_seat == 0
    final = play_to_the_end([anna], view.name)

    assert final.deal_number == 8 and final.deals_total == 8
    table = stored(redis_client, final.name)
    assert_totals_are_sum_of_settlements(table.events, 8)
    assert [seat.total_score for seat in final.seats] == [
        event.match_finished.totals[seat]
        for event in table.events
        if event.WhichOneof("kind") == "match_finished"
        for seat in range(4)
    ]
    # Every computer move went through the log, marked as such; the log rebuilds the table.
    computer_moves = [entry for entry in table.log if entry["type"] == "action" and entry["by"] == "computer"]
    assert computer_moves and {entry["seat"] for entry in computer_moves} == {1, 2, 3}
    assert table.replayed_state() == table.state
    # The dealer moved on every deal.
    dealers = [
        event.deal_started.dealer_seat for event in table.events if event.WhichOneof("kind") == "deal_started"
    ]
    assert dealers == [deal % 4 for deal in range(8)]


def test_two_humans_at_one_table_each_see_only_their_own_cards(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, EASY, HUMAN, EASY], rule_set="baska", deals="8")
    assert created.phase == table_pb2.TABLE_PHASE_WAITING_FOR_PLAYERS

    listing = ben.stub.ListTables(service_pb2.ListTablesRequest(), metadata=ben.metadata)
    assert created.name in [summary.name for summary in listing.tables]
    joined = ben.join(created.name)
    assert joined.viewer_seat == 2 and joined.phase == table_pb2.TABLE_PHASE_BIDDING

    anna_view, ben_view = anna.get(created.name), ben.get(created.name)
    anna_cards = {(card.card.suit, card.card.rank) for card in anna_view.hand}
    ben_cards = {(card.card.suit, card.card.rank) for card in ben_view.hand}
    assert len(anna_cards) == len(ben_cards) == 4 and not anna_cards & ben_cards

    # At the first settlement the table waits for both humans.
    while True:
        for player in (anna, ben):
            view = player.get(created.name)
            if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
                break
            if view.viewer_seat in view.to_act_seats:
                player.submit(view, simple_move(view))
        else:
            continue
        break
    view = anna.get(created.name)
    assert set(view.to_act_seats) == {0, 2}
    assert view.seats[0].awaiting_continue and view.seats[2].awaiting_continue
    assert len(view.settlement.hands) == 4 and view.settlement.summary
    after_anna = anna.submit(view, CONTINUE)
    assert after_anna.phase == table_pb2.TABLE_PHASE_SETTLEMENT and list(after_anna.to_act_seats) == [2]

    final = play_to_the_end([anna, ben], created.name)
    assert final.phase == FINISHED
    assert_totals_are_sum_of_settlements(stored(redis_client, created.name).events, 8)


def test_two_server_processes_serve_one_table_alternately(stack: Stack, redis_client: redis.Redis) -> None:
    second = server_process(stack.redis)
    with running(second):
        anna_first = stack.player("Anna")
        anna_second = anna_first.using(server_address(second))
        view = anna_first.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8")
        servers = [anna_first, anna_second]
        moves = 0
        while view.phase != FINISHED:
            player = servers[moves % 2]
            view = player.my_turn(view.name)
            if view.phase == FINISHED:
                break
            view = player.submit(view, simple_move(view))
            moves += 1
        anna_second.close()
    assert moves > 8 * 4
    table = stored(redis_client, view.name)
    assert_totals_are_sum_of_settlements(table.events, 8)
    assert table.replayed_state() == table.state
