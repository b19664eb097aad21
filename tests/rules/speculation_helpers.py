"""Helpers for the Speculation rules tests: deals from a stacked pack, actions by notation, and
a random trader."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any

from engine.actions import Action, parse_action
from engine.cards import Card, parse_cards
from engine.game import GameEvent, GameNotice, JsonValue
from engine.seeding import SeededRandom
from engine.speculation import DealState, Options, Speculation
from engine.speculation.blocks import ACTIONS, Bid, Offer
from engine.speculation.constants import CARDS_EACH, PACK

GAME = Speculation()


def stacked_pack(
    piles: list[str], turn_up: str, dealer: int = 0, extra: str = "", rest: str = ""
) -> list[Card]:
    """The pack, top first, that deals each seat ``piles[seat]`` (its face-down cards, top
    first; empty for a seat sitting out), the extra hand ``extra`` and the turn-up, followed
    by ``rest`` and then every other card in pack order."""
    seats = len(piles)
    stacks = [list(parse_cards(pile)) for pile in piles]
    positions = [stacks[(dealer + step) % seats] for step in range(1, seats + 1)]
    positions = [stack for stack in positions if stack]
    if extra:
        positions.append(list(parse_cards(extra)))
    order: list[Card] = []
    for round_number in range(CARDS_EACH):
        order += [stack[CARDS_EACH - 1 - round_number] for stack in positions]
    order.append(Card.parse(turn_up))
    order += parse_cards(rest)
    order += [card for card in PACK if card not in order]
    assert len(order) == len(set(order)) == len(PACK)
    return order


def stacked(
    piles: list[str],
    turn_up: str,
    dealer: int = 0,
    options: Options | None = None,
    chips: list[int] | None = None,
    extra: str = "",
    pool: int = 0,
) -> DealState:
    """A deal dealt by the rules from a pack stacked by ``stacked_pack``."""
    options = options or Options()
    seats = len(piles)
    carry: JsonValue = {
        "pack": [str(card) for card in stacked_pack(piles, turn_up, dealer, extra)],
        "seen": [],
        "chips": list(chips or [options.chips] * seats),
        "pool": pool,
        "deal": 0,
    }
    return GAME.new_deal(options, seats, dealer, 0, carry)


def act(state: DealState, seat: int, text: str) -> tuple[GameEvent, ...]:
    """Check and apply the action written ``text`` for ``seat``."""
    action = parse_action(text, ACTIONS)
    GAME.check(state, seat, action)
    return GAME.apply(state, seat, action)


def notices(events: tuple[GameEvent, ...]) -> list[object]:
    return [event.detail for event in events if isinstance(event, GameNotice)]


def auction_id(state: DealState) -> int:
    assert state.auction is not None
    return state.auction.auction_id


def best_bid_id(state: DealState) -> int:
    assert state.auction is not None and state.auction.best is not None
    return state.auction.best.bid_id


def sell_to(state: DealState, seller: int, buyer: int, chips: int) -> None:
    """``seller`` auctions the best trump; ``buyer`` bids ``chips``, everyone else declines,
    and the seller accepts."""
    act(state, seller, "sell")
    act(state, buyer, f"bid {auction_id(state)} {chips}")
    for seat in sorted(GAME.to_act(state)):
        act(state, seat, "pass")
    act(state, seller, f"accept_bid {best_bid_id(state)}")


def cards_in(value: object) -> set[Card]:
    """Every card anywhere in ``value``: a view, an event, a result, nested as they are."""
    found: set[Card] = set()
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, str | int | float | bool | type(None)):
            continue
        elif isinstance(item, dict):
            pending += item.keys()
            pending += item.values()
        elif isinstance(item, list | tuple | set | frozenset):
            pending += item
        elif is_dataclass(item) and not isinstance(item, type):
            pending += (getattr(item, name) for name in _field_names(type(item)))
    return found


@cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(item.name for item in fields(kind))


def carried(carry: JsonValue, key: str) -> Any:
    """One entry of what a match carries from deal to deal."""
    assert isinstance(carry, dict)
    return carry[key]


def random_action(state: DealState, seat: int, random: SeededRandom) -> Action | None:
    """A legal action of ``seat`` chosen at random, with bids and offers at random prices."""
    legal = GAME.legal_actions(state, seat)
    free = state.free_chips(seat)
    if state.auction is not None and not state.auction.closed and seat != state.auction.seller:
        best = state.auction.best.chips if state.auction.best is not None else 0
        if free > best and random.below(3) == 0:
            legal.append(Bid(state.auction.auction_id, best + 1 + random.below(free - best)))
    sellers = [other for other in state.playing - {seat} if state.piles[other]]
    if sellers and free > 0 and random.below(4) == 0 and not state.foster:
        seller = random.choice(sorted(sellers))
        pile = state.piles[seller]
        slots = random.shuffled([slot.slot_id for slot in pile])[: 1 + random.below(len(pile))]
        legal.append(Offer(seller, tuple(slots), 1 + random.below(free)))
    legal = [action for action in legal if GAME.illegality(state, seat, action) is None]
    return random.choice(legal) if legal else None
