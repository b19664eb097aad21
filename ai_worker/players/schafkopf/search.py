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
(``exact_card_samples``, within ``exact_card_nodes``) are solved exactly for every card;
the others only answer whether the seat's side wins after each card, a cheaper
null-window question. Cards rank by winning chance, then by the mean score of the
exactly solved deals, then by the easy player's choice; a decision stops taking deals
once its solvers have spent ``deal_nodes`` (a call: ``call_nodes``). The work of one
exact solve varies a thousandfold between deals, so normal gives each at most
``exact_deal_nodes`` (a deal too dear answers only who wins) and stops a card's search
where it is at ``card_node_limit``, deciding by the deals answered before.

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

The calls are searched in ``calls``, the cards in ``play``; what both use (the levels,
the deals drawn, the solvers by game, what a game pays a seat) is in ``solving``.
"""

from __future__ import annotations

from ai_worker.players.advice import add_calls, add_cards
from ai_worker.players.decision import Decision
from ai_worker.players.outlook import Evaluation
from ai_worker.players.schafkopf.calls import (
    call_outlooks,
    choose_game,
    choose_hochzeit,
    hochzeit_outlooks,
    stand_up,
)
from ai_worker.players.schafkopf.info import table_of
from ai_worker.players.schafkopf.play import allowed_double, best_card, card_outlooks
from ai_worker.players.schafkopf.solving import ADVISOR, NORMAL, STRONG, Level
from ai_worker.seat_info import SeatInfo
from engine.actions import Double, PlayCard
from engine.schafkopf import Schafkopf
from engine.schafkopf.constants import PARTNER_GAMES
from server import convert
from speedgamez.v1 import table_service_pb2 as service_pb2


def decide_normal(info: SeatInfo) -> Decision:
    return decide(info, NORMAL)


def decide_strong(info: SeatInfo) -> Decision:
    return decide(info, STRONG)


def decide(info: SeatInfo, level: Level) -> Decision:
    if info.seat not in info.to_act:
        return Decision(None)
    if info.phase == "aufstellen":
        return stand_up(info, level)[0]
    if info.phase == "spielansage":
        evaluation = call_outlooks(info, level)
        return choose_game(info, level, evaluation)
    if info.phase == "hochzeit":
        evaluation = hochzeit_outlooks(info, level)
        return choose_hochzeit(level, evaluation)
    if not info.playable:
        return Decision(None)
    double = allowed_double(info)
    if len(info.playable) == 1 and double is None:
        return Decision(PlayCard(info.playable[0]))
    # The game announced says much of the declarer's hand: a double weighs the deals by
    # the calls at every level.
    evaluation = card_outlooks(info, level, weighted=level.weighted or double is not None)
    best = best_card(info, evaluation)
    if double is not None and best.chance >= double_floor(info, level):
        reason = f"{double.label}: its side wins in {evaluation.describe(best)}"
        return Decision(double.action, reason, evaluation.nodes)
    return Decision(best.action, nodes=evaluation.nodes)


def double_floor(info: SeatInfo, level: Level) -> float:
    """The chance a double needs: Kontra against a player alone its own."""
    contract = table_of(info).contract
    assert contract is not None
    alone = contract.kind not in PARTNER_GAMES and info.seat != contract.declarer
    return level.alone_double_floor[info.seats] if alone else level.double_floor


# Advice ------------------------------------------------------------------------------


def advise(info: SeatInfo) -> service_pb2.GetAdviceResponse:
    """What the strong computer would do in this seat, with the numbers behind it: in the
    Spielansage every allowed game's winning chance, for the Hochzeit every card to give,
    in play every playable card with the deals it wins."""
    response = service_pb2.GetAdviceResponse()
    game_type = Schafkopf.game_type
    evaluation = Evaluation([], 0, False)
    if info.phase == "aufstellen":
        decision, share = stand_up(info, STRONG)
        verdict = "stand up" if isinstance(decision.action, Double) else "do not stand up"
        reason = f"{verdict}: a game of your own in {share}"
    elif info.phase == "spielansage":
        evaluation = call_outlooks(info, ADVISOR)
        decision = choose_game(info, STRONG, evaluation)
        reason = decision.reason or "pass: no game wins often enough"
        add_calls(response, evaluation.outlooks, game_type)
    elif info.phase == "hochzeit":
        evaluation = hochzeit_outlooks(info, ADVISOR)
        decision = choose_hochzeit(STRONG, evaluation)
        reason = decision.reason or "pass: the pair does not win often enough"
        add_calls(response, evaluation.outlooks, game_type)
    elif info.playable:
        evaluation = card_outlooks(info, STRONG)
        best = best_card(info, evaluation)
        decision = Decision(best.action)
        double = allowed_double(info)
        if double is not None and best.chance >= double_floor(info, STRONG):
            decision = Decision(double.action)
        reason = (
            f"{best.label} wins the game in {evaluation.describe(best)}"
            f" and scores {best.mean_score:.0f} on average in the {evaluation.solved} solved exactly"
        )
        add_cards(response, sorted(evaluation.outlooks, key=evaluation.ranking, reverse=True))
    else:
        decision = Decision(None)
        reason = "wait for your turn"
    if decision.action is not None:
        response.recommended_action.CopyFrom(convert.action_to_proto(decision.action, game_type))
    response.reason = reason
    response.deals_considered = evaluation.deals
    response.exact = evaluation.exact
    return response
