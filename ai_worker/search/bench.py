"""Benchmarks of the double-dummy solver, printed by ``python -m ai_worker.bench``.

Whole seeded deals, each solved from the first card by a fresh solver on one core:
Schafkopf (Rufspiel, Solo, Wenz; the short pack at four, three and two players, with two
the six covered cards each), Bela for 4, 3 and 2 players and Baśka/Kop; the threshold
query a declarer's decision needs ("does the declaring side reach 61" in Schafkopf,
"more than half" in Bela); median, p95 and nodes per second beside each target; and the
sampler drawing 1,000 deals for a view after the first trick.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from ai_worker.players.baska_kop.model import card_index as baska_kop_index
from ai_worker.players.bela import model as bela
from ai_worker.players.schafkopf import model as schafkopf
from ai_worker.search import solver as solver_module
from ai_worker.search.card_index import CardIndex
from ai_worker.search.sampling import Constraints, sample
from ai_worker.search.solver import Solver
from engine.actions import Pass
from engine.baska_kop import BaskaKop
from engine.bela import constants as bela_rules
from engine.cards import Card, Rank, Suit
from engine.seeding import SeededRandom, derive_seed

SEED = 20261201


@dataclass(frozen=True)
class Deal:
    """A deal in the solver's terms, from the first card."""

    index: CardIndex
    hands: list[int]
    leader: int
    side: int
    # What the side must reach to win (the threshold query).
    target: int


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _split(cards: list[Card], seats: int, per_hand: int) -> list[list[Card]]:
    return [cards[seat * per_hand : (seat + 1) * per_hand] for seat in range(seats)]


def schafkopf_deal(
    contract: schafkopf.Contract, short: bool, random: SeededRandom, seats: int = 4
) -> Deal | None:
    """A deal of ``contract`` with seat 0 declaring (a Rufspiel calling an ace it may call).
    Two players hold 12 cards each: the first six lie covered under the other six."""
    per_hand = {4: 6 if short else 8, 3: 8, 2: 12}[seats]
    hands = _split(random.shuffled(schafkopf.pack(short)), seats, per_hand)
    called = None
    if contract is schafkopf.Contract.RUFSPIEL:
        callable_suits = [
            suit
            for suit in (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS)
            if Card(suit, Rank.ACE) not in hands[0]
            and any(card.suit is suit and card.rank not in (Rank.QUEEN, Rank.JACK) for card in hands[0])
        ]
        if not callable_suits:
            return None
        called = random.choice(callable_suits)
    covers = {}
    if seats == 2:
        covers = {covered: hand[6 + place] for hand in hands for place, covered in enumerate(hand[:6])}
    index = schafkopf.card_index(
        contract,
        trump_suit=Suit.CLUBS if contract is schafkopf.Contract.SOLO else Suit.HEARTS,
        called_suit=called,
        short=short,
        seats=seats,
        covers=covers or None,
    )
    side = 1
    if called is not None:
        side |= 1 << next(seat for seat, hand in enumerate(hands) if Card(called, Rank.ACE) in hand)
    return Deal(index, [index.mask(hand) for hand in hands], 0, side, 61)


def bela_deal(seats: int, random: SeededRandom) -> Deal:
    """A Bela deal for ``seats`` with seat 0 (and at four its partner) choosing hearts."""
    per_hand = {4: 8, 3: 10, 2: 12}[seats]
    cards = random.shuffled(bela_rules.PACK)
    kup = frozenset(cards[seats * per_hand :])
    index = bela.card_index(Suit.HEARTS, seats, kup)
    side = 0b0101 if seats == 4 else 1
    total = (
        152 + index.rules.last_trick_bonus - sum(bela_rules.card_points(card, Suit.HEARTS) for card in kup)
    )
    return Deal(index, [index.mask(hand) for hand in _split(cards, seats, per_hand)], 0, side, total // 2 + 1)


def baska_kop_deal(_: SeededRandom, number: int) -> Deal:
    """A normal game after four passes, the Old as the side; deal ``number`` is seeded with
    its number, as this benchmark always was."""
    game = BaskaKop()
    rule_set = ("baska", "kop")[number % 2]
    state = game.new_deal(game.parse_options(rule_set, {}), 4, number % 4, number)
    for offset in range(1, 5):
        game.apply(state, (state.dealer + offset) % 4, Pass())
    index = baska_kop_index(state.options.rule_set, state.contract)
    side = sum(1 << seat for seat in state.declarers)
    return Deal(index, [index.mask(hand) for hand in state.hands], state.leader, side, 53)


def measure(deals: list[Deal], query: Callable[[Solver, Deal], object]) -> tuple[list[float], int]:
    times, nodes = [], 0
    for deal in deals:
        solver = Solver(deal.index.rules)
        started = time.perf_counter()
        query(solver, deal)
        times.append(time.perf_counter() - started)
        nodes += solver.nodes
    return times, nodes


def report(name: str, times: list[float], nodes: int, target: str) -> None:
    median, p95 = statistics.median(times) * 1000, percentile(times, 0.95) * 1000
    print(
        f"  {name:<46} median {median:8.2f} ms   p95 {p95:8.2f} ms"
        f"   {nodes / sum(times):>11,.0f} nodes/s   (target {target})"
    )


def _bela_deals(seats: int) -> Callable[[SeededRandom, int], Deal | None]:
    return lambda random, _: bela_deal(seats, random)


def _schafkopf_short_deals(
    contract: schafkopf.Contract, seats: int
) -> Callable[[SeededRandom, int], Deal | None]:
    return lambda random, _: schafkopf_deal(contract, True, random, seats)


def _solve(solver: Solver, deal: Deal) -> int:
    return solver.solve(deal.hands, deal.leader, [], deal.side)


def _reaches(solver: Solver, deal: Deal) -> bool:
    return solver.reaches(deal.hands, deal.leader, [], deal.side, deal.target)


def seeded_deals(count: int, label: str, make: Callable[[SeededRandom, int], Deal | None]) -> list[Deal]:
    deals: list[Deal] = []
    attempt = 0
    while len(deals) < count:
        deal = make(SeededRandom(derive_seed(SEED, label, attempt)), attempt)
        attempt += 1
        if deal is not None:
            deals.append(deal)
    return deals


def bench_search(deals: int) -> None:
    build = "compiled" if solver_module.__file__ and solver_module.__file__.endswith(".so") else "interpreted"
    print(f"solver ({build}), whole deals from the first card, {deals} per line, one core:")
    full = {
        "Schafkopf Rufspiel 4x8": lambda random, _: schafkopf_deal(
            schafkopf.Contract.RUFSPIEL, False, random
        ),
        "Schafkopf Solo 4x8": lambda random, _: schafkopf_deal(schafkopf.Contract.SOLO, False, random),
        "Schafkopf Wenz 4x8": lambda random, _: schafkopf_deal(schafkopf.Contract.WENZ, False, random),
        "Bela 4x8": lambda random, _: bela_deal(4, random),
    }
    made = {name: seeded_deals(deals, name, make) for name, make in full.items()}
    for name, chosen in made.items():
        report(f"{name}, full solve", *measure(chosen, _solve), "median <= 20 ms, p95 <= 150 ms")
    for name in ("Schafkopf Rufspiel 4x8", "Bela 4x8"):
        question = "reaches 61" if name.startswith("Schafkopf") else "more than half"
        report(f"{name}, {question}", *measure(made[name], _reaches), "median <= 5 ms")
    for seats, name in ((3, "Bela 3x10"), (2, "Bela 2x12")):
        chosen = seeded_deals(deals, name, _bela_deals(seats))
        report(f"{name}, full solve", *measure(chosen, _solve), "median <= 20 ms, p95 <= 150 ms")
    short = {
        "Schafkopf Rufspiel 4x6 (24 cards)": (schafkopf.Contract.RUFSPIEL, 4),
        "Schafkopf Solo 4x6 (24 cards)": (schafkopf.Contract.SOLO, 4),
        "Schafkopf Wenz 4x6 (24 cards)": (schafkopf.Contract.WENZ, 4),
        "Schafkopf Solo 3x8 (24 cards)": (schafkopf.Contract.SOLO, 3),
        "Schafkopf Wenz 3x8 (24 cards)": (schafkopf.Contract.WENZ, 3),
        "Schafkopf Solo 2x12 (6 covered)": (schafkopf.Contract.SOLO, 2),
        "Schafkopf Wenz 2x12 (6 covered)": (schafkopf.Contract.WENZ, 2),
    }
    for name, (contract, seats) in short.items():
        chosen = seeded_deals(deals, name, _schafkopf_short_deals(contract, seats))
        report(f"{name}, full solve", *measure(chosen, _solve), "median <= 20 ms, p95 <= 150 ms")
    report(
        "Baska/Kop 4x4, full solve",
        *measure(seeded_deals(deals, "baska_kop", baska_kop_deal), _solve),
        "median <= 0.66 ms, the 16-card solver before",
    )


def sampler_view(random: SeededRandom) -> Constraints:
    """What seat 0 of a Schafkopf Rufspiel knows after the first trick: 21 unseen cards in
    three hands of 7; the seat that did not follow the suit led is void in it."""
    cards = random.shuffled(schafkopf.pack(False))
    index = schafkopf.card_index(schafkopf.Contract.RUFSPIEL, called_suit=Suit.CLUBS)
    lanes = dict(zip(index.cards, index.rules.lanes, strict=True))
    hands = [set(cards[seat * 8 : (seat + 1) * 8]) for seat in range(4)]
    led = max(hands[0], key=lambda card: lanes[card])
    played = {0: led}
    forbidden: dict[int, frozenset[Card]] = {}
    for seat in (1, 2, 3):
        following = [card for card in hands[seat] if lanes[card] == lanes[led]]
        played[seat] = following[0] if following else min(hands[seat], key=str)
        if not following:
            forbidden[seat] = frozenset(card for card in index.cards if lanes[card] == lanes[led])
    unseen = tuple(card for seat in (1, 2, 3) for card in hands[seat] if card != played[seat])
    return Constraints(
        unseen=unseen,
        needs={1: 7, 2: 7, 3: 7},
        forbidden={seat: cards & frozenset(unseen) for seat, cards in forbidden.items()},
    )


def bench_sampler(views: int) -> None:
    times = []
    for number in range(views):
        random = SeededRandom(derive_seed(SEED, "sampler", number))
        constraints = sampler_view(random)
        started = time.perf_counter()
        drawn = sample(constraints, random, 1000)
        times.append(time.perf_counter() - started)
        assert len(drawn) == 1000
    median, p95 = statistics.median(times) * 1000, percentile(times, 0.95) * 1000
    print(f"sampler, 1,000 deals for a view after the first trick (Schafkopf), {views} views, one core:")
    print(f"  median {median:8.2f} ms   p95 {p95:8.2f} ms   (target median <= 50 ms)")
