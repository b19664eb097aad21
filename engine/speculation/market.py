"""What Speculation's market trades in: face-down cards by slot, bids in an auction, offers
for face-down cards, and the payments a deal settles; with the notices a deal reports.

Ids (slots, auctions, bids, offers) come from one counter per deal that starts at the
deal's number times ``ID_BLOCK``, so an id never names two things in a match.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.cards import Card
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
    Reshuffled,
    Revealed,
)

# Ids of one deal start at its number times this, so an id never names two things in a match.
ID_BLOCK = 1_000_000
# The payer or payee of a payment that is the pool.
POOL = -1

# What the deal reports: the game's notices, in order.
Notice = (
    Revealed
    | AuctionOpened
    | AuctionBid
    | AuctionClosed
    | OfferMade
    | OfferAccepted
    | OfferRejected
    | OfferWithdrawn
    | OfferLapsed
    | ChipsMoved
    | PoolWon
    | PoolCarried
    | Reshuffled
)


@dataclass(frozen=True, slots=True)
class Slot:
    """A face-down card and its opaque id."""

    slot_id: int
    card: Card


@dataclass(frozen=True, slots=True)
class PlacedBid:
    bid_id: int
    seat: int
    chips: int


@dataclass
class Auction:
    auction_id: int
    seller: int
    card: Card
    bids: list[PlacedBid] = field(default_factory=list)
    # Seats that bid or declined since the last bid.
    answered: set[int] = field(default_factory=set)
    closed: bool = False

    @property
    def best(self) -> PlacedBid | None:
        """Bids only rise, so the last is the best."""
        return self.bids[-1] if self.bids else None


@dataclass(frozen=True, slots=True)
class OpenOffer:
    offer_id: int
    buyer: int
    seller: int
    slot_ids: tuple[int, ...]
    chips: int


@dataclass(frozen=True, slots=True)
class Payment:
    """Chips that moved in the deal, for the settlement: ``payer`` to ``payee`` (POOL: the pool)."""

    kind: str  # ante, sale, trade, fine, pool
    payer: int
    payee: int
    chips: int
    label: str
