from speedgamez.v1 import cards_pb2 as _cards_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SpeculationReveal(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SpeculationSell(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SpeculationKeep(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SpeculationBidAction(_message.Message):
    __slots__ = ("auction_id", "chips")
    AUCTION_ID_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    auction_id: int
    chips: int
    def __init__(self, auction_id: _Optional[int] = ..., chips: _Optional[int] = ...) -> None: ...

class SpeculationAcceptBid(_message.Message):
    __slots__ = ("bid_id",)
    BID_ID_FIELD_NUMBER: _ClassVar[int]
    bid_id: int
    def __init__(self, bid_id: _Optional[int] = ...) -> None: ...

class SpeculationOfferAction(_message.Message):
    __slots__ = ("seller_seat", "slot_ids", "chips")
    SELLER_SEAT_FIELD_NUMBER: _ClassVar[int]
    SLOT_IDS_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    seller_seat: int
    slot_ids: _containers.RepeatedScalarFieldContainer[int]
    chips: int
    def __init__(self, seller_seat: _Optional[int] = ..., slot_ids: _Optional[_Iterable[int]] = ..., chips: _Optional[int] = ...) -> None: ...

class SpeculationOfferAnswer(_message.Message):
    __slots__ = ("offer_id",)
    OFFER_ID_FIELD_NUMBER: _ClassVar[int]
    offer_id: int
    def __init__(self, offer_id: _Optional[int] = ...) -> None: ...

class SpeculationAction(_message.Message):
    __slots__ = ("reveal", "sell", "keep", "bid", "accept_bid", "offer", "withdraw_offer", "accept_offer", "reject_offer")
    REVEAL_FIELD_NUMBER: _ClassVar[int]
    SELL_FIELD_NUMBER: _ClassVar[int]
    KEEP_FIELD_NUMBER: _ClassVar[int]
    BID_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_BID_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_OFFER_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_OFFER_FIELD_NUMBER: _ClassVar[int]
    REJECT_OFFER_FIELD_NUMBER: _ClassVar[int]
    reveal: SpeculationReveal
    sell: SpeculationSell
    keep: SpeculationKeep
    bid: SpeculationBidAction
    accept_bid: SpeculationAcceptBid
    offer: SpeculationOfferAction
    withdraw_offer: SpeculationOfferAnswer
    accept_offer: SpeculationOfferAnswer
    reject_offer: SpeculationOfferAnswer
    def __init__(self, reveal: _Optional[_Union[SpeculationReveal, _Mapping]] = ..., sell: _Optional[_Union[SpeculationSell, _Mapping]] = ..., keep: _Optional[_Union[SpeculationKeep, _Mapping]] = ..., bid: _Optional[_Union[SpeculationBidAction, _Mapping]] = ..., accept_bid: _Optional[_Union[SpeculationAcceptBid, _Mapping]] = ..., offer: _Optional[_Union[SpeculationOfferAction, _Mapping]] = ..., withdraw_offer: _Optional[_Union[SpeculationOfferAnswer, _Mapping]] = ..., accept_offer: _Optional[_Union[SpeculationOfferAnswer, _Mapping]] = ..., reject_offer: _Optional[_Union[SpeculationOfferAnswer, _Mapping]] = ...) -> None: ...

class SpeculationSeat(_message.Message):
    __slots__ = ("chips", "free_chips", "slot_ids", "revealed", "bought", "out")
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    FREE_CHIPS_FIELD_NUMBER: _ClassVar[int]
    SLOT_IDS_FIELD_NUMBER: _ClassVar[int]
    REVEALED_FIELD_NUMBER: _ClassVar[int]
    BOUGHT_FIELD_NUMBER: _ClassVar[int]
    OUT_FIELD_NUMBER: _ClassVar[int]
    chips: int
    free_chips: int
    slot_ids: _containers.RepeatedScalarFieldContainer[int]
    revealed: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    bought: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    out: bool
    def __init__(self, chips: _Optional[int] = ..., free_chips: _Optional[int] = ..., slot_ids: _Optional[_Iterable[int]] = ..., revealed: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., bought: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., out: _Optional[bool] = ...) -> None: ...

class SpeculationBid(_message.Message):
    __slots__ = ("bid_id", "seat", "chips")
    BID_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    bid_id: int
    seat: int
    chips: int
    def __init__(self, bid_id: _Optional[int] = ..., seat: _Optional[int] = ..., chips: _Optional[int] = ...) -> None: ...

class SpeculationAuction(_message.Message):
    __slots__ = ("auction_id", "seller", "card", "bids", "closed", "waiting")
    AUCTION_ID_FIELD_NUMBER: _ClassVar[int]
    SELLER_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    BIDS_FIELD_NUMBER: _ClassVar[int]
    CLOSED_FIELD_NUMBER: _ClassVar[int]
    WAITING_FIELD_NUMBER: _ClassVar[int]
    auction_id: int
    seller: int
    card: _cards_pb2.Card
    bids: _containers.RepeatedCompositeFieldContainer[SpeculationBid]
    closed: bool
    waiting: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, auction_id: _Optional[int] = ..., seller: _Optional[int] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., bids: _Optional[_Iterable[_Union[SpeculationBid, _Mapping]]] = ..., closed: _Optional[bool] = ..., waiting: _Optional[_Iterable[int]] = ...) -> None: ...

class SpeculationOffer(_message.Message):
    __slots__ = ("offer_id", "buyer", "seller", "slot_ids", "chips")
    OFFER_ID_FIELD_NUMBER: _ClassVar[int]
    BUYER_FIELD_NUMBER: _ClassVar[int]
    SELLER_FIELD_NUMBER: _ClassVar[int]
    SLOT_IDS_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    offer_id: int
    buyer: int
    seller: int
    slot_ids: _containers.RepeatedScalarFieldContainer[int]
    chips: int
    def __init__(self, offer_id: _Optional[int] = ..., buyer: _Optional[int] = ..., seller: _Optional[int] = ..., slot_ids: _Optional[_Iterable[int]] = ..., chips: _Optional[int] = ...) -> None: ...

class SpeculationView(_message.Message):
    __slots__ = ("trump", "turn_up", "pool", "carried", "seats", "best", "owner", "revealer", "auction", "offers", "seen", "pack_size", "reshuffled", "extra_hand", "extra_cards", "foster", "deal_number", "deals")
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    TURN_UP_FIELD_NUMBER: _ClassVar[int]
    POOL_FIELD_NUMBER: _ClassVar[int]
    CARRIED_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    BEST_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    REVEALER_FIELD_NUMBER: _ClassVar[int]
    AUCTION_FIELD_NUMBER: _ClassVar[int]
    OFFERS_FIELD_NUMBER: _ClassVar[int]
    SEEN_FIELD_NUMBER: _ClassVar[int]
    PACK_SIZE_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    EXTRA_HAND_FIELD_NUMBER: _ClassVar[int]
    EXTRA_CARDS_FIELD_NUMBER: _ClassVar[int]
    FOSTER_FIELD_NUMBER: _ClassVar[int]
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    trump: str
    turn_up: _cards_pb2.Card
    pool: int
    carried: int
    seats: _containers.RepeatedCompositeFieldContainer[SpeculationSeat]
    best: _cards_pb2.Card
    owner: int
    revealer: int
    auction: SpeculationAuction
    offers: _containers.RepeatedCompositeFieldContainer[SpeculationOffer]
    seen: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    pack_size: int
    reshuffled: bool
    extra_hand: _containers.RepeatedScalarFieldContainer[int]
    extra_cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    foster: bool
    deal_number: int
    deals: int
    def __init__(self, trump: _Optional[str] = ..., turn_up: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., pool: _Optional[int] = ..., carried: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SpeculationSeat, _Mapping]]] = ..., best: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., owner: _Optional[int] = ..., revealer: _Optional[int] = ..., auction: _Optional[_Union[SpeculationAuction, _Mapping]] = ..., offers: _Optional[_Iterable[_Union[SpeculationOffer, _Mapping]]] = ..., seen: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., pack_size: _Optional[int] = ..., reshuffled: _Optional[bool] = ..., extra_hand: _Optional[_Iterable[int]] = ..., extra_cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., foster: _Optional[bool] = ..., deal_number: _Optional[int] = ..., deals: _Optional[int] = ...) -> None: ...

class SpeculationSettlement(_message.Message):
    __slots__ = ("trump", "turn_up", "pool", "winner", "best", "pool_left", "extra_cards", "chips")
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    TURN_UP_FIELD_NUMBER: _ClassVar[int]
    POOL_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    BEST_FIELD_NUMBER: _ClassVar[int]
    POOL_LEFT_FIELD_NUMBER: _ClassVar[int]
    EXTRA_CARDS_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    trump: str
    turn_up: _cards_pb2.Card
    pool: int
    winner: int
    best: _cards_pb2.Card
    pool_left: int
    extra_cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    chips: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, trump: _Optional[str] = ..., turn_up: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., pool: _Optional[int] = ..., winner: _Optional[int] = ..., best: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., pool_left: _Optional[int] = ..., extra_cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., chips: _Optional[_Iterable[int]] = ...) -> None: ...

class SpeculationRules(_message.Message):
    __slots__ = ("chips", "deals_each", "carry_over", "foster", "fives_and_jacks", "extra_hand", "reveal_seconds", "auction_seconds")
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    DEALS_EACH_FIELD_NUMBER: _ClassVar[int]
    CARRY_OVER_FIELD_NUMBER: _ClassVar[int]
    FOSTER_FIELD_NUMBER: _ClassVar[int]
    FIVES_AND_JACKS_FIELD_NUMBER: _ClassVar[int]
    EXTRA_HAND_FIELD_NUMBER: _ClassVar[int]
    REVEAL_SECONDS_FIELD_NUMBER: _ClassVar[int]
    AUCTION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    chips: int
    deals_each: int
    carry_over: bool
    foster: bool
    fives_and_jacks: bool
    extra_hand: bool
    reveal_seconds: int
    auction_seconds: int
    def __init__(self, chips: _Optional[int] = ..., deals_each: _Optional[int] = ..., carry_over: _Optional[bool] = ..., foster: _Optional[bool] = ..., fives_and_jacks: _Optional[bool] = ..., extra_hand: _Optional[bool] = ..., reveal_seconds: _Optional[int] = ..., auction_seconds: _Optional[int] = ...) -> None: ...

class SpeculationCardRevealed(_message.Message):
    __slots__ = ("seat", "slot_id", "card", "best")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SLOT_ID_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    BEST_FIELD_NUMBER: _ClassVar[int]
    seat: int
    slot_id: int
    card: _cards_pb2.Card
    best: bool
    def __init__(self, seat: _Optional[int] = ..., slot_id: _Optional[int] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., best: _Optional[bool] = ...) -> None: ...

class SpeculationAuctionOpened(_message.Message):
    __slots__ = ("auction_id", "seller", "card")
    AUCTION_ID_FIELD_NUMBER: _ClassVar[int]
    SELLER_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    auction_id: int
    seller: int
    card: _cards_pb2.Card
    def __init__(self, auction_id: _Optional[int] = ..., seller: _Optional[int] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...

class SpeculationAuctionBid(_message.Message):
    __slots__ = ("auction_id", "bid_id", "seat", "chips")
    AUCTION_ID_FIELD_NUMBER: _ClassVar[int]
    BID_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    auction_id: int
    bid_id: int
    seat: int
    chips: int
    def __init__(self, auction_id: _Optional[int] = ..., bid_id: _Optional[int] = ..., seat: _Optional[int] = ..., chips: _Optional[int] = ...) -> None: ...

class SpeculationAuctionClosed(_message.Message):
    __slots__ = ("auction_id", "seller", "card", "buyer", "chips")
    AUCTION_ID_FIELD_NUMBER: _ClassVar[int]
    SELLER_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    BUYER_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    auction_id: int
    seller: int
    card: _cards_pb2.Card
    buyer: int
    chips: int
    def __init__(self, auction_id: _Optional[int] = ..., seller: _Optional[int] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., buyer: _Optional[int] = ..., chips: _Optional[int] = ...) -> None: ...

class SpeculationOfferMade(_message.Message):
    __slots__ = ("offer_id", "buyer", "seller", "slot_ids", "chips")
    OFFER_ID_FIELD_NUMBER: _ClassVar[int]
    BUYER_FIELD_NUMBER: _ClassVar[int]
    SELLER_FIELD_NUMBER: _ClassVar[int]
    SLOT_IDS_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    offer_id: int
    buyer: int
    seller: int
    slot_ids: _containers.RepeatedScalarFieldContainer[int]
    chips: int
    def __init__(self, offer_id: _Optional[int] = ..., buyer: _Optional[int] = ..., seller: _Optional[int] = ..., slot_ids: _Optional[_Iterable[int]] = ..., chips: _Optional[int] = ...) -> None: ...

class SpeculationOfferAccepted(_message.Message):
    __slots__ = ("offer_id",)
    OFFER_ID_FIELD_NUMBER: _ClassVar[int]
    offer_id: int
    def __init__(self, offer_id: _Optional[int] = ...) -> None: ...

class SpeculationOfferRejected(_message.Message):
    __slots__ = ("offer_id",)
    OFFER_ID_FIELD_NUMBER: _ClassVar[int]
    offer_id: int
    def __init__(self, offer_id: _Optional[int] = ...) -> None: ...

class SpeculationOfferWithdrawn(_message.Message):
    __slots__ = ("offer_id",)
    OFFER_ID_FIELD_NUMBER: _ClassVar[int]
    offer_id: int
    def __init__(self, offer_id: _Optional[int] = ...) -> None: ...

class SpeculationOfferLapsed(_message.Message):
    __slots__ = ("offer_id", "reason")
    OFFER_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    offer_id: int
    reason: str
    def __init__(self, offer_id: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class SpeculationChipsMoved(_message.Message):
    __slots__ = ("payer", "payee", "chips", "reason")
    PAYER_FIELD_NUMBER: _ClassVar[int]
    PAYEE_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    payer: int
    payee: int
    chips: int
    reason: str
    def __init__(self, payer: _Optional[int] = ..., payee: _Optional[int] = ..., chips: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class SpeculationPoolWon(_message.Message):
    __slots__ = ("seat", "chips")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    chips: int
    def __init__(self, seat: _Optional[int] = ..., chips: _Optional[int] = ...) -> None: ...

class SpeculationPoolCarried(_message.Message):
    __slots__ = ("chips", "reason")
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    chips: int
    reason: str
    def __init__(self, chips: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class SpeculationReshuffled(_message.Message):
    __slots__ = ("cards_left",)
    CARDS_LEFT_FIELD_NUMBER: _ClassVar[int]
    cards_left: int
    def __init__(self, cards_left: _Optional[int] = ...) -> None: ...

class SpeculationEvent(_message.Message):
    __slots__ = ("revealed", "auction_opened", "auction_bid", "auction_closed", "offer_made", "offer_accepted", "offer_rejected", "offer_withdrawn", "offer_lapsed", "chips_moved", "pool_won", "pool_carried", "reshuffled")
    REVEALED_FIELD_NUMBER: _ClassVar[int]
    AUCTION_OPENED_FIELD_NUMBER: _ClassVar[int]
    AUCTION_BID_FIELD_NUMBER: _ClassVar[int]
    AUCTION_CLOSED_FIELD_NUMBER: _ClassVar[int]
    OFFER_MADE_FIELD_NUMBER: _ClassVar[int]
    OFFER_ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    OFFER_REJECTED_FIELD_NUMBER: _ClassVar[int]
    OFFER_WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    OFFER_LAPSED_FIELD_NUMBER: _ClassVar[int]
    CHIPS_MOVED_FIELD_NUMBER: _ClassVar[int]
    POOL_WON_FIELD_NUMBER: _ClassVar[int]
    POOL_CARRIED_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    revealed: SpeculationCardRevealed
    auction_opened: SpeculationAuctionOpened
    auction_bid: SpeculationAuctionBid
    auction_closed: SpeculationAuctionClosed
    offer_made: SpeculationOfferMade
    offer_accepted: SpeculationOfferAccepted
    offer_rejected: SpeculationOfferRejected
    offer_withdrawn: SpeculationOfferWithdrawn
    offer_lapsed: SpeculationOfferLapsed
    chips_moved: SpeculationChipsMoved
    pool_won: SpeculationPoolWon
    pool_carried: SpeculationPoolCarried
    reshuffled: SpeculationReshuffled
    def __init__(self, revealed: _Optional[_Union[SpeculationCardRevealed, _Mapping]] = ..., auction_opened: _Optional[_Union[SpeculationAuctionOpened, _Mapping]] = ..., auction_bid: _Optional[_Union[SpeculationAuctionBid, _Mapping]] = ..., auction_closed: _Optional[_Union[SpeculationAuctionClosed, _Mapping]] = ..., offer_made: _Optional[_Union[SpeculationOfferMade, _Mapping]] = ..., offer_accepted: _Optional[_Union[SpeculationOfferAccepted, _Mapping]] = ..., offer_rejected: _Optional[_Union[SpeculationOfferRejected, _Mapping]] = ..., offer_withdrawn: _Optional[_Union[SpeculationOfferWithdrawn, _Mapping]] = ..., offer_lapsed: _Optional[_Union[SpeculationOfferLapsed, _Mapping]] = ..., chips_moved: _Optional[_Union[SpeculationChipsMoved, _Mapping]] = ..., pool_won: _Optional[_Union[SpeculationPoolWon, _Mapping]] = ..., pool_carried: _Optional[_Union[SpeculationPoolCarried, _Mapping]] = ..., reshuffled: _Optional[_Union[SpeculationReshuffled, _Mapping]] = ...) -> None: ...
