"""Trick play of Bela (seed 002, "Stechen"): card order under a trump suit, the duties
with the reason a card is refused, and the winner of a trick.

The duties, in the seed's words: follow the led suit and, if you can, go higher while
nobody has trumped the trick; unable to follow, trump and, if you can, overtrump, else
undertrump; only without the suit and without trumps may you throw any card; on a trump
lead, play a trump and beat the best one if you can. There is no exception for a trick
one's partner is winning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.bela.constants import PLAIN_ORDER, TRUMP_ORDER, card_points
from engine.cards import Card, Suit, winning_index

_SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds"}


@dataclass(frozen=True, slots=True)
class TrickOrder:
    """How cards compare when ``trump`` is trump."""

    trump: Suit

    def is_trump(self, card: Card) -> bool:
        return card.suit is self.trump

    def power(self, card: Card) -> int:
        """Order within one suit: higher is stronger."""
        order = TRUMP_ORDER if self.is_trump(card) else PLAIN_ORDER
        return len(order) - order.index(card.rank)

    def beats(self, card: Card, best: Card) -> bool:
        """Whether ``card`` played now would take the trick from ``best``."""
        if self.is_trump(card) and not self.is_trump(best):
            return True
        return card.suit is best.suit and self.power(card) > self.power(best)

    def best_index(self, cards: Sequence[Card]) -> int:
        """Index of the card that wins (or so far wins) a trick of ``cards``."""
        return winning_index(cards, self.beats)

    def points(self, cards: Sequence[Card]) -> int:
        return sum(card_points(card, self.trump) for card in cards)

    def playable(self, hand: Sequence[Card], trick: Sequence[Card]) -> dict[Card, str]:
        """Map every card of ``hand`` to "" if it may be played now, else to the reason."""
        if not trick:
            return dict.fromkeys(hand, "")
        led = trick[0].suit
        best = trick[self.best_index(trick)]
        following = [card for card in hand if card.suit is led]
        trumps = [card for card in hand if self.is_trump(card)]
        if following:
            allowed, refusal = following, f"you must follow {self._suit_name(led)}"
            higher = [card for card in following if self.beats(card, best)]
            # Going higher in the led suit is a duty only while nobody has trumped.
            if higher and (led is self.trump or not self.is_trump(best)):
                return self._refusals(hand, higher, refusal, self._must_beat(best, higher))
            return self._refusals(hand, allowed, refusal, "")
        if trumps:
            refusal = f"you cannot follow {self._suit_name(led)} and must trump"
            if self.is_trump(best):
                over = [card for card in trumps if self.beats(card, best)]
                if over:
                    lowest = min(over, key=self.power)
                    return self._refusals(
                        hand, over, refusal, f"you must overtrump {best.symbol}: you can with {lowest.symbol}"
                    )
                refusal = (
                    f"you cannot follow {self._suit_name(led)} nor overtrump {best.symbol}"
                    " and must undertrump"
                )
            return self._refusals(hand, trumps, refusal, "")
        return dict.fromkeys(hand, "")

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Trumps first, then the other suits in suit order, each from its highest card."""
        return (0 if self.is_trump(card) else 1, int(card.suit), -self.power(card))

    def _must_beat(self, best: Card, higher: list[Card]) -> str:
        lowest = min(higher, key=self.power)
        return f"you must go higher than {best.symbol}: you can with {lowest.symbol}"

    def _suit_name(self, suit: Suit) -> str:
        return f"{_SUIT_NAMES[suit]} (trump)" if suit is self.trump else _SUIT_NAMES[suit]

    @staticmethod
    def _refusals(hand: Sequence[Card], allowed: list[Card], refusal: str, weaker: str) -> dict[Card, str]:
        """``allowed`` may be played; a card of the right kind that is not among them
        (too low) gets ``weaker``, any other card ``refusal``."""
        kind = {card.suit for card in allowed}
        reasons: dict[Card, str] = {}
        for card in hand:
            if card in allowed:
                reasons[card] = ""
            elif weaker and card.suit in kind:
                reasons[card] = weaker
            else:
                reasons[card] = refusal
        return reasons
