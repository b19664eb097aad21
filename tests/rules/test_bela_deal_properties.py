"""Properties of whole Bela deals played with random legal cards, for 2, 3 and 4 players
and every option: each card is played once; every card played was legal by an
independent reading of the duties; the parties' points add up to 162 plus the counted
zvanja, Bela and Štiglja; prolaz keeps what was made, pao gives the caller nothing and
the opponents everything."""

from __future__ import annotations

import pytest

from engine.bela.constants import DEAL_POINTS, PACK, STIGLJA, BelotRule, Options, TalonRule
from engine.bela.deal import (
    DealState,
    DeclareKind,
    Phase,
    PlayedTrick,
    choose_trump,
    deal,
    declare,
    declare_illegality,
    outcome,
    party_of,
    play,
    playable,
)
from engine.bela.play import TrickOrder
from engine.cards import Card, Suit
from engine.seeding import SeededRandom, derive_seed

DEALS = 150
OPTIONS = [
    Options(),
    Options(talon=TalonRule.DEALT_AFTER, counter_clockwise=True),
    Options(declare_yourself=True, belot=BelotRule.COUNTS_100),
]


def independent_legal(hand: list[Card], trick: list[Card], trump: Suit) -> set[Card]:
    """The seed's duties read afresh: follow (and beat while untrumped); else trump (and
    overtrump if possible); else anything; on a trump lead, trump and beat."""
    if not trick:
        return set(hand)
    order = TrickOrder(trump)
    strength = {card: (2 if card.suit is trump else 1 if card.suit is trick[0].suit else 0, order.power(card))
                for card in hand + trick}  # fmt: skip
    best = max(trick, key=lambda card: strength[card])
    same = [card for card in hand if card.suit is trick[0].suit]
    if same:
        trumped = best.suit is trump and trick[0].suit is not trump
        higher = [card for card in same if strength[card] > strength[best]]
        return set(higher) if higher and not trumped else set(same)
    trumps = [card for card in hand if card.suit is trump]
    if trumps:
        higher = [card for card in trumps if strength[card] > strength[best]]
        return set(higher or trumps)
    return set(hand)


def play_deal(state: DealState, random: SeededRandom) -> list[PlayedTrick]:
    choose_trump(
        state, state.turn, random.choice([None, Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS])
    )
    while state.phase is Phase.TRUMP:
        choose_trump(state, state.turn, random.choice(list(Suit)))
    tricks = []
    while state.phase is Phase.PLAY:
        seat = state.turn
        reasons = playable(state, seat)
        legal = {card for card, why in reasons.items() if not why}
        assert state.trick is not None and state.trump is not None
        if not state.bela_said:
            assert legal == independent_legal(
                state.hands[seat], [card for _, card in state.trick.cards], state.trump
            )
        # Under "Zvanja selbst" a seat declares its melds, or forgets to, at random.
        wants = state.options.declare_yourself and random.below(2) == 1
        if wants and declare_illegality(state, seat, DeclareKind.ZVANJA) is None:
            declare(state, seat, DeclareKind.ZVANJA)
            if state.phase is not Phase.PLAY:
                break
        trick = play(state, seat, random.choice(sorted(legal, key=str)))
        if trick is not None:
            tricks.append(trick)
    return tricks


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=["default", "nachgeben-counter-clockwise", "selbst-hundert"])
def test_bela_random_deals_keep_every_rule(seats: int, options: Options) -> None:
    for number in range(DEALS):
        random = SeededRandom(derive_seed(20261202, seats, number))
        state = deal(options, seats, number % seats, random.next_u64())
        tricks = play_deal(state, random)
        result = outcome(state)
        if state.belot_seat >= 0:
            assert result.scores == (0,) * seats
            continue
        played = [card for trick in tricks for _, card in trick.cards]
        assert len(played) == len(set(played)) == len(PACK) - len(state.kup)
        assert all(not hand for hand in state.hands)
        settlement = result.settlement
        assert settlement is not None
        parties = len(result.parties)
        took = [
            sum(1 for trick in tricks if party_of(seats, trick.winner) == party) for party in range(parties)
        ]
        counted_zvanja = sum(result.zvanja[party] for party in range(parties) if took[party])
        counted_bela = sum(result.bela[party] for party in range(parties) if took[party])
        sweep = STIGLJA if len(tricks) in took else 0
        assert settlement.total == sum(settlement.made) == DEAL_POINTS + counted_zvanja + counted_bela + sweep
        caller = party_of(seats, state.caller)
        if settlement.passed:
            assert 2 * settlement.made[caller] > settlement.total and settlement.scores == settlement.made
        else:
            assert 2 * settlement.made[caller] <= settlement.total
            assert settlement.scores[caller] == 0 and sum(settlement.scores) == settlement.total
        assert result.scores == tuple(settlement.scores[party_of(seats, seat)] for seat in range(seats))
