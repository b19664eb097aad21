from speedgamez.v1 import cards_pb2 as _cards_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SchafkopfContractKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SCHAFKOPF_CONTRACT_KIND_UNSPECIFIED: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_RUFSPIEL: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_HOCHZEIT: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_BETTEL: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_GEIER: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_FARBGEIER: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_WENZ: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_FARBWENZ: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_SOLO: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_GEIER_TOUT: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_FARBGEIER_TOUT: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_WENZ_TOUT: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_FARBWENZ_TOUT: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_SOLO_TOUT: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_SIE: _ClassVar[SchafkopfContractKind]
    SCHAFKOPF_CONTRACT_KIND_RAMSCH: _ClassVar[SchafkopfContractKind]

class SchafkopfPack(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SCHAFKOPF_PACK_UNSPECIFIED: _ClassVar[SchafkopfPack]
    SCHAFKOPF_PACK_LONG: _ClassVar[SchafkopfPack]
    SCHAFKOPF_PACK_SHORT: _ClassVar[SchafkopfPack]

class SchafkopfAllPass(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SCHAFKOPF_ALL_PASS_UNSPECIFIED: _ClassVar[SchafkopfAllPass]
    SCHAFKOPF_ALL_PASS_ZUSAMMENWERFEN: _ClassVar[SchafkopfAllPass]
    SCHAFKOPF_ALL_PASS_STOCK: _ClassVar[SchafkopfAllPass]
    SCHAFKOPF_ALL_PASS_RAMSCH: _ClassVar[SchafkopfAllPass]
    SCHAFKOPF_ALL_PASS_MUSS: _ClassVar[SchafkopfAllPass]
SCHAFKOPF_CONTRACT_KIND_UNSPECIFIED: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_RUFSPIEL: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_HOCHZEIT: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_BETTEL: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_GEIER: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_FARBGEIER: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_WENZ: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_FARBWENZ: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_SOLO: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_GEIER_TOUT: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_FARBGEIER_TOUT: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_WENZ_TOUT: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_FARBWENZ_TOUT: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_SOLO_TOUT: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_SIE: SchafkopfContractKind
SCHAFKOPF_CONTRACT_KIND_RAMSCH: SchafkopfContractKind
SCHAFKOPF_PACK_UNSPECIFIED: SchafkopfPack
SCHAFKOPF_PACK_LONG: SchafkopfPack
SCHAFKOPF_PACK_SHORT: SchafkopfPack
SCHAFKOPF_ALL_PASS_UNSPECIFIED: SchafkopfAllPass
SCHAFKOPF_ALL_PASS_ZUSAMMENWERFEN: SchafkopfAllPass
SCHAFKOPF_ALL_PASS_STOCK: SchafkopfAllPass
SCHAFKOPF_ALL_PASS_RAMSCH: SchafkopfAllPass
SCHAFKOPF_ALL_PASS_MUSS: SchafkopfAllPass

class SchafkopfAnnounce(_message.Message):
    __slots__ = ("contract", "suit")
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    contract: SchafkopfContractKind
    suit: _cards_pb2.Suit
    def __init__(self, contract: _Optional[_Union[SchafkopfContractKind, str]] = ..., suit: _Optional[_Union[_cards_pb2.Suit, str]] = ...) -> None: ...

class SchafkopfGiveCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: _cards_pb2.Card
    def __init__(self, card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...

class SchafkopfAction(_message.Message):
    __slots__ = ("announce", "give_card")
    ANNOUNCE_FIELD_NUMBER: _ClassVar[int]
    GIVE_CARD_FIELD_NUMBER: _ClassVar[int]
    announce: SchafkopfAnnounce
    give_card: SchafkopfGiveCard
    def __init__(self, announce: _Optional[_Union[SchafkopfAnnounce, _Mapping]] = ..., give_card: _Optional[_Union[SchafkopfGiveCard, _Mapping]] = ...) -> None: ...

class SchafkopfView(_message.Message):
    __slots__ = ("game", "suit", "declarer", "partner", "hochzeit_card", "doublings", "stoss", "stock", "covered")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    DECLARER_FIELD_NUMBER: _ClassVar[int]
    PARTNER_FIELD_NUMBER: _ClassVar[int]
    HOCHZEIT_CARD_FIELD_NUMBER: _ClassVar[int]
    DOUBLINGS_FIELD_NUMBER: _ClassVar[int]
    STOSS_FIELD_NUMBER: _ClassVar[int]
    STOCK_FIELD_NUMBER: _ClassVar[int]
    COVERED_FIELD_NUMBER: _ClassVar[int]
    game: SchafkopfContractKind
    suit: _cards_pb2.Suit
    declarer: int
    partner: int
    hochzeit_card: _cards_pb2.Card
    doublings: _containers.RepeatedScalarFieldContainer[int]
    stoss: _containers.RepeatedScalarFieldContainer[int]
    stock: int
    covered: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, game: _Optional[_Union[SchafkopfContractKind, str]] = ..., suit: _Optional[_Union[_cards_pb2.Suit, str]] = ..., declarer: _Optional[int] = ..., partner: _Optional[int] = ..., hochzeit_card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., doublings: _Optional[_Iterable[int]] = ..., stoss: _Optional[_Iterable[int]] = ..., stock: _Optional[int] = ..., covered: _Optional[_Iterable[int]] = ...) -> None: ...

class SchafkopfSettlement(_message.Message):
    __slots__ = ("game", "suit", "declarer", "partner", "declarer_points", "won", "schneider", "schwarz", "laufende", "laufende_with_declarers", "factor", "stock_change", "ramsch_loser", "durchmarsch_seat", "jungfrauen")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    DECLARER_FIELD_NUMBER: _ClassVar[int]
    PARTNER_FIELD_NUMBER: _ClassVar[int]
    DECLARER_POINTS_FIELD_NUMBER: _ClassVar[int]
    WON_FIELD_NUMBER: _ClassVar[int]
    SCHNEIDER_FIELD_NUMBER: _ClassVar[int]
    SCHWARZ_FIELD_NUMBER: _ClassVar[int]
    LAUFENDE_FIELD_NUMBER: _ClassVar[int]
    LAUFENDE_WITH_DECLARERS_FIELD_NUMBER: _ClassVar[int]
    FACTOR_FIELD_NUMBER: _ClassVar[int]
    STOCK_CHANGE_FIELD_NUMBER: _ClassVar[int]
    RAMSCH_LOSER_FIELD_NUMBER: _ClassVar[int]
    DURCHMARSCH_SEAT_FIELD_NUMBER: _ClassVar[int]
    JUNGFRAUEN_FIELD_NUMBER: _ClassVar[int]
    game: SchafkopfContractKind
    suit: _cards_pb2.Suit
    declarer: int
    partner: int
    declarer_points: int
    won: bool
    schneider: bool
    schwarz: bool
    laufende: int
    laufende_with_declarers: bool
    factor: int
    stock_change: int
    ramsch_loser: int
    durchmarsch_seat: int
    jungfrauen: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, game: _Optional[_Union[SchafkopfContractKind, str]] = ..., suit: _Optional[_Union[_cards_pb2.Suit, str]] = ..., declarer: _Optional[int] = ..., partner: _Optional[int] = ..., declarer_points: _Optional[int] = ..., won: _Optional[bool] = ..., schneider: _Optional[bool] = ..., schwarz: _Optional[bool] = ..., laufende: _Optional[int] = ..., laufende_with_declarers: _Optional[bool] = ..., factor: _Optional[int] = ..., stock_change: _Optional[int] = ..., ramsch_loser: _Optional[int] = ..., durchmarsch_seat: _Optional[int] = ..., jungfrauen: _Optional[_Iterable[int]] = ...) -> None: ...

class SchafkopfRules(_message.Message):
    __slots__ = ("pack", "tariff_partner", "tariff_solo", "tariff_schneider", "tariff_schwarz", "tariff_laufende", "tariff_ramsch", "tariff_bettel", "tariff_stock", "laufende_from", "laufende_from_wenz_geier", "games", "all_pass", "deals")
    PACK_FIELD_NUMBER: _ClassVar[int]
    TARIFF_PARTNER_FIELD_NUMBER: _ClassVar[int]
    TARIFF_SOLO_FIELD_NUMBER: _ClassVar[int]
    TARIFF_SCHNEIDER_FIELD_NUMBER: _ClassVar[int]
    TARIFF_SCHWARZ_FIELD_NUMBER: _ClassVar[int]
    TARIFF_LAUFENDE_FIELD_NUMBER: _ClassVar[int]
    TARIFF_RAMSCH_FIELD_NUMBER: _ClassVar[int]
    TARIFF_BETTEL_FIELD_NUMBER: _ClassVar[int]
    TARIFF_STOCK_FIELD_NUMBER: _ClassVar[int]
    LAUFENDE_FROM_FIELD_NUMBER: _ClassVar[int]
    LAUFENDE_FROM_WENZ_GEIER_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    ALL_PASS_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    pack: SchafkopfPack
    tariff_partner: int
    tariff_solo: int
    tariff_schneider: int
    tariff_schwarz: int
    tariff_laufende: int
    tariff_ramsch: int
    tariff_bettel: int
    tariff_stock: int
    laufende_from: int
    laufende_from_wenz_geier: int
    games: _containers.RepeatedScalarFieldContainer[SchafkopfContractKind]
    all_pass: SchafkopfAllPass
    deals: int
    def __init__(self, pack: _Optional[_Union[SchafkopfPack, str]] = ..., tariff_partner: _Optional[int] = ..., tariff_solo: _Optional[int] = ..., tariff_schneider: _Optional[int] = ..., tariff_schwarz: _Optional[int] = ..., tariff_laufende: _Optional[int] = ..., tariff_ramsch: _Optional[int] = ..., tariff_bettel: _Optional[int] = ..., tariff_stock: _Optional[int] = ..., laufende_from: _Optional[int] = ..., laufende_from_wenz_geier: _Optional[int] = ..., games: _Optional[_Iterable[_Union[SchafkopfContractKind, str]]] = ..., all_pass: _Optional[_Union[SchafkopfAllPass, str]] = ..., deals: _Optional[int] = ...) -> None: ...

class SchafkopfSecondHalfDealt(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ...) -> None: ...

class SchafkopfHochzeitOffered(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: _cards_pb2.Card
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...

class SchafkopfCardGiven(_message.Message):
    __slots__ = ("seat", "to", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    to: int
    card: _cards_pb2.Card
    def __init__(self, seat: _Optional[int] = ..., to: _Optional[int] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...

class SchafkopfPartnerRevealed(_message.Message):
    __slots__ = ("seat", "declarer")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DECLARER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    declarer: int
    def __init__(self, seat: _Optional[int] = ..., declarer: _Optional[int] = ...) -> None: ...

class SchafkopfCardTurned(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: _cards_pb2.Card
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...

class SchafkopfEvent(_message.Message):
    __slots__ = ("second_half_dealt", "hochzeit_offered", "card_given", "partner_revealed", "card_turned")
    SECOND_HALF_DEALT_FIELD_NUMBER: _ClassVar[int]
    HOCHZEIT_OFFERED_FIELD_NUMBER: _ClassVar[int]
    CARD_GIVEN_FIELD_NUMBER: _ClassVar[int]
    PARTNER_REVEALED_FIELD_NUMBER: _ClassVar[int]
    CARD_TURNED_FIELD_NUMBER: _ClassVar[int]
    second_half_dealt: SchafkopfSecondHalfDealt
    hochzeit_offered: SchafkopfHochzeitOffered
    card_given: SchafkopfCardGiven
    partner_revealed: SchafkopfPartnerRevealed
    card_turned: SchafkopfCardTurned
    def __init__(self, second_half_dealt: _Optional[_Union[SchafkopfSecondHalfDealt, _Mapping]] = ..., hochzeit_offered: _Optional[_Union[SchafkopfHochzeitOffered, _Mapping]] = ..., card_given: _Optional[_Union[SchafkopfCardGiven, _Mapping]] = ..., partner_revealed: _Optional[_Union[SchafkopfPartnerRevealed, _Mapping]] = ..., card_turned: _Optional[_Union[SchafkopfCardTurned, _Mapping]] = ...) -> None: ...

class SchafkopfRevealed(_message.Message):
    __slots__ = ("partner", "exchanged", "hochzeit_card")
    PARTNER_FIELD_NUMBER: _ClassVar[int]
    EXCHANGED_FIELD_NUMBER: _ClassVar[int]
    HOCHZEIT_CARD_FIELD_NUMBER: _ClassVar[int]
    partner: int
    exchanged: _cards_pb2.Card
    hochzeit_card: _cards_pb2.Card
    def __init__(self, partner: _Optional[int] = ..., exchanged: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., hochzeit_card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...
