"""The easy computer player of Baśka and Kop: rules of thumb, no search.

It announces only very strong hands, doubles from the gut (two of the top five trumps
for a Kontra, three for any later double), never doubles behind a partner it is sure
of, and plays by simple habits: lead trumps as declarer, cash plain aces, win a trick
as cheaply as possible, give points to a partner who is winning, else throw the
cheapest card.

Its reasons, which the table's history shows to everybody, give its judgement and never
the cards behind it: each is one of the fixed sentences ``ANNOUNCE_REASONS`` and
``DOUBLE_REASON``.
"""

from __future__ import annotations

from ai_worker.players.baska_kop.info import (
    KOP_REASON,
    allowed,
    behind_sure_partner,
    known_sides,
    public_contract,
    running_doubles,
)
from ai_worker.players.decision import Decision
from ai_worker.seat_info import SeatInfo
from engine.actions import Announce, Double, Pass, PlayCard
from engine.baska_kop.constants import BLACK_QUEENS, CARD_POINTS, JACKS_HIGH_TO_LOW, Contract, RuleSet
from engine.baska_kop.play import CardOrder, card_order
from engine.cards import Card, Rank
from engine.game import PhaseKind

ANNOUNCE_REASONS = {
    Contract.KOP: KOP_REASON,
    Contract.BASKA: "expects to win Baśka alone",
    Contract.ZOLO_DU: "expects to take every trick alone",
    Contract.GRAN_DU: "expects to take every trick alone",
    Contract.ZOLO: "expects to win Zolo alone",
    Contract.GRAN: "expects to win Gran alone",
    Contract.WESELE: "expects to win with a partner but not alone",
}
# The rule text's own example: "hält die eigene Partei für klar vorn".
DOUBLE_REASON = "thinks its own side is clearly ahead"


def decide(info: SeatInfo) -> Decision:
    if info.phase_kind is PhaseKind.BIDDING:
        return _bid(info)
    return Decision(PlayCard(_card(info)))


def _bid(info: SeatInfo) -> Decision:
    rule_set = RuleSet(info.rule_set)
    normal = card_order(rule_set, Contract.NORMAL)
    hand = set(info.hand)
    top_five = normal.trumps[:5]
    high = sum(1 for card in top_five if card in hand)
    trumps = sum(1 for card in hand if normal.is_trump(card))
    jacks = [jack for jack in JACKS_HIGH_TO_LOW if jack in hand]
    # Kop and Baśka are allowed exactly when the hand holds their cards.
    wishes = [Contract.KOP, Contract.BASKA]
    if hand == set(normal.trumps[:4]):
        wishes.append(Contract.ZOLO_DU)
    if len(jacks) == 4:
        wishes.append(Contract.GRAN_DU)
    if trumps == 4 and high >= 3:
        wishes.append(Contract.ZOLO)
    if len(jacks) >= 3 and jacks[0] == JACKS_HIGH_TO_LOW[0]:
        wishes.append(Contract.GRAN)
    if hand >= BLACK_QUEENS and trumps < 3:
        wishes.append(Contract.WESELE)
    for contract in wishes:
        if allowed(info, Announce(contract.value)) is not None:
            return Decision(Announce(contract.value), ANNOUNCE_REASONS[contract])
    needed = 2 if not running_doubles(info) else 3
    if high >= needed and not behind_sure_partner(info) and allowed(info, Double()) is not None:
        return Decision(Double(), DOUBLE_REASON)
    return Decision(Pass())


def _card(info: SeatInfo) -> Card:
    contract = public_contract(info)
    order = card_order(RuleSet(info.rule_set), contract)
    legal = list(info.playable)
    if len(legal) == 1:
        return legal[0]
    sides = known_sides(info)
    mine = sides[info.seat]
    if not info.trick_cards:
        trumps = sorted((card for card in legal if order.is_trump(card)), key=lambda card: -order.power[card])
        if mine and trumps:
            return trumps[0]
        aces = [card for card in legal if not order.is_trump(card) and card.rank is Rank.ACE]
        if aces:
            return aces[0]
        return _cheapest(legal, order)
    cards = [card for _, card in info.trick_cards]
    best_index = order.best_index(cards)
    leader_of_trick = info.trick_cards[best_index][0]
    partner_winning = mine is not None and sides[leader_of_trick] == mine
    winners = [card for card in legal if order.beats(card, cards[best_index])]
    if partner_winning and len(cards) == 3:
        return max(legal, key=lambda card: (not order.is_trump(card), CARD_POINTS[card.rank]))
    if winners:
        if len(cards) == 3:
            return min(winners, key=lambda card: order.power[card])
        return max(winners, key=lambda card: order.power[card])
    return _cheapest(legal, order)


def _cheapest(cards: list[Card], order: CardOrder) -> Card:
    return min(cards, key=lambda card: (CARD_POINTS[card.rank], order.is_trump(card), order.power[card]))
