"""Properties of whole Speculation matches played by random traders, for 3 to 9 players and
every option: chips and pool add up after every action (a pool left over counts for the
next deal); nobody's chips or free chips go below zero, so an accepted bid or offer can
always be paid; no face-down card appears in any view, event or settlement; replaying a
deal's actions gives the same deal; the pack carries from deal to deal, shuffled anew only
when it cannot make a round; the match ends with totals equal to the chips."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.actions import Pass, parse_action
from engine.cards import Card
from engine.match import DealSettled, Match, MatchPhase
from engine.seeding import SeededRandom, derive_seed
from engine.speculation import DealState, Options
from engine.speculation.blocks import (
    ACTIONS,
    AcceptOffer,
    ChipsMoved,
    Keep,
    Offer,
    RejectOffer,
    Reshuffled,
    Reveal,
    WithdrawOffer,
)
from engine.speculation.constants import PACK, cards_for_a_deal
from engine.speculation.market import POOL
from tests.rules.speculation_helpers import GAME, cards_in, carried, notices, random_action

OPTIONS = [
    Options(),
    Options(carry_over=True, fives_and_jacks=True),
    Options(foster=True, extra_hand=True, chips=20),
    Options(extra_hand=True, carry_over=True, fives_and_jacks=True, chips=12, deals_each=3),
]
MATCHES_PER_CASE = 1


def face_down(state: DealState) -> set[Card]:
    return {slot.card for pile in [*state.piles, state.extra] for slot in pile}


def check_deal(state: DealState, start_total: int, viewer: int) -> None:
    assert sum(state.chips) + state.pool == start_total
    assert all(count >= 0 for count in state.chips)
    assert all(state.free_chips(seat) >= 0 for seat in range(state.seats))
    hidden = face_down(state)
    # Views differ by viewer only in the choices: the spectator's and the actor's stand for all.
    for looker in (None, viewer):
        view = GAME.view(state, looker)
        # The ladder lists the whole trump suit, rank by rank; its flags tell only what is public.
        # The history grows by one market action at a time, and an action names slots, never
        # cards: the newest entry is checked (walking all of it after every action of a long
        # market would take minutes).
        assert not cards_in(view.history[-1:])
        assert not hidden & cards_in(replace(view, ladder=(), history=()))
        assert all(not rung.fallen and not rung.own for rung in view.ladder if rung.card in hidden)


def play_match(options: Options, seats: int, seed: int) -> Match:
    match = Match(GAME, options, seats, seed, humans=frozenset())
    random = SeededRandom(derive_seed(seed, "traders"))
    dealt: DealState | None = None
    while match.phase is not MatchPhase.FINISHED:
        state: DealState = match.deal
        start_total = sum(state.start_chips) + state.carried
        if state is not dealt:
            dealt = state
            assert len(state.rest) == len(state.order) - cards_for_a_deal(len(state.playing), options)
            assert not set(state.order) & set(state.seen[:-1])
        waiting = sorted(match.to_act())
        trading = sorted(match.may_act())
        # A trader is exactly a seat not waited for with a market move to make.
        market = (Offer, WithdrawOffer, AcceptOffer, RejectOffer)
        assert trading == sorted(
            seat
            for seat in state.playing - set(waiting)
            if any(isinstance(action, market) for action in GAME.legal_actions(state, seat))
        )
        seat = (
            random.choice(waiting) if waiting and (not trading or random.below(3)) else random.choice(trading)
        )
        check_deal(state, start_total, seat)
        action = random_action(state, seat, random)
        if action is None:
            continue
        carry, index, actions = (
            match.deal_carry,
            match.deal_index,
            [*match.deal_actions, (seat, str(action), "")],
        )
        events = match.apply(seat, action)
        settled = [event for event in events if isinstance(event, DealSettled)]
        # Events after the first settlement belong to the next deal, dealt from a new shuffle.
        own = events[: events.index(settled[0]) + 1] if settled else events
        for event in own:
            assert not face_down(state) & cards_in(event)
        # The first settles this deal; a next deal over as it is dealt (a turned ace) may follow.
        if settled:
            assert settled[0].result.scores == tuple(
                count - start for count, start in zip(state.chips, state.start_chips, strict=True)
            )
            again: DealState = GAME.new_deal(options, seats, state.dealer, match.deal_seed(index), carry)
            for actor, text, note in actions:
                GAME.apply(again, actor, parse_action(text, ACTIONS), note)
            assert (again.chips, again.seen, again.rest) == (state.chips, state.seen, state.rest)
    assert list(match.totals) == carried(match.carry, "chips")
    return match


@pytest.mark.parametrize("seats", range(3, 10))
@pytest.mark.parametrize("options", OPTIONS, ids=["plain", "carry_fives", "foster_extra", "all_poor"])
def test_random_matches_keep_chips_conserved_and_face_down_cards_unseen(options: Options, seats: int) -> None:
    for number in range(MATCHES_PER_CASE):
        match = play_match(options, seats, derive_seed("speculation", seats, number, repr(options)))
        assert match.winners


def test_the_pack_is_shuffled_anew_only_when_the_rest_cannot_make_a_round() -> None:
    """Seed 004 "Die nächste Runde": each deal is dealt from the rest of the pack, and all
    52 cards are shuffled again only when the rest is short of a round (3 each + the turn-up)."""
    # Chips enough that no seat ever sits out, so every deal needs as many cards.
    options = Options(chips=10_000)
    for seats in range(3, 10):
        need = cards_for_a_deal(seats, options)
        carry = GAME.initial_carry(options, seats)
        dealer = 0
        reshuffles = 0
        for number in range(3 * seats):
            left = len(carried(carry, "pack"))
            state = GAME.new_deal(options, seats, dealer, derive_seed("pack", seats, number), carry)
            assert len(state.playing) == seats
            assert state.reshuffled == (left < need)
            assert len(state.rest) == (len(PACK) if state.reshuffled else left) - need
            # Dealing reports the shuffle first (with the cards that were left), then the antes.
            opening = notices(GAME.dealt_events(state))
            assert (opening[0] == Reshuffled(left)) == state.reshuffled
            antes = [notice for notice in opening if isinstance(notice, ChipsMoved) and notice.payee == POOL]
            assert len(antes) == seats
            reshuffles += state.reshuffled
            while (result := GAME.result(state)) is None:
                seat = sorted(GAME.to_act(state))[0]
                action = next(
                    a for a in GAME.legal_actions(state, seat) if isinstance(a, Keep | Reveal | Pass)
                )
                GAME.apply(state, seat, action)
            carry = GAME.carry_after(options, carry, result)
            dealer = GAME.next_dealer(options, seats, dealer, result)
        # A pack makes 52 // need rounds before it is shuffled again.
        assert reshuffles == -(-3 * seats // (len(PACK) // need))
