"""Schafkopf rules, section "Die Spielarten: Hochzeit" (seed 003) with SPEC §2.

"Trumpf ist hierbei, wie bei allen anderen Paarspielen auch, Ober, Unter und Herz. Ein
Spieler mit nur einem Trumpf legt diesen offen auf dem Tisch aus und bietet eine Hochzeit
an. Derjenige, der die Karte nun zuerst nimmt, und dem Hochzeiter verdeckt eine
Ersatzkarte (möglichst Nicht-Trumpf) zuschiebt, gehört nun zum Hochzeiter." A per-table
option (SPEC §2); the other seats are asked in turn from the Hochzeiter's left; a
Hochzeit is a partner game; if nobody takes it, the deal goes on as if all had passed.
"""

from __future__ import annotations

import pytest

from engine.actions import Announce, Double, Pass
from engine.cards import Suit
from engine.errors import IllegalActionError, NotYourTurnError
from engine.game import PUBLIC, BiddingEnded, GameNotice, seats_only
from engine.schafkopf.blocks import CardGiven, GiveCard, HochzeitOffered, PartnerRevealed
from engine.schafkopf.constants import AllPass, Kind, Options
from engine.schafkopf.deal import DealState, Phase
from tests.rules.schafkopf_helpers import (
    GAME,
    act,
    act_events,
    bid,
    card,
    cards,
    game_view,
    play_cards,
    rigged,
)

OPTIONS = Options(hochzeit=True, aufstellen=False)
HOCHZEIT = Announce("hochzeit")
# Seat 0's one trump is the Herz-Sau. Seat 1 holds four trumps and plain cards; seat 2
# holds nothing but trumps; seat 3 holds one trump, the Herz-7.
HANDS = [
    "HA EK E9 E8 GK G9 SK S9",
    "EO GU HK H9 EA EZ GA S7",
    "GO HO SO EU HU SU HZ H8",
    "E7 GZ G8 G7 SA SZ S8 H7",
]
# After seat 2 took the Herz-Sau for the Herz-8: seat 1 takes one trick (5 points), the
# pair the rest (115).
PLAY = "S9 S7 SU SA GO H7 H8 H9 HO G7 E8 HK SO G8 E9 GU EU S8 G9 EO EA HZ E7 EK HU SZ SK EZ HA GZ GK GA"


def offered(options: Options = OPTIONS) -> DealState:
    """Seat 0 offers the Hochzeit and everyone else passes in the Spielansage."""
    state = rigged(HANDS, options)
    bid(state, {0: HOCHZEIT})
    assert state.phase is Phase.HOCHZEIT
    return state


def test_hochzeit_needs_exactly_one_trump() -> None:
    state = rigged(HANDS, OPTIONS)
    act(state, 0, Pass())
    with pytest.raises(IllegalActionError, match="exactly one trump in your hand; you hold 4"):
        GAME.check(state, 1, HOCHZEIT)
    without_trump = [
        "EA EZ E8 E7 GA GZ GK G9",
        "EO GO HO EU HA HZ EK E9",
        "SO GU HU SU HK H9 H8 H7",
        "SA SZ SK S9 S8 S7 G8 G7",
    ]
    state = rigged(without_trump, OPTIONS)
    with pytest.raises(IllegalActionError, match="you hold 0"):
        GAME.check(state, 0, HOCHZEIT)


def test_hochzeit_the_one_trump_is_laid_open_for_everyone() -> None:
    state = rigged(HANDS, OPTIONS)
    act(state, 0, HOCHZEIT)
    act(state, 1, Pass())
    act(state, 2, Pass())
    events = act_events(state, 3, Pass())
    assert isinstance(events[0], BiddingEnded) and events[0].audience == PUBLIC
    assert events[1] == GameNotice(HochzeitOffered(0, card("HA")), PUBLIC)
    spectator = GAME.view(state, None)
    assert spectator.shown[0] == (card("HA"),)
    assert game_view(state, None).hochzeit_card == card("HA")


def test_hochzeit_the_others_are_asked_in_turn_from_the_hochzeiters_left() -> None:
    state = rigged(HANDS, OPTIONS)
    bid(state, {3: HOCHZEIT})
    assert state.hochzeit_card == card("H7")
    asked = []
    while state.phase is Phase.HOCHZEIT:
        asked.append(state.turn)
        for other in range(4):
            if other != state.turn:
                with pytest.raises(NotYourTurnError):
                    GAME.check(state, other, Pass())
        act(state, state.turn, Pass())
    assert asked == [0, 1, 2]


def test_hochzeit_the_taker_must_give_a_card_that_is_not_trump_if_he_holds_one() -> None:
    state = offered()
    with pytest.raises(IllegalActionError, match="give a card that is not trump"):
        GAME.check(state, 1, GiveCard(card("H9")))
    with pytest.raises(IllegalActionError, match="give a card that is not trump"):
        GAME.check(state, 1, GiveCard(card("EO")))
    GAME.check(state, 1, GiveCard(card("EA")))
    with pytest.raises(IllegalActionError, match="you do not hold"):
        GAME.check(state, 1, GiveCard(card("SA")))


def test_hochzeit_a_taker_with_only_trumps_gives_a_trump() -> None:
    state = offered()
    act(state, 1, Pass())
    act(state, 2, GiveCard(card("H8")))
    assert state.phase is Phase.PLAY and state.turn == 0
    assert card("H8") in state.hands[0] and card("HA") not in state.hands[0]
    assert card("HA") in state.hands[2] and card("H8") not in state.hands[2]
    assert state.declarers == frozenset({0, 2})


def test_hochzeit_the_given_card_is_seen_only_by_the_two() -> None:
    state = offered()
    act(state, 1, Pass())
    events = act_events(state, 2, GiveCard(card("H8")))
    given = GameNotice(CardGiven(2, 0, card("H8")), seats_only(2, 0))
    assert events == (given, GameNotice(PartnerRevealed(2, 0), PUBLIC))
    assert [viewer for viewer in (None, 0, 1, 2, 3) if given.audience.includes(viewer)] == [0, 2]
    assert GAME.revealed(state, 0).exchanged == card("H8")
    assert GAME.revealed(state, 2).exchanged == card("H8")
    assert GAME.revealed(state, 1).exchanged is None
    # Nor does the history of calls tell the others which card it was.
    for viewer in (None, 1, 3):
        shown_actions = [entry.action for entry in GAME.view(state, viewer).history]
        assert GiveCard(card("H8")) not in shown_actions, viewer
    for viewer in (0, 2):
        assert GiveCard(card("H8")) in [entry.action for entry in GAME.view(state, viewer).history]
    # Who took it is public: he plays with the Hochzeiter.
    assert game_view(state, 3).partner == 2


def test_hochzeit_is_a_partner_game_at_the_partner_tariff() -> None:
    state = offered(Options(hochzeit=True))
    act(state, 1, Pass())
    act(state, 2, GiveCard(card("H8")))
    play_cards(state, PLAY)
    result = GAME.result(state)
    assert result is not None
    assert result.contract_label == "Hochzeit"
    assert result.card_points == (0, 5, 115, 0)
    assert result.declarers == frozenset({0, 2}) and result.winners == frozenset({0, 2})
    # Partner tariff 10 + Schneider 10 (115, the defenders took one trick); each loser pays
    # one winner.
    assert result.value == 20
    assert result.scores == (20, -20, 20, -20)
    # The Laufende: the Eichel-Ober is the defenders', one "ohne", not counted.
    laufende = next(step for step in result.steps if step.kind == "laufende")
    assert laufende.label == "1 Laufende ohne" and laufende.struck


def test_hochzeit_nobody_takes_it_and_the_deal_is_thrown_in() -> None:
    state = offered()
    for seat in (1, 2, 3):
        act(state, seat, Pass())
    assert state.phase is Phase.FINISHED and state.thrown_in
    result = GAME.result(state)
    assert result is not None and result.contract_label == "Zusammengeworfen"
    assert result.scores == (0, 0, 0, 0)


def test_hochzeit_nobody_takes_it_and_a_ramsch_is_played_under_that_rule() -> None:
    state = offered(Options(hochzeit=True, aufstellen=False, all_pass=AllPass.RAMSCH))
    for seat in (1, 2, 3):
        act(state, seat, Pass())
    assert state.phase is Phase.PLAY
    assert state.contract is not None and state.contract.kind is Kind.RAMSCH
    assert state.turn == 0 and state.hands[0] == list(cards(HANDS[0]))


def test_hochzeit_the_taker_plays_with_the_hochzeiter_and_gives_no_kontra() -> None:
    state = offered()
    act(state, 1, Pass())
    act(state, 2, GiveCard(card("H8")))
    assert 2 not in GAME.may_act(state)
    with pytest.raises(IllegalActionError):
        GAME.check(state, 2, Double())
    assert GAME.illegality(state, 2, Double()) == "you took the Hochzeit: you play with the declarer"
    act(state, 3, Double())
    assert state.stoss == [3]


def test_hochzeit_nobody_takes_it_and_under_muss_the_eichel_ober_plays_a_game_himself() -> None:
    # Seat 1 holds the Eichel-Ober as its one trump.
    hands = [
        "HA EK E9 E8 GK G9 SK S9",
        "EO EA EZ E7 GA GZ G8 S8",
        "GO HO SO EU HU SU HZ H8",
        "GU HK H9 H7 G7 SA SZ S7",
    ]
    state = rigged(hands, Options(hochzeit=True, all_pass=AllPass.MUSS, aufstellen=False))
    bid(state, {0: HOCHZEIT})
    for seat in (1, 2, 3):
        act(state, seat, Pass())
    # As if everyone had passed: the Eichel-Ober must play, and the Hochzeit offered
    # before outranks nothing.
    assert state.phase is Phase.BIDDING and state.forced and state.turn == 1
    with pytest.raises(IllegalActionError, match="muss"):
        GAME.check(state, 1, Pass())
    # A Hochzeit might find nobody again: under muss the seat plays a game itself.
    with pytest.raises(IllegalActionError, match="muss"):
        GAME.check(state, 1, HOCHZEIT)
    act(state, 1, Announce("rufspiel", Suit.DIAMONDS))
    assert state.phase is Phase.PLAY and state.partner == 3
