"""A market's part of the terminal client (Speculation): what the market shows beyond the
common view, and the price a player names for a bid or an offer.

As everywhere in the client, the moves come from the view's choices: a bid or an offer is
listed at its least price ("Bid 3 chips for ♥Q", "Offer Anna 1 chip for its top card"), and the
player may name a higher price and, for an offer, more of the seller's face-down cards
(from the top). The server checks the price; nothing here knows the rules.
"""

from __future__ import annotations

from collections.abc import Callable

from speedgamez.v1 import actions_pb2, cards_pb2, speculation_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

# A face-down card's place in its stack, counted from the top (1: the top card).
_PLACES = {1: "top", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}

MARKET_KEYS = (
    "Market: a<n> <chips> names your price for a listed bid or offer (a4 5: offer 5 chips; "
    "a4 5 2: 5 chips for the seller's top two face-down cards) · while others are waited for, "
    "type a trade at any time and Enter (Enter alone just watches)"
)


def is_market(view: table_pb2.TableView) -> bool:
    return view.HasField("speculation")


def may_trade(view: table_pb2.TableView) -> bool:
    """The table does not wait for the player, yet he may trade (make or answer an offer)."""
    return view.HasField("viewer_seat") and view.viewer_seat in view.may_act_seats


def market_lines(view: table_pb2.TableView, card: Callable[[cards_pb2.Card], str]) -> list[str]:
    """The best trump, the running auction and the open offers, one line each."""
    market = view.speculation
    lines = []
    if market.HasField("best"):
        left = f" · {market.pack_size} cards left in the pack" if market.pack_size else ""
        carried = f" · {market.carried} of the pool carried over" if market.carried else ""
        lines.append(f"  Best trump: {card(market.best)} ({_name(view, market.owner)}){carried}{left}")
    if market.HasField("auction"):
        auction = market.auction
        best = auction.bids[-1] if auction.bids else None
        bids = "no bid yet" if best is None else f"best bid {best.chips} by {_name(view, best.seat)}"
        state = (
            f"closed: {_name(view, auction.seller)} accepts or keeps"
            if auction.closed
            else "waiting for " + (", ".join(_name(view, seat) for seat in auction.waiting) or "nobody")
        )
        lines.append(f"  Auction of {card(auction.card)} by {_name(view, auction.seller)}: {bids} · {state}")
    for offer in market.offers:
        chips = "1 chip" if offer.chips == 1 else f"{offer.chips} chips"
        lines.append(f"  Offer: {_name(view, offer.buyer)} offers {chips} for {_cards(view, offer)}")
    return lines


def _cards(view: table_pb2.TableView, offer: speculation_pb2.SpeculationOffer) -> str:
    """An offer's cards as the player sees them: by their places in the seller's stack,
    "Ben's top face-down card", "your second and third face-down cards"."""
    mine = view.HasField("viewer_seat") and view.viewer_seat == offer.seller
    whose = "your" if mine else f"{_name(view, offer.seller)}'s"
    stack = list(view.speculation.seats[offer.seller].slot_ids)
    places = sorted(stack.index(slot) + 1 for slot in offer.slot_ids if slot in stack)
    noun = "face-down card" if len(offer.slot_ids) == 1 else "face-down cards"
    if len(places) != len(offer.slot_ids):
        return f"{len(offer.slot_ids)} of {whose} {noun}"
    if places == list(range(1, len(places) + 1)):
        return f"{whose} top {noun}" if len(places) == 1 else f"{whose} top {len(places)} {noun}"
    named = [_PLACES.get(place, f"{place}th") for place in places]
    listed = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
    return f"{whose} {listed} {noun}"


def seat_market(view: table_pb2.TableView, seat: int) -> str:
    """A seat's face-down cards and chips, for its seat line."""
    held = view.speculation.seats[seat] if seat < len(view.speculation.seats) else None
    if held is None:
        return ""
    if held.out:
        return "sits this deal out"
    free = f" ({held.free_chips} free)" if held.free_chips != held.chips else ""
    return f"{len(held.slot_ids)} face down, {held.chips} chips{free}"


def holding_lines(holding: service_pb2.HoldingAdvice, view: table_pb2.TableView) -> list[str]:
    """What the strong computer says the best trump, a face-down card and each seat's
    holding are worth."""
    lines = [
        f"    the best trump wins {holding.best_win_chance:.0%}: worth {holding.best_fair_chips:.1f} "
        f"of the pool's {holding.pool} chips",
        f"    a face-down card wins {holding.card_win_chance:.0%}: worth {holding.card_fair_chips:.1f} chips",
    ]
    lines += [
        f"    {_name(view, seat.seat)} holds {seat.win_chance:.0%}: worth {seat.fair_chips:.1f} chips"
        for seat in holding.seats
    ]
    return lines


def priced(
    action: actions_pb2.Action, numbers: list[int], view: table_pb2.TableView
) -> actions_pb2.Action | None:
    """``action`` (a listed bid or offer) at the price ``numbers[0]`` and, for an offer,
    for the seller's top ``numbers[1]`` face-down cards; None if it takes no price or a
    card count is out of range."""
    if not numbers or len(numbers) > 2 or not action.HasField("speculation"):
        return None
    kind = action.speculation.WhichOneof("kind")
    named = actions_pb2.Action()
    named.CopyFrom(action)
    if kind == "bid" and len(numbers) == 1:
        named.speculation.bid.chips = numbers[0]
        return named
    if kind != "offer":
        return None
    offer = named.speculation.offer
    offer.chips = numbers[0]
    if len(numbers) == 2:
        slots = view.speculation.seats[offer.seller_seat].slot_ids
        if not 1 <= numbers[1] <= len(slots):
            return None
        del offer.slot_ids[:]
        offer.slot_ids.extend(slots[: numbers[1]])
    return named


def same_move(listed: actions_pb2.Action, action: actions_pb2.Action) -> bool:
    """Whether ``action`` is the listed move, perhaps at another price (a bid in the same
    auction, an offer to the same seller)."""
    if listed == action:
        return True
    if not (listed.HasField("speculation") and action.HasField("speculation")):
        return False
    kind = listed.speculation.WhichOneof("kind")
    if kind != action.speculation.WhichOneof("kind"):
        return False
    if kind == "bid":
        return listed.speculation.bid.auction_id == action.speculation.bid.auction_id
    if kind == "offer":
        return listed.speculation.offer.seller_seat == action.speculation.offer.seller_seat
    return False


def _name(view: table_pb2.TableView, seat: int) -> str:
    return view.seats[seat].player_name if 0 <= seat < len(view.seats) else "?"
