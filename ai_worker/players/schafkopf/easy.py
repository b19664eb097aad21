"""The easy computer player of Schafkopf: rules of thumb, no search.

It stands up (Aufstellen) with three Ober or Unter among its first cards, announces only
strong hands (a Solo with two thirds of its cards trump and two Ober among them, a Wenz
with three Unter and two Sau, a Rufspiel with half its cards trump and an Ober, a Sie
always), takes a Hochzeit with three trumps, and never gives Kontra or Re. In play: the
declaring side draws trumps from the top; a defender of a Rufspiel searches the called
suit; otherwise it cashes a plain Sau or leads its cheapest card; following, it gives
points to a partner who is winning, wins as cheaply as it can, or throws its cheapest
card. In a Ramsch and a Bettel it takes as little as it can.

Its reasons, which the whole table reads, give its judgement and never its cards.
"""

from __future__ import annotations

from ai_worker.players.decision import Decision
from ai_worker.players.schafkopf.info import Table, held_trumps, partner_game_order, table_of, table_options
from ai_worker.seat_info import SeatInfo
from engine.actions import Announce, Double, Pass, PlayCard
from engine.cards import Card, Rank
from engine.schafkopf.blocks import GiveCard
from engine.schafkopf.constants import CARD_POINTS, Kind
from engine.schafkopf.play import TrickOrder

ANNOUNCE_REASON = "expects to win this game"
STAND_UP_REASON = "likes its first cards"
FORCED_REASON = "must play: holds the Eichel-Ober"
HOCHZEIT_REASON = "takes the Hochzeit with trumps of its own"


def decide(info: SeatInfo) -> Decision:
    if info.seat not in info.to_act:
        return Decision(None)
    if info.phase == "aufstellen":
        return _stand_up(info)
    if info.phase == "spielansage":
        return _announce(info)
    if info.phase == "hochzeit":
        return _hochzeit(info)
    if not info.playable:
        return Decision(None)
    return Decision(PlayCard(_card(info, table_of(info))))


# Private helpers ---------------------------------------------------------------------


def _allowed(info: SeatInfo) -> list[Announce]:
    return [choice.action for choice in info.allowed if isinstance(choice.action, Announce)]


def _stand_up(info: SeatInfo) -> Decision:
    high = [card for card in info.hand if card.rank in (Rank.QUEEN, Rank.JACK)]
    stands = len(high) >= 3 and any(isinstance(choice.action, Double) for choice in info.allowed)
    return Decision(Double(), STAND_UP_REASON) if stands else Decision(Pass())


def _announce(info: SeatInfo) -> Decision:
    """The first strong game among those allowed, from the highest."""
    allowed = _allowed(info)
    size = len(info.hand)
    obers = sum(card.rank is Rank.QUEEN for card in info.hand)
    unters = sum(card.rank is Rank.JACK for card in info.hand)
    aces = sum(card.rank is Rank.ACE for card in info.hand)

    def trumps(kind: Kind, announcement: Announce) -> int:
        return len(held_trumps(info.hand, TrickOrder.of(kind, announcement.suit, table_options(info).pack)))

    by_strength: list[tuple[int, Announce]] = []
    for announcement in allowed:
        kind = Kind(announcement.contract)
        if kind is Kind.SIE:
            by_strength.append((100, announcement))
        elif kind is Kind.SOLO and 3 * trumps(kind, announcement) >= 2 * size and obers >= 2:
            by_strength.append((trumps(kind, announcement), announcement))
        elif kind is Kind.WENZ and unters >= 3 and aces >= 2:
            by_strength.append((10, announcement))
        elif kind is Kind.RUFSPIEL and 2 * trumps(kind, announcement) >= size and obers >= 1:
            by_strength.append((0, announcement))
    if by_strength:
        return Decision(max(by_strength, key=lambda pair: pair[0])[1], ANNOUNCE_REASON)
    if any(isinstance(choice.action, Pass) for choice in info.allowed):
        return Decision(Pass())
    # "muss": the cheapest allowed game, a Rufspiel when possible, else the longest Solo.
    rufspiele = [announcement for announcement in allowed if announcement.contract == Kind.RUFSPIEL.value]
    solos = [announcement for announcement in allowed if announcement.contract == Kind.SOLO.value]
    forced = rufspiele[0] if rufspiele else max(solos, key=lambda solo: trumps(Kind.SOLO, solo))
    return Decision(forced, FORCED_REASON)


def _hochzeit(info: SeatInfo) -> Decision:
    order = partner_game_order(table_options(info))
    gives = [choice.action for choice in info.allowed if isinstance(choice.action, GiveCard)]
    if len(held_trumps(info.hand, order)) < 3 or not gives:
        return Decision(Pass())
    cheapest = min(gives, key=lambda give: (_points(give.card), order.power(give.card) if give.card else 0))
    return Decision(cheapest, HOCHZEIT_REASON)


def _card(info: SeatInfo, table: Table) -> Card:
    assert table.contract is not None
    order = table.order
    kind = table.contract.kind
    playable = sorted(info.playable, key=lambda card: (_points(card), order.power(card)))
    cheapest = playable[0]
    trick = info.trick_cards
    if kind in (Kind.RAMSCH, Kind.BETTEL):
        return _stay_low(info, order, playable)
    if not trick:
        trumps = [card for card in playable if order.is_trump(card)]
        if table.declaring(info.seat) and trumps:
            return max(trumps, key=order.power)
        called = table.contract.suit if kind is Kind.RUFSPIEL else None
        if called is not None and table.declaring(info.seat) is None:
            searching = [card for card in playable if not order.is_trump(card) and card.suit is called]
            if searching:
                return min(searching, key=order.power)
        aces = [card for card in playable if card.rank is Rank.ACE and not order.is_trump(card)]
        return aces[0] if aces else cheapest
    cards = [card for _, card in trick]
    best_seat, best = trick[order.best_index(cards)]
    partner_wins = best_seat != info.seat and table.together(info.seat, best_seat)
    if partner_wins and (len(trick) == info.seats - 1 or order.is_trump(best)):
        givers = [card for card in playable if not order.is_trump(card)] or playable
        return max(givers, key=_points)
    winners = [card for card in playable if order.beats(card, best)]
    if winners and not partner_wins:
        return min(winners, key=lambda card: (order.is_trump(card), order.power(card)))
    return cheapest


def _stay_low(info: SeatInfo, order: TrickOrder, playable: list[Card]) -> Card:
    """Ramsch and the Bettel's declarer: under the best card if possible, else the card
    that costs least."""
    trick = info.trick_cards
    if trick:
        best = trick[order.best_index([card for _, card in trick])][1]
        under = [card for card in playable if not order.beats(card, best)]
        if under:
            return max(under, key=lambda card: (_points(card), order.power(card)))
    return min(playable, key=lambda card: (order.power(card), _points(card)))


def _points(card: Card | None) -> int:
    return CARD_POINTS.get(card.rank, 0) if card is not None else 0
