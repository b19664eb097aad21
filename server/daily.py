"""The daily deal's table (seed 000 "Tagesblatt"; SPEC §3): the same fixed deals for
everyone on a calendar day, alone against computers, in every game on offer.

Its shuffle comes from a secret the servers share (``Store.daily_secret``), the game and
the day, so every player gets the same deals and nobody can work them out from the date.
Its rule set is the game's first, with its default options and, where the game counts
deals, ``DAILY_DEALS`` of them; the other seats are computers of ``OPPONENTS``' level;
there is no clock and no advice. The comparison with the strong computer is made after
each deal by a worker (``ai_worker.daily``).
"""

from __future__ import annotations

from typing import Any

from engine.errors import EngineError
from engine.game import Game
from engine.seeding import derive_seed
from server.table import TableConfig
from server.table_log import SeatKind

DAILY_DEALS = "8"
OPPONENTS = "normal"
# Four players: the only table of Baśka and Kop, Bela's two pairs facing each other
# (seed 002) and Schafkopf's usual long pack (seed 003); Speculation's four players,
# each dealing twice (its default), play the day's eight deals too. A game whose rules
# seat no four plays at the seat count nearest to it.
DAILY_SEATS = 4


def daily_config(game: Game[Any, Any], date: str, secret: str, player_id: str) -> TableConfig:
    """The daily deal of ``game`` on ``date`` for ``player_id``: the same but for who plays it."""
    declared = game.game_type
    rule_set = declared.rule_sets[0]
    chosen = {"deals": DAILY_DEALS} if any(option.key == "deals" for option in rule_set.options) else {}
    try:
        options = game.parse_options(rule_set.id, chosen)
    except EngineError:
        options = game.parse_options(rule_set.id, {})
    seated = [count for count in declared.seat_counts if game.check_seats(options, count) is None]
    seats = min(seated, key=lambda count: (abs(count - DAILY_SEATS), count))
    return TableConfig(
        game=declared.id,
        rule_set=rule_set.id,
        options=game.options_to_dict(options),
        seats=((SeatKind.HUMAN, "easy"), *((SeatKind.COMPUTER, OPPONENTS),) * (seats - 1)),
        seed=derive_seed(secret, "daily", declared.id, date),
        created_by=player_id,
        daily=date,
    )
