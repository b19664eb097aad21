"""Bela as the solver sees it (seed 002): card indices, lanes and points for a trump suit.

The trump suit runs J 9 A 10 K Q 8 7 and counts 20, 14, 11, 10, 4, 3, 0, 0; the other
suits run A 10 K Q J 9 8 7 and count 11, 10, 4, 3, 2, 0, 0, 0: 152 in all. The last
trick brings 10, and with two or three players the Kup (the cards nobody holds) goes to
its winner too; a party that takes every trick gets 90 more (Štiglja). Every duty
applies: follow and go higher while the trick is not trumped, else trump and overtrump,
else undertrump; on a trump lead, trump and go higher.
"""

from __future__ import annotations

from ai_worker.search.card_index import CardIndex
from ai_worker.search.rules import ALL_DUTIES, TRUMP_LANE, TrickRules
from engine.bela.constants import LAST_TRICK, PLAIN_ORDER, STIGLJA, SUITS, TRUMP_ORDER, card_points
from engine.cards import Card, Suit


def card_index(trump_suit: Suit, seats: int = 4, kup: frozenset[Card] = frozenset()) -> CardIndex:
    """The cards in the solver's order for ``trump_suit``: trumps, then the other suits.

    ``kup`` are the cards left over with two or three players: their points go with the
    last trick."""
    ordered = [Card(trump_suit, rank) for rank in TRUMP_ORDER]
    lanes = [TRUMP_LANE] * len(ordered)
    for lane, suit in enumerate((suit for suit in SUITS if suit is not trump_suit), start=1):
        ordered += [Card(suit, rank) for rank in PLAIN_ORDER]
        lanes += [lane] * len(PLAIN_ORDER)
    rules = TrickRules(
        lanes=lanes,
        points=[card_points(card, trump_suit) for card in ordered],
        duties=ALL_DUTIES,
        seats=seats,
        last_trick_bonus=LAST_TRICK + sum(card_points(card, trump_suit) for card in kup),
        sweep_bonus=STIGLJA,
    )
    return CardIndex.of(ordered, rules)
