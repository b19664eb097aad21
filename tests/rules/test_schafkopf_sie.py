"""Schafkopf rules, section "Die Spielarten: Sie" (seed 003) with SPEC §2.

"Bekommt man alle vier Ober und Unter (d. h. die acht höchsten Trümpfe) auf die Hand
gegeben, hat man einen Sie. Der Sie braucht nicht ausgespielt zu werden, da die
gegnerische Partei unmöglich einen Stich machen kann. In der Regel vervierfacht ein Sie
den Preis." SPEC: "Tout doubles, Sie ×4 as the seed says." The price is four times the
solo tariff with the eight Laufende; a hand of eight cards is needed.
"""

from __future__ import annotations

import pytest

from engine.actions import Announce, Pass
from engine.errors import IllegalActionError
from engine.game import DealResult
from engine.schafkopf.blocks import SchafkopfSettlement
from engine.schafkopf.constants import Kind, Options, Pack, Tariff
from engine.schafkopf.deal import DealState, Phase
from tests.rules.schafkopf_helpers import GAME, act, act_events, bid, cards, rigged

SIE = Announce("sie")
# Seat 1 was dealt all four Ober and all four Unter.
HANDS = [
    "HA EK E9 E8 GK G9 SK S9",
    "EO GO HO SO EU GU HU SU",
    "EA EZ E7 GA GZ G8 SA HZ",
    "SZ S8 S7 G7 HK H9 H8 H7",
]


def sie_result(state: DealState) -> DealResult:
    result = GAME.result(state)
    assert result is not None
    return result


def test_sie_needs_all_four_ober_and_all_four_unter() -> None:
    # Seat 0 holds seven of them and the Herz-Sau.
    hands = ["EO GO HO SO EU GU HU HA", "SU EK E9 E8 GK G9 SK S9", HANDS[2], HANDS[3]]
    state = rigged(hands, Options(aufstellen=False))
    with pytest.raises(IllegalActionError, match="all four Ober and all four Unter"):
        GAME.check(state, 0, SIE)
    act(state, 0, Pass())
    with pytest.raises(IllegalActionError, match="all four Ober and all four Unter"):
        GAME.check(state, 1, SIE)


def test_sie_the_deal_ends_with_the_announcement_nothing_is_played() -> None:
    state = rigged(HANDS, Options(aufstellen=False))
    act(state, 0, Pass())
    events = act_events(state, 1, SIE)
    assert state.phase is Phase.FINISHED
    assert state.tricks == [] and state.trick is None
    assert GAME.to_act(state) == frozenset() and GAME.may_act(state) == frozenset()
    assert [type(event).__name__ for event in events] == ["BiddingEnded"]
    with pytest.raises(IllegalActionError, match="the deal is over"):
        GAME.check(state, 2, Announce("solo_tout", cards("HA")[0].suit))
    result = sie_result(state)
    assert result.contract == "sie" and result.contract_label == "Sie"
    assert result.declarers == frozenset({1}) and result.winners == frozenset({1})
    # Only the Sie is laid down; the other hands stay hidden.
    assert result.hands == ((), cards(HANDS[1]), (), ())
    assert isinstance(result.detail, SchafkopfSettlement)
    assert result.detail.declarer_points == 120 and result.detail.won and result.detail.laufende == 8


def test_sie_pays_four_times_the_solo_tariff_with_eight_laufende_from_each_defender() -> None:
    state = rigged(HANDS, Options())
    bid(state, {1: SIE})
    result = sie_result(state)
    # 4 × (50 + 8 × 10) = 520 from each of the three defenders.
    assert result.value == 520
    assert result.scores == (-520, 1560, -520, -520)
    labels = [(step.kind, step.amount) for step in result.steps if step.seats == frozenset()]
    assert labels == [("base", 50), ("laufende", 80), ("sie", 4), ("verdict", 1)]


def test_sie_with_the_tables_tariff_and_an_aufstellen() -> None:
    state = rigged(HANDS, Options(tariff=Tariff(solo=20, laufende=5)))
    bid(state, {1: SIE}, stand_up=[3])
    # 4 × (20 + 8 × 5) = 240, doubled by the Aufstellen.
    assert sie_result(state).scores == (-480, 1440, -480, -480)


def test_sie_needs_a_hand_of_eight_cards_not_in_the_short_pack_with_four() -> None:
    hands = ["EO GO HO SO EU GU", "HU SU EA EZ GA GZ", "HA HZ HK H9 SA SZ", "EK E9 GK G9 SK S9"]
    state = rigged(hands, Options(pack=Pack.SHORT, aufstellen=False))
    with pytest.raises(IllegalActionError, match="only with hands of eight cards"):
        GAME.check(state, 0, SIE)


def test_sie_is_played_by_three_with_eight_cards_each() -> None:
    hands = ["EO GO HO SO EU GU HU SU", "EA EZ EK E9 GA GZ GK G9", "HA HZ HK H9 SA SZ SK S9"]
    state = rigged(hands, Options(pack=Pack.SHORT))
    bid(state, {0: SIE})
    result = sie_result(state)
    assert result.contract == Kind.SIE.value
    assert result.scores == (1040, -520, -520)


def test_sie_cannot_be_announced_without_the_option() -> None:
    state = rigged(HANDS, Options(sie=False, aufstellen=False))
    act(state, 0, Pass())
    with pytest.raises(IllegalActionError, match="sie is not played at this table"):
        GAME.check(state, 1, SIE)
