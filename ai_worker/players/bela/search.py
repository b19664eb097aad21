"""The normal and strong computer players of Bela, and its advisor: sampling plus
double-dummy search.

Both levels deal the unseen cards in ways that agree with what the seat knows
(``ai_worker.players.bela.deals``), solve each deal with all hands open
(``ai_worker.search.solver``, Bela's rules from ``model``) and choose what scores best on
average. A deal's value for the seat is its party's score minus the opponents' after the
settlement: card points, last trick and Kup from the solver (Štiglja is its sweep bonus),
then the zvanja of the strongest declaration and Bela as the sampled hands hold them,
and the prolaz threshold of the caller's party. With three players each seat plays for
itself. The caller's search takes the two others as one side against him, as they are:
he falls unless he makes more than half. The others' search differs by level: normal
takes the third seat as an enemy too; strong asks the two seats against the caller,
searched as one side, whether he falls (they share his points then), and counts what it
makes for itself searched alone against both others (when he passes each keeps only its
own tricks, and a defender beside it that plays for itself keeps what it is given).

* normal: ``NORMAL.samples`` uniform samples of the hard facts but the meld test;
* strong: at least ``STRONG.samples`` at the first trick and more as the deal goes on,
  weighted by how well each fits the trump choice, with every hard fact, and every
  consistent deal, each once, when at most ``exact_limit`` remain.

The trump choice asks, for every suit and every sampled deal, whether the caller's party
reaches the points it needs (a null-window question), with the seat as caller; for dalje
the choice goes on round the table, each later seat choosing as the easy player would
and the dealer under "mus" his best suit. Each option's chance is that of the seat's
party winning the deal; the strong level solves its first deals exactly for the mean
score. The search sees every card and so wins more often than a table does: a trump is
chosen only when it wins in ``call_floor`` of the deals and ``call_margin`` more often
than dalje (``ai_worker.call_value`` plays such choices out at the table). The strong
level at three seats weighs points instead of chances: there the dealer must choose and
falls more often than not, so dalje wins often, but a caller who passes makes about four
times what a seat against him does. A reason counts deals and names no card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice

from ai_worker.players.advice import add_calls, add_cards
from ai_worker.players.bela import easy
from ai_worker.players.bela.deals import constraints, first_cards, hands_of, likelihood
from ai_worker.players.bela.info import Table, allowed_choice, bela_cards, table_of
from ai_worker.players.bela.model import card_index
from ai_worker.players.decision import Decision
from ai_worker.players.outlook import Evaluation, Outlook
from ai_worker.search.card_index import CardIndex
from ai_worker.search.rules import SIDE_LOST_A_TRICK
from ai_worker.search.sampling import DealCounter, enumerate_deals, sample
from ai_worker.search.solver import NO_NODE_LIMIT, NodeLimitError, Solver
from ai_worker.seat_info import SeatInfo
from engine.actions import Action, Announce, Pass, PlayCard
from engine.bela import Bela
from engine.bela.constants import BELA, DEAL_POINTS, STIGLJA, SUIT_WORDS, SUITS
from engine.bela.results import TRUMP
from engine.bela.zvanja import Meld, compare, find_melds
from engine.cards import Card, Suit
from engine.game import PhaseKind
from engine.seeding import SeededRandom
from server import convert
from speedgamez.v1 import table_service_pb2 as service_pb2


@dataclass(frozen=True)
class Level:
    name: str
    # Samples at the first trick, and more for each trick played.
    samples: int
    samples_per_trick: int
    # Of those, by the number of seats, how many at most are solved exactly for each card
    # (its points and score); the others only answer whether the party wins the deal
    # after each card, a cheaper question (``Evaluation.ranking`` says which decides).
    exact_card_samples: dict[int, int]
    # Where a seat count is named: the solver nodes the exact values of one card decision
    # may spend. Once spent, the remaining deals only answer win-or-not (the first deal is
    # always solved exactly): a hand of ten cards costs many times what a later one does.
    exact_card_nodes: dict[int, int]
    # Samples for the trump choice, by the number of seats (the solver's work per deal
    # grows with the cards in a hand): every option is asked on ``call_screening`` deals,
    # the best suit and dalje then on ``call_samples`` fresh ones, which decide.
    call_screening: dict[int, int]
    call_samples: dict[int, int]
    # Of those, how many are solved exactly (for the mean score); the others only answer
    # whether the caller's party passes, a cheaper question.
    exact_call_samples: int
    # Where a seat count is named: the solver nodes those exact solutions may spend (the
    # first deal always), as ``exact_card_nodes``.
    exact_call_nodes: dict[int, int]
    # Where a seat count is named: the nodes a trump choice may spend, as ``deal_nodes``
    # (the screening half of them).
    call_nodes: dict[int, int]
    # Where a seat count is named: once one decision's solvers have spent this many nodes,
    # it takes no further deal (the first always). The work per deal varies tenfold
    # between hands; this keeps the slowest decisions near the typical ones.
    deal_nodes: dict[int, int]
    weighted: bool
    # Whether whole hands are tested against the melds they did not declare.
    strict: bool
    # Use every consistent deal when at most this many agree with the view (0: never).
    exact_limit: int
    # When dalje is allowed, the seat chooses its best trump only if its party wins with it
    # in at least ``call_floor`` of the deals and ``call_margin`` more often than after
    # dalje: the search sees every card, so it wins more often than a table does.
    call_floor: float
    call_margin: float
    # Where a seat count is named, the choice weighs points instead (``call_floor`` and
    # ``call_margin`` unused): what a seat makes in a deal on average as a caller who
    # passes, and as one of the others when the caller falls and when he passes. The
    # seat chooses its best trump when its chance times the first is more than what dalje
    # promises: the chance that the later caller falls times the second, else the third.
    # At three seats a caller's points are the whole deal's less the others' tricks, so a
    # chance well below dalje's pays.
    call_points: dict[int, tuple[float, float, float]]
    # With three players: whether the two seats that did not choose the trump are searched
    # as one side against the caller for whether he falls. They win together when he
    # falls and share his points, so each helps the other to it; what a seat makes for
    # itself is still searched alone. Without it a seat takes the other as an enemy
    # throughout and never gives him points.
    defenders_together: bool


NORMAL = Level(
    name="normal",
    samples=8,
    samples_per_trick=0,
    exact_card_samples={4: 8, 3: 8, 2: 3},
    exact_card_nodes={3: 2_000_000},
    call_screening={4: 8, 3: 3, 2: 6},
    call_samples={4: 30, 3: 6, 2: 24},
    exact_call_samples=0,
    exact_call_nodes={},
    call_nodes={4: 3_500_000, 3: 2_500_000},
    deal_nodes={4: 3_500_000, 3: 2_500_000},
    weighted=False,
    strict=False,
    exact_limit=0,
    call_floor=0.7,
    call_margin=0.1,
    call_points={},
    defenders_together=False,
)
# Deals listed before the meld test, at most, per deal the strong level may use.
_LISTED_PER_DEAL = 10
STRONG = Level(
    name="strong",
    samples=30,
    samples_per_trick=4,
    exact_card_samples={4: 30, 3: 30, 2: 8},
    exact_card_nodes={3: 20_000_000},
    call_screening={4: 16, 3: 8, 2: 12},
    call_samples={4: 60, 3: 28, 2: 48},
    exact_call_samples=6,
    exact_call_nodes={3: 12_000_000},
    call_nodes={3: 25_000_000},
    deal_nodes={},
    weighted=True,
    strict=True,
    exact_limit=150,
    call_floor=0.7,
    call_margin=0.1,
    # Three seats: the mean points of 360 games of strong and normal players, 120 deals
    # each in every seating (``docs/measurements.md``, below the strength table).
    call_points={3: (138.0, 102.5, 36.1)},
    defenders_together=True,
)


def decide_normal(info: SeatInfo) -> Decision:
    return decide(info, NORMAL)


def decide_strong(info: SeatInfo) -> Decision:
    return decide(info, STRONG)


def decide(info: SeatInfo, level: Level) -> Decision:
    if info.phase_kind is PhaseKind.BIDDING:
        choice, decision = trump_choice(info, level)
        return Decision(decision.action, decision.reason, choice.evaluation.nodes)
    declaring = allowed_choice(info, "declare zvanja")
    if declaring is not None:
        return Decision(declaring.action)
    if not info.playable:
        return Decision(None)
    if len(info.playable) == 1:
        return _maybe_bela(info, info.playable[0], 0)
    evaluation = card_outlooks(info, level)
    best = max(evaluation.outlooks, key=evaluation.ranking)
    assert isinstance(best.action, PlayCard)
    return _maybe_bela(info, best.action.card, evaluation.nodes)


# Trump choice --------------------------------------------------------------------------


@dataclass(frozen=True)
class TrumpChoice:
    """Every option's outlook, and the two that decide: the best suit and dalje (None
    when the seat must choose a trump), as the deals after the screening found them."""

    evaluation: Evaluation
    best: Outlook
    dalje: Outlook | None


def call_outlooks(info: SeatInfo, level: Level) -> TrumpChoice:
    """For every suit: the chance that the seat's party wins the deal with the seat as
    caller, and its mean score; for dalje (if allowed) the same when the trump choice goes
    on: each later seat calls as the easy player would with the six cards it was dealt,
    the dealer under "mus" his best suit (nobody calling under "neu geben" throws the deal
    in, a deal nobody wins).

    Every option is asked on the first ``call_screening`` deals; the best suit and dalje
    are asked again on the fresh deals after them, and their chances there decide (the
    evaluation counts those deals). The best of four suits over the same few deals looks
    better than it is by the luck it was chosen for; deals that did not choose it do not
    share that luck. When dalje is not allowed the best suit is weighed against nothing,
    and every deal screens."""
    table = table_of(info)
    seats = table.seats
    words = SUIT_WORDS[table.options.display]
    suits = [suit for suit in SUITS if allowed_choice(info, f"announce {TRUMP} {suit.letter}") is not None]
    options: list[tuple[Action, Suit | None]] = [(Announce(TRUMP, suit), suit) for suit in suits]
    labels: dict[Action, str] = {Announce(TRUMP, suit): f"{suit.symbol} {words[suit]}" for suit in suits}
    may_pass = allowed_choice(info, "pass") is not None
    if may_pass:
        options.append((Pass(), None))
        labels[Pass()] = "Dalje"
    screening, judging = level.call_screening[seats], level.call_samples[seats]
    if not may_pass:
        screening, judging = screening + judging, 0
    deals = sample(constraints(info, table, strict=False), SeededRandom(info.seed), screening + judging)
    solvers = _Solvers(seats)
    # The screening may spend half of a decision's nodes: the deals that decide get the rest.
    budget = level.call_nodes.get(seats)
    screening_budget = budget // 2 if budget is not None and judging else budget
    screened = _ask_calls(
        info, table, level, labels, solvers, deals[:screening], options, True, screening_budget
    )
    # Ties (normal solves nothing exactly) go to the suit the easy player likes best.
    best = max(
        (outlook for outlook in screened.outlooks.values() if isinstance(outlook.action, Announce)),
        key=lambda outlook: (outlook.chance, outlook.mean_score, _strength(info, outlook.action)),
    )
    if not may_pass:
        return TrumpChoice(_call_evaluation(screened.outlooks, screened.deals, solvers, screened), best, None)
    assert isinstance(best.action, Announce)
    pair: list[tuple[Action, Suit | None]] = [(best.action, best.action.suit), (Pass(), None)]
    judged = _ask_calls(info, table, level, labels, solvers, deals[screening:], pair, False, budget)
    for action, outlook in judged.outlooks.items():
        outlook.take_means_of(screened.exactly[action])
    evaluation = _call_evaluation(screened.outlooks | judged.outlooks, judged.deals, solvers, screened)
    return TrumpChoice(evaluation, judged.outlooks[best.action], judged.outlooks[Pass()])


def _call_evaluation(
    outlooks: dict[Action, Outlook], deals: int, solvers: _Solvers, screened: _CallsAsked
) -> Evaluation:
    """``deals``: those the decision rests on; the mean scores are those of the deals the
    screening solved exactly."""
    return Evaluation(
        list(outlooks.values()),
        deals,
        exact=False,
        nodes=solvers.nodes(),
        solved=screened.solved,
        by_score=True,
    )


def _strength(info: SeatInfo, action: Action) -> int:
    assert isinstance(action, Announce) and action.suit is not None
    return easy.trump_strength(info.hand, action.suit)


@dataclass
class _CallsAsked:
    """The trump choice's options over some deals: ``outlooks`` (the mean score and
    points those of ``exactly``, the deals solved exactly)."""

    outlooks: dict[Action, Outlook]
    exactly: dict[Action, Outlook]
    deals: int
    solved: int


def _ask_calls(
    info: SeatInfo,
    table: Table,
    level: Level,
    labels: dict[Action, str],
    solvers: _Solvers,
    deals: list[dict[int, frozenset[Card]]],
    options: list[tuple[Action, Suit | None]],
    exact: bool,
    node_budget: int | None,
) -> _CallsAsked:
    """Each option over ``deals``: whether the seat's party wins the deal (the caller
    reaching the points it needs, a null-window question) and, if ``exact``, the exact
    score of the level's first deals. After the first deal, the deals stop where the
    solvers pass ``node_budget`` nodes; the deal under way then is left out (its answers
    are unknown): one deal of ten cards can cost more than all the others together."""
    outlooks = {action: Outlook(action, labels[action]) for action, _ in options}
    exactly = {action: Outlook(action, "") for action, _ in options}
    taken = solved = 0
    for deal in deals:
        if taken and node_budget is not None:
            if solvers.nodes() >= node_budget:
                break
            solvers.stop_at = node_budget
        hands, kup = hands_of(info, deal)
        after_dalje = _later_call(table, info.seat, first_cards(info, deal))
        calls = [(info.seat, suit) if suit is not None else after_dalje for _, suit in options]
        weight = likelihood(info, table, deal) if level.weighted else 1.0
        solve = exact and solvers.solve_next_exactly(
            solved, level.exact_call_samples, level.exact_call_nodes.get(table.seats)
        )
        try:
            answers = [_call_answer(info, table, level, solvers, hands, kup, call, solve) for call in calls]
        except NodeLimitError:
            break
        finally:
            solvers.stop_at = NO_NODE_LIMIT
        taken += 1
        solved += solve
        for (action, _), (won, score, points) in zip(options, answers, strict=True):
            outlooks[action].add(weight, won, 0.0, 0)
            if solve:
                exactly[action].add(weight, won, score, points)
    for action, outlook in outlooks.items():
        outlook.take_means_of(exactly[action])
    return _CallsAsked(outlooks, exactly, taken, solved)


def _call_answer(
    info: SeatInfo,
    table: Table,
    level: Level,
    solvers: _Solvers,
    hands: list[frozenset[Card]],
    kup: frozenset[Card],
    call: tuple[int, Suit | None],
    exact: bool,
) -> tuple[bool, float, int]:
    """For one deal and one option, the seat that calls and its trump (None: the deal is
    thrown in): whether the seat's party wins the deal, and if ``exact`` its score and
    points."""
    caller, suit = call
    if suit is None:
        return False, 0.0, 0
    if exact:
        side = _side(table, level, info.seat, caller)
        points = solvers.solve(suit, kup, _Position.start(table, side, hands))
        score, won = _Valuation(table, info.seat, suit, caller, hands, side).score(points, False)
        return won, score, points
    caller_side = table.partners(caller)
    threshold = _Valuation(table, caller, suit, caller, hands, caller_side).passing_points()
    passes = solvers.reaches(suit, kup, _Position.start(table, caller_side, hands), threshold)
    return (passes if table.party(caller) == table.party(info.seat) else not passes), 0.0, 0


def _later_call(table: Table, seat: int, first: list[frozenset[Card]]) -> tuple[int, Suit | None]:
    """Who calls which trump after ``seat`` says dalje, each later seat choosing as the
    easy player does; (-1, None) when the deal is thrown in."""
    later = table.order[table.order.index(seat) + 1 :]
    for chooser in later:
        best = max(SUITS, key=lambda suit: easy.trump_strength(first[chooser], suit))
        must = chooser == table.order[-1] and table.options.dealer_must_choose
        if must or easy.trump_strength(first[chooser], best) >= easy.CALL_STRENGTH:
            return chooser, best
    return -1, None


def trump_choice(info: SeatInfo, level: Level) -> tuple[TrumpChoice, Decision]:
    """The options' outlooks and what ``level`` chooses from them."""
    choice = call_outlooks(info, level)
    return choice, _choose_call(level, choice, table_of(info).seats)


def _choose_call(level: Level, choice: TrumpChoice, seats: int) -> Decision:
    best, dalje = choice.best, choice.dalje
    points = level.call_points.get(seats)
    if dalje is not None and points is not None:
        passing, others_when_falls, others_when_passes = points
        dalje_points = dalje.chance * others_when_falls + (1 - dalje.chance) * others_when_passes
        if best.chance * passing <= dalje_points:
            return Decision(Pass())
    elif dalje is not None and (
        best.chance < level.call_floor or best.chance < dalje.chance + level.call_margin
    ):
        return Decision(Pass())
    return Decision(best.action, f"passes as caller in {choice.evaluation.describe(best)}")


# Card play ---------------------------------------------------------------------------


def card_outlooks(info: SeatInfo, level: Level) -> Evaluation:
    """For every playable card: how often the seat's party wins the deal after it, and
    its mean score and points."""
    table = table_of(info)
    trump = table.trump
    assert trump is not None
    deals, weights, exact = _deal_sample(info, table, level)
    outlooks: dict[Card, Outlook] = {card: Outlook(PlayCard(card), card.symbol) for card in info.playable}
    exactly: dict[Card, Outlook] = {card: Outlook(PlayCard(card), card.symbol) for card in info.playable}
    solvers = _Solvers(table.seats)
    side = _side(table, level, info.seat, table.caller)
    taken = dict.fromkeys(range(table.seats), 0)
    for trick in info.tricks:
        if trick.winner is not None:
            taken[trick.winner] += trick.points
    party_points = sum(taken[seat] for seat in side)
    has_trick = any(trick.winner in side for trick in info.tricks)
    own_trick = any(trick.winner == info.seat for trick in info.tricks)
    together = side != table.partners(info.seat)
    most_exact = level.exact_card_samples[table.seats]
    node_budget = level.exact_card_nodes.get(table.seats)
    solved_exactly = 0
    deals_taken = 0
    for deal, weight in zip(deals, weights, strict=True):
        if not solvers.take_next_deal(deals_taken, level.deal_nodes.get(table.seats)):
            exact = False
            break
        deals_taken += 1
        hands, kup = hands_of(info, deal)
        valuation = _Valuation(table, info.seat, trump, table.caller, hands, side, taken)
        position = _Position.now(table, info, side, hands)
        # The solver knows the duties, not that a seat which said Bela must now play the
        # King or the Queen: the seat's playable cards are those it offers.
        exactly_solved = solvers.solve_next_exactly(solved_exactly, most_exact, node_budget)
        # The least points with which the search's side wins, for a null-window question.
        needed = valuation.winning_points(has_trick) - party_points if together or not exactly_solved else 0
        if exactly_solved:
            solved_exactly += 1
            if together:
                # Whether the caller falls is the two defenders' question; what the seat
                # makes for itself it finds searched alone against both others, as a
                # defender beside it that plays for itself keeps what it is given.
                falls = dict(solvers.move_reaches(trump, kup, position, needed))
                alone = _Position.now(table, info, frozenset({info.seat}), hands)
                values = solvers.move_values(trump, kup, alone)
                own_points = taken[info.seat]
            else:
                values = solvers.move_values(trump, kup, position)
                own_points = party_points
            for card, value in values:
                if card not in outlooks:
                    continue
                if together:
                    won = falls[card]
                    score = valuation.alone_score(own_points + value, own_trick, won)
                else:
                    score, won = valuation.score(party_points + value, has_trick)
                outlooks[card].add(weight, won, score, own_points + value)
                exactly[card].add(weight, won, score, own_points + value)
            continue
        for card, won in solvers.move_reaches(trump, kup, position, needed):
            if card in outlooks:
                outlooks[card].add(weight, won, 0.0, 0)
    for card, outlook in outlooks.items():
        outlook.take_means_of(exactly[card])
    # The mean score decides when every deal was solved exactly, and with three players,
    # where the chance that the caller falls says little of what a seat makes for itself.
    by_score = solved_exactly == deals_taken or table.seats == 3
    return Evaluation(
        list(outlooks.values()), deals_taken, exact, solvers.nodes(), solved=solved_exactly, by_score=by_score
    )


def _maybe_bela(info: SeatInfo, card: Card, nodes: int) -> Decision:
    """Under "Zvanja selbst" Bela is said just before the first of King and Queen."""
    table = table_of(info)
    saying = allowed_choice(info, "declare bela")
    if saying is not None and table.trump is not None and card in bela_cards(table.trump):
        return Decision(saying.action, nodes=nodes)
    return Decision(PlayCard(card), nodes=nodes)


# Advice ------------------------------------------------------------------------------


def advise(info: SeatInfo) -> service_pb2.GetAdviceResponse:
    """What the strong computer would do in this seat, with the numbers behind it."""
    response = service_pb2.GetAdviceResponse()
    game_type = Bela.game_type
    if info.phase_kind is PhaseKind.BIDDING:
        choice, decision = trump_choice(info, STRONG)
        evaluation = choice.evaluation
        if isinstance(decision.action, Pass):
            reason = "dalje: no trump passes often enough"
        else:
            assert decision.action is not None
            reason = f"choose {_label(evaluation, decision.action)}: {decision.reason}"
        add_calls(response, evaluation.outlooks, game_type)
    elif len(info.playable) > 0:
        evaluation = card_outlooks(info, STRONG)
        best = max(evaluation.outlooks, key=evaluation.ranking)
        assert isinstance(best.action, PlayCard)
        decision = _maybe_bela(info, best.action.card, evaluation.nodes)
        reason = (
            f"{best.label} wins the deal in {evaluation.describe(best)} "
            f"and makes {best.mean_points:.0f} points on average in the {evaluation.solved} solved exactly"
        )
        add_cards(response, sorted(evaluation.outlooks, key=evaluation.ranking, reverse=True))
    else:
        decision = decide(info, STRONG)
        evaluation = Evaluation([], 0, False)
        reason = "declare your melds before your first card"
    if decision.action is not None:
        response.recommended_action.CopyFrom(convert.action_to_proto(decision.action, game_type))
    response.reason = reason
    response.deals_considered = evaluation.deals
    response.exact = evaluation.exact
    return response


# Deals -------------------------------------------------------------------------------


def _deal_sample(
    info: SeatInfo, table: Table, level: Level
) -> tuple[list[dict[int, frozenset[Card]]], list[float], bool]:
    known = constraints(info, table, strict=level.strict)
    # Listing stops after exact_limit deals that pass the meld test, but it tests every
    # deal before: only list when few deals are left before the test.
    if level.exact_limit and DealCounter(known).count() <= level.exact_limit * _LISTED_PER_DEAL:
        every = list(islice(enumerate_deals(known), level.exact_limit + 1))
        if 0 < len(every) <= level.exact_limit:
            return every, _weights(info, table, level, every), True
    count = level.samples + level.samples_per_trick * len(info.tricks)
    drawn = sample(known, SeededRandom(info.seed), count)
    if not drawn:
        raise ValueError("no deal agrees with the view; the view is inconsistent")
    return drawn, _weights(info, table, level, drawn), False


def _weights(
    info: SeatInfo, table: Table, level: Level, deals: list[dict[int, frozenset[Card]]]
) -> list[float]:
    if not level.weighted:
        return [1.0] * len(deals)
    return [likelihood(info, table, deal) for deal in deals]


# Private helpers ---------------------------------------------------------------------


def _side(table: Table, level: Level, seat: int, caller: int) -> frozenset[int]:
    """The seats the search plays for, with ``seat`` deciding: its party, or with three
    players and ``level.defenders_together`` the two seats against the caller."""
    if level.defenders_together and table.seats == 3 and caller >= 0 and seat != caller:
        return frozenset(range(table.seats)) - {caller}
    return table.partners(seat)


@dataclass(frozen=True)
class _Position:
    """A position for the solver: hands, leader and open trick in the solver's seat
    numbers, the seat's party as a mask, and the state flags."""

    hands: tuple[frozenset[Card], ...]
    leader: int
    trick: tuple[Card, ...]
    side: int
    flags: int

    @staticmethod
    def start(table: Table, seats: frozenset[int], hands: list[frozenset[Card]]) -> _Position:
        """The first trick of the deal, searched for ``seats``."""
        by_position = [frozenset[Card]()] * table.seats
        for other in range(table.seats):
            by_position[table.position(other)] = hands[other]
        side = sum(1 << table.position(other) for other in seats)
        leader = table.position(table.order[0])
        return _Position(tuple(by_position), leader, (), side, 0)

    @staticmethod
    def now(table: Table, info: SeatInfo, seats: frozenset[int], hands: list[frozenset[Card]]) -> _Position:
        """The deal as it stands, searched for ``seats``."""
        by_position = [frozenset[Card]()] * table.seats
        for other in range(table.seats):
            by_position[table.position(other)] = hands[other]
        side = sum(1 << table.position(other) for other in seats)
        lost = any(trick.winner not in seats for trick in info.tricks)
        trick = info.current_trick
        leader = table.position(trick.leader if trick is not None and trick.cards else info.seat)
        cards = tuple(card for _, card in info.trick_cards)
        return _Position(tuple(by_position), leader, cards, side, SIDE_LOST_A_TRICK if lost else 0)


class _Solvers:
    """Solvers by trump and Kup points (the Kup's points go with the last trick)."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.solvers: dict[tuple[Suit, int], tuple[Solver, CardIndex]] = {}
        # The total of nodes at which a search stops with ``NodeLimitError``.
        self.stop_at = NO_NODE_LIMIT

    def _get(self, trump: Suit, kup: frozenset[Card]) -> tuple[Solver, CardIndex]:
        index = card_index(trump, self.seats, kup)
        key = (trump, index.rules.last_trick_bonus)
        if key not in self.solvers:
            self.solvers[key] = (Solver(index.rules), index)
        solver, index = self.solvers[key]
        solver.node_limit = min(NO_NODE_LIMIT, solver.nodes + self.stop_at - self.nodes())
        return solver, index

    def solve(self, trump: Suit, kup: frozenset[Card], position: _Position) -> int:
        solver, index = self._get(trump, kup)
        hands = [index.mask(hand) for hand in position.hands]
        return solver.solve(
            hands,
            position.leader,
            [index.index[card] for card in position.trick],
            position.side,
            position.flags,
        )

    def move_reaches(
        self, trump: Suit, kup: frozenset[Card], position: _Position, target: int
    ) -> list[tuple[Card, bool]]:
        solver, index = self._get(trump, kup)
        hands = [index.mask(hand) for hand in position.hands]
        trick = [index.index[card] for card in position.trick]
        answers = solver.move_reaches(hands, position.leader, trick, position.side, target, position.flags)
        return [(index.cards[card], reached) for card, reached in answers]

    def move_values(self, trump: Suit, kup: frozenset[Card], position: _Position) -> list[tuple[Card, int]]:
        solver, index = self._get(trump, kup)
        hands = [index.mask(hand) for hand in position.hands]
        trick = [index.index[card] for card in position.trick]
        values = solver.move_values(hands, position.leader, trick, position.side, position.flags)
        return [(index.cards[card], value) for card, value in values]

    def reaches(self, trump: Suit, kup: frozenset[Card], position: _Position, target: int) -> bool:
        solver, index = self._get(trump, kup)
        hands = [index.mask(hand) for hand in position.hands]
        trick = [index.index[card] for card in position.trick]
        return solver.reaches(hands, position.leader, trick, position.side, target, position.flags)

    def nodes(self) -> int:
        return sum(solver.nodes for solver, _ in self.solvers.values())

    def take_next_deal(self, taken: int, node_budget: int | None) -> bool:
        """Whether a decision that has taken ``taken`` deals takes the next: the first
        always, the others while the solvers have spent fewer than ``node_budget`` nodes."""
        return taken == 0 or node_budget is None or self.nodes() < node_budget

    def solve_next_exactly(self, solved: int, most: int, node_budget: int | None) -> bool:
        """Whether the next deal is solved exactly, ``solved`` deals having been: at most
        ``most``, and while the solvers have spent fewer than ``node_budget`` nodes (the
        first deal always)."""
        return solved < most and self.take_next_deal(solved, node_budget)


@dataclass
class _Valuation:
    """What a sampled deal is worth to ``seat`` once the seats the search plays for,
    ``side``, have made ``points`` (cards, last trick with the Kup, Štiglja): the zvanja
    of the strongest declaration and Bela as the sampled hands hold them, then the
    settlement. ``taken``: the card points each seat's tricks have brought so far."""

    table: Table
    seat: int
    trump: Suit
    caller: int
    hands: list[frozenset[Card]]
    side: frozenset[int]
    taken: dict[int, int] = field(default_factory=dict)
    zvanja: dict[int, int] = field(default_factory=dict)
    bela: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        table = self.table
        declared: dict[int, tuple[Meld, ...]] = dict(table.declared_melds())
        started = set(table.revealed.started_seats)
        counts_100 = table.counts_belot_100
        for other in range(table.seats):
            if other not in started and other not in declared:
                declared[other] = find_melds(self.hands[other], counts_100)
        best = compare(declared, table.order, self.trump)
        if best is not None:
            party = table.party(best.seat)
            self.zvanja[party] = sum(
                meld.value
                for other, melds in declared.items()
                if table.party(other) == party
                for meld in melds
            )
        bela_seat = table.revealed.bela_seat
        if bela_seat < 0:
            bela_seat = next(
                (other for other in range(table.seats) if bela_cards(self.trump) <= self.hands[other]), -1
            )
        if bela_seat >= 0:
            self.bela[table.party(bela_seat)] = BELA

    def passing_points(self) -> int:
        """The least the seat's party must make in cards, last trick and Kup to pass as
        caller, with its zvanja and Bela (the opponents' counted too)."""
        mine = self.table.party(self.seat)
        own = self.zvanja.get(mine, 0) + self.bela.get(mine, 0)
        others = sum(self.zvanja.values()) + sum(self.bela.values()) - own
        return max(1, (DEAL_POINTS + others - own) // 2 + 1)

    def winning_points(self, has_trick: bool) -> int:
        """The least ``points`` with which the seat's party wins the deal (its score
        grows with its points): a bisection over what a deal can bring."""
        low, high = 0, DEAL_POINTS + STIGLJA + 1
        while low < high:
            middle = (low + high) // 2
            if self.score(middle, has_trick)[1]:
                high = middle
            else:
                low = middle + 1
        return low

    def score(self, points: int, has_trick: bool) -> tuple[float, bool]:
        """(the seat's score minus its opponents' mean, whether its party wins the deal),
        ``has_trick``: whether the side has taken a trick already."""
        if len(self.side) > len(self.table.partners(self.seat)):
            return self._defenders_score(points, has_trick)
        table = self.table
        mine = table.party(self.seat)
        total_cards = DEAL_POINTS
        swept = points > total_cards
        cards = min(points, total_cards)
        took_a_trick = points > 0 or has_trick
        others_took = not swept
        made = cards + (STIGLJA if swept else 0)
        if took_a_trick:
            made += self.zvanja.get(mine, 0) + self.bela.get(mine, 0)
        others = [party for party in {table.party(seat) for seat in range(table.seats)} if party != mine]
        others_made = total_cards - cards
        if others_took:
            others_made += sum(self.zvanja.get(party, 0) + self.bela.get(party, 0) for party in others)
        if not took_a_trick:
            others_made += STIGLJA
        total = made + others_made
        if table.party(self.caller) == mine:
            passed = 2 * made > total
            return (made - others_made / len(others), True) if passed else (-total / len(others), False)
        # The caller is an opponent: he falls when his party has at most half (with three
        # players the two others' points are split evenly, as the search does not tell).
        caller_made = others_made / len(others)
        fell = 2 * caller_made <= total
        mine_score = made + (caller_made / len(others) if fell else 0.0)
        return mine_score - (total - mine_score) / len(others), fell

    def _defenders_score(self, points: int, has_trick: bool) -> tuple[float, bool]:
        """``score`` with three players when ``points`` are those of the two seats against
        the caller (whether he falls). Which of them takes the points still to come the
        search does not tell: each keeps what it has taken and half the rest. Both taking
        every trick is no Štiglja (neither took them all), so the points stop at the deal's."""
        caller = self.caller
        mate = next(iter(self.side - {self.seat}))
        cards = min(points, DEAL_POINTS)
        side_took = points > 0 or has_trick
        caller_took = points <= DEAL_POINTS
        caller_made = DEAL_POINTS - cards + (0 if side_took else STIGLJA)
        if caller_took:
            caller_made += self._extras(caller)
        still_to_come = (cards - self.taken.get(self.seat, 0) - self.taken.get(mate, 0)) / 2
        mine = self.taken.get(self.seat, 0) + still_to_come + (self._extras(self.seat) if side_took else 0)
        mates = self.taken.get(mate, 0) + still_to_come + (self._extras(mate) if side_took else 0)
        fell = 2 * caller_made <= caller_made + mine + mates
        return _defender_against_the_others(mine, mates, caller_made, fell), fell

    def alone_score(self, points: int, has_trick: bool, fell: bool) -> float:
        """``score`` with three players for a defender whose own ``points`` were searched
        alone against the two others, ``fell``: whether the caller falls, as the two
        defenders searched as one side found. ``has_trick``: whether the seat has taken a
        trick already. Of the points the seat does not take, the other two each keep what
        they have taken and half the rest."""
        caller = self.caller
        mate = next(iter(self.side - {self.seat}))
        swept = points > DEAL_POINTS
        cards = min(points, DEAL_POINTS)
        mine = float(cards + (STIGLJA if swept else 0))
        if points > 0 or has_trick:
            mine += self._extras(self.seat)
        mates = caller_made = 0.0
        if not swept:
            rest = (DEAL_POINTS - cards - self.taken.get(mate, 0) - self.taken.get(caller, 0)) / 2
            mates = self.taken.get(mate, 0) + rest + self._extras(mate)
            caller_made = self.taken.get(caller, 0) + rest + self._extras(caller)
        return _defender_against_the_others(mine, mates, caller_made, fell)

    def _extras(self, seat: int) -> int:
        """The zvanja and Bela that count for ``seat``'s party if it takes a trick."""
        party = self.table.party(seat)
        return self.zvanja.get(party, 0) + self.bela.get(party, 0)


def _defender_against_the_others(mine: float, mates: float, caller_made: float, fell: bool) -> float:
    """A defender's points less the two others' mean, with three players: when the caller
    falls, his points go to the two defenders in halves."""
    if fell:
        mine, mates, caller_made = mine + caller_made / 2, mates + caller_made / 2, 0.0
    return mine - (mates + caller_made) / 2


def _label(evaluation: Evaluation, action: Action) -> str:
    return next(outlook.label for outlook in evaluation.outlooks if outlook.action == action)
