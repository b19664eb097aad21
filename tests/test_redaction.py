"""Redaction of events fails closed: an event reaches exactly its audience, nobody else.

Each stored event names who may see it; a viewer outside that audience gets the event's
sequence, version and time only, so that the stream has no gaps, and an event stored
without an audience (or before events had one) reaches nobody.
"""

from __future__ import annotations

import pytest

from server.store import stored_event
from server.texts import Texts
from server.views import redact_event
from speedgamez.internal.v1.stored_event_pb2 import StoredEvent
from speedgamez.v1 import cards_pb2, table_pb2

TEXTS = Texts(["Anna", "Ben", "Cleo", "Dan"])
VIEWERS = [None, 0, 1, 2, 3]


def hand_of(seat: int) -> table_pb2.TableEvent:
    event = table_pb2.TableEvent(sequence=7, table_version=3)
    event.time.FromMilliseconds(1_700_000_000_000)
    event.hand_dealt.seat = seat
    event.hand_dealt.cards.add(suit=cards_pb2.SUIT_CLUBS, rank=cards_pb2.RANK_QUEEN)
    return event


def shown_to(stored: StoredEvent) -> list[int | None]:
    return [viewer for viewer in VIEWERS if redact_event(stored, viewer, TEXTS).WhichOneof("kind")]


def test_an_event_for_one_seat_reaches_that_seat_only() -> None:
    stored = StoredEvent(event=hand_of(2), seats=[2])
    assert shown_to(stored) == [2]
    withheld = redact_event(stored, 1, TEXTS)
    assert (withheld.sequence, withheld.table_version, withheld.time) == (7, 3, stored.event.time)
    assert withheld.ByteSize() < stored.event.ByteSize()


def test_a_public_event_reaches_everyone_spectators_included() -> None:
    assert shown_to(StoredEvent(event=hand_of(0), everyone=True)) == VIEWERS


@pytest.mark.parametrize(
    "stored",
    [
        StoredEvent(event=hand_of(0)),
        stored_event(b"7-0", {b"e": hand_of(0).SerializeToString()}),
    ],
    ids=["without an audience", "stored before events had one"],
)
def test_an_event_without_an_audience_reaches_nobody(stored: StoredEvent) -> None:
    assert shown_to(stored) == []
    assert all(redact_event(stored, viewer, TEXTS).sequence == 7 for viewer in VIEWERS)
