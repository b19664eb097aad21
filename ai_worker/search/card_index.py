"""Cards numbered for the solver: a game's cards in one contract's order, with its rules.

Each game's package (``ai_worker/players/<game>/model.py``) makes one per contract: the
cards sorted so that each lane (trumps first) runs from its highest card down, and the
``TrickRules`` that say what the solver must know of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ai_worker.search.rules import TrickRules
from engine.cards import Card


@dataclass(frozen=True)
class CardIndex:
    """Cards numbered for the solver, and the rules of the contract they are numbered for."""

    cards: tuple[Card, ...]
    index: dict[Card, int]
    rules: TrickRules

    @staticmethod
    def of(cards: Iterable[Card], rules: TrickRules) -> CardIndex:
        ordered = tuple(cards)
        return CardIndex(ordered, {card: position for position, card in enumerate(ordered)}, rules)

    def mask(self, cards: Iterable[Card]) -> int:
        result = 0
        for card in cards:
            result |= 1 << self.index[card]
        return result

    def unmask(self, mask: int) -> list[Card]:
        return [card for position, card in enumerate(self.cards) if (mask >> position) & 1]
