import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from speedgamez.v1 import actions_pb2 as _actions_pb2
from speedgamez.v1 import baska_kop_pb2 as _baska_kop_pb2
from speedgamez.v1 import bela_pb2 as _bela_pb2
from speedgamez.v1 import schafkopf_pb2 as _schafkopf_pb2
from speedgamez.v1 import speculation_pb2 as _speculation_pb2
from speedgamez.v1 import cards_pb2 as _cards_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SeatKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEAT_KIND_UNSPECIFIED: _ClassVar[SeatKind]
    SEAT_KIND_HUMAN: _ClassVar[SeatKind]
    SEAT_KIND_COMPUTER: _ClassVar[SeatKind]

class ComputerLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    COMPUTER_LEVEL_UNSPECIFIED: _ClassVar[ComputerLevel]
    COMPUTER_LEVEL_EASY: _ClassVar[ComputerLevel]
    COMPUTER_LEVEL_NORMAL: _ClassVar[ComputerLevel]
    COMPUTER_LEVEL_STRONG: _ClassVar[ComputerLevel]

class TablePhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TABLE_PHASE_UNSPECIFIED: _ClassVar[TablePhase]
    TABLE_PHASE_WAITING_FOR_PLAYERS: _ClassVar[TablePhase]
    TABLE_PHASE_BIDDING: _ClassVar[TablePhase]
    TABLE_PHASE_PLAYING: _ClassVar[TablePhase]
    TABLE_PHASE_SETTLEMENT: _ClassVar[TablePhase]
    TABLE_PHASE_FINISHED: _ClassVar[TablePhase]
    TABLE_PHASE_CLOSED: _ClassVar[TablePhase]
    TABLE_PHASE_IN_DEAL_OTHER: _ClassVar[TablePhase]

class Badge(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BADGE_UNSPECIFIED: _ClassVar[Badge]
    BADGE_DEALER: _ClassVar[Badge]
    BADGE_OLD: _ClassVar[Badge]
    BADGE_YOUNG: _ClassVar[Badge]
    BADGE_PARTNER: _ClassVar[Badge]
    BADGE_SOLOIST: _ClassVar[Badge]

class DoubleStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DOUBLE_STATUS_UNSPECIFIED: _ClassVar[DoubleStatus]
    DOUBLE_STATUS_UNKNOWN: _ClassVar[DoubleStatus]
    DOUBLE_STATUS_COUNTS: _ClassVar[DoubleStatus]
    DOUBLE_STATUS_STRUCK: _ClassVar[DoubleStatus]
    DOUBLE_STATUS_CLEARED: _ClassVar[DoubleStatus]

class SettlementOperation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SETTLEMENT_OPERATION_UNSPECIFIED: _ClassVar[SettlementOperation]
    SETTLEMENT_OPERATION_BASE: _ClassVar[SettlementOperation]
    SETTLEMENT_OPERATION_MULTIPLY: _ClassVar[SettlementOperation]
    SETTLEMENT_OPERATION_ADD: _ClassVar[SettlementOperation]
    SETTLEMENT_OPERATION_NOTE: _ClassVar[SettlementOperation]
    SETTLEMENT_OPERATION_PAY: _ClassVar[SettlementOperation]
SEAT_KIND_UNSPECIFIED: SeatKind
SEAT_KIND_HUMAN: SeatKind
SEAT_KIND_COMPUTER: SeatKind
COMPUTER_LEVEL_UNSPECIFIED: ComputerLevel
COMPUTER_LEVEL_EASY: ComputerLevel
COMPUTER_LEVEL_NORMAL: ComputerLevel
COMPUTER_LEVEL_STRONG: ComputerLevel
TABLE_PHASE_UNSPECIFIED: TablePhase
TABLE_PHASE_WAITING_FOR_PLAYERS: TablePhase
TABLE_PHASE_BIDDING: TablePhase
TABLE_PHASE_PLAYING: TablePhase
TABLE_PHASE_SETTLEMENT: TablePhase
TABLE_PHASE_FINISHED: TablePhase
TABLE_PHASE_CLOSED: TablePhase
TABLE_PHASE_IN_DEAL_OTHER: TablePhase
BADGE_UNSPECIFIED: Badge
BADGE_DEALER: Badge
BADGE_OLD: Badge
BADGE_YOUNG: Badge
BADGE_PARTNER: Badge
BADGE_SOLOIST: Badge
DOUBLE_STATUS_UNSPECIFIED: DoubleStatus
DOUBLE_STATUS_UNKNOWN: DoubleStatus
DOUBLE_STATUS_COUNTS: DoubleStatus
DOUBLE_STATUS_STRUCK: DoubleStatus
DOUBLE_STATUS_CLEARED: DoubleStatus
SETTLEMENT_OPERATION_UNSPECIFIED: SettlementOperation
SETTLEMENT_OPERATION_BASE: SettlementOperation
SETTLEMENT_OPERATION_MULTIPLY: SettlementOperation
SETTLEMENT_OPERATION_ADD: SettlementOperation
SETTLEMENT_OPERATION_NOTE: SettlementOperation
SETTLEMENT_OPERATION_PAY: SettlementOperation

class SeatView(_message.Message):
    __slots__ = ("seat", "kind", "open", "player_name", "level", "badges", "cards_in_hand", "tricks_won", "card_points", "total_score", "awaiting_continue", "is_viewer", "shown_cards", "declarations", "counters", "player_id", "away", "open_hand")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    BADGES_FIELD_NUMBER: _ClassVar[int]
    CARDS_IN_HAND_FIELD_NUMBER: _ClassVar[int]
    TRICKS_WON_FIELD_NUMBER: _ClassVar[int]
    CARD_POINTS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_SCORE_FIELD_NUMBER: _ClassVar[int]
    AWAITING_CONTINUE_FIELD_NUMBER: _ClassVar[int]
    IS_VIEWER_FIELD_NUMBER: _ClassVar[int]
    SHOWN_CARDS_FIELD_NUMBER: _ClassVar[int]
    DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    COUNTERS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    AWAY_FIELD_NUMBER: _ClassVar[int]
    OPEN_HAND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: SeatKind
    open: bool
    player_name: str
    level: ComputerLevel
    badges: _containers.RepeatedScalarFieldContainer[Badge]
    cards_in_hand: int
    tricks_won: int
    card_points: int
    total_score: int
    awaiting_continue: bool
    is_viewer: bool
    shown_cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    declarations: _containers.RepeatedCompositeFieldContainer[Declaration]
    counters: _containers.RepeatedCompositeFieldContainer[Counter]
    player_id: str
    away: bool
    open_hand: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[SeatKind, str]] = ..., open: _Optional[bool] = ..., player_name: _Optional[str] = ..., level: _Optional[_Union[ComputerLevel, str]] = ..., badges: _Optional[_Iterable[_Union[Badge, str]]] = ..., cards_in_hand: _Optional[int] = ..., tricks_won: _Optional[int] = ..., card_points: _Optional[int] = ..., total_score: _Optional[int] = ..., awaiting_continue: _Optional[bool] = ..., is_viewer: _Optional[bool] = ..., shown_cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., declarations: _Optional[_Iterable[_Union[Declaration, _Mapping]]] = ..., counters: _Optional[_Iterable[_Union[Counter, _Mapping]]] = ..., player_id: _Optional[str] = ..., away: _Optional[bool] = ..., open_hand: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ...) -> None: ...

class Declaration(_message.Message):
    __slots__ = ("code", "label", "cards", "points")
    CODE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    code: str
    label: str
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    points: int
    def __init__(self, code: _Optional[str] = ..., label: _Optional[str] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., points: _Optional[int] = ...) -> None: ...

class ScoreUnit(_message.Message):
    __slots__ = ("one", "many")
    ONE_FIELD_NUMBER: _ClassVar[int]
    MANY_FIELD_NUMBER: _ClassVar[int]
    one: str
    many: str
    def __init__(self, one: _Optional[str] = ..., many: _Optional[str] = ...) -> None: ...

class Counter(_message.Message):
    __slots__ = ("code", "label", "value")
    CODE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    code: str
    label: str
    value: int
    def __init__(self, code: _Optional[str] = ..., label: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...

class HandCard(_message.Message):
    __slots__ = ("card", "playable", "reason")
    CARD_FIELD_NUMBER: _ClassVar[int]
    PLAYABLE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    card: _cards_pb2.Card
    playable: bool
    reason: str
    def __init__(self, card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., playable: _Optional[bool] = ..., reason: _Optional[str] = ...) -> None: ...

class ActionChoice(_message.Message):
    __slots__ = ("action", "label", "allowed", "reason", "meaning", "shortcut")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    ALLOWED_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    MEANING_FIELD_NUMBER: _ClassVar[int]
    SHORTCUT_FIELD_NUMBER: _ClassVar[int]
    action: _actions_pb2.Action
    label: str
    allowed: bool
    reason: str
    meaning: str
    shortcut: str
    def __init__(self, action: _Optional[_Union[_actions_pb2.Action, _Mapping]] = ..., label: _Optional[str] = ..., allowed: _Optional[bool] = ..., reason: _Optional[str] = ..., meaning: _Optional[str] = ..., shortcut: _Optional[str] = ...) -> None: ...

class ContractView(_message.Message):
    __slots__ = ("code", "label", "declarer_seat", "trump_note")
    CODE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    DECLARER_SEAT_FIELD_NUMBER: _ClassVar[int]
    TRUMP_NOTE_FIELD_NUMBER: _ClassVar[int]
    code: str
    label: str
    declarer_seat: int
    trump_note: str
    def __init__(self, code: _Optional[str] = ..., label: _Optional[str] = ..., declarer_seat: _Optional[int] = ..., trump_note: _Optional[str] = ...) -> None: ...

class TrumpRung(_message.Message):
    __slots__ = ("card", "own", "fallen")
    CARD_FIELD_NUMBER: _ClassVar[int]
    OWN_FIELD_NUMBER: _ClassVar[int]
    FALLEN_FIELD_NUMBER: _ClassVar[int]
    card: _cards_pb2.Card
    own: bool
    fallen: bool
    def __init__(self, card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., own: _Optional[bool] = ..., fallen: _Optional[bool] = ...) -> None: ...

class Call(_message.Message):
    __slots__ = ("seat", "action", "label", "double_status", "status_note", "reason")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    DOUBLE_STATUS_FIELD_NUMBER: _ClassVar[int]
    STATUS_NOTE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    action: _actions_pb2.Action
    label: str
    double_status: DoubleStatus
    status_note: str
    reason: str
    def __init__(self, seat: _Optional[int] = ..., action: _Optional[_Union[_actions_pb2.Action, _Mapping]] = ..., label: _Optional[str] = ..., double_status: _Optional[_Union[DoubleStatus, str]] = ..., status_note: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class Trick(_message.Message):
    __slots__ = ("leader_seat", "cards", "winner_seat", "points")
    LEADER_SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    WINNER_SEAT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    leader_seat: int
    cards: _containers.RepeatedCompositeFieldContainer[PlayedCard]
    winner_seat: int
    points: int
    def __init__(self, leader_seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[PlayedCard, _Mapping]]] = ..., winner_seat: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...

class PlayedCard(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: _cards_pb2.Card
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...

class SeatHand(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ...) -> None: ...

class SettlementStep(_message.Message):
    __slots__ = ("kind", "label", "amount", "struck", "note", "operation", "seats", "payer_seat")
    KIND_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    STRUCK_FIELD_NUMBER: _ClassVar[int]
    NOTE_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PAYER_SEAT_FIELD_NUMBER: _ClassVar[int]
    kind: str
    label: str
    amount: int
    struck: bool
    note: str
    operation: SettlementOperation
    seats: _containers.RepeatedScalarFieldContainer[int]
    payer_seat: int
    def __init__(self, kind: _Optional[str] = ..., label: _Optional[str] = ..., amount: _Optional[int] = ..., struck: _Optional[bool] = ..., note: _Optional[str] = ..., operation: _Optional[_Union[SettlementOperation, str]] = ..., seats: _Optional[_Iterable[int]] = ..., payer_seat: _Optional[int] = ...) -> None: ...

class Settlement(_message.Message):
    __slots__ = ("contract_code", "contract_label", "declarer_seats", "winner_seats", "value", "steps", "scores", "card_points", "hands", "summary", "baska_kop", "bela", "schafkopf", "speculation")
    CONTRACT_CODE_FIELD_NUMBER: _ClassVar[int]
    CONTRACT_LABEL_FIELD_NUMBER: _ClassVar[int]
    DECLARER_SEATS_FIELD_NUMBER: _ClassVar[int]
    WINNER_SEATS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    CARD_POINTS_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    BASKA_KOP_FIELD_NUMBER: _ClassVar[int]
    BELA_FIELD_NUMBER: _ClassVar[int]
    SCHAFKOPF_FIELD_NUMBER: _ClassVar[int]
    SPECULATION_FIELD_NUMBER: _ClassVar[int]
    contract_code: str
    contract_label: str
    declarer_seats: _containers.RepeatedScalarFieldContainer[int]
    winner_seats: _containers.RepeatedScalarFieldContainer[int]
    value: int
    steps: _containers.RepeatedCompositeFieldContainer[SettlementStep]
    scores: _containers.RepeatedScalarFieldContainer[int]
    card_points: _containers.RepeatedScalarFieldContainer[int]
    hands: _containers.RepeatedCompositeFieldContainer[SeatHand]
    summary: str
    baska_kop: _baska_kop_pb2.BaskaKopSettlement
    bela: _bela_pb2.BelaSettlement
    schafkopf: _schafkopf_pb2.SchafkopfSettlement
    speculation: _speculation_pb2.SpeculationSettlement
    def __init__(self, contract_code: _Optional[str] = ..., contract_label: _Optional[str] = ..., declarer_seats: _Optional[_Iterable[int]] = ..., winner_seats: _Optional[_Iterable[int]] = ..., value: _Optional[int] = ..., steps: _Optional[_Iterable[_Union[SettlementStep, _Mapping]]] = ..., scores: _Optional[_Iterable[int]] = ..., card_points: _Optional[_Iterable[int]] = ..., hands: _Optional[_Iterable[_Union[SeatHand, _Mapping]]] = ..., summary: _Optional[str] = ..., baska_kop: _Optional[_Union[_baska_kop_pb2.BaskaKopSettlement, _Mapping]] = ..., bela: _Optional[_Union[_bela_pb2.BelaSettlement, _Mapping]] = ..., schafkopf: _Optional[_Union[_schafkopf_pb2.SchafkopfSettlement, _Mapping]] = ..., speculation: _Optional[_Union[_speculation_pb2.SpeculationSettlement, _Mapping]] = ...) -> None: ...

class TableView(_message.Message):
    __slots__ = ("name", "version", "game", "rule_set", "options", "phase", "viewer_seat", "seats", "deal_number", "deals_total", "dealer_seat", "to_act_seats", "hand", "choices", "contract", "trump_ladder", "calls", "current_trick", "tricks", "settlement", "last_event_sequence", "target_points", "deal_phase", "counters", "may_act_seats", "think_seconds", "deadline_time", "server_time", "learning", "daily", "count_points", "party_points", "stake", "score_unit", "standings", "next_table", "baska_kop", "bela", "schafkopf", "speculation")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    NAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULE_SET_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    VIEWER_SEAT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    DEALS_TOTAL_FIELD_NUMBER: _ClassVar[int]
    DEALER_SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_SEATS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    CHOICES_FIELD_NUMBER: _ClassVar[int]
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    TRUMP_LADDER_FIELD_NUMBER: _ClassVar[int]
    CALLS_FIELD_NUMBER: _ClassVar[int]
    CURRENT_TRICK_FIELD_NUMBER: _ClassVar[int]
    TRICKS_FIELD_NUMBER: _ClassVar[int]
    SETTLEMENT_FIELD_NUMBER: _ClassVar[int]
    LAST_EVENT_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    TARGET_POINTS_FIELD_NUMBER: _ClassVar[int]
    DEAL_PHASE_FIELD_NUMBER: _ClassVar[int]
    COUNTERS_FIELD_NUMBER: _ClassVar[int]
    MAY_ACT_SEATS_FIELD_NUMBER: _ClassVar[int]
    THINK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_TIME_FIELD_NUMBER: _ClassVar[int]
    SERVER_TIME_FIELD_NUMBER: _ClassVar[int]
    LEARNING_FIELD_NUMBER: _ClassVar[int]
    DAILY_FIELD_NUMBER: _ClassVar[int]
    COUNT_POINTS_FIELD_NUMBER: _ClassVar[int]
    PARTY_POINTS_FIELD_NUMBER: _ClassVar[int]
    STAKE_FIELD_NUMBER: _ClassVar[int]
    SCORE_UNIT_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    NEXT_TABLE_FIELD_NUMBER: _ClassVar[int]
    BASKA_KOP_FIELD_NUMBER: _ClassVar[int]
    BELA_FIELD_NUMBER: _ClassVar[int]
    SCHAFKOPF_FIELD_NUMBER: _ClassVar[int]
    SPECULATION_FIELD_NUMBER: _ClassVar[int]
    name: str
    version: int
    game: str
    rule_set: str
    options: _containers.ScalarMap[str, str]
    phase: TablePhase
    viewer_seat: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatView]
    deal_number: int
    deals_total: int
    dealer_seat: int
    to_act_seats: _containers.RepeatedScalarFieldContainer[int]
    hand: _containers.RepeatedCompositeFieldContainer[HandCard]
    choices: _containers.RepeatedCompositeFieldContainer[ActionChoice]
    contract: ContractView
    trump_ladder: _containers.RepeatedCompositeFieldContainer[TrumpRung]
    calls: _containers.RepeatedCompositeFieldContainer[Call]
    current_trick: Trick
    tricks: _containers.RepeatedCompositeFieldContainer[Trick]
    settlement: Settlement
    last_event_sequence: int
    target_points: int
    deal_phase: str
    counters: _containers.RepeatedCompositeFieldContainer[Counter]
    may_act_seats: _containers.RepeatedScalarFieldContainer[int]
    think_seconds: int
    deadline_time: _timestamp_pb2.Timestamp
    server_time: _timestamp_pb2.Timestamp
    learning: bool
    daily: DailyDealView
    count_points: bool
    party_points: _containers.RepeatedCompositeFieldContainer[PartyPoints]
    stake: int
    score_unit: ScoreUnit
    standings: _containers.RepeatedCompositeFieldContainer[Standing]
    next_table: str
    baska_kop: _baska_kop_pb2.BaskaKopView
    bela: _bela_pb2.BelaView
    schafkopf: _schafkopf_pb2.SchafkopfView
    speculation: _speculation_pb2.SpeculationView
    def __init__(self, name: _Optional[str] = ..., version: _Optional[int] = ..., game: _Optional[str] = ..., rule_set: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., phase: _Optional[_Union[TablePhase, str]] = ..., viewer_seat: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatView, _Mapping]]] = ..., deal_number: _Optional[int] = ..., deals_total: _Optional[int] = ..., dealer_seat: _Optional[int] = ..., to_act_seats: _Optional[_Iterable[int]] = ..., hand: _Optional[_Iterable[_Union[HandCard, _Mapping]]] = ..., choices: _Optional[_Iterable[_Union[ActionChoice, _Mapping]]] = ..., contract: _Optional[_Union[ContractView, _Mapping]] = ..., trump_ladder: _Optional[_Iterable[_Union[TrumpRung, _Mapping]]] = ..., calls: _Optional[_Iterable[_Union[Call, _Mapping]]] = ..., current_trick: _Optional[_Union[Trick, _Mapping]] = ..., tricks: _Optional[_Iterable[_Union[Trick, _Mapping]]] = ..., settlement: _Optional[_Union[Settlement, _Mapping]] = ..., last_event_sequence: _Optional[int] = ..., target_points: _Optional[int] = ..., deal_phase: _Optional[str] = ..., counters: _Optional[_Iterable[_Union[Counter, _Mapping]]] = ..., may_act_seats: _Optional[_Iterable[int]] = ..., think_seconds: _Optional[int] = ..., deadline_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., server_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., learning: _Optional[bool] = ..., daily: _Optional[_Union[DailyDealView, _Mapping]] = ..., count_points: _Optional[bool] = ..., party_points: _Optional[_Iterable[_Union[PartyPoints, _Mapping]]] = ..., stake: _Optional[int] = ..., score_unit: _Optional[_Union[ScoreUnit, _Mapping]] = ..., standings: _Optional[_Iterable[_Union[Standing, _Mapping]]] = ..., next_table: _Optional[str] = ..., baska_kop: _Optional[_Union[_baska_kop_pb2.BaskaKopView, _Mapping]] = ..., bela: _Optional[_Union[_bela_pb2.BelaView, _Mapping]] = ..., schafkopf: _Optional[_Union[_schafkopf_pb2.SchafkopfView, _Mapping]] = ..., speculation: _Optional[_Union[_speculation_pb2.SpeculationView, _Mapping]] = ...) -> None: ...

class Standing(_message.Message):
    __slots__ = ("seat", "place", "total", "place_bonus")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    PLACE_BONUS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    place: int
    total: int
    place_bonus: int
    def __init__(self, seat: _Optional[int] = ..., place: _Optional[int] = ..., total: _Optional[int] = ..., place_bonus: _Optional[int] = ...) -> None: ...

class TableEvent(_message.Message):
    __slots__ = ("sequence", "table_version", "time", "seat_changed", "deal_started", "action_taken", "bidding_ended", "trick_completed", "deal_settled", "match_finished", "table_closed", "hand_dealt", "daily_deal_compared", "baska_kop", "bela", "schafkopf", "speculation")
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    TABLE_VERSION_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    SEAT_CHANGED_FIELD_NUMBER: _ClassVar[int]
    DEAL_STARTED_FIELD_NUMBER: _ClassVar[int]
    ACTION_TAKEN_FIELD_NUMBER: _ClassVar[int]
    BIDDING_ENDED_FIELD_NUMBER: _ClassVar[int]
    TRICK_COMPLETED_FIELD_NUMBER: _ClassVar[int]
    DEAL_SETTLED_FIELD_NUMBER: _ClassVar[int]
    MATCH_FINISHED_FIELD_NUMBER: _ClassVar[int]
    TABLE_CLOSED_FIELD_NUMBER: _ClassVar[int]
    HAND_DEALT_FIELD_NUMBER: _ClassVar[int]
    DAILY_DEAL_COMPARED_FIELD_NUMBER: _ClassVar[int]
    BASKA_KOP_FIELD_NUMBER: _ClassVar[int]
    BELA_FIELD_NUMBER: _ClassVar[int]
    SCHAFKOPF_FIELD_NUMBER: _ClassVar[int]
    SPECULATION_FIELD_NUMBER: _ClassVar[int]
    sequence: int
    table_version: int
    time: _timestamp_pb2.Timestamp
    seat_changed: SeatChanged
    deal_started: DealStarted
    action_taken: ActionTaken
    bidding_ended: BiddingEnded
    trick_completed: TrickCompleted
    deal_settled: DealSettled
    match_finished: MatchFinished
    table_closed: TableClosed
    hand_dealt: HandDealt
    daily_deal_compared: DailyDealCompared
    baska_kop: _baska_kop_pb2.BaskaKopEvent
    bela: _bela_pb2.BelaEvent
    schafkopf: _schafkopf_pb2.SchafkopfEvent
    speculation: _speculation_pb2.SpeculationEvent
    def __init__(self, sequence: _Optional[int] = ..., table_version: _Optional[int] = ..., time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., seat_changed: _Optional[_Union[SeatChanged, _Mapping]] = ..., deal_started: _Optional[_Union[DealStarted, _Mapping]] = ..., action_taken: _Optional[_Union[ActionTaken, _Mapping]] = ..., bidding_ended: _Optional[_Union[BiddingEnded, _Mapping]] = ..., trick_completed: _Optional[_Union[TrickCompleted, _Mapping]] = ..., deal_settled: _Optional[_Union[DealSettled, _Mapping]] = ..., match_finished: _Optional[_Union[MatchFinished, _Mapping]] = ..., table_closed: _Optional[_Union[TableClosed, _Mapping]] = ..., hand_dealt: _Optional[_Union[HandDealt, _Mapping]] = ..., daily_deal_compared: _Optional[_Union[DailyDealCompared, _Mapping]] = ..., baska_kop: _Optional[_Union[_baska_kop_pb2.BaskaKopEvent, _Mapping]] = ..., bela: _Optional[_Union[_bela_pb2.BelaEvent, _Mapping]] = ..., schafkopf: _Optional[_Union[_schafkopf_pb2.SchafkopfEvent, _Mapping]] = ..., speculation: _Optional[_Union[_speculation_pb2.SpeculationEvent, _Mapping]] = ...) -> None: ...

class TableClosed(_message.Message):
    __slots__ = ("description",)
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    description: str
    def __init__(self, description: _Optional[str] = ...) -> None: ...

class SeatChanged(_message.Message):
    __slots__ = ("seat", "kind", "open", "player_name", "description")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: SeatKind
    open: bool
    player_name: str
    description: str
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[SeatKind, str]] = ..., open: _Optional[bool] = ..., player_name: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class DealStarted(_message.Message):
    __slots__ = ("deal_number", "dealer_seat")
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    DEALER_SEAT_FIELD_NUMBER: _ClassVar[int]
    deal_number: int
    dealer_seat: int
    def __init__(self, deal_number: _Optional[int] = ..., dealer_seat: _Optional[int] = ...) -> None: ...

class PartyPoints(_message.Message):
    __slots__ = ("label", "seats", "card_points")
    LABEL_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    CARD_POINTS_FIELD_NUMBER: _ClassVar[int]
    label: str
    seats: _containers.RepeatedScalarFieldContainer[int]
    card_points: int
    def __init__(self, label: _Optional[str] = ..., seats: _Optional[_Iterable[int]] = ..., card_points: _Optional[int] = ...) -> None: ...

class DailyDealView(_message.Message):
    __slots__ = ("date", "deals", "your_total", "computer_total", "difference", "complete")
    DATE_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    YOUR_TOTAL_FIELD_NUMBER: _ClassVar[int]
    COMPUTER_TOTAL_FIELD_NUMBER: _ClassVar[int]
    DIFFERENCE_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    date: str
    deals: _containers.RepeatedCompositeFieldContainer[DailyDealLine]
    your_total: int
    computer_total: int
    difference: int
    complete: bool
    def __init__(self, date: _Optional[str] = ..., deals: _Optional[_Iterable[_Union[DailyDealLine, _Mapping]]] = ..., your_total: _Optional[int] = ..., computer_total: _Optional[int] = ..., difference: _Optional[int] = ..., complete: _Optional[bool] = ...) -> None: ...

class DailyDealLine(_message.Message):
    __slots__ = ("deal_number", "your_score", "computer_score")
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    YOUR_SCORE_FIELD_NUMBER: _ClassVar[int]
    COMPUTER_SCORE_FIELD_NUMBER: _ClassVar[int]
    deal_number: int
    your_score: int
    computer_score: int
    def __init__(self, deal_number: _Optional[int] = ..., your_score: _Optional[int] = ..., computer_score: _Optional[int] = ...) -> None: ...

class DailyDealCompared(_message.Message):
    __slots__ = ("deal_number", "your_score", "computer_score", "difference", "complete")
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    YOUR_SCORE_FIELD_NUMBER: _ClassVar[int]
    COMPUTER_SCORE_FIELD_NUMBER: _ClassVar[int]
    DIFFERENCE_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    deal_number: int
    your_score: int
    computer_score: int
    difference: int
    complete: bool
    def __init__(self, deal_number: _Optional[int] = ..., your_score: _Optional[int] = ..., computer_score: _Optional[int] = ..., difference: _Optional[int] = ..., complete: _Optional[bool] = ...) -> None: ...

class HandDealt(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ...) -> None: ...

class ActionTaken(_message.Message):
    __slots__ = ("seat", "action", "label", "reason", "by_computer")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    BY_COMPUTER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    action: _actions_pb2.Action
    label: str
    reason: str
    by_computer: bool
    def __init__(self, seat: _Optional[int] = ..., action: _Optional[_Union[_actions_pb2.Action, _Mapping]] = ..., label: _Optional[str] = ..., reason: _Optional[str] = ..., by_computer: _Optional[bool] = ...) -> None: ...

class BiddingEnded(_message.Message):
    __slots__ = ("contract",)
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    contract: ContractView
    def __init__(self, contract: _Optional[_Union[ContractView, _Mapping]] = ...) -> None: ...

class TrickCompleted(_message.Message):
    __slots__ = ("trick",)
    TRICK_FIELD_NUMBER: _ClassVar[int]
    trick: Trick
    def __init__(self, trick: _Optional[_Union[Trick, _Mapping]] = ...) -> None: ...

class DealSettled(_message.Message):
    __slots__ = ("settlement", "totals")
    SETTLEMENT_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    settlement: Settlement
    totals: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, settlement: _Optional[_Union[Settlement, _Mapping]] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...

class MatchFinished(_message.Message):
    __slots__ = ("totals", "winner_seats")
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    WINNER_SEATS_FIELD_NUMBER: _ClassVar[int]
    totals: _containers.RepeatedScalarFieldContainer[int]
    winner_seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, totals: _Optional[_Iterable[int]] = ..., winner_seats: _Optional[_Iterable[int]] = ...) -> None: ...
