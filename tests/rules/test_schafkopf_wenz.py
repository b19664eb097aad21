"""Schafkopf rules, section "Die Spielarten: Wenz" (seed 003) with SPEC §2.

"Beim Wenz sind lediglich die Unter Trümpfe, und zwar in der Reihenfolge (höchster Trumpf
zuerst): Eichel-Unter, Gras-Unter, Herz-Unter, Schellen-Unter. Der Spieler spielt allein
gegen die drei Gegner, die zusammengehören." The Ober are plain cards between König and
Neun. SPEC: "Laufende count from 3 (Wenz and Geier from 2)".
"""

from __future__ import annotations

from engine.actions import Announce
from engine.game import DealResult
from engine.schafkopf.blocks import SchafkopfSettlement
from engine.schafkopf.constants import Kind, Options, Pack
from engine.schafkopf.deal import DealState
from engine.schafkopf.play import trumps
from tests.rules.schafkopf_helpers import GAME, bid, cards, legal, play_cards, rigged

WENZ = Announce("wenz")
# Seat 0 holds Eichel- and Gras-Unter (two Laufende), Eichel-Sau, -Zehn, -König, Gras-König
# and -Zehn and the Schellen-Ober.
HANDS = [
    "EU GU EA EZ EK GK GZ SO",
    "HU E9 E8 E7 G9 G8 HA HZ",
    "SU EO G7 GA GO HK HO H9",
    "SA SZ SK S9 S8 S7 H8 H7",
]
TWO_TRICKS = "EU HU SU S7 GU E7 H9 S8"
REST = "EA E8 EO H7 EZ E9 HO S9 EK G8 HK H8 GZ G9 GA SK GO SZ GK HZ SO HA G7 SA"


def wenz(options: Options) -> tuple[DealState, DealResult]:
    state = rigged(HANDS, options)
    bid(state, {0: WENZ})
    play_cards(state, TWO_TRICKS + " " + REST)
    result = GAME.result(state)
    assert result is not None
    return state, result


def test_wenz_only_the_four_unter_are_trump() -> None:
    assert trumps(Kind.WENZ, None, Pack.LONG) == cards("EU GU HU SU")
    state = rigged(HANDS, Options(aufstellen=False))
    bid(state, {0: WENZ})
    assert tuple(rung.card for rung in GAME.view(state, 0).ladder) == cards("EU GU HU SU")
    view = GAME.view(state, 0)
    assert view.contract is not None
    assert view.contract.trump_note == "trumps: Eichel-Unter Gras-Unter Herz-Unter Schellen-Unter"


def test_wenz_an_ober_follows_its_suit_and_ranks_below_the_koenig() -> None:
    state = rigged(HANDS, Options(aufstellen=False))
    bid(state, {0: WENZ})
    play_cards(state, TWO_TRICKS + " EA E8")
    # Eichel is led: seat 2's only Eichel is the Eichel-Ober, which is no trump here.
    assert legal(state, 2) == set(cards("EO"))
    play_cards(state, "EO H7 EZ E9 HO S9 EK G8 HK H8 GZ G9 GA SK GO SZ GK HZ")
    # Seat 2 led the Gras-Ober and seat 0's Gras-König took it.
    assert [card for _, card in state.tricks[6].cards] == list(cards("GO SZ GK HZ"))
    assert state.tricks[6].winner == 0


def test_wenz_settled_with_two_laufende_counting_from_two() -> None:
    _, result = wenz(Options())
    assert result.card_points == (70, 0, 25, 25)
    # 50 + 2 Laufende × 10 from each defender.
    assert result.value == 70
    assert result.scores == (210, -70, -70, -70)
    assert isinstance(result.detail, SchafkopfSettlement)
    assert result.detail.laufende == 2 and not result.detail.schneider
    laufende = next(step for step in result.steps if step.kind == "laufende")
    assert laufende.label == "2 Laufende mit" and not laufende.struck


def test_wenz_laufende_from_three_by_the_tables_option_strike_the_two() -> None:
    options = GAME.parse_options("club", {"laufende_from_wenz_geier": "3"})
    _, result = wenz(options)
    assert result.value == 50
    laufende = next(step for step in result.steps if step.kind == "laufende")
    assert laufende.struck and laufende.note == "they count from 3 Laufende on"


def test_wenz_the_solo_minimum_of_three_does_not_apply() -> None:
    options = GAME.parse_options("club", {"laufende_from": "5"})
    _, result = wenz(options)
    assert result.value == 70
