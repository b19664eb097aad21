"""Computer players by game and level.

``decide`` is the only entry point the worker uses: it gets the seat's observation (made
by the game's engine, carried in the job) and returns a Decision. A level a game does not
offer is an error, never a silent substitute.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from ai_worker.players import baska_kop, bela, schafkopf, speculation
from ai_worker.players.decision import Decision
from ai_worker.seat_info import SeatInfo, seat_info
from speedgamez.internal.v1 import ai_job_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

# One line per game: the package in ai_worker/players/<game>/, with LEVELS (its computer
# players by level) and, if it has one, advise.
_PACKAGES: dict[str, ModuleType] = {
    "baska_kop": baska_kop,
    "bela": bela,
    "schafkopf": schafkopf,
    "speculation": speculation,
}

PLAYERS: dict[tuple[str, str], Callable[[SeatInfo], Decision]] = {
    (game, level): player for game, package in _PACKAGES.items() for level, player in package.LEVELS.items()
}
ADVISORS: dict[str, Callable[[SeatInfo], service_pb2.GetAdviceResponse]] = {
    game: package.advise for game, package in _PACKAGES.items() if hasattr(package, "advise")
}


def advise(observation: ai_job_pb2.SeatObservation) -> service_pb2.GetAdviceResponse:
    info = seat_info(observation)
    advisor = ADVISORS.get(info.game)
    if advisor is None:
        raise LookupError(f"no advice for {info.game}")
    return advisor(info)


def decide(observation: ai_job_pb2.SeatObservation, level: str) -> Decision:
    info = seat_info(observation)
    player = PLAYERS.get((info.game, level))
    if player is None:
        raise LookupError(f"no {level} computer player for {info.game}")
    return player(info)
