# ruff: noqa: RUF005  (calls read best as "bidding + tricks")
"""Speedbock rules, "Abrechnung", the tie rule:

"52 : 52: Es verliert die Partei, die zuletzt gültig gedoppelt hat – gemeint ist das letzte
Doppel, das in der Abrechnung wirklich zählt (nicht durchgestrichen). Ohne Doppel verlieren
die Alten bzw. der Solospieler."

The product's decisions add the Wesele players to the side that loses a tie without a double. Numbers are
worked by hand; dealer is seat 3, seat 0 speaks first and leads.
"""

from __future__ import annotations

from tests.rules.baska_kop_helpers import assert_settled, factors, passes, play_deal, result, tricks

# Baśka normal game, Old = seat 0 (♣Q) and seat 1 (♠Q), ends 52 : 52.
BASKA_TIE = ["QC JH JD JC", "QS AC TH AD", "QD TD JS QH", "TC AH AS TS"]
BASKA_TIE_TRICKS = tricks(
    (0, "JD TH QH AH"),  # ♥A: seat 3, 2+10+3+11 = 26
    (3, "AS QC QS TD"),  # ♣Q trumps: seat 0, 11+3+3+10 = 27
    (0, "JH AD QD TS"),  # ♦Q: seat 2, 2+11+3+10 = 26
    (2, "JS TC JC AC"),  # ♣J: seat 0, 2+10+2+11 = 25
)
# Old 27 + 25 = 52, Young 26 + 26 = 52.


def test_abrechnung_52_52_normalspiel_without_double_old_lose() -> None:
    state = play_deal("baska", BASKA_TIE, passes(0, 1, 2, 3) + BASKA_TIE_TRICKS)
    res = result(state)
    assert res.card_points == (52, 0, 26, 26)
    assert res.winners == frozenset({2, 3})
    # No double: the Old lose. Baśka x2 for losing Old: 1 x 2 = 2.
    assert factors(res) == [("base", 1), ("baska_lost", 2), ("tie", 1)]
    assert_settled(res, 2, (-2, -2, 2, 2))


def test_abrechnung_52_52_young_kontra_young_lose() -> None:
    # Seat 2 (Young) gives the only double.
    state = play_deal("baska", BASKA_TIE, [*passes(0, 1), (2, "double"), *passes(3, 0, 1), *BASKA_TIE_TRICKS])
    res = result(state)
    assert res.winners == frozenset({0, 1})
    # Old win: 1 x 2 (Kontra) = 2, no Baśka x2 because the Old won.
    assert_settled(res, 2, (2, 2, -2, -2))


def test_abrechnung_52_52_old_kontra_old_lose() -> None:
    # Seat 0 (Old, only ♣Q) gives the only double.
    state = play_deal("baska", BASKA_TIE, [(0, "double"), *passes(1, 2, 3), *BASKA_TIE_TRICKS])
    res = result(state)
    assert res.winners == frozenset({2, 3})
    # 1 x 2 (Kontra) x 2 (Baśka, the Old lose) = 4.
    assert_settled(res, 4, (-4, -4, 4, 4))


def test_abrechnung_52_52_same_party_re_struck_kontra_decides() -> None:
    # Kontra Young 2, Re Young 3 (struck): the last double that counts is the Kontra.
    state = play_deal(
        "baska",
        BASKA_TIE,
        [*passes(0, 1), (2, "double"), (3, "double"), *passes(0, 1, 2), *BASKA_TIE_TRICKS],
    )
    res = result(state)
    assert [s.struck for s in res.steps if s.kind == "double"] == [False, True]
    assert res.winners == frozenset({0, 1})
    # Old win: 1 x 2 = 2.
    assert_settled(res, 2, (2, 2, -2, -2))
    # The settlement says whose double decided it, and who was Old and Young.
    (tie,) = [step.label for step in res.steps if step.kind == "tie"]
    assert tie == "52:52: the last double that counts is the Kontra of seat 2, so that party loses"
    assert res.summary == (
        "Normal game: the Old (seat 0 and seat 1) won against the Young (seat 2 and seat 3) "
        "with 52 to 52 points; value 2 points"
    )


def test_abrechnung_52_52_last_counting_double_old_re_after_struck_bock() -> None:
    # Kontra Young 2, Re Old 0, Bock Old 1 (same party as the Re: struck).
    state = play_deal(
        "baska",
        BASKA_TIE,
        [*passes(0, 1), (2, "double"), (3, "pass"), (0, "double"), (1, "double"), *passes(2, 3, 0)]
        + BASKA_TIE_TRICKS,
    )
    res = result(state)
    assert [s.struck for s in res.steps if s.kind == "double"] == [False, False, True]
    # The last counting double is the Old's Re: the Old lose.
    # 1 x 2 (Kontra) x 2 (Re) x 2 (Baśka, Old lose) = 8.
    assert res.winners == frozenset({2, 3})
    assert_settled(res, 8, (-8, -8, 8, 8))


# Baśka Zolo by seat 0 ends 52 : 52.
BASKA_ZOLO_TIE = ["QS JH AD QC", "JD QH QD TC", "TH JC AH AC", "TD JS TS AS"]
BASKA_ZOLO_TIE_TRICKS = tricks(
    (0, "QS JD TH JS"),  # ♥10: seat 2, 3+2+10+2 = 17
    (2, "AC TD JH TC"),  # ♥J over ♦10: seat 0, 11+10+2+10 = 33
    (0, "AD QD AH TS"),  # ♥A: seat 2, 11+3+11+10 = 35
    (2, "JC AS QC QH"),  # ♣Q: seat 0, 2+11+3+3 = 19
)
# Seat 0: 33 + 19 = 52; defenders 17 + 35 = 52.


def test_abrechnung_52_52_zolo_without_double_soloist_loses() -> None:
    state = play_deal("baska", BASKA_ZOLO_TIE, [(0, "zolo"), *passes(1, 2, 3), *BASKA_ZOLO_TIE_TRICKS])
    res = result(state)
    assert res.card_points == (52, 0, 52, 0)
    # The soloist loses: 5 x 2 (Baśka) = 10; he pays 3 x 10 = 30.
    assert_settled(res, 10, (-30, 10, 10, 10))


def test_abrechnung_52_52_zolo_defender_kontra_defenders_lose() -> None:
    state = play_deal(
        "baska", BASKA_ZOLO_TIE, [(0, "zolo"), (1, "double"), *passes(2, 3, 0), *BASKA_ZOLO_TIE_TRICKS]
    )
    res = result(state)
    assert res.winners == frozenset({0})
    # 5 x 2 (Kontra) = 10; the soloist gets 3 x 10 = 30.
    assert_settled(res, 10, (30, -10, -10, -10))


def test_abrechnung_52_52_zolo_declarer_re_declarer_loses() -> None:
    state = play_deal(
        "baska",
        BASKA_ZOLO_TIE,
        [(0, "zolo"), (1, "double"), *passes(2, 3), (0, "double"), *passes(1, 2, 3), *BASKA_ZOLO_TIE_TRICKS],
    )
    res = result(state)
    assert res.winners == frozenset({1, 2, 3})
    # 5 x 2 (Kontra) x 2 (Re) x 2 (Baśka, soloist loses) = 40; he pays 3 x 40 = 120.
    assert_settled(res, 40, (-120, 40, 40, 40))


def test_abrechnung_52_52_wesele_without_double_wesele_players_lose() -> None:
    # Seat 0 holds ♣J, so his partner is the ♠J holder, seat 2.
    hands = ["QC QS AS JC", "QD TS TC AC", "TD JS JD QH", "AD JH TH AH"]
    state = play_deal(
        "baska",
        hands,
        [(0, "wesele"), *passes(1, 2, 3)]
        + tricks(
            (0, "JC QD QH AH"),  # ♥A: seat 3, 2+3+3+11 = 19
            (3, "AD QS TS JD"),  # ♠Q: seat 0, 11+3+10+2 = 26
            (0, "QC TC TD TH"),  # ♥10: seat 3, 3+10+10+10 = 33
            (3, "JH AS AC JS"),  # ♠J: seat 2, 2+11+11+2 = 26
        ),
    )
    res = result(state)
    # Wesele 26 + 26 = 52 : 52, no double: the Wesele players lose; Baśka x2: value 2.
    assert res.declarers == frozenset({0, 2})
    assert res.winners == frozenset({1, 3})
    assert_settled(res, 2, (-2, 2, -2, 2))


# Kop normal game, Old = seats 0 and 1, ends 52 : 52.
KOP_TIE = ["QC AD QH TH", "QS JD JS TD", "JH AC AH JC", "QD TS TC AS"]
KOP_TIE_TRICKS = tricks(
    (0, "QH QS AH TC"),  # ♥A: seat 2, 3+3+11+10 = 27
    (2, "JH TS AD JD"),  # ♠10: seat 3, 2+10+11+2 = 25
    (3, "QD TH JS JC"),  # ♥10: seat 0, 3+10+2+2 = 17
    (0, "QC TD AC AS"),  # seat 0, 3+10+11+11 = 35
)


def test_abrechnung_52_52_kop_normalspiel_old_lose_no_doubling() -> None:
    state = play_deal("kop", KOP_TIE, passes(0, 1, 2, 3) + KOP_TIE_TRICKS)
    res = result(state)
    assert res.card_points == (52, 0, 27, 25)
    # The Old lose; Kop has no x2: value 1.
    assert res.winners == frozenset({2, 3})
    assert_settled(res, 1, (-1, -1, 1, 1))


# Kop Cicha by seat 0 ends 52 : 52.
KOP_CICHA_TIE = ["QC QS AH AD", "JD QH JH JC", "AS TD JS TS", "TC QD AC TH"]
KOP_CICHA_TIE_TRICKS = tricks(
    (0, "QS QH TS TC"),  # ♣10: seat 3, 3+3+10+10 = 26
    (3, "AC AD JH JS"),  # ♠J: seat 2, 11+11+2+2 = 26
    (2, "AS QD QC JD"),  # ♣Q: seat 0, 11+3+3+2 = 19
    (0, "AH JC TD TH"),  # ♥A: seat 0, 11+2+10+10 = 33
)


def test_abrechnung_52_52_kop_cicha_without_double_soloist_loses() -> None:
    state = play_deal("kop", KOP_CICHA_TIE, passes(0, 1, 2, 3) + KOP_CICHA_TIE_TRICKS)
    res = result(state)
    assert res.contract == "cicha"
    assert res.card_points == (52, 0, 26, 26)
    # Soloist loses; Kop no x2: 4; he pays 3 x 4 = 12.
    assert_settled(res, 4, (-12, 4, 4, 4))


def test_abrechnung_52_52_kop_liga_cicha_capped_bock_does_not_decide() -> None:
    # Liga-Werte: a Cicha may be doubled only up to Rej. Kontra Young 1, Rej Cicha 0, Bock
    # Young 1 (said under the normal game's cap, struck for the Cicha). The last double that
    # really counts is the Rej of seat 0, so the Cicha loses the tie.
    state = play_deal(
        "kop",
        KOP_CICHA_TIE,
        [(0, "pass"), (1, "double"), *passes(2, 3), (0, "double"), (1, "double"), *passes(2, 3, 0)]
        + KOP_CICHA_TIE_TRICKS,
        options={"liga_values": "true"},
    )
    res = result(state)
    assert [(s.label, s.struck) for s in res.steps if s.kind == "double"] == [
        ("Kontra by seat 1", False),
        ("Rej by seat 0", False),
        ("Bock by seat 1", True),
    ]
    assert res.winners == frozenset({1, 2, 3})
    # 4 x 2 x 2 = 16 (no x2 in Kop); the soloist pays 3 x 16 = 48.
    assert_settled(res, 16, (-48, 16, 16, 16))


def test_abrechnung_52_52_kop_cicha_capped_slup_does_not_decide() -> None:
    # Standard Kop: Cicha up to Bock. Kontra Young 1, Rej Cicha 0, Bock Young 1, Słup Cicha 0
    # (struck). The last double that counts is the Young Bock: the Young lose.
    state = play_deal(
        "kop",
        KOP_CICHA_TIE,
        [
            (0, "pass"),
            (1, "double"),
            *passes(2, 3),
            (0, "double"),
            (1, "double"),
            *passes(2, 3),
            (0, "double"),
            *passes(1, 2, 3),
            *KOP_CICHA_TIE_TRICKS,
        ],
    )
    res = result(state)
    assert [s.struck for s in res.steps if s.kind == "double"] == [False, False, False, True]
    assert res.winners == frozenset({0})
    # 4 x 2 x 2 x 2 = 32; the soloist gets 3 x 32 = 96.
    assert_settled(res, 32, (96, -32, -32, -32))


def test_abrechnung_52_52_cleared_double_does_not_count() -> None:
    # Seat 1's Kontra on the normal game is cleared by seat 0's Zolo: no double counts, so
    # the soloist loses the tie.
    state = play_deal(
        "baska",
        BASKA_ZOLO_TIE,
        [(0, "pass"), (1, "double"), *passes(2, 3), (0, "zolo"), *passes(1, 2, 3), *BASKA_ZOLO_TIE_TRICKS],
    )
    res = result(state)
    assert [s.struck for s in res.steps if s.kind == "double"] == [True]
    assert res.winners == frozenset({1, 2, 3})
    # 5 x 2 (Baśka, soloist loses) = 10; he pays 3 x 10 = 30.
    assert_settled(res, 10, (-30, 10, 10, 10))
