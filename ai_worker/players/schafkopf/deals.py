"""Which deals of the unseen cards agree with what a Schafkopf seat knows, and how likely each is.

The unseen cards go to the other seats' hands; during the Aufstellen also to the seat's
own second half (``OWN_REST``, a place of the sampler's); with two players to the cards
lying face down under the face-up ones, every seat's own included: nobody sees them, the
owner neither. Cards whose place is known are not sampled (``Knowledge.known``).

Hard facts (``knowledge``):

* every card played, held or lying face up is where it is;
* the duties: a seat that played a card could not hold any card that would have made it
  illegal: a card of the led class when it did not follow, a higher one when it did not
  go higher under Bettel's Stichzwang, and the called Sau when its suit was led (gesucht)
  and it played another card. The engine's own ``TrickOrder.playable`` answers this card
  by card, the called Sau's duties included while they held. With two players only the
  face-up cards oblige, and they are all known: nothing is inferred;
* every announcement, whether it is played or was outbid: the engine allowed it only
  from a hand that fits it. A Rufspiel's caller does not hold the called Sau and held a
  card of its suit that is not trump (a ``Count``); a Hochzeiter held exactly one trump
  (a ``Count``; the Hochzeit played: below);
* the Rufspiel played: the partner holds the Sau once the seat knows him;
* the Hochzeit played: the Hochzeiter held one trump, the one he laid open; after the
  exchange he holds no trump but the card he was given, and the Hochzeiter and the taker
  know the card each gave. The observation of the other seats no longer shows the open
  trump once it is taken, so for them it is one unseen trump among the others.

A seat that leads the called suit with another card lacks the Sau or holds four of the
suit (three in the short pack, davonlaufen); that disjunction is not used.

Soft evidence (``likelihood``, for the strong level): a game announced fits the hand
(enough trumps, the Ober or Unter it needs, Sau for a Wenz or Geier); a seat that
passed rarely held a Solo; a seat that stood up (Aufstellen) holds high trumps; Kontra
and Re come from hands with trumps or Sau. With two players the hidden cards are hidden
from everyone, and no call says anything of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ai_worker.players.schafkopf.info import Table, partner_game_order
from ai_worker.search.sampling import Constraints, Count, Deal
from ai_worker.seat_info import SeatInfo
from engine.actions import Announce, Double, Pass
from engine.cards import Card, Rank, Suit
from engine.schafkopf.constants import HAND_SIZE, RUN_AWAY, TOUTS, Kind, Pack, pack_cards
from engine.schafkopf.play import CalledAce, TrickOrder

# The sampler's place for the seat's own second half during the Aufstellen.
OWN_REST = 8

# Likelihood of a call from a hand that does not fit it: games are announced on strong
# hands, so a game from a hand that does not fit is rarer than a double or a pass.
_UNLIKELY_GAME = 0.1
_UNLIKELY_STAND_UP = 0.35
_UNLIKELY_PASS = 0.5
_UNLIKELY_DOUBLE = 0.5


@dataclass(frozen=True)
class Knowledge:
    """The seat's hard facts: the sampler's constraints, the cards known to lie in each
    hand (the seat's own hand included), and with two players each seat's face-up cards
    that still lie on a face-down one, in the order they lie."""

    constraints: Constraints
    known: tuple[frozenset[Card], ...]
    covering: tuple[tuple[Card, ...], ...]


def knowledge(info: SeatInfo, table: Table) -> Knowledge:
    """The hard facts of the module's docstring, as the seat's observation shows them."""
    seats = table.seats
    pack = table.options.pack
    played = {seat: frozenset(info.played_by(seat)) for seat in range(seats)}
    all_played = frozenset().union(*played.values())
    known: list[set[Card]] = [set() for _ in range(seats)]
    known[info.seat] |= set(info.hand)
    covering: list[tuple[Card, ...]] = [() for _ in range(seats)]
    needs: dict[int, int] = {}
    if seats == 2:
        for seat in range(seats):
            face_up = info.shown[seat]
            known[seat] |= set(face_up)
            hidden = info.hand_sizes[seat] - len(face_up)
            # The view lists a seat's face-up cards as they lie: those still on a stack
            # first, the cards turned up after them.
            covering[seat] = tuple(face_up[:hidden])
            needs[seat] = hidden
    forbidden: dict[int, set[Card]] = {seat: set() for seat in range(seats)}
    contract = table.contract
    if contract is not None and contract.kind is Kind.RUFSPIEL:
        _called_sau(info, table, played, known)
    if contract is not None and contract.kind is Kind.HOCHZEIT:
        _hochzeit(info, table, played, known, forbidden)
    counts = _announced_hands(info, table, played, known, forbidden)
    seen = set(info.dealt) | set(all_played) | set().union(*known)
    unseen = tuple(card for card in pack_cards(pack) if card not in seen)
    if seats > 2:
        full = HAND_SIZE[(seats, pack)]
        aufstellen = info.phase == "aufstellen"
        for seat in range(seats):
            if seat == info.seat:
                if aufstellen:
                    needs[OWN_REST] = full - len(info.hand)
                continue
            size = full if aufstellen else info.hand_sizes[seat]
            needs[seat] = size - len(known[seat] - all_played)
        if contract is not None and info.phase == "play":
            _duties(info, table, unseen, forbidden)
    unseen_set = frozenset(unseen)
    return Knowledge(
        Constraints(
            unseen=unseen,
            needs=needs,
            forbidden={
                seat: frozenset(cards) & unseen_set
                for seat, cards in forbidden.items()
                if cards & unseen_set and seat in needs
            },
            counts=counts,
        ),
        tuple(frozenset(cards - all_played) for cards in known),
        tuple(covering),
    )


def hands_of(info: SeatInfo, facts: Knowledge, deal: Deal) -> list[frozenset[Card]]:
    """Each seat's cards in a sampled deal: its known cards and those dealt to it (with two
    players the face-down ones too; during the Aufstellen the seat's second half)."""
    hands = [facts.known[seat] | deal.get(seat, frozenset()) for seat in range(info.seats)]
    hands[info.seat] |= deal.get(OWN_REST, frozenset())
    return hands


def dealt_hands(info: SeatInfo, hands: list[frozenset[Card]]) -> list[frozenset[Card]]:
    """What each seat held at its first card: its hand in the sample and what it played."""
    return [hand | frozenset(info.played_by(seat)) for seat, hand in enumerate(hands)]


def likelihood(info: SeatInfo, table: Table, dealt: list[frozenset[Card]]) -> float:
    """How well a deal fits the calls of the other seats: Aufstellen, the Spielansage,
    Kontra and Re. The history lists the Aufstellen first, then the Spielansage (one call
    a seat, and the "muss" announcement), then the Hochzeit's answers and Kontra and Re."""
    if table.seats == 2:
        return 1.0
    pack = table.options.pack
    size = HAND_SIZE[(table.seats, pack)]
    weight = 1.0
    said = 0
    for seat, action in info.calls:
        if isinstance(action, Announce | Pass):
            said += 1
        if seat == info.seat:
            continue
        hand = dealt[seat]
        if isinstance(action, Announce):
            if not fits(hand, Kind(action.contract), action.suit, pack, size):
                weight *= _UNLIKELY_GAME
        elif isinstance(action, Pass) and said <= table.seats:
            if strong_game(hand, pack, size):
                weight *= _UNLIKELY_PASS
        elif isinstance(action, Double):
            if not said:
                if not _stands_up(hand):
                    weight *= _UNLIKELY_STAND_UP
            elif table.contract is not None and not _doubles(hand, table, size):
                weight *= _UNLIKELY_DOUBLE
    return weight


def fits(hand: Iterable[Card], kind: Kind, suit: Suit | None, pack: Pack, size: int) -> bool:
    """Whether a hand of ``size`` cards is one a player announces ``kind`` with: rules of
    thumb, for the weights and for which games the search considers."""
    cards = frozenset(hand)
    base = TOUTS.get(kind, kind)
    trumps = [card for card in cards if _order(base, suit, pack).is_trump(card)]
    obers = sum(card.rank is Rank.QUEEN for card in cards)
    unters = sum(card.rank is Rank.JACK for card in cards)
    aces = sum(card.rank is Rank.ACE and card not in trumps for card in cards)
    if kind in TOUTS:
        return 4 * len(trumps) >= 3 * size and fits(cards, base, suit, pack, size)
    if base is Kind.RUFSPIEL:
        return 2 * len(trumps) >= size
    if base is Kind.SOLO:
        return 8 * len(trumps) >= 5 * size and obers + unters >= 3
    if base is Kind.WENZ:
        return unters >= 2 and unters + aces >= 4
    if base is Kind.GEIER:
        return obers >= 2 and obers + aces >= 4
    if base in (Kind.FARBWENZ, Kind.FARBGEIER):
        return 2 * len(trumps) >= size and (unters if base is Kind.FARBWENZ else obers) >= 2
    if base is Kind.BETTEL:
        return sum(card.rank in (Rank.ACE, Rank.KING) for card in cards) <= 1
    return True


def strong_game(hand: Iterable[Card], pack: Pack, size: int) -> bool:
    """Whether a hand holds a Solo in some suit, or a Wenz, as ``fits`` says: counted once
    for every game, for the weights of many deals."""
    obers = unters = aces = 0
    by_suit = dict.fromkeys(Suit, 0)
    for card in hand:
        if card.rank is Rank.QUEEN:
            obers += 1
        elif card.rank is Rank.JACK:
            unters += 1
        else:
            by_suit[card.suit] += 1
            aces += card.rank is Rank.ACE
    if unters >= 2 and unters + aces >= 4:
        return True
    return obers + unters >= 3 and 8 * (obers + unters + max(by_suit.values())) >= 5 * size


# Private helpers ---------------------------------------------------------------------


@lru_cache(maxsize=256)
def _order(kind: Kind, suit: Suit | None, pack: Pack) -> TrickOrder:
    return TrickOrder.of(kind, None if kind is Kind.RUFSPIEL else suit, pack)


def _stands_up(hand: frozenset[Card]) -> bool:
    """High trumps: three Ober or Unter in the hand (two of them among its first cards)."""
    return sum(card.rank in (Rank.QUEEN, Rank.JACK) for card in hand) >= 3


def _doubles(hand: frozenset[Card], table: Table, size: int) -> bool:
    """Kontra and Re come from a hand with a third of its cards trump, or two Sau."""
    order = table.order
    trumps = sum(order.is_trump(card) for card in hand)
    aces = sum(card.rank is Rank.ACE and not order.is_trump(card) for card in hand)
    return 3 * trumps >= size or aces >= 2


def _called_sau(
    info: SeatInfo, table: Table, played: dict[int, frozenset[Card]], known: list[set[Card]]
) -> None:
    """The called Sau's place in the Rufspiel played, as far as the seat knows it."""
    contract = table.contract
    assert contract is not None and contract.suit is not None
    ace = Card(contract.suit, Rank.ACE)
    if not any(ace in cards for cards in played.values()) and ace not in info.hand and table.partner >= 0:
        known[table.partner].add(ace)


def _announced_hands(
    info: SeatInfo,
    table: Table,
    played: dict[int, frozenset[Card]],
    known: list[set[Card]],
    forbidden: dict[int, set[Card]],
) -> tuple[Count, ...]:
    """What every other seat's announcements say of the hand it was dealt, the game
    played or outbid: how many of some unseen cards it holds (the called Sau's absence
    is forbidden outright)."""
    counts: list[Count] = []
    pack = table.options.pack
    trumps = frozenset(card for card in pack_cards(pack) if partner_game_order(table.options).is_trump(card))
    hochzeit_played = info.contract is not None and info.contract.code == Kind.HOCHZEIT.value
    for seat, action in info.calls:
        if seat == info.seat or not isinstance(action, Announce):
            continue
        # What the seat held when it announced, as far as the seat knows: the cards known
        # in its hand and those it played (no exchange happens before a game is played).
        before = frozenset(known[seat]) | played[seat]
        if action.contract == Kind.RUFSPIEL.value:
            assert action.suit is not None
            ace = Card(action.suit, Rank.ACE)
            forbidden[seat].add(ace)
            suit_cards = frozenset(
                card for card in pack_cards(pack) if card.suit is action.suit and card not in trumps
            ) - {ace}
            if not before & suit_cards:
                counts.append(Count(seat, suit_cards, 1, len(suit_cards)))
        elif action.contract == Kind.HOCHZEIT.value and not hochzeit_played:
            single = 1 - len(before & trumps)
            counts.append(Count(seat, trumps - before, single, single))
    return tuple(counts)


def _hochzeit(
    info: SeatInfo,
    table: Table,
    played: dict[int, frozenset[Card]],
    known: list[set[Card]],
    forbidden: dict[int, set[Card]],
) -> None:
    """The open trump and the exchange, as far as the seat saw them."""
    contract = table.contract
    assert contract is not None
    declarer = contract.declarer
    trumps = frozenset(
        card for card in pack_cards(table.options.pack) if partner_game_order(table.options).is_trump(card)
    )
    if info.phase == "hochzeit":
        known[declarer] |= set(info.shown[declarer])
        if declarer != info.seat:
            forbidden[declarer] |= set(trumps - set(info.shown[declarer]))
        return
    taker = table.partner
    if taker < 0:
        return
    exchanged = getattr(info.revealed, "exchanged", None)
    open_trump = getattr(info.revealed, "hochzeit_card", None)
    if open_trump is not None and open_trump not in played[taker] and info.seat != taker:
        known[taker].add(open_trump)
    if info.seat == declarer:
        return
    if info.seat == taker and exchanged is not None and exchanged not in played[declarer]:
        known[declarer].add(exchanged)
    forbidden[declarer] |= set(trumps - {exchanged})


def _duties(info: SeatInfo, table: Table, unseen: tuple[Card, ...], forbidden: dict[int, set[Card]]) -> None:
    """Cards a seat cannot hold because the card it played would then have been illegal."""
    contract = table.contract
    assert contract is not None
    order = table.order
    called = None
    if contract.kind is Kind.RUFSPIEL:
        assert contract.suit is not None
        called = CalledAce(Card(contract.suit, Rank.ACE), RUN_AWAY[table.options.pack])
    stichzwang = contract.kind is Kind.BETTEL and table.options.bettel_stichzwang
    called_led = False
    for cards in [trick.cards for trick in info.tricks] + [info.trick_cards]:
        duty = None if called_led else called
        for position, (seat, card) in enumerate(cards):
            if seat == info.seat or position == 0:
                continue
            before = [earlier for _, earlier in cards[:position]]
            for other in unseen:
                if order.playable([card, other], before, duty, stichzwang)[card]:
                    forbidden[seat].add(other)
        if called is not None and cards and order.led_class(cards[0][1]) is called.ace.suit:
            called_led = True
