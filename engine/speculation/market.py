"""What Speculation's market trades in: face-down cards by slot, bids in an auction, offers
for face-down cards, and the payments a deal settles; with the notices a deal reports.

Ids (slots, auctions, bids, offers) come from one counter per deal that starts at the
deal's number times ``ID_BLOCK``, so an id never names two things in a match. They are for
clients to send back; a person never reads one: texts name a face-down card by its place
in its owner's stack and an offer by who offers what for what (``cards_named``,
``chips_named``).
"""

from __future__ import annotations

from collections.abc import Sequence
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


# A card's place in a stack as a person counts it, from the top.
_PLACES = ("top", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_COUNTS = ("", "", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def place_named(place: int) -> str:
    """The ``place``-th card of a stack (0: the top) as a person counts it: top, second, ... 11th."""
    if place < len(_PLACES):
        return _PLACES[place]
    number = place + 1
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def cards_named(stack: Sequence[int], slot_ids: Sequence[int], whose: str) -> str:
    """Face-down cards as a person sees them, by their places in their owner's ``stack``
    (its slot ids, top first): "seat 1's top face-down card", "your top two face-down
    cards", "seat 2's second and third face-down cards". ``whose`` is the owner's
    possessive ("seat 1's", "your")."""
    places = sorted(stack.index(slot_id) for slot_id in slot_ids if slot_id in stack)
    count = len(slot_ids)
    noun = "face-down card" if count == 1 else "face-down cards"
    if len(places) != count:
        # Cards no longer in the stack have no place to name.
        return f"{whose} {noun}" if count == 1 else f"{whose} {_count(count)} {noun}"
    if places == list(range(count)):
        return f"{whose} top {noun}" if count == 1 else f"{whose} top {_count(count)} {noun}"
    named = [place_named(place) for place in places]
    listed = named[0] if count == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
    return f"{whose} {listed} {noun}"


def chips_named(chips: int) -> str:
    return f"{chips} chip" if chips == 1 else f"{chips} chips"


def _count(count: int) -> str:
    return _COUNTS[count] if count < len(_COUNTS) else str(count)
