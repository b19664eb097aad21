"""The bidding round ("Ansage-Runde") of Baśka and Kop: announcements and doubles.

Starting left of the dealer, each player in turn passes, announces a higher contract
(which clears every double said so far) or gives the next double. The round ends after
four passes when nothing was said, otherwise after three passes behind the last
announcement or double. Announcing Kop ends it at once: the hand cannot lose and is laid
down, so there is nothing left to bid or double.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from engine.actions import Action, Announce, Double, Pass
from engine.baska_kop.constants import (
    ALL_QUEENS,
    ANNOUNCEMENTS,
    BLACK_QUEENS,
    CONTRACT_LABELS,
    JACKS_HIGH_TO_LOW,
    KOP_CARDS,
    QUEEN_OF_CLUBS,
    QUEEN_OF_SPADES,
    SEATS,
    SOLO_ANNOUNCEMENTS,
    Contract,
)
from engine.baska_kop.state import Call, DealState
from engine.cards import Card
from engine.errors import InvalidActionError


def running_contract(state: DealState) -> Contract:
    """The contract that doubles refer to: the highest announcement, else the normal game."""
    return state.announced or Contract.NORMAL


def parse_contract(state: DealState, action: Announce) -> Contract:
    """The announced contract, or InvalidActionError if this rule set has no such contract
    or the announcement names a suit (the trumps of every contract are fixed)."""
    offered = ANNOUNCEMENTS[state.options.rule_set]
    for contract in offered:
        if contract.value == action.contract:
            if action.suit is not None:
                raise InvalidActionError(
                    f"{CONTRACT_LABELS[contract]} is announced without a suit: its trumps are fixed, "
                    f"so announce '{Announce(action.contract)}'"
                )
            return contract
    codes = ", ".join(contract.value for contract in offered)
    raise InvalidActionError(
        f"{state.options.rule_set.value} has no announcement {str(action)!r}; announce one of: {codes}"
    )


def call_illegality(state: DealState, seat: int, action: Action) -> str | None:
    if isinstance(action, Pass):
        return None
    if isinstance(action, Announce):
        return _announce_illegality(state, seat, parse_contract(state, action))
    if isinstance(action, Double):
        return _double_illegality(state, seat)
    return f"'{action}' is not possible during the bidding: pass, announce or double"


def apply_call(state: DealState, seat: int, action: Action, note: str) -> None:
    call = Call(seat, action, note)
    if isinstance(action, Pass):
        state.passes += 1
    elif isinstance(action, Announce):
        contract = parse_contract(state, action)
        for index in state.doubles:
            state.calls[index].cleared_by = contract
        state.announced, state.announcer = contract, seat
        state.doubles = []
        state.passes = 0
    else:
        call.level = len(state.doubles) + 1
        state.doubles.append(len(state.calls))
        state.passes = 0
    state.calls.append(call)
    state.turn = (seat + 1) % SEATS


def bidding_over(state: DealState) -> bool:
    if state.announced is Contract.KOP:
        return True
    anything_said = any(not isinstance(call.action, Pass) for call in state.calls)
    return state.passes >= (SEATS - 1 if anything_said else SEATS)


def settle_contract(state: DealState) -> None:
    """Fix the contract and the true parties once the bidding is over."""
    holder = {card: seat for seat, hand in enumerate(state.dealt) for card in hand}
    if state.announced is None or state.announcer is None:
        old = frozenset({holder[QUEEN_OF_CLUBS], holder[QUEEN_OF_SPADES]})
        state.contract = Contract.CICHA if len(old) == 1 else Contract.NORMAL
        state.declarers = old
        return
    state.contract = state.announced
    state.declarers = frozenset({state.announcer})
    if state.announced is Contract.WESELE:
        state.partner_jack = wesele_partner_jack(state.dealt[state.announcer])
        state.declarers |= {wesele_partner(state.dealt, state.announcer)}


def wesele_partner(hands: Sequence[Collection[Card]], declarer: int) -> int:
    """The seat of the Wesele declarer's partner, given every seat's dealt hand."""
    jack = wesele_partner_jack(tuple(hands[declarer]))
    return next(seat for seat, hand in enumerate(hands) if jack in hand)


def wesele_partner_jack(declarer_hand: tuple[Card, ...]) -> Card:
    """The highest jack the Wesele declarer does not hold: its holder is his partner."""
    return next(jack for jack in JACKS_HIGH_TO_LOW if jack not in declarer_hand)


def _announce_illegality(state: DealState, seat: int, contract: Contract) -> str | None:
    label = CONTRACT_LABELS[contract]
    offered = ANNOUNCEMENTS[state.options.rule_set]
    if state.announced is not None and offered.index(contract) <= offered.index(state.announced):
        return f"{label} does not outrank {CONTRACT_LABELS[state.announced]}, which is already announced"
    hand = frozenset(state.hands[seat])
    if contract is Contract.WESELE and not hand >= BLACK_QUEENS:
        return "only the holder of both black queens may announce Wesele"
    if contract is Contract.BASKA and not hand >= ALL_QUEENS:
        return "only the holder of all four queens may announce Baśka"
    if contract is Contract.KOP and not hand >= KOP_CARDS:
        return "only the holder of ♥A ♣10 ♠10 ♥10 may announce Kop"
    return None


def _double_illegality(state: DealState, seat: int) -> str | None:
    contract = running_contract(state)
    label = CONTRACT_LABELS[contract]
    options = state.options
    level = len(state.doubles) + 1
    cap = options.double_cap(contract)
    if cap == 0:
        return f"{label} is never doubled"
    if level > cap:
        return f"{label} may be doubled only up to {options.double_name(cap)}, which has been said"
    name = options.double_name(level)
    if level == 1:
        if seat == state.announcer:
            return f"the declarer of {label} may not give the first double ({name})"
        if any(isinstance(call.action, Announce) and call.seat == seat for call in state.calls):
            return f"you announced a game in this round and may not give the first double ({name})"
        if state.announced is None and frozenset(state.hands[seat]) >= BLACK_QUEENS:
            return f"you hold both black queens (Cicha) and may not give the first double ({name})"
        return None
    if contract in SOLO_ANNOUNCEMENTS:
        declarer_said_last = state.calls[state.doubles[-1]].seat == state.announcer
        if (seat == state.announcer) == declarer_said_last:
            previous = options.double_name(level - 1)
            answerer = "a defender" if declarer_said_last else "the declarer"
            return f"in {label} the parties are fixed: only {answerer} may answer the {previous} with {name}"
    return None
