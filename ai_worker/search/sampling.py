"""Deals of the hidden cards that agree with everything a seat knows.

Constraints are hard facts: how many unseen cards each other seat holds, cards a seat
cannot hold (a void shown, a failure to beat or to trump), cards a seat must hold (an
announcement that needs them, a card shown), how many of a set of cards a seat holds (a
call the rules allow only from such a hand: at least one card of a suit, exactly one
trump), and any further test.

``DealCounter`` counts the consistent deals exactly, without listing them: cards with
the same seats that may hold them (and in the same counted sets) form one class, and a
dynamic program over the classes, keyed by the room left in each hand and the cards of
each counted set its seat has got, adds up the ways to share each class among its
seats. ``sample`` walks that program to draw deals uniformly among the consistent ones
(each class's share chosen with probability proportional to the deals that follow, then
its cards shuffled into the chosen shares): every draw is a consistent deal, at once,
however tight the constraints. The further test, if any, rejects draws,
a bounded number of times; only when its deals are known to be few are they listed.
``enumerate_deals`` lists them all, lazily: it gives each seat in turn the cards no
later seat may hold and keeps back the cards a later seat must hold, so the work grows
with the deals it yields, not with the unconstrained count.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

from engine.cards import Card
from engine.seeding import SeededRandom

Deal = dict[int, frozenset[Card]]


@dataclass(frozen=True)
class Count:
    """``seat`` gets at least ``least`` and at most ``most`` of ``cards``."""

    seat: int
    cards: frozenset[Card]
    least: int
    most: int

    def holds(self, deal: Deal) -> bool:
        return self.least <= len(deal.get(self.seat, frozenset()) & self.cards) <= self.most


@dataclass(frozen=True)
class Constraints:
    unseen: tuple[Card, ...]
    needs: dict[int, int]
    forbidden: dict[int, frozenset[Card]] = field(default_factory=dict)
    required: dict[int, frozenset[Card]] = field(default_factory=dict)
    accept: Callable[[Deal], bool] | None = None
    counts: tuple[Count, ...] = ()

    def upper_bound(self) -> int:
        """The number of deals ignoring every constraint but the hand sizes."""
        total, left = 1, len(self.unseen)
        for need in self.needs.values():
            total *= comb(left, need)
            left -= need
        return total

    def admits(self, deal: Deal) -> bool:
        for seat, cards in deal.items():
            if cards & self.forbidden.get(seat, frozenset()):
                return False
            if not self.required.get(seat, frozenset()) <= cards:
                return False
        if not all(count.holds(deal) for count in self.counts):
            return False
        return self.accept is None or self.accept(deal)


def enumerate_deals(constraints: Constraints) -> Iterator[Deal]:
    """Every consistent deal, in a fixed order."""
    seats = sorted(constraints.needs)
    order = {card: position for position, card in enumerate(constraints.unseen)}
    unseen = frozenset(constraints.unseen)
    forbidden = {seat: constraints.forbidden.get(seat, frozenset()) for seat in seats}
    required = {seat: constraints.required.get(seat, frozenset()) for seat in seats}
    # Per position in ``seats``: the unseen cards every later seat is forbidden (the last
    # seat takes whatever is left), and the cards some later seat requires.
    nobody_later = [
        unseen.intersection(*(forbidden[later] for later in seats[index + 1 :]))
        for index in range(len(seats))
    ]
    kept_back = [
        frozenset().union(*(required[later] for later in seats[index + 1 :])) for index in range(len(seats))
    ]

    def assign(index: int, left: frozenset[Card], partial: Deal) -> Iterator[Deal]:
        if index == len(seats):
            if all(count.holds(partial) for count in constraints.counts) and (
                constraints.accept is None or constraints.accept(partial)
            ):
                yield dict(partial)
            return
        seat = seats[index]
        need = constraints.needs[seat]
        must = required[seat] | (left & nobody_later[index])
        if not must <= left or must & (forbidden[seat] | kept_back[index]) or len(must) > need:
            return
        allowed = sorted(left - forbidden[seat] - kept_back[index] - must, key=order.__getitem__)
        for chosen in combinations(allowed, need - len(must)):
            hand = must | frozenset(chosen)
            partial[seat] = hand
            yield from assign(index + 1, left - hand, partial)
        partial.pop(seat, None)

    yield from assign(0, frozenset(constraints.unseen), {})


# Above this many consistent deals, a further test that rejects too many draws is never
# made up for by listing them.
ENUMERATION_LIMIT = 200_000


class DealCounter:
    """The consistent deals of ``constraints`` (its further test aside), counted by class.

    The program's state is the room left in each hand, then for each counted set the
    cards of it its seat has got so far."""

    def __init__(self, constraints: Constraints) -> None:
        self.seats = sorted(constraints.needs)
        self.counts = tuple(count for count in constraints.counts if count.seat in constraints.needs)
        by_seats: dict[tuple[tuple[int, ...], tuple[bool, ...]], list[Card]] = {}
        self.impossible = False
        for card in constraints.unseen:
            holders = [
                seat for seat in self.seats if card not in constraints.forbidden.get(seat, frozenset())
            ]
            requiring = [seat for seat in self.seats if card in constraints.required.get(seat, frozenset())]
            if requiring:
                holders = [seat for seat in requiring if seat in holders]
            if not holders or len(requiring) > 1:
                self.impossible = True
            counted = tuple(card in count.cards for count in self.counts)
            by_seats.setdefault((tuple(holders), counted), []).append(card)
        # The most constrained classes first: fewer ways to share them, earlier dead ends.
        ordered = sorted(by_seats.items(), key=lambda item: (len(item[0][0]), item[0]))
        self.classes = [(holders, cards) for (holders, _), cards in ordered]
        # Per class: for each counted set, the position among the class's holders of the
        # set's seat (-1: the class is not in the set, or the seat may not hold it).
        self.counted = [
            tuple(
                holders.index(count.seat) if inside and count.seat in holders else -1
                for count, inside in zip(self.counts, counted, strict=True)
            )
            for (holders, counted), _ in ordered
        ]
        self.needs = tuple(constraints.needs[seat] for seat in self.seats) + (0,) * len(self.counts)
        self._counts: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choices: dict[tuple[int, tuple[int, ...]], tuple[list[int], list[tuple[int, ...]]]] = {}

    def count(self) -> int:
        """How many deals agree with the constraints (the further test not applied)."""
        if self.impossible or sum(self.needs) != sum(len(cards) for _, cards in self.classes):
            return 0
        return self._count(0, self.needs)

    def draw(self, rng: SeededRandom) -> Deal:
        """One consistent deal, uniformly; ``count()`` must be positive."""
        room = self.needs
        hands: dict[int, list[Card]] = {seat: [] for seat in self.seats}
        for index, (holders, cards) in enumerate(self.classes):
            totals, shares = self._shares(index, room)
            pick = _below(rng, totals[-1])
            share = shares[bisect_right(totals, pick)]
            shuffled = rng.shuffled(cards)
            start = 0
            for seat, taken in zip(holders, share, strict=True):
                hands[seat] += shuffled[start : start + taken]
                start += taken
            room = self._after(index, room, share)
        return {seat: frozenset(cards) for seat, cards in hands.items()}

    def _positions(self, holders: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(self.seats.index(seat) for seat in holders)

    def _after(self, index: int, room: tuple[int, ...], share: tuple[int, ...]) -> tuple[int, ...]:
        """The state after class ``index`` is shared so: less room, more of each counted set."""
        holders, _ = self.classes[index]
        left = list(_less(room, self._positions(holders), share))
        seats = len(self.seats)
        for number, position in enumerate(self.counted[index]):
            if position >= 0:
                left[seats + number] += share[position]
        return tuple(left)

    def _count(self, index: int, room: tuple[int, ...]) -> int:
        seats = len(self.seats)
        if any(room[seats + number] > count.most for number, count in enumerate(self.counts)):
            return 0
        if index == len(self.classes):
            full = not any(room[:seats])
            return (
                1
                if full and all(room[seats + n] >= count.least for n, count in enumerate(self.counts))
                else 0
            )
        key = (index, room)
        if key not in self._counts:
            totals, _ = self._shares(index, room)
            self._counts[key] = totals[-1] if totals else 0
        return self._counts[key]

    def _shares(self, index: int, room: tuple[int, ...]) -> tuple[list[int], list[tuple[int, ...]]]:
        """The ways to share class ``index`` given the ``room`` left: each share with the
        running total of the deals it leads to (cards of the class chosen per seat times
        the deals of the classes after it)."""
        key = (index, room)
        if key not in self._choices:
            holders, cards = self.classes[index]
            positions = self._positions(holders)
            totals: list[int] = []
            shares: list[tuple[int, ...]] = []
            running = 0
            for share in _splits(len(cards), [room[position] for position in positions]):
                ways = _multinomial(len(cards), share) * self._count(
                    index + 1, self._after(index, room, share)
                )
                if ways:
                    running += ways
                    totals.append(running)
                    shares.append(share)
            self._choices[key] = (totals, shares)
        return self._choices[key]


def sample(constraints: Constraints, rng: SeededRandom, count: int, tries: int = 200) -> list[Deal]:
    """``count`` deals drawn uniformly (with replacement) from the consistent ones.

    Returns an empty list when no deal is consistent (the caller's knowledge is wrong).
    With a further test, at most ``tries`` draws are rejected; if that is not enough and
    the deals are few, they are listed and drawn from, else fewer deals come back.
    """
    counter = DealCounter(constraints)
    total = counter.count()
    if total == 0:
        return []
    deals: list[Deal] = []
    rejected = 0
    while len(deals) < count and rejected <= tries:
        deal = counter.draw(rng)
        if constraints.accept is None or constraints.accept(deal):
            deals.append(deal)
        else:
            rejected += 1
    if len(deals) < count and total <= ENUMERATION_LIMIT:
        every = list(enumerate_deals(constraints))
        deals += [rng.choice(every) for _ in range(count - len(deals))] if every else []
    return deals


# Private helpers ---------------------------------------------------------------------


def _splits(cards: int, room: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to give ``cards`` to the seats with at most ``room`` each."""
    if len(room) == 1:
        if cards <= room[0]:
            yield (cards,)
        return
    for taken in range(min(cards, room[0]) + 1):
        for rest in _splits(cards - taken, room[1:]):
            yield (taken, *rest)


def _multinomial(total: int, parts: tuple[int, ...]) -> int:
    result, left = 1, total
    for part in parts:
        result *= comb(left, part)
        left -= part
    return result


def _less(room: tuple[int, ...], positions: tuple[int, ...], share: tuple[int, ...]) -> tuple[int, ...]:
    left = list(room)
    for position, taken in zip(positions, share, strict=True):
        left[position] -= taken
    return tuple(left)


def _below(rng: SeededRandom, bound: int) -> int:
    """A uniform integer in ``[0, bound)``, also for bounds of more than 64 bits."""
    if bound < 1 << 63:
        return rng.below(bound)
    words = (bound.bit_length() + 63) // 64
    span = 1 << (64 * words)
    limit = span - span % bound
    while True:
        value = 0
        for _ in range(words):
            value = (value << 64) | rng.next_u64()
        if value < limit:
            return value % bound
