"""Which deals of the unseen cards agree with what a Bela seat knows, and how likely each is.

The unseen cards go to the other seats' hands, to every seat's talon while the talons lie
face down (the trump choice), and to the Kup. In the sampler's terms these are "seats":
the real seats, the talons (``talon_of``) and ``KUP_SEAT``.

Hard facts (``constraints``):

* every card played or on show is where it is;
* the duties: a seat that played a card could not hold any card that would have made it
  illegal (a card of the led suit when it did not follow, a higher one when it did not
  go higher, a trump when it discarded, a higher trump when it undertrumped). The engine's
  own trick order answers this card by card, so the inference is exactly its rules;
* declared melds are in their declarer's hand until played, the meld cards shown after
  the first trick too; the seat that said Bela holds King and Queen of trump;
* without "Zvanja selbst" the engine declares every meld and Bela for the seat: a seat
  that has started holds no meld it did not declare (a test of whole hands, ``accept``),
  and one that played the first of King and Queen of trump without Bela lacked the other.

Soft evidence (``likelihood``, for the strong level): the caller usually holds the trump
Jack or Nine and three trumps; a seat that said dalje rarely held such a hand in a suit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ai_worker.players.bela.info import Table, bela_cards
from ai_worker.search.sampling import Constraints, Deal
from ai_worker.seat_info import SeatInfo
from engine.actions import Announce
from engine.bela.constants import FOUR_OF_A_KIND_VALUES, KUP, PACK, SEQUENCE_ORDER, SUITS, TALON, TRUMP_ORDER
from engine.bela.play import TrickOrder
from engine.bela.zvanja import find_melds
from engine.cards import Card, Rank, Suit

# The sampler's pseudo-seats: the Kup, and the talons from ``TALONS`` on.
KUP_SEAT = 8
TALONS = 10

# Likelihood of a call from a hand that does not fit it.
_UNLIKELY_CALL = 0.35
_UNLIKELY_DALJE = 0.35


def constraints(info: SeatInfo, table: Table, strict: bool) -> Constraints:
    """The hard facts; ``strict`` adds the test of whole hands (undeclared melds)."""
    seats = table.seats
    played = {seat: set(info.played_by(seat)) for seat in range(seats)}
    mine = set(info.hand) | played[info.seat]
    seen = mine | {card for cards in played.values() for card in cards}
    unseen = tuple(card for card in PACK if card not in seen)
    choosing = table.trump is None
    others = [seat for seat in range(seats) if seat != info.seat]
    needs = {seat: info.hand_sizes[seat] for seat in others}
    if choosing:
        needs |= {talon_of(seat): TALON[seats] for seat in range(seats)}
    if KUP[seats]:
        needs[KUP_SEAT] = KUP[seats]
    forbidden: dict[int, set[Card]] = {seat: set() for seat in needs}
    required: dict[int, set[Card]] = {seat: set() for seat in others}
    if table.trump is not None:
        _duties(info, table.trump, unseen, forbidden)
        for declared in table.revealed.declared:
            if declared.seat != info.seat:
                required[declared.seat] |= set(declared.cards) - seen
        for seat, cards in enumerate(info.shown):
            if seat != info.seat:
                required[seat] |= set(cards) - seen
        bela = bela_cards(table.trump)
        if table.revealed.bela_seat in required:
            required[table.revealed.bela_seat] |= bela - seen
        if not table.options.declare_yourself:
            for seat in others:
                if played[seat] & bela and seat != table.revealed.bela_seat:
                    forbidden[seat] |= bela - seen
    accept = _no_undeclared_melds(info, table, played) if strict else None
    return Constraints(
        unseen=unseen,
        needs=needs,
        forbidden={seat: frozenset(cards) for seat, cards in forbidden.items() if cards},
        required={seat: frozenset(cards) for seat, cards in required.items() if cards},
        accept=accept,
    )


def talon_of(seat: int) -> int:
    """The sampler's place for ``seat``'s face-down talon."""
    return TALONS + seat


def hands_of(info: SeatInfo, deal: Deal) -> tuple[list[frozenset[Card]], frozenset[Card]]:
    """Each seat's cards in play (its hand, with its talon during the trump choice) and
    the Kup, for a sampled deal."""
    hands = [
        first | deal.get(talon_of(seat), frozenset()) for seat, first in enumerate(first_cards(info, deal))
    ]
    return hands, deal.get(KUP_SEAT, frozenset())


def first_cards(info: SeatInfo, deal: Deal) -> list[frozenset[Card]]:
    """Each seat's hand without its talon: during the trump choice the six cards it
    chooses with."""
    return [frozenset(info.hand) if seat == info.seat else deal[seat] for seat in range(info.seats)]


def likelihood(info: SeatInfo, table: Table, deal: Deal) -> float:
    """How well a deal fits the trump choice: the caller's six cards and those of the seats
    that said dalje. After the choice the sample no longer tells the six from the talon,
    and the whole hand at the first card stands for them."""
    weight = 1.0
    hands = first_cards(info, deal) if table.trump is None else hands_of(info, deal)[0]
    for seat, action in info.calls:
        if seat == info.seat:
            continue
        held = hands[seat] | frozenset(info.played_by(seat))
        if isinstance(action, Announce) and action.suit is not None:
            if not _fits_trump(held, action.suit):
                weight *= _UNLIKELY_CALL
        elif any(_fits_trump(held, candidate) for candidate in {card.suit for card in held}):
            weight *= _UNLIKELY_DALJE
    return weight


# Private helpers ---------------------------------------------------------------------


def _fits_trump(held: frozenset[Card], suit: Suit) -> bool:
    """A hand one calls with: the trump Jack or Nine and at least three trumps (two in the
    six cards one chooses with)."""
    top = {Card(suit, rank) for rank in TRUMP_ORDER[:2]}
    needed = 2 if len(held) <= 6 else 3
    return bool(held & top) and sum(1 for card in held if card.suit is suit) >= needed


def _duties(info: SeatInfo, trump: Suit, unseen: tuple[Card, ...], forbidden: dict[int, set[Card]]) -> None:
    """Cards a seat cannot hold because the card it played would then have been illegal."""
    order = TrickOrder(trump)
    tricks = [trick.cards for trick in info.tricks] + [info.trick_cards]
    for cards in tricks:
        for position, (seat, card) in enumerate(cards):
            if seat == info.seat or position == 0:
                continue
            before = [earlier for _, earlier in cards[:position]]
            for other in unseen:
                if order.playable([card, other], before)[card]:
                    forbidden[seat].add(other)


def _no_undeclared_melds(
    info: SeatInfo, table: Table, played: dict[int, set[Card]]
) -> Callable[[Deal], bool] | None:
    """Without "Zvanja selbst": a started seat's hand at its first card held melds worth
    exactly what it declared."""
    if table.options.declare_yourself or table.trump is None:
        return None
    counts_100 = table.counts_belot_100
    declared = {item.seat: item.value for item in table.revealed.declared}
    started = [seat for seat in table.revealed.started_seats if seat != info.seat]
    if not started:
        return None

    def accept(deal: Deal) -> bool:
        return all(
            meld_value(deal[seat] | played[seat], counts_100) == declared.get(seat, 0) for seat in started
        )

    return accept


def meld_value(held: Iterable[Card], belot_counts_100: bool) -> int:
    """What the melds in ``held`` are worth together (``find_melds`` summed), by table
    lookups: the search tests thousands of sampled hands with it."""
    runs = dict.fromkeys(SUITS, 0)
    ranks: dict[Rank, int] = {}
    for card in held:
        runs[card.suit] |= _SEQUENCE_BIT[card.rank]
        ranks[card.rank] = ranks.get(card.rank, 0) + 1
    table = _RUN_VALUES_BELOT_100 if belot_counts_100 else _RUN_VALUES
    value = sum(table[mask] for mask in runs.values())
    return value + sum(
        FOUR_OF_A_KIND_VALUES.get(rank, 0) for rank, count in ranks.items() if count == len(SUITS)
    )


def _run_values(belot_counts_100: bool) -> list[int]:
    """Per mask of ranks of one suit (bit i: the i-th rank of the sequence order), the
    value of its sequences."""
    values = []
    for mask in range(1 << len(SEQUENCE_ORDER)):
        cards = [Card(Suit.CLUBS, rank) for bit, rank in enumerate(SEQUENCE_ORDER) if mask >> bit & 1]
        values.append(sum(meld.value for meld in find_melds(cards, belot_counts_100)))
    return values


_SEQUENCE_BIT = {rank: 1 << bit for bit, rank in enumerate(SEQUENCE_ORDER)}
_RUN_VALUES = _run_values(False)
_RUN_VALUES_BELOT_100 = _run_values(True)
