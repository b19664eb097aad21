"""Deals of the hidden cards that agree with everything a seat knows.

Constraints are hard facts: how many unseen cards each other seat holds, cards a seat
cannot hold (a void shown, a failure to beat or to trump), cards a seat must hold (an
announcement that needs them), and any further test. ``sample`` draws deals uniformly
among the consistent ones (by rejection, falling back to enumeration when rejection
keeps failing); ``enumerate_deals`` lists them all, lazily, which is cheap when few cards
are unseen (for Baśka at most 34,650 deals of 12 cards, far fewer after a trick). It gives
each seat in turn the cards no later seat may hold and keeps back the cards a later seat
must hold, so a hand it deals can nearly always be completed: the work grows with the
deals it yields (and those the extra test rejects), not with the unconstrained count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

from engine.cards import Card
from engine.seeding import SeededRandom

Deal = dict[int, frozenset[Card]]


@dataclass(frozen=True)
class Constraints:
    unseen: tuple[Card, ...]
    needs: dict[int, int]
    forbidden: dict[int, frozenset[Card]] = field(default_factory=dict)
    required: dict[int, frozenset[Card]] = field(default_factory=dict)
    accept: Callable[[Deal], bool] | None = None

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
            if constraints.accept is None or constraints.accept(partial):
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


def sample(constraints: Constraints, rng: SeededRandom, count: int, tries: int = 200) -> list[Deal]:
    """``count`` deals drawn uniformly (with replacement) from the consistent ones.

    Returns an empty list when no deal is consistent (the caller's knowledge is wrong).
    """
    deals: list[Deal] = []
    failures = 0
    seats = sorted(constraints.needs)
    while len(deals) < count and failures < tries:
        cards = rng.shuffled(constraints.unseen)
        deal: Deal = {}
        start = 0
        for seat in seats:
            deal[seat] = frozenset(cards[start : start + constraints.needs[seat]])
            start += constraints.needs[seat]
        if constraints.admits(deal):
            deals.append(deal)
        else:
            failures += 1
    if len(deals) < count:
        every = list(enumerate_deals(constraints))
        if not every:
            return []
        deals += [rng.choice(every) for _ in range(count - len(deals))]
    return deals
