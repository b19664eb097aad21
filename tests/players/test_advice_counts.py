"""The numbers in the advice's sentence are counts of deals.

"wins the deal in N of M possible deals": M is the number of deals consistent with the
seat's view and N the number of them in which the recommended card wins, each deal
counted once however the strong level weighs it. A weighted share may follow, labelled
as such. The truth comes from a brute force through the engine: every consistent deal,
and for each a double-dummy search of the rest of the deal.
"""

from __future__ import annotations

import re

from ai_worker.arena import RANDOM
from ai_worker.players import advise
from ai_worker.players.baska_kop.search import Deals, Outlook
from engine.actions import PlayCard
from engine.baska_kop.constants import SEATS
from engine.cards import Card
from engine.seeding import derive_seed
from server import convert
from server.table import TableRecord
from server.views import seat_observation
from speedgamez.v1 import table_pb2
from tests.players.brute_force import consistent_worlds, wins_double_dummy
from tests.players.tables import act, decision_points, mixed, new_table
from tests.players.test_wesele_partner_reveal import REVEAL_ACTIONS, REVEAL_HANDS

_COUNT = re.compile(r"wins the deal in (\d+) of (\d+) possible deals")
_WEIGHTED = "% when each deal is weighted by how well it fits the bidding"
LATE_POSITIONS = 12


def _check_counts(record: TableRecord, viewer: int) -> bool:
    """Assert the advice's counts for ``viewer``; True if its deals weigh differently."""
    advice = advise(seat_observation(record, viewer))
    action = convert.action_from_proto(advice.recommended_action)
    assert isinstance(action, PlayCard)
    worlds = consistent_worlds(record, viewer)
    true_wins = sum(wins_double_dummy(world, viewer, action.card) for _, world in worlds)
    found = _COUNT.search(advice.reason)
    assert found is not None, advice.reason
    assert advice.exact
    assert (int(found[1]), int(found[2])) == (true_wins, len(worlds)), advice.reason
    assert advice.deals_considered == len(worlds)
    (card,) = [card for card in advice.cards if convert.card_from_proto(card.card) == action.card]
    assert card.winning_deals == true_wins
    return _WEIGHTED in advice.reason


def test_the_advice_counts_the_deals_its_card_wins_in_the_wesele_example() -> None:
    """The example's doubles make the strong level weigh its deals differently."""
    record = new_table("baska", 1, REVEAL_HANDS, dealer=0)
    for seat, action in REVEAL_ACTIONS:
        act(record, seat, action)
    assert _check_counts(record, 3)


def test_the_advice_counts_the_deals_its_card_wins_in_late_positions() -> None:
    checked = weighted = number = 0
    while checked < LATE_POSITIONS:
        number += 1
        record = new_table(("baska", "kop")[number % 2], derive_seed("advice-counts", number))
        for point, _ in decision_points(record, [RANDOM] * SEATS, mixed):
            late = len(point.view.tricks) >= 2 and point.view.phase == table_pb2.TABLE_PHASE_PLAYING
            if late and sum(card.playable for card in point.view.hand) >= 2:
                weighted += _check_counts(record, point.seat)
                checked += 1
                break
    assert weighted >= 3, "too few positions where the deals weigh differently"


def _outlook(won_deals: int, wins: float, total: float) -> Outlook:
    return Outlook(PlayCard(Card.parse("JD")), "♦J", wins, total, 0.0, 0.0, 3, won_deals)


def test_a_weighted_share_is_labelled_and_never_given_as_a_count() -> None:
    deals = Deals([{}, {}, {}], [1.0, 0.5, 0.5], exact=True)
    assert deals.describe(_outlook(3, 2.0, 2.0)) == f"3 of 3 possible deals (100{_WEIGHTED})"
    assert deals.describe(_outlook(2, 1.0, 2.0)) == f"2 of 3 possible deals (50{_WEIGHTED})"
    assert deals.describe(_outlook(1, 0.5, 2.0)) == f"1 of 3 possible deals (25{_WEIGHTED})"
    sampled = Deals([{}, {}, {}], [1.0, 1.0, 1.0], exact=False)
    assert sampled.describe(_outlook(2, 2.0, 3.0)) == "2 of 3 sampled deals"
