"""Advice at a market's table: what the strong trader would do now, and what every holding
on the table is worth by the same count (``chances`` with every card turned up since the
shuffle). Asked for at any time the caller may act, his turn or not."""

from __future__ import annotations

from ai_worker.players.speculation.chances import chances
from ai_worker.players.speculation.trader import STRONG, decide
from ai_worker.seat_info import SeatInfo
from engine.speculation.blocks import SpeculationView
from engine.speculation.rules import Speculation
from server import convert
from speedgamez.v1 import table_service_pb2 as service_pb2


def advise(info: SeatInfo) -> service_pb2.GetAdviceResponse:
    view = info.revealed
    assert isinstance(view, SpeculationView), "a Speculation seat's job carries the market"
    decision = decide(info, STRONG)
    response = service_pb2.GetAdviceResponse(exact=True)
    if decision.action is not None:
        response.recommended_action.CopyFrom(convert.action_to_proto(decision.action, Speculation.game_type))
        response.reason = decision.reason
    else:
        response.reason = "no trade is worth making now: every offer would pay more than the cards are worth"
    odds = chances(view, counting=True)
    holding = response.holding
    holding.pool = view.pool
    holding.best_win_chance, holding.best_fair_chips = odds.best, odds.worth(odds.best)
    holding.card_win_chance, holding.card_fair_chips = odds.slot, odds.worth(odds.slot)
    for seat, (held, chance) in enumerate(zip(view.seats, odds.seats, strict=True)):
        holding.seats.add(seat=seat, win_chance=chance, fair_chips=odds.worth(chance), slot_ids=held.slot_ids)
    return response
