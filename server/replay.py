"""Replays: a finished match read back deal by deal, and as a match record.

The table's action log is replayed from its configuration (``TableRecord.replay``
applies each entry as the table did) and the events it makes are gathered per deal: who
was dealt what, every move, each settlement. Once the match is over nothing is hidden
any more, so the replay shows every seat's cards; the same deals are written as the text
format of ``engine.record``, which the engine reads back and plays again.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.record import DealRecord, MatchRecord, write_record
from server import convert
from server.table import Happened, TableConfig, TableRecord
from server.table_log import LogEntry
from server.texts import Texts
from server.views import render_settlement
from speedgamez.v1 import table_service_pb2 as service_pb2


def match_replay(
    table_id: str, config: TableConfig, entries: list[LogEntry], texts: Texts
) -> service_pb2.GetReplayResponse:
    """Every deal of the match ``entries`` played, and its record."""
    record, opening = TableRecord.new(table_id, config)
    response = service_pb2.GetReplayResponse(
        game=config.game, rule_set=config.rule_set, options=config.options
    )
    deals: list[DealRecord] = []
    current: service_pb2.ReplayDeal | None = None
    shuffles = 0
    for happened in _changes(record, opening, entries):
        for event in (change.unredacted or change.event for change in happened):
            kind = event.WhichOneof("kind")
            if kind == "deal_started":
                assert record.match is not None
                current = response.deals.add(
                    deal_number=event.deal_started.deal_number, dealer_seat=event.deal_started.dealer_seat
                )
                current.shuffle = record.match.deal_seed(shuffles)
                shuffles += 1
            elif current is None:
                continue
            elif kind == "hand_dealt":
                # Unredacted, the whole deal, not only what the seat saw of it at first
                # (Schafkopf deals in halves; with two players half lies face down).
                current.hands.add(seat=event.hand_dealt.seat).cards.extend(event.hand_dealt.cards)
            elif kind == "action_taken" and not event.action_taken.action.HasField("continue_play"):
                move = current.moves.add()
                move.CopyFrom(event.action_taken)
                move.label, move.reason = texts(move.label), texts(move.reason)
            elif kind == "deal_settled":
                current.settlement.CopyFrom(event.deal_settled.settlement)
                render_settlement(current.settlement, texts)
                current.totals.extend(event.deal_settled.totals)
                deals.append(_deal_record(current, record))
            elif kind == "match_finished":
                response.totals.extend(event.match_finished.totals)
    response.player_names.extend(seat.display_name(index) for index, seat in enumerate(record.seats))
    response.record = write_record(
        MatchRecord(
            config.game,
            config.rule_set,
            {key: value for key, value in config.options.items() if key != "rule_set"},
            tuple(seat.name or seat.display_name(index) for index, seat in enumerate(record.seats)),
            tuple(deals),
            tuple(response.totals),
        )
    )
    return response


def _changes(
    record: TableRecord, opening: list[Happened], entries: list[LogEntry]
) -> Iterator[list[Happened]]:
    """The events of the table's creation (a table of computers deals at once), then of
    each entry of its log, applied in turn."""
    yield opening
    for entry in entries:
        yield record.apply(entry)


def _deal_record(deal: service_pb2.ReplayDeal, record: TableRecord) -> DealRecord:
    hands = {hand.seat: tuple(convert.card_from_proto(card) for card in hand.cards) for hand in deal.hands}
    return DealRecord(
        number=deal.deal_number,
        dealer=deal.dealer_seat,
        shuffle=deal.shuffle,
        hands=tuple(hands.get(seat, ()) for seat in range(len(record.seats))),
        moves=tuple((move.seat, convert.action_from_proto(move.action)) for move in deal.moves),
        scores=tuple(deal.settlement.scores),
    )
