"""Schafkopf's calls by search (see ``search``): Aufstellen, the Spielansage and the
Hochzeit."""

from __future__ import annotations

from ai_worker.players.decision import Decision
from ai_worker.players.outlook import Evaluation, Outlook
from ai_worker.players.schafkopf.deals import (
    fits,
    hands_of,
    knowledge,
    strong_game,
)
from ai_worker.players.schafkopf.info import Table, partner_game_order, table_of
from ai_worker.players.schafkopf.solving import (
    Level,
    Position,
    Solvers,
    Valuation,
    call_deals,
    card_key,
    declarers_of,
    doubles_so_far,
    draw_covers,
)
from ai_worker.search.sampling import sample
from ai_worker.seat_info import SeatInfo
from engine.actions import Announce, Double, Pass
from engine.cards import Card, Rank, Suit
from engine.schafkopf.blocks import GiveCard
from engine.schafkopf.constants import (
    HAND_SIZE,
    PARTNER_GAMES,
    TOUTS,
    WINNING_POINTS,
    Kind,
    Pack,
    card_name,
    points,
)
from engine.schafkopf.deal import Contract
from engine.schafkopf.play import TrickOrder
from engine.schafkopf.results import game_label
from engine.seeding import SeededRandom, derive_seed

# Aufstellen --------------------------------------------------------------------------


def stand_up(info: SeatInfo, level: Level) -> tuple[Decision, str]:
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
    deals, weights = call_deals(info, table, facts, level)
    outlooks = [
        Outlook(announcement, game_label(Contract(Kind(announcement.contract), announcement.suit, info.seat)))
        for announcement in games
    ]
    solvers = Solvers(table)
    rng = SeededRandom(derive_seed(info.seed, "covers"))
    taken = 0
    for deal, weight in zip(deals, weights, strict=True):
        if not solvers.take_next_deal(taken, level.call_nodes):
            break
        taken += 1
        hands = hands_of(info, facts, deal)
        covers = draw_covers(facts, deal, rng)
        for outlook, announcement in zip(outlooks, games, strict=True):
            game = Contract(Kind(announcement.contract), announcement.suit, info.seat)
            won, score = _play_from_start(
                info, table, solvers, game, hands, covers, level.alone_handicap[table.seats]
            )
            outlook.add(weight, won, score, 0.0)
    return Evaluation(
        outlooks, taken, exact=False, nodes=solvers.nodes(), weighted=len(set(weights[:taken])) > 1
    )


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


def choose_game(info: SeatInfo, level: Level, evaluation: Evaluation) -> Decision:
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
    solvers: Solvers,
    game: Contract,
    hands: list[frozenset[Card]],
    covers: dict[Card, Card],
    alone_handicap: int,
) -> tuple[bool, float]:
    """Whether the seat, declaring ``game``, wins it when it is played from the first card
    with these hands (a game alone with ``alone_handicap`` points fewer), and what it pays
    the seat (doubles so far counted)."""
    if game.kind is Kind.SIE:
        return True, Valuation(table, info.seat, game, frozenset({game.declarer}), hands, 0).payout(True, 0)
    if game.kind is Kind.HOCHZEIT:
        taken = _hochzeit_taker(table, game.declarer, hands)
        if taken is None:
            return False, 0.0
        hands, partner = taken
        declarers = frozenset({game.declarer, partner})
    else:
        declarers = declarers_of(table, game, hands, {})
    valuation = Valuation(table, info.seat, game, declarers, hands, doubles_so_far(info))
    leader = (info.dealer + 1) % table.seats
    start = Position(tuple(hands), leader, (), 0)
    tricks = HAND_SIZE[(table.seats, table.options.pack)]
    base = TOUTS.get(game.kind, game.kind)
    if game.kind in TOUTS:
        won = solvers.reaches(game, covers, start, declarers, tricks, tricks=True)
    elif base is Kind.BETTEL:
        won = solvers.reaches(game, covers, start, declarers, tricks)
    else:
        handicap = 0 if game.kind in PARTNER_GAMES else alone_handicap
        won = solvers.reaches(game, covers, start, declarers, WINNING_POINTS - handicap)
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
        given = min(plain, key=lambda card: (points([card]), order.power(card), card_key(card)))
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
    deals, weights = call_deals(info, table, facts, level)
    order = partner_game_order(table.options)
    gives = [
        choice.action.card
        for choice in info.allowed
        if isinstance(choice.action, GiveCard) and choice.action.card is not None
    ]
    gives.sort(key=lambda card: (points([card]), order.power(card), card_key(card)))
    searched = gives if level.every_game else gives[:_GIVES_SEARCHED]
    outlooks = [Outlook(GiveCard(card), f"Nehmen, {card_name(card)} geben") for card in searched]
    open_trump = info.shown[contract.declarer][0]
    solvers = Solvers(table)
    declarers = frozenset({contract.declarer, info.seat})
    leader = (info.dealer + 1) % table.seats
    taken = 0
    for deal, weight in zip(deals, weights, strict=True):
        if not solvers.take_next_deal(taken, level.call_nodes):
            break
        taken += 1
        hands = hands_of(info, facts, deal)
        for outlook, given in zip(outlooks, searched, strict=True):
            exchanged = list(hands)
            exchanged[info.seat] = hands[info.seat] - {given} | {open_trump}
            exchanged[contract.declarer] = hands[contract.declarer] - {open_trump} | {given}
            start = Position(tuple(exchanged), leader, (), 0)
            won = solvers.reaches(contract, {}, start, declarers, WINNING_POINTS)
            valuation = Valuation(table, info.seat, contract, declarers, exchanged, doubles_so_far(info))
            outlook.add(weight, won, valuation.payout(won, 0), 0.0)
    return Evaluation(
        outlooks, taken, exact=False, nodes=solvers.nodes(), weighted=len(set(weights[:taken])) > 1
    )


def choose_hochzeit(level: Level, evaluation: Evaluation) -> Decision:
    if not evaluation.outlooks:
        return Decision(Pass(), nodes=evaluation.nodes)
    best = max(evaluation.outlooks, key=evaluation.ranking)
    if best.chance < level.hochzeit_floor:
        return Decision(Pass(), nodes=evaluation.nodes)
    return Decision(
        best.action, f"takes the Hochzeit: the pair wins in {evaluation.describe(best)}", evaluation.nodes
    )
