"""What a table gives its players beyond the match, as stored values: awards for the
leaderboards and statistics, and a daily deal's deals with their comparisons.

``server.table`` makes them as its match goes on and keeps them in its state;
``server.board`` applies the awards, ``ai_worker.daily`` compares the deals.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import orjson

from engine.game import JsonValue


@dataclass(frozen=True)
class Award:
    """What one change of a table gives one player: leaderboard ``points`` and the ids of
    the statistics it adds one to (an id once per count), with ``reason`` in words."""

    player_id: str
    name: str
    points: int
    tallies: tuple[str, ...]
    reason: str
    # A completed daily deal: the player's points minus the strong computer's, for the
    # day's daily ranking.
    daily: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data = {
            "player_id": self.player_id,
            "name": self.name,
            "points": self.points,
            "tallies": list(self.tallies),
            "reason": self.reason,
        }
        if self.daily is not None:
            data["daily"] = self.daily
        return data

    @functools.cached_property
    def stored_json(self) -> bytes:
        """``to_dict`` as the table's state stores it, keys sorted. Made once: an award
        never changes, and the state, with every award of the match, is written at every
        move."""
        return orjson.dumps(self.to_dict(), option=orjson.OPT_SORT_KEYS)

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Award:
        return Award(
            data["player_id"],
            data["name"],
            data["points"],
            tuple(data["tallies"]),
            data["reason"],
            data.get("daily"),
        )


@dataclass
class DailyDeal:
    """One deal of a daily deal: how it was dealt (so that the strong computer can play it
    again), the player's score and the strong computer's from the same seat."""

    number: int
    dealer: int
    index: int
    carry: JsonValue
    score: int | None = None
    computer: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "index": self.index,
            "carry": self.carry,
            "score": self.score,
            "computer": self.computer,
        }


# The statistics the service keeps for every game, before the game's own.
DEALS_PLAYED = "deals_played"
DEALS_WON = "deals_won"
MATCHES_PLAYED = "matches_played"
MATCHES_WON = "matches_won"
MATCHES_LEFT = "matches_left"
COMMON_STATISTICS = {
    DEALS_PLAYED: "deals played",
    DEALS_WON: "deals won",
    MATCHES_PLAYED: "matches played to the end",
    MATCHES_WON: "matches won",
    MATCHES_LEFT: "matches left early with other people",
}
