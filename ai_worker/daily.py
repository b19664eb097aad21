"""The daily deal's comparison: the strong computer plays a settled deal again from the
player's seat (seed 000 "Tagesblatt": "Nach jedem Spiel rechnet der starke Computer
dasselbe Blatt auf deinem Platz durch (die anderen Plätze spielen wie gewohnt)").

The deal is dealt again exactly as it was (its running number fixes the shuffle, and the
dealer and what it was dealt with are stored with the table), the player's seat is played
by the strong computer and every other seat by the computer of its level, each deciding
from its own observation only, as at a table. Every decision's seed comes from the table,
the deal and the position, so the same deal always plays out the same way.
"""

from __future__ import annotations

from dataclasses import replace

from ai_worker.players import decide
from engine.match import Match, MatchPhase
from server.table import Seat, TableRecord, TableStatus
from server.table_log import Act, SeatKind
from server.views import seat_observation

STRONG = "strong"


def shadow_score(record: TableRecord, deal_number: int) -> int:
    """What the strong computer scores in deal ``deal_number`` of the daily deal ``record``
    from the player's seat, the other seats played by computers of their levels."""
    deal = next(deal for deal in record.daily_deals if deal.number == deal_number)
    player = record.daily_seat()
    assert record.match is not None
    levels = [STRONG if index == player else seat.level for index, seat in enumerate(record.seats)]
    # The same rules and shuffle, played by computers only, and no daily deal of its own.
    config = replace(record.config, seats=tuple((SeatKind.COMPUTER, level) for level in levels), daily="")
    shadow = TableRecord(
        f"{record.id}/shadow/{deal_number}",
        config,
        [Seat(SeatKind.COMPUTER, level) for level in levels],
        TableStatus.PLAYING,
    )
    snapshot = {
        "phase": MatchPhase.DEAL.value,
        "deals_played": deal_number - 1,
        "dealer": deal.dealer,
        "totals": [0] * len(levels),
        "carry": deal.carry,
        "winners": [],
        "humans": [],
        "awaiting": [],
        "deal_index": deal.index,
        "deal_carry": deal.carry,
        "deal_actions": [],
    }
    shadow.match = Match.restore(record.game, record.match.options, len(levels), record.config.seed, snapshot)
    # A deal can be over as soon as it is dealt (Speculation's turned-up ace wins the pool
    # at once): nobody moves, and the strong computer scores what the player scored.
    dealt_over = record.game.result(shadow.match.deal)
    if dealt_over is not None:
        return dealt_over.scores[player]
    while True:
        seat = shadow.computer_turns()[0]
        decision = decide(seat_observation(shadow, seat), levels[seat])
        assert decision.action is not None, "a seat the deal waits for always moves"
        for happened in shadow.apply(Act(seat, decision.action, SeatKind.COMPUTER, decision.reason)):
            if happened.event.HasField("deal_settled"):
                return happened.event.deal_settled.settlement.scores[player]
