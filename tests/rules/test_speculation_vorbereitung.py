"""Seed 004 "Vorbereitung": the pool (dealer 6, others 4), three face-down cards each that
nobody sees, the turn-up is trump and the dealer's, a turned-up ace wins the pool at once;
and the decision where the seed is silent: a seat that cannot pay its ante sits out."""

from __future__ import annotations

import pytest

from engine.cards import Card
from engine.errors import InvalidOptionsError
from engine.speculation import Options, Phase
from engine.speculation.views import speculation_view
from tests.rules.speculation_helpers import GAME, cards_in, stacked

PILES = ["2C 3C 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC"]


def test_vorbereitung_2_the_dealer_puts_6_chips_in_the_pool_the_others_4() -> None:
    state = stacked(PILES, "9H", dealer=1)
    assert state.pool == 6 + 3 * 4
    assert state.chips == [36, 34, 36, 36]


def test_vorbereitung_3_three_cards_face_down_unseen_by_everyone_their_owner_too() -> None:
    state = stacked(PILES, "9H", dealer=0)
    for viewer in [None, 0, 1, 2, 3]:
        view = GAME.view(state, viewer)
        assert view.hand == () and view.dealt_hand == ()
        assert view.hand_sizes == (3, 3, 3, 3)
        face_down = {slot.card for pile in state.piles for slot in pile}
        assert not face_down & cards_in(view.game_view)
    assert GAME.whole_hands(state, 4) == ((),) * 4


def test_vorbereitung_3_cards_are_dealt_one_at_a_time_from_the_dealers_left_and_stacked() -> None:
    state = stacked(PILES, "9H", dealer=0)
    # The top card of each stack is the last dealt to it.
    assert [[str(slot.card) for slot in pile] for pile in state.piles] == [pile.split() for pile in PILES]
    assert state.order[:4] == tuple(Card.parse(text) for text in ["7C", "TC", "KC", "4C"])


def test_vorbereitung_4_the_turn_up_is_trump_and_belongs_to_the_dealer() -> None:
    state = stacked(PILES, "9H", dealer=2)
    view = speculation_view(state)
    assert view.trump == "H" and view.turn_up == Card.parse("9H")
    assert (view.best, view.owner) == (Card.parse("9H"), 2)
    assert state.phase is Phase.SALE and GAME.to_act(state) == {2}


def test_vorbereitung_ein_ass_aufgedeckt_the_dealer_takes_the_pool_at_once() -> None:
    state = stacked(PILES, "AD", dealer=3)
    result = GAME.result(state)
    assert result is not None and result.winners == {3}
    assert result.scores == (-4, -4, -4, 12)
    assert GAME.to_act(state) == frozenset() and GAME.may_act(state) == frozenset()


def test_a_seat_short_of_its_ante_sits_the_deal_out() -> None:
    state = stacked(["2C 3C 4C", "", "8C 9C TC", "JC QC KC"], "9H", dealer=0, chips=[40, 3, 40, 40])
    assert state.playing == {0, 2, 3}
    assert state.chips == [34, 3, 36, 36] and state.pool == 14
    assert speculation_view(state).seats[1].out


def test_dealing_again_keeps_the_turn_up_and_the_stacks_and_deals_every_unseen_card_anew() -> None:
    state = stacked(PILES, "9H", dealer=0)
    worlds = [GAME.deal_again(state, 2, seed) for seed in range(20)]
    for world in worlds:
        assert world.turn_up == state.turn_up and world.pool == state.pool and world.chips == state.chips
        assert [[slot.slot_id for slot in pile] for pile in world.piles] == [
            [slot.slot_id for slot in pile] for pile in state.piles
        ]
        assert sorted(map(str, world.order)) == sorted(map(str, state.order))
    assert len({tuple(slot.card for pile in world.piles for slot in pile) for world in worlds}) == len(worlds)
    assert GAME.deal_again(state, 2, 5).order == worlds[5].order


def test_options_and_seat_counts_are_checked_with_precise_messages() -> None:
    assert (
        GAME.check_seats(Options(), 2)
        == "Speculation is played by 3 or 4 or 5 or 6 or 7 or 8 or 9 players, not 2"
    )
    assert GAME.check_seats(Options(), 10) is not None
    for raw, message in [
        ({"chips": "-5"}, "chips is -5: the least is 12"),
        ({"foster": "yes"}, "foster must be one of false, true"),
        ({"pot": "1"}, "unknown option 'pot' for Speculation"),
    ]:
        with pytest.raises(InvalidOptionsError, match=message):
            GAME.parse_options("parlett", raw)
    options = GAME.parse_options("parlett", {"extra_hand": "true", "deals_each": "3"})
    stored = GAME.options_to_dict(options)
    assert GAME.parse_options(stored.pop("rule_set"), stored) == options
