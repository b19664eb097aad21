"""What a viewer may see: table snapshots and events, redacted per viewer.

This is the only place that turns table state into something that leaves the server.
Client snapshots, watch streams and computer-player jobs all come from here, so hidden
cards are redacted once, the same way for everyone. The engine's ``view`` (and, for a
computer player's job, its ``observation``) decides what a seat may know; this module
only encodes it, with its texts rendered for the viewer (``server.texts``).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass

from google.protobuf.internal.containers import RepeatedCompositeFieldContainer

from engine.game import Audience, DealView, GameType, HistoryEntry, PhaseKind
from engine.match import MatchPhase
from server import convert
from server.store import StoredTable, now_ms
from server.table import TableRecord, TableStatus
from server.table_log import SeatKind
from server.texts import ENGLISH, Texts, Wording
from speedgamez.internal.v1 import ai_job_pb2
from speedgamez.internal.v1.stored_event_pb2 import StoredEvent
from speedgamez.v1 import table_pb2

_LEVELS = {
    "easy": table_pb2.COMPUTER_LEVEL_EASY,
    "normal": table_pb2.COMPUTER_LEVEL_NORMAL,
    "strong": table_pb2.COMPUTER_LEVEL_STRONG,
}
_DEAL_PHASES = {
    PhaseKind.BIDDING: table_pb2.TABLE_PHASE_BIDDING,
    PhaseKind.PLAY: table_pb2.TABLE_PHASE_PLAYING,
    PhaseKind.OTHER: table_pb2.TABLE_PHASE_IN_DEAL_OTHER,
    # A deal that ended is settled at once (the match is then in its settlement).
    PhaseKind.OVER: table_pb2.TABLE_PHASE_SETTLEMENT,
}


def level_to_proto(level: str) -> table_pb2.ComputerLevel:
    return _LEVELS[level]


def level_from_proto(value: int) -> str:
    """The level's name; unspecified means easy, an unknown number raises ValueError."""
    if value == table_pb2.COMPUTER_LEVEL_UNSPECIFIED:
        return "easy"
    for name, number in _LEVELS.items():
        if number == value:
            return name
    raise ValueError(f"unknown computer level {value}")


def table_name(table_id: str) -> str:
    return f"tables/{table_id}"


def add_seats(
    seats: RepeatedCompositeFieldContainer[table_pb2.SeatView],
    record: TableRecord,
    viewer: int | None,
    deal: DealView | None,
) -> None:
    """Add each seat as ``viewer`` sees it to ``seats``.

    Views are built in place, each part added to its container and filled there: a view
    has dozens of cards, tricks and calls, and a message built apart is copied again when
    it is added."""
    match = record.match
    for index, seat in enumerate(record.seats):
        view = seats.add(
            seat=index,
            kind=table_pb2.SEAT_KIND_HUMAN if seat.kind is SeatKind.HUMAN else table_pb2.SEAT_KIND_COMPUTER,
            open=seat.open,
            player_name=seat.display_name(index),
            level=_LEVELS[seat.level] if seat.played_by_computer else table_pb2.COMPUTER_LEVEL_UNSPECIFIED,
            is_viewer=index == viewer,
            player_id=seat.player_id or "",
            away=seat.away,
        )
        if match is None or deal is None:
            continue
        view.badges.extend(convert.badge_to_proto(badge) for badge in sorted(deal.badges[index]))
        view.cards_in_hand = deal.hand_sizes[index]
        view.tricks_won = sum(1 for trick in deal.tricks if trick.winner == index)
        view.card_points = deal.card_points[index]
        view.total_score = match.totals[index]
        view.awaiting_continue = index in match.awaiting
        if deal.shown:
            for card in deal.shown[index]:
                convert.fill_card(view.shown_cards.add(), card)
        if deal.declarations:
            view.declarations.extend(convert.declaration_to_proto(item) for item in deal.declarations[index])
        if deal.seat_counters:
            view.counters.extend(convert.counter_to_proto(counter) for counter in deal.seat_counters[index])
        computer = seat.kind is SeatKind.COMPUTER
        if computer and match.phase is MatchPhase.DEAL and record.open_hands_for(viewer):
            for held in record.game.view(match.deal, index).hand:
                convert.fill_card(view.open_hand.add(), held.card)


def table_phase(record: TableRecord) -> table_pb2.TablePhase:
    match = record.match
    if record.status is TableStatus.CLOSED:
        return table_pb2.TABLE_PHASE_CLOSED
    if match is None:
        return table_pb2.TABLE_PHASE_WAITING_FOR_PLAYERS
    if match.phase is MatchPhase.FINISHED:
        return table_pb2.TABLE_PHASE_FINISHED
    if match.phase is MatchPhase.SETTLEMENT:
        return table_pb2.TABLE_PHASE_SETTLEMENT
    return _DEAL_PHASES[record.game.phase_kind(match.deal)]


def texts_for(record: TableRecord, wording: Wording = ENGLISH) -> Texts:
    """How the engine's texts read at this table for a viewer who reads as ``wording`` asks."""
    return Texts([seat.display_name(index) for index, seat in enumerate(record.seats)], wording)


def public_options(record: TableRecord) -> dict[str, str]:
    """The table's options as CreateTableRequest.options takes them (the rule set apart)."""
    options = dict(record.config.options)
    options.pop("rule_set", None)
    return options


def table_view(record: TableRecord, viewer: int | None, wording: Wording = ENGLISH) -> table_pb2.TableView:
    """The snapshot ``viewer`` (a seat, or None for a spectator) may see, its texts read as
    ``wording`` asks."""
    texts = texts_for(record, wording)
    options = public_options(record)
    view = table_pb2.TableView(
        name=table_name(record.id),
        version=record.version,
        game=record.config.game,
        rule_set=record.config.rule_set,
        options=options,
        last_event_sequence=record.event_seq,
    )
    if viewer is not None:
        view.viewer_seat = viewer
    view.phase = table_phase(record)
    view.think_seconds = record.config.think_seconds
    view.learning = record.config.learning
    view.count_points = record.config.count_points
    view.stake = record.config.stake
    unit = record.game.game_type.unit
    view.score_unit.CopyFrom(table_pb2.ScoreUnit(one=texts.own(unit.one), many=texts.own(unit.many)))
    if record.config.daily:
        view.daily.CopyFrom(daily_view(record))
    view.server_time.FromMilliseconds(now_ms())
    if record.deadline_ms is not None:
        view.deadline_time.FromMilliseconds(record.deadline_ms)
    length = record.match_length()
    view.deals_total, view.target_points = length.deals, length.target_points
    match = record.match
    if match is None:
        add_seats(view.seats, record, viewer, None)
        return view
    match_view = match.view(viewer)
    deal = match_view.deal
    add_seats(view.seats, record, viewer, deal)
    for seat_view in view.seats:
        for declaration in seat_view.declarations:
            declaration.label = texts(declaration.label)
        for counter in seat_view.counters:
            counter.label = texts(counter.label)
    if match.phase is MatchPhase.FINISHED:
        view.standings.extend(
            table_pb2.Standing(seat=seat, place=place, total=total, place_bonus=bonus)
            for seat, (place, total, bonus) in enumerate(record.standings())
        )
        view.next_table = table_name(record.next_table) if record.next_table else ""
    view.deal_number = max(match_view.deal_number, 1)
    view.dealer_seat = match_view.dealer
    if match.phase is MatchPhase.DEAL:
        view.deal_phase = deal.phase
    # A stopped table keeps its last position on show, with nobody to act in it.
    stopped = record.status is TableStatus.CLOSED
    if not stopped:
        view.to_act_seats.extend(sorted(match_view.to_act))
        view.may_act_seats.extend(sorted(match_view.may_act))
    for card in deal.hand:
        convert.fill_card(view.hand.add(playable=card.playable, reason=texts(card.reason)).card, card.card)
    choices = [] if stopped else list(deal.choices)
    if match_view.continue_choice is not None and not stopped:
        choices.append(match_view.continue_choice)
    game_type = record.game.game_type
    for choice in choices:
        added = view.choices.add(
            label=texts(choice.label),
            allowed=choice.allowed,
            reason=texts(choice.reason),
            meaning=texts(choice.meaning),
            shortcut=choice.shortcut,
        )
        convert.fill_action(added.action, choice.action, game_type)
    if record.config.count_points:
        view.party_points.extend(
            table_pb2.PartyPoints(
                label=texts(party.label), seats=sorted(party.seats), card_points=party.card_points
            )
            for party in deal.parties
        )
    if deal.contract is not None:
        view.contract.CopyFrom(convert.contract_view_to_proto(deal.contract))
        view.contract.label = texts(deal.contract.label)
        view.contract.trump_note = texts(deal.contract.trump_note)
    view.counters.extend(
        table_pb2.Counter(code=counter.code, label=texts(counter.label), value=counter.value)
        for counter in deal.counters
    )
    convert.game_block(view, "game_view", game_type.id, deal.game_view)
    for rung in deal.ladder:
        convert.fill_card(view.trump_ladder.add(own=rung.own, fallen=rung.fallen).card, rung.card)
    view.MergeFromString(b"".join(_encoded_call(entry, game_type, texts) for entry in deal.history))
    if deal.current_trick is not None:
        view.current_trick.SetInParent()
        convert.fill_trick(view.current_trick, deal.current_trick)
    for trick in deal.tricks:
        convert.fill_trick(view.tricks.add(), trick)
    if deal.result is not None:
        view.settlement.CopyFrom(convert.settlement_to_proto(deal.result, game_type))
        render_settlement(view.settlement, texts)
    return view


# Calls already encoded as a view's ``calls``, by the call, its game and how its texts read;
# emptied when full (``_encoded_call``).
_ENCODED_CALLS: dict[tuple[HistoryEntry, str, tuple[object, ...]], bytes] = {}
_ENCODED_CALLS_KEPT = 65_536


def _encoded_call(entry: HistoryEntry, game_type: GameType, texts: Texts) -> bytes:
    """``entry`` encoded as one of a TableView's ``calls``. A deal's calls are the same in
    every view of it (a market's can run to hundreds): each is encoded once per wording,
    and a view takes them all in one merge. The key is the call itself, with its status,
    so a double whose status a viewer learns later is a new call to encode."""
    key = (entry, game_type.id, texts.key)
    encoded = _ENCODED_CALLS.get(key)
    if encoded is None:
        message = table_pb2.TableView()
        call = message.calls.add(
            seat=entry.seat,
            label=texts(entry.label),
            double_status=convert.double_status_to_proto(entry.status),
            status_note=texts(entry.status_note),
            reason=texts(entry.note),
        )
        convert.fill_action(call.action, entry.action, game_type)
        encoded = message.SerializeToString()
        if len(_ENCODED_CALLS) >= _ENCODED_CALLS_KEPT:
            _ENCODED_CALLS.clear()
        _ENCODED_CALLS[key] = encoded
    return encoded


# A kept snapshot's key: table id, version, player id, how its texts are worded.
ViewKey = tuple[str, int, str, Wording]


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """A kept view and what it was rendered from: the stored state, last event and deadline."""

    rendered_from: tuple[str | bytes, int, int | None]
    view: table_pb2.TableView


class ViewCache:
    """Snapshots already built, by table, version, player and wording, the most recently
    used kept. A snapshot is the stored table as one player sees it; only its
    ``server_time`` is set anew for each answer. Players look at a table many times
    between two moves (clients that poll, reconnect, a spectator): those looks cost no
    restoring and no rendering.

    A snapshot is handed out only for the very table it was rendered from: the same state,
    last event and deadline, not only the same version. A failover that lost a commit lets
    the table reach that version again with another move in it (``server.restored`` keeps
    its records by the same rule)."""

    def __init__(self, entries: int) -> None:
        self.entries = entries
        self._views: OrderedDict[ViewKey, _Snapshot] = OrderedDict()

    def get(self, key: ViewKey, stored: StoredTable) -> table_pb2.TableView | None:
        snapshot = self._views.get(key)
        if snapshot is None or snapshot.rendered_from != _rendered_from(stored):
            return None
        self._views.move_to_end(key)
        return snapshot.view

    def put(self, key: ViewKey, stored: StoredTable, view: table_pb2.TableView) -> None:
        if not self.entries:
            return
        self._views[key] = _Snapshot(_rendered_from(stored), view)
        self._views.move_to_end(key)
        if len(self._views) > self.entries:
            self._views.popitem(last=False)


def _rendered_from(stored: StoredTable) -> tuple[str | bytes, int, int | None]:
    return stored.state, stored.event_seq, stored.deadline_ms


def daily_view(record: TableRecord) -> table_pb2.DailyDealView:
    """A daily deal's comparison with the strong computer, deal by deal."""
    view = table_pb2.DailyDealView(date=record.config.daily, complete=record.daily_complete())
    for deal in record.daily_deals:
        if deal.score is None:
            continue
        line = view.deals.add(deal_number=deal.number, your_score=deal.score)
        if deal.computer is not None:
            line.computer_score = deal.computer
            view.your_total += deal.score
            view.computer_total += deal.computer
    view.difference = view.your_total - view.computer_total
    return view


def seat_observation(record: TableRecord, seat: int) -> ai_job_pb2.SeatObservation:
    """What ``seat`` knows of the running deal, as its game's engine tells it: the one thing
    a computer player's job carries about the table."""
    match = record.match
    if match is None:
        raise ValueError(f"table {record.id} has no match yet: nobody observes a deal")
    observation = record.game.observation(match.deal, seat)
    texts = texts_for(record)
    game_type = record.game.game_type
    message = ai_job_pb2.SeatObservation(
        game=record.config.game,
        rule_set=record.config.rule_set,
        options=public_options(record),
        seat=seat,
        decision_seed=_decision_seed(record, seat),
        dealer_seat=observation.dealer,
        phase=observation.phase,
        phase_kind=convert.phase_kind_to_proto(observation.phase_kind),
        to_act_seats=sorted(observation.to_act),
        may_act_seats=sorted(observation.may_act),
        hand=[convert.card_to_proto(card) for card in observation.hand],
        playable=[convert.card_to_proto(card) for card in observation.playable],
        dealt=[convert.card_to_proto(card) for card in observation.dealt],
        choices=[
            table_pb2.ActionChoice(
                action=convert.action_to_proto(choice.action, game_type),
                label=texts(choice.label),
                allowed=choice.allowed,
                reason=texts(choice.reason),
            )
            for choice in observation.choices
        ],
        calls=[
            table_pb2.Call(seat=who, action=convert.action_to_proto(action, game_type))
            for who, action in observation.calls
        ],
        tricks=[convert.trick_to_proto(trick) for trick in observation.tricks],
        hand_sizes=list(observation.hand_sizes),
        shown=convert.hands_to_proto(observation.shown),
    )
    if observation.current_trick is not None:
        message.current_trick.CopyFrom(convert.trick_to_proto(observation.current_trick))
    if observation.contract is not None:
        message.contract.CopyFrom(convert.contract_view_to_proto(observation.contract))
        message.contract.label = texts(observation.contract.label)
        message.contract.trump_note = texts(observation.contract.trump_note)
    convert.game_block(message, "revealed", game_type.id, observation.revealed)
    return message


def _decision_seed(record: TableRecord, seat: int) -> int:
    # The table, its version and the seat fix the position; the observation's serialized form
    # would too, but would change every seed whenever the contract gains a field.
    position = f"{table_name(record.id)}/{record.version}/{seat}".encode()
    return int.from_bytes(hashlib.sha256(position).digest()[:8], "big")


def redact_event(stored: StoredEvent, viewer: int | None, texts: Texts) -> table_pb2.TableEvent:
    """The event as ``viewer`` (a seat, or None for a spectator) may see it, texts rendered.

    The one rule: an event reaches a viewer in its audience, and anyone else gets its
    sequence, version and time only. An event stored without an audience is nobody's.
    """
    event = stored.event
    if not Audience(stored.everyone, frozenset(stored.seats)).includes(viewer):
        withheld = table_pb2.TableEvent(sequence=event.sequence, table_version=event.table_version)
        withheld.time.CopyFrom(event.time)
        return withheld
    kind = event.WhichOneof("kind")
    if kind not in ("action_taken", "bidding_ended", "deal_settled", "seat_changed", "speculation"):
        return event
    redacted = table_pb2.TableEvent()
    redacted.CopyFrom(event)
    if kind == "seat_changed":
        redacted.seat_changed.description = texts.own(event.seat_changed.description)
    elif kind == "action_taken":
        redacted.action_taken.label = texts(event.action_taken.label)
        redacted.action_taken.reason = texts(event.action_taken.reason)
    elif kind == "bidding_ended":
        redacted.bidding_ended.contract.label = texts(event.bidding_ended.contract.label)
        redacted.bidding_ended.contract.trump_note = texts(event.bidding_ended.contract.trump_note)
    elif kind == "speculation":
        told = redacted.speculation.WhichOneof("kind")
        if told in ("offer_lapsed", "chips_moved", "pool_carried"):
            notice = getattr(redacted.speculation, told)
            notice.reason = texts(notice.reason)
    else:
        render_settlement(redacted.deal_settled.settlement, texts)
    return redacted


def render_settlement(settlement: table_pb2.Settlement, texts: Texts) -> None:
    settlement.contract_label = texts(settlement.contract_label)
    settlement.summary = texts(settlement.summary)
    for step in settlement.steps:
        step.label = texts(step.label)
        step.note = texts(step.note)
