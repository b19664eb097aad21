"""Schafkopf as the solver sees them (seed 003, SPEC §2): card indices, lanes and points
per contract, for the long pack of 32 cards and the short one of 24.

* Rufspiel (Sauspiel) and Solo: the four Obers, the four Unters (each Eichel, Gras, Herz,
  Schellen), then the trump suit (hearts in the Rufspiel) from its ace; the plain suits
  A 10 K 9 8 7. In the Rufspiel the called ace's holder has its duties, and may run away
  with four cards of its suit (three in the short pack).
* Wenz: only the Unters are trumps; the plain suits A 10 K O 9 8 7. Geier: the same with
  the Obers.
* Farbwenz: the Unters, then the trump suit A 10 K O 9 8 7; the plain suits as in the
  Wenz. Farbgeier: the Obers, then the trump suit A 10 K U 9 8 7; the plain suits as in
  the Geier.
* Bettel: no trumps, each suit A K O U 10 9 8 7; counted in tricks (the player must take
  none).
* Ramsch and the Bettel's sides want to take little: ``misere`` makes the side score
  what the others take (the Ramsch's trumps are the Rufspiel's, without a called ace).
* Two players: each one's cards lie in six stacks, an open card on a covered one;
  ``covers`` names, for each covered card, the open card that lies on it.

Only following is a duty in Schafkopf: trumps form one suit, and who cannot follow plays
anything. Points: ace 11, ten 10, king 4, Ober 3, Unter 2.
"""

from __future__ import annotations

from enum import Enum

from ai_worker.search.card_index import CardIndex
from ai_worker.search.rules import CARD_POINTS, FOLLOW, TRICKS, TRUMP_LANE, TrickRules
from engine.cards import Card, Rank, Suit

# Eichel, Gras, Herz, Schellen: the order of Obers and Unters among the trumps.
SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
LONG_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
SHORT_RANKS = LONG_RANKS[:6]
POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}


class Contract(Enum):
    RUFSPIEL = "rufspiel"
    SOLO = "solo"
    WENZ = "wenz"
    GEIER = "geier"
    FARBWENZ = "farbwenz"
    FARBGEIER = "farbgeier"
    BETTEL = "bettel"


def pack(short: bool) -> tuple[Card, ...]:
    ranks = SHORT_RANKS if short else LONG_RANKS
    return tuple(Card(suit, rank) for suit in SUITS for rank in ranks)


def card_index(
    contract: Contract,
    trump_suit: Suit = Suit.HEARTS,
    called_suit: Suit | None = None,
    short: bool = False,
    seats: int = 4,
    covers: dict[Card, Card] | None = None,
    misere: bool = False,
    tricks: bool = False,
) -> CardIndex:
    """The cards of one contract in the solver's order, with its rules.

    ``trump_suit`` is the suit of a Solo, Farbwenz or Farbgeier; ``called_suit`` the
    Rufspiel's; ``covers`` maps each covered card to the open card on it (two players);
    ``misere``: the side scores what the others take; ``tricks``: count tricks, not
    points (a Tout, Schwarz; the Bettel always counts tricks)."""
    if (contract is Contract.RUFSPIEL) != (called_suit is not None):
        raise ValueError("a Rufspiel and only a Rufspiel calls an ace")
    if called_suit is Suit.HEARTS or (contract is Contract.RUFSPIEL and trump_suit is not Suit.HEARTS):
        raise ValueError("in the Rufspiel hearts are trumps and the called ace is of another suit")
    trumps = _trumps(contract, trump_suit)
    cards = pack(short)
    plain_order = _plain_order(contract)
    ordered = [card for card in trumps if card in cards]
    lane_of = dict.fromkeys(ordered, TRUMP_LANE)
    for lane, suit in enumerate(SUITS, start=1):
        plain = [card for card in cards if card.suit is suit and card not in lane_of]
        plain.sort(key=lambda card: plain_order.index(card.rank))
        ordered += plain
        lane_of.update(dict.fromkeys(plain, lane))
    index = {card: position for position, card in enumerate(ordered)}
    rules = TrickRules(
        lanes=[lane_of[card] for card in ordered],
        points=[POINTS.get(card.rank, 0) for card in ordered],
        duties=FOLLOW,
        seats=seats,
        objective=TRICKS if tricks or contract is Contract.BETTEL else CARD_POINTS,
        covers=[index[covers[card]] if covers and card in covers else -1 for card in ordered],
        called_ace=index[Card(called_suit, Rank.ACE)] if called_suit is not None else -1,
        run_away=3 if short else 4,
        misere=misere,
    )
    return CardIndex.of(ordered, rules)


def _trumps(contract: Contract, trump_suit: Suit) -> list[Card]:
    obers = [Card(suit, Rank.QUEEN) for suit in SUITS]
    unters = [Card(suit, Rank.JACK) for suit in SUITS]
    if contract is Contract.WENZ:
        return unters
    if contract is Contract.GEIER:
        return obers
    if contract is Contract.FARBWENZ:
        return unters + [Card(trump_suit, rank) for rank in LONG_RANKS if rank is not Rank.JACK]
    if contract is Contract.FARBGEIER:
        return obers + [Card(trump_suit, rank) for rank in LONG_RANKS if rank is not Rank.QUEEN]
    if contract is Contract.BETTEL:
        return []
    suit = [Card(trump_suit, rank) for rank in LONG_RANKS if rank not in (Rank.QUEEN, Rank.JACK)]
    return obers + unters + suit


def _plain_order(contract: Contract) -> tuple[Rank, ...]:
    if contract is Contract.BETTEL:
        return (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
    return LONG_RANKS
