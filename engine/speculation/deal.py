"""A deal of Speculation from the shuffle to the pool: antes, the deal, the sale of the best
trump by auction, face-down trading by offers, turning cards up in turn, the end.

Decisions where seed 004 and SPEC §2 are silent:

* Cards are dealt one at a time from the left of the dealer, the dealer last (then the
  extra hand), and stacked as dealt: the first card dealt lies at the bottom, the top card
  is turned first. The next card is the turn-up.
* A seat with fewer chips than its ante (six for the dealer, four otherwise) sits the
  deal out: it gets no cards and is skipped; ``rules`` keeps the deal with seats that can
  pay the dealer's ante.
* The dealer is asked whether to sell the turn-up before the first card is turned; the
  owner of every new best trump but the ace is asked the same. "Sell" opens an auction:
  every other seat in the deal that could pay more than the best bid is waited for until
  it has bid or declined since the last bid; then the seller accepts the best bid or keeps
  the card. An auction nobody can or will bid in ends with the seller keeping the card.
* Escrow: a seat's open offers and its bid while it is the best one never add up to more
  than its chips, so accepting either never fails. A five or a jack is paid for only on a
  card turned up from a stack (not the turn-up, not the extra hand), and only when its
  owner has a chip; no offer or auction is open then, so the escrow holds.
* Offers: any seat in the deal may offer another for one or more of his face-down cards,
  named by slot ids, at any time before the deal ends (not in a Foster deal, whose cards
  are all turned at once); the cards go to the bottom of the buyer's stack in the order
  named. An offer lapses when a card is turned up, when a card it names is sold to
  someone else, and when the deal ends. The extra hand is nobody's and cannot be bought.
* Carry-over "wenn kein Trumpf erscheint": the turn-up is always trump, so the option
  means that no card turned up from a seat's stack was a trump. A turned-up ace always
  wins, carry-over or not.
* Cards never turned up stay unseen by everyone, in the settlement too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from engine.cards import Card, Rank, Suit
from engine.game import HistoryEntry
from engine.speculation.blocks import (
    AuctionBid,
    AuctionClosed,
    AuctionOpened,
    ChipsMoved,
    OfferAccepted,
    OfferLapsed,
    OfferMade,
    OfferRejected,
    OfferWithdrawn,
    PoolCarried,
    PoolWon,
    Revealed,
)
from engine.speculation.constants import CARDS_EACH, FINED_RANKS, FOSTER_RANKS, Options, ante
from engine.speculation.market import (
    ID_BLOCK,
    POOL,
    Auction,
    Notice,
    OpenOffer,
    Payment,
    PlacedBid,
    Slot,
    cards_named,
    chips_named,
)


class Phase(StrEnum):
    SALE = "sale"  # the owner of the best trump decides: sell or keep
    AUCTION = "auction"  # bids for the best trump
    ACCEPTANCE = "acceptance"  # bidding closed: the seller accepts the best bid or keeps
    REVEAL = "reveal"  # cards are turned up in turn
    FINISHED = "finished"


@dataclass
class DealState:
    options: Options
    seats: int
    dealer: int
    deal_number: int
    deals: int
    playing: frozenset[int]
    start_chips: tuple[int, ...]
    chips: list[int]
    carried: int
    pool: int
    turn_up: Card
    # Face-down stacks, top first; the extra hand (nobody's).
    piles: list[list[Slot]]
    extra: list[Slot]
    # What each seat turned up (the dealer's list starts with the turn-up) and bought at
    # auction, in order; who bought each card sold, the last buyer if it was sold again.
    turned: list[list[Card]]
    bought: list[list[Card]]
    sold_to: dict[Card, int]
    # The pack after this deal and the cards turned up since it was shuffled.
    rest: list[Card]
    seen: list[Card]
    reshuffled: bool
    # The pack in dealing order: what dealing again starts from.
    order: tuple[Card, ...]
    best: Card
    owner: int
    # The next card is turned by the first seat from here on that is not skipped.
    turn_from: int
    trump_turned: bool
    foster: bool
    phase: Phase
    auction: Auction | None = None
    offers: dict[int, OpenOffer] = field(default_factory=dict)
    # Offers and auctions no longer open, and why, for precise refusals.
    gone: dict[int, str] = field(default_factory=dict)
    slot_places: dict[int, str] = field(default_factory=dict)
    next_id: int = 0
    payments: list[Payment] = field(default_factory=list)
    extra_cards: list[Card] = field(default_factory=list)
    winner: int = -1
    pool_left: int = 0
    # What dealing reported: a pack shuffled anew, the antes, a turned ace's pool.
    opening: list[Notice] = field(default_factory=list)
    # The deal's market actions (every action but turning up), with the reasons given.
    calls: list[HistoryEntry] = field(default_factory=list)

    @property
    def trump(self) -> Suit:
        return self.turn_up.suit

    def copy(self) -> DealState:
        """An independent copy: every mutable part anew, the frozen values shared (a
        search and a replay copy states often; a deep copy costs ten times as much)."""
        auction = self.auction
        return dataclasses.replace(
            self,
            chips=list(self.chips),
            piles=[list(pile) for pile in self.piles],
            extra=list(self.extra),
            turned=[list(cards) for cards in self.turned],
            bought=[list(cards) for cards in self.bought],
            sold_to=dict(self.sold_to),
            rest=list(self.rest),
            seen=list(self.seen),
            auction=None
            if auction is None
            else dataclasses.replace(auction, bids=list(auction.bids), answered=set(auction.answered)),
            offers=dict(self.offers),
            gone=dict(self.gone),
            slot_places=dict(self.slot_places),
            payments=list(self.payments),
            extra_cards=list(self.extra_cards),
            opening=list(self.opening),
            calls=list(self.calls),
        )

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def free_chips(self, seat: int) -> int:
        """Chips not promised to an open offer or to the best bid of the auction."""
        # Plain loops: asked for every seat in every view and check (profiled).
        promised = 0
        for offer in self.offers.values():
            if offer.buyer == seat:
                promised += offer.chips
        auction = self.auction
        if auction is not None and auction.best is not None and auction.best.seat == seat:
            promised += auction.best.chips
        return self.chips[seat] - promised

    def stack(self, seat: int) -> tuple[int, ...]:
        """The slot ids of ``seat``'s face-down cards, top first."""
        return tuple(slot.slot_id for slot in self.piles[seat])

    def offer_named(self, offer: OpenOffer) -> str:
        """An open offer as a person reads it: who offers what for which cards."""
        cards = cards_named(self.stack(offer.seller), offer.slot_ids, f"seat {offer.seller}'s")
        return f"seat {offer.buyer}'s offer of {chips_named(offer.chips)} for {cards}"

    def kept(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` turned up and did not sell."""
        return tuple(card for card in self.turned[seat] if card not in self.sold_to)

    def bought_and_kept(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` bought at auction and did not sell again."""
        return tuple(card for card in self.bought[seat] if self.sold_to[card] == seat)

    def face_up(self, seat: int) -> tuple[Card, ...]:
        """The face-up cards ``seat`` owns: "Der Käufer legt sie offen oben auf seinen
        eigenen Stapel", so a card sold lies with its buyer."""
        return self.kept(seat) + self.bought_and_kept(seat)

    def slot_owner(self, slot_id: int) -> int | None:
        for seat, pile in enumerate(self.piles):
            for slot in pile:
                if slot.slot_id == slot_id:
                    return seat
        return None


def deal(
    options: Options,
    seats: int,
    dealer: int,
    deal_number: int,
    deals: int,
    order: Sequence[Card],
    chips: Sequence[int],
    carried: int,
    seen: Sequence[Card],
    reshuffled: bool,
) -> tuple[DealState, list[Notice]]:
    """Take the antes, deal from ``order`` (the pack, top first) and turn the trump up."""
    playing = frozenset(seat for seat in range(seats) if chips[seat] >= ante(seat, dealer))
    positions: list[int | None] = [
        (dealer + step) % seats for step in range(1, seats + 1) if (dealer + step) % seats in playing
    ]
    if options.extra_hand:
        positions.append(None)
    cards = iter(order)
    piles: list[list[Slot]] = [[] for _ in range(seats)]
    extra: list[Slot] = []
    next_id = deal_number * ID_BLOCK
    for _ in range(CARDS_EACH):
        for position in positions:
            next_id += 1
            pile = extra if position is None else piles[position]
            pile.insert(0, Slot(next_id, next(cards)))
    turn_up = next(cards)
    state = DealState(
        options=options,
        seats=seats,
        dealer=dealer,
        deal_number=deal_number,
        deals=deals,
        playing=playing,
        start_chips=tuple(chips),
        chips=list(chips),
        carried=carried,
        pool=carried,
        turn_up=turn_up,
        piles=piles,
        extra=extra,
        turned=[[turn_up] if seat == dealer else [] for seat in range(seats)],
        bought=[[] for _ in range(seats)],
        sold_to={},
        rest=list(cards),
        seen=[*seen, turn_up],
        reshuffled=reshuffled,
        order=tuple(order),
        best=turn_up,
        owner=dealer,
        turn_from=(dealer + 1) % seats,
        trump_turned=False,
        foster=options.foster and turn_up.rank in FOSTER_RANKS,
        phase=Phase.SALE,
        slot_places={slot.slot_id: "in the extra hand, which is nobody's" for slot in extra},
        next_id=next_id,
    )
    notices: list[Notice] = []
    for seat in sorted(playing):
        _pay(
            state,
            notices,
            "ante",
            seat,
            POOL,
            ante(seat, dealer),
            "ante" + (" (dealer)" if seat == dealer else ""),
        )
    if turn_up.rank is Rank.ACE:
        # "Ein Ass aufgedeckt? Dann hat der Geber schon den bestmöglichen Trumpf und nimmt sofort den Pool."
        _finish(state, notices)
    state.opening = list(notices)
    return state, notices


# Who acts -------------------------------------------------------------------------------


def revealer(state: DealState) -> int | None:
    """Whose turn it is to turn a card: the first seat from ``turn_from`` on that has
    face-down cards and does not own the best trump; None when there is none."""
    if state.phase is not Phase.REVEAL:
        return None
    for step in range(state.seats):
        seat = (state.turn_from + step) % state.seats
        if seat != state.owner and state.piles[seat]:
            return seat
    return None


def waiting_bidders(state: DealState) -> frozenset[int]:
    """Seats the bidding waits for: every seat in the deal but the seller and the best
    bidder that could bid more and has not bid or declined since the last bid."""
    auction = state.auction
    if state.phase is not Phase.AUCTION or auction is None:
        return frozenset()
    best = auction.best
    least = best.chips + 1 if best is not None else 1
    return frozenset(
        seat
        for seat in state.playing
        if seat != auction.seller
        and (best is None or seat != best.seat)
        and seat not in auction.answered
        and state.free_chips(seat) >= least
    )


def to_act(state: DealState) -> frozenset[int]:
    if state.phase in (Phase.SALE, Phase.ACCEPTANCE):
        return frozenset({state.owner})
    if state.phase is Phase.AUCTION:
        return waiting_bidders(state)
    seat = revealer(state)
    return frozenset() if seat is None else frozenset({seat})


def market_open(state: DealState) -> bool:
    return state.phase is not Phase.FINISHED and not state.foster


# Legality -------------------------------------------------------------------------------


def least_bid(state: DealState) -> int:
    assert state.auction is not None
    best = state.auction.best
    return best.chips + 1 if best is not None else 1


def bid_illegality(state: DealState, seat: int, auction_id: int, chips: int) -> str | None:
    auction = state.auction
    if auction is None or auction.auction_id != auction_id:
        return state.gone.get(auction_id, "that auction is not open")
    if auction.closed:
        return f"the bidding for {auction.card.symbol} has closed: seat {auction.seller} decides"
    if seat == auction.seller:
        return "you cannot bid for your own card"
    if seat not in state.playing:
        return "you sit this deal out"
    if auction.best is not None and auction.best.seat == seat:
        return "yours is the best bid already"
    least = least_bid(state)
    if chips < least:
        return f"a bid must be at least {least} chips (the best bid plus one)"
    if chips > state.free_chips(seat):
        return f"you have {state.free_chips(seat)} chips free for bids and offers, not {chips}"
    return None


def offer_illegality(
    state: DealState, seat: int, seller: int, slot_ids: Sequence[int], chips: int
) -> str | None:
    """Why ``seat`` may not offer ``seller`` ``chips`` for the cards in ``slot_ids``; the
    caller has checked that every id is a slot of this deal."""
    if not market_open(state):
        return (
            "the deal is over"
            if state.phase is Phase.FINISHED
            else "in a Foster deal no face-down card is traded"
        )
    if seat not in state.playing:
        return "you sit this deal out"
    if seller == seat:
        return "you cannot buy your own cards"
    if seller not in state.playing:
        return f"seat {seller} sits this deal out"
    if len(set(slot_ids)) != len(slot_ids):
        return "a slot is named twice"
    named = "that card" if len(slot_ids) == 1 else "one of those cards"
    for slot_id in slot_ids:
        place = state.slot_places.get(slot_id)
        if place is not None:
            return f"{named} is {place}"
        if state.slot_owner(slot_id) != seller:
            return f"{named} is not one of seat {seller}'s face-down cards"
    if chips > state.free_chips(seat):
        return f"you have {state.free_chips(seat)} chips free for bids and offers, not {chips}"
    return None


def open_offer(state: DealState, offer_id: int) -> OpenOffer | str:
    """The open offer ``offer_id``, or why there is none."""
    offer = state.offers.get(offer_id)
    if offer is None:
        return state.gone.get(offer_id, "that offer is no longer open")
    return offer


# Moves ----------------------------------------------------------------------------------


def sell(state: DealState) -> list[Notice]:
    auction = Auction(state.new_id(), state.owner, state.best)
    state.auction = auction
    state.phase = Phase.AUCTION
    notices: list[Notice] = [AuctionOpened(auction.auction_id, auction.seller, auction.card)]
    settle(state, notices)
    return notices


def keep(state: DealState) -> list[Notice]:
    notices: list[Notice] = []
    _end_sale(state, notices, None)
    settle(state, notices)
    return notices


def bid(state: DealState, seat: int, chips: int) -> list[Notice]:
    auction = state.auction
    assert auction is not None
    placed = PlacedBid(state.new_id(), seat, chips)
    auction.bids.append(placed)
    auction.answered = {seat}
    notices: list[Notice] = [AuctionBid(auction.auction_id, placed.bid_id, seat, chips)]
    settle(state, notices)
    return notices


def decline(state: DealState, seat: int) -> list[Notice]:
    assert state.auction is not None
    state.auction.answered.add(seat)
    notices: list[Notice] = []
    settle(state, notices)
    return notices


def accept_bid(state: DealState) -> list[Notice]:
    auction = state.auction
    assert auction is not None and auction.best is not None
    notices: list[Notice] = []
    _end_sale(state, notices, auction.best)
    settle(state, notices)
    return notices


def make_offer(
    state: DealState, buyer: int, seller: int, slot_ids: tuple[int, ...], chips: int
) -> list[Notice]:
    offer = OpenOffer(state.new_id(), buyer, seller, slot_ids, chips)
    state.offers[offer.offer_id] = offer
    notices: list[Notice] = [OfferMade(offer.offer_id, buyer, seller, slot_ids, chips)]
    settle(state, notices)
    return notices


def withdraw_offer(state: DealState, offer_id: int) -> list[Notice]:
    offer = state.offers[offer_id]
    state.gone[offer_id] = f"{state.offer_named(offer)} was withdrawn"
    del state.offers[offer_id]
    notices: list[Notice] = [OfferWithdrawn(offer_id)]
    settle(state, notices)
    return notices


def reject_offer(state: DealState, offer_id: int) -> list[Notice]:
    offer = state.offers[offer_id]
    state.gone[offer_id] = f"{state.offer_named(offer)} was refused"
    del state.offers[offer_id]
    notices: list[Notice] = [OfferRejected(offer_id)]
    settle(state, notices)
    return notices


def accept_offer(state: DealState, offer_id: int) -> list[Notice]:
    """The seller takes the chips; the cards go face down to the bottom of the buyer's stack."""
    offer = state.offers[offer_id]
    state.gone[offer_id] = f"{state.offer_named(offer)} was accepted"
    del state.offers[offer_id]
    notices: list[Notice] = [OfferAccepted(offer_id)]
    named = set(offer.slot_ids)
    # Named while the cards still lie where the offers saw them.
    overtaken = [
        (other, state.offer_named(other)) for other in state.offers.values() if named & set(other.slot_ids)
    ]
    seller_pile = state.piles[offer.seller]
    moving = {slot.slot_id: slot for slot in seller_pile if slot.slot_id in named}
    state.piles[offer.seller] = [slot for slot in seller_pile if slot.slot_id not in named]
    state.piles[offer.buyer].extend(moving[slot_id] for slot_id in offer.slot_ids)
    count = len(offer.slot_ids)
    _pay(
        state,
        notices,
        "trade",
        offer.buyer,
        offer.seller,
        offer.chips,
        f"{count} face-down card{'s' * (count > 1)}",
    )
    for other, other_named in overtaken:
        _lapse(state, notices, other, "a card it names was sold", other_named)
    settle(state, notices)
    return notices


def reveal(state: DealState, seat: int) -> list[Notice]:
    notices: list[Notice] = []
    for offer in list(state.offers.values()):
        _lapse(state, notices, offer, "a card was turned up")
    slot = state.piles[seat].pop(0)
    state.slot_places[slot.slot_id] = "turned up"
    new_best = _turn(state, notices, seat, slot)
    if new_best and slot.card.rank is Rank.ACE:
        # "sobald das Trumpf-Ass erscheint": the round ends at once.
        _finish(state, notices)
    elif new_best:
        state.phase = Phase.SALE
    else:
        state.turn_from = (seat + 1) % state.seats
        settle(state, notices)
    return notices


def settle(state: DealState, notices: list[Notice]) -> None:
    """Move on when nothing is left to wait for: close an auction nobody else can bid in,
    end the deal when only the best trump's owner has face-down cards."""
    auction = state.auction
    if state.phase is Phase.AUCTION and auction is not None and not waiting_bidders(state):
        if auction.best is None:
            _end_sale(state, notices, None)
        else:
            auction.closed = True
            state.phase = Phase.ACCEPTANCE
    if state.phase is Phase.REVEAL and revealer(state) is None:
        _finish(state, notices)


# Private helpers ------------------------------------------------------------------------


def _end_sale(state: DealState, notices: list[Notice], sold: PlacedBid | None) -> None:
    """The sale of the best trump is decided: sold to ``sold``'s bidder, or kept."""
    auction = state.auction
    seller = state.owner
    if auction is not None:
        buyer, chips = (sold.seat, sold.chips) if sold is not None else (-1, 0)
        notices.append(AuctionClosed(auction.auction_id, seller, auction.card, buyer, chips))
        state.gone[auction.auction_id] = f"the auction of {auction.card.symbol} is over"
        state.auction = None
    if sold is not None:
        _pay(state, notices, "sale", sold.seat, seller, sold.chips, f"bought {state.best.symbol}")
        state.bought[sold.seat].append(state.best)
        state.sold_to[state.best] = sold.seat
        state.owner = sold.seat
    # "Dann geht es beim Spieler links von dem weiter, der ihn jetzt besitzt."
    state.turn_from = (state.owner + 1) % state.seats
    if state.foster:
        _turn_all(state, notices)
    else:
        state.phase = Phase.REVEAL


def _turn_all(state: DealState, notices: list[Notice]) -> None:
    """Foster: every card is turned at once, stack by stack from the left of the owner."""
    for step in range(state.seats):
        seat = (state.turn_from + step) % state.seats
        while state.piles[seat]:
            slot = state.piles[seat].pop(0)
            state.slot_places[slot.slot_id] = "turned up"
            _turn(state, notices, seat, slot)
    _finish(state, notices)


def _turn(state: DealState, notices: list[Notice], seat: int, slot: Slot) -> bool:
    """Turn ``slot`` up for ``seat``: the fine for a five or jack, a new best trump. Whether it is one."""
    card = slot.card
    state.turned[seat].append(card)
    state.seen.append(card)
    is_best = card.suit is state.trump and card.rank > state.best.rank
    if card.suit is state.trump:
        state.trump_turned = True
    notices.append(Revealed(seat, slot.slot_id, card, is_best))
    if state.options.fives_and_jacks and card.rank in FINED_RANKS and state.chips[seat] > 0:
        _pay(state, notices, "fine", seat, POOL, 1, f"turned up {card.symbol}")
    if is_best:
        state.best = card
        state.owner = seat
    return is_best


def _finish(state: DealState, notices: list[Notice]) -> None:
    """The round is over: the extra hand is turned, and the pool is won or stays."""
    state.phase = Phase.FINISHED
    state.auction = None
    for offer in list(state.offers.values()):
        _lapse(state, notices, offer, "the deal is over")
    for slot in state.extra:
        state.extra_cards.append(slot.card)
        state.seen.append(slot.card)
        state.slot_places[slot.slot_id] = "turned up"
        notices.append(Revealed(-1, slot.slot_id, slot.card, False))
    state.extra = []
    higher = [card for card in state.extra_cards if card.suit is state.trump and card.rank > state.best.rank]
    if higher:
        # "enthält er einen höheren Trumpf als der des Gewinners, gewinnt niemand"
        _carry(state, notices, f"the extra hand holds {higher[0].symbol}, higher than {state.best.symbol}")
    elif state.options.carry_over and not state.trump_turned and state.best.rank is not Rank.ACE:
        _carry(state, notices, "no seat turned up a trump")
    else:
        state.winner = state.owner
        chips = state.pool
        _pay(state, notices, "pool", POOL, state.owner, chips, f"won the pool with {state.best.symbol}")
        notices.append(PoolWon(state.owner, chips))


def _carry(state: DealState, notices: list[Notice], reason: str) -> None:
    state.pool_left = state.pool
    notices.append(PoolCarried(state.pool, reason))


def _lapse(state: DealState, notices: list[Notice], offer: OpenOffer, reason: str, named: str = "") -> None:
    """``offer`` no longer stands; ``named`` is how it reads, if its cards have moved since."""
    state.gone[offer.offer_id] = f"{named or state.offer_named(offer)} lapsed: {reason}"
    del state.offers[offer.offer_id]
    notices.append(OfferLapsed(offer.offer_id, reason))


def _pay(
    state: DealState, notices: list[Notice], kind: str, payer: int, payee: int, chips: int, label: str
) -> None:
    if payer == POOL:
        state.pool -= chips
    else:
        state.chips[payer] -= chips
    if payee == POOL:
        state.pool += chips
    else:
        state.chips[payee] += chips
    state.payments.append(Payment(kind, payer, payee, chips, label))
    notices.append(ChipsMoved(payer, payee, chips, label))
