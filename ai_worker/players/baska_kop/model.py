"""Baśka and Kop as the solver sees them: card indices, lanes and points per contract."""

from __future__ import annotations

from functools import cache

from ai_worker.search.card_index import CardIndex
from ai_worker.search.rules import ALL_DUTIES, TrickRules
from engine.baska_kop.constants import CARD_POINTS, PACK, Contract, RuleSet
from engine.baska_kop.play import card_order


@cache
def card_index(rule_set: RuleSet, contract: Contract) -> CardIndex:
    """Trumps from the highest, then each plain suit from its ace."""
    order = card_order(rule_set, contract)
    cards = tuple(sorted(PACK, key=order.sort_key))
    rules = TrickRules(
        lanes=[order.lane[card] for card in cards],
        points=[CARD_POINTS[card.rank] for card in cards],
        # Follow, else trump; beat the best card so far whenever you can.
        duties=ALL_DUTIES,
    )
    return CardIndex.of(cards, rules)
