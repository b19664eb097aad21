"""Bela's fixed numbers (seed 002 and SPEC §2): the pack, orders, points, the deal's shape,
the values of the zvanja and the Partie's targets.

Orders are highest first. In the trump suit the Jack (Unter) is highest, then the Nine;
in the other suits the natural order A 10 K Q J 9 8 7. Sequences for the zvanja run in
the natural order 7 8 9 10 J Q K A whatever the trump.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.cards import Card, Rank, Suit

SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
TRUMP_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT, Rank.SEVEN)
PLAIN_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
# The order sequences are read in, lowest first.
SEQUENCE_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
PACK = tuple(Card(suit, rank) for suit in SUITS for rank in PLAIN_ORDER)

TRUMP_POINTS = {Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3}
PLAIN_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
CARD_POINTS_TOTAL = 152
LAST_TRICK = 10
DEAL_POINTS = CARD_POINTS_TOTAL + LAST_TRICK
STIGLJA = 90
BELA = 20

SEAT_COUNTS = (2, 3, 4)
# Everyone gets 6 cards (3-3) to choose the trump with, then his talon.
FIRST_CARDS = 6
TALON = {4: 2, 3: 4, 2: 6}
# The cards nobody holds with two or three players: they go to the last trick's winner.
KUP = {4: 0, 3: 2, 2: 8}

# Zvanja: a sequence of 3 is 20, of 4 is 50, of 5 to 7 is 100; all 8 cards of a suit are
# Belot. Four of a kind: Jacks 200, Nines 150, Aces, Tens, Kings or Queens 100; Eights and
# Sevens nothing.
SEQUENCE_VALUES = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100}
FOUR_OF_A_KIND_VALUES = {
    Rank.JACK: 200,
    Rank.NINE: 150,
    Rank.ACE: 100,
    Rank.TEN: 100,
    Rank.KING: 100,
    Rank.QUEEN: 100,
}
# Belot under the option "zählt 100": like a long sequence.
BELOT_AS_SEQUENCE = 100

TARGETS = (1001, 701, 501)
DEFAULT_TARGET = 1001
# Bestenliste: a tenth of one's points after each deal; the place bonus at the end.
PLACE_BONUS = (30, 15, 5)
LEAVE_PENALTY = -10


def card_points(card: Card, trump: Suit) -> int:
    """What ``card`` counts in a trick when ``trump`` is trump."""
    return (TRUMP_POINTS if card.suit is trump else PLAIN_POINTS).get(card.rank, 0)


class TalonRule(StrEnum):
    """ "Talon verdeckt": the talon lies face down before each seat from the deal on and is
    taken up after the trump choice; "nachgeben": it is dealt after the choice. The same
    seed gives the same cards either way."""

    FACE_DOWN = "verdeckt"
    DEALT_AFTER = "nachgeben"


class BelotRule(StrEnum):
    """Belot (all eight of a suit in one hand) wins the Partie at once, or counts 100."""

    WINS_PARTIE = "partie"
    COUNTS_100 = "hundert"


class Display(StrEnum):
    """Which pack the texts name: German (Unter, Ober; Eichel, Laub, Herz, Schellen) or
    French (Bube, Dame; Kreuz, Pik, Herz, Karo)."""

    GERMAN = "deutsch"
    FRENCH = "franzoesisch"


SUIT_WORDS = {
    Display.GERMAN: {
        Suit.CLUBS: "Eichel",
        Suit.SPADES: "Laub",
        Suit.HEARTS: "Herz",
        Suit.DIAMONDS: "Schellen",
    },
    Display.FRENCH: {Suit.CLUBS: "Kreuz", Suit.SPADES: "Pik", Suit.HEARTS: "Herz", Suit.DIAMONDS: "Karo"},
}


@dataclass(frozen=True, slots=True)
class Options:
    """A table's Bela options (seed 002's "Regel ..." and the seating of SPEC §2)."""

    talon: TalonRule = TalonRule.FACE_DOWN
    # "mus": when everyone says dalje the dealer must choose; else ("neu geben") the deal
    # is dealt again by the same dealer and does not count.
    dealer_must_choose: bool = True
    # "Zvanja selbst": melds and Bela only by one's own declaration before one's first
    # card (Bela: before the first of King and Queen), else they are forfeited.
    declare_yourself: bool = False
    belot: BelotRule = BelotRule.WINS_PARTIE
    target: int = DEFAULT_TARGET
    # The Croatian way round: play passes to the right.
    counter_clockwise: bool = False
    display: Display = Display.GERMAN
