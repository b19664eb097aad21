"""Speedbela rules, section "Abrechnung" (seed 002) with SPEC §2.

"Gezählt werden Punkte in den Stichen, letzter Stich, Zvanja und Bela. Macht eine Partei
alle Stiche, bekommt sie 90 dazu (Štiglja). Wer den Trumpf gewählt hat (zu viert: das
Paar), braucht mehr als die Hälfte aller Punkte. Dann bekommt jede Partei, was sie
gemacht hat (prolaz). Schafft er das nicht (auch bei genau der Hälfte), ist er gefallen
– pao: Er bekommt nichts, die Gegner bekommen alles. Zu dritt teilen sich die beiden
Gegner seine Punkte." SPEC: the odd point to the first in playing order; a side that
takes no trick scores no zvanja.
"""

from __future__ import annotations

from engine.bela.scoring import PartyTally, settle


def test_abrechnung_prolaz_each_party_keeps_what_it_made() -> None:
    result = settle([PartyTally(92, 5, zvanja=20), PartyTally(70, 3)], caller=0, playing_order=[1, 0])
    assert result.passed and result.made == (112, 70) and result.scores == (112, 70) and result.total == 182


def test_abrechnung_pao_the_caller_gets_nothing_and_the_opponents_everything() -> None:
    result = settle([PartyTally(80, 4), PartyTally(82, 4, bela=20)], caller=0, playing_order=[1, 0])
    assert not result.passed and result.scores == (0, 182)


def test_abrechnung_exactly_half_falls() -> None:
    result = settle([PartyTally(81, 4), PartyTally(81, 4)], caller=0, playing_order=[0, 1])
    assert not result.passed and result.scores == (0, 162)


def test_abrechnung_half_counts_zvanja_and_bela_of_both_sides() -> None:
    # 92 of 162 card points pass alone, but the opponents' 50 raise the half to 106.
    result = settle([PartyTally(92, 5), PartyTally(70, 3, zvanja=50)], caller=0, playing_order=[0, 1])
    assert not result.passed and result.total == 212 and result.scores == (0, 212)


def test_abrechnung_stiglja_90_for_every_trick() -> None:
    result = settle([PartyTally(162, 8, zvanja=20), PartyTally(0, 0)], caller=0, playing_order=[0, 1])
    assert result.passed and result.stiglja == 0 and result.scores == (272, 0)


def test_abrechnung_stiglja_of_the_opponents_and_the_caller_falls() -> None:
    result = settle([PartyTally(0, 0, zvanja=50), PartyTally(162, 8)], caller=0, playing_order=[0, 1])
    assert not result.passed and result.stiglja == 1 and result.scores == (0, 252)


def test_abrechnung_no_trick_means_no_zvanja_and_no_bela() -> None:
    result = settle(
        [PartyTally(162, 8), PartyTally(0, 0, zvanja=100, bela=20)], caller=1, playing_order=[0, 1]
    )
    assert result.made == (252, 0) and result.scores == (252, 0)


def test_abrechnung_three_players_the_opponents_share_a_fallen_callers_points() -> None:
    result = settle(
        [PartyTally(51, 3), PartyTally(60, 4), PartyTally(51, 3)], caller=0, playing_order=[1, 2, 0]
    )
    # 51 shared: 26 to seat 1 (first in playing order), 25 to seat 2.
    assert not result.passed and result.scores == (0, 86, 76)


def test_abrechnung_three_players_the_odd_point_to_the_first_in_playing_order() -> None:
    result = settle(
        [PartyTally(51, 3), PartyTally(60, 4), PartyTally(51, 3)], caller=0, playing_order=[2, 0, 1]
    )
    assert result.scores == (0, 85, 77)


def test_abrechnung_three_players_prolaz_needs_more_than_half_of_all() -> None:
    result = settle(
        [PartyTally(82, 5), PartyTally(40, 2), PartyTally(40, 3)], caller=0, playing_order=[1, 2, 0]
    )
    assert result.passed and result.scores == (82, 40, 40)
