"""The solver's Bela (``ai_worker/players/bela/model.py``) plays by the engine's rules
(``engine/bela``): in every position of random deals for 2, 3 and 4 players the cards
the solver lets the seat to move play are exactly those the engine allows, and the last
trick (cards, the 10 for it, the Kup, Štiglja) is worth to the solver what the engine
counts for it."""

from __future__ import annotations

import pytest

from ai_worker.players.bela.model import card_index
from ai_worker.search.rules import SIDE_LOST_A_TRICK
from ai_worker.search.solver import Solver
from engine.bela.constants import LAST_TRICK, STIGLJA, Options
from engine.bela.deal import DealState, Phase, choose_trump, deal, party_of, play, playable
from engine.bela.play import TrickOrder
from engine.cards import Suit
from engine.seeding import SeededRandom, derive_seed

DEALS = 40


def side_of(state: DealState) -> int:
    caller = party_of(state.seats, state.caller)
    return sum(1 << seat for seat in range(state.seats) if party_of(state.seats, seat) == caller)


def side_points(state: DealState, side: int) -> int:
    """What the engine counts for the caller's side: cards of its tricks, the last trick's
    10 and the Kup if it took it, Štiglja if it took every trick."""
    assert state.trump is not None
    order = TrickOrder(state.trump)
    won = [trick for trick in state.tricks if (side >> trick.winner) & 1]
    points = sum(order.points([card for _, card in trick.cards]) for trick in won)
    if state.tricks and not state.hands[0] and (side >> state.tricks[-1].winner) & 1:
        points += LAST_TRICK + order.points(state.kup)
    if len(won) == len(state.tricks) and not any(state.hands):
        points += STIGLJA
    return points


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_solver_and_engine_allow_the_same_cards_and_count_the_last_trick_alike(seats: int) -> None:
    checked = 0
    for number in range(DEALS):
        random = SeededRandom(derive_seed("bela-mapping", seats, number))
        state = deal(Options(), seats, number % seats, random.next_u64())
        choose_trump(state, state.turn, random.choice([Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS]))
        assert state.trump is not None
        index = card_index(state.trump, seats, frozenset(state.kup))
        solver = Solver(index.rules)
        side = side_of(state)
        last_trick_value = -1
        before_last = 0
        while state.phase is Phase.PLAY:
            assert state.trick is not None
            seat = state.turn
            hands = [index.mask(hand) for hand in state.hands]
            trick = [index.index[card] for _, card in state.trick.cards]
            allowed = {card for card, why in playable(state, seat).items() if not why}
            assert set(index.unmask(solver.legal_cards(hands, state.trick.leader, trick))) == allowed
            checked += 1
            if not trick and len(state.hands[seat]) == 1:
                lost = any(not (side >> done.winner) & 1 for done in state.tricks)
                flags = SIDE_LOST_A_TRICK if lost else 0
                last_trick_value = solver.solve(hands, seat, [], side, flags)
                before_last = side_points(state, side)
            play(state, seat, random.choice(sorted(allowed, key=str)))
        assert side_points(state, side) == before_last + last_trick_value
    assert checked > DEALS * 20
