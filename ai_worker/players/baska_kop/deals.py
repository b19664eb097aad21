"""What a Baśka/Kop seat can infer about the hidden hands, and each sampled deal's game.

Hard facts (``constraints``): the cards played; a seat that did not follow a lane is void
in it, one that did not trump either has no trump, and one that did not beat the best
card when the duty to beat applied holds no card that could have; an announcement needs
its cards (Wesele both black queens, Baśka all queens, Kop ♥A ♣10 ♠10 ♥10); a first double
while nothing was announced rules out a silent Cicha in the doubler's hand; in a Wesele
the deal must make the engine reveal exactly the parties it revealed to this seat. The
engine reveals the partner when his jack (the highest one the declarer lacks) falls, so
the revealed parties say more than who the partner is: a partner revealed after a lower
jack fell means the declarer holds every higher jack, and no partner revealed after a
jack fell means that jack was not his. The engine itself decides what a deal would
reveal, from its own settlement of the deal.

Soft evidence (``likelihood``, used by the strong level): a doubler usually holds at
least two of the five highest trumps; a soloist usually holds three; a player who passed
rarely holds a hand that could not lose.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai_worker.players.baska_kop.info import announcement, public_contract, revealed_sides, table_options
from ai_worker.search.sampling import Constraints, Deal
from ai_worker.seat_info import SeatInfo
from engine.actions import Announce, Double, Pass
from engine.baska_kop import BaskaKop
from engine.baska_kop.bidding import settle_contract, wesele_partner, wesele_partner_jack
from engine.baska_kop.constants import (
    ALL_QUEENS,
    BLACK_QUEENS,
    GRAN_CONTRACTS,
    KOP_CARDS,
    PACK,
    QUEEN_OF_CLUBS,
    QUEEN_OF_SPADES,
    SEATS,
    SOLO_ANNOUNCEMENTS,
    Contract,
    RuleSet,
)
from engine.baska_kop.play import TRUMP_LANE, card_order
from engine.baska_kop.state import DealState, Phase
from engine.cards import Card
from engine.game import PhaseKind

# Likelihood of an observed call from a hand that does not fit it.
_UNLIKELY_DOUBLE = 0.3
_UNLIKELY_SOLO = 0.3
_UNLIKELY_PASS = 0.1
_GAME = BaskaKop()
_NEEDED_CARDS = {Contract.WESELE: BLACK_QUEENS, Contract.BASKA: ALL_QUEENS, Contract.KOP: KOP_CARDS}


@dataclass(frozen=True)
class Game:
    """The game a deal amounts to: its contract and its true declaring side."""

    contract: Contract
    declarers: frozenset[int]
    hands: tuple[frozenset[Card], ...]
    dealt: tuple[frozenset[Card], ...]


def constraints(info: SeatInfo) -> Constraints:
    order = card_order(RuleSet(info.rule_set), public_contract(info))
    played = {seat: set(info.played_by(seat)) for seat in range(SEATS)}
    seen = set(info.dealt) | {card for cards in played.values() for card in cards}
    unseen = tuple(card for card in PACK if card not in seen)
    others = [seat for seat in range(SEATS) if seat != info.seat]
    forbidden: dict[int, set[Card]] = {seat: set() for seat in others}
    tricks = [trick.cards for trick in info.tricks] + [info.trick_cards]
    for cards in tricks:
        if not cards:
            continue
        led = order.lane[cards[0][1]]
        best = cards[0][1]
        for seat, card in cards[1:]:
            if seat != info.seat:
                could_beat = {other for other in PACK if order.beats(other, best)}
                if order.lane[card] != led:
                    forbidden[seat] |= {other for other in PACK if order.lane[other] == led}
                    if order.lane[card] != TRUMP_LANE:
                        forbidden[seat] |= {other for other in PACK if order.lane[other] == TRUMP_LANE}
                    elif not order.beats(card, best):
                        forbidden[seat] |= {other for other in could_beat if order.lane[other] == TRUMP_LANE}
                elif not order.beats(card, best):
                    forbidden[seat] |= {other for other in could_beat if order.lane[other] == led}
            if order.beats(card, best):
                best = card
    required: dict[int, frozenset[Card]] = {}
    for seat, action in info.calls:
        if seat != info.seat and isinstance(action, Announce):
            needed = _NEEDED_CARDS.get(Contract(action.contract), frozenset())
            required[seat] = required.get(seat, frozenset()) | (needed & frozenset(unseen))
    no_cicha = _first_doublers_without_announcement(info) - {info.seat}
    reveals_same = _reveals_same_sides(info)

    def accept(deal: Deal) -> bool:
        dealt = tuple(
            (frozenset(info.dealt) if seat == info.seat else deal[seat]) | played[seat]
            for seat in range(SEATS)
        )
        if any(dealt[seat] >= BLACK_QUEENS for seat in no_cicha):
            return False
        return reveals_same is None or reveals_same(dealt)

    return Constraints(
        unseen=unseen,
        needs={seat: info.hand_sizes[seat] for seat in others},
        forbidden={seat: frozenset(cards) for seat, cards in forbidden.items()},
        required=required,
        accept=accept if no_cicha or reveals_same is not None else None,
    )


def _reveals_same_sides(info: SeatInfo) -> Callable[[tuple[frozenset[Card], ...]], bool] | None:
    """In a Wesele's trick play, a test of dealt hands: would the engine reveal to the seat
    the parties it revealed?

    None where the parties cannot tell deals apart: in the bidding no card has fallen,
    and in every other game the engine reveals the parties from public cards alone.
    """
    declarer = _declarer(info)
    if info.phase_kind is not PhaseKind.PLAY or public_contract(info) is not Contract.WESELE:
        return None
    assert declarer is not None, "a Wesele always has its declarer in the observation"
    options = table_options(info)
    played = {seat: frozenset(info.played_by(seat)) for seat in range(SEATS)}
    # What the engine reveals depends on the hidden cards only through the partner jack
    # (everything else it reads is public or the seat's own hand), so one answer per jack.
    verdicts: dict[Card, bool] = {}

    def reveals_same(dealt: tuple[frozenset[Card], ...]) -> bool:
        jack = wesele_partner_jack(tuple(dealt[declarer]))
        if jack not in verdicts:
            state = DealState(
                options=options,
                dealer=info.dealer,
                dealt=tuple(tuple(hand) for hand in dealt),
                hands=[list(hand - played[seat]) for seat, hand in enumerate(dealt)],
                phase=Phase.PLAY,
                announced=Contract.WESELE,
                announcer=declarer,
                tricks=list(info.tricks),
                trick=list(info.trick_cards),
            )
            settle_contract(state)
            verdicts[jack] = _GAME.revealed(state, info.seat).sides == revealed_sides(info)
        return verdicts[jack]

    return reveals_same


def game_of(info: SeatInfo, deal: Deal, running: bool = False) -> Game:
    """The game a sampled deal amounts to.

    In trick play that is the public contract (a normal game may turn out a Cicha); in
    the bidding with ``running`` it is the game that would be played if everybody
    passed now.
    """
    hands = tuple(frozenset(info.hand) if seat == info.seat else deal[seat] for seat in range(SEATS))
    dealt = tuple(hands[seat] | frozenset(info.played_by(seat)) for seat in range(SEATS))
    contract, announcer = announcement(info) if running else (_announced(info), _declarer(info))
    if contract is None or announcer is None:
        holders = {_holder(dealt, QUEEN_OF_CLUBS), _holder(dealt, QUEEN_OF_SPADES)}
        return Game(
            Contract.CICHA if len(holders) == 1 else Contract.NORMAL, frozenset(holders), hands, dealt
        )
    declarers = frozenset({announcer})
    if contract is Contract.WESELE:
        declarers |= {wesele_partner(dealt, announcer)}
    return Game(contract, declarers, hands, dealt)


def likelihood(info: SeatInfo, game: Game) -> float:
    """How well a deal fits every call made, as a relative weight."""
    rule_set = RuleSet(info.rule_set)
    weight = 1.0
    running: Contract = Contract.NORMAL
    for seat, action in info.calls:
        hand = game.dealt[seat]
        if isinstance(action, Announce):
            running = Contract(action.contract)
            if (
                seat != info.seat
                and running in SOLO_ANNOUNCEMENTS
                and _high_trumps(rule_set, running, hand) < 3
            ):
                weight *= _UNLIKELY_SOLO
        elif seat == info.seat:
            continue
        elif isinstance(action, Double):
            if _high_trumps(rule_set, running, hand) < 2:
                weight *= _UNLIKELY_DOUBLE
        elif isinstance(action, Pass) and (
            hand >= KOP_CARDS if rule_set is RuleSet.KOP else hand >= ALL_QUEENS
        ):
            weight *= _UNLIKELY_PASS
    return weight


def _high_trumps(rule_set: RuleSet, contract: Contract, hand: frozenset[Card]) -> int:
    top = card_order(rule_set, contract).trumps[: 4 if contract in GRAN_CONTRACTS else 5]
    return sum(1 for card in top if card in hand)


def _declarer(info: SeatInfo) -> int | None:
    return info.contract.declarer if info.contract is not None else None


def _holder(dealt: tuple[frozenset[Card], ...], card: Card) -> int:
    return next(seat for seat, hand in enumerate(dealt) if card in hand)


def _announced(info: SeatInfo) -> Contract | None:
    contract = public_contract(info)
    return None if contract in (Contract.NORMAL, Contract.CICHA) else contract


def _first_doublers_without_announcement(info: SeatInfo) -> set[int]:
    seats: set[int] = set()
    announced = False
    doubled = False
    for seat, action in info.calls:
        if isinstance(action, Announce):
            announced = True
        elif isinstance(action, Double) and not announced and not doubled:
            seats.add(seat)
        doubled = doubled or isinstance(action, Double)
    return seats
