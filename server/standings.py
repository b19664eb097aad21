"""The leaderboard and statistics RPCs: requests checked, boards read, answers built.

``server.board`` keeps the numbers; this module turns them into the contract's messages
for ``TableService.get_leaderboard`` and ``get_statistics``.
"""

from __future__ import annotations

from engine.errors import quoted
from engine.registry import GAMES
from server.awards import COMMON_STATISTICS
from server.board import Board, Period, Placing
from server.errors import Code, ServiceError
from speedgamez.v1 import table_service_pb2 as service_pb2

_PERIODS = {
    service_pb2.LEADERBOARD_PERIOD_ALL_TIME: Period.ALL_TIME,
    service_pb2.LEADERBOARD_PERIOD_MONTH: Period.MONTH,
    service_pb2.LEADERBOARD_PERIOD_WEEK: Period.WEEK,
    service_pb2.LEADERBOARD_PERIOD_DAY: Period.DAY,
    service_pb2.LEADERBOARD_PERIOD_DAILY_DEAL: Period.DAILY_DEAL,
}
_DAILY_RULE = (
    "today's daily deal: your points over its deals minus what the strong computer made from your seat "
    "in the same deals"
)
_MAX_TOP = 100
_DEFAULT_TOP = 10
_MAX_AROUND = 20
_DEFAULT_AROUND = 2


async def leaderboard(
    board: Board, caller_id: str, request: service_pb2.GetLeaderboardRequest, now_ms: int
) -> service_pb2.GetLeaderboardResponse:
    game = GAMES.get(request.game)
    if game is None:
        offered = ", ".join(GAMES)
        raise ServiceError(
            Code.INVALID_ARGUMENT, f"unknown game {quoted(request.game)}; choose one of: {offered}"
        )
    period = _PERIODS.get(request.period)
    if period is None:
        raise ServiceError(
            Code.INVALID_ARGUMENT,
            "period must be set: LEADERBOARD_PERIOD_ALL_TIME, _MONTH, _WEEK, _DAY or _DAILY_DEAL",
        )
    if not 0 <= request.top_size <= _MAX_TOP:
        raise ServiceError(
            Code.INVALID_ARGUMENT, f"top_size must be from 0 to {_MAX_TOP}, not {request.top_size}"
        )
    around = request.around_size if request.HasField("around_size") else _DEFAULT_AROUND
    if not 0 <= around <= _MAX_AROUND:
        raise ServiceError(
            Code.INVALID_ARGUMENT, f"around_size must be from 0 to {_MAX_AROUND}, not {around}"
        )
    found = await board.leaderboard(
        game.game_type.id, period, now_ms, caller_id, request.top_size or _DEFAULT_TOP, around
    )

    def line(placing: Placing) -> service_pb2.LeaderboardLine:
        return service_pb2.LeaderboardLine(
            rank=placing.rank,
            player_id=placing.player_id,
            display_name=placing.name,
            points=placing.points,
            is_caller=placing.player_id == caller_id,
        )

    response = service_pb2.GetLeaderboardResponse(
        game=game.game_type.id,
        period=request.period,
        window=found.window.split(":", 1)[-1],
        time_zone=str(board.zone),
        players=found.players,
        top=[line(placing) for placing in found.top],
        around_caller=[line(placing) for placing in found.around],
        rule=_DAILY_RULE if period is Period.DAILY_DEAL else game.game_type.ranking.rule,
    )
    if found.caller is not None:
        response.caller.CopyFrom(line(found.caller))
    return response


async def statistics(board: Board, player_id: str, now_ms: int) -> service_pb2.GetStatisticsResponse:
    counters = await board.statistics(player_id)
    response = service_pb2.GetStatisticsResponse(player_id=player_id)
    for game_id, game in GAMES.items():
        points = await board.points(game_id, player_id)
        daily = await board.daily_difference(game_id, player_id, now_ms)
        if game_id not in counters and points is None and daily is None:
            continue
        counted = counters.get(game_id, {})
        titles = {
            **COMMON_STATISTICS,
            **{statistic.id: statistic.title for statistic in game.game_type.statistics},
        }
        response.games.append(
            service_pb2.GameStatistics(
                game=game_id,
                title=game.game_type.title,
                points=points[0] if points is not None else 0,
                rank=points[1] if points is not None else 0,
                counters=[
                    service_pb2.StatisticCount(id=statistic, title=title, count=counted.get(statistic, 0))
                    for statistic, title in titles.items()
                ],
                daily_difference=daily,
            )
        )
    return response


def statistic_infos(game_id: str) -> list[service_pb2.StatisticInfo]:
    """Every counter GetStatistics shows for the game, in its order."""
    declared = GAMES[game_id].game_type.statistics
    return [
        *(
            service_pb2.StatisticInfo(id=statistic, title=title)
            for statistic, title in COMMON_STATISTICS.items()
        ),
        *(service_pb2.StatisticInfo(id=statistic.id, title=statistic.title) for statistic in declared),
    ]
