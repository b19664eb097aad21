"""The move clock: when the people a table waits for must have acted, and what happens then.

The engine has no clock; the service keeps one beside each table. A table with think time
(``TableConfig.think_seconds``) that waits for people has a deadline: think time plus the
grace for a decision in the deal (only the grace for people who are away), reading time
plus think time for the settlement. A game with its own limit for a decision
(``Game.deadline``: Speculation's market) gives people exactly that limit instead, in the
deal only, at a table with two people or more (alone against computers a person holds up
nobody). The write path sets it with every change, from the
server's clock (``deadline_after``), stores it with the table and notes it in a sorted set
of deadlines; a worker that finds one passed makes the computer's moves for those people
in one ``Expire`` entry, through the write path at the version it read.

Semantics, in plain words: a deadline may be noted more than once, and several workers
may find the same one passed; applying it is idempotent because the entry is applied
only at the version the worker read (the compare-and-set is the one claim), so a second
attempt, or one after the person acted, is refused as stale and changes nothing. A noted
deadline whose table moved on is either raised to the table's new deadline or forgotten;
removing it checks the deadline it was noted with, so a newer one is never lost.
"""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis

from server import keys
from server.round_trips import Step, together
from server.settings import Settings
from server.table import ClockWait, TableRecord

# KEYS: the deadlines set. ARGV: table id, the deadline it was noted with.
# Removes the table only if its deadline is still that one.
_FORGET = """
if redis.call('ZSCORE', KEYS[1], ARGV[1]) == ARGV[2] then redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
"""


def deadline_after(
    record: TableRecord,
    before: ClockWait | None,
    before_deadline: int | None,
    acted: bool,
    now: int,
    settings: Settings,
) -> int | None:
    """The table's deadline after a change; ``before`` and ``before_deadline`` are what the
    clock ran for before it, ``acted`` whether the change was a move.

    A settlement keeps its deadline while people continue one by one; a deal keeps it only
    through changes that are no move (a join, another player leaving).
    """
    wait = record.clock_wait()
    if wait is None:
        return None
    if wait.own is not None:
        # The game's own limit runs per decision: trades beside it, or some of the people
        # it waits for having decided, keep it; a new decision starts a new one.
        kept = before is not None and before.own == wait.own and wait.seats <= before.seats
        if kept and before_deadline is not None:
            return before_deadline
        return now + wait.own.seconds * settings.clock_second_ms
    if before is not None and before_deadline is not None:
        same_settlement = wait.settling and before.settling and wait.deals_played == before.deals_played
        if same_settlement or (not acted and wait.seats == before.seats and not wait.settling):
            return before_deadline
    think = record.config.think_seconds * settings.clock_second_ms
    if wait.settling:
        return now + settings.clock_reading_ms + think
    return now + settings.clock_grace_ms + (0 if wait.away else think)


class Deadlines:
    """The sorted set of tables whose clock runs, by deadline."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._forget = redis.register_script(_FORGET)

    async def note(self, table_id: str, deadline_ms: int) -> None:
        await together(self.redis, [self.note_step(table_id, deadline_ms)])

    def note_step(self, table_id: str, deadline_ms: int) -> Step:
        """``note`` as a step sent with others (``server.round_trips.together``)."""
        return Step(
            f"ZADD {keys.CLOCK_DEADLINES}",
            lambda pipe: pipe.zadd(keys.CLOCK_DEADLINES, {table_id: deadline_ms}),
        )

    async def passed(self, now_ms: int, count: int) -> list[tuple[str, int]]:
        """Up to ``count`` tables whose noted deadline has passed, earliest first."""
        found: Any = await self.redis.zrangebyscore(
            keys.CLOCK_DEADLINES, "-inf", now_ms, start=0, num=count, withscores=True
        )
        return [
            (member.decode() if isinstance(member, bytes) else member, int(score)) for member, score in found
        ]

    async def forget(self, table_id: str, deadline_ms: int) -> None:
        await self._forget(keys=[keys.CLOCK_DEADLINES], args=[table_id, deadline_ms])
