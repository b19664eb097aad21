"""Leaderboards and personal statistics, kept in Redis as matches go on.

A table records what its match gives each player as ``Award`` values in its state
(``server.table``): the leaderboard points of each settled deal by the game's rule, the
place bonus at the end, the penalty for leaving other people, and the statistics each
adds to. This module brings them onto the boards: every award goes to the game's
leaderboards of all time, this month, this week and today (the calendar of the server's
time zone, ``SPEEDGAMEZ_TIME_ZONE``, at the moment it is applied) and to the player's
statistics.

Semantics, in plain words: a table's awards are applied in the order the table made them,
each exactly once. The script that applies them counts, per table, how many are on the
boards already and adds only the ones after; it runs for a table after every change that
gave awards, and may run again for the same change (a worker finding the change noted,
a retried request) without adding anything twice. A change notes its table in a pending
set before it commits, so that awards of a change whose server died after the commit are
found and applied by a worker ``SPEEDGAMEZ_BOARD_SETTLE_MS`` later; a note is removed only
with the score it was noted with, so that a newer change's note is never lost.

Ranks: players with the same points share a place, and the places after them are
skipped (1, 2, 2, 4).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo

from redis.asyncio import Redis

from server import keys
from server.round_trips import Step, script_step, together
from server.settings import Settings
from server.table import TableRecord

_DAY_S = 24 * 3600

# KEYS: the table's applied counter, the pending set, the names hash, the game's four
# leaderboards (all, month, week, day), one statistics hash per award, and for a daily
# deal last its day's ranking.
# ARGV: table id, the pending note's score ("" when none), the counter's lifetime (s),
# the four boards' lifetimes (s, 0 = for good), the game id, the awards (JSON), the daily
# ranking's lifetime (s).
# Returns how many awards it added.
_APPLY = """
local applied = tonumber(redis.call('GET', KEYS[1]) or '0')
local awards = cjson.decode(ARGV[9])
for index = applied + 1, #awards do
  local award = awards[index]
  for board = 4, 7 do
    redis.call('ZINCRBY', KEYS[board], award.points, award.player_id)
    local lifetime = tonumber(ARGV[board])
    if lifetime > 0 then redis.call('EXPIRE', KEYS[board], lifetime) end
  end
  redis.call('HSET', KEYS[3], award.player_id, award.name)
  for _, tally in ipairs(award.tallies) do
    redis.call('HINCRBY', KEYS[7 + index], ARGV[8] .. ':' .. tally, 1)
  end
  if award.daily ~= nil and KEYS[8 + #awards] ~= nil then
    redis.call('ZADD', KEYS[8 + #awards], 'NX', award.daily, award.player_id)
    redis.call('EXPIRE', KEYS[8 + #awards], ARGV[10])
  end
end
if #awards > applied then redis.call('SET', KEYS[1], #awards, 'EX', ARGV[3]) end
if ARGV[2] ~= '' and redis.call('ZSCORE', KEYS[2], ARGV[1]) == ARGV[2] then
  redis.call('ZREM', KEYS[2], ARGV[1])
end
return math.max(#awards - applied, 0)
"""


class Period(StrEnum):
    """The windows each game's leaderboard is kept for, and the day's daily-deal ranking."""

    ALL_TIME = "all"
    MONTH = "month"
    WEEK = "week"
    DAY = "day"
    DAILY_DEAL = "daily"


# The boards every award adds its points to.
WINDOWS = (Period.ALL_TIME, Period.MONTH, Period.WEEK, Period.DAY)
_DAILY_LIFETIME_S = 8 * _DAY_S


# How long a window's board is kept after its last award: past its end, with a margin.
_LIFETIMES_S = {
    Period.ALL_TIME: 0,
    Period.MONTH: 62 * _DAY_S,
    Period.WEEK: 14 * _DAY_S,
    Period.DAY: 2 * _DAY_S,
}


def window(period: Period, at_ms: int, zone: ZoneInfo) -> str:
    """The name of ``period``'s window that ``at_ms`` falls in, on the calendar of ``zone``."""
    moment = datetime.fromtimestamp(at_ms / 1000, UTC).astimezone(zone)
    if period is Period.MONTH:
        return f"month:{moment:%Y-%m}"
    if period is Period.WEEK:
        year, week, _ = moment.isocalendar()
        return f"week:{year}-W{week:02d}"
    if period is Period.DAY:
        return f"day:{moment:%Y-%m-%d}"
    if period is Period.DAILY_DEAL:
        return f"daily:{moment:%Y-%m-%d}"
    return "all"


def today(at_ms: int, zone: ZoneInfo) -> str:
    """The calendar day of ``at_ms`` in ``zone``: "2026-12-01"."""
    return window(Period.DAY, at_ms, zone).removeprefix("day:")


@dataclass(frozen=True)
class Placing:
    """A player's line on a leaderboard."""

    rank: int
    player_id: str
    name: str
    points: int


@dataclass(frozen=True)
class Leaderboard:
    """The top of one board, the lines around the caller, and the caller's own placing
    (None when he has no points in the window)."""

    window: str
    players: int
    top: tuple[Placing, ...]
    around: tuple[Placing, ...]
    caller: Placing | None


class Board:
    """The leaderboards and statistics of every game."""

    def __init__(self, redis: Redis, settings: Settings) -> None:
        self.redis = redis
        self.zone = ZoneInfo(settings.time_zone)
        self.applied_lifetime_s = settings.keep_idle_s + _DAY_S
        self._apply = redis.register_script(_APPLY)

    def note_step(self, table_id: str, now_ms: int) -> Step:
        """A note, sent before a commit (``Store.commit``), that the table has awards to
        apply, with the score ``now_ms`` that ``apply`` removes it by."""
        return Step(
            f"ZADD {keys.BOARD_PENDING}", lambda pipe: pipe.zadd(keys.BOARD_PENDING, {table_id: now_ms})
        )

    async def apply(self, record: TableRecord, now_ms: int, noted: int | None = None) -> int:
        """Put the record's awards that are not yet on the boards there; returns how many."""
        added: Any = (await together(self.redis, [self.apply_step(record, now_ms, noted)]))[0]
        return int(added)

    def apply_step(self, record: TableRecord, now_ms: int, noted: int | None = None) -> Step:
        """``apply`` as a step sent with others (``server.round_trips.together``)."""
        game = record.config.game
        boards = [keys.board(game, window(period, now_ms, self.zone)) for period in WINDOWS]
        statistics = [keys.statistics(award.player_id) for award in record.awards]
        # A daily deal ranks on its own day, whenever its last comparison arrives.
        daily = [keys.board(game, f"daily:{record.config.daily}")] if record.config.daily else []
        awards = json.dumps([award.to_dict() for award in record.awards])
        lifetimes = [_LIFETIMES_S[period] for period in WINDOWS]
        return script_step(
            self._apply,
            [
                keys.board_applied(record.id),
                keys.BOARD_PENDING,
                keys.BOARD_NAMES,
                *boards,
                *statistics,
                *daily,
            ],
            [
                record.id,
                "" if noted is None else noted,
                self.applied_lifetime_s,
                *lifetimes,
                game,
                awards,
                _DAILY_LIFETIME_S,
            ],
        )

    async def pending(self, before_ms: int, count: int) -> list[tuple[str, int]]:
        """Up to ``count`` tables noted before ``before_ms`` whose awards may not be applied."""
        found: Any = await self.redis.zrangebyscore(
            keys.BOARD_PENDING, "-inf", before_ms, start=0, num=count, withscores=True
        )
        return [(_text(member), int(score)) for member, score in found]

    async def forget(self, table_id: str) -> None:
        """Drop the note of a table that is gone (nothing is left to apply)."""
        await self.redis.zrem(keys.BOARD_PENDING, table_id)

    async def leaderboard(
        self, game: str, period: Period, now_ms: int, caller_id: str, top: int, around: int
    ) -> Leaderboard:
        """The first ``top`` lines of ``game``'s board for the window of ``period`` now, and
        ``around`` lines either side of the caller."""
        name = window(period, now_ms, self.zone)
        key = keys.board(game, name)
        players = int(await self.redis.zcard(key))
        top_lines = await self._lines(key, 0, top - 1)
        caller: Placing | None = None
        around_lines: tuple[Placing, ...] = ()
        position: Any = await self.redis.zrevrank(key, caller_id)
        if position is not None:
            start = max(0, int(position) - around)
            around_lines = await self._lines(key, start, int(position) + around)
            caller = next(line for line in around_lines if line.player_id == caller_id)
        return Leaderboard(name, players, top_lines, around_lines, caller)

    async def statistics(self, player_id: str) -> dict[str, dict[str, int]]:
        """The player's counters: game id -> statistic id -> count."""
        stored: Any = await self.redis.hgetall(keys.statistics(player_id))
        counters: dict[str, dict[str, int]] = {}
        for field, count in stored.items():
            game, statistic = _text(field).split(":", 1)
            counters.setdefault(game, {})[statistic] = int(count)
        return counters

    async def daily_difference(self, game: str, player_id: str, now_ms: int) -> int | None:
        """The player's result in today's daily deal of ``game``, once it is complete."""
        key = keys.board(game, window(Period.DAILY_DEAL, now_ms, self.zone))
        score: Any = await self.redis.zscore(key, player_id)
        return None if score is None else int(score)

    async def points(self, game: str, player_id: str) -> tuple[int, int] | None:
        """The player's all-time points and rank in ``game``, or None without any."""
        key = keys.board(game, window(Period.ALL_TIME, 0, self.zone))
        score: Any = await self.redis.zscore(key, player_id)
        if score is None:
            return None
        better: Any = await self.redis.zcount(key, f"({score}", "+inf")
        return int(score), int(better) + 1

    async def _lines(self, key: str, start: int, stop: int) -> tuple[Placing, ...]:
        """Lines ``start`` to ``stop`` (from the top, 0-based) of the board at ``key``."""
        found: Any = await self.redis.zrevrange(key, start, stop, withscores=True)
        if not found:
            return ()
        ids = [_text(member) for member, _ in found]
        names: Any = await self.redis.hmget(keys.BOARD_NAMES, ids)
        # The first line's rank counts the players above it; each later line shares the
        # rank of the line before when the points are equal.
        first_score = found[0][1]
        better: Any = await self.redis.zcount(key, f"({first_score}", "+inf")
        lines: list[Placing] = []
        rank = int(better) + 1
        for offset, ((_, score), player_id, name) in enumerate(zip(found, ids, names, strict=True)):
            if offset and score != found[offset - 1][1]:
                rank = start + offset + 1
            lines.append(Placing(rank, player_id, _text(name) if name is not None else "", int(score)))
        return tuple(lines)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
