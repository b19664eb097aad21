# ruff: noqa: RUF005  (calls read best as "bidding + tricks")
"""Speedbock rules, section "Abrechnung": every contract of both rule sets, won and lost.

Every expected number below is worked by hand from the rule text and SPEC section 2:

* card points A 11, 10 10, Q 3, J 2 (104 in all); a side needs 53;
* base values: normal game and Wesele 1, Cicha 4, Gran 4, Zolo 5, Gran du 8, Zolo du 10,
  Baśka / Kop 20;
* "Normalspiel und Wesele: Hat der Verlierer höchstens 25 Augen, zählt es ×2; hat er
  keinen Stich, ×3" (and only there, SPEC 2);
* "Nur Baśka: Verlieren die Alten (bzw. Wesele-Spieler) oder ein Solospieler, zählt es ×2";
* "Bei zwei gegen zwei bekommt jeder Gewinner den Wert, jeder Verlierer zahlt ihn. Spielt
  einer allein, bekommt er den Wert von jedem der drei (also dreifach) – oder zahlt ihn jedem."

The dealer is seat 3 throughout, so seat 0 speaks first and leads the first trick. Each trick
is written ``(leader, "cards in play order")``; the comment gives its winner and points.
"""

from __future__ import annotations

from engine.cards import parse_cards
from tests.rules.baska_kop_helpers import (
    GAME,
    assert_settled,
    factors,
    new_deal,
    passes,
    play_deal,
    result,
    run,
    tricks,
)

# ---------------------------------------------------------------------------------------
# Baśka: normal game (the Old = holders of ♣Q and ♠Q)
# ---------------------------------------------------------------------------------------


def test_abrechnung_baska_normalspiel_won_plain_counts_once() -> None:
    # Old: seat 0 (♣Q) and seat 2 (♠Q); Young: seats 1 and 3.
    hands = ["AS QC AH TH", "JH QH JS AC", "TS QS TC JC", "QD JD AD TD"]
    state = play_deal(
        "baska",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "AS JH TS QD"),  # ♦Q trumps highest: seat 3, 11+2+10+3 = 26
            (3, "TD QC JS JC"),  # ♣Q: seat 0, 10+3+2+2 = 17
            (0, "AH QH QS JD"),  # ♥A: seat 0, 11+3+3+2 = 19
            (0, "TH AC TC AD"),  # ♥10: seat 0, 10+11+10+11 = 42
        ),
    )
    res = result(state)
    # Old 17+19+42 = 78, Young 26: won; 26 > 25, so no schneider. Value = 1.
    assert res.contract == "normal"
    assert res.declarers == frozenset({0, 2})
    assert res.winners == frozenset({0, 2})
    assert res.card_points == (78, 0, 0, 26)
    assert factors(res) == [("base", 1)]
    # 2 v 2: each winner gets 1, each loser pays 1.
    assert_settled(res, 1, (1, -1, 1, -1))


def test_abrechnung_baska_normalspiel_schneider_at_exactly_25_counts_double() -> None:
    hands = ["AS QC AH TH", "JH QH QD JS", "TS QS TC JC", "JD AD TD AC"]
    state = play_deal(
        "baska",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "AS JH TS JD"),  # ♥J: seat 1 (Young), 11+2+10+2 = 25
            (1, "JS JC TD AH"),  # ♥A: seat 0, 2+2+10+11 = 25
            (0, "TH QD QS AD"),  # ♥10: seat 0, 10+3+3+11 = 27
            (0, "QC QH TC AC"),  # ♣Q: seat 0, 3+3+10+11 = 27
        ),
    )
    res = result(state)
    # Old 25+27+27 = 79, Young 25 <= 25 with one trick: schneider. Value = 1 x 2 = 2.
    assert res.card_points == (79, 25, 0, 0)
    assert factors(res) == [("base", 1), ("schneider", 2)]
    assert_settled(res, 2, (2, -2, 2, -2))


def test_abrechnung_baska_normalspiel_schwarz_counts_three_times() -> None:
    hands = ["AH TH QC AC", "QS QH JC TC", "QD JS JH AS", "JD AD TD TS"]
    state = play_deal(
        "baska",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "AH QH JH JD"),  # seat 0, 11+3+2+2 = 18
            (0, "TH QS JS TD"),  # seat 0, 10+3+2+10 = 25
            (0, "QC JC QD AD"),  # seat 0, 3+2+3+11 = 19
            (0, "AC TC AS TS"),  # seat 0, 11+10+11+10 = 42
        ),
    )
    res = result(state)
    # Old (seats 0, 1) 104, Young no trick: schwarz. Value = 1 x 3 = 3.
    assert res.declarers == frozenset({0, 1})
    assert factors(res) == [("base", 1), ("schwarz", 3)]
    assert_settled(res, 3, (3, 3, -3, -3))


def test_abrechnung_baska_normalspiel_old_lose_counts_double() -> None:
    hands = ["QC AD JC QH", "QS JH QD TC", "TS AC JS AH", "TH AS TD JD"]
    state = play_deal(
        "baska",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "QC JH AH TD"),  # ♥A: seat 2, 3+2+11+10 = 26
            (2, "TS AS JC QD"),  # ♦Q over ♣J: seat 1, 10+11+2+3 = 26
            (1, "QS JS TH QH"),  # ♥10: seat 3, 3+2+10+3 = 18
            (3, "JD AD TC AC"),  # ♦J: seat 3, 2+11+10+11 = 34
        ),
    )
    res = result(state)
    # Old (0, 1): 26; Young: 26+18+34 = 78. Old lose, 26 > 25: no schneider.
    # Baśka: the Old lose, x2. Value = 1 x 2 = 2.
    assert res.winners == frozenset({2, 3})
    assert res.card_points == (0, 26, 26, 52)
    assert factors(res) == [("base", 1), ("baska_lost", 2)]
    assert_settled(res, 2, (-2, -2, 2, 2))


def test_abrechnung_baska_normalspiel_old_lose_schneider() -> None:
    hands = ["QC AC TC JD", "QS AS TS JH", "AH TH QH QD", "JC JS AD TD"]
    state = play_deal(
        "baska",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "AC JH QD TD"),  # ♦Q: seat 2, 11+2+3+10 = 26
            (2, "AH AD JD QS"),  # ♥A: seat 2, 11+11+2+3 = 27
            (2, "QH JS QC AS"),  # ♣Q: seat 0, 3+2+3+11 = 19
            (0, "TC TS TH JC"),  # ♥10: seat 2, 10+10+10+2 = 32
        ),
    )
    res = result(state)
    # Old 19 <= 25 (one trick): schneider x2; Baśka, the Old lose: x2. Value = 1 x 2 x 2 = 4.
    assert res.winners == frozenset({2, 3})
    assert res.card_points == (19, 0, 85, 0)
    assert factors(res) == [("base", 1), ("baska_lost", 2), ("schneider", 2)]
    assert_settled(res, 4, (-4, -4, 4, 4))


def test_abrechnung_baska_normalspiel_old_lose_schwarz() -> None:
    hands = ["QC JD AC TC", "QS JS AS TS", "AH TH QH JC", "QD JH AD TD"]
    state = play_deal(
        "baska",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "JD JS AH TD"),  # seat 2, 2+2+11+10 = 25
            (2, "TH AD QC QS"),  # seat 2, 10+11+3+3 = 27
            (2, "QH JH TC TS"),  # seat 2, 3+2+10+10 = 25
            (2, "JC QD AC AS"),  # ♦Q over ♣J: seat 3, 2+3+11+11 = 27
        ),
    )
    res = result(state)
    # Old no trick: schwarz x3; Baśka, Old lose: x2. Value = 1 x 3 x 2 = 6.
    assert res.winners == frozenset({2, 3})
    assert factors(res) == [("base", 1), ("baska_lost", 2), ("schwarz", 3)]
    assert_settled(res, 6, (-6, -6, 6, 6))


# ---------------------------------------------------------------------------------------
# Baśka: Cicha and Wesele
# ---------------------------------------------------------------------------------------

# Seat 0 holds both black queens; seat 2 holds ♥J (the highest jack seat 0 lacks).
CICHA_WON = ["QC QS JS JC", "AH AD AC TC", "QH QD TS JH", "TH JD TD AS"]
CICHA_WON_TRICKS = tricks(
    (0, "JC AH QH TH"),  # ♥A: seat 1, 2+11+3+10 = 26
    (1, "AD JH JD JS"),  # ♠J: seat 0, 11+2+2+2 = 17
    (0, "QC AC QD TD"),  # seat 0, 3+11+3+10 = 27
    (0, "QS TC TS AS"),  # seat 0, 3+10+10+11 = 34
)
# Seat 0 holds both black queens and no jack; seat 2 holds ♣J.
CICHA_LOST = ["QC QS TH TC", "QD JD AD JH", "QH JC AC TD", "JS AH TS AS"]
CICHA_LOST_TRICKS = tricks(
    (0, "TH JH TD AH"),  # ♥A: seat 3, 10+2+10+11 = 33
    (3, "AS QC QD JC"),  # seat 0, 11+3+3+2 = 19
    (0, "QS JD QH JS"),  # seat 0, 3+2+3+2 = 10
    (0, "TC AD AC TS"),  # ♦A trumps: seat 1, 10+11+11+10 = 42
)


def test_abrechnung_baska_cicha_won_soloist_gets_three_times() -> None:
    state = play_deal("baska", CICHA_WON, passes(0, 1, 2, 3) + CICHA_WON_TRICKS)
    res = result(state)
    # Seat 0 alone: 17+27+34 = 78 >= 53. Value = 4 (no schneider in Cicha).
    assert res.contract == "cicha"
    assert res.declarers == frozenset({0})
    assert res.card_points == (78, 26, 0, 0)
    # 1 v 3: soloist gets 3 x 4 = 12, each opponent pays 4.
    assert_settled(res, 4, (12, -4, -4, -4))


def test_abrechnung_baska_cicha_won_schwarz_has_no_schwarz_factor() -> None:
    hands = ["QC QS AH TH", "QH JC TD JH", "TS AD JS AS", "QD AC JD TC"]
    state = play_deal(
        "baska",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "AH JH JS QD"),  # seat 0, 11+2+2+3 = 18
            (0, "QS TD AD JD"),  # seat 0, 3+10+11+2 = 26
            (0, "QC JC AS TC"),  # seat 0, 3+2+11+10 = 26
            (0, "TH QH TS AC"),  # seat 0, 10+3+10+11 = 34
        ),
    )
    res = result(state)
    # 104 : 0, but schwarz counts only in the normal game and Wesele: value = 4.
    assert res.contract == "cicha"
    assert factors(res) == [("base", 4)]
    assert_settled(res, 4, (12, -4, -4, -4))


def test_abrechnung_baska_cicha_lost_counts_double() -> None:
    state = play_deal("baska", CICHA_LOST, passes(0, 1, 2, 3) + CICHA_LOST_TRICKS)
    res = result(state)
    # Seat 0: 19+10 = 29 < 53, lost. Baśka, a soloist loses: x2. Value = 4 x 2 = 8.
    assert res.contract == "cicha"
    assert res.winners == frozenset({1, 2, 3})
    assert factors(res) == [("base", 4), ("baska_lost", 2)]
    # Soloist pays 3 x 8 = 24, each opponent gets 8.
    assert_settled(res, 8, (-24, 8, 8, 8))


def test_abrechnung_baska_wesele_won_two_against_two() -> None:
    state = play_deal("baska", CICHA_WON, [(0, "wesele"), *passes(1, 2, 3), *CICHA_WON_TRICKS])
    res = result(state)
    # Partner: seat 0 holds ♣J and ♠J, so the ♥J holder, seat 2.
    # Wesele 78 (seat 0) + 0 (seat 2) = 78; the others 26 > 25. Value = 1.
    assert res.contract == "wesele"
    assert res.declarers == frozenset({0, 2})
    assert factors(res) == [("base", 1)]
    assert_settled(res, 1, (1, -1, 1, -1))


def test_abrechnung_baska_wesele_won_schwarz() -> None:
    hands = ["QC QS TH QH", "JD TD QD AS", "JC AH TS JH", "TC AC JS AD"]
    state = play_deal(
        "baska",
        hands,
        [(0, "wesele"), *passes(1, 2, 3)]
        + tricks(
            (0, "TH JD AH JS"),  # ♥A: seat 2 (partner), 10+2+11+2 = 25
            (2, "JH AD QS TD"),  # seat 0, 2+11+3+10 = 26
            (0, "QC QD JC TC"),  # seat 0, 3+3+2+10 = 18
            (0, "QH AS TS AC"),  # seat 0, 3+11+10+11 = 35
        ),
    )
    res = result(state)
    # Partner: seat 0 holds no jack, so the ♣J holder, seat 2. Seats 1 and 3 take no trick:
    # schwarz. Value = 1 x 3 = 3.
    assert res.declarers == frozenset({0, 2})
    assert factors(res) == [("base", 1), ("schwarz", 3)]
    assert_settled(res, 3, (3, -3, 3, -3))


def test_abrechnung_baska_wesele_lost_counts_double() -> None:
    state = play_deal("baska", CICHA_LOST, [(0, "wesele"), *passes(1, 2, 3), *CICHA_LOST_TRICKS])
    res = result(state)
    # Partner: seat 0 holds no jack, so the ♣J holder, seat 2 (took no trick).
    # Wesele 29 + 0 = 29 < 53: lost; 29 > 25, no schneider. Baśka, Wesele players lose: x2.
    # Value = 1 x 2 = 2.
    assert res.declarers == frozenset({0, 2})
    assert res.winners == frozenset({1, 3})
    assert factors(res) == [("base", 1), ("baska_lost", 2)]
    assert_settled(res, 2, (-2, 2, -2, 2))


# ---------------------------------------------------------------------------------------
# Baśka: Gran, Zolo, Gran du, Zolo du, Baśka
# ---------------------------------------------------------------------------------------


def test_abrechnung_baska_gran_won() -> None:
    hands = ["TH AH JS TS", "JH TD AS TC", "QD JD JC QH", "QC AC QS AD"]
    state = play_deal(
        "baska",
        hands,
        [(0, "gran"), *passes(1, 2, 3)]
        + tricks(
            (0, "TS AS JD QS"),  # ♦J trumps (only jacks are trump): seat 2, 10+11+2+3 = 26
            (2, "JC AD JS JH"),  # ♣J: seat 2, 2+11+2+2 = 17
            (2, "QH QC TH TC"),  # ♥10 over ♥Q: seat 0, 3+3+10+10 = 26
            (0, "AH TD QD AC"),  # ♥A: seat 0, 11+10+3+11 = 35
        ),
    )
    res = result(state)
    # Seat 0: 26+35 = 61 >= 53. Value = 4; soloist gets 3 x 4 = 12.
    assert res.contract == "gran"
    assert res.card_points == (61, 0, 43, 0)
    assert_settled(res, 4, (12, -4, -4, -4))


def test_abrechnung_baska_gran_lost_counts_double() -> None:
    hands = ["AD JC QC TC", "TD JH QD TH", "AC AH AS JD", "QH TS JS QS"]
    state = play_deal(
        "baska",
        hands,
        [(0, "gran"), *passes(1, 2, 3)]
        + tricks(
            (0, "JC JH JD JS"),  # seat 0, 2+2+2+2 = 8
            (0, "AD TD AH QS"),  # ♦A: seat 0, 11+10+11+3 = 35
            (0, "TC TH AC TS"),  # ♣A: seat 2, 10+10+11+10 = 41
            (2, "AS QH QC QD"),  # ♠A: seat 2, 11+3+3+3 = 20
        ),
    )
    res = result(state)
    # Seat 0: 8+35 = 43 < 53: lost. Baśka x2: value = 4 x 2 = 8; soloist pays 3 x 8 = 24.
    assert res.winners == frozenset({1, 2, 3})
    assert factors(res) == [("base", 4), ("baska_lost", 2)]
    assert_settled(res, 8, (-24, 8, 8, 8))


ZOLO_79 = ["TD QH QC AH", "AS AD JC QD", "TH JS TC AC", "JH TS QS JD"]
ZOLO_79_TRICKS = tricks(
    (0, "AH AD TH QS"),  # seat 0, 11+11+10+3 = 35
    (0, "QC JC JS JD"),  # seat 0, 3+2+2+2 = 9
    (0, "TD QD TC JH"),  # ♦Q over ♦10: seat 1, 10+3+10+2 = 25
    (1, "AS AC TS QH"),  # ♥Q trumps: seat 0, 11+11+10+3 = 35
)


def test_abrechnung_baska_zolo_won_opponents_at_25_no_schneider() -> None:
    state = play_deal("baska", ZOLO_79, [(0, "zolo"), *passes(1, 2, 3), *ZOLO_79_TRICKS])
    res = result(state)
    # Seat 0: 35+9+35 = 79; opponents 25. Schneider is for normal game and Wesele only.
    # Value = 5; soloist gets 3 x 5 = 15.
    assert res.contract == "zolo"
    assert res.card_points == (79, 25, 0, 0)
    assert factors(res) == [("base", 5)]
    assert_settled(res, 5, (15, -5, -5, -5))


def test_abrechnung_baska_zolo_lost_counts_double() -> None:
    hands = ["JH QH QS JC", "QC TC JD TH", "AD TS QD AC", "JS AH AS TD"]
    state = play_deal(
        "baska",
        hands,
        [(0, "zolo"), *passes(1, 2, 3)]
        + tricks(
            (0, "QS TH AD AH"),  # ♥A: seat 3, 3+10+11+11 = 35
            (3, "AS JC QC TS"),  # ♣Q: seat 1, 11+2+3+10 = 26
            (1, "TC AC TD QH"),  # ♥Q: seat 0, 10+11+10+3 = 34
            (0, "JH JD QD JS"),  # ♦Q: seat 2, 2+2+3+2 = 9
        ),
    )
    res = result(state)
    # Seat 0: 34 < 53. Baśka x2: value = 5 x 2 = 10; soloist pays 3 x 10 = 30.
    assert res.winners == frozenset({1, 2, 3})
    assert factors(res) == [("base", 5), ("baska_lost", 2)]
    assert_settled(res, 10, (-30, 10, 10, 10))


def test_abrechnung_baska_gran_du_won_all_tricks() -> None:
    hands = ["JC QS JS JH", "TD QC JD QH", "QD TH AS TC", "AC TS AH AD"]
    state = play_deal(
        "baska",
        hands,
        [(0, "gran_du"), *passes(1, 2, 3)]
        + tricks(
            (0, "JS JD AS AH"),  # seat 0, 2+2+11+11 = 26
            (0, "JH QC QD TS"),  # seat 0, 2+3+3+10 = 18
            (0, "JC TD TH AC"),  # seat 0, 2+10+10+11 = 33
            (0, "QS QH TC AD"),  # ♠Q, nobody follows or trumps: seat 0, 3+3+10+11 = 27
        ),
    )
    res = result(state)
    # All four tricks: won. No schwarz outside normal game / Wesele. Value = 8; 3 x 8 = 24.
    assert res.contract == "gran_du"
    assert factors(res) == [("base", 8)]
    assert_settled(res, 8, (24, -8, -8, -8))


def test_abrechnung_baska_gran_du_lost_one_trick_despite_78_points() -> None:
    hands = ["QS TC JC JS", "QC QD TS AC", "QH AH AS AD", "JD TH TD JH"]
    state = play_deal(
        "baska",
        hands,
        [(0, "gran_du"), *passes(1, 2, 3)]
        + tricks(
            (0, "QS TS AS JD"),  # ♦J trumps: seat 3, 3+10+11+2 = 26
            (3, "JH JS QD AD"),  # ♠J: seat 0, 2+2+3+11 = 18
            (0, "JC AC QH TH"),  # seat 0, 2+11+3+10 = 26
            (0, "TC QC AH TD"),  # ♣10 over ♣Q: seat 0, 10+3+11+10 = 34
        ),
    )
    res = result(state)
    # Seat 0 has 18+26+34 = 78 but lost a trick: Gran du is lost.
    # Baśka x2: value = 8 x 2 = 16; soloist pays 3 x 16 = 48.
    assert res.card_points == (78, 0, 0, 26)
    assert res.winners == frozenset({1, 2, 3})
    assert factors(res) == [("base", 8), ("baska_lost", 2)]
    assert_settled(res, 16, (-48, 16, 16, 16))


def test_abrechnung_baska_zolo_du_won_all_tricks() -> None:
    hands = ["TH QS QC AH", "TC JD AS AD", "TD AC QH TS", "JH JC QD JS"]
    state = play_deal(
        "baska",
        hands,
        [(0, "zolo_du"), *passes(1, 2, 3)]
        + tricks(
            (0, "TH JD TD JS"),  # seat 0, 10+2+10+2 = 24
            (0, "AH AD QH JC"),  # seat 0, 11+11+3+2 = 27
            (0, "QC AS TS JH"),  # seat 0, 3+11+10+2 = 26
            (0, "QS TC AC QD"),  # seat 0, 3+10+11+3 = 27
        ),
    )
    res = result(state)
    # Value = 10; soloist gets 3 x 10 = 30.
    assert res.contract == "zolo_du"
    assert factors(res) == [("base", 10)]
    assert_settled(res, 10, (30, -10, -10, -10))


def test_abrechnung_baska_zolo_du_lost_one_trick_despite_79_points() -> None:
    state = play_deal("baska", ZOLO_79, [(0, "zolo_du"), *passes(1, 2, 3), *ZOLO_79_TRICKS])
    res = result(state)
    # 79 points, but the third trick went to seat 1: lost. Baśka x2: value = 10 x 2 = 20;
    # soloist pays 3 x 20 = 60.
    assert res.winners == frozenset({1, 2, 3})
    assert factors(res) == [("base", 10), ("baska_lost", 2)]
    assert_settled(res, 20, (-60, 20, 20, 20))


def test_abrechnung_baska_contract_baska_won() -> None:
    hands = ["QC QS QH QD", "JS JC AH AC", "TC AD TS JH", "TD AS JD TH"]
    state = play_deal(
        "baska",
        hands,
        [(0, "baska"), *passes(1, 2, 3)]
        + tricks(
            (0, "QS AH AD JD"),  # ♥A: seat 1, 3+11+11+2 = 27
            (1, "JC JH TH QC"),  # ♥10: seat 3, 2+2+10+3 = 17
            (3, "AS QH JS TS"),  # ♥Q trumps: seat 0, 11+3+2+10 = 26
            (0, "QD AC TC TD"),  # ♦Q: seat 0, 3+11+10+10 = 34
        ),
    )
    res = result(state)
    # Seat 0: 26+34 = 60 >= 53. Value = 20; soloist gets 3 x 20 = 60.
    assert res.contract == "baska"
    assert res.card_points == (60, 27, 0, 17)
    assert_settled(res, 20, (60, -20, -20, -20))


def test_abrechnung_baska_contract_baska_lost_counts_double() -> None:
    hands = ["QC QS QH QD", "AC JH JC TS", "AH TC TD JD", "AD AS JS TH"]
    state = play_deal(
        "baska",
        hands,
        [(0, "baska"), *passes(1, 2, 3)]
        + tricks(
            (0, "QC JH AH AD"),  # ♥A: seat 2, 3+2+11+11 = 27
            (2, "JD JS QD JC"),  # ♦Q: seat 0, 2+2+3+2 = 9
            (0, "QS TS TD TH"),  # ♥10: seat 3, 3+10+10+10 = 33
            (3, "AS QH AC TC"),  # ♥Q trumps: seat 0, 11+3+11+10 = 35
        ),
    )
    res = result(state)
    # Seat 0: 9+35 = 44 < 53. Baśka x2: value = 20 x 2 = 40; soloist pays 3 x 40 = 120.
    assert res.winners == frozenset({1, 2, 3})
    assert factors(res) == [("base", 20), ("baska_lost", 2)]
    assert_settled(res, 40, (-120, 40, 40, 40))


# ---------------------------------------------------------------------------------------
# Kop: no x2 for a losing side
# ---------------------------------------------------------------------------------------


def test_abrechnung_kop_normalspiel_won_plain() -> None:
    hands = ["QC TS AC JH", "QS JS JD AH", "TC QD QH TH", "TD AD AS JC"]
    state = play_deal(
        "kop",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "AC AH QD JC"),  # ♥A: seat 1, 11+11+3+2 = 27
            (1, "JS TH TD TS"),  # ♠10 (a Kop trump) over ♥10: seat 0, 2+10+10+10 = 32
            (0, "QC QS TC AD"),  # ♣10 (a Kop trump) over ♣Q: seat 2, 3+3+10+11 = 27
            (2, "QH AS JH JD"),  # ♥Q: seat 2, 3+11+2+2 = 18
        ),
    )
    res = result(state)
    # Old (0, 1): 32+27 = 59 >= 53; Young 45. Value = 1.
    assert res.declarers == frozenset({0, 1})
    assert res.card_points == (32, 27, 45, 0)
    assert_settled(res, 1, (1, 1, -1, -1))


def test_abrechnung_kop_normalspiel_won_schneider() -> None:
    hands = ["QC JS JC AH", "QS AD AC TC", "QH QD TS JH", "TH JD TD AS"]
    state = play_deal(
        "kop",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "AH AD QH TH"),  # seat 0, 11+11+3+10 = 35
            (0, "QC TC QD JD"),  # ♣10 over ♣Q: seat 1, 3+10+3+2 = 18
            (1, "QS TS TD JS"),  # ♠10: seat 2, 3+10+10+2 = 25
            (2, "JH AS JC AC"),  # ♣J: seat 0, 2+11+2+11 = 26
        ),
    )
    res = result(state)
    # Old 35+18+26 = 79; Young 25 <= 25: schneider. Value = 1 x 2 = 2.
    assert factors(res) == [("base", 1), ("schneider", 2)]
    assert_settled(res, 2, (2, 2, -2, -2))


def test_abrechnung_kop_normalspiel_old_lose_no_doubling() -> None:
    hands = ["QC AC TD QD", "QS TS JH TH", "AD JS AS JC", "JD TC QH AH"]
    state = play_deal(
        "kop",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "AC QS JS TC"),  # ♣10 over ♠Q: seat 3, 11+3+2+10 = 26
            (3, "JD QD TS AD"),  # ♠10: seat 1, 2+3+10+11 = 26
            (1, "TH JC AH QC"),  # ♥A: seat 3, 10+2+11+3 = 26
            (3, "QH TD JH AS"),  # ♥Q: seat 3, 3+10+2+11 = 26
        ),
    )
    res = result(state)
    # Old 26 < 53: lost; 26 > 25 no schneider; Kop has no x2 for losing Old. Value = 1.
    assert res.winners == frozenset({2, 3})
    assert factors(res) == [("base", 1)]
    assert_settled(res, 1, (-1, -1, 1, 1))


def test_abrechnung_kop_normalspiel_old_lose_schneider_no_doubling() -> None:
    hands = ["QC JH AC TH", "QS JS TD AS", "QH AD JC JD", "QD AH TS TC"]
    state = play_deal(
        "kop",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "TH TD JC TS"),  # ♠10: seat 3, 10+10+2+10 = 32
            (3, "TC QC JS AD"),  # ♣10: seat 3, 10+3+2+11 = 26
            (3, "QD JH QS QH"),  # ♠Q: seat 1, 3+2+3+3 = 11
            (1, "AS JD AH AC"),  # ♥A: seat 3, 11+2+11+11 = 35
        ),
    )
    res = result(state)
    # Old 11 <= 25 with a trick: schneider x2; no x2 in Kop. Value = 1 x 2 = 2.
    assert factors(res) == [("base", 1), ("schneider", 2)]
    assert_settled(res, 2, (-2, -2, 2, 2))


def test_abrechnung_kop_normalspiel_old_lose_schwarz_no_doubling() -> None:
    hands = ["QC JS QD AS", "QS QH AD JH", "JD TH TC TS", "AH AC TD JC"]
    state = play_deal(
        "kop",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "JS QS TS AH"),  # ♥A: seat 3, 2+3+10+11 = 26
            (3, "TD QC QH TC"),  # ♣10: seat 2, 10+3+3+10 = 26
            (2, "TH JC QD JH"),  # seat 2, 10+2+3+2 = 17
            (2, "JD AC AS AD"),  # seat 2, 2+11+11+11 = 35
        ),
    )
    res = result(state)
    # Old no trick: schwarz x3; no x2 in Kop. Value = 1 x 3 = 3.
    assert factors(res) == [("base", 1), ("schwarz", 3)]
    assert_settled(res, 3, (-3, -3, 3, 3))


KOP_CICHA_LOST = ["QC QS QH TH", "JS QD TS TC", "JD JH AS AD", "JC AC AH TD"]
KOP_CICHA_LOST_TRICKS = tricks(
    (0, "TH TS AD AH"),  # ♥A: seat 3, 10+10+11+11 = 42
    (3, "TD QH TC JH"),  # ♣10: seat 1, 10+3+10+2 = 25
    (1, "QD JD JC QC"),  # ♣Q: seat 0, 3+2+2+3 = 10
    (0, "QS JS AS AC"),  # seat 0, 3+2+11+11 = 27
)


def test_abrechnung_kop_cicha_won() -> None:
    hands = ["QC QS JC AH", "QH TS QD JS", "JH TC TH AC", "TD AD JD AS"]
    state = play_deal(
        "kop",
        hands,
        passes(0, 1, 2, 3)
        + tricks(
            (0, "QS TS TC JD"),  # ♣10 over ♠10: seat 2, 3+10+10+2 = 25
            (2, "JH AD JC QH"),  # ♥Q: seat 1, 2+11+2+3 = 18
            (1, "QD TH TD AH"),  # ♥A: seat 0, 3+10+10+11 = 34
            (0, "QC JS AC AS"),  # seat 0, 3+2+11+11 = 27
        ),
    )
    res = result(state)
    # Seat 0 alone: 34+27 = 61 >= 53. Value = 4; soloist gets 3 x 4 = 12.
    assert res.contract == "cicha"
    assert_settled(res, 4, (12, -4, -4, -4))


def test_abrechnung_kop_cicha_lost_no_doubling() -> None:
    state = play_deal("kop", KOP_CICHA_LOST, passes(0, 1, 2, 3) + KOP_CICHA_LOST_TRICKS)
    res = result(state)
    # Seat 0: 10+27 = 37 < 53. Kop: no x2. Value = 4; soloist pays 3 x 4 = 12.
    assert res.contract == "cicha"
    assert factors(res) == [("base", 4)]
    assert_settled(res, 4, (-12, 4, 4, 4))


def test_abrechnung_kop_wesele_won_schneider() -> None:
    state = play_deal("kop", KOP_CICHA_LOST, [(0, "wesele"), *passes(1, 2, 3), *KOP_CICHA_LOST_TRICKS])
    res = result(state)
    # Partner: seat 0 holds no jack, so the ♣J holder, seat 3.
    # Wesele 37 + 42 = 79; seats 1 and 2: 25 <= 25, schneider. Value = 1 x 2 = 2.
    assert res.declarers == frozenset({0, 3})
    assert factors(res) == [("base", 1), ("schneider", 2)]
    assert_settled(res, 2, (2, -2, -2, 2))


def test_abrechnung_kop_wesele_lost_no_doubling() -> None:
    hands = ["QC QS QD AS", "QH TD AD JS", "JD TS TC JH", "TH JC AC AH"]
    state = play_deal(
        "kop",
        hands,
        [(0, "wesele"), *passes(1, 2, 3)]
        + tricks(
            (0, "QS JS TC AH"),  # ♥A: seat 3, 3+2+10+11 = 26
            (3, "TH QD TD TS"),  # ♠10: seat 2, 10+3+10+10 = 33
            (2, "JD JC QC AD"),  # ♣Q: seat 0, 2+2+3+11 = 18
            (0, "AS QH JH AC"),  # ♥Q trumps: seat 1, 11+3+2+11 = 27
        ),
    )
    res = result(state)
    # Partner: the ♣J holder, seat 3. Wesele 18 + 26 = 44 < 53: lost, no schneider, no x2.
    # Value = 1.
    assert res.declarers == frozenset({0, 3})
    assert res.winners == frozenset({1, 2})
    assert factors(res) == [("base", 1)]
    assert_settled(res, 1, (-1, 1, 1, -1))


KOP_ZOLO_72 = ["TH QS QC AH", "TC JD AS AD", "TD AC QH TS", "JH JC QD JS"]
KOP_ZOLO_72_TRICKS = tricks(
    (0, "TH TC TS JC"),  # ♣10 (Kop trump) beats ♥10: seat 1, 10+10+10+2 = 32
    (1, "AS QH QD QC"),  # ♣Q: seat 0, 11+3+3+3 = 20
    (0, "AH AD TD JH"),  # seat 0, 11+11+10+2 = 34
    (0, "QS JD AC JS"),  # seat 0, 3+2+11+2 = 18
)


def test_abrechnung_kop_zolo_won() -> None:
    state = play_deal("kop", KOP_ZOLO_72, [(0, "zolo"), *passes(1, 2, 3), *KOP_ZOLO_72_TRICKS])
    res = result(state)
    # Seat 0: 20+34+18 = 72 >= 53. Value = 5; soloist gets 3 x 5 = 15.
    assert res.contract == "zolo"
    assert res.card_points == (72, 32, 0, 0)
    assert_settled(res, 5, (15, -5, -5, -5))


def test_abrechnung_kop_zolo_lost_pays_three_times() -> None:
    hands = ["QH QC QS JD", "AC TC AH AD", "TS AS JH TD", "TH JS QD JC"]
    state = play_deal(
        "kop",
        hands,
        [(0, "zolo"), *passes(1, 2, 3)]
        + tricks(
            (0, "JD AH TS JS"),  # ♥A: seat 1, 2+11+10+2 = 25
            (1, "AC TD TH QS"),  # ♥10: seat 3, 11+10+10+3 = 34
            (3, "QD QH TC JH"),  # ♣10: seat 1, 3+3+10+2 = 18
            (1, "AD AS JC QC"),  # ♣Q: seat 0, 11+11+2+3 = 27
        ),
    )
    res = result(state)
    # Seat 0: 27 < 53 (and <= 25 would not matter: no schneider in Zolo). Kop: no x2.
    # Value = 5; soloist pays 3 x 5 = 15, each opponent gets 5.
    assert res.winners == frozenset({1, 2, 3})
    assert factors(res) == [("base", 5)]
    assert_settled(res, 5, (-15, 5, 5, 5))


def test_abrechnung_kop_zolo_lost_at_19_points_no_schneider() -> None:
    hands = ["QD TD AH AD", "JS JH JD JC", "QC QS AS TH", "TC AC TS QH"]
    state = play_deal(
        "kop",
        hands,
        [(0, "zolo"), *passes(1, 2, 3)]
        + tricks(
            (0, "AH JH QC QH"),  # seat 0, 11+2+3+3 = 19
            (0, "AD JC QS TS"),  # ♠10: seat 3, 11+2+3+10 = 26
            (3, "AC QD JS TH"),  # ♥10: seat 2, 11+3+2+10 = 26
            (2, "AS TC TD JD"),  # ♣10: seat 3, 11+10+10+2 = 33
        ),
    )
    res = result(state)
    # Seat 0: 19 <= 25, but schneider is for normal game and Wesele only. Value = 5.
    assert factors(res) == [("base", 5)]
    assert_settled(res, 5, (-15, 5, 5, 5))


def test_abrechnung_kop_zolo_du_won() -> None:
    hands = ["AH TC TS QS", "QD JD JC AD", "TD QH QC TH", "AC AS JH JS"]
    state = play_deal(
        "kop",
        hands,
        [(0, "zolo_du"), *passes(1, 2, 3)]
        + tricks(
            (0, "TC JC TH JH"),  # seat 0, 10+2+10+2 = 24
            (0, "TS JD QC JS"),  # seat 0, 10+2+3+2 = 17
            (0, "AH AD TD AS"),  # seat 0, 11+11+10+11 = 43
            (0, "QS QD QH AC"),  # ♠Q over ♥Q and ♦Q: seat 0, 3+3+3+11 = 20
        ),
    )
    res = result(state)
    # All four tricks. Value = 10; soloist gets 3 x 10 = 30.
    assert res.contract == "zolo_du"
    assert_settled(res, 10, (30, -10, -10, -10))


def test_abrechnung_kop_zolo_du_lost_no_doubling() -> None:
    state = play_deal("kop", KOP_ZOLO_72, [(0, "zolo_du"), *passes(1, 2, 3), *KOP_ZOLO_72_TRICKS])
    res = result(state)
    # 72 points but the first trick lost: lost. Kop: no x2. Value = 10; pays 3 x 10 = 30.
    assert res.winners == frozenset({1, 2, 3})
    assert factors(res) == [("base", 10)]
    assert_settled(res, 10, (-30, 10, 10, 10))


KOP_HANDS = ["AH TC TS TH", "QC QS QH QD", "JC JS JH JD", "AC AS AD TD"]


def test_abrechnung_kop_contract_scored_at_once_without_play() -> None:
    state = play_deal("kop", KOP_HANDS, [(0, "kop")])
    # Kop cannot lose: laid down, no trick is played.
    assert GAME.phase_of(state) == "finished"
    assert GAME.completed_tricks(state) == ()
    res = result(state)
    assert res.contract == "kop"
    assert res.declarers == frozenset({0})
    assert res.winners == frozenset({0})
    # Value = 20; the declarer gets 3 x 20 = 60, each other seat pays 20.
    assert_settled(res, 20, (60, -20, -20, -20))


def test_abrechnung_kop_contract_over_zolo_clears_the_double() -> None:
    hands = ["QC QS QH QD", "JC JS JH JD", "AH TC TS TH", "AC AS AD TD"]
    state = play_deal("kop", hands, [(0, "zolo"), (1, "double"), (2, "kop")])
    assert GAME.phase_of(state) == "finished"
    res = result(state)
    # The Kontra on seat 0's Zolo was cleared by the Kop: it shows struck and does not count.
    cleared = [step for step in res.steps if step.kind == "double"]
    assert len(cleared) == 1 and cleared[0].struck and cleared[0].note
    # Value = 20 (no double); seat 2 gets 3 x 20 = 60.
    assert_settled(res, 20, (-20, -20, 60, -20))


def test_abrechnung_base_value_table_overridable_per_table() -> None:
    # SPEC 2: the base values are a table in the rule set, overridable per table.
    state = play_deal(
        "kop", KOP_ZOLO_72, [(0, "zolo"), *passes(1, 2, 3), *KOP_ZOLO_72_TRICKS], options={"value_zolo": "6"}
    )
    # Zolo won with a base value of 6: soloist gets 3 x 6 = 18.
    assert_settled(result(state), 6, (18, -6, -6, -6))


def test_abrechnung_names_who_played_against_whom() -> None:
    state = play_deal("kop", KOP_ZOLO_72, [(0, "zolo"), *passes(1, 2, 3), *KOP_ZOLO_72_TRICKS])
    assert result(state).summary.startswith(
        "Zolo: seat 0 alone won against seat 1 and seat 2 and seat 3 with "
    )
    laid_down = run(
        new_deal("kop", ["AH TC TS TH", "QC QS QH QD", "JC JS JH JD", "AC AS AD TD"]), [(0, "kop")]
    )
    assert result(laid_down).summary == "Kop: seat 0 alone laid down and won; value 20 points"


def test_abrechnung_shows_who_had_which_cards() -> None:
    state = play_deal("kop", KOP_ZOLO_72, [(0, "zolo"), *passes(1, 2, 3), *KOP_ZOLO_72_TRICKS])
    assert result(state).hands == tuple(parse_cards(hand) for hand in KOP_ZOLO_72)


def test_abrechnung_kop_laid_down_shows_all_104_points_to_its_holder() -> None:
    state = run(new_deal("kop", ["AH TC TS TH", "QC QS QH QD", "JC JS JH JD", "AC AS AD TD"]), [(0, "kop")])
    for viewer in (None, 0, 1):
        assert GAME.view(state, viewer).card_points == (104, 0, 0, 0)
