"""Playing cards shared by every game: suits, ranks and the card value.

A card's text form is stable and is what action notation, logs and tests use:
rank letter (``2``-``9``, ``T`` for ten, ``J``, ``Q``, ``K``, ``A``) followed by the
suit letter (``C`` clubs, ``S`` spades, ``H`` hearts, ``D`` diamonds), e.g. ``QC`` for
the queen of clubs and ``TH`` for the ten of hearts.

The German (Bavarian) pack is a display alias only: Eichel = clubs, Gras = spades,
Herz = hearts, Schellen = diamonds, Ober = queen, Unter = jack.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum

from engine.errors import InvalidActionError


class Suit(IntEnum):
    """The four suits; the numbers equal the contract's ``Suit`` enum values."""

    CLUBS = 1
    SPADES = 2
    HEARTS = 3
    DIAMONDS = 4

    @property
    def letter(self) -> str:
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


class Rank(IntEnum):
    """Ranks by their natural number (ace high); equal to the contract's ``Rank`` values."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]


_SUIT_LETTERS = {Suit.CLUBS: "C", Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D"}
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_RANK_LETTERS = {rank: str(int(rank)) for rank in Rank if rank <= Rank.NINE} | {
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_SUIT_BY_LETTER = {letter: suit for suit, letter in _SUIT_LETTERS.items()}
_RANK_BY_LETTER = {letter: rank for rank, letter in _RANK_LETTERS.items()}


@dataclass(frozen=True, slots=True)
class Card:
    """One card. Two cards are equal when suit and rank are equal."""

    suit: Suit
    rank: Rank

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    @property
    def symbol(self) -> str:
        """Human-readable form such as ``♣Q`` or ``♥10``."""
        rank = "10" if self.rank is Rank.TEN else self.rank.letter
        return self.suit.symbol + rank

    @staticmethod
    def parse(text: str) -> Card:
        """Parse the stable text form (``QC``, ``TH``); raise InvalidActionError otherwise."""
        if len(text) != 2 or text[0] not in _RANK_BY_LETTER or text[1] not in _SUIT_BY_LETTER:
            raise InvalidActionError(
                f"{text!r} is not a card: expected rank (2-9, T, J, Q, K, A) then suit (C, S, H, D)"
            )
        return Card(_SUIT_BY_LETTER[text[1]], _RANK_BY_LETTER[text[0]])


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse space-separated cards, e.g. ``"QC QS AH TH"``."""
    return tuple(Card.parse(part) for part in text.split())


def winning_index(cards: Sequence[Card], beats: Callable[[Card, Card], bool]) -> int:
    """Index of the card that wins (or so far wins) a trick of ``cards`` in play order;
    ``beats(card, best)`` says whether ``card`` played now takes the trick from ``best``."""
    best = 0
    for index in range(1, len(cards)):
        if beats(cards[index], cards[best]):
            best = index
    return best
