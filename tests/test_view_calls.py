"""A view's calls are encoded once and reused (``server.views``): reused, they must read
exactly as if encoded for this view, for every viewer and every wording, whatever other
views were rendered before. A double's status is what a viewer can know of it, so two
seats can see the same call with different statuses: neither may get the other's."""

from __future__ import annotations

import random

import pytest

from engine.actions import Continue, Double, Pass
from engine.match import MatchPhase
from server import convert
from server.table import TableConfig, TableRecord
from server.table_log import SeatKind
from server.texts import Texts, Wording
from server.views import table_view, texts_for
from speedgamez.v1 import cards_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

WORDINGS = [
    Wording(),
    Wording(card_names=cards_pb2.CARD_NAMES_BAVARIAN, language=service_pb2.LANGUAGE_GERMAN),
]


def calls_encoded_here(record: TableRecord, viewer: int | None, texts: Texts) -> list[table_pb2.Call]:
    """The view's calls built field by field from the engine's history, nothing reused."""
    assert record.match is not None
    game_type = record.game.game_type
    calls = []
    for entry in record.match.view(viewer).deal.history:
        call = table_pb2.Call(
            seat=entry.seat,
            action=convert.action_to_proto(entry.action, game_type),
            label=texts(entry.label),
            double_status=convert.double_status_to_proto(entry.status),
            status_note=texts(entry.status_note),
            reason=texts(entry.note),
        )
        calls.append(call)
    return calls


@pytest.mark.parametrize(
    ("game", "rule_set", "seats"),
    [("baska_kop", "kop", 4), ("baska_kop", "baska", 4), ("speculation", "parlett", 4)],
)
def test_reused_calls_read_as_each_viewer_may_see_them_in_each_wording(
    game: str, rule_set: str, seats: int
) -> None:
    differing = 0
    for seed in range(6):
        config = TableConfig(
            game=game,
            rule_set=rule_set,
            options={},
            seats=((SeatKind.COMPUTER, "easy"),) * seats,
            seed=seed,
            created_by="test",
        )
        record, _ = TableRecord.new(f"calls-{seed}", config)
        choose = random.Random(seed)
        for _ in range(60):
            match = record.match
            assert match is not None
            if match.phase is MatchPhase.FINISHED:
                break
            viewers: list[int | None] = [None, *range(seats)]
            choose.shuffle(viewers)
            statuses = set()
            for viewer in viewers:
                for wording in WORDINGS:
                    view = table_view(record, viewer, wording)
                    assert list(view.calls) == calls_encoded_here(record, viewer, texts_for(record, wording))
                statuses.add(tuple(call.double_status for call in view.calls))
            differing += len(statuses) > 1
            seat = min(match.to_act() | match.may_act())
            actions = record.game.legal_actions(match.deal, seat) if match.phase is MatchPhase.DEAL else []
            # Doubles and passes first: a normal game with doubles whose parties are hidden.
            doubles = [action for action in actions if isinstance(action, Double | Pass)]
            match.apply(seat, choose.choice(doubles or actions) if actions else Continue())
    if game == "baska_kop":
        # The case the key's status is for: one call, two statuses, by viewer.
        assert differing > 0
