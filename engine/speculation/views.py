"""What everyone sees of a Speculation deal: the market view, the deal's market actions
as the table heard them, and the trump ladder. Nothing here depends on a face-down card."""

from __future__ import annotations

from engine.actions import Action, Pass
from engine.cards import Card, Rank
from engine.game import HistoryEntry, LadderRung
from engine.speculation.blocks import (
    AcceptBid,
    AcceptOffer,
    Bid,
    Offer,
    RejectOffer,
    Sell,
    SpeculationAuction,
    SpeculationBid,
    SpeculationOffer,
    SpeculationSeat,
    SpeculationView,
    WithdrawOffer,
)
from engine.speculation.deal import DealState, revealer, waiting_bidders
from engine.speculation.market import cards_named, chips_named

# Highest trump first, for the ladder.
_RANKS_DOWN = sorted(Rank, reverse=True)


def speculation_view(state: DealState) -> SpeculationView:
    """The deal as everyone sees it: nothing in it depends on the viewer."""
    auction = state.auction
    turn = revealer(state)
    return SpeculationView(
        trump=state.trump.letter,
        turn_up=state.turn_up,
        pool=state.pool,
        carried=state.carried,
        seats=tuple(
            SpeculationSeat(
                chips=state.chips[seat],
                free_chips=state.free_chips(seat),
                slot_ids=tuple(slot.slot_id for slot in state.piles[seat]),
                revealed=state.kept(seat),
                bought=state.bought_and_kept(seat),
                out=seat not in state.playing,
            )
            for seat in range(state.seats)
        ),
        best=state.best,
        owner=state.owner,
        revealer=turn if turn is not None else -1,
        auction=(
            SpeculationAuction(
                auction.auction_id,
                auction.seller,
                auction.card,
                tuple(SpeculationBid(placed.bid_id, placed.seat, placed.chips) for placed in auction.bids),
                auction.closed,
                tuple(sorted(waiting_bidders(state))),
            )
            if auction is not None
            else None
        ),
        offers=tuple(
            SpeculationOffer(offer.offer_id, offer.buyer, offer.seller, offer.slot_ids, offer.chips)
            for offer in state.offers.values()
        ),
        seen=tuple(state.seen),
        pack_size=len(state.rest),
        reshuffled=state.reshuffled,
        extra_hand=tuple(slot.slot_id for slot in state.extra),
        extra_cards=tuple(state.extra_cards),
        foster=state.foster,
        deal_number=state.deal_number,
        deals=state.deals,
    )


def history(state: DealState) -> tuple[HistoryEntry, ...]:
    """The deal's market actions in order, with the reasons computer traders gave."""
    return tuple(state.calls)


def ladder(state: DealState, viewer: int | None) -> tuple[LadderRung, ...]:
    """The trumps, highest first: the viewer's own (the best trump when he owns it) and
    those turned up since the pack was shuffled."""
    seen = set(state.seen)
    return tuple(
        LadderRung(card, viewer is not None and viewer == state.owner and card == state.best, card in seen)
        for card in (Card(state.trump, rank) for rank in _RANKS_DOWN)
    )


def call_label(state: DealState, action: Action) -> str:
    """A market action as the table hears it, told before it is applied: cards by
    their places in their owner's stack, offers by who offers what for what."""
    if isinstance(action, Bid):
        return f"Bid {chips_named(action.chips)}"
    if isinstance(action, Pass):
        return "No bid"
    if isinstance(action, AcceptBid):
        auction = state.auction
        assert auction is not None and auction.best is not None, "a bid to accept is on the table"
        best = auction.best
        return f"Sells {auction.card.symbol} to seat {best.seat} for {chips_named(best.chips)}"
    if isinstance(action, Offer):
        seller = action.seller_seat
        cards = cards_named(state.stack(seller), action.slot_ids, f"seat {seller}'s")
        return f"Offers {chips_named(action.chips)} for {cards}"
    if isinstance(action, WithdrawOffer | AcceptOffer | RejectOffer):
        offer = state.offers[action.offer_id]
        price = chips_named(offer.chips)
        cards = cards_named(state.stack(offer.seller), offer.slot_ids, f"seat {offer.seller}'s")
        if isinstance(action, WithdrawOffer):
            return f"Withdraws the offer of {price} for {cards}"
        if isinstance(action, AcceptOffer):
            return f"Sells {cards} to seat {offer.buyer} for {price}"
        return f"Refuses seat {offer.buyer}'s {price} for {cards}"
    return "Sells" if isinstance(action, Sell) else "Keeps"
