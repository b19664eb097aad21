"""Seed 004 "Kaufen und verkaufen" with SPEC §2's protocol: the turn-up is sold only before
the first card is turned; a new best trump is sold or kept; anyone buys others' face-down
cards at any time, unseen, to the bottom of his stack; the buyer pays the seller, never the
pool. Bids rise, only the best is accepted; escrow keeps every acceptance payable; offers
lapse at the next card turned or when a card they name is sold; bad input changes nothing."""

from __future__ import annotations

import pytest

from engine.errors import IllegalActionError, InvalidActionError
from engine.speculation import DealState, Phase
from engine.speculation.blocks import AuctionClosed, OfferLapsed
from tests.rules.speculation_helpers import GAME, act, auction_id, best_bid_id, notices, sell_to, stacked

PILES = ["2C 3C 4C", "5C 6C 7C", "8C QH TC", "JC QC KC"]


def deal() -> DealState:
    return stacked(PILES, "9H", dealer=0)


def slots(state: DealState, seat: int) -> list[int]:
    return [slot.slot_id for slot in state.piles[seat]]


def refused(state: DealState, seat: int, text: str, error: type[Exception], match: str) -> None:
    """The action is refused with ``error`` and leaves the deal as it was."""
    before = GAME.view(state, None)
    with pytest.raises(error, match=match):
        act(state, seat, text)
    assert GAME.view(state, None) == before


def test_kaufen_the_buyer_pays_the_seller_and_the_pool_is_untouched() -> None:
    state = deal()
    sell_to(state, seller=0, buyer=3, chips=7)
    assert state.chips == [34 + 7, 36, 36, 36 - 7] and state.pool == 18
    assert state.owner == 3 and [str(card) for card in state.bought[3]] == ["9H"]


def test_kaufen_the_turn_up_is_sold_only_before_the_first_card_is_turned() -> None:
    state = deal()
    act(state, 0, "keep")
    act(state, 1, "reveal")
    refused(state, 0, "sell", IllegalActionError, "cards are being turned up")


def test_kaufen_a_new_best_trump_is_sold_or_kept_by_its_owner() -> None:
    state = deal()
    act(state, 0, "keep")
    act(state, 1, "reveal")
    act(state, 2, "reveal")
    act(state, 3, "reveal")
    act(state, 1, "reveal")
    act(state, 2, "reveal")
    assert state.phase is Phase.SALE and state.owner == 2
    refused(state, 3, "reveal", IllegalActionError, "deciding whether to sell")
    refused(state, 1, "sell", IllegalActionError, "only seat 2")
    sell_to(state, seller=2, buyer=1, chips=4)
    assert state.owner == 1 and GAME.to_act(state) == {2}


def test_kaufen_bids_rise_and_only_the_best_bid_is_accepted() -> None:
    state = deal()
    act(state, 0, "sell")
    auction = auction_id(state)
    act(state, 1, f"bid {auction} 2")
    first = best_bid_id(state)
    refused(state, 2, f"bid {auction} 2", IllegalActionError, "at least 3 chips")
    refused(state, 1, f"bid {auction} 5", IllegalActionError, "best bid already")
    refused(state, 0, f"bid {auction} 5", IllegalActionError, "your own card")
    act(state, 2, f"bid {auction} 5")
    # A new bid asks everyone again: seat 1 must answer once more.
    assert GAME.to_act(state) == {1, 3}
    refused(state, 0, f"accept_bid {best_bid_id(state)}", IllegalActionError, "still open")
    act(state, 1, "pass")
    act(state, 3, "pass")
    refused(state, 0, f"accept_bid {first}", IllegalActionError, "only the best bid")
    events = notices(act(state, 0, f"accept_bid {best_bid_id(state)}"))
    assert AuctionClosed(auction, 0, state.best, 2, 5) in events


def test_kaufen_the_seller_may_refuse_every_bid_and_keep_the_card() -> None:
    state = deal()
    act(state, 0, "sell")
    act(state, 1, f"bid {auction_id(state)} 2")
    act(state, 2, "pass")
    act(state, 3, "pass")
    act(state, 0, "keep")
    assert state.owner == 0 and state.chips == [34, 36, 36, 36]
    assert GAME.to_act(state) == {1}


def test_kaufen_an_auction_nobody_bids_in_ends_with_the_seller_keeping_the_card() -> None:
    state = deal()
    act(state, 0, "sell")
    for seat in [1, 2, 3]:
        act(state, seat, "pass")
    assert state.phase is Phase.REVEAL and state.owner == 0


def test_kaufen_a_bid_above_the_free_chips_is_refused() -> None:
    state = deal()
    act(state, 0, "sell")
    refused(state, 1, f"bid {auction_id(state)} 37", IllegalActionError, "36 chips free")


def test_verdeckte_karten_bought_cards_go_unseen_to_the_bottom_of_the_buyers_stack() -> None:
    state = deal()
    bought = slots(state, 2)[:2]
    act(state, 1, f"offer 2 {bought[1]},{bought[0]} 3")
    assert state.free_chips(1) == 33 and state.chips[1] == 36
    offer = next(iter(state.offers))
    refused(state, 3, f"accept {offer}", IllegalActionError, "only that seat answers")
    act(state, 2, f"accept {offer}")
    assert slots(state, 1)[3:] == [bought[1], bought[0]]
    assert slots(state, 2) == [slot for slot in slots(state, 2) if slot not in bought]
    assert state.chips == [34, 33, 39, 36] and state.pool == 18


def test_verdeckte_karten_offers_lapse_when_a_card_is_turned_up() -> None:
    state = deal()
    act(state, 3, f"offer 2 {slots(state, 2)[0]} 2")
    act(state, 0, "keep")
    offer = next(iter(state.offers))
    events = notices(act(state, 1, "reveal"))
    assert OfferLapsed(offer, "a card was turned up") in events
    refused(state, 2, f"accept {offer}", IllegalActionError, "lapsed")
    assert state.free_chips(3) == 36


def test_verdeckte_karten_two_offers_for_one_card_one_accepted_the_other_lapses() -> None:
    state = deal()
    slot = slots(state, 2)[0]
    act(state, 1, f"offer 2 {slot} 2")
    act(state, 3, f"offer 2 {slot} 4")
    first, second = list(state.offers)
    events = notices(act(state, 2, f"accept {second}"))
    assert OfferLapsed(first, "a card it names was sold") in events
    assert state.chips[1] == 36 and state.free_chips(1) == 36


def test_verdeckte_karten_withdraw_and_reject() -> None:
    state = deal()
    act(state, 1, f"offer 3 {slots(state, 3)[0]} 2")
    act(state, 2, f"offer 3 {slots(state, 3)[1]} 2")
    first, second = list(state.offers)
    refused(state, 2, f"withdraw {first}", IllegalActionError, "only seat 1")
    act(state, 1, f"withdraw {first}")
    act(state, 3, f"reject {second}")
    assert not state.offers and state.free_chips(1) == state.free_chips(2) == 36


def test_verdeckte_karten_refusals_name_the_problem_and_change_nothing() -> None:
    state = deal()
    own = slots(state, 1)[0]
    refused(state, 1, f"offer 1 {own} 2", IllegalActionError, "your own cards")
    refused(state, 1, f"offer 2 {own} 2", IllegalActionError, "not one of seat 2's")
    refused(state, 1, f"offer 2 {slots(state, 2)[0]} 37", IllegalActionError, "36 chips free")
    refused(state, 1, f"offer 2 {slots(state, 2)[0]} 0", InvalidActionError, "at least 1 chip")
    refused(state, 1, "offer 2 99 2", InvalidActionError, "slot id 99 names nothing")
    refused(state, 1, "offer 9 99 2", InvalidActionError, "no seat 9")
    refused(state, 1, "accept 12345", InvalidActionError, "offer id 12345 names nothing")
    refused(state, 1, "bid 4 2", InvalidActionError, "auction id 4 names nothing")
    act(state, 0, "keep")
    turned = slots(state, 1)[0]
    act(state, 1, "reveal")
    refused(state, 3, f"offer 1 {turned} 2", IllegalActionError, "is turned up")


def test_verdeckte_karten_escrow_keeps_offers_and_the_best_bid_within_the_chips() -> None:
    state = deal()
    act(state, 1, f"offer 2 {slots(state, 2)[0]} 30")
    act(state, 0, "sell")
    refused(state, 1, f"bid {auction_id(state)} 7", IllegalActionError, "6 chips free")
    act(state, 1, f"bid {auction_id(state)} 6")
    refused(state, 1, f"offer 3 {slots(state, 3)[0]} 1", IllegalActionError, "0 chips free")
    assert state.free_chips(1) == 0


def test_buying_every_other_face_down_card_with_the_best_trump_ends_the_round() -> None:
    """Tips: "Hast du den besten Trumpf, kannst du den anderen ihre verdeckten Karten abkaufen"."""
    state = deal()
    act(state, 0, "keep")
    for seat in [1, 2, 3]:
        act(state, 0, f"offer {seat} {','.join(str(slot) for slot in slots(state, seat))} 1")
        act(state, seat, f"accept {max(state.offers)}")
    result = GAME.result(state)
    assert result is not None and result.winners == {0}
    assert state.chips == [34 - 3 + 18, 37, 37, 37]


def test_kaufen_the_table_hears_every_market_action_but_no_turned_card() -> None:
    """The view's history lists sales, bids and offers in order (what computer traders
    read to remember their own offers); turning a card up is told by its own event."""
    state = deal()
    sell_to(state, seller=0, buyer=3, chips=7)
    act(state, 0, "reveal")
    act(state, 2, f"offer 1 {slots(state, 1)[0]} 2")
    history = [(entry.seat, entry.label) for entry in GAME.view(state, 2).history]
    assert history == [
        (0, "Sells"),
        (3, "Bid 7 chips"),
        (1, "No bid"),
        (2, "No bid"),
        (0, "Sells ♥9 to seat 3 for 7 chips"),
        (2, "Offers 2 chips for seat 1's top face-down card"),
    ]


def test_kaufen_a_card_sold_lies_with_its_buyer_to_the_end_of_the_deal() -> None:
    """ "Der Käufer legt sie offen oben auf seinen eigenen Stapel": the turn-up ♥9 sold by the
    dealer to seat 3, and ♥Q bought face down by seat 1 from seat 2, turned up by seat 1 and
    sold on to seat 0, each lie with the seat that owns them at the end, in the table's
    view and in the settlement's "who had which cards"; the sellers show them no more."""
    state = deal()
    sell_to(state, seller=0, buyer=3, chips=7)
    queen = slots(state, 2)[1]
    act(state, 1, f"offer 2 {queen} 3")
    act(state, 2, f"accept {max(state.offers)}")
    while state.phase is not Phase.SALE or str(state.best) != "QH":
        act(state, min(GAME.to_act(state)), "reveal")
    assert state.owner == 1
    sell_to(state, seller=1, buyer=0, chips=5)
    while (result := GAME.result(state)) is None:
        act(state, min(GAME.to_act(state)), "keep" if state.phase is Phase.SALE else "reveal")
    owned = [{str(card) for card in hand} for hand in result.hands]
    assert "9H" in owned[3] and "QH" in owned[0] and result.winners == {0}
    assert "9H" not in owned[0] and "QH" not in owned[1] | owned[2]
    view = GAME.view(state, None)
    assert [set(map(str, cards)) for cards in view.shown] == owned
    market = GAME.revealed(state, 0)
    assert "9H" not in {str(card) for card in market.seats[0].revealed}
    assert [str(card) for card in market.seats[3].bought] == ["9H"]
