"""Speculation's own parts of what the rules report: its actions, view, settlement, rules
and events. The contract's block for Speculation is to name the same fields.

Notation of the actions (besides ``pass``, which declines to bid in an auction):

==================================  ===================================================
``reveal``                          turn up the top card of one's face-down stack
``sell``                            put the best trump one owns up for auction
``keep``                            keep it (before the auction, or refusing its bids)
``bid <auction> <chips>``           bid in auction ``<auction>``, e.g. ``bid 31 5``
``accept_bid <bid>``                sell to the best bid, e.g. ``accept_bid 34``
``offer <seat> <slot,...> <chips>`` offer ``<seat>`` chips for face-down cards of his,
                                    named by their slot ids, e.g. ``offer 2 7,11 3``
``withdraw <offer>``                take back one's own offer
``accept <offer>``                  accept an offer for one's cards
``reject <offer>``                  refuse it
==================================  ===================================================

Ids (slots, auctions, bids, offers) are opaque numbers, unique within the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.actions import GameAction
from engine.cards import Card
from engine.errors import InvalidActionError

# Actions --------------------------------------------------------------------------------


def _number(word: str, what: str, action: str) -> int:
    if not word.isdigit():
        raise InvalidActionError(f"'{action}' takes {what} as a whole number, not {word!r}")
    return int(word)


@dataclass(frozen=True, slots=True)
class _WordAlone(GameAction):
    """An action that is its word and nothing more."""

    def __str__(self) -> str:
        return self.word

    @classmethod
    def parse(cls, words: Sequence[str]) -> GameAction:
        if words:
            raise InvalidActionError(f"'{cls.word}' takes nothing after it, not {' '.join(words)!r}")
        return cls()


@dataclass(frozen=True, slots=True)
class Reveal(_WordAlone):
    """Turn up the top card of one's face-down stack: ``reveal``."""

    word: ClassVar[str] = "reveal"


@dataclass(frozen=True, slots=True)
class Sell(_WordAlone):
    """Put the best trump one owns up for auction: ``sell``."""

    word: ClassVar[str] = "sell"


@dataclass(frozen=True, slots=True)
class Keep(_WordAlone):
    """Keep the best trump one owns, not selling it or refusing the bids: ``keep``."""

    word: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class Bid(GameAction):
    """Bid ``chips`` in auction ``auction_id``: ``bid <auction> <chips>``."""

    auction_id: int
    chips: int
    word: ClassVar[str] = "bid"

    def __str__(self) -> str:
        return f"bid {self.auction_id} {self.chips}"

    @classmethod
    def parse(cls, words: Sequence[str]) -> Bid:
        if len(words) != 2:
            raise InvalidActionError(
                f"'bid' takes an auction id and chips, e.g. 'bid 31 5', not {' '.join(words)!r}"
            )
        return cls(_number(words[0], "the auction id", cls.word), _number(words[1], "the chips", cls.word))


@dataclass(frozen=True, slots=True)
class AcceptBid(GameAction):
    """Sell the trump on auction to bid ``bid_id`` (the best): ``accept_bid <bid>``."""

    bid_id: int
    word: ClassVar[str] = "accept_bid"

    def __str__(self) -> str:
        return f"accept_bid {self.bid_id}"

    @classmethod
    def parse(cls, words: Sequence[str]) -> AcceptBid:
        if len(words) != 1:
            raise InvalidActionError(
                f"'accept_bid' takes a bid id, e.g. 'accept_bid 34', not {' '.join(words)!r}"
            )
        return cls(_number(words[0], "the bid id", cls.word))


@dataclass(frozen=True, slots=True)
class Offer(GameAction):
    """Offer seat ``seller_seat`` ``chips`` for face-down cards of his, named by slot id:
    ``offer <seat> <slot,...> <chips>``."""

    seller_seat: int
    slot_ids: tuple[int, ...]
    chips: int
    word: ClassVar[str] = "offer"

    def __str__(self) -> str:
        return f"offer {self.seller_seat} {','.join(str(slot) for slot in self.slot_ids)} {self.chips}"

    @classmethod
    def parse(cls, words: Sequence[str]) -> Offer:
        if len(words) != 3:
            raise InvalidActionError(
                f"'offer' takes a seat, slot ids and chips, e.g. 'offer 2 7,11 3', not {' '.join(words)!r}"
            )
        slots = tuple(_number(slot, "each slot id", cls.word) for slot in words[1].split(","))
        return cls(_number(words[0], "the seat", cls.word), slots, _number(words[2], "the chips", cls.word))


@dataclass(frozen=True, slots=True)
class _OfferAnswer(GameAction):
    """An action on one open offer: its word and the offer's id."""

    offer_id: int

    def __str__(self) -> str:
        return f"{self.word} {self.offer_id}"

    @classmethod
    def parse(cls, words: Sequence[str]) -> GameAction:
        if len(words) != 1:
            raise InvalidActionError(f"'{cls.word}' takes an offer id, not {' '.join(words)!r}")
        return cls(_number(words[0], "the offer id", cls.word))


@dataclass(frozen=True, slots=True)
class WithdrawOffer(_OfferAnswer):
    """Take back one's own open offer: ``withdraw <offer>``."""

    word: ClassVar[str] = "withdraw"


@dataclass(frozen=True, slots=True)
class AcceptOffer(_OfferAnswer):
    """Accept an open offer for one's face-down cards: ``accept <offer>``."""

    word: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class RejectOffer(_OfferAnswer):
    """Refuse an open offer for one's face-down cards: ``reject <offer>``."""

    word: ClassVar[str] = "reject"


ACTIONS = (Reveal, Sell, Keep, Bid, AcceptBid, Offer, WithdrawOffer, AcceptOffer, RejectOffer)
# Checked against the table as it is, whatever version the trader saw: a market runs on.
ORDER_FREE = (Bid, Offer, WithdrawOffer, RejectOffer)

# Views ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpeculationSeat:
    """One seat as everyone sees it: chips (and those not promised to an open bid or offer),
    the slot ids of its face-down cards (top first), the cards it turned up and still owns,
    the trumps it bought and still owns, and whether it sits this deal out (too few chips
    for the ante)."""

    chips: int
    free_chips: int
    slot_ids: tuple[int, ...]
    revealed: tuple[Card, ...]
    bought: tuple[Card, ...]
    out: bool


@dataclass(frozen=True, slots=True)
class SpeculationBid:
    bid_id: int
    seat: int
    chips: int


@dataclass(frozen=True, slots=True)
class SpeculationAuction:
    """The auction for the best trump: who sells which card, the bids in order, whether
    bidding has closed (the seller now accepts the best bid or keeps the card), and the
    seats the bidding still waits for."""

    auction_id: int
    seller: int
    card: Card
    bids: tuple[SpeculationBid, ...]
    closed: bool
    waiting: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SpeculationOffer:
    """An open offer: ``buyer`` offers ``seller`` ``chips`` for the face-down cards in ``slot_ids``."""

    offer_id: int
    buyer: int
    seller: int
    slot_ids: tuple[int, ...]
    chips: int


@dataclass(frozen=True, slots=True)
class SpeculationView:
    """The deal as everyone sees it (nobody sees a face-down card, not even its owner).

    ``carried`` is the part of the pool the last deal left; ``best`` and ``owner`` the best
    trump on the table and who owns it; ``revealer`` whose turn it is to turn a card (-1:
    nobody's); ``seen`` every card turned up since the pack was last shuffled, in order;
    ``pack_size`` the cards left in the pack for the next deals; ``extra_hand`` the extra
    hand's slot ids while face down, ``extra_cards`` its cards once turned at the end;
    ``foster`` whether this deal is played by Foster's rule (all cards turned at once)."""

    trump: str
    turn_up: Card
    pool: int
    carried: int
    seats: tuple[SpeculationSeat, ...]
    best: Card
    owner: int
    revealer: int
    auction: SpeculationAuction | None
    offers: tuple[SpeculationOffer, ...]
    seen: tuple[Card, ...]
    pack_size: int
    reshuffled: bool
    extra_hand: tuple[int, ...]
    extra_cards: tuple[Card, ...]
    foster: bool
    deal_number: int
    deals: int


@dataclass(frozen=True, slots=True)
class SpeculationSettlement:
    """A settled deal: the trump and turn-up, the pool and who won it (-1: nobody), the best
    trump and what the pool left for the next deal; the extra hand's cards when it was
    played; each seat's chips afterwards."""

    trump: str
    turn_up: Card
    pool: int
    winner: int
    best: Card
    pool_left: int
    extra_cards: tuple[Card, ...]
    chips: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SpeculationRules:
    """The rule set as a client shows it."""

    chips: int
    deals_each: int
    carry_over: bool
    foster: bool
    fives_and_jacks: bool
    extra_hand: bool
    reveal_seconds: int
    auction_seconds: int


# Events (all public: nobody learns a face-down card before it is turned up) ----------


@dataclass(frozen=True, slots=True)
class Revealed:
    """``seat`` turned up ``card`` from slot ``slot_id`` (-1: the extra hand's cards at the
    end); ``best`` says it is the new best trump."""

    seat: int
    slot_id: int
    card: Card
    best: bool


@dataclass(frozen=True, slots=True)
class AuctionOpened:
    auction_id: int
    seller: int
    card: Card


@dataclass(frozen=True, slots=True)
class AuctionBid:
    auction_id: int
    bid_id: int
    seat: int
    chips: int


@dataclass(frozen=True, slots=True)
class AuctionClosed:
    """The auction is over: ``buyer`` bought the card for ``chips``, or -1: the seller keeps it."""

    auction_id: int
    seller: int
    card: Card
    buyer: int
    chips: int


@dataclass(frozen=True, slots=True)
class OfferMade:
    offer_id: int
    buyer: int
    seller: int
    slot_ids: tuple[int, ...]
    chips: int


@dataclass(frozen=True, slots=True)
class OfferAccepted:
    offer_id: int


@dataclass(frozen=True, slots=True)
class OfferRejected:
    offer_id: int


@dataclass(frozen=True, slots=True)
class OfferWithdrawn:
    offer_id: int


@dataclass(frozen=True, slots=True)
class OfferLapsed:
    """The offer no longer stands, and why (a card was turned up, a named card was sold,
    the deal ended)."""

    offer_id: int
    reason: str


@dataclass(frozen=True, slots=True)
class ChipsMoved:
    """``chips`` went from ``payer`` to ``payee`` (-1: the pool), and ``reason`` says why."""

    payer: int
    payee: int
    chips: int
    reason: str


@dataclass(frozen=True, slots=True)
class PoolWon:
    seat: int
    chips: int


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The rest of the pack (``cards_left``) could not make a round: all 52 cards were
    shuffled anew for this deal."""

    cards_left: int


@dataclass(frozen=True, slots=True)
class PoolCarried:
    """Nobody won the pool: its ``chips`` stay for the next deal, and ``reason`` says why."""

    chips: int
    reason: str
