"""The advisor's numbers as the contract carries them, for every game's advisor: one
``CallAdvice`` per call, one ``CardAdvice`` per playable card."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

from engine.actions import Action, PlayCard
from engine.game import GameType
from server import convert
from speedgamez.v1 import table_service_pb2 as service_pb2


class Outlook(Protocol):
    """How one option fared over the deals a search considered."""

    @property
    def action(self) -> Action: ...

    @property
    def label(self) -> str: ...

    @property
    def won_deals(self) -> int: ...

    @property
    def chance(self) -> float: ...

    @property
    def mean_score(self) -> float: ...

    @property
    def mean_points(self) -> float: ...


OutlookT = TypeVar("OutlookT", bound=Outlook)


def add_calls(response: service_pb2.GetAdviceResponse, outlooks: Iterable[OutlookT], game: GameType) -> None:
    for outlook in outlooks:
        response.calls.append(
            service_pb2.CallAdvice(
                action=convert.action_to_proto(outlook.action, game),
                label=outlook.label,
                win_chance=outlook.chance,
                mean_score=outlook.mean_score,
            )
        )


def add_cards(response: service_pb2.GetAdviceResponse, outlooks: Iterable[OutlookT]) -> None:
    """The cards in the order given (best first)."""
    for outlook in outlooks:
        assert isinstance(outlook.action, PlayCard)
        response.cards.append(
            service_pb2.CardAdvice(
                card=convert.card_to_proto(outlook.action.card),
                winning_deals=outlook.won_deals,
                mean_points=outlook.mean_points,
                mean_score=outlook.mean_score,
            )
        )
