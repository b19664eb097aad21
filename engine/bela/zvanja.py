"""Zvanja (melds) of Bela (seed 002 and SPEC §2): finding them in a hand, what they are
worth, how they are compared and announced.

* Sequences run in the order 7 8 9 10 J Q K A within one suit: 3 cards are 20, 4 are 50,
  5 to 7 are 100. All eight cards of a suit are Belot: it wins the Partie at once, or,
  under the option "zählt 100", counts as a sequence of 100 (the longest there is).
* Four of a kind: Jacks 200, Nines 150, Aces, Tens, Kings or Queens 100; Eights and
  Sevens nothing.
* Only the party with the strongest meld scores, and then all its melds (at four, both
  partners'). Strongest: higher value, then the longer sequence, then the higher top
  card, then the trump suit; then whoever declared first in playing order.

Decisions where seed and SPEC are silent:

* A card may be in one sequence and one four of a kind, never in two sequences: a run
  of six is one sequence of 100, not two of 20.
* In the comparison a four of a kind is as long as its four cards and as high as its
  rank in the sequence order; so four Kings (100) lose to a sequence of five (100) and
  beat a sequence of four (50), and four Aces beat four Tens.
* A seat declares all its melds at once ("Melden declares all of a seat's melds").
* Bela (King and Queen of trump in one hand, 20) is no meld: it is never compared.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.bela.constants import (
    BELOT_AS_SEQUENCE,
    FOUR_OF_A_KIND_VALUES,
    SEQUENCE_ORDER,
    SEQUENCE_VALUES,
    SUIT_WORDS,
    SUITS,
    Display,
)
from engine.cards import Card, Rank, Suit


class MeldKind(StrEnum):
    SEQUENCE = "sequence"
    FOUR_OF_A_KIND = "four_of_a_kind"
    BELOT = "belot"


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld: its cards (a sequence from its lowest card up) and its value."""

    kind: MeldKind
    cards: tuple[Card, ...]
    value: int

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Rank:
        """The highest card's rank in the sequence order (a four of a kind's rank)."""
        return max((card.rank for card in self.cards), key=SEQUENCE_ORDER.index)

    @property
    def suit(self) -> Suit | None:
        return None if self.kind is MeldKind.FOUR_OF_A_KIND else self.cards[0].suit

    def strength(self, trump: Suit) -> tuple[int, int, int, int]:
        """The comparison key: value, length, top card, trump."""
        return (self.value, self.length, SEQUENCE_ORDER.index(self.top), 1 if self.suit is trump else 0)

    def text(self, display: Display = Display.GERMAN) -> str:
        """How it is announced at the table, e.g. "Zwanzig – Neun bis Unter Herz"."""
        words = _VALUE_WORDS.get(self.value, str(self.value))
        if self.kind is MeldKind.FOUR_OF_A_KIND:
            return f"{words} – vier {_PLURALS[display][self.top]}"
        suit = SUIT_WORDS[display][self.cards[0].suit]
        if self.kind is MeldKind.BELOT:
            return f"Belot – alle acht {suit}"
        low = _RANK_WORDS[display][self.cards[0].rank]
        high = _RANK_WORDS[display][self.top]
        return f"{words} – {low} bis {high} {suit}"


@dataclass(frozen=True, slots=True)
class Comparison:
    """The outcome of comparing the seats' declarations: the seat whose meld is strongest,
    that meld, and for every other declaring seat why it lost ("mehr Punkte", "längere
    Folge", "höhere Karte", "Trumpf" or "zuerst angesagt")."""

    seat: int
    meld: Meld
    beaten: Mapping[int, str]


def find_melds(hand: Iterable[Card], belot_counts_100: bool = False) -> tuple[Meld, ...]:
    """Every meld in ``hand``: the sequences (one per run of three or more), Belot (all
    eight of a suit, worth 0 here unless it counts 100: it wins the Partie), and the
    fours of a kind that are worth something."""
    cards = set(hand)
    melds: list[Meld] = []
    for suit in SUITS:
        run: list[Card] = []
        for rank in (*SEQUENCE_ORDER, None):
            card = Card(suit, rank) if rank is not None else None
            if card is not None and card in cards:
                run.append(card)
                continue
            if len(run) == len(SEQUENCE_ORDER):
                melds.append(Meld(MeldKind.BELOT, tuple(run), BELOT_AS_SEQUENCE if belot_counts_100 else 0))
            elif len(run) in SEQUENCE_VALUES:
                melds.append(Meld(MeldKind.SEQUENCE, tuple(run), SEQUENCE_VALUES[len(run)]))
            run = []
    for rank, value in FOUR_OF_A_KIND_VALUES.items():
        four = tuple(Card(suit, rank) for suit in SUITS)
        if all(card in cards for card in four):
            melds.append(Meld(MeldKind.FOUR_OF_A_KIND, four, value))
    return tuple(melds)


def strongest(melds: Sequence[Meld], trump: Suit) -> Meld | None:
    counted = [meld for meld in melds if meld.value > 0]
    return max(counted, key=lambda meld: meld.strength(trump)) if counted else None


def compare(declared: Mapping[int, Sequence[Meld]], order: Sequence[int], trump: Suit) -> Comparison | None:
    """Which seat's declaration leads. ``order`` is the seats in playing order (the first
    declared first); ``declared`` what each seat declared. None if nobody declared a meld
    worth something."""
    best_seat: int | None = None
    best: Meld | None = None
    for seat in order:
        meld = strongest(declared.get(seat, ()), trump)
        if meld is not None and (best is None or meld.strength(trump) > best.strength(trump)):
            best_seat, best = seat, meld
    if best_seat is None or best is None:
        return None
    beaten: dict[int, str] = {}
    for seat in order:
        meld = strongest(declared.get(seat, ()), trump)
        if seat != best_seat and meld is not None:
            beaten[seat] = _why_beaten(best, meld, trump)
    return Comparison(best_seat, best, beaten)


def _why_beaten(winner: Meld, loser: Meld, trump: Suit) -> str:
    for step, reason in enumerate(("mehr Punkte", "längere Folge", "höhere Karte", "Trumpf")):
        if winner.strength(trump)[step] != loser.strength(trump)[step]:
            return reason
    return "zuerst angesagt"


_VALUE_WORDS = {20: "Zwanzig", 50: "Fünfzig", 100: "Hundert", 150: "Hundertfünfzig", 200: "Zweihundert"}
_COMMON_RANKS = {
    Rank.SEVEN: "Sieben",
    Rank.EIGHT: "Acht",
    Rank.NINE: "Neun",
    Rank.TEN: "Zehn",
    Rank.KING: "König",
    Rank.ACE: "Ass",
}
_RANK_WORDS = {
    Display.GERMAN: _COMMON_RANKS | {Rank.JACK: "Unter", Rank.QUEEN: "Ober"},
    Display.FRENCH: _COMMON_RANKS | {Rank.JACK: "Bube", Rank.QUEEN: "Dame"},
}
_COMMON_PLURALS = {Rank.NINE: "Neunen", Rank.TEN: "Zehnen", Rank.KING: "Könige", Rank.ACE: "Asse"}
_PLURALS = {
    Display.GERMAN: _COMMON_PLURALS | {Rank.JACK: "Unter", Rank.QUEEN: "Ober"},
    Display.FRENCH: _COMMON_PLURALS | {Rank.JACK: "Buben", Rank.QUEEN: "Damen"},
}
