"""Speculation's computer traders: when to sell, what to bid, which offers to make and take.

Every price is a chance times the pool (``chances``): the best trump is worth its chance
to stand, a face-down card its chance to be the winning trump. A trader sells at that
worth or more and bids up to a chip under it, so two traders who judge alike never trade;
one who misjudges finds a taker, and pays for it.

* ``easy`` judges by the best trump's rank alone (``rank_chances``) and buys nothing
  face down.
* ``normal`` works the chances out exactly from this deal's cards, and offers three
  quarters of a face-down card's worth, once a deal.
* ``strong`` does the same counting every card turned up since the pack was shuffled,
  and offers for every other seat's cards once a deal.

A trader answers every offer made to it; an offer of its own it leaves to lapse at the
next turned card.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ai_worker.players.decision import Decision
from ai_worker.players.speculation.chances import Chances, chances, rank_chances
from ai_worker.seat_info import SeatInfo
from engine.actions import Action, Pass
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
from engine.speculation.market import chips_named


@dataclass(frozen=True)
class Style:
    """How a level trades: how it judges the chances, the share of a face-down card's
    worth it offers for one (0: it makes no offers), and whether it offers for every other
    seat's cards in a deal rather than once."""

    judge: Callable[[SpeculationView], Chances]
    offer_share: float
    offers_to_each: bool = False


EASY = Style(judge=rank_chances, offer_share=0.0)
NORMAL = Style(judge=lambda view: chances(view, counting=False), offer_share=0.75)
STRONG = Style(judge=lambda view: chances(view, counting=True), offer_share=0.75, offers_to_each=True)

# A best trump is put up for sale only while it more likely loses.
_SELL_BELOW = 0.5


def decide_easy(info: SeatInfo) -> Decision:
    return decide(info, EASY)


def decide_normal(info: SeatInfo) -> Decision:
    return decide(info, NORMAL)


def decide_strong(info: SeatInfo) -> Decision:
    return decide(info, STRONG)


def decide(info: SeatInfo, style: Style) -> Decision:
    """The waited move if the table waits for this seat; else an answer to an offer made
    to it, a new offer of its own, or nothing."""
    view = info.revealed
    assert isinstance(view, SpeculationView), "a Speculation seat's job carries the market"
    odds = style.judge(view)
    allowed = [choice.action for choice in info.choices if choice.allowed]
    if info.seat in info.to_act:
        return _waited_move(info, view, odds, allowed)
    for action in allowed:
        if isinstance(action, AcceptOffer | RejectOffer):
            return _answer(view, odds, action.offer_id, allowed)
    return _new_offer(info, view, odds, style)


# Private helpers ------------------------------------------------------------------------


def _waited_move(info: SeatInfo, view: SpeculationView, odds: Chances, allowed: list[Action]) -> Decision:
    standing = _chance_text(view, odds.best)
    for action in allowed:
        if isinstance(action, Reveal):
            return Decision(action, "turns up the top card")
        if isinstance(action, Sell):
            if odds.best < _SELL_BELOW:
                return Decision(action, f"{standing}: sells it to the best bid")
            return Decision(Keep(), f"{standing}: keeps it")
        if isinstance(action, AcceptBid):
            auction = view.auction
            assert auction is not None and auction.bids, "a bid to accept is on the table"
            offered = auction.bids[-1].chips
            if offered >= math.ceil(odds.worth(odds.best)):
                return Decision(action, f"{standing}: {offered} chips are worth more")
            return Decision(Keep(), f"{standing}: {offered} chips are too few")
        if isinstance(action, Bid):
            limit = math.ceil(odds.worth(odds.best)) - 1
            if action.chips <= limit:
                return Decision(action, f"{standing}: bids {chips_named(action.chips)}")
            return Decision(Pass(), f"{standing}: {chips_named(action.chips)} are too many")
    raise AssertionError(f"seat {info.seat} is waited for but has no sale, bid or card to turn")


def _answer(view: SpeculationView, odds: Chances, offer_id: int, allowed: list[Action]) -> Decision:
    (offer,) = [offer for offer in view.offers if offer.offer_id == offer_id]
    worth = odds.worth(odds.slot) * len(offer.slot_ids)
    cards = "a face-down card" if len(offer.slot_ids) == 1 else f"{len(offer.slot_ids)} face-down cards"
    reason = f"{cards} {'is' if len(offer.slot_ids) == 1 else 'are'} worth {worth:.1f} chips"
    if offer.chips >= math.ceil(worth) and AcceptOffer(offer_id) in allowed:
        return Decision(AcceptOffer(offer_id), f"{reason}: takes {chips_named(offer.chips)}")
    return Decision(RejectOffer(offer_id), f"{reason}: {chips_named(offer.chips)} are too few")


def _new_offer(info: SeatInfo, view: SpeculationView, odds: Chances, style: Style) -> Decision:
    """An offer for the top face-down card of the next seat on the left that has one: once
    a deal, or (``offers_to_each``) once to each seat. Under the worth, only a seller who
    values the card less takes it; few offers give such a seller the chance without
    flooding the table. A card bought from another seat lies in the buyer's stack, where
    it can no longer beat the buyer's best trump."""
    price = math.floor(odds.worth(odds.slot) * style.offer_share)
    if price < 1 or price > view.seats[info.seat].free_chips:
        return Decision(None)
    asked = {
        action.seller_seat for seat, action in info.calls if seat == info.seat and isinstance(action, Offer)
    }
    if asked and not style.offers_to_each:
        return Decision(None)
    for step in range(1, len(view.seats)):
        seller = (info.seat + step) % len(view.seats)
        slots = view.seats[seller].slot_ids
        if slots and not view.seats[seller].out and seller not in asked:
            worth = odds.worth(odds.slot)
            return Decision(
                Offer(seller, (slots[0],), price),
                f"a face-down card is worth {worth:.1f} chips: offers {price}",
            )
    return Decision(None)


def _chance_text(view: SpeculationView, chance: float) -> str:
    return (
        f"{view.best.symbol} wins {round(chance * 100)}%: worth {chance * view.pool:.0f} of {view.pool} chips"
    )
