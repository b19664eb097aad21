"""Speculation's pack, antes and table options (seed 004, SPEC §2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.cards import Card, Rank, Suit
from engine.errors import InvalidOptionsError, quoted
from engine.game import OptionGroup, OptionType
from engine.options import is_on, read_options, switch

SEAT_COUNTS = (3, 4, 5, 6, 7, 8, 9)
RULE_SET = "parlett"
RULE_SET_TITLE = "Parlett (Mansfield Park), buying face-down cards included"

# "Der Geber legt 6 Chips in die Mitte, alle anderen je 4."
DEALER_ANTE = 6
ANTE = 4
# "Der Geber gibt jedem drei Karten verdeckt"; the extra hand has as many.
CARDS_EACH = 3
# Fives and jacks (Parlett): turning one up costs a chip into the pool.
FINED_RANKS = (Rank.FIVE, Rank.JACK)
# Foster: a turned-up King, Queen or Jack is sold, then every card is turned at once.
FOSTER_RANKS = (Rank.KING, Rank.QUEEN, Rank.JACK)

# The whole pack in a fixed order; the shuffle decides the order of play.
PACK = tuple(Card(suit, rank) for suit in Suit for rank in Rank)

DEFAULT_CHIPS = 40
DEFAULT_DEALS_EACH = 2
# The market's pace with people at the table: seconds to turn up a card or decide on a
# sale, and seconds an auction waits for a bid after the last one (0: no limit).
DEFAULT_REVEAL_SECONDS = 20
DEFAULT_AUCTION_SECONDS = 8


@dataclass(frozen=True, slots=True)
class Options:
    """A table's Speculation options."""

    # Chips each player starts with ("etwa 40 pro Person").
    chips: int = DEFAULT_CHIPS
    # How often each player deals before the match ends ("bis jeder zweimal gegeben hat").
    deals_each: int = DEFAULT_DEALS_EACH
    # The pool stays for the next deal when no seat's card turned up is a trump.
    carry_over: bool = False
    # Foster's Complete Hoyle: a turned-up face card is sold, then all cards are turned.
    foster: bool = False
    # Parlett: a five or a jack turned up costs its owner a chip into the pool.
    fives_and_jacks: bool = False
    # Parlett: a fourth face-down hand of nobody's; a higher trump in it keeps the pool.
    extra_hand: bool = False
    # Seconds a person has to turn up a card or to decide on a sale; 0: no limit.
    reveal_seconds: int = DEFAULT_REVEAL_SECONDS
    # Seconds an auction waits for a person's bid after the last bid; 0: no limit.
    auction_seconds: int = DEFAULT_AUCTION_SECONDS


OPTIONS = (
    OptionType(
        "chips",
        "chips each player starts with",
        str(DEFAULT_CHIPS),
        minimum=2 * DEALER_ANTE,
        maximum=10_000,
        group=OptionGroup.AMOUNTS,
    ),
    OptionType(
        "deals_each",
        "how often each player deals",
        str(DEFAULT_DEALS_EACH),
        minimum=1,
        maximum=10,
        group=OptionGroup.AMOUNTS,
    ),
    switch(
        "carry_over",
        "the pool stays for the next deal when no seat's card turned up is a trump",
        group=OptionGroup.PLAY,
    ),
    switch(
        "foster",
        "a turned-up King, Queen or Jack is sold, then all cards are turned at once (Foster)",
        group=OptionGroup.PLAY,
    ),
    switch(
        "fives_and_jacks",
        "turning up a five or a jack costs a chip into the pool (Parlett)",
        group=OptionGroup.PLAY,
    ),
    switch(
        "extra_hand",
        "an extra hand of nobody's; a higher trump in it keeps the pool (Parlett)",
        group=OptionGroup.PLAY,
    ),
    OptionType(
        "reveal_seconds",
        "seconds a person has to turn up a card or decide on a sale (0: no limit)",
        str(DEFAULT_REVEAL_SECONDS),
        minimum=0,
        maximum=600,
        group=OptionGroup.AMOUNTS,
    ),
    OptionType(
        "auction_seconds",
        "seconds an auction waits for a person's bid after the last bid (0: no limit)",
        str(DEFAULT_AUCTION_SECONDS),
        minimum=0,
        maximum=600,
        group=OptionGroup.AMOUNTS,
    ),
)


def parse(rule_set: str, raw: Mapping[str, str]) -> Options:
    """The options of the one rule set with ``raw`` applied; InvalidOptionsError names a bad one."""
    if rule_set != RULE_SET:
        raise InvalidOptionsError(f"unknown rule set {quoted(rule_set)}; choose {RULE_SET}")
    values = read_options("Speculation", OPTIONS, raw)
    return Options(
        chips=int(values["chips"]),
        deals_each=int(values["deals_each"]),
        carry_over=is_on(values, "carry_over"),
        foster=is_on(values, "foster"),
        fives_and_jacks=is_on(values, "fives_and_jacks"),
        extra_hand=is_on(values, "extra_hand"),
        reveal_seconds=int(values["reveal_seconds"]),
        auction_seconds=int(values["auction_seconds"]),
    )


def to_dict(options: Options) -> dict[str, str]:
    """The inverse of ``parse``, for storage."""
    return {
        "rule_set": RULE_SET,
        "chips": str(options.chips),
        "deals_each": str(options.deals_each),
        "carry_over": str(options.carry_over).lower(),
        "foster": str(options.foster).lower(),
        "fives_and_jacks": str(options.fives_and_jacks).lower(),
        "extra_hand": str(options.extra_hand).lower(),
        "reveal_seconds": str(options.reveal_seconds),
        "auction_seconds": str(options.auction_seconds),
    }


def ante(seat: int, dealer: int) -> int:
    return DEALER_ANTE if seat == dealer else ANTE


def cards_for_a_deal(players: int, options: Options) -> int:
    """Cards one deal takes from the pack: three each, the turn-up, three for the extra hand."""
    return CARDS_EACH * players + 1 + (CARDS_EACH if options.extra_hand else 0)
