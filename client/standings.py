"""The leaderboards and the player's statistics (his "Bilanz"), as lines of text.

Everything comes from GetLeaderboard and GetStatistics: the ranks (shared on equal points),
the window's name, the rule in words and every counter with its title.
"""

from __future__ import annotations

from speedgamez.v1 import table_service_pb2 as service_pb2

PERIODS = {
    "all": service_pb2.LEADERBOARD_PERIOD_ALL_TIME,
    "month": service_pb2.LEADERBOARD_PERIOD_MONTH,
    "week": service_pb2.LEADERBOARD_PERIOD_WEEK,
    "day": service_pb2.LEADERBOARD_PERIOD_DAY,
    "daily": service_pb2.LEADERBOARD_PERIOD_DAILY_DEAL,
}
_PERIOD_TITLES = {
    service_pb2.LEADERBOARD_PERIOD_ALL_TIME: "all time",
    service_pb2.LEADERBOARD_PERIOD_MONTH: "this month",
    service_pb2.LEADERBOARD_PERIOD_WEEK: "this week",
    service_pb2.LEADERBOARD_PERIOD_DAY: "today",
    service_pb2.LEADERBOARD_PERIOD_DAILY_DEAL: "of today's daily deal",
}


def leaderboard_lines(board: service_pb2.GetLeaderboardResponse, game_title: str) -> list[str]:
    """The top of the board, then the lines around the player when he is not among them."""
    window = "" if board.window == "all" else f" ({board.window}, {board.time_zone})"
    players = f"{board.players} player{'' if board.players == 1 else 's'}"
    lines = [f"{game_title}: leaderboard {_PERIOD_TITLES[board.period]}{window}, {players}"]
    if not board.top:
        lines.append("  Nobody has points here yet.")
    lines += [_line(line) for line in board.top]
    shown = {line.player_id for line in board.top}
    if board.HasField("caller") and board.caller.player_id not in shown:
        lines.append("  ...")
        lines += [_line(line) for line in board.around_caller]
    elif not board.HasField("caller"):
        lines.append("  You have no points here yet.")
    return lines


def rule_line(board: service_pb2.GetLeaderboardResponse) -> str:
    return f"Counted: {board.rule}." if board.rule else ""


def statistics_lines(
    statistics: service_pb2.GetStatisticsResponse, balance: int, game_id: str = "", game_title: str = ""
) -> list[str]:
    """The balance, then per game played (or only the game ``game_id``, titled ``game_title``)
    the points and rank of all time and every counter."""
    lines = [f"Your balance: {balance} chips."]
    games = [game for game in statistics.games if game.game == game_id or not game_id]
    if not games:
        where = f" in {game_title}" if game_id else ""
        return [*lines, f"Your statistics{where}: no deal played yet."]
    for game in games:
        rank = f", rank {game.rank}" if game.rank else ""
        lines.append(f"Your statistics in {game.title}: {game.points} leaderboard points of all time{rank}")
        lines += [f"  {counter.title}: {counter.count}" for counter in game.counters]
    return lines


def _line(line: service_pb2.LeaderboardLine) -> str:
    you = "  ← you" if line.is_caller else ""
    return f"  {line.rank:>3}. {line.display_name:<24} {line.points:>6}{you}"
