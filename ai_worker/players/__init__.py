"""Computer players by game and level.

``decide`` is the only entry point the worker uses: it gets the seat's redacted view
and returns a Decision. A level a game does not offer is an error, never a silent
substitute.
"""

from __future__ import annotations

from collections.abc import Callable

from ai_worker.players import baska_kop_easy, baska_kop_search
from ai_worker.players.decision import Decision
from ai_worker.seat_info import SeatInfo, seat_info
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

PLAYERS: dict[tuple[str, str], Callable[[SeatInfo], Decision]] = {
    ("baska_kop", "easy"): baska_kop_easy.decide,
    ("baska_kop", "normal"): baska_kop_search.decide_normal,
    ("baska_kop", "strong"): baska_kop_search.decide_strong,
}


ADVISORS: dict[str, Callable[[SeatInfo], service_pb2.GetAdviceResponse]] = {
    "baska_kop": baska_kop_search.advise,
}


def advise(view: table_pb2.TableView) -> service_pb2.GetAdviceResponse:
    info = seat_info(view)
    advisor = ADVISORS.get(info.game)
    if advisor is None:
        raise LookupError(f"no advice for {info.game}")
    return advisor(info)


def decide(view: table_pb2.TableView, level: str) -> Decision:
    info = seat_info(view)
    player = PLAYERS.get((info.game, level))
    if player is None:
        raise LookupError(f"no {level} computer player for {info.game}")
    return player(info)
