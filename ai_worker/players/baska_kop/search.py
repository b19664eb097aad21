"""The normal and strong computer players of Baśka and Kop: sampling plus double-dummy search.

Both levels deal the unseen cards in ways that agree with everything public
(``ai_worker.players.baska_kop.deals``), solve each deal with all hands open
(``ai_worker.search.solver``) and choose what scores best on average:

* normal: a few uniform samples, each solved to the last trick;
* strong: many more samples, weighted by how well each fits every call, and every
  consistent deal, each once, when at most ``exact_limit`` of them agree with the view.

Bidding and doubling use the same machinery: for every allowed call the expected score
and the winning chance over the samples. Holding both black queens, passing is valued as
the silent Cicha it would be. No computer doubles behind a partner it is sure of. Every
announcement and double carries a one-sentence reason; a reason counts deals (how many
the call wins, unweighted) and names no card.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import islice

from ai_worker.players.advice import add_calls, add_cards
from ai_worker.players.baska_kop.deals import Game, constraints, game_of, likelihood
from ai_worker.players.baska_kop.info import KOP_REASON, behind_sure_partner, running_doubles, table_options
from ai_worker.players.baska_kop.model import card_index
from ai_worker.players.decision import Decision
from ai_worker.search.sampling import Deal, enumerate_deals, sample
from ai_worker.search.solver import Solver
from ai_worker.seat_info import SeatInfo
from engine.actions import Action, Announce, Double, Pass, PlayCard
from engine.baska_kop import BaskaKop
from engine.baska_kop.bidding import wesele_partner
from engine.baska_kop.constants import (
    ALL_TRICKS_CONTRACTS,
    CONTRACT_LABELS,
    GRAN_CONTRACTS,
    SEATS,
    SOLO_ANNOUNCEMENTS,
    TOTAL_POINTS,
    WINNING_POINTS,
    Contract,
    Options,
    RuleSet,
)
from engine.baska_kop.scoring import outcome, payments
from engine.cards import Card
from engine.game import PhaseKind
from engine.seeding import SeededRandom
from server import convert
from speedgamez.v1 import table_service_pb2 as service_pb2


@dataclass(frozen=True)
class Level:
    name: str
    samples: int
    weighted: bool
    # Use every consistent deal when at most this many agree with the view (0: always sample).
    exact_limit: int
    # Least winning chance for an announcement or a double.
    announce_chance: float
    double_chance: float


NORMAL = Level("normal", samples=3, weighted=False, exact_limit=0, announce_chance=0.65, double_chance=0.7)
STRONG = Level("strong", samples=40, weighted=True, exact_limit=300, announce_chance=0.55, double_chance=0.6)


@dataclass(frozen=True)
class Outlook:
    """How one option fares over the deals considered (weights sum to ``total``)."""

    action: Action
    label: str
    wins: float
    total: float
    mean_score: float
    mean_points: float
    deals: int
    # Deals (unweighted) in which the seat's side wins.
    won_deals: int

    @property
    def chance(self) -> float:
        return self.wins / self.total if self.total else 0.0


@dataclass(frozen=True)
class Deals:
    deals: list[Deal]
    weights: list[float]
    exact: bool

    def describe(self, outlook: Outlook) -> str:
        """In how many deals ``outlook`` wins, e.g. "7 of 12 possible deals".

        The count is of deals, never of weights; when the deals weigh differently the
        weighted share, which the choice rests on, follows with its label.
        """
        kind = "possible" if self.exact else "sampled"
        count = f"{outlook.won_deals} of {len(self.deals)} {kind} deals"
        if all(weight == 1.0 for weight in self.weights):
            return count
        share = round(100 * outlook.chance)
        return f"{count} ({share}% when each deal is weighted by how well it fits the bidding)"


@dataclass(frozen=True)
class Evaluation:
    """Every option's outlook over the deals considered, and the solver's work for it."""

    outlooks: list[Outlook]
    deals: Deals
    nodes: int


def decide_normal(info: SeatInfo) -> Decision:
    return decide(info, NORMAL)


def decide_strong(info: SeatInfo) -> Decision:
    return decide(info, STRONG)


def decide(info: SeatInfo, level: Level) -> Decision:
    if info.phase_kind is PhaseKind.BIDDING:
        evaluation = bid_outlooks(info, level)
        decision = _choose_call(info, level, evaluation.outlooks, evaluation.deals)
        return Decision(decision.action, decision.reason, evaluation.nodes)
    if len(info.playable) == 1:
        return Decision(PlayCard(info.playable[0]))
    evaluation = card_outlooks(info, level)
    best = max(evaluation.outlooks, key=_ranking)
    return Decision(best.action, nodes=evaluation.nodes)


# Card play ---------------------------------------------------------------------------


def card_outlooks(info: SeatInfo, level: Level) -> Evaluation:
    """For every playable card: how often the seat's side wins the deal, and its mean score."""
    deals = deal_sample(info, level)
    options = table_options(info)
    doubles = running_doubles(info)
    sums: dict[Card, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0, 0.0])
    solvers: dict[Contract, Solver] = {}
    for deal, weight in zip(deals.deals, deals.weights, strict=True):
        game = game_of(info, deal)
        index = card_index(options.rule_set, game.contract)
        if game.contract not in solvers:
            solvers[game.contract] = Solver(index.rules)
        solver = solvers[game.contract]
        mine = _side_of(game, info.seat)
        taken = sum(trick.points for trick in info.tricks if trick.winner in mine)
        hands = [index.mask(hand) for hand in game.hands]
        trick = [index.index[card] for _, card in info.trick_cards]
        leader = info.current_trick.leader if info.current_trick is not None and trick else info.seat
        for position, value in solver.move_values(hands, leader, trick, _mask(mine)):
            points = taken + value
            score, won = _score(options, game, info.seat, points, doubles)
            _accumulate(sums[index.cards[position]], weight, won, score, points)
    outlooks = [
        _outlook(PlayCard(card), card.symbol, totals, len(deals.deals)) for card, totals in sums.items()
    ]
    return Evaluation(outlooks, deals, sum(solver.nodes for solver in solvers.values()))


# Bidding -----------------------------------------------------------------------------


def bid_outlooks(info: SeatInfo, level: Level) -> Evaluation:
    """For every allowed call: the winning chance of the seat's side and its mean score."""
    deals = deal_sample(info, level)
    options = table_options(info)
    doubles = running_doubles(info)
    candidates: list[tuple[Action, str]] = []
    for choice in info.allowed:
        candidates.append((choice.action, choice.label))
    results: dict[int, list[float]] = {number: [0.0, 0.0, 0.0, 0.0, 0.0] for number in range(len(candidates))}
    nodes = 0
    for deal, weight in zip(deals.deals, deals.weights, strict=True):
        running = game_of(info, deal, running=True)
        whole_deal = WholeDeal(options.rule_set, running.hands, (info.dealer + 1) % SEATS)
        for number, (action, _) in enumerate(candidates):
            if isinstance(action, Announce):
                game = _announced_game(running, Contract(action.contract), info.seat)
                said: list[int] = []
            else:
                game = running
                said = [*doubles, info.seat] if isinstance(action, Double) else doubles
            points = whole_deal.points(
                game, _side_of(game, info.seat), announced=not said and game is not running
            )
            score, won = _score(options, game, info.seat, points, said)
            _accumulate(results[number], weight, won, score, points)
        nodes += whole_deal.nodes()
    outlooks = [
        _outlook(action, label, totals, len(deals.deals))
        for (action, label), totals in zip(candidates, results.values(), strict=True)
    ]
    return Evaluation(outlooks, deals, nodes)


def _choose_call(info: SeatInfo, level: Level, outlooks: list[Outlook], deals: Deals) -> Decision:
    passing = next(outlook for outlook in outlooks if isinstance(outlook.action, Pass))
    best: Outlook = passing
    for outlook in outlooks:
        if isinstance(outlook.action, Announce):
            if outlook.action.contract == Contract.KOP.value:
                return Decision(outlook.action, KOP_REASON)
            if outlook.chance >= level.announce_chance and outlook.mean_score > best.mean_score:
                best = outlook
        elif isinstance(outlook.action, Double):
            if behind_sure_partner(info):
                continue
            if outlook.chance >= level.double_chance and outlook.mean_score > best.mean_score:
                best = outlook
    if isinstance(best.action, Announce):
        label = CONTRACT_LABELS[Contract(best.action.contract)]
        return Decision(best.action, f"wins {label} in {deals.describe(best)}")
    if isinstance(best.action, Double):
        return Decision(best.action, f"expects its side to win in {deals.describe(best)}")
    return Decision(Pass())


# Advice ------------------------------------------------------------------------------


def advise(info: SeatInfo) -> service_pb2.GetAdviceResponse:
    """What the strong computer would do in this seat, with the numbers behind it."""
    response = service_pb2.GetAdviceResponse()
    if info.phase_kind is PhaseKind.BIDDING:
        evaluation = bid_outlooks(info, STRONG)
        decision = _choose_call(info, STRONG, evaluation.outlooks, evaluation.deals)
        reason = decision.reason or "passes: no call scores better than passing"
        add_calls(response, evaluation.outlooks, BaskaKop.game_type)
    else:
        evaluation = card_outlooks(info, STRONG)
        best = max(evaluation.outlooks, key=_ranking)
        decision = Decision(best.action)
        reason = (
            f"{best.label} wins the deal in {evaluation.deals.describe(best)} "
            f"and takes {best.mean_points:.0f} points on average, more than any other card"
        )
        add_cards(response, sorted(evaluation.outlooks, key=_ranking, reverse=True))
    if decision.action is not None:
        response.recommended_action.CopyFrom(convert.action_to_proto(decision.action, BaskaKop.game_type))
    response.reason = reason
    response.deals_considered = len(evaluation.deals.deals)
    response.exact = evaluation.deals.exact
    return response


# Deals -------------------------------------------------------------------------------


def deal_sample(info: SeatInfo, level: Level) -> Deals:
    """Every consistent deal if at most ``level.exact_limit`` exist, else a sample.

    The limit applies to the deals that agree with the view, not to every way of dealing
    the unseen cards: the enumeration stops at the first deal past the limit, so trying
    costs little more than the deals it could use.
    """
    rng = SeededRandom(info.seed)
    known = constraints(info)
    if level.exact_limit:
        every = list(islice(enumerate_deals(known), level.exact_limit + 1))
        if 0 < len(every) <= level.exact_limit:
            return Deals(every, _weights(info, level, every), exact=True)
    drawn = sample(known, rng, level.samples)
    if not drawn:
        raise ValueError("no deal agrees with the view; the view is inconsistent")
    return Deals(drawn, _weights(info, level, drawn), exact=False)


def _weights(info: SeatInfo, level: Level, deals: list[Deal]) -> list[float]:
    if not level.weighted:
        return [1.0] * len(deals)
    return [likelihood(info, game_of(info, deal, running=True)) for deal in deals]


# Private helpers ---------------------------------------------------------------------


class WholeDeal:
    """One sampled deal solved from its first card, sharing solvers between questions."""

    def __init__(self, rule_set: RuleSet, hands: tuple[frozenset[Card], ...], leader: int) -> None:
        self.rule_set = rule_set
        self.hands = hands
        self.leader = leader
        self.solvers: dict[tuple[bool, int], tuple[Solver, list[int]]] = {}

    def points(self, game: Game, side: frozenset[int], announced: bool) -> int:
        """Card points ``side`` takes when ``game`` is played double dummy.

        For a solo just announced (no doubles yet) only winning matters, and a null-window
        search for the winning threshold answers that faster than an exact solution; the
        points returned then stand for "reached" (the threshold) or "missed" (one less).
        """
        if game.contract is Contract.KOP:
            return TOTAL_POINTS if side == game.declarers else 0
        solver, hands = self._solver(game.contract, _mask(side))
        if announced and game.contract in SOLO_ANNOUNCEMENTS:
            target = TOTAL_POINTS if game.contract in ALL_TRICKS_CONTRACTS else WINNING_POINTS
            return target if solver.reaches(hands, self.leader, [], _mask(side), target) else target - 1
        return solver.solve(hands, self.leader, [], _mask(side))

    def nodes(self) -> int:
        return sum(solver.nodes for solver, _ in self.solvers.values())

    def _solver(self, contract: Contract, side: int) -> tuple[Solver, list[int]]:
        key = (contract in GRAN_CONTRACTS, side)
        if key not in self.solvers:
            index = card_index(self.rule_set, contract)
            self.solvers[key] = (Solver(index.rules), [index.mask(hand) for hand in self.hands])
        return self.solvers[key]


def _accumulate(totals: list[float], weight: float, won: float, score: float, points: int) -> None:
    totals[0] += weight * won
    totals[1] += weight
    totals[2] += weight * score
    totals[3] += weight * points
    totals[4] += won


def _outlook(action: Action, label: str, totals: list[float], deals: int) -> Outlook:
    wins, total, score, points, won = totals
    return Outlook(action, label, wins, total, score / total, points / total, deals, int(won))


def _announced_game(running: Game, contract: Contract, seat: int) -> Game:
    declarers = frozenset({seat})
    if contract is Contract.WESELE:
        declarers |= {wesele_partner(running.dealt, seat)}
    return Game(contract, declarers, running.hands, running.dealt)


def _score(
    options: Options, game: Game, seat: int, side_points: int, doubles: list[int]
) -> tuple[float, float]:
    """The seat's score and whether its side wins, given the card points its side takes."""
    declarer = seat in game.declarers
    declarer_points = side_points if declarer else TOTAL_POINTS - side_points
    declarers_win, value = outcome(options, game.contract, game.declarers, declarer_points, doubles)
    winners = game.declarers if declarers_win else frozenset(range(SEATS)) - game.declarers
    return float(payments(value, game.declarers, winners)[seat]), float(seat in winners)


def _side_of(game: Game, seat: int) -> frozenset[int]:
    return game.declarers if seat in game.declarers else frozenset(range(SEATS)) - game.declarers


def _mask(seats: frozenset[int]) -> int:
    return sum(1 << seat for seat in seats)


def _ranking(outlook: Outlook) -> tuple[float, float, int]:
    card = outlook.action.card if isinstance(outlook.action, PlayCard) else None
    order = -(int(card.suit) * 16 + int(card.rank)) if card else 0
    return (round(outlook.mean_score, 9), round(outlook.mean_points, 9), order)
