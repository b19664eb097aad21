"""When the strong level uses every consistent deal (Speedbock rules, "Computergegner").

The strong level uses every deal consistent with the observation, each once, when at most
``exact_limit`` of them exist. What counts is the deals that agree with everything
played and said, not every way to deal the unseen cards: voids and announcements often
leave a few hundred deals out of thousands.
"""

from __future__ import annotations

from ai_worker.players import advise
from ai_worker.players.baska_kop.deals import constraints
from ai_worker.players.baska_kop.search import STRONG, deal_sample
from ai_worker.seat_info import seat_info
from server.views import seat_observation
from tests.players.brute_force import consistent_deals, deal_key
from tests.players.tables import act, new_table

# Kop, dealer 0, a normal game after two doubles. Seat 1 leads the trump ♥10; seats 2
# and 3 follow with lower trumps (♣J, ♦Q), so neither holds ♥A or ♣10, which would have
# had to beat it. Seat 0 (♠10 ♠J ♦J ♣A) plays last. Nine cards are unseen, three to each
# other seat: 1,680 ways to deal them, of which 140 agree with the view.
FEW_DEALS_HANDS = ["TS JS JD AC", "AH TC TH JH", "QC QH JC TD", "QS QD AD AS"]
FEW_DEALS_ACTIONS = [
    (1, "double"),
    (2, "pass"),
    (3, "double"),
    (0, "pass"),
    (1, "pass"),
    (2, "pass"),
    (1, "play TH"),
    (2, "play JC"),
    (3, "play QD"),
]


def test_few_consistent_deals_are_each_used_once_although_the_unseen_cards_allow_many() -> None:
    record = new_table("kop", 1, FEW_DEALS_HANDS, dealer=0)
    for seat, action in FEW_DEALS_ACTIONS:
        assert record.computer_turns() == [seat], (seat, action)
        act(record, seat, action)
    observation = seat_observation(record, 0)
    info = seat_info(observation)
    truth = {deal_key(deal_) for deal_ in consistent_deals(record, 0)}
    assert constraints(info).upper_bound() > STRONG.exact_limit >= len(truth)
    deals = deal_sample(info, STRONG)
    assert deals.exact
    assert sorted(deal_key(deal_) for deal_ in deals.deals) == sorted(truth)
    advice = advise(observation)
    assert advice.exact
    assert advice.deals_considered == len(truth)


def test_many_consistent_deals_are_sampled() -> None:
    """At the first call nothing constrains the other hands: 34,650 deals, so the strong
    level samples instead of listing them."""
    record = new_table("kop", 1, FEW_DEALS_HANDS, dealer=0)
    info = seat_info(seat_observation(record, 1))
    deals = deal_sample(info, STRONG)
    assert not deals.exact
    assert len(deals.deals) == STRONG.samples
