"""Schafkopf rules, section "Spielen um Geld" (seed 003) with SPEC §2.

"Für ein gewonnenes Partnerspiel erhält die Gewinnerseite von jedem Gegner nun 10 Cent.
Bei Schneider kommen weitere 10 Cent hinzu, bei Schneider-Schwarz kommen 10 Cent für
Schneider und 10 Cent für Schwarz hinzu. Bei Soli (Solo, Geier, Wenz) wird der zweite
Grundtarif benutzt als Basispreis [...] Zu dem Basispreis kommen noch die „Laufenden“
hinzu. Wenn eine der Seiten mindestens die drei höchsten Trümpfe besaß, wird pro Trumpf
zusätzlich der niedrigere Grundtarif bezahlt von der Gegenseite. Nach dem ein Spieler die
erste Hälfte seiner Karten entgegenommen hat, kann dieser einmal Steigern [...] Pro Kontra
wird ebenfalls verdoppelt. Rechenbeispiel: Ein Spieler gewinnt ein Herz-Solo und besaß
Eichel-Ober, Gras-Ober, Herz-Ober und Schellen-Ober und hat „aufgestellt“. Die Gegenseite
machte nur einen Stich mit 15 Punkten. [...] ergibt 1,40 Euro pro Person."
SPEC §2: Kontra by a defender before his first card, Re by the declaring side while it
holds all its cards but one at most; Aufstellen once per player.
"""

from __future__ import annotations

import pytest

from engine.actions import Announce, Double, Pass
from engine.cards import Suit
from engine.errors import IllegalActionError, InvalidOptionsError, NotYourTurnError
from engine.game import PUBLIC, DealResult, GameNotice, StepOperation, seats_only
from engine.match import Match
from engine.schafkopf.blocks import PartnerRevealed, SchafkopfSettlement, SecondHalfDealt
from engine.schafkopf.constants import Options
from engine.schafkopf.deal import DealState, Phase
from tests.rules.schafkopf_helpers import GAME, act, act_events, bid, cards, game_view, play_cards, rigged

# The seed's worked example: seat 0 holds the four Ober (not the Eichel-Unter: four
# Laufende), Herz-Sau, -Zehn, -König and the Eichel-7. The defenders take one trick, the
# Eichel-7 with the Eichel-Sau and the Schellen-König: 15 points.
SEED_HANDS = [
    "EO GO HO SO HA HZ HK E7",
    "EU GU H9 EA EZ GA GZ GK",
    "HU SU H8 EK E9 E8 G9 G8",
    "H7 G7 SA SZ SK S9 S8 S7",
]
SEED_PLAY = "EO H9 H8 H7 GO GU SU S7 HO EU HU S8 E7 EA E8 SK GA G9 G7 SO HA GZ G8 S9 HZ GK EK SA HK EZ E9 SZ"
SEED_TARIFF = {"tariff_solo": "20", "tariff_partner": "10"}
# Seat 0 calls the Schellen-Sau (seat 2); seat 0 holds the four Ober, Eichel- and
# Gras-Unter, seat 2 the Herz-Unter: seven Laufende "mit", broken by the Schellen-Unter.
PARTNER_HANDS = [
    "EO GO HO SO EU GU S7 E7",
    "SU H7 EA EZ EK GA GZ GK",
    "SA HA HZ HK H9 H8 HU G7",
    "E9 E8 G9 G8 SZ SK S9 S8",
]
PARTNER_PLAY = (
    "EO SU H8 G8 GO H7 H9 G9 HO GZ HK E9 SO GK HZ E8 EU EK HA S8 GU EZ HU S9 E7 EA G7 SK GA SA SZ S7"
)
HERZ_SOLO = Announce("solo", Suit.HEARTS)

# An Eichel-Solo of seat 0 with the three highest Ober: won with 109 and Schneider, 90.
SOLO_HANDS = [
    "EO GO HO EA EZ EK GA S7",
    "SO EU E9 GK G9 G8 HA H7",
    "GU HU E8 GZ G7 HZ HK H9",
    "SU E7 SZ SK S9 S8 SA H8",
]
SOLO_PLAY = "EO E9 E8 E7 GO EU HU SU HO SO GU S8 GA G8 G7 S9 S7 H7 H9 SA SZ EK G9 HK EA GK GZ SK EZ HA HZ H8"
EICHEL_SOLO = Announce("solo", Suit.CLUBS)


def result_of(state: DealState) -> DealResult:
    result = GAME.result(state)
    assert result is not None
    return result


def detail(result: DealResult) -> SchafkopfSettlement:
    assert isinstance(result.detail, SchafkopfSettlement)
    return result.detail


def solo(options: Options | None = None) -> DealState:
    state = rigged(SOLO_HANDS, options or Options(aufstellen=False))
    bid(state, {0: EICHEL_SOLO})
    return state


def test_spielen_um_geld_the_seeds_worked_example_is_140_cents_per_person() -> None:
    state = rigged(SEED_HANDS, GAME.parse_options("club", SEED_TARIFF))
    bid(state, {0: HERZ_SOLO}, stand_up=[0])
    play_cards(state, SEED_PLAY)
    result = result_of(state)
    assert result.card_points == (105, 15, 0, 0)
    # (20 for the game + 10 Schneider + 4 × 10 Laufende) × 2 for the Aufstellen.
    assert result.value == 140
    assert result.scores == (420, -140, -140, -140)
    lines = [(step.kind, step.label, step.amount) for step in result.steps if not step.seats]
    assert lines == [
        ("base", "solo", 20),
        ("schneider", "Schneider", 10),
        ("laufende", "4 Laufende mit", 40),
        ("verdict", "won with 105 of 120 points", 1),
        ("aufstellen", "seat 0 stood up (Aufstellen)", 2),
    ]


def test_spielen_um_geld_each_defender_pays_the_soloist_who_won() -> None:
    """ "1,40 Euro pro Person": a payment line per defender, naming who pays whom."""
    state = rigged(SEED_HANDS, GAME.parse_options("club", SEED_TARIFF))
    bid(state, {0: HERZ_SOLO}, stand_up=[0])
    play_cards(state, SEED_PLAY)
    assert payments(result_of(state)) == [
        ("seat 1 pays seat 0", 1, 0, 140),
        ("seat 2 pays seat 0", 2, 0, 140),
        ("seat 3 pays seat 0", 3, 0, 140),
    ]


def test_spielen_um_geld_in_a_partner_game_each_loser_pays_one_winner() -> None:
    state = rigged(PARTNER_HANDS, GAME.parse_options("club", SEED_TARIFF))
    bid(state, {0: Announce("rufspiel", Suit.DIAMONDS)})
    play_cards(state, PARTNER_PLAY)
    assert payments(result_of(state)) == [("seat 1 pays seat 0", 1, 0, 80), ("seat 3 pays seat 2", 3, 2, 80)]


def payments(result: DealResult) -> list[tuple[str, int | None, int, int]]:
    """Each payment line: its words, the payer, the one paid and the amount."""
    paid = [step for step in result.steps if step.operation is StepOperation.PAY]
    return [(step.label, step.payer, min(step.seats), step.amount) for step in paid if len(step.seats) == 1]


def test_spielen_um_geld_each_aufstellen_doubles_again() -> None:
    state = rigged(SEED_HANDS, GAME.parse_options("club", SEED_TARIFF))
    bid(state, {0: HERZ_SOLO}, stand_up=[0, 3])
    play_cards(state, SEED_PLAY)
    assert result_of(state).scores == (840, -280, -280, -280)
    assert detail(result_of(state)).factor == 4


def test_spielen_um_geld_laufende_mit_count_across_both_partners() -> None:
    state = rigged(PARTNER_HANDS, GAME.parse_options("club", SEED_TARIFF))
    bid(state, {0: Announce("rufspiel", Suit.DIAMONDS)})
    play_cards(state, PARTNER_PLAY)
    result = result_of(state)
    assert detail(result).laufende == 7 and detail(result).laufende_with_declarers
    # Partner tariff 10 + 7 × 10 from each loser to one winner.
    assert result.scores == (80, -80, 80, -80)


def test_spielen_um_geld_laufende_ohne_are_paid_to_the_side_that_wins() -> None:
    # Seat 1 plays a Herz-Solo against seat 0's six highest trumps and takes one trick.
    hands = [
        "EO GO HO SO EU GU HA HZ",
        "HU SU HK H9 H8 H7 EA EZ",
        "EK E9 E8 E7 GA GZ GK G9",
        "G8 G7 SA SZ SK S9 S8 S7",
    ]
    state = rigged(hands, Options())
    bid(state, {1: HERZ_SOLO})
    play_cards(state, "HA HU E7 S7 EA E8 S8 EO GO H7 E9 S9 HO H8 EK SK SO H9 G9 SZ EU SU GK SA GU HK GZ G7")
    play_cards(state, "HZ EZ GA G8")
    result = result_of(state)
    assert detail(result).laufende == 6 and not detail(result).laufende_with_declarers
    laufende = next(step for step in result.steps if step.kind == "laufende")
    assert laufende.label == "6 Laufende ohne" and not laufende.struck
    # 50 + 10 Schneider (13 points) + 6 × 10, paid by the declarer to each defender.
    assert result.scores == (120, -360, 120, 120)


def test_spielen_um_geld_laufende_below_the_minimum_count_nothing() -> None:
    state = solo(GAME.parse_options("club", {"laufende_from": "4", "aufstellen": "false"}))
    play_cards(state, SOLO_PLAY)
    result = result_of(state)
    laufende = next(step for step in result.steps if step.kind == "laufende")
    assert (
        laufende.label == "3 Laufende mit"
        and laufende.struck
        and laufende.note == "they count from 4 Laufende on"
    )
    # 50 + 10 Schneider, the three Laufende struck.
    assert result.scores == (180, -60, -60, -60)
    state = solo()
    play_cards(state, SOLO_PLAY)
    assert result_of(state).scores == (270, -90, -90, -90)


# Kontra and Re ------------------------------------------------------------------------

# Seat 0 calls the Eichel-Sau, which seat 2 holds.
RUFSPIEL_HANDS = [
    "EO GO HO EU HA HZ EK E9",
    "SO GU HU SU HK H9 H8 H7",
    "EA EZ E8 E7 GA GZ GK G9",
    "SA SZ SK S9 S8 S7 G8 G7",
]


def test_kontra_by_a_defender_before_his_first_card_doubles() -> None:
    state = solo()
    assert GAME.may_act(state) == frozenset({1, 2, 3})
    # Seat 3 gives Kontra though it is seat 0's turn to lead.
    act(state, 3, Double())
    assert state.stoss == [3]
    play_cards(state, SOLO_PLAY)
    result = result_of(state)
    assert result.scores == (540, -180, -180, -180)
    assert [step.label for step in result.steps if step.kind == "kontra"] == ["Kontra by seat 3"]


def test_kontra_after_the_defenders_first_card_is_refused() -> None:
    state = solo()
    play_cards(state, "EO E9")
    assert 1 not in GAME.may_act(state)
    with pytest.raises(IllegalActionError):
        GAME.check(state, 1, Double())
    assert GAME.illegality(state, 1, Double()) == "Kontra is given before your first card"
    # Seat 2 has not played yet.
    act(state, 2, Double())
    assert state.stoss == [2]


def test_kontra_is_not_for_the_declarer() -> None:
    state = solo()
    assert GAME.illegality(state, 0, Double()) == "you announced the game: Kontra is for the defenders"


def test_re_by_the_declarer_after_a_kontra_with_one_card_played() -> None:
    state = solo()
    act(state, 1, Double())
    play_cards(state, "EO")
    act(state, 0, Double())
    assert state.stoss == [1, 0]
    play_cards(state, SOLO_PLAY.removeprefix("EO "))
    result = result_of(state)
    # 90 × 2 × 2.
    assert result.scores == (1080, -360, -360, -360)
    assert [step.label for step in result.steps if step.kind in ("kontra", "re")] == [
        "Kontra by seat 1",
        "Re by seat 0",
    ]


def test_re_after_two_cards_is_refused() -> None:
    state = solo()
    act(state, 2, Double())
    play_cards(state, "EO E9 E8 E7 GO")
    assert GAME.illegality(state, 0, Double()) == "Re is given while you hold all your cards but one at most"
    with pytest.raises(IllegalActionError):
        GAME.check(state, 0, Double())


def test_re_by_a_defender_is_refused_and_nothing_follows_a_re() -> None:
    state = solo()
    act(state, 1, Double())
    assert GAME.illegality(state, 2, Double()) == "Re is for the declaring side, after a Kontra"
    act(state, 0, Double())
    for seat in range(4):
        assert GAME.illegality(state, seat, Double()) == "Re was given: there is no further double"
    assert GAME.may_act(state) == frozenset()


def test_kontra_and_re_in_a_rufspiel_the_partner_gives_re_not_kontra() -> None:
    state = rigged(RUFSPIEL_HANDS, Options(aufstellen=False))
    bid(state, {0: Announce("rufspiel", Suit.CLUBS)})
    assert GAME.illegality(state, 2, Double()) == "you hold the called Sau: you play with the declarer"
    act(state, 3, Double())
    events = act_events(state, 2, Double())
    assert events == (GameNotice(PartnerRevealed(2, 0), PUBLIC),)
    assert game_view(state, 1).partner == 2


def test_kontra_and_re_in_a_rufspiel_each_seat_learns_only_its_own_right_not_who_holds_the_sau() -> None:
    """Only the holder of the called Sau knows at first whom he plays with: the seats that
    may give Kontra are those without it, and after a Kontra those that may give Re are the
    declaring side. Each seat is shown only whether it may itself; a spectator nothing."""
    state = rigged(RUFSPIEL_HANDS, Options(aufstellen=False))
    bid(state, {0: Announce("rufspiel", Suit.CLUBS)})
    match = Match(GAME, Options(aufstellen=False), 4, seed=1, humans=frozenset())
    match.deal = state
    for kontra_given, rights in ((False, {1, 3}), (True, {0, 2})):
        if kontra_given:
            act(state, 3, Double())
        assert GAME.may_act(state) == rights  # the rules' own answer, for the write path
        for seat in range(4):
            assert GAME.observation(state, seat).may_act == rights & {seat}
            assert match.view(seat).may_act == rights & {seat}
        assert match.view(None).may_act == frozenset()


def test_kontra_not_at_a_table_without_it() -> None:
    state = solo(Options(kontra=False, aufstellen=False))
    assert GAME.may_act(state) == frozenset()
    assert GAME.illegality(state, 1, Double()) == "this table plays without Kontra and Re"


# Aufstellen -----------------------------------------------------------------------------


def test_aufstellen_after_the_first_half_of_the_cards() -> None:
    state = rigged(SEED_HANDS, Options())
    assert state.phase is Phase.FIRST_HALF
    assert state.hands[0] == list(cards("EO GO HO SO"))
    assert GAME.view(state, 0).dealt_hand == cards("EO GO HO SO")
    for seat in (0, 1, 2):
        act(state, seat, Double() if seat == 1 else Pass())
    events = act_events(state, 3, Pass())
    assert events[0] == GameNotice(SecondHalfDealt(0, cards("HA HZ HK E7")), seats_only(0))
    assert len(events) == 4 and all(len(state.hands[seat]) == 8 for seat in range(4))
    assert state.doublings == [1] and state.phase is Phase.BIDDING


def test_aufstellen_once_per_player_a_second_is_refused() -> None:
    state = rigged(SEED_HANDS, Options())
    act(state, 0, Double())
    with pytest.raises(NotYourTurnError):
        GAME.check(state, 0, Double())
    for seat in (1, 2, 3):
        act(state, seat, Pass())
    with pytest.raises(IllegalActionError, match="Aufstellen is over"):
        GAME.check(state, 0, Double())
    assert state.doublings == [0]


def test_aufstellen_not_at_a_table_without_it() -> None:
    state = rigged(SEED_HANDS, Options(aufstellen=False))
    assert state.phase is Phase.BIDDING and len(state.hands[0]) == 8
    with pytest.raises(IllegalActionError, match="Aufstellen is over"):
        GAME.check(state, 0, Double())


def test_a_negative_tariff_is_refused() -> None:
    with pytest.raises(InvalidOptionsError, match="tariff_solo is -10: a tariff cannot be negative"):
        GAME.parse_options("club", {"tariff_solo": "-10"})
    with pytest.raises(InvalidOptionsError, match="a tariff cannot be negative"):
        GAME.parse_options("club", {"tariff_laufende": "-1"})
    assert GAME.parse_options("club", {"tariff_schneider": "0"}).tariff.schneider == 0
