"""The easy computer player of Bela: rules of thumb, no search.

Trump: the suit with the best Jack, Nine and length, if it is good enough (or when the
dealer must choose), else dalje. It declares all its melds and Bela whenever it may.
In play: the caller's party draws trumps with the Jack; otherwise it cashes a plain ace
or leads its cheapest card; following, it gives points to a partner who is winning,
wins as cheaply as it can, or throws its cheapest card.

Its reasons, which the whole table reads, give its judgement and never its cards.
"""

from __future__ import annotations

from ai_worker.players.bela.info import Table, allowed_choice, bela_cards, table_of
from ai_worker.players.decision import Decision
from ai_worker.seat_info import SeatInfo
from engine.actions import Announce, Pass, PlayCard
from engine.bela.constants import SUITS, card_points
from engine.bela.play import TrickOrder
from engine.bela.results import TRUMP
from engine.cards import Card, Rank, Suit
from engine.game import PhaseKind

# A suit is good enough to call with this many points of ``_trump_strength``.
CALL_STRENGTH = 7
CALL_REASON = "likes its trump"


def decide(info: SeatInfo) -> Decision:
    table = table_of(info)
    if info.phase_kind is PhaseKind.BIDDING:
        return _choose_trump(info)
    declaring = allowed_choice(info, "declare zvanja")
    if declaring is not None:
        return Decision(declaring.action)
    if not info.playable:
        return Decision(None)
    card = _card(info, table)
    saying_bela = allowed_choice(info, "declare bela")
    if saying_bela is not None and table.trump is not None and card in bela_cards(table.trump):
        return Decision(saying_bela.action)
    return Decision(PlayCard(card))


def trump_strength(cards: tuple[Card, ...] | frozenset[Card], suit: Suit) -> int:
    """Jack 4, Nine 3, Ace 1, and 1 for each card of the suit."""
    values = {Rank.JACK: 4, Rank.NINE: 3, Rank.ACE: 1}
    return sum(values.get(card.rank, 0) + 1 for card in cards if card.suit is suit)


# Private helpers ---------------------------------------------------------------------


def _choose_trump(info: SeatInfo) -> Decision:
    best = max(SUITS, key=lambda suit: trump_strength(info.hand, suit))
    may_pass = any(isinstance(choice.action, Pass) for choice in info.allowed)
    if trump_strength(info.hand, best) >= CALL_STRENGTH or not may_pass:
        return Decision(Announce(TRUMP, best), CALL_REASON)
    return Decision(Pass())


def _card(info: SeatInfo, table: Table) -> Card:
    trump = table.trump
    assert trump is not None
    order = TrickOrder(trump)
    playable = sorted(info.playable, key=lambda card: (card_points(card, trump), order.power(card)))
    cheapest = playable[0]
    trick = info.trick_cards
    if not trick:
        trumps = [card for card in playable if order.is_trump(card)]
        jack = Card(trump, Rank.JACK)
        if table.party(table.caller) == table.party(info.seat) and jack in trumps:
            return jack
        aces = [card for card in playable if card.rank is Rank.ACE and not order.is_trump(card)]
        return aces[0] if aces else cheapest
    cards = [card for _, card in trick]
    best_seat, best = trick[order.best_index(cards)]
    partner_wins = best_seat != info.seat and table.party(best_seat) == table.party(info.seat)
    last_to_play = len(trick) == info.seats - 1
    if partner_wins and (last_to_play or order.is_trump(best)):
        givers = [card for card in playable if not order.is_trump(card)] or playable
        return max(givers, key=lambda card: card_points(card, trump))
    winners = [card for card in playable if order.beats(card, best)]
    if winners and not partner_wins:
        return min(winners, key=lambda card: (order.is_trump(card), order.power(card)))
    return cheapest
