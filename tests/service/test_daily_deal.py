"""The daily deal across server and worker processes (seed 000 "Tagesblatt"; SPEC §3), in
every game on offer: the same deals for everyone on a day, after each one the strong
computer's result from the player's seat (equal to a replay by the strong computer), one
attempt a day, a daily ranking by the difference, and no deal shown before it is played."""

from __future__ import annotations

from pathlib import Path

import grpc
import pytest
import redis

from ai_worker.daily import shadow_score
from engine.registry import GAMES
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import eventually, expect_status
from tests.support.client import Player, first_allowed_move, simple_move
from tests.support.daily import store_daily_before_its_last_move
from tests.support.stored import stored
from tools.processes import RedisServer, free_port, running, server_address, server_process, worker_process


def _start(player: Player) -> table_pb2.TableView:
    request = service_pb2.StartDailyDealRequest(game="baska_kop")
    return player.stub.StartDailyDeal(request, metadata=player.metadata).table


def _hands_of_deal(redis_client: redis.Redis, name: str, deal: int) -> list[bytes]:
    """Every seat's hand of the ``deal``-th deal, from the stored events."""
    events = stored(redis_client, name).events
    starts = [index for index, event in enumerate(events) if event.HasField("deal_started")]
    following = events[starts[deal - 1] :]
    return [event.hand_dealt.SerializeToString() for event in following[1:5]]


def test_tagesblatt_everybody_gets_the_same_deals_and_only_the_first_is_dealt(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    first, second = _start(anna), _start(ben)
    assert first.daily.date and first.daily.date == second.daily.date
    assert first.options == second.options and first.options["deals"] == "8"
    assert [seat.kind for seat in first.seats] == [table_pb2.SEAT_KIND_HUMAN] + [
        table_pb2.SEAT_KIND_COMPUTER
    ] * 3
    assert _hands_of_deal(redis_client, first.name, 1) == _hands_of_deal(redis_client, second.name, 1)
    # Nothing of a later deal exists before it is dealt: one deal started, four hands.
    events = stored(redis_client, first.name).events
    assert sum(event.HasField("deal_started") for event in events) == 1
    assert sum(event.HasField("hand_dealt") for event in events) == 4
    # The advisor does not help: the daily deal measures the player's own play.
    view = anna.my_turn(first.name)
    message = expect_status(
        grpc.StatusCode.FAILED_PRECONDITION,
        lambda: anna.stub.GetAdvice(service_pb2.GetAdviceRequest(table=view.name), metadata=anna.metadata),
    )
    assert "without advice" in message


@pytest.mark.parametrize("game", sorted(GAMES))
def test_tagesblatt_every_game_compares_each_deal_with_the_strong_computer_and_ranks_the_difference(
    stack: Stack, redis_client: redis.Redis, game: str
) -> None:
    """Every game on offer has its daily deal: one person against three computers, played
    to the end, each settled deal compared with the strong computer's play of it from her
    seat, the difference ranked on the day's board, one attempt a day."""
    cleo = stack.player("Cleo")
    started = cleo.stub.StartDailyDeal(service_pb2.StartDailyDealRequest(game=game), metadata=cleo.metadata)
    name = started.table.name
    assert [seat.kind for seat in started.table.seats] == [table_pb2.SEAT_KIND_HUMAN] + [
        table_pb2.SEAT_KIND_COMPUTER
    ] * 3
    cleo.play_alone(name, move=first_allowed_move)
    # The stream of a daily deal ends once the last deal is compared.
    watched = list(
        cleo.stub.WatchTable(service_pb2.WatchTableRequest(table=name), metadata=cleo.metadata, timeout=300)
    )
    assert watched[-1].event.daily_deal_compared.complete
    daily = cleo.get(name).daily
    table = stored(redis_client, name)
    # A deal thrown in (everyone passed, in Schafkopf) is dealt again under its number:
    # the last settlement of each number counts.
    settled: dict[int, table_pb2.Settlement] = {}
    for event in table.events:
        if event.HasField("deal_started"):
            number = event.deal_started.deal_number
        elif event.HasField("deal_settled"):
            settled[number] = event.deal_settled.settlement
    assert daily.complete and [line.deal_number for line in daily.deals] == sorted(settled)
    assert [line.your_score for line in daily.deals] == [
        settled[number].scores[0] for number in sorted(settled)
    ]
    # The worker's result is the strong computer's replay of the same deal: the first,
    # and the last, which is dealt with what the deals before it carried.
    for line in (daily.deals[0], daily.deals[-1]):
        assert line.computer_score == shadow_score(table.record(), line.deal_number)
    assert daily.difference == sum(line.your_score - line.computer_score for line in daily.deals)

    def ranked() -> bool:
        board = cleo.stub.GetLeaderboard(
            service_pb2.GetLeaderboardRequest(game=game, period=service_pb2.LEADERBOARD_PERIOD_DAILY_DEAL),
            metadata=cleo.metadata,
        )
        return board.HasField("caller") and board.caller.points == daily.difference

    eventually(ranked, what="the daily ranking")
    statistics = cleo.stub.GetStatistics(service_pb2.GetStatisticsRequest(), metadata=cleo.metadata)
    (played,) = [entry for entry in statistics.games if entry.game == game]
    assert played.daily_difference == daily.difference
    # A daily deal counts on its own ranking only.
    assert played.points == 0 and all(counter.count == 0 for counter in played.counters)
    # One attempt a day.
    again = service_pb2.StartDailyDealRequest(game=game)
    message = expect_status(
        grpc.StatusCode.FAILED_PRECONDITION, lambda: cleo.stub.StartDailyDeal(again, metadata=cleo.metadata)
    )
    assert name in message and "one attempt a day" in message


def test_tagesblatt_a_watch_after_the_last_deal_lasts_until_the_last_comparison(tmp_path: Path) -> None:
    """The match is over, but its last deal is not yet compared: a watch from the last event
    stays open (heartbeats) until the comparison that completes the daily deal, which it
    delivers; a client need not ask again and again."""
    # A Redis and a server of its own: no worker compares anything until one is started.
    store = RedisServer(free_port(), tmp_path / "redis")
    store.start()
    server = server_process(store, watch_heartbeat_s="1")
    try:
        with running(server):
            dora = Player(server_address(server), "Dora")
            try:
                name = store_daily_before_its_last_move(store.url, "baska_kop", dora.player_id, "Dora")
                last = dora.get(name)
                over = dora.submit(last, simple_move(last))
                assert over.phase == table_pb2.TABLE_PHASE_FINISHED and not over.daily.complete
                request = service_pb2.WatchTableRequest(table=name, after_sequence=over.last_event_sequence)
                stream = dora.stub.WatchTable(request, metadata=dora.metadata, timeout=120)
                assert next(stream).WhichOneof("kind") == "heartbeat"
                with running(worker_process(store)):
                    events = [response.event for response in stream if response.WhichOneof("kind") == "event"]
            finally:
                dora.close()
            assert [event.WhichOneof("kind") for event in events] == ["daily_deal_compared"]
            assert events[0].daily_deal_compared.deal_number == 8 and events[0].daily_deal_compared.complete
    finally:
        store.stop()
