"""Schafkopf's card play by search (see ``search``): every playable card's winning
chance and mean score over the drawn deals, and Kontra and Re from the same search."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, replace

from ai_worker.players.outlook import Evaluation, Outlook
from ai_worker.players.schafkopf import easy
from ai_worker.players.schafkopf.deals import (
    dealt_hands,
    hands_of,
    knowledge,
)
from ai_worker.players.schafkopf.info import Table, table_of
from ai_worker.players.schafkopf.solving import (
    Level,
    Solvers,
    Valuation,
    card_deals,
    declarers_of,
    doubles_so_far,
    draw_covers,
    position_now,
    weights_of,
)
from ai_worker.search.solver import NO_NODE_LIMIT, NodeLimitError
from ai_worker.seat_info import SeatInfo
from engine.actions import Action, Double, PlayCard
from engine.cards import Card
from engine.schafkopf.constants import (
    TOTAL_POINTS,
    TOUTS,
    WINNING_POINTS,
    Kind,
    card_name,
)
from engine.schafkopf.deal import Contract
from engine.seeding import SeededRandom, derive_seed


def card_outlooks(info: SeatInfo, level: Level, weighted: bool | None = None) -> Evaluation:
    """For every playable card: how often the seat's side wins the game after it, and its
    mean score and points in the exactly solved deals."""
    table = table_of(info)
    game = table.contract
    assert game is not None
    facts = knowledge(info, table)
    deals, weights, exact = card_deals(info, table, facts, level)
    if weighted is not None and weighted != level.weighted:
        weights = weights_of(info, table, facts, replace(level, weighted=weighted), deals)
    outlooks = {card: Outlook(PlayCard(card), card_name(card)) for card in info.playable}
    exactly = {card: Outlook(PlayCard(card), card_name(card)) for card in info.playable}
    solvers = Solvers(table)
    rng = SeededRandom(derive_seed(info.seed, "covers"))
    solved = 0
    taken = 0
    for deal, weight in zip(deals, weights, strict=True):
        if not solvers.take_next_deal(taken, level.deal_nodes):
            exact = False
            break
        hands = hands_of(info, facts, deal)
        covers = draw_covers(facts, deal, rng)
        results = None
        if (
            solved < level.exact_card_samples
            and solvers.take_next_deal(solved, level.exact_card_nodes)
            and solvers.nodes() < level.card_node_limit
        ):
            solvers.stop_at = min(solvers.nodes() + level.exact_deal_nodes, level.card_node_limit)
            # A deal too dear to solve exactly still answers who wins, with the table
            # its exact search filled.
            with suppress(NodeLimitError):
                results = card_results(info, table, solvers, game, hands, covers, True)
                solved += 1
        exactly_now = results is not None
        if results is None and (not taken or solvers.nodes() < level.card_node_limit):
            solvers.stop_at = level.card_node_limit if taken else NO_NODE_LIMIT
            with suppress(NodeLimitError):
                results = card_results(info, table, solvers, game, hands, covers, False)
        if results is None:
            exact = False
            break
        taken += 1
        for card, (won, score, side_points) in results.items():
            if card not in outlooks:
                continue
            outlooks[card].add(weight, won, 0.0, 0.0)
            if exactly_now:
                exactly[card].add(weight, won, score, side_points)
    for card, outlook in outlooks.items():
        outlook.take_means_of(exactly[card])
    return Evaluation(
        list(outlooks.values()), taken, exact, solvers.nodes(), solved, weighted=len(set(weights[:taken])) > 1
    )


def best_card(info: SeatInfo, evaluation: Evaluation) -> Outlook:
    """The card that ranks first; among cards the search cannot tell apart (often when no
    deal was solved exactly in time), the one the rules of thumb play."""
    top = max(evaluation.ranking(outlook) for outlook in evaluation.outlooks)
    tied = [outlook for outlook in evaluation.outlooks if evaluation.ranking(outlook) == top]
    if len(tied) > 1:
        usual = easy.decide(info).action
        return next((outlook for outlook in tied if outlook.action == usual), tied[0])
    return tied[0]


def card_results(
    info: SeatInfo,
    table: Table,
    solvers: Solvers,
    game: Contract,
    hands: list[frozenset[Card]],
    covers: dict[Card, Card],
    exactly: bool,
) -> dict[Card, tuple[bool, float, int]]:
    """Per legal card in one deal: whether the seat's side wins, and when solved exactly
    what it pays the seat and the points (Ramsch: the seat's own) it ends with."""
    seats = table.seats
    played = {card: seat for trick in info.tricks for seat, card in trick.cards}
    played |= {card: seat for seat, card in info.trick_cards}
    position = position_now(info, table, hands)
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
    declarers = declarers_of(table, game, hands, played)
    declaring = info.seat in declarers
    mine = declarers if declaring else frozenset(range(seats)) - declarers
    valuation = Valuation(table, info.seat, game, declarers, dealt_hands(info, hands), doubles_so_far(info))
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


def allowed_double(info: SeatInfo) -> _Call | None:
    choice = next((choice for choice in info.allowed if isinstance(choice.action, Double)), None)
    return None if choice is None else _Call(choice.action, "gives " + choice.label)


@dataclass(frozen=True)
class _Call:
    action: Action
    label: str
