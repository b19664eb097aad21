"""A daily deal stored one move before its end, for tests of the wait for the strong
computer's last comparison.

With workers running, that wait lasts as long as the strong computer needs for one deal,
too short to look at. Here the deal is played in-process up to the player's own move that
ends the match (a day's shuffle is looked for where the player moves last), each deal but
the last is compared with the strong computer, and the table is stored with the server's
own ``Store.create``. After the player's last move the comparison waits until the test
starts a worker.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from zoneinfo import ZoneInfo

from ai_worker.daily import shadow_score
from engine.actions import Action, Continue
from engine.match import MatchPhase
from engine.registry import get_game
from server.board import today
from server.daily import daily_config
from server.settings import Settings
from server.store import Store, connect, now_ms
from server.table import Happened, TableConfig, TableRecord
from server.table_log import Act, Compare, Join, LogEntry, SeatKind


def store_daily_before_its_last_move(redis_url: str, game_id: str, player_id: str, name: str) -> str:
    """Store today's daily deal of ``game_id`` for the player, one move of his before its
    end; the table's name."""
    record, events = daily_before_its_last_move(game_id, player_id, name)
    settings = Settings(redis_url=redis_url)

    async def create() -> None:
        client = connect(settings)
        try:
            store = Store(client, settings)
            assert await store.create(record, events)
            await store.remember_seat(player_id, record.id)
        finally:
            await client.aclose()

    asyncio.run(create())
    return f"tables/{record.id}"


def daily_before_its_last_move(game_id: str, player_id: str, name: str) -> tuple[TableRecord, list[Happened]]:
    """Today's daily deal of ``game_id`` (on the server's default calendar, UTC) with every
    move made but the player's last, which ends the match; every deal before it compared."""
    game = get_game(game_id)
    date = today(now_ms(), ZoneInfo(Settings().time_zone))
    for attempt in itertools.count():
        config = daily_config(game, date, f"shuffle {attempt}", player_id)
        entries = _played(config, Join(0, player_id, name))
        last = entries[-1]
        if isinstance(last, Act) and last.seat == 0:
            break
    record, events = TableRecord.new(secrets.token_urlsafe(12), config)
    for entry in entries[:-1]:
        events += record.apply(entry)
    for deal in record.shadows_due():
        events += record.apply(Compare(deal, shadow_score(record, deal)))
    return record, events


def _played(config: TableConfig, join: Join) -> list[LogEntry]:
    """Every entry of the daily deal played to its end, each seat taking its first legal move."""
    record, _ = TableRecord.new("in-process", config)
    entries: list[LogEntry] = [join]
    record.apply(join)
    while not record.status.over:
        match = record.match
        assert match is not None
        seat = min(match.to_act())
        action: Action = Continue()
        if match.phase is not MatchPhase.SETTLEMENT:
            action = record.game.legal_actions(match.deal, seat)[0]
        by = SeatKind.COMPUTER if record.seats[seat].played_by_computer else SeatKind.HUMAN
        entries.append(Act(seat, action, by))
        record.apply(entries[-1])
    return entries
