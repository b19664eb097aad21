"""Baśka and Kop as the solver sees them: card indices, lanes and points per contract."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ai_worker.search.solver import TrickRules
from engine.baska_kop.constants import CARD_POINTS, PACK, Contract, RuleSet
from engine.baska_kop.play import card_order
from engine.cards import Card


@dataclass(frozen=True)
class CardIndex:
    """Cards numbered for the solver: trumps from the highest, then each plain suit from its ace."""

    cards: tuple[Card, ...]
    index: dict[Card, int]
    rules: TrickRules

    def mask(self, cards: list[Card] | tuple[Card, ...] | set[Card] | frozenset[Card]) -> int:
        result = 0
        for card in cards:
            result |= 1 << self.index[card]
        return result

    def unmask(self, mask: int) -> list[Card]:
        return [card for position, card in enumerate(self.cards) if (mask >> position) & 1]


@cache
def card_index(rule_set: RuleSet, contract: Contract) -> CardIndex:
    order = card_order(rule_set, contract)
    cards = tuple(sorted(PACK, key=order.sort_key))
    rules = TrickRules(
        lanes=[order.lane[card] for card in cards],
        points=[CARD_POINTS[card.rank] for card in cards],
        must_beat=True,
    )
    return CardIndex(cards, {card: position for position, card in enumerate(cards)}, rules)
