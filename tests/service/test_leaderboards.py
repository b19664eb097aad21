"""Leaderboards and statistics across server and worker processes (seed 000 "Partie und
Bestenliste", "Ratsstube"; SPEC §3): a solo Partie against computers counts the plus
points of won deals and the place bonus in every window, leaving other people costs 10
once however often the leave is sent, and bad requests are refused precisely."""

from __future__ import annotations

import grpc
import redis

from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import eventually, expect_status
from tests.support.client import EASY, HUMAN, Player
from tests.support.stored import stored

PERIODS = (
    service_pb2.LEADERBOARD_PERIOD_ALL_TIME,
    service_pb2.LEADERBOARD_PERIOD_MONTH,
    service_pb2.LEADERBOARD_PERIOD_WEEK,
    service_pb2.LEADERBOARD_PERIOD_DAY,
)
PLACE_BONUS = (30, 15, 5, 0)


def _board(
    player: Player, period: service_pb2.LeaderboardPeriod, **fields: int
) -> service_pb2.GetLeaderboardResponse:
    request = service_pb2.GetLeaderboardRequest(game="baska_kop", period=period, **fields)
    return player.stub.GetLeaderboard(request, metadata=player.metadata)


def _statistics(player: Player) -> dict[str, int]:
    response = player.stub.GetStatistics(service_pb2.GetStatisticsRequest(), metadata=player.metadata)
    (game,) = response.games
    return {counter.id: counter.count for counter in game.counters}


def test_bestenliste_a_solo_partie_counts_plus_points_of_won_deals_and_the_place_bonus(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY], deals="8")
    anna.play_alone(created.name)
    events = stored(redis_client, created.name).events
    settled = [event.deal_settled.settlement for event in events if event.HasField("deal_settled")]
    (finished,) = [event.match_finished for event in events if event.HasField("match_finished")]
    # Worked from the events: "nur deine Pluspunkte aus gewonnenen Spielen", plus the
    # place bonus of her final total.
    won = [settlement for settlement in settled if 0 in settlement.winner_seats]
    place = 1 + sum(total > finished.totals[0] for total in finished.totals)
    expected = sum(max(settlement.scores[0], 0) for settlement in won) + PLACE_BONUS[place - 1]

    def counted() -> bool:
        return _board(anna, service_pb2.LEADERBOARD_PERIOD_ALL_TIME).caller.points == expected

    # The last deal may end with a computer's card: its worker applies the awards.
    eventually(counted, what="the Partie on the leaderboard")
    for period in PERIODS:
        board = _board(anna, period)
        assert board.caller.points == expected and board.caller.is_caller
        assert board.caller.player_id == anna.player_id and board.caller.display_name == "Anna"
        assert board.rule.startswith("the plus points of the deals you won")
    statistics = _statistics(anna)
    assert statistics["deals_played"] == 8
    assert statistics["deals_won"] == len(won)
    assert statistics["matches_played"] == 1
    assert statistics["matches_won"] == (0 in finished.winner_seats)
    assert statistics["matches_left"] == 0
    assert set(statistics) >= {"won_cicha", "won_zolo_du_gran_du", "won_doubles"}


def test_bestenliste_leaving_a_partie_with_other_people_costs_10_once_even_when_the_leave_is_sent_again(
    stack: Stack,
) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, HUMAN, EASY, EASY])
    ben.join(created.name)
    leave = service_pb2.LeaveTableRequest(table=created.name)
    ben.stub.LeaveTable(leave, metadata=ben.metadata)
    expect_status(
        grpc.StatusCode.PERMISSION_DENIED, lambda: ben.stub.LeaveTable(leave, metadata=ben.metadata)
    )
    for period in PERIODS:
        assert _board(ben, period).caller.points == -10
    assert _statistics(ben)["matches_left"] == 1
    # Anna, left alone with the computers, may leave without a penalty. (A deal the
    # computers ended by a call before her turn may have brought her plus points.)
    anna.stub.LeaveTable(leave, metadata=anna.metadata)
    assert _board(anna, service_pb2.LEADERBOARD_PERIOD_ALL_TIME).caller.points >= 0


def test_bestenliste_a_player_without_points_sees_the_board_without_his_line(stack: Stack) -> None:
    newcomer = stack.player("Newcomer")
    board = _board(newcomer, service_pb2.LEADERBOARD_PERIOD_DAY, top_size=3)
    assert not board.HasField("caller") and not board.around_caller
    assert len(board.top) <= 3
    assert board.time_zone == "UTC" and len(board.window) == len("2026-12-01")
    response = newcomer.stub.GetStatistics(service_pb2.GetStatisticsRequest(), metadata=newcomer.metadata)
    assert response.player_id == newcomer.player_id and not response.games


def test_bestenliste_refuses_an_unknown_game_a_missing_period_and_sizes_out_of_range(stack: Stack) -> None:
    anna = stack.player("Anna")
    day = service_pb2.LEADERBOARD_PERIOD_DAY
    cases = {
        "unknown game": service_pb2.GetLeaderboardRequest(game="skat", period=day),
        "period must be set": service_pb2.GetLeaderboardRequest(game="baska_kop"),
        "top_size must be from 0 to 100": service_pb2.GetLeaderboardRequest(
            game="baska_kop", period=day, top_size=101
        ),
        "around_size must be from 0 to 20": service_pb2.GetLeaderboardRequest(
            game="baska_kop", period=day, around_size=21
        ),
    }
    for words, request in cases.items():

        def ask(request: service_pb2.GetLeaderboardRequest = request) -> object:
            return anna.stub.GetLeaderboard(request, metadata=anna.metadata)

        assert words in expect_status(grpc.StatusCode.INVALID_ARGUMENT, ask)


def test_list_games_names_the_leaderboard_rule_and_the_statistics(stack: Stack) -> None:
    anna = stack.player("Anna")
    games = {game.id: game for game in anna.stub.ListGames(service_pb2.ListGamesRequest()).games}
    game = games["baska_kop"]
    assert "place bonus of 30, 15, 5 points" in game.leaderboard_rule
    assert "a tenth of your points after each deal" in games["bela"].leaderboard_rule
    assert [statistic.id for statistic in game.statistics] == [
        "deals_played",
        "deals_won",
        "matches_played",
        "matches_won",
        "matches_left",
        "won_cicha",
        "won_zolo_du_gran_du",
        "won_doubles",
    ]
