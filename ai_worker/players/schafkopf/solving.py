"""What Schafkopf's search players share: the levels, the deals they draw, the solvers
by game and objective, positions in the solver's terms and what a game pays a seat."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from itertools import islice

from ai_worker.players.schafkopf import model
from ai_worker.players.schafkopf.deals import (
    Knowledge,
    dealt_hands,
    hands_of,
    likelihood,
)
from ai_worker.players.schafkopf.info import Table
from ai_worker.search.card_index import CardIndex
from ai_worker.search.rules import CALLED_LANE_LED
from ai_worker.search.sampling import Constraints, Deal, DealCounter, enumerate_deals, sample
from ai_worker.search.solver import NO_NODE_LIMIT, Solver
from ai_worker.seat_info import SeatInfo
from engine.actions import Double
from engine.cards import Card, Rank, Suit
from engine.schafkopf.constants import (
    PARTNER_GAMES,
    SCHNEIDER_LOST,
    SCHNEIDER_WON,
    TOUT_FACTOR,
    TOUTS,
    WENZ_GEIER,
    WINNING_POINTS,
    WITH_SUIT,
    Kind,
    Pack,
)
from engine.schafkopf.deal import Contract
from engine.schafkopf.play import TrickOrder
from engine.schafkopf.scoring import laufende
from engine.seeding import SeededRandom


@dataclass(frozen=True)
class Level:
    name: str
    # Samples at the first trick, and more for each trick played.
    samples: int
    samples_per_trick: int
    # Of those, how many at most are solved exactly for each card, while the decision has
    # spent fewer than this many solver nodes (tried until one is solved), each within
    # ``exact_deal_nodes``; the others answer whether the side wins.
    exact_card_samples: int
    exact_card_nodes: int
    exact_deal_nodes: int
    # Once one decision's solvers have spent this many nodes it takes no further deal (the
    # first always): the work per deal varies a hundredfold between hands.
    deal_nodes: int
    # A card decision's searches stop where they are at this many nodes, and the deals
    # answered before decide (the first deal's answer always completes).
    card_node_limit: int
    # The same for a call (Spielansage, Hochzeit), which solves every game searched in
    # each deal.
    call_nodes: int
    # Samples for the calls (Aufstellen, Spielansage, Hochzeit), by the number of seats.
    call_samples: dict[int, int]
    weighted: bool
    # Weighted levels: deals drawn per deal searched. The deals searched are drawn from
    # these again, each as likely as it fits the calls (1: the draws themselves).
    pool: int
    # Use every consistent deal when at most this many agree with the view (0: never).
    exact_limit: int
    # The search sees every card, so it wins more often than a table does: the least
    # chances to announce a game, to double and to take a Hochzeit.
    announce_floor: float
    double_floor: float
    hochzeit_floor: float
    # Double dummy, the defenders of a player alone see every card, at a table only their
    # own: they take more than they will, the more of them the more. By the number of
    # seats: the call search counts a game alone as won with this many points fewer, and
    # Kontra against a player alone needs this chance. With two players both sides see
    # every card double dummy and neither at a table: nothing to grant. Strong grants it
    # at four seats only, where it was measured; three seats keep the plain search.
    alone_handicap: dict[int, int]
    alone_double_floor: dict[int, float]
    # The share of completed hands that must hold a game for the seat to stand up.
    stand_up_share: float
    # Whether the Spielansage searches every allowed game (the advisor), not only those
    # worth searching with the seat's cards.
    every_game: bool = False


NORMAL = Level(
    name="normal",
    samples=8,
    samples_per_trick=0,
    exact_card_samples=2,
    exact_card_nodes=1_000_000,
    exact_deal_nodes=700_000,
    deal_nodes=2_000_000,
    card_node_limit=2_500_000,
    call_nodes=600_000,
    call_samples={4: 12, 3: 12, 2: 12},
    weighted=False,
    pool=1,
    exact_limit=0,
    announce_floor=0.7,
    double_floor=0.8,
    hochzeit_floor=0.6,
    alone_handicap={4: 0, 3: 0, 2: 0},
    alone_double_floor={4: 0.8, 3: 0.8, 2: 0.8},
    stand_up_share=0.5,
)


STRONG = Level(
    name="strong",
    samples=30,
    samples_per_trick=4,
    exact_card_samples=30,
    exact_card_nodes=4_000_000,
    exact_deal_nodes=NO_NODE_LIMIT,
    deal_nodes=9_000_000,
    card_node_limit=NO_NODE_LIMIT,
    call_nodes=9_000_000,
    call_samples={4: 40, 3: 40, 2: 40},
    weighted=True,
    pool=8,
    exact_limit=150,
    announce_floor=0.65,
    double_floor=0.75,
    hochzeit_floor=0.55,
    alone_handicap={4: 20, 3: 0, 2: 0},
    alone_double_floor={4: 0.95, 3: 0.75, 2: 0.75},
    stand_up_share=0.5,
)


ADVISOR = replace(STRONG, name="advisor", every_game=True)


# Deals counted before listing them, at most, per deal the strong level may use.
_LISTED_PER_DEAL = 10


# Deals -------------------------------------------------------------------------------


def call_deals(
    info: SeatInfo, table: Table, facts: Knowledge, level: Level
) -> tuple[list[Deal], list[float]]:
    return _fitting(info, table, facts, level, level.call_samples[table.seats])


def card_deals(
    info: SeatInfo, table: Table, facts: Knowledge, level: Level
) -> tuple[list[Deal], list[float], bool]:
    known = facts.constraints
    # Listing tests every deal against the caller's card: list only when few are left.
    if level.exact_limit and DealCounter(known).count() <= level.exact_limit * _LISTED_PER_DEAL:
        every = list(islice(enumerate_deals(known), level.exact_limit + 1))
        if 0 < len(every) <= level.exact_limit:
            return every, weights_of(info, table, facts, level, every), True
    count = level.samples + level.samples_per_trick * len(info.tricks)
    return (*_fitting(info, table, facts, level, count), False)


def _fitting(
    info: SeatInfo, table: Table, facts: Knowledge, level: Level, count: int
) -> tuple[list[Deal], list[float]]:
    """``count`` deals with their weights. A weighted level draws ``pool`` times as many
    and draws ``count`` of those again, each with a chance proportional to how well it
    fits the calls (systematic resampling): an announced Solo's deals then mostly give
    the soloist a Solo's hand, where among plain draws a few would, each weighing much.
    A deal drawn again several times is searched once and weighs as often as drawn."""
    rng = SeededRandom(info.seed)
    drawn = _sample(facts.constraints, rng, count * (level.pool if level.weighted else 1))
    weights = weights_of(info, table, facts, level, drawn)
    if len(drawn) <= count:
        return drawn, weights
    total = sum(weights)
    step = total / count
    mark = step * rng.below(1 << 30) / (1 << 30)
    times = [0] * len(drawn)
    running = 0.0
    taken = 0
    for index, weight in enumerate(weights):
        running += weight
        while mark < running and taken < count:
            times[index] += 1
            taken += 1
            mark += step
    chosen = [index for index, drawn_times in enumerate(times) if drawn_times]
    return [drawn[index] for index in chosen], [float(times[index]) for index in chosen]


def _sample(known: Constraints, rng: SeededRandom, count: int) -> list[Deal]:
    drawn = sample(known, rng, count)
    if not drawn:
        raise ValueError("no deal agrees with the view; the view is inconsistent")
    return drawn


def weights_of(
    info: SeatInfo, table: Table, facts: Knowledge, level: Level, deals: list[Deal]
) -> list[float]:
    if not level.weighted:
        return [1.0] * len(deals)
    return [likelihood(info, table, dealt_hands(info, hands_of(info, facts, deal))) for deal in deals]


def draw_covers(facts: Knowledge, deal: Deal, rng: SeededRandom) -> dict[Card, Card]:
    """With two players: which face-down card lies under which face-up card, drawn (nobody
    knows)."""
    covers: dict[Card, Card] = {}
    for seat, lying in enumerate(facts.covering):
        if not lying:
            continue
        hidden = rng.shuffled(sorted(deal.get(seat, frozenset()), key=card_key))
        covers.update(zip(hidden, lying, strict=True))
    return covers


# Positions and solvers ---------------------------------------------------------------


def card_key(card: Card) -> tuple[int, int]:
    return (int(card.suit), int(card.rank))


def doubles_so_far(info: SeatInfo) -> int:
    """Aufstellen, Kontra and Re so far: each doubles the game."""
    return sum(isinstance(action, Double) for _, action in info.calls)


def declarers_of(
    table: Table, game: Contract, hands: list[frozenset[Card]], played: dict[Card, int]
) -> frozenset[int]:
    """The declaring side in a deal: with the Rufspiel's holder of the called Sau (who
    played or holds it), the Hochzeit's taker."""
    if game.kind is Kind.RUFSPIEL:
        assert game.suit is not None
        ace = Card(game.suit, Rank.ACE)
        holder = played.get(ace, next((seat for seat, hand in enumerate(hands) if ace in hand), -1))
        return frozenset({game.declarer, holder})
    if game.kind is Kind.HOCHZEIT and table.partner >= 0:
        return frozenset({game.declarer, table.partner})
    return frozenset({game.declarer})


@dataclass(frozen=True)
class Position:
    """A position for the solver: hands by seat (the solver's seats are the table's: play
    passes from n to n + 1), the open trick's leader and cards, and the state bits."""

    hands: tuple[frozenset[Card], ...]
    leader: int
    trick: tuple[Card, ...]
    flags: int


def position_now(info: SeatInfo, table: Table, hands: list[frozenset[Card]]) -> Position:
    game = table.contract
    assert game is not None
    trick = info.current_trick
    leader = trick.leader if trick is not None and trick.cards else info.seat
    flags = 0
    if game.kind is Kind.RUFSPIEL:
        order = table.order
        if any(order.led_class(trick.cards[0][1]) is game.suit for trick in info.tricks):
            flags = CALLED_LANE_LED
    return Position(tuple(hands), leader, tuple(card for _, card in info.trick_cards), flags)


def _solver_game(kind: Kind, suit: Suit | None) -> tuple[model.Contract, Suit, Suit | None]:
    """The model's contract of a game, its trump suit and its called suit."""
    base = TOUTS.get(kind, kind)
    plain = {
        Kind.WENZ: model.Contract.WENZ,
        Kind.GEIER: model.Contract.GEIER,
        Kind.BETTEL: model.Contract.BETTEL,
    }
    if base is Kind.RUFSPIEL:
        return model.Contract.RUFSPIEL, Suit.HEARTS, suit
    if base in plain:
        return plain[base], Suit.HEARTS, None
    with_suit = {Kind.SOLO: model.Contract.SOLO, Kind.FARBWENZ: model.Contract.FARBWENZ}
    with_suit[Kind.FARBGEIER] = model.Contract.FARBGEIER
    if base in with_suit:
        assert suit is not None
        return with_suit[base], suit, None
    # Hochzeit and Ramsch play with the Rufspiel's trumps and no called Sau.
    return model.Contract.SOLO, Suit.HEARTS, None


class Solvers:
    """Solvers by game, objective and (two players) the cards lying under others."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.solvers: dict[tuple[object, ...], tuple[Solver, CardIndex]] = {}
        # The total of nodes at which a search stops with ``NodeLimitError``.
        self.stop_at = NO_NODE_LIMIT

    def _get(self, game: Contract, covers: dict[Card, Card], tricks: bool) -> tuple[Solver, CardIndex]:
        base = TOUTS.get(game.kind, game.kind)
        suit = game.suit if game.kind in WITH_SUIT else None
        key = (base, suit, tricks, frozenset(covers.items()))
        if key not in self.solvers:
            contract, trump_suit, called_suit = _solver_game(game.kind, suit)
            index = model.card_index(
                contract,
                trump_suit,
                called_suit,
                short=self.table.options.pack is Pack.SHORT,
                seats=self.table.seats,
                covers=covers or None,
                misere=base in (Kind.BETTEL, Kind.RAMSCH),
                tricks=tricks,
            )
            self.solvers[key] = (Solver(index.rules), index)
        return self.solvers[key]

    def _load(
        self, game: Contract, covers: dict[Card, Card], position: Position, tricks: bool
    ) -> tuple[Solver, CardIndex, list[int], list[int]]:
        solver, index = self._get(game, covers, tricks)
        solver.node_limit = min(NO_NODE_LIMIT, solver.nodes + self.stop_at - self.nodes())
        return (
            solver,
            index,
            [index.mask(hand) for hand in position.hands],
            [index.index[card] for card in position.trick],
        )

    def reaches(
        self,
        game: Contract,
        covers: dict[Card, Card],
        position: Position,
        side: Iterable[int],
        target: int,
        tricks: bool = False,
    ) -> bool:
        solver, _, hands, trick = self._load(game, covers, position, tricks)
        return solver.reaches(hands, position.leader, trick, _mask(side), target, position.flags)

    def move_reaches(
        self,
        game: Contract,
        covers: dict[Card, Card],
        position: Position,
        side: Iterable[int],
        target: int,
        tricks: bool = False,
    ) -> list[tuple[Card, bool]]:
        solver, index, hands, trick = self._load(game, covers, position, tricks)
        if target <= 0:
            legal = solver.legal_cards(hands, position.leader, trick, position.flags)
            return [(card, True) for card in index.unmask(legal)]
        answers = solver.move_reaches(hands, position.leader, trick, _mask(side), target, position.flags)
        return [(index.cards[card], reached) for card, reached in answers]

    def move_values(
        self, game: Contract, covers: dict[Card, Card], position: Position, side: Iterable[int]
    ) -> list[tuple[Card, int]]:
        solver, index, hands, trick = self._load(game, covers, position, False)
        values = solver.move_values(hands, position.leader, trick, _mask(side), position.flags)
        return [(index.cards[card], value) for card, value in values]

    def nodes(self) -> int:
        return sum(solver.nodes for solver, _ in self.solvers.values())

    def take_next_deal(self, taken: int, node_budget: int) -> bool:
        """Whether a decision that has taken ``taken`` deals takes the next: the first
        always, the others while the solvers have spent fewer than ``node_budget`` nodes."""
        return taken == 0 or self.nodes() < node_budget


def _mask(seats: Iterable[int]) -> int:
    return sum(1 << seat for seat in set(seats))


@dataclass
class Valuation:
    """What a game pays the seat in one deal by the table's tariff: Laufende as the
    sampled hands hold them, Tout, and every double so far."""

    table: Table
    seat: int
    game: Contract
    declarers: frozenset[int]
    dealt: list[frozenset[Card]]
    doubles: int
    running: int = field(init=False)

    def __post_init__(self) -> None:
        options = self.table.options
        base = TOUTS.get(self.game.kind, self.game.kind)
        self.running = 0
        if base is not Kind.BETTEL and self.game.kind is not Kind.SIE:
            suit = self.game.suit if self.game.kind in WITH_SUIT and base is not Kind.RUFSPIEL else None
            order = TrickOrder.of(self.game.kind, suit, options.pack)
            run, _ = laufende(order, [tuple(hand) for hand in self.dealt], self.declarers)
            least = options.laufende_from_wenz_geier if base in WENZ_GEIER else options.laufende_from
            self.running = run * options.tariff.laufende if run >= least else 0

    def payout(self, declarers_won: bool, surcharge: int) -> float:
        """What the seat receives (negative: pays) when the declarers win or lose."""
        tariff = self.table.options.tariff
        kind = self.game.kind
        base = TOUTS.get(kind, kind)
        if kind is Kind.SIE:
            value = 4 * (tariff.solo + 8 * tariff.laufende)
        elif base is Kind.BETTEL:
            value = tariff.bettel
        elif kind in TOUTS:
            value = TOUT_FACTOR * (tariff.solo + self.running)
        else:
            value = (tariff.partner if kind in PARTNER_GAMES else tariff.solo) + surcharge + self.running
        value *= 2**self.doubles
        declaring = self.seat in self.declarers
        sign = 1 if declarers_won == declaring else -1
        if declaring and kind not in PARTNER_GAMES:
            value *= self.table.seats - 1
        return float(sign * value)

    def points_payout(self, declarer_points: int, schwarz: bool) -> float:
        tariff = self.table.options.tariff
        won = declarer_points >= WINNING_POINTS
        surcharge = 0
        if schwarz:
            surcharge = tariff.schneider + tariff.schwarz
        elif declarer_points >= SCHNEIDER_WON or declarer_points <= SCHNEIDER_LOST:
            surcharge = tariff.schneider
        return self.payout(won, surcharge)
