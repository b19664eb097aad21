"""Ground truth for the computer-player tests, by brute force through the engine alone.

``consistent_worlds`` tries every way to deal the cards a seat cannot see (hand sizes
kept) and keeps a deal exactly when the engine, dealt those hands, accepts every action
of the real deal (with the notes they carried) and gives the seat a view equal to the
one it has, field by field. ``wins_double_dummy`` plays a
card and then searches the rest of the deal with every hand open, through the engine's
own legality and settlement. Neither uses anything of ``ai_worker``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from engine.actions import PlayCard, parse_action
from engine.baska_kop.constants import SEATS
from engine.baska_kop.state import DealState
from engine.cards import Card
from engine.errors import EngineError
from server.table import TableRecord
from tests.players.tables import GAME, deal, logged, sort_hands, true_hidden, world_hands

Deal = dict[int, frozenset[Card]]


def consistent_worlds(record: TableRecord, viewer: int) -> list[tuple[Deal, DealState]]:
    """Every deal of the hidden cards the engine agrees with (as the samplers write deals),
    each with the engine's state of the deal replayed on it."""
    state = deal(record)
    actions = logged(record)
    truth = GAME.view(state, viewer)
    hidden = true_hidden(state, viewer)
    sizes = {seat: len(hand) for seat, hand in hidden.items()}
    cards = sorted((card for hand in hidden.values() for card in hand), key=str)
    found = []
    for candidate in _every_deal(cards, sizes):
        world = _replayed(state, world_hands(state, viewer, candidate), actions)
        if world is not None and GAME.view(world, viewer) == truth:
            found.append((candidate, world))
    return found


def consistent_deals(record: TableRecord, viewer: int) -> list[Deal]:
    return [candidate for candidate, _ in consistent_worlds(record, viewer)]


def wins_double_dummy(state: DealState, seat: int, card: Card) -> bool:
    """Whether ``seat``'s side wins the deal if it plays ``card`` now and all then play their best."""
    after = _after(state, seat, card)
    side = state.declarers if seat in state.declarers else frozenset(range(SEATS)) - state.declarers
    return _side_wins(after, seat, side)


def deal_key(candidate: Deal) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """A deal as a sortable, hashable value, for comparing sets of deals."""
    return tuple((seat, tuple(sorted(map(str, hand)))) for seat, hand in sorted(candidate.items()))


def _side_wins(state: DealState, seat: int, side: frozenset[int]) -> bool:
    result = GAME.result(state)
    if result is not None:
        return seat in result.winners
    (mover,) = GAME.to_act(state)
    legal = [card for card in state.hands[mover] if GAME.illegality(state, mover, PlayCard(card)) is None]
    outcomes = (_side_wins(_after(state, mover, card), seat, side) for card in legal)
    return any(outcomes) if mover in side else all(outcomes)


def _after(state: DealState, seat: int, card: Card) -> DealState:
    child = state.copy()
    GAME.apply(child, seat, PlayCard(card))
    return child


def _every_deal(cards: Sequence[Card], sizes: dict[int, int]) -> Iterator[Deal]:
    seats = sorted(sizes)

    def assign(index: int, left: frozenset[Card], partial: Deal) -> Iterator[Deal]:
        if index == len(seats):
            yield dict(partial)
            return
        seat = seats[index]
        for hand in combinations(sorted(left, key=str), sizes[seat]):
            partial[seat] = frozenset(hand)
            yield from assign(index + 1, left - partial[seat], partial)

    yield from assign(0, frozenset(cards), {})


def _replayed(
    real: DealState, hands: tuple[tuple[Card, ...], ...], actions: Sequence[tuple[int, str, str]]
) -> DealState | None:
    """The real deal's actions (with their notes) replayed on ``hands``; None if one is refused."""
    state = GAME.deal_from_hands(real.options, real.dealer, sort_hands(real.options.rule_set.value, hands))
    for seat, text, note in actions:
        action = parse_action(text)
        try:
            GAME.check(state, seat, action)
        except EngineError:
            return None
        GAME.apply(state, seat, action, note)
    return state
