"""Trick play of Baśka and Kop: card order, the follow/trump/beat duties, trick winners.

Trump counts as a suit of its own. A player must follow the led suit; unable to, he must
trump; only with neither may he play any card. Among the cards those duties allow, he
must beat the best card of the trick so far whenever one of them can
("Überstechpflicht").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.baska_kop.constants import (
    CARD_POINTS,
    GRAN_CONTRACTS,
    GRAN_TRUMPS,
    PACK,
    PLAIN_ORDER,
    TRUMPS,
    Contract,
    RuleSet,
)
from engine.cards import Card, Suit, winning_index

TRUMP_LANE = 0
_LANE_NAMES = {
    TRUMP_LANE: "trump",
    Suit.CLUBS: "clubs",
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
}


@dataclass(frozen=True, slots=True)
class CardOrder:
    """How cards compare under one trump ladder.

    ``lane`` is 0 for a trump and the suit number otherwise; ``power`` orders cards of
    one lane, trumps above every plain card.
    """

    trumps: tuple[Card, ...]
    lane: dict[Card, int]
    power: dict[Card, int]

    @staticmethod
    def build(trumps: tuple[Card, ...]) -> CardOrder:
        lane: dict[Card, int] = {}
        power: dict[Card, int] = {}
        for index, card in enumerate(trumps):
            lane[card] = TRUMP_LANE
            power[card] = 100 - index
        for card in PACK:
            if card not in lane:
                lane[card] = int(card.suit)
                power[card] = 10 - PLAIN_ORDER.index(card.rank)
        return CardOrder(trumps, lane, power)

    def is_trump(self, card: Card) -> bool:
        return self.lane[card] == TRUMP_LANE

    def beats(self, card: Card, best: Card) -> bool:
        """Whether ``card`` played now would take the trick from ``best``."""
        if self.lane[card] == TRUMP_LANE:
            return self.lane[best] != TRUMP_LANE or self.power[card] > self.power[best]
        return self.lane[card] == self.lane[best] and self.power[card] > self.power[best]

    def best_index(self, cards: Sequence[Card]) -> int:
        """Index of the card that wins (or so far wins) a trick played in this order."""
        return winning_index(cards, self.beats)

    def playable(self, hand: Sequence[Card], trick: Sequence[Card]) -> dict[Card, str]:
        """Map every card of ``hand`` to "" if it may be played, else to the reason."""
        if not trick:
            return dict.fromkeys(hand, "")
        led_lane = self.lane[trick[0]]
        best = trick[self.best_index(trick)]
        reasons: dict[Card, str] = {}
        candidates = [card for card in hand if self.lane[card] == led_lane]
        if candidates:
            duty = f"you must follow {_LANE_NAMES[led_lane]}"
        else:
            candidates = [card for card in hand if self.lane[card] == TRUMP_LANE]
            duty = f"you cannot follow {_LANE_NAMES[led_lane]} and must play a trump"
            if not candidates:
                candidates = list(hand)
        for card in hand:
            if card not in candidates:
                reasons[card] = duty
        beaters = [card for card in candidates if self.beats(card, best)]
        if beaters:
            example = min(beaters, key=lambda card: self.power[card])
            for card in candidates:
                if card not in beaters:
                    reasons[card] = (
                        f"you must beat {best.symbol} because you can (for example with {example.symbol})"
                    )
        return {card: reasons.get(card, "") for card in hand}

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Trumps first from the highest, then the plain suits in suit order."""
        return (self.lane[card], -self.power[card])


def card_order(rule_set: RuleSet, contract: Contract) -> CardOrder:
    if contract in GRAN_CONTRACTS:
        return _GRAN_ORDER
    return _NORMAL_ORDERS[rule_set]


def card_points(cards: Sequence[Card]) -> int:
    return sum(CARD_POINTS[card.rank] for card in cards)


_NORMAL_ORDERS = {rule_set: CardOrder.build(TRUMPS[rule_set]) for rule_set in RuleSet}
_GRAN_ORDER = CardOrder.build(GRAN_TRUMPS)
