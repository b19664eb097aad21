"""The deal sampler (``ai_worker.search.sampling``): exact counts, uniform draws, and no
draw that breaks a constraint, on small cases checked against the full list of deals
and on 32-card cases too big to list."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

from ai_worker.search import sampling
from ai_worker.search.sampling import Constraints, Count, Deal, DealCounter, enumerate_deals, sample
from engine.cards import Card, Rank, Suit
from engine.seeding import SeededRandom, derive_seed

SEED = 55_512_026
PACK = tuple(Card(suit, rank) for suit in Suit for rank in Rank if rank >= Rank.SEVEN)


def random_constraints(random: SeededRandom, unseen_count: int, seats: int) -> Constraints:
    """Unseen cards shared among ``seats`` seats, with voids, a few required cards and
    sometimes a count of a suit's cards in a hand (a call that needs one, or exactly one)."""
    unseen = tuple(random.shuffled(PACK)[:unseen_count])
    needs = dict.fromkeys(range(1, seats + 1), unseen_count // seats)
    needs[seats] += unseen_count - sum(needs.values())
    forbidden: dict[int, frozenset[Card]] = {}
    required: dict[int, frozenset[Card]] = {}
    for seat in needs:
        if random.below(2):
            void = random.choice(list(Suit))
            forbidden[seat] = frozenset(card for card in unseen if card.suit is void)
        if random.below(3) == 0:
            required[seat] = frozenset({random.choice(unseen)})
    counts: list[Count] = []
    if random.below(2):
        counted = random.choice(list(Suit))
        least = random.below(3)
        counts.append(
            Count(
                random.choice(list(needs)),
                frozenset(card for card in unseen if card.suit is counted),
                least,
                least + random.below(3),
            )
        )
    return Constraints(
        unseen=unseen, needs=needs, forbidden=forbidden, required=required, counts=tuple(counts)
    )


def key(deal: Deal) -> tuple[tuple[int, tuple[str, ...]], ...]:
    return tuple((seat, tuple(sorted(map(str, cards)))) for seat, cards in sorted(deal.items()))


def check_consistent(constraints: Constraints, deal: Deal) -> None:
    assert constraints.admits(deal)
    assert {seat: len(cards) for seat, cards in deal.items()} == constraints.needs
    dealt = [card for cards in deal.values() for card in cards]
    assert sorted(map(str, dealt)) == sorted(map(str, constraints.unseen))


def test_the_counter_counts_exactly_the_deals_the_enumeration_lists() -> None:
    checked = 0
    for number in range(120):
        random = SeededRandom(derive_seed(SEED, "count", number))
        constraints = random_constraints(random, 6 + random.below(5), 2 + random.below(2))
        listed = list(enumerate_deals(constraints))
        assert DealCounter(constraints).count() == len(listed)
        checked += bool(listed)
    assert checked >= 60


def test_every_draw_agrees_with_every_constraint() -> None:
    for number in range(60):
        random = SeededRandom(derive_seed(SEED, "draws", number))
        constraints = random_constraints(random, 9 + random.below(16), 3)
        for deal in sample(constraints, random, 50):
            check_consistent(constraints, deal)


def chi_square_limit(degrees: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson-Hilferty)."""
    return degrees * (1 - 2 / (9 * degrees) + z * math.sqrt(2 / (9 * degrees))) ** 3


@pytest.mark.parametrize("number", range(4))
def test_draws_are_uniform_among_the_consistent_deals(number: int) -> None:
    random = SeededRandom(derive_seed(SEED, "uniform", number))
    constraints = random_constraints(random, 8, 3)
    while not 20 <= DealCounter(constraints).count() <= 400:
        constraints = random_constraints(random, 8, 3)
    listed = {key(deal) for deal in enumerate_deals(constraints)}
    per_deal = 60
    drawn = Counter(key(deal) for deal in sample(constraints, random, per_deal * len(listed)))
    assert set(drawn) == listed
    statistic = sum((drawn[deal] - per_deal) ** 2 / per_deal for deal in listed)
    assert statistic < chi_square_limit(len(listed) - 1), (len(listed), statistic)


def test_a_tight_32_card_view_is_drawn_without_listing_its_deals(monkeypatch: Any) -> None:
    """After the first trick of a Schafkopf deal: 21 unseen cards for three hands of 7,
    one seat void in the suit led, another holding a card it showed."""
    hearts = frozenset(
        card for card in PACK if card.suit is Suit.HEARTS or card.rank in (Rank.QUEEN, Rank.JACK)
    )
    random = SeededRandom(derive_seed(SEED, "tight"))
    unseen = tuple(random.shuffled(PACK)[:21])
    clubs = frozenset(card for card in unseen if card.suit is Suit.CLUBS and card not in hearts)
    shown = next(card for card in unseen if card not in clubs and card not in hearts)
    constraints = Constraints(
        unseen=unseen,
        needs={1: 7, 2: 7, 3: 7},
        forbidden={3: clubs},
        required={1: frozenset({shown})},
    )

    def listing_refused(_: Constraints) -> Any:
        raise AssertionError("the sampler listed the deals")

    monkeypatch.setattr(sampling, "enumerate_deals", listing_refused)
    assert DealCounter(constraints).count() > sampling.ENUMERATION_LIMIT
    deals = sample(constraints, random, 1000)
    assert len(deals) == 1000
    for deal in deals:
        check_consistent(constraints, deal)


def test_counts_beyond_64_bits_are_drawn_uniformly_too() -> None:
    """52 cards in four hands of 13: about 5.4e28 deals."""
    pack = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
    constraints = Constraints(unseen=pack, needs={0: 13, 1: 13, 2: 13, 3: 13})
    count = DealCounter(constraints).count()
    assert count == math.factorial(52) // math.factorial(13) ** 4 > 1 << 64
    random = SeededRandom(derive_seed(SEED, "bridge"))
    for deal in sample(constraints, random, 20):
        check_consistent(constraints, deal)


def test_a_further_test_that_rejects_most_draws_falls_back_to_the_few_deals_it_admits() -> None:
    random = SeededRandom(derive_seed(SEED, "accept"))
    unseen = tuple(random.shuffled(PACK)[:8])
    target = frozenset(unseen[:4])
    constraints = Constraints(unseen=unseen, needs={1: 4, 2: 4}, accept=lambda deal: deal[1] == target)
    deals = sample(constraints, random, 10, tries=5)
    assert len(deals) == 10 and all(deal[1] == target for deal in deals)
