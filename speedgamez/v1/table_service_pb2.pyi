import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from speedgamez.v1 import actions_pb2 as _actions_pb2
from speedgamez.v1 import baska_kop_pb2 as _baska_kop_pb2
from speedgamez.v1 import bela_pb2 as _bela_pb2
from speedgamez.v1 import schafkopf_pb2 as _schafkopf_pb2
from speedgamez.v1 import speculation_pb2 as _speculation_pb2
from speedgamez.v1 import cards_pb2 as _cards_pb2
from speedgamez.v1 import table_pb2 as _table_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Language(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LANGUAGE_UNSPECIFIED: _ClassVar[Language]
    LANGUAGE_ENGLISH: _ClassVar[Language]
    LANGUAGE_GERMAN: _ClassVar[Language]

class GameDynamics(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_DYNAMICS_UNSPECIFIED: _ClassVar[GameDynamics]
    GAME_DYNAMICS_SEQUENTIAL: _ClassVar[GameDynamics]
    GAME_DYNAMICS_SIMULTANEOUS: _ClassVar[GameDynamics]

class GameUtility(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_UTILITY_UNSPECIFIED: _ClassVar[GameUtility]
    GAME_UTILITY_ZERO_SUM: _ClassVar[GameUtility]
    GAME_UTILITY_CONSTANT_SUM: _ClassVar[GameUtility]
    GAME_UTILITY_GENERAL_SUM: _ClassVar[GameUtility]

class OptionGroup(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OPTION_GROUP_UNSPECIFIED: _ClassVar[OptionGroup]
    OPTION_GROUP_PLAY: _ClassVar[OptionGroup]
    OPTION_GROUP_CONTRACTS: _ClassVar[OptionGroup]
    OPTION_GROUP_AMOUNTS: _ClassVar[OptionGroup]

class LeaderboardPeriod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LEADERBOARD_PERIOD_UNSPECIFIED: _ClassVar[LeaderboardPeriod]
    LEADERBOARD_PERIOD_ALL_TIME: _ClassVar[LeaderboardPeriod]
    LEADERBOARD_PERIOD_MONTH: _ClassVar[LeaderboardPeriod]
    LEADERBOARD_PERIOD_WEEK: _ClassVar[LeaderboardPeriod]
    LEADERBOARD_PERIOD_DAY: _ClassVar[LeaderboardPeriod]
    LEADERBOARD_PERIOD_DAILY_DEAL: _ClassVar[LeaderboardPeriod]

class LobbyChangeKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LOBBY_CHANGE_KIND_UNSPECIFIED: _ClassVar[LobbyChangeKind]
    LOBBY_CHANGE_KIND_LISTED: _ClassVar[LobbyChangeKind]
    LOBBY_CHANGE_KIND_SEATS_CHANGED: _ClassVar[LobbyChangeKind]
    LOBBY_CHANGE_KIND_STARTED: _ClassVar[LobbyChangeKind]
    LOBBY_CHANGE_KIND_CLOSED: _ClassVar[LobbyChangeKind]
LANGUAGE_UNSPECIFIED: Language
LANGUAGE_ENGLISH: Language
LANGUAGE_GERMAN: Language
GAME_DYNAMICS_UNSPECIFIED: GameDynamics
GAME_DYNAMICS_SEQUENTIAL: GameDynamics
GAME_DYNAMICS_SIMULTANEOUS: GameDynamics
GAME_UTILITY_UNSPECIFIED: GameUtility
GAME_UTILITY_ZERO_SUM: GameUtility
GAME_UTILITY_CONSTANT_SUM: GameUtility
GAME_UTILITY_GENERAL_SUM: GameUtility
OPTION_GROUP_UNSPECIFIED: OptionGroup
OPTION_GROUP_PLAY: OptionGroup
OPTION_GROUP_CONTRACTS: OptionGroup
OPTION_GROUP_AMOUNTS: OptionGroup
LEADERBOARD_PERIOD_UNSPECIFIED: LeaderboardPeriod
LEADERBOARD_PERIOD_ALL_TIME: LeaderboardPeriod
LEADERBOARD_PERIOD_MONTH: LeaderboardPeriod
LEADERBOARD_PERIOD_WEEK: LeaderboardPeriod
LEADERBOARD_PERIOD_DAY: LeaderboardPeriod
LEADERBOARD_PERIOD_DAILY_DEAL: LeaderboardPeriod
LOBBY_CHANGE_KIND_UNSPECIFIED: LobbyChangeKind
LOBBY_CHANGE_KIND_LISTED: LobbyChangeKind
LOBBY_CHANGE_KIND_SEATS_CHANGED: LobbyChangeKind
LOBBY_CHANGE_KIND_STARTED: LobbyChangeKind
LOBBY_CHANGE_KIND_CLOSED: LobbyChangeKind

class ListGamesRequest(_message.Message):
    __slots__ = ("language",)
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    language: Language
    def __init__(self, language: _Optional[_Union[Language, str]] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameInfo]
    def __init__(self, games: _Optional[_Iterable[_Union[GameInfo, _Mapping]]] = ...) -> None: ...

class GameInfo(_message.Message):
    __slots__ = ("id", "title", "seat_counts", "rule_sets", "dynamics", "utility", "leaderboard_rule", "statistics", "score_unit")
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SEAT_COUNTS_FIELD_NUMBER: _ClassVar[int]
    RULE_SETS_FIELD_NUMBER: _ClassVar[int]
    DYNAMICS_FIELD_NUMBER: _ClassVar[int]
    UTILITY_FIELD_NUMBER: _ClassVar[int]
    LEADERBOARD_RULE_FIELD_NUMBER: _ClassVar[int]
    STATISTICS_FIELD_NUMBER: _ClassVar[int]
    SCORE_UNIT_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    seat_counts: _containers.RepeatedScalarFieldContainer[int]
    rule_sets: _containers.RepeatedCompositeFieldContainer[RuleSetInfo]
    dynamics: GameDynamics
    utility: GameUtility
    leaderboard_rule: str
    statistics: _containers.RepeatedCompositeFieldContainer[StatisticInfo]
    score_unit: _table_pb2.ScoreUnit
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ..., seat_counts: _Optional[_Iterable[int]] = ..., rule_sets: _Optional[_Iterable[_Union[RuleSetInfo, _Mapping]]] = ..., dynamics: _Optional[_Union[GameDynamics, str]] = ..., utility: _Optional[_Union[GameUtility, str]] = ..., leaderboard_rule: _Optional[str] = ..., statistics: _Optional[_Iterable[_Union[StatisticInfo, _Mapping]]] = ..., score_unit: _Optional[_Union[_table_pb2.ScoreUnit, _Mapping]] = ...) -> None: ...

class StatisticInfo(_message.Message):
    __slots__ = ("id", "title")
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ...) -> None: ...

class RuleSetInfo(_message.Message):
    __slots__ = ("id", "title", "default_options", "announcements", "options", "baska_kop", "bela", "schafkopf", "speculation")
    class DefaultOptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    ANNOUNCEMENTS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    BASKA_KOP_FIELD_NUMBER: _ClassVar[int]
    BELA_FIELD_NUMBER: _ClassVar[int]
    SCHAFKOPF_FIELD_NUMBER: _ClassVar[int]
    SPECULATION_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    default_options: _containers.ScalarMap[str, str]
    announcements: _containers.RepeatedScalarFieldContainer[str]
    options: _containers.RepeatedCompositeFieldContainer[OptionInfo]
    baska_kop: _baska_kop_pb2.BaskaKopRules
    bela: _bela_pb2.BelaRules
    schafkopf: _schafkopf_pb2.SchafkopfRules
    speculation: _speculation_pb2.SpeculationRules
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ..., default_options: _Optional[_Mapping[str, str]] = ..., announcements: _Optional[_Iterable[str]] = ..., options: _Optional[_Iterable[_Union[OptionInfo, _Mapping]]] = ..., baska_kop: _Optional[_Union[_baska_kop_pb2.BaskaKopRules, _Mapping]] = ..., bela: _Optional[_Union[_bela_pb2.BelaRules, _Mapping]] = ..., schafkopf: _Optional[_Union[_schafkopf_pb2.SchafkopfRules, _Mapping]] = ..., speculation: _Optional[_Union[_speculation_pb2.SpeculationRules, _Mapping]] = ...) -> None: ...

class OptionInfo(_message.Message):
    __slots__ = ("key", "meaning", "default_value", "allowed_values", "minimum", "maximum", "seats_by_value", "group", "value_labels")
    class SeatsByValueEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: SeatCounts
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[SeatCounts, _Mapping]] = ...) -> None: ...
    class ValueLabelsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    KEY_FIELD_NUMBER: _ClassVar[int]
    MEANING_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    ALLOWED_VALUES_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    SEATS_BY_VALUE_FIELD_NUMBER: _ClassVar[int]
    GROUP_FIELD_NUMBER: _ClassVar[int]
    VALUE_LABELS_FIELD_NUMBER: _ClassVar[int]
    key: str
    meaning: str
    default_value: str
    allowed_values: _containers.RepeatedScalarFieldContainer[str]
    minimum: int
    maximum: int
    seats_by_value: _containers.MessageMap[str, SeatCounts]
    group: OptionGroup
    value_labels: _containers.ScalarMap[str, str]
    def __init__(self, key: _Optional[str] = ..., meaning: _Optional[str] = ..., default_value: _Optional[str] = ..., allowed_values: _Optional[_Iterable[str]] = ..., minimum: _Optional[int] = ..., maximum: _Optional[int] = ..., seats_by_value: _Optional[_Mapping[str, SeatCounts]] = ..., group: _Optional[_Union[OptionGroup, str]] = ..., value_labels: _Optional[_Mapping[str, str]] = ...) -> None: ...

class SeatCounts(_message.Message):
    __slots__ = ("counts",)
    COUNTS_FIELD_NUMBER: _ClassVar[int]
    counts: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, counts: _Optional[_Iterable[int]] = ...) -> None: ...

class GetPlayerRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetPlayerResponse(_message.Message):
    __slots__ = ("player_id", "display_name", "balance")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    BALANCE_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    display_name: str
    balance: int
    def __init__(self, player_id: _Optional[str] = ..., display_name: _Optional[str] = ..., balance: _Optional[int] = ...) -> None: ...

class RevokeTokenRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RevokeTokenResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RegisterPlayerRequest(_message.Message):
    __slots__ = ("display_name",)
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    display_name: str
    def __init__(self, display_name: _Optional[str] = ...) -> None: ...

class RegisterPlayerResponse(_message.Message):
    __slots__ = ("player_id", "token")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    token: str
    def __init__(self, player_id: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...

class SeatConfig(_message.Message):
    __slots__ = ("kind", "level")
    KIND_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    kind: _table_pb2.SeatKind
    level: _table_pb2.ComputerLevel
    def __init__(self, kind: _Optional[_Union[_table_pb2.SeatKind, str]] = ..., level: _Optional[_Union[_table_pb2.ComputerLevel, str]] = ...) -> None: ...

class CreateTableRequest(_message.Message):
    __slots__ = ("game", "rule_set", "options", "seats", "join", "seat", "card_names", "language", "think_seconds", "learning", "count_points", "stake", "again_of")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULE_SET_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    JOIN_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_NAMES_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    THINK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    LEARNING_FIELD_NUMBER: _ClassVar[int]
    COUNT_POINTS_FIELD_NUMBER: _ClassVar[int]
    STAKE_FIELD_NUMBER: _ClassVar[int]
    AGAIN_OF_FIELD_NUMBER: _ClassVar[int]
    game: str
    rule_set: str
    options: _containers.ScalarMap[str, str]
    seats: _containers.RepeatedCompositeFieldContainer[SeatConfig]
    join: bool
    seat: int
    card_names: _cards_pb2.CardNames
    language: Language
    think_seconds: int
    learning: bool
    count_points: bool
    stake: int
    again_of: str
    def __init__(self, game: _Optional[str] = ..., rule_set: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., seats: _Optional[_Iterable[_Union[SeatConfig, _Mapping]]] = ..., join: _Optional[bool] = ..., seat: _Optional[int] = ..., card_names: _Optional[_Union[_cards_pb2.CardNames, str]] = ..., language: _Optional[_Union[Language, str]] = ..., think_seconds: _Optional[int] = ..., learning: _Optional[bool] = ..., count_points: _Optional[bool] = ..., stake: _Optional[int] = ..., again_of: _Optional[str] = ...) -> None: ...

class CreateTableResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: _table_pb2.TableView
    def __init__(self, table: _Optional[_Union[_table_pb2.TableView, _Mapping]] = ...) -> None: ...

class ListTablesRequest(_message.Message):
    __slots__ = ("game", "mine", "page_size", "page_token")
    GAME_FIELD_NUMBER: _ClassVar[int]
    MINE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game: str
    mine: bool
    page_size: int
    page_token: str
    def __init__(self, game: _Optional[str] = ..., mine: _Optional[bool] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class TableSummary(_message.Message):
    __slots__ = ("name", "game", "rule_set", "phase", "seats", "deals_total", "target_points")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULE_SET_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    DEALS_TOTAL_FIELD_NUMBER: _ClassVar[int]
    TARGET_POINTS_FIELD_NUMBER: _ClassVar[int]
    name: str
    game: str
    rule_set: str
    phase: _table_pb2.TablePhase
    seats: _containers.RepeatedCompositeFieldContainer[_table_pb2.SeatView]
    deals_total: int
    target_points: int
    def __init__(self, name: _Optional[str] = ..., game: _Optional[str] = ..., rule_set: _Optional[str] = ..., phase: _Optional[_Union[_table_pb2.TablePhase, str]] = ..., seats: _Optional[_Iterable[_Union[_table_pb2.SeatView, _Mapping]]] = ..., deals_total: _Optional[int] = ..., target_points: _Optional[int] = ...) -> None: ...

class ListTablesResponse(_message.Message):
    __slots__ = ("tables", "next_page_token")
    TABLES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    tables: _containers.RepeatedCompositeFieldContainer[TableSummary]
    next_page_token: str
    def __init__(self, tables: _Optional[_Iterable[_Union[TableSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class JoinTableRequest(_message.Message):
    __slots__ = ("table", "seat", "card_names", "language", "request_id")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_NAMES_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    table: str
    seat: int
    card_names: _cards_pb2.CardNames
    language: Language
    request_id: str
    def __init__(self, table: _Optional[str] = ..., seat: _Optional[int] = ..., card_names: _Optional[_Union[_cards_pb2.CardNames, str]] = ..., language: _Optional[_Union[Language, str]] = ..., request_id: _Optional[str] = ...) -> None: ...

class JoinTableResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: _table_pb2.TableView
    def __init__(self, table: _Optional[_Union[_table_pb2.TableView, _Mapping]] = ...) -> None: ...

class LeaveTableRequest(_message.Message):
    __slots__ = ("table", "request_id")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    table: str
    request_id: str
    def __init__(self, table: _Optional[str] = ..., request_id: _Optional[str] = ...) -> None: ...

class LeaveTableResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetTableRequest(_message.Message):
    __slots__ = ("table", "card_names", "language")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    CARD_NAMES_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    table: str
    card_names: _cards_pb2.CardNames
    language: Language
    def __init__(self, table: _Optional[str] = ..., card_names: _Optional[_Union[_cards_pb2.CardNames, str]] = ..., language: _Optional[_Union[Language, str]] = ...) -> None: ...

class GetTableResponse(_message.Message):
    __slots__ = ("table", "advice")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    ADVICE_FIELD_NUMBER: _ClassVar[int]
    table: _table_pb2.TableView
    advice: GetAdviceResponse
    def __init__(self, table: _Optional[_Union[_table_pb2.TableView, _Mapping]] = ..., advice: _Optional[_Union[GetAdviceResponse, _Mapping]] = ...) -> None: ...

class SubmitActionRequest(_message.Message):
    __slots__ = ("table", "table_version", "request_id", "action", "card_names", "language")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    TABLE_VERSION_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    CARD_NAMES_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    table: str
    table_version: int
    request_id: str
    action: _actions_pb2.Action
    card_names: _cards_pb2.CardNames
    language: Language
    def __init__(self, table: _Optional[str] = ..., table_version: _Optional[int] = ..., request_id: _Optional[str] = ..., action: _Optional[_Union[_actions_pb2.Action, _Mapping]] = ..., card_names: _Optional[_Union[_cards_pb2.CardNames, str]] = ..., language: _Optional[_Union[Language, str]] = ...) -> None: ...

class SubmitActionResponse(_message.Message):
    __slots__ = ("table", "advice")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    ADVICE_FIELD_NUMBER: _ClassVar[int]
    table: _table_pb2.TableView
    advice: GetAdviceResponse
    def __init__(self, table: _Optional[_Union[_table_pb2.TableView, _Mapping]] = ..., advice: _Optional[_Union[GetAdviceResponse, _Mapping]] = ...) -> None: ...

class WatchTableRequest(_message.Message):
    __slots__ = ("table", "after_sequence", "card_names", "language")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    AFTER_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    CARD_NAMES_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    table: str
    after_sequence: int
    card_names: _cards_pb2.CardNames
    language: Language
    def __init__(self, table: _Optional[str] = ..., after_sequence: _Optional[int] = ..., card_names: _Optional[_Union[_cards_pb2.CardNames, str]] = ..., language: _Optional[_Union[Language, str]] = ...) -> None: ...

class WatchTableResponse(_message.Message):
    __slots__ = ("event", "heartbeat")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    HEARTBEAT_FIELD_NUMBER: _ClassVar[int]
    event: _table_pb2.TableEvent
    heartbeat: WatchHeartbeat
    def __init__(self, event: _Optional[_Union[_table_pb2.TableEvent, _Mapping]] = ..., heartbeat: _Optional[_Union[WatchHeartbeat, _Mapping]] = ...) -> None: ...

class WatchHeartbeat(_message.Message):
    __slots__ = ("time", "last_event_sequence")
    TIME_FIELD_NUMBER: _ClassVar[int]
    LAST_EVENT_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    time: _timestamp_pb2.Timestamp
    last_event_sequence: int
    def __init__(self, time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., last_event_sequence: _Optional[int] = ...) -> None: ...

class GetAdviceRequest(_message.Message):
    __slots__ = ("table", "card_names", "language")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    CARD_NAMES_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    table: str
    card_names: _cards_pb2.CardNames
    language: Language
    def __init__(self, table: _Optional[str] = ..., card_names: _Optional[_Union[_cards_pb2.CardNames, str]] = ..., language: _Optional[_Union[Language, str]] = ...) -> None: ...

class GetAdviceResponse(_message.Message):
    __slots__ = ("recommended_action", "reason", "calls", "cards", "deals_considered", "exact", "table_version", "holding")
    RECOMMENDED_ACTION_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    CALLS_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    DEALS_CONSIDERED_FIELD_NUMBER: _ClassVar[int]
    EXACT_FIELD_NUMBER: _ClassVar[int]
    TABLE_VERSION_FIELD_NUMBER: _ClassVar[int]
    HOLDING_FIELD_NUMBER: _ClassVar[int]
    recommended_action: _actions_pb2.Action
    reason: str
    calls: _containers.RepeatedCompositeFieldContainer[CallAdvice]
    cards: _containers.RepeatedCompositeFieldContainer[CardAdvice]
    deals_considered: int
    exact: bool
    table_version: int
    holding: HoldingAdvice
    def __init__(self, recommended_action: _Optional[_Union[_actions_pb2.Action, _Mapping]] = ..., reason: _Optional[str] = ..., calls: _Optional[_Iterable[_Union[CallAdvice, _Mapping]]] = ..., cards: _Optional[_Iterable[_Union[CardAdvice, _Mapping]]] = ..., deals_considered: _Optional[int] = ..., exact: _Optional[bool] = ..., table_version: _Optional[int] = ..., holding: _Optional[_Union[HoldingAdvice, _Mapping]] = ...) -> None: ...

class HoldingAdvice(_message.Message):
    __slots__ = ("pool", "best_win_chance", "best_fair_chips", "card_win_chance", "card_fair_chips", "seats")
    POOL_FIELD_NUMBER: _ClassVar[int]
    BEST_WIN_CHANCE_FIELD_NUMBER: _ClassVar[int]
    BEST_FAIR_CHIPS_FIELD_NUMBER: _ClassVar[int]
    CARD_WIN_CHANCE_FIELD_NUMBER: _ClassVar[int]
    CARD_FAIR_CHIPS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    pool: int
    best_win_chance: float
    best_fair_chips: float
    card_win_chance: float
    card_fair_chips: float
    seats: _containers.RepeatedCompositeFieldContainer[SeatHolding]
    def __init__(self, pool: _Optional[int] = ..., best_win_chance: _Optional[float] = ..., best_fair_chips: _Optional[float] = ..., card_win_chance: _Optional[float] = ..., card_fair_chips: _Optional[float] = ..., seats: _Optional[_Iterable[_Union[SeatHolding, _Mapping]]] = ...) -> None: ...

class SeatHolding(_message.Message):
    __slots__ = ("seat", "win_chance", "fair_chips", "slot_ids")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    WIN_CHANCE_FIELD_NUMBER: _ClassVar[int]
    FAIR_CHIPS_FIELD_NUMBER: _ClassVar[int]
    SLOT_IDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    win_chance: float
    fair_chips: float
    slot_ids: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., win_chance: _Optional[float] = ..., fair_chips: _Optional[float] = ..., slot_ids: _Optional[_Iterable[int]] = ...) -> None: ...

class CallAdvice(_message.Message):
    __slots__ = ("action", "label", "win_chance", "mean_score")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    WIN_CHANCE_FIELD_NUMBER: _ClassVar[int]
    MEAN_SCORE_FIELD_NUMBER: _ClassVar[int]
    action: _actions_pb2.Action
    label: str
    win_chance: float
    mean_score: float
    def __init__(self, action: _Optional[_Union[_actions_pb2.Action, _Mapping]] = ..., label: _Optional[str] = ..., win_chance: _Optional[float] = ..., mean_score: _Optional[float] = ...) -> None: ...

class CardAdvice(_message.Message):
    __slots__ = ("card", "winning_deals", "mean_points", "mean_score")
    CARD_FIELD_NUMBER: _ClassVar[int]
    WINNING_DEALS_FIELD_NUMBER: _ClassVar[int]
    MEAN_POINTS_FIELD_NUMBER: _ClassVar[int]
    MEAN_SCORE_FIELD_NUMBER: _ClassVar[int]
    card: _cards_pb2.Card
    winning_deals: int
    mean_points: float
    mean_score: float
    def __init__(self, card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., winning_deals: _Optional[int] = ..., mean_points: _Optional[float] = ..., mean_score: _Optional[float] = ...) -> None: ...

class GetLeaderboardRequest(_message.Message):
    __slots__ = ("game", "period", "top_size", "around_size")
    GAME_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    TOP_SIZE_FIELD_NUMBER: _ClassVar[int]
    AROUND_SIZE_FIELD_NUMBER: _ClassVar[int]
    game: str
    period: LeaderboardPeriod
    top_size: int
    around_size: int
    def __init__(self, game: _Optional[str] = ..., period: _Optional[_Union[LeaderboardPeriod, str]] = ..., top_size: _Optional[int] = ..., around_size: _Optional[int] = ...) -> None: ...

class LeaderboardLine(_message.Message):
    __slots__ = ("rank", "player_id", "display_name", "points", "is_caller")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    IS_CALLER_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player_id: str
    display_name: str
    points: int
    is_caller: bool
    def __init__(self, rank: _Optional[int] = ..., player_id: _Optional[str] = ..., display_name: _Optional[str] = ..., points: _Optional[int] = ..., is_caller: _Optional[bool] = ...) -> None: ...

class GetLeaderboardResponse(_message.Message):
    __slots__ = ("game", "period", "window", "time_zone", "players", "top", "around_caller", "caller", "rule")
    GAME_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    AROUND_CALLER_FIELD_NUMBER: _ClassVar[int]
    CALLER_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    game: str
    period: LeaderboardPeriod
    window: str
    time_zone: str
    players: int
    top: _containers.RepeatedCompositeFieldContainer[LeaderboardLine]
    around_caller: _containers.RepeatedCompositeFieldContainer[LeaderboardLine]
    caller: LeaderboardLine
    rule: str
    def __init__(self, game: _Optional[str] = ..., period: _Optional[_Union[LeaderboardPeriod, str]] = ..., window: _Optional[str] = ..., time_zone: _Optional[str] = ..., players: _Optional[int] = ..., top: _Optional[_Iterable[_Union[LeaderboardLine, _Mapping]]] = ..., around_caller: _Optional[_Iterable[_Union[LeaderboardLine, _Mapping]]] = ..., caller: _Optional[_Union[LeaderboardLine, _Mapping]] = ..., rule: _Optional[str] = ...) -> None: ...

class GetStatisticsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetStatisticsResponse(_message.Message):
    __slots__ = ("player_id", "games")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    games: _containers.RepeatedCompositeFieldContainer[GameStatistics]
    def __init__(self, player_id: _Optional[str] = ..., games: _Optional[_Iterable[_Union[GameStatistics, _Mapping]]] = ...) -> None: ...

class GameStatistics(_message.Message):
    __slots__ = ("game", "title", "points", "daily_difference", "rank", "counters")
    GAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    DAILY_DIFFERENCE_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    COUNTERS_FIELD_NUMBER: _ClassVar[int]
    game: str
    title: str
    points: int
    daily_difference: int
    rank: int
    counters: _containers.RepeatedCompositeFieldContainer[StatisticCount]
    def __init__(self, game: _Optional[str] = ..., title: _Optional[str] = ..., points: _Optional[int] = ..., daily_difference: _Optional[int] = ..., rank: _Optional[int] = ..., counters: _Optional[_Iterable[_Union[StatisticCount, _Mapping]]] = ...) -> None: ...

class StatisticCount(_message.Message):
    __slots__ = ("id", "title", "count")
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    count: int
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class StartDailyDealRequest(_message.Message):
    __slots__ = ("game", "card_names", "language")
    GAME_FIELD_NUMBER: _ClassVar[int]
    CARD_NAMES_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    game: str
    card_names: _cards_pb2.CardNames
    language: Language
    def __init__(self, game: _Optional[str] = ..., card_names: _Optional[_Union[_cards_pb2.CardNames, str]] = ..., language: _Optional[_Union[Language, str]] = ...) -> None: ...

class StartDailyDealResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: _table_pb2.TableView
    def __init__(self, table: _Optional[_Union[_table_pb2.TableView, _Mapping]] = ...) -> None: ...

class WatchLobbyRequest(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: str
    def __init__(self, game: _Optional[str] = ...) -> None: ...

class WatchLobbyResponse(_message.Message):
    __slots__ = ("snapshot", "change", "heartbeat")
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    HEARTBEAT_FIELD_NUMBER: _ClassVar[int]
    snapshot: LobbySnapshot
    change: LobbyChange
    heartbeat: WatchHeartbeat
    def __init__(self, snapshot: _Optional[_Union[LobbySnapshot, _Mapping]] = ..., change: _Optional[_Union[LobbyChange, _Mapping]] = ..., heartbeat: _Optional[_Union[WatchHeartbeat, _Mapping]] = ...) -> None: ...

class LobbySnapshot(_message.Message):
    __slots__ = ("tables",)
    TABLES_FIELD_NUMBER: _ClassVar[int]
    tables: _containers.RepeatedCompositeFieldContainer[TableSummary]
    def __init__(self, tables: _Optional[_Iterable[_Union[TableSummary, _Mapping]]] = ...) -> None: ...

class LobbyChange(_message.Message):
    __slots__ = ("kind", "table")
    KIND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    kind: LobbyChangeKind
    table: TableSummary
    def __init__(self, kind: _Optional[_Union[LobbyChangeKind, str]] = ..., table: _Optional[_Union[TableSummary, _Mapping]] = ...) -> None: ...

class GetReplayRequest(_message.Message):
    __slots__ = ("table", "card_names", "language")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    CARD_NAMES_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    table: str
    card_names: _cards_pb2.CardNames
    language: Language
    def __init__(self, table: _Optional[str] = ..., card_names: _Optional[_Union[_cards_pb2.CardNames, str]] = ..., language: _Optional[_Union[Language, str]] = ...) -> None: ...

class GetReplayResponse(_message.Message):
    __slots__ = ("game", "rule_set", "options", "player_names", "deals", "totals", "record")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULE_SET_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAMES_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    RECORD_FIELD_NUMBER: _ClassVar[int]
    game: str
    rule_set: str
    options: _containers.ScalarMap[str, str]
    player_names: _containers.RepeatedScalarFieldContainer[str]
    deals: _containers.RepeatedCompositeFieldContainer[ReplayDeal]
    totals: _containers.RepeatedScalarFieldContainer[int]
    record: str
    def __init__(self, game: _Optional[str] = ..., rule_set: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., player_names: _Optional[_Iterable[str]] = ..., deals: _Optional[_Iterable[_Union[ReplayDeal, _Mapping]]] = ..., totals: _Optional[_Iterable[int]] = ..., record: _Optional[str] = ...) -> None: ...

class ReplayDeal(_message.Message):
    __slots__ = ("deal_number", "dealer_seat", "shuffle", "hands", "moves", "settlement", "totals")
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    DEALER_SEAT_FIELD_NUMBER: _ClassVar[int]
    SHUFFLE_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    SETTLEMENT_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    deal_number: int
    dealer_seat: int
    shuffle: int
    hands: _containers.RepeatedCompositeFieldContainer[_table_pb2.SeatHand]
    moves: _containers.RepeatedCompositeFieldContainer[_table_pb2.ActionTaken]
    settlement: _table_pb2.Settlement
    totals: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, deal_number: _Optional[int] = ..., dealer_seat: _Optional[int] = ..., shuffle: _Optional[int] = ..., hands: _Optional[_Iterable[_Union[_table_pb2.SeatHand, _Mapping]]] = ..., moves: _Optional[_Iterable[_Union[_table_pb2.ActionTaken, _Mapping]]] = ..., settlement: _Optional[_Union[_table_pb2.Settlement, _Mapping]] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...
