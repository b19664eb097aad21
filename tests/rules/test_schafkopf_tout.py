"""Schafkopf rules, section "Die Spielarten: Tout" (seed 003) with SPEC §2.

"Der Tout (frz. alles) ist lediglich eine höherwertige Variation der unten aufgeführten
Solospiele (Solo, Wenz, Geier). Der Spieler kündigt damit an, dass die Gegenseite keinen
einzigen Stich machen wird. Sollte diese doch mindestens einen Stich machen, so hat der
Spieler verloren. Im Gegenzug wird das Spiel doppelt so teuer gewertet." A Tout pays
2 × (solo tariff + Laufende); Schneider and Schwarz are not added.
"""

from __future__ import annotations

import pytest

from engine.actions import Announce
from engine.cards import Suit
from engine.errors import IllegalActionError
from engine.game import DealResult
from engine.schafkopf.blocks import SchafkopfSettlement
from engine.schafkopf.constants import Kind, Options
from engine.schafkopf.deal import Phase
from tests.rules.schafkopf_helpers import GAME, bid, cards, play_cards, rigged

HERZ_TOUT = Announce("solo_tout", Suit.HEARTS)
# Seat 0 holds the six highest trumps of a Herz-Solo and the Herz-Sau and -Zehn; seat 1
# the Herz-Unter and -Schellen-Unter with four small Herz.
HANDS = [
    "EO GO HO SO EU GU HA HZ",
    "HU SU HK H9 H8 H7 EA EZ",
    "EK E9 E8 E7 GA GZ GK G9",
    "G8 G7 SA SZ SK S9 S8 S7",
]
# Seat 0 draws every trump and takes every trick.
EVERY_TRICK = (
    "EO H7 E7 S7 GO H8 E8 S8 HO H9 E9 S9 SO HK EK SK EU SU G9 SZ GU HU GK SA HA EA GZ G7 HZ EZ GA G8"
)
# Seat 0 leads the Herz-Sau first and seat 1 takes it with the Herz-Unter (13 points).
ONE_TRICK_LOST = (
    "HA HU E7 S7 EA E8 S8 EO GO H7 E9 S9 HO H8 EK SK SO H9 G9 SZ EU SU GK SA GU HK GZ G7 HZ EZ GA G8"
)


def tout(play: str, options: Options | None = None, stand_up: tuple[int, ...] = ()) -> DealResult:
    state = rigged(HANDS, options)
    bid(state, {0: HERZ_TOUT}, stand_up=stand_up)
    play_cards(state, play)
    result = GAME.result(state)
    assert result is not None
    return result


def test_tout_won_with_every_trick_pays_twice_base_and_laufende() -> None:
    result = tout(EVERY_TRICK)
    # 2 × (50 + 6 Laufende × 10) from each defender; no Schneider, no Schwarz.
    assert result.value == 220
    assert result.scores == (660, -220, -220, -220)
    kinds = [step.kind for step in result.steps if not step.struck and not step.seats]
    assert kinds == ["base", "laufende", "tout", "verdict"]
    assert isinstance(result.detail, SchafkopfSettlement)
    assert result.detail.won and not result.detail.schneider and not result.detail.schwarz
    assert result.detail.laufende == 6 and result.detail.laufende_with_declarers


def test_tout_lost_when_the_opponents_take_one_trick_though_the_declarer_has_107() -> None:
    result = tout(ONE_TRICK_LOST)
    assert result.card_points == (107, 13, 0, 0)
    assert isinstance(result.detail, SchafkopfSettlement)
    assert not result.detail.won and result.detail.declarer_points == 107
    assert result.winners == frozenset({1, 2, 3})
    # The same 2 × (50 + 60), paid by the declarer to each defender.
    assert result.scores == (-660, 220, 220, 220)
    assert "schneider" not in {step.kind for step in result.steps}
    verdict = next(step for step in result.steps if step.kind == "verdict")
    assert verdict.label == "Tout lost: the opponents took a trick"


def test_tout_the_same_cards_as_a_plain_solo_add_schneider_and_schwarz_instead() -> None:
    state = rigged(HANDS)
    bid(state, {0: Announce("solo", Suit.HEARTS)})
    play_cards(state, EVERY_TRICK)
    result = GAME.result(state)
    assert result is not None
    # 50 + 10 Schneider + 10 Schwarz + 60 Laufende, not doubled.
    assert result.value == 130


def test_tout_aufstellen_doubles_on_top_of_the_tout() -> None:
    result = tout(EVERY_TRICK, stand_up=(2,))
    assert result.scores == (1320, -440, -440, -440)


def test_tout_of_wenz_and_geier_are_solo_games_with_their_own_trumps() -> None:
    state = rigged(HANDS, Options(geier=True, aufstellen=False))
    bid(state, {0: Announce("wenz_tout")})
    assert state.contract is not None and state.contract.kind is Kind.WENZ_TOUT
    assert state.phase is Phase.PLAY
    assert [rung.card for rung in GAME.view(state, 0).ladder] == list(cards("EU GU HU SU"))
    state = rigged(HANDS, Options(geier=True, aufstellen=False))
    bid(state, {1: Announce("geier_tout")})
    assert [rung.card for rung in GAME.view(state, 1).ladder] == list(cards("EO GO HO SO"))


def test_tout_without_the_option_is_refused() -> None:
    state = rigged(HANDS, Options(tout=False, aufstellen=False))
    with pytest.raises(IllegalActionError, match="solo_tout is not played at this table"):
        GAME.check(state, 0, HERZ_TOUT)
