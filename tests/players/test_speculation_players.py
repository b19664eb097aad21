"""Speculation's computer traders at engine level: the chances they price by agree with
deals played out by the rules, every level plays whole deals legally at every seat count
with a market that comes to rest, and each prices sales, bids and offers by the chances."""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence

import pytest

from ai_worker.players import speculation
from ai_worker.players.decision import Decision
from ai_worker.players.speculation.chances import chances, rank_chances
from ai_worker.players.speculation.sampled import later_deal, positions, sampled_chances
from ai_worker.seat_info import SeatInfo
from engine.actions import Pass
from engine.game import Observation
from engine.speculation import DealState, Options, Phase, Speculation
from engine.speculation.blocks import (
    AcceptBid,
    AcceptOffer,
    Bid,
    Keep,
    Offer,
    RejectOffer,
    Reveal,
    Sell,
    SpeculationView,
)
from engine.speculation.constants import SEAT_COUNTS
from server import convert
from server.table import TableConfig, TableRecord
from server.table_log import SeatKind
from tests.rules.speculation_helpers import act, auction_id, stacked

GAME = Speculation()
Player = Callable[[SeatInfo], Decision]


def seat_info(state: DealState, seat: int, seed: int = 0) -> SeatInfo:
    observation = GAME.observation(state, seat)
    return SeatInfo(
        **{item.name: getattr(observation, item.name) for item in dataclasses.fields(Observation)},
        game="speculation",
        rule_set="parlett",
        options=GAME.options_to_dict(state.options),
        seed=seed,
    )


def market(state: DealState, seat: int) -> SpeculationView:
    view = GAME.revealed(state, seat)
    assert isinstance(view, SpeculationView)
    return view


def keep_and_turn(state: DealState) -> None:
    """One step of a deal without trading: keep every best trump, turn the next card."""
    (seat,) = GAME.to_act(state)
    GAME.apply(state, seat, Keep() if state.phase is Phase.SALE else Reveal())


# The chances ----------------------------------------------------------------------------


def test_a_turned_up_king_stands_unless_the_ace_is_dealt() -> None:
    """Three seats, a fresh pack, ♥K turned: the ace is one of 51 unseen cards, 9 of them
    face down. The king stands with 42/51; each face-down card holds the ace with 1/51."""
    state = stacked(["2S 3S 4S", "5S 6S 7S", "8S 9S TS"], "KH")
    odds = chances(market(state, 1), counting=True)
    assert odds.best == pytest.approx(42 / 51)
    assert odds.slot == pytest.approx(1 / 51)
    assert odds.seats == pytest.approx((45 / 51, 3 / 51, 3 / 51))
    assert odds.pool == 6 + 4 + 4 and odds.worth(odds.best) == pytest.approx(14 * 42 / 51)


def test_a_turned_up_ace_wins_for_certain() -> None:
    state = stacked(["2S 3S 4S", "5S 6S 7S", "8S 9S TS"], "AH")
    assert state.phase is Phase.FINISHED
    odds = chances(market(state, 1), counting=True)
    assert (odds.best, odds.slot) == (1.0, 0.0)


@pytest.mark.parametrize("extra_hand", [False, True], ids=["no_extra_hand", "extra_hand"])
def test_the_chances_agree_with_deals_played_out_by_the_rules(extra_hand: bool) -> None:
    """Calibration: over seeded deals, some already under way, the pool goes to each seat
    (and stays with the extra hand) as often as the chances said, within 4.5 standard
    errors, for all predictions and for each band of them."""
    options = Options(extra_hand=extra_hand)
    bands = {band: [0.0, 0.0] for band in ("<0.1", "<0.3", "<0.6", ">=0.6")}
    for seed in range(1500):
        rng = random.Random(seed)
        state = later_deal(seed, rng.choice((3, 4, 5, 6)), options)
        for _ in range(rng.randrange(6)):
            if state.phase is Phase.FINISHED:
                break
            keep_and_turn(state)
        odds = chances(market(state, 0), counting=True)
        predicted = [*odds.seats, 1 - sum(odds.seats)]
        while state.phase is not Phase.FINISHED:
            keep_and_turn(state)
        outcome = state.winner if state.winner >= 0 else len(predicted) - 1
        for place, chance in enumerate(predicted):
            band = "<0.1" if chance < 0.1 else "<0.3" if chance < 0.3 else "<0.6" if chance < 0.6 else ">=0.6"
            bands[band][0] += (place == outcome) - chance
            bands[band][1] += chance * (1 - chance)
    total = sum(band[0] for band in bands.values())
    assert abs(total) <= 4.5 * math.sqrt(sum(band[1] for band in bands.values())) + 1e-9
    for name, (difference, variance) in bands.items():
        assert abs(difference) <= 4.5 * math.sqrt(variance) + 1e-9, (name, difference, variance)


def test_the_exact_chances_agree_with_a_monte_carlo_of_the_unseen_cards() -> None:
    """40 positions at 3 to 9 seats, some from a pack under way: the exact chances lie
    within 4.5 standard errors of 20,000 random placements of the unseen cards
    (``python -m ai_worker.bench --only chances`` runs 1,000 positions of 100,000)."""
    samples = 20_000
    rng = random.Random(11)
    for view, counting in positions(40, 12):
        odds = chances(view, counting)
        best, slot = sampled_chances(view, counting, samples, rng)
        for exact, sampled in ((odds.best, best), (odds.slot, slot)):
            error = math.sqrt(max(exact * (1 - exact), 1 / samples) / samples)
            assert abs(exact - sampled) <= 4.5 * error, (view, counting, exact, sampled)


def test_a_counting_player_knows_the_earlier_deals_cards() -> None:
    state = later_deal(5, 4, Options())
    view = market(state, 0)
    assert view.seen, "the deal follows others since the shuffle"
    counted, not_counted = chances(view, counting=True), chances(view, counting=False)
    assert counted != not_counted


def test_a_table_counts_its_deals_as_each_seat_dealing_twice() -> None:
    """Spielende: each deals twice (the default), so five seats play ten deals."""
    config = TableConfig(
        game="speculation",
        rule_set="parlett",
        options={"rule_set": "parlett"},
        seats=((SeatKind.COMPUTER, "easy"),) * 5,
        seed=1,
        created_by="tests",
    )
    record, _ = TableRecord.new("speculation-length", config)
    assert record.match_length().deals == 10


# Whole deals ----------------------------------------------------------------------------


def play_market(state: DealState, players: Sequence[Player], limit: int = 400) -> int:
    """Play a deal as the server does: the seat waited for moves; every seat that may
    trade is asked and may do nothing. Returns the actions taken; fails if the market
    never comes to rest."""
    taken = 0
    while state.phase is not Phase.FINISHED:
        moved = False
        for seat in sorted(GAME.may_act(state) | GAME.to_act(state)):
            decision = players[seat](seat_info(state, seat, seed=taken))
            if decision.action is None:
                assert seat not in GAME.to_act(state)
                continue
            GAME.check(state, seat, decision.action)
            GAME.apply(state, seat, decision.action, decision.reason)
            assert decision.reason
            taken += 1
            moved = True
            break
        assert moved, "the table waits for nobody and the deal is not over"
        assert taken < limit, "the market does not come to rest"
    return taken


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_every_level_plays_whole_deals_at_every_seat_count(seats: int) -> None:
    levels = list(speculation.LEVELS.values())
    for seed in range(8):
        for options in (Options(), Options(extra_hand=True, fives_and_jacks=True), Options(foster=True)):
            state = later_deal(seed, seats, options) if seats <= 6 else GAME.new_deal(options, seats, 0, seed)
            players = [levels[(seat + seed) % len(levels)] for seat in range(seats)]
            play_market(state, players)
            assert sum(state.chips) + state.pool_left == 40 * seats


def _traded(state: DealState) -> set[type]:
    return {type(entry.action) for entry in state.calls}


def test_normal_and_strong_offer_for_face_down_cards_and_get_answers() -> None:
    kinds: set[type] = set()
    for seed in range(20):
        state = GAME.new_deal(Options(), 4, 0, seed)
        play_market(state, [speculation.LEVELS["normal"], speculation.LEVELS["strong"]] * 2)
        kinds |= _traded(state)
    assert {Offer, RejectOffer} <= kinds


# Prices ---------------------------------------------------------------------------------


def test_a_weak_best_trump_is_offered_for_sale_and_a_strong_one_kept() -> None:
    weak = stacked(["2S 3S 4S", "5S 6S 7S", "8S 9S TS"], "3H")
    strong = stacked(["2S 3S 4S", "5S 6S 7S", "8S 9S TS"], "KH")
    for level in speculation.LEVELS.values():
        assert isinstance(level(seat_info(weak, 0)).action, Sell)
        assert isinstance(level(seat_info(strong, 0)).action, Keep)


def test_a_bid_stays_under_the_worth_and_a_sale_needs_the_worth() -> None:
    """♥Q turned at three seats: it stands with P(♥A and ♥K both off the table); the
    bidders bid while the least bid is a chip under its worth, the seller sells at it."""
    state = stacked(["2S 3S 4S", "5S 6S 7S", "8S 9S TS"], "QH")
    worth = chances(market(state, 1), counting=True).worth(chances(market(state, 1), counting=True).best)
    act(state, 0, "sell")
    normal = speculation.LEVELS["normal"]
    bids = []
    while state.phase is Phase.AUCTION:
        (seat,) = sorted(GAME.to_act(state))[:1]
        action = normal(seat_info(state, seat)).action
        assert isinstance(action, Bid | Pass)
        if isinstance(action, Bid):
            bids.append(action.chips)
        GAME.apply(state, seat, action)
    assert bids and max(bids) == math.ceil(worth) - 1, "the bidding goes up to a chip under the worth"
    decision = normal(seat_info(state, 0))
    assert isinstance(decision.action, Keep), "the seller wants the worth"
    assert "♥Q wins" in decision.reason


def test_the_seller_takes_an_offer_at_the_worth_and_refuses_one_below() -> None:
    state = stacked(["2S 3S 4S", "5S 6S 7S", "8S 9S TS"], "5H")
    act(state, 0, "keep")
    odds = chances(market(state, 2), counting=False)
    worth = math.ceil(odds.worth(odds.slot))
    top = market(state, 2).seats[2].slot_ids[0]
    act(state, 1, f"offer 2 {top} {worth - 1}")
    act(state, 0, f"offer 2 {top} {worth}")
    low, fair = sorted(state.offers)
    normal = speculation.LEVELS["normal"]
    first = normal(seat_info(state, 2)).action
    assert first in (RejectOffer(low), AcceptOffer(fair))
    GAME.apply(state, 2, first)
    second = normal(seat_info(state, 2)).action
    assert {first, second} == {RejectOffer(low), AcceptOffer(fair)}


def test_a_trader_makes_one_offer_a_deal_to_the_next_seat_with_cards() -> None:
    state = stacked(["2S 3S 4S", "5S 6S 7S", "8S 9S TS"], "5H", pool=60)
    act(state, 0, "keep")
    normal = speculation.LEVELS["normal"]
    action = normal(seat_info(state, 0)).action
    assert isinstance(action, Offer) and action.seller_seat == 1 and action.chips >= 1
    GAME.apply(state, 0, action)
    (offer_id,) = state.offers
    GAME.apply(state, 1, RejectOffer(offer_id))
    assert normal(seat_info(state, 0)).action is None
    assert speculation.LEVELS["easy"](seat_info(state, 2)).action is None, "easy buys nothing face down"


def test_strong_offers_once_for_each_other_seats_top_card() -> None:
    state = stacked(["2S 3S 4S", "5S 6S 7S", "8S 9S TS", "2D 3D 4D"], "5H", pool=60)
    act(state, 0, "keep")
    strong = speculation.LEVELS["strong"]
    asked = []
    while (action := strong(seat_info(state, 0)).action) is not None:
        assert isinstance(action, Offer)
        asked.append(action.seller_seat)
        GAME.apply(state, 0, action)
        (offer_id,) = [
            offer.offer_id for offer in state.offers.values() if offer.seller == action.seller_seat
        ]
        GAME.apply(state, action.seller_seat, AcceptOffer(offer_id))
    assert asked == [1, 2, 3], "one offer to each seat, the next on the left first"
    # The cards he bought lie in his stack, where they cannot beat his best trump.
    assert [len(pile) for pile in state.piles] == [6, 2, 2, 2]


def test_a_bid_is_accepted_when_it_reaches_the_worth() -> None:
    state = stacked(["2S 3S 4S", "5S 6S 7S", "8S 9S TS"], "QH")
    odds = chances(market(state, 0), counting=True)
    act(state, 0, "sell")
    act(state, 1, f"bid {auction_id(state)} {math.ceil(odds.worth(odds.best))}")
    act(state, 2, "pass")
    assert state.phase is Phase.ACCEPTANCE
    for level in ("normal", "strong"):
        assert isinstance(speculation.LEVELS[level](seat_info(state, 0)).action, AcceptBid)


def test_easy_judges_by_rank_and_so_overrates_a_low_trump_at_a_full_table() -> None:
    """A ♥9 turned at nine seats stands only if none of five higher trumps is among 24
    face-down cards: easy, judging by rank, values it at 8/13 of the pool and keeps it,
    and would pay far more for it than normal."""
    piles = [f"{rank}{suit}" for suit in "SCD" for rank in "23456789T"][:27]
    state = stacked([" ".join(piles[index : index + 3]) for index in range(0, 27, 3)], "9H")
    easy_odds, exact = rank_chances(market(state, 4)), chances(market(state, 4), counting=False)
    assert easy_odds.best == pytest.approx(8 / 13) and exact.best < 0.1
    assert isinstance(speculation.LEVELS["easy"](seat_info(state, 0)).action, Keep)
    assert isinstance(speculation.LEVELS["normal"](seat_info(state, 0)).action, Sell)


# Advice ---------------------------------------------------------------------------------


def test_advice_prices_every_holding_by_the_counting_chances_at_any_time() -> None:
    """♥Q turned at three seats, after the dealer kept it: seat 1 may trade though seat 1 is
    also the next to turn up; seat 2 only trades. Each hears what the strong trader would do
    and what the best trump, a face-down card and each seat's holding are worth."""
    state = stacked(["2S 3S 4S", "5S 6S 7S", "8S 9S TS"], "QH")
    act(state, 0, "keep")
    for seat in (1, 2):
        info = seat_info(state, seat)
        advice = speculation.advise(info)
        odds = chances(market(state, seat), counting=True)
        holding = advice.holding
        assert holding.pool == state.pool
        assert (holding.best_win_chance, holding.card_win_chance) == (odds.best, odds.slot)
        assert holding.best_fair_chips == pytest.approx(odds.best * state.pool)
        assert holding.card_fair_chips == pytest.approx(odds.slot * state.pool)
        assert [held.seat for held in holding.seats] == [0, 1, 2]
        assert [held.win_chance for held in holding.seats] == list(odds.seats)
        assert sum(held.win_chance for held in holding.seats) == pytest.approx(1.0)
        assert [len(held.slot_ids) for held in holding.seats] == [3, 3, 3]
        strong = speculation.LEVELS["strong"](info)
        if strong.action is None:
            assert not advice.HasField("recommended_action") and advice.reason
        else:
            assert convert.action_from_proto(advice.recommended_action) == strong.action
            assert advice.reason == strong.reason
    # The dealer's holding is the ♥Q and its stack; the others' their stacks alone.
    assert holding.seats[0].win_chance == pytest.approx(odds.best + 3 * odds.slot)
