"""The normal and strong computer players of Schafkopf, and its advisor: sampling plus
double-dummy search.

Both levels deal the unseen cards in ways that agree with what the seat knows
(``ai_worker.players.schafkopf.deals``), solve each deal with all hands open
(``ai_worker.search.solver``, Schafkopf's rules from ``model``) to the last trick, and
choose what does best over the deals:

* normal: ``NORMAL.samples`` uniform samples of the hard facts;
* strong: at least ``STRONG.samples`` at the first trick and more as the deal goes on,
  weighted by how well each fits the calls (``deals.likelihood``), and every consistent
  deal, each once, when at most ``exact_limit`` remain.

What a deal is worth, by game: in the point games (Rufspiel, Hochzeit, Solo, Wenz,
Geier, Farbwenz, Farbgeier) the side's card points, 61 winning the game for the
declarers (60 for the defenders), 91 Schneider (30 or fewer for the losers), and every
trick for Schwarz, asked in tricks when one side has no point; a Tout in tricks, all of
them for the declarer; a Bettel in tricks, none for the declarer (a misère for the
solver); a Ramsch in the seat's own points, fewest best: the others are assumed to
play together against it (paranoid), and it wins when it has at most its share. The
money follows the table's tariff with Laufende, Tout and every double. A few deals
(``exact_card_samples``, within ``exact_card_nodes``) are solved exactly for every card
(the normal level's point games only at the thresholds the money changes at: whether
the side wins, makes Schneider or escapes it); the others only answer whether the seat's
side wins after each card, a cheaper null-window question. Cards rank by winning chance,
then by the mean score of the exactly solved deals; a decision stops taking deals once its solvers have spent
``deal_nodes``.

Calls:

* Aufstellen: standing up tells the table of high trumps, so the seat needs two Ober or
  Unter among its first cards; it completes its hand in the sampled deals and stands up
  when the hand holds a Solo or Wenz, or a Rufspiel with five of eight trumps and two
  Ober, in ``stand_up_share`` of them. No solver: the game is not known yet.
* Spielansage: for every allowed game worth searching with the seat's cards
  (``deals.fits`` loosened), the chance that the seat wins it as declarer over the
  sampled deals (a Rufspiel with the called Sau's holder, a Hochzeit with the first seat
  after the Hochzeiter holding three trumps, who gives its cheapest plain card; a Sie
  always wins). The search sees every card, so a game is announced only with a chance of
  at least ``announce_floor``; among those the best mean score wins; under "muss" the
  best mean score whatever the chance.
* Hochzeit: the seat takes it when the pair wins in ``hochzeit_floor`` of the deals with
  the best of its cheapest plain cards given (the card that hurts least).
* Kontra and Re: when the seat's turn comes and it may double, the card search gives
  its side's winning chance; at ``double_floor`` or more it doubles. By the rules Kontra
  comes from the defenders and Re from the declaring side, so a seat never doubles
  behind its partner. A seat that may double while the table waits for another does
  nothing then: its turn comes before the double is too late.

A reason counts deals and names no card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from itertools import islice

from ai_worker.players.advice import add_calls, add_cards
from ai_worker.players.decision import Decision
from ai_worker.players.outlook import Outlook
from ai_worker.players.schafkopf import model
from ai_worker.players.schafkopf.deals import (
    Knowledge,
    dealt_hands,
    fits,
    hands_of,
    knowledge,
    likelihood,
    strong_game,
)
from ai_worker.players.schafkopf.info import Table, partner_game_order, table_of
from ai_worker.search.card_index import CardIndex
from ai_worker.search.rules import CALLED_LANE_LED
from ai_worker.search.sampling import Constraints, Deal, DealCounter, enumerate_deals, sample
from ai_worker.search.solver import Solver
from ai_worker.seat_info import SeatInfo
from engine.actions import Action, Announce, Double, Pass, PlayCard
from engine.cards import Card, Rank, Suit
from engine.schafkopf import Schafkopf
from engine.schafkopf.blocks import GiveCard
from engine.schafkopf.constants import (
    HAND_SIZE,
    PARTNER_GAMES,
    SCHNEIDER_LOST,
    SCHNEIDER_WON,
    TOTAL_POINTS,
    TOUT_FACTOR,
    TOUTS,
    WENZ_GEIER,
    WINNING_POINTS,
    WITH_SUIT,
    Kind,
    Pack,
    card_name,
    points,
)
from engine.schafkopf.deal import Contract
from engine.schafkopf.play import TrickOrder
from engine.schafkopf.results import game_label
from engine.schafkopf.scoring import laufende
from engine.seeding import SeededRandom, derive_seed
from server import convert
from speedgamez.v1 import table_service_pb2 as service_pb2


@dataclass(frozen=True)
class Level:
    name: str
    # Samples at the first trick, and more for each trick played.
    samples: int
    samples_per_trick: int
    # Of those, how many at most are solved exactly for each card, within this many solver
    # nodes (the first deal always); the others answer whether the side wins.
    exact_card_samples: int
    exact_card_nodes: int
    # Once one decision's solvers have spent this many nodes it takes no further deal (the
    # first always): the work per deal varies a hundredfold between hands.
    deal_nodes: int
    # Whether the solved deals give each card's exact points, or only the thresholds the
    # money changes at (61, Schneider): a few null-window questions instead of a binary
    # search per card, several times cheaper at the first tricks.
    exact_points: bool
    # Samples for the calls (Aufstellen, Spielansage, Hochzeit), by the number of seats.
    call_samples: dict[int, int]
    weighted: bool
    # Use every consistent deal when at most this many agree with the view (0: never).
    exact_limit: int
    # The search sees every card, so it wins more often than a table does: the least
    # chances to announce a game, to double and to take a Hochzeit.
    announce_floor: float
    double_floor: float
    hochzeit_floor: float
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
    exact_card_nodes=300_000,
    deal_nodes=1_200_000,
    exact_points=False,
    call_samples={4: 12, 3: 12, 2: 12},
    weighted=False,
    exact_limit=0,
    announce_floor=0.7,
    double_floor=0.8,
    hochzeit_floor=0.6,
    stand_up_share=0.5,
)
STRONG = Level(
    name="strong",
    samples=30,
    samples_per_trick=4,
    exact_card_samples=30,
    exact_card_nodes=4_000_000,
    deal_nodes=9_000_000,
    exact_points=True,
    call_samples={4: 40, 3: 40, 2: 40},
    weighted=True,
    exact_limit=150,
    announce_floor=0.65,
    double_floor=0.75,
    hochzeit_floor=0.55,
    stand_up_share=0.5,
)
ADVISOR = replace(STRONG, name="advisor", every_game=True)
# Deals counted before listing them, at most, per deal the strong level may use.
_LISTED_PER_DEAL = 10


@dataclass
class Evaluation:
    outlooks: list[Outlook]
    deals: int
    exact: bool
    nodes: int = 0
    solved: int = 0

    @staticmethod
    def ranking(outlook: Outlook) -> tuple[float, float, float]:
        """Best first: the winning chance, then the mean score and points."""
        return (round(outlook.chance, 9), round(outlook.mean_score, 9), round(outlook.mean_points, 9))

    def describe(self, outlook: Outlook) -> str:
        kind = "possible" if self.exact else "sampled"
        return f"{outlook.won_deals} of {self.deals} {kind} deals"


def decide_normal(info: SeatInfo) -> Decision:
    return decide(info, NORMAL)


def decide_strong(info: SeatInfo) -> Decision:
    return decide(info, STRONG)


def decide(info: SeatInfo, level: Level) -> Decision:
    if info.seat not in info.to_act:
        return Decision(None)
    if info.phase == "aufstellen":
        return _stand_up(info, level)[0]
    if info.phase == "spielansage":
        evaluation = call_outlooks(info, level)
        return _choose_game(info, level, evaluation)
    if info.phase == "hochzeit":
        evaluation = hochzeit_outlooks(info, level)
        return _choose_hochzeit(level, evaluation)
    if not info.playable:
        return Decision(None)
    double = _allowed_double(info)
    if len(info.playable) == 1 and double is None:
        return Decision(PlayCard(info.playable[0]))
    # The game announced says much of the declarer's hand: a double weighs the deals by
    # the calls at every level.
    evaluation = card_outlooks(info, level, weighted=level.weighted or double is not None)
    best = max(evaluation.outlooks, key=Evaluation.ranking)
    if double is not None and best.chance >= level.double_floor:
        reason = f"{double.label}: its side wins in {evaluation.describe(best)}"
        return Decision(double.action, reason, evaluation.nodes)
    return Decision(best.action, nodes=evaluation.nodes)


# Aufstellen --------------------------------------------------------------------------


def _stand_up(info: SeatInfo, level: Level) -> tuple[Decision, str]:
    """Stand up when the completed hand holds a game often enough; no solver."""
    table = table_of(info)
    facts = knowledge(info, table)
    deals = sample(facts.constraints, SeededRandom(info.seed), level.call_samples[table.seats])
    pack = table.options.pack
    size = HAND_SIZE[(table.seats, pack)]
    promising = sum(_promising(hands_of(info, facts, deal)[info.seat], table, size) for deal in deals)
    share = f"{promising} of {len(deals)} completed hands"
    standing = any(isinstance(choice.action, Double) for choice in info.allowed)
    # Standing up tells the table of high trumps: two Ober or Unter among the first cards.
    high = sum(card.rank in (Rank.QUEEN, Rank.JACK) for card in info.hand)
    if standing and high >= 2 and deals and promising >= level.stand_up_share * len(deals):
        return Decision(Double(), "stands up: expects a game of its own"), share
    return Decision(Pass()), share


def _promising(hand: frozenset[Card], table: Table, size: int) -> bool:
    """A Solo or Wenz, or a Rufspiel with five of eight trumps and two Ober."""
    trumps = sum(partner_game_order(table.options).is_trump(card) for card in hand)
    obers = sum(card.rank is Rank.QUEEN for card in hand)
    return strong_game(hand, table.options.pack, size) or (8 * trumps >= 5 * size and obers >= 2)


# The Spielansage ---------------------------------------------------------------------


def call_outlooks(info: SeatInfo, level: Level) -> Evaluation:
    """For every allowed game worth searching: the chance that the seat wins it as its
    declarer, and its mean score."""
    table = table_of(info)
    games = _games_to_search(info, table, level)
    if not games:
        return Evaluation([], 0, exact=False)
    facts = knowledge(info, table)
    deals, weights = _call_deals(info, table, facts, level)
    outlooks = [
        Outlook(announcement, game_label(Contract(Kind(announcement.contract), announcement.suit, info.seat)))
        for announcement in games
    ]
    solvers = _Solvers(table)
    rng = SeededRandom(derive_seed(info.seed, "covers"))
    taken = 0
    for deal, weight in zip(deals, weights, strict=True):
        if not solvers.take_next_deal(taken, level.deal_nodes):
            break
        taken += 1
        hands = hands_of(info, facts, deal)
        covers = _covers(facts, deal, rng)
        for outlook, announcement in zip(outlooks, games, strict=True):
            game = Contract(Kind(announcement.contract), announcement.suit, info.seat)
            won, score = _play_from_start(info, table, solvers, game, hands, covers)
            outlook.add(weight, won, score, 0.0)
    return Evaluation(outlooks, taken, exact=False, nodes=solvers.nodes())


def _games_to_search(info: SeatInfo, table: Table, level: Level) -> list[Announce]:
    allowed = [choice.action for choice in info.allowed if isinstance(choice.action, Announce)]
    if level.every_game:
        return allowed
    pack = table.options.pack
    size = len(info.hand)
    worth = [
        announcement
        for announcement in allowed
        if _worth_searching(frozenset(info.hand), Kind(announcement.contract), announcement.suit, pack, size)
    ]
    forced = not any(isinstance(choice.action, Pass) for choice in info.allowed)
    return worth or (allowed if forced else [])


def _worth_searching(hand: frozenset[Card], kind: Kind, suit: Suit | None, pack: Pack, size: int) -> bool:
    """Rules of thumb, looser than those of ``deals.fits``: which games the seat's cards
    make worth a search."""
    if kind in (Kind.SIE, Kind.HOCHZEIT, Kind.BETTEL) or kind in TOUTS:
        return fits(hand, kind, suit, pack, size)
    order = TrickOrder.of(kind, None if kind is Kind.RUFSPIEL else suit, pack)
    trumps = sum(order.is_trump(card) for card in hand)
    if kind is Kind.RUFSPIEL:
        return 2 * trumps >= size - 2
    if kind in (Kind.WENZ, Kind.GEIER):
        aces = sum(card.rank is Rank.ACE for card in hand)
        return trumps >= 1 and trumps + aces >= 3
    return 2 * trumps >= size


def _choose_game(info: SeatInfo, level: Level, evaluation: Evaluation) -> Decision:
    forced = not any(isinstance(choice.action, Pass) for choice in info.allowed)
    candidates = [
        outlook for outlook in evaluation.outlooks if forced or outlook.chance >= level.announce_floor
    ]
    if not candidates:
        return Decision(Pass(), nodes=evaluation.nodes)
    best = max(candidates, key=lambda outlook: (round(outlook.mean_score, 9), round(outlook.chance, 9)))
    if forced:
        reason = f"must play (muss): this game wins in {evaluation.describe(best)}"
    else:
        reason = f"announces: wins in {evaluation.describe(best)}"
    return Decision(best.action, reason, evaluation.nodes)


def _play_from_start(
    info: SeatInfo,
    table: Table,
    solvers: _Solvers,
    game: Contract,
    hands: list[frozenset[Card]],
    covers: dict[Card, Card],
) -> tuple[bool, float]:
    """Whether the seat, declaring ``game``, wins it when it is played from the first card
    with these hands, and what it pays the seat (doubles so far counted)."""
    if game.kind is Kind.SIE:
        return True, _Valuation(table, info.seat, game, frozenset({game.declarer}), hands, 0).payout(True, 0)
    if game.kind is Kind.HOCHZEIT:
        taken = _hochzeit_taker(table, game.declarer, hands)
        if taken is None:
            return False, 0.0
        hands, partner = taken
        declarers = frozenset({game.declarer, partner})
    else:
        declarers = _declarers(table, game, hands, {})
    valuation = _Valuation(table, info.seat, game, declarers, hands, _doubles(info))
    leader = (info.dealer + 1) % table.seats
    start = _Position(tuple(hands), leader, (), 0)
    tricks = HAND_SIZE[(table.seats, table.options.pack)]
    base = TOUTS.get(game.kind, game.kind)
    if game.kind in TOUTS:
        won = solvers.reaches(game, covers, start, declarers, tricks, tricks=True)
    elif base is Kind.BETTEL:
        won = solvers.reaches(game, covers, start, declarers, tricks)
    else:
        won = solvers.reaches(game, covers, start, declarers, WINNING_POINTS)
    return won, valuation.payout(won, 0)


def _hochzeit_taker(
    table: Table, declarer: int, hands: list[frozenset[Card]]
) -> tuple[list[frozenset[Card]], int] | None:
    """Who takes a Hochzeit (the first seat after the Hochzeiter holding three trumps, as
    the easy player does), with the hands after the exchange; None if nobody does."""
    order = partner_game_order(table.options)
    open_trump = next(card for card in hands[declarer] if order.is_trump(card))
    for offset in range(1, table.seats):
        seat = (declarer + offset) % table.seats
        trumps = [card for card in hands[seat] if order.is_trump(card)]
        if len(trumps) < 3:
            continue
        plain = [card for card in hands[seat] if not order.is_trump(card)] or trumps
        given = min(plain, key=lambda card: (points([card]), order.power(card), _card_key(card)))
        exchanged = list(hands)
        exchanged[seat] = hands[seat] - {given} | {open_trump}
        exchanged[declarer] = hands[declarer] - {open_trump} | {given}
        return exchanged, seat
    return None


# The Hochzeit ------------------------------------------------------------------------

# The Hochzeit's exchange is searched with this many of the seat's cheapest cards.
_GIVES_SEARCHED = 3


def hochzeit_outlooks(info: SeatInfo, level: Level) -> Evaluation:
    """For the seat's cheapest cards: the chance that the pair wins when the seat takes
    the Hochzeit giving that card."""
    table = table_of(info)
    contract = table.contract
    assert contract is not None
    facts = knowledge(info, table)
    deals, weights = _call_deals(info, table, facts, level)
    order = partner_game_order(table.options)
    gives = [
        choice.action.card
        for choice in info.allowed
        if isinstance(choice.action, GiveCard) and choice.action.card is not None
    ]
    gives.sort(key=lambda card: (points([card]), order.power(card), _card_key(card)))
    searched = gives if level.every_game else gives[:_GIVES_SEARCHED]
    outlooks = [Outlook(GiveCard(card), f"Nehmen, {card_name(card)} geben") for card in searched]
    open_trump = info.shown[contract.declarer][0]
    solvers = _Solvers(table)
    declarers = frozenset({contract.declarer, info.seat})
    leader = (info.dealer + 1) % table.seats
    taken = 0
    for deal, weight in zip(deals, weights, strict=True):
        if not solvers.take_next_deal(taken, level.deal_nodes):
            break
        taken += 1
        hands = hands_of(info, facts, deal)
        for outlook, given in zip(outlooks, searched, strict=True):
            exchanged = list(hands)
            exchanged[info.seat] = hands[info.seat] - {given} | {open_trump}
            exchanged[contract.declarer] = hands[contract.declarer] - {open_trump} | {given}
            start = _Position(tuple(exchanged), leader, (), 0)
            won = solvers.reaches(contract, {}, start, declarers, WINNING_POINTS)
            valuation = _Valuation(table, info.seat, contract, declarers, exchanged, _doubles(info))
            outlook.add(weight, won, valuation.payout(won, 0), 0.0)
    return Evaluation(outlooks, taken, exact=False, nodes=solvers.nodes())


def _choose_hochzeit(level: Level, evaluation: Evaluation) -> Decision:
    if not evaluation.outlooks:
        return Decision(Pass(), nodes=evaluation.nodes)
    best = max(evaluation.outlooks, key=Evaluation.ranking)
    if best.chance < level.hochzeit_floor:
        return Decision(Pass(), nodes=evaluation.nodes)
    return Decision(
        best.action, f"takes the Hochzeit: the pair wins in {evaluation.describe(best)}", evaluation.nodes
    )


# Card play ---------------------------------------------------------------------------


def card_outlooks(info: SeatInfo, level: Level, weighted: bool | None = None) -> Evaluation:
    """For every playable card: how often the seat's side wins the game after it, and its
    mean score and points in the exactly solved deals."""
    table = table_of(info)
    game = table.contract
    assert game is not None
    facts = knowledge(info, table)
    deals, weights, exact = _card_deals(info, table, facts, level)
    if weighted is not None and weighted != level.weighted:
        weights = _weights(info, table, facts, replace(level, weighted=weighted), deals)
    outlooks = {card: Outlook(PlayCard(card), card_name(card)) for card in info.playable}
    exactly = {card: Outlook(PlayCard(card), card_name(card)) for card in info.playable}
    solvers = _Solvers(table)
    rng = SeededRandom(derive_seed(info.seed, "covers"))
    solved = 0
    taken = 0
    for deal, weight in zip(deals, weights, strict=True):
        if not solvers.take_next_deal(taken, level.deal_nodes):
            exact = False
            break
        taken += 1
        hands = hands_of(info, facts, deal)
        covers = _covers(facts, deal, rng)
        exactly_now = solved < level.exact_card_samples and solvers.take_next_deal(
            solved, level.exact_card_nodes
        )
        results = _card_results(info, table, solvers, game, hands, covers, exactly_now, level.exact_points)
        solved += exactly_now
        for card, (won, score, side_points) in results.items():
            if card not in outlooks:
                continue
            outlooks[card].add(weight, won, 0.0, 0.0)
            if exactly_now:
                exactly[card].add(weight, won, score, side_points)
    for card, outlook in outlooks.items():
        outlook.take_means_of(exactly[card])
    return Evaluation(list(outlooks.values()), taken, exact, solvers.nodes(), solved)


def _card_results(
    info: SeatInfo,
    table: Table,
    solvers: _Solvers,
    game: Contract,
    hands: list[frozenset[Card]],
    covers: dict[Card, Card],
    exactly: bool,
    exact_points: bool,
) -> dict[Card, tuple[bool, float, int]]:
    """Per legal card in one deal: whether the seat's side wins, and when solved exactly
    what it pays the seat and the points (Ramsch: the seat's own) it ends with; without
    ``exact_points`` only at the thresholds of the money (61, Schneider)."""
    seats = table.seats
    played = {card: seat for trick in info.tricks for seat, card in trick.cards}
    played |= {card: seat for seat, card in info.trick_cards}
    position = _now(info, table, hands)
    tricks_left = info.hand_sizes[info.seat]
    if game.kind is Kind.RAMSCH:
        mine = frozenset({info.seat})
        own = sum(trick.points for trick in info.tricks if trick.winner == info.seat)
        in_play = TOTAL_POINTS - sum(trick.points for trick in info.tricks)
        share = TOTAL_POINTS // seats
        if exactly:
            values = solvers.move_values(game, covers, position, mine)
            return {
                card: (own + in_play - value <= share, -float(own + in_play - value), own + in_play - value)
                for card, value in values
            }
        target = own + in_play - share
        answers = solvers.move_reaches(game, covers, position, mine, target)
        return {card: (reached, 0.0, 0) for card, reached in answers}
    declarers = _declarers(table, game, hands, played)
    declaring = info.seat in declarers
    mine = declarers if declaring else frozenset(range(seats)) - declarers
    valuation = _Valuation(table, info.seat, game, declarers, dealt_hands(info, hands), _doubles(info))
    side_tricks = sum(trick.winner in mine for trick in info.tricks)
    other_tricks = len(info.tricks) - side_tricks
    declarer_tricks = side_tricks if declaring else other_tricks
    base = TOUTS.get(game.kind, game.kind)
    if game.kind in TOUTS or base is Kind.BETTEL:
        tout = game.kind in TOUTS
        decided = declarer_tricks < len(info.tricks) if tout else declarer_tricks > 0
        if decided:
            return {card: (not declaring, valuation.payout(False, 0), 0) for card in info.playable}
        # Declaring a Tout: every trick; a Bettel: the others take every trick. Defending
        # either: one trick for the side (a misère's side scores the Bettel declarer's).
        target = tricks_left if declaring else 1
        answers = solvers.move_reaches(game, covers, position, mine, target, tricks=tout)
        return {card: (reached, valuation.payout(reached == declaring, 0), 0) for card, reached in answers}
    taken = sum(trick.points for trick in info.tricks if trick.winner in mine)
    if not exactly:
        target = (WINNING_POINTS if declaring else TOTAL_POINTS - WINNING_POINTS + 1) - taken
        answers = solvers.move_reaches(game, covers, position, mine, target)
        return {card: (reached, 0.0, 0) for card, reached in answers}
    if not exact_points:
        return _threshold_results(solvers, game, covers, position, mine, declaring, taken, valuation)
    results: dict[Card, tuple[bool, float, int]] = {}
    # Whether the side takes every trick, and whether it takes one, after each card: asked
    # only when one side has no point, where Schwarz is a question of tricks.
    every_trick: dict[Card, bool] = {}
    some_trick: dict[Card, bool] = {}
    for card, value in solvers.move_values(game, covers, position, mine):
        side_points = taken + value
        schwarz = False
        if side_points == TOTAL_POINTS and not other_tricks:
            every_trick = every_trick or dict(
                solvers.move_reaches(game, covers, position, mine, tricks_left, True)
            )
            schwarz = every_trick[card]
        elif side_points == 0 and not side_tricks:
            some_trick = some_trick or dict(solvers.move_reaches(game, covers, position, mine, 1, True))
            schwarz = not some_trick[card]
        declarer_points = side_points if declaring else TOTAL_POINTS - side_points
        score = valuation.points_payout(declarer_points, schwarz)
        results[card] = ((declarer_points >= WINNING_POINTS) == declaring, score, side_points)
    return results


def _threshold_results(
    solvers: _Solvers,
    game: Contract,
    covers: dict[Card, Card],
    position: _Position,
    mine: frozenset[int],
    declaring: bool,
    taken: int,
    valuation: _Valuation,
) -> dict[Card, tuple[bool, float, int]]:
    """Per legal card of a point game: whether the side wins, and whether it makes or
    escapes Schneider, each a null-window question, and what that pays the seat; the
    side's points stand at the least that decides both."""
    # The side's points that win, make Schneider and escape it (the defenders win at 60).
    win = WINNING_POINTS if declaring else TOTAL_POINTS + 1 - WINNING_POINTS
    schneider = SCHNEIDER_WON if declaring else TOTAL_POINTS - SCHNEIDER_LOST
    escape = SCHNEIDER_LOST + 1 if declaring else TOTAL_POINTS + 1 - SCHNEIDER_WON
    wins = solvers.move_reaches(game, covers, position, mine, win - taken)
    winning = [card for card, won in wins if won]
    losing = [card for card, won in wins if not won]
    high = dict(solvers.move_reaches(game, covers, position, mine, schneider - taken, among=winning))
    low = dict(solvers.move_reaches(game, covers, position, mine, escape - taken, among=losing))
    results: dict[Card, tuple[bool, float, int]] = {}
    for card, won in wins:
        side_points = (schneider if high[card] else win) if won else (escape if low[card] else 0)
        declarer_points = side_points if declaring else TOTAL_POINTS - side_points
        results[card] = (won, valuation.points_payout(declarer_points, False), side_points)
    return results


def _allowed_double(info: SeatInfo) -> _Call | None:
    choice = next((choice for choice in info.allowed if isinstance(choice.action, Double)), None)
    return None if choice is None else _Call(choice.action, "gives " + choice.label)


@dataclass(frozen=True)
class _Call:
    action: Action
    label: str


# Advice ------------------------------------------------------------------------------


def advise(info: SeatInfo) -> service_pb2.GetAdviceResponse:
    """What the strong computer would do in this seat, with the numbers behind it: in the
    Spielansage every allowed game's winning chance, for the Hochzeit every card to give,
    in play every playable card with the deals it wins."""
    response = service_pb2.GetAdviceResponse()
    game_type = Schafkopf.game_type
    evaluation = Evaluation([], 0, False)
    if info.phase == "aufstellen":
        decision, share = _stand_up(info, STRONG)
        verdict = "stand up" if isinstance(decision.action, Double) else "do not stand up"
        reason = f"{verdict}: a game of your own in {share}"
    elif info.phase == "spielansage":
        evaluation = call_outlooks(info, ADVISOR)
        decision = _choose_game(info, STRONG, evaluation)
        reason = decision.reason or "pass: no game wins often enough"
        add_calls(response, evaluation.outlooks, game_type)
    elif info.phase == "hochzeit":
        evaluation = hochzeit_outlooks(info, ADVISOR)
        decision = _choose_hochzeit(STRONG, evaluation)
        reason = decision.reason or "pass: the pair does not win often enough"
        add_calls(response, evaluation.outlooks, game_type)
    elif info.playable:
        evaluation = card_outlooks(info, STRONG)
        best = max(evaluation.outlooks, key=Evaluation.ranking)
        decision = Decision(best.action)
        double = _allowed_double(info)
        if double is not None and best.chance >= STRONG.double_floor:
            decision = Decision(double.action)
        reason = (
            f"{best.label} wins the game in {evaluation.describe(best)}"
            f" and scores {best.mean_score:.0f} on average in the {evaluation.solved} solved exactly"
        )
        add_cards(response, sorted(evaluation.outlooks, key=Evaluation.ranking, reverse=True))
    else:
        decision = Decision(None)
        reason = "wait for your turn"
    if decision.action is not None:
        response.recommended_action.CopyFrom(convert.action_to_proto(decision.action, game_type))
    response.reason = reason
    response.deals_considered = evaluation.deals
    response.exact = evaluation.exact
    return response


# Deals -------------------------------------------------------------------------------


def _call_deals(
    info: SeatInfo, table: Table, facts: Knowledge, level: Level
) -> tuple[list[Deal], list[float]]:
    deals = _sample(facts.constraints, SeededRandom(info.seed), level.call_samples[table.seats])
    return deals, _weights(info, table, facts, level, deals)


def _card_deals(
    info: SeatInfo, table: Table, facts: Knowledge, level: Level
) -> tuple[list[Deal], list[float], bool]:
    known = facts.constraints
    # Listing tests every deal against the caller's card: list only when few are left.
    if level.exact_limit and DealCounter(known).count() <= level.exact_limit * _LISTED_PER_DEAL:
        every = list(islice(enumerate_deals(known), level.exact_limit + 1))
        if 0 < len(every) <= level.exact_limit:
            return every, _weights(info, table, facts, level, every), True
    count = level.samples + level.samples_per_trick * len(info.tricks)
    drawn = _sample(known, SeededRandom(info.seed), count)
    return drawn, _weights(info, table, facts, level, drawn), False


def _sample(known: Constraints, rng: SeededRandom, count: int) -> list[Deal]:
    drawn = sample(known, rng, count)
    if not drawn:
        raise ValueError("no deal agrees with the view; the view is inconsistent")
    return drawn


def _weights(info: SeatInfo, table: Table, facts: Knowledge, level: Level, deals: list[Deal]) -> list[float]:
    if not level.weighted:
        return [1.0] * len(deals)
    return [likelihood(info, table, dealt_hands(info, hands_of(info, facts, deal))) for deal in deals]


def _covers(facts: Knowledge, deal: Deal, rng: SeededRandom) -> dict[Card, Card]:
    """With two players: which face-down card lies under which face-up card, drawn (nobody
    knows)."""
    covers: dict[Card, Card] = {}
    for seat, lying in enumerate(facts.covering):
        if not lying:
            continue
        hidden = rng.shuffled(sorted(deal.get(seat, frozenset()), key=_card_key))
        covers.update(zip(hidden, lying, strict=True))
    return covers


# Private helpers ---------------------------------------------------------------------


def _card_key(card: Card) -> tuple[int, int]:
    return (int(card.suit), int(card.rank))


def _doubles(info: SeatInfo) -> int:
    """Aufstellen, Kontra and Re so far: each doubles the game."""
    return sum(isinstance(action, Double) for _, action in info.calls)


def _declarers(
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
class _Position:
    """A position for the solver: hands by seat (the solver's seats are the table's: play
    passes from n to n + 1), the open trick's leader and cards, and the state bits."""

    hands: tuple[frozenset[Card], ...]
    leader: int
    trick: tuple[Card, ...]
    flags: int


def _now(info: SeatInfo, table: Table, hands: list[frozenset[Card]]) -> _Position:
    game = table.contract
    assert game is not None
    trick = info.current_trick
    leader = trick.leader if trick is not None and trick.cards else info.seat
    flags = 0
    if game.kind is Kind.RUFSPIEL:
        order = table.order
        if any(order.led_class(trick.cards[0][1]) is game.suit for trick in info.tricks):
            flags = CALLED_LANE_LED
    return _Position(tuple(hands), leader, tuple(card for _, card in info.trick_cards), flags)


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


class _Solvers:
    """Solvers by game, objective and (two players) the cards lying under others."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.solvers: dict[tuple[object, ...], tuple[Solver, CardIndex]] = {}

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
        self, game: Contract, covers: dict[Card, Card], position: _Position, tricks: bool
    ) -> tuple[Solver, CardIndex, list[int], list[int]]:
        solver, index = self._get(game, covers, tricks)
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
        position: _Position,
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
        position: _Position,
        side: Iterable[int],
        target: int,
        tricks: bool = False,
        among: Iterable[Card] | None = None,
    ) -> list[tuple[Card, bool]]:
        """Per legal card (of ``among``, if given): whether ``side`` reaches ``target``."""
        solver, index, hands, trick = self._load(game, covers, position, tricks)
        cards = index.mask(index.cards if among is None else among)
        if target <= 0:
            legal = solver.legal_cards(hands, position.leader, trick, position.flags) & cards
            return [(card, True) for card in index.unmask(legal)]
        answers = solver.move_reaches(
            hands, position.leader, trick, _mask(side), target, position.flags, cards
        )
        return [(index.cards[card], reached) for card, reached in answers]

    def move_values(
        self, game: Contract, covers: dict[Card, Card], position: _Position, side: Iterable[int]
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
class _Valuation:
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
