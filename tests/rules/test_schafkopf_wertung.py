"""Schafkopf rules, section "Wertung nach einer Runde" (seed 003) with SPEC §2.

"Die Spielerseite [...] müssen zusammen 61 „Augen“ [...] erreichen, um das Spiel zu
gewinnen. [...] Die Nicht-Spielerseite muss lediglich 60 „Augen“ erreichen, um zu
gewinnen. Liegt eine Seite unter 30 Augen (falls Nicht-Spieler. Der Spieler muss 31
Punkte erreichen), so ist diese „schneider“. [...] Hat eine Seite gar keine Stiche
erhalten, so ist diese „schneider schwarz“." SPEC §2: "Schneider: winners ≥ 91
(declarers) / defenders ≥ 90; schwarz = no trick at all. 60:60 loses for the declarers."
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.actions import Announce
from engine.cards import Suit
from engine.game import DealResult
from engine.schafkopf.blocks import SchafkopfSettlement
from engine.schafkopf.constants import Options, Pack, pack_cards, points
from engine.schafkopf.deal import DealState
from tests.rules.schafkopf_helpers import GAME, bid, play_cards, rigged

HERZ_SOLO = Announce("solo", Suit.HEARTS)


@dataclass(frozen=True)
class Played:
    """A deal played to the end: seat ``declarer`` announced ``game``, the others passed."""

    hands: list[str]
    declarer: int
    game: Announce
    play: str

    def state(self) -> DealState:
        state = rigged(self.hands, Options())
        bid(state, {self.declarer: self.game})
        play_cards(state, self.play)
        return state

    def result(self) -> DealResult:
        result = GAME.result(self.state())
        assert result is not None
        return result


def detail(result: DealResult) -> SchafkopfSettlement:
    assert isinstance(result.detail, SchafkopfSettlement)
    return result.detail


# Seat 0 calls the Gras-Sau (seat 1): the pair makes 60.
SIXTY = Played(
    [
        "EO SK SU EK S7 G7 EZ EA",
        "GA G9 GZ HZ SA HO H8 EU",
        "GO GK S9 E7 E8 H9 HU S8",
        "H7 HK G8 SZ GU E9 HA SO",
    ],
    0,
    Announce("rufspiel", Suit.SPADES),
    "S7 SA S9 SZ HO H9 HK SU EU GO SO EO EK H8 E8 E9 GA GK G8 G7 HZ HU H7 EZ E7 HA EA GZ GU SK G9 S8",
)
# Seat 0 calls the Eichel-Sau (seat 2): the pair makes 61.
SIXTY_ONE = Played(
    [
        "S9 H9 SK G8 SO S8 HA E9",
        "GK E7 EO H7 EU HO HK SU",
        "EA GO SZ HU GZ HZ G9 G7",
        "E8 EZ GA SA S7 EK H8 GU",
    ],
    0,
    Announce("rufspiel", Suit.CLUBS),
    "SO EU HU H8 H9 HO GO GU GZ GA G8 GK SA SK HK SZ H7 HZ EK HA E9 E7 EA EZ G9 E8 S8 SU EO G7 S7 S9",
)
# Herz-Solos of seat 0 with three Laufende "mit" and 90, 91 points; and without them with
# 30 and 31 points.
NINETY = Played(
    [
        "HA GU HO GO EO SU SZ EZ",
        "HU HK GZ E9 GA SA H9 G7",
        "G8 E8 EK EA H8 S7 SK H7",
        "EU S8 S9 E7 HZ GK SO G9",
    ],
    0,
    HERZ_SOLO,
    "GU HK H7 SO S8 SZ SA S7 HU H8 EU HO HA H9 G8 HZ SU G7 E8 G9 EZ E9 EK E7 GO GZ SK GK EO GA EA S9",
)
NINETY_ONE = Played(
    [
        "GU E7 G8 EZ EO EU HO GO",
        "EA E9 H9 HU SU SA H7 SZ",
        "GZ SK HA HK H8 EK HZ S8",
        "GK SO G9 E8 S9 GA G7 S7",
    ],
    0,
    HERZ_SOLO,
    "G8 E9 GZ GK HK SO GO H9 E7 EA EK E8 H7 H8 GA GU EO SU HA S7 EZ SA SK G9 HO HU HZ S9 EU SZ S8 G7",
)
THIRTY = Played(
    [
        "SU G7 GO G8 GA HZ H9 EK",
        "EO SK H7 SA S8 E7 EA EU",
        "S9 EZ G9 H8 GZ GK SZ HA",
        "HO S7 HU GU SO HK E8 E9",
    ],
    0,
    HERZ_SOLO,
    "H9 EU HA HU E7 EZ E8 EK S9 S7 GO SA G8 H7 GK E9 EO H8 HO HZ S8 SZ HK SU G7 SK G9 GU SO GA EA GZ",
)
THIRTY_ONE = Played(
    [
        "S7 GA G9 E9 GU S8 HA GO",
        "SK HO E7 G8 H7 EA EK EU",
        "EZ G7 SZ H8 HU H9 GZ SO",
        "S9 GK SU HZ EO SA E8 HK",
    ],
    0,
    HERZ_SOLO,
    "S7 SK SZ S9 SO EO GO HO HZ HA EU H9 G8 GZ GK GA S8 EK H8 SA HU SU GU H7 G9 E7 G7 HK E8 E9 EA EZ",
)
# Seat 0 holds the six highest trumps of a Herz-Solo; in the fourth trick he leads the
# Schellen-7 and seat 2 takes it with the Schellen-9: a trick of no points. Seat 0 takes
# every other trick.
ZERO_TRICK_HANDS = [
    "EO GO HO SO EU GU HA S7",
    "HU SU HZ S8 SA SZ EA EZ",
    "HK H9 S9 SK EK E9 GA GZ",
    "H8 H7 E8 E7 GK G9 G8 G7",
]
ZERO_TRICK_PLAY = (
    "EO HU HK H8 GO SU H9 H7 HO HZ GZ G7 S7 S8 S9 E7 GA G8 SO EA EU SA SK G9 GU SZ EK GK HA EZ E9 E8"
)


def test_wertung_the_pack_holds_120_points_long_and_short() -> None:
    assert points(pack_cards(Pack.LONG)) == 120
    assert points(pack_cards(Pack.SHORT)) == 120


@pytest.mark.parametrize(
    ("played", "declarer_points", "won", "schneider", "scores"),
    [
        (SIXTY, 60, False, False, (-10, -10, 10, 10)),
        (SIXTY_ONE, 61, True, False, (10, -10, 10, -10)),
        (NINETY, 90, True, False, (240, -80, -80, -80)),
        (NINETY_ONE, 91, True, True, (270, -90, -90, -90)),
        (THIRTY_ONE, 31, False, False, (-150, 50, 50, 50)),
        (THIRTY, 30, False, True, (-180, 60, 60, 60)),
    ],
    ids=["60-lost", "61-won", "90-no-schneider", "91-schneider", "31-no-schneider", "30-schneider"],
)
def test_wertung_61_wins_and_schneider_at_91_or_30(
    played: Played, declarer_points: int, won: bool, schneider: bool, scores: tuple[int, ...]
) -> None:
    result = played.result()
    settled = detail(result)
    assert settled.declarer_points == declarer_points
    assert settled.won is won
    assert settled.schneider is schneider and not settled.schwarz
    assert result.scores == scores


def test_wertung_60_60_is_lost_for_the_pair() -> None:
    result = SIXTY.result()
    assert result.card_points[0] + result.card_points[1] == 60
    assert result.winners == frozenset({2, 3})
    assert result.summary == "Seat 0 lost the Rufspiel auf die Gras-Sau with 60 points."


def test_wertung_won_declarers_with_a_defenders_trick_of_no_points_schneider_not_schwarz() -> None:
    played = Played(ZERO_TRICK_HANDS, 0, HERZ_SOLO, ZERO_TRICK_PLAY)
    assert [trick.winner for trick in played.state().tricks] == [0, 0, 0, 2, 0, 0, 0, 0]
    result = played.result()
    assert result.card_points == (120, 0, 0, 0)
    settled = detail(result)
    assert settled.won and settled.schneider and not settled.schwarz
    # 50 + 10 Schneider + 6 Laufende: no Schwarz, the defenders took a trick.
    assert result.scores == (360, -120, -120, -120)


def test_wertung_lost_declarer_with_one_trick_of_no_points_schneider_not_schwarz() -> None:
    result = Played(ZERO_TRICK_HANDS, 2, HERZ_SOLO, ZERO_TRICK_PLAY).result()
    settled = detail(result)
    assert settled.declarer_points == 0 and not settled.won
    assert settled.schneider and not settled.schwarz
    # 50 + 10 Schneider + 10 Laufende "ohne" (the defenders hold the ten highest trumps).
    assert result.scores == (160, 160, -480, 160)


def test_wertung_lost_declarer_without_a_trick_is_schwarz() -> None:
    result = Played(ZERO_TRICK_HANDS, 1, HERZ_SOLO, ZERO_TRICK_PLAY).result()
    settled = detail(result)
    assert not settled.won and settled.schneider and settled.schwarz
    kinds = [step.kind for step in result.steps if not step.struck and not step.seats]
    assert kinds == ["base", "schneider", "schwarz", "laufende", "verdict"]
    assert result.scores == (130, -390, 130, 130)
