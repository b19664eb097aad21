# ruff: noqa: RUF005  (calls read best as "bidding + tricks")
"""Speedbock rules, sections "Partie und Bestenliste", "Ratsstube" (the statistics) and
the setting "Augen mitzählen" (running card points).

"In die Bestenliste kommen nur deine Pluspunkte aus gewonnenen Spielen, dazu ein
Platzbonus von 30, 15 bzw. 5 Punkten. Wer eine Partie mit anderen Menschen vorzeitig
verlässt, bekommt −10." The Ratsstube counts "gewonnene Cicha, Zolo du bzw. Gran du und
gewonnene Doppel"; a won double is a seat's own double that counts, in a deal its party won.
The deals are the hand-worked ones of the Abrechnung and Doppeln tests.
"""

from __future__ import annotations

from tests.rules.baska_kop_helpers import GAME, new_deal, passes, play_deal, result, run, tricks
from tests.rules.test_baska_kop_abrechnung import CICHA_LOST, CICHA_LOST_TRICKS, CICHA_WON, CICHA_WON_TRICKS
from tests.rules.test_baska_kop_doppeln import BASKA_NORMAL, BASKA_NORMAL_TRICKS

KOP_DEFAULTS = GAME.parse_options("kop", {})
BASKA_DEFAULTS = GAME.parse_options("baska", {})


def test_bestenliste_declares_place_bonus_30_15_5_and_minus_10_for_leaving() -> None:
    ranking = GAME.game_type.ranking
    assert ranking.place_bonus == (30, 15, 5)
    assert ranking.leave_penalty == 10
    assert "plus points" in ranking.rule


def test_bestenliste_only_plus_points_of_won_deals_count() -> None:
    # Normal game, Old (0, 2) win 78 : 26 with Kontra (1), Re (2), Bock (3): value 8.
    state = play_deal(
        "baska",
        BASKA_NORMAL,
        [(0, "pass"), (1, "double"), (2, "double"), (3, "double"), *passes(0, 1, 2), *BASKA_NORMAL_TRICKS],
    )
    res = result(state)
    assert res.scores == (8, -8, 8, -8)
    assert GAME.deal_standings(BASKA_DEFAULTS, res) == (8, 0, 8, 0)


def test_bestenliste_soloist_counts_what_all_three_paid() -> None:
    res = result(play_deal("baska", CICHA_WON, passes(0, 1, 2, 3) + CICHA_WON_TRICKS))
    assert res.scores == (12, -4, -4, -4)
    assert GAME.deal_standings(BASKA_DEFAULTS, res) == (12, 0, 0, 0)


def test_bestenliste_lost_solo_gives_the_three_winners_their_plus_points() -> None:
    res = result(play_deal("baska", CICHA_LOST, passes(0, 1, 2, 3) + CICHA_LOST_TRICKS))
    assert res.winners == frozenset({1, 2, 3})
    assert GAME.deal_standings(BASKA_DEFAULTS, res) == tuple(max(score, 0) for score in res.scores)
    assert GAME.deal_standings(BASKA_DEFAULTS, res)[0] == 0


def test_bestenliste_places_share_on_equal_totals_and_skip_the_next() -> None:
    assert GAME.match_places(KOP_DEFAULTS, (12, -4, 3, -11)) == (1, 3, 2, 4)
    assert GAME.match_places(KOP_DEFAULTS, (5, 5, -5, -5)) == (1, 1, 3, 3)
    assert GAME.match_places(KOP_DEFAULTS, (0, 0, 0, 0)) == (1, 1, 1, 1)


def test_ratsstube_won_cicha_counts_for_the_soloist_only() -> None:
    res = result(play_deal("baska", CICHA_WON, passes(0, 1, 2, 3) + CICHA_WON_TRICKS))
    assert res.tallies == (("won_cicha",), (), (), ())


def test_ratsstube_lost_cicha_counts_nothing() -> None:
    res = result(play_deal("baska", CICHA_LOST, passes(0, 1, 2, 3) + CICHA_LOST_TRICKS))
    assert res.tallies == ((), (), (), ())


def test_ratsstube_won_gran_du_counts() -> None:
    hands = ["JC QS JS JH", "TD QC JD QH", "QD TH AS TC", "AC TS AH AD"]
    calls = [(0, "gran_du"), *passes(1, 2, 3)] + tricks(
        (0, "JS JD AS AH"), (0, "JH QC QD TS"), (0, "JC TD TH AC"), (0, "QS QH TC AD")
    )
    res = result(play_deal("baska", hands, calls))
    assert res.contract == "gran_du"
    assert res.tallies == (("won_zolo_du_gran_du",), (), (), ())


def test_ratsstube_won_doubles_are_own_counting_doubles_of_the_winning_party() -> None:
    # Kontra (Young 1), Re (Old 2), Bock (Young 3) all count; the Old win: only seat 2's Re
    # is a won double.
    state = play_deal(
        "baska",
        BASKA_NORMAL,
        [(0, "pass"), (1, "double"), (2, "double"), (3, "double"), *passes(0, 1, 2), *BASKA_NORMAL_TRICKS],
    )
    assert result(state).tallies == ((), (), ("won_doubles",), ())


def test_ratsstube_struck_double_is_no_won_double() -> None:
    # Seat 0 (♣Q) says Kontra, seat 2 (♠Q) Re: both Old, the Re is struck; the Old win.
    state = play_deal(
        "baska",
        BASKA_NORMAL,
        [(0, "double"), (1, "pass"), (2, "double"), *passes(3, 0, 1), *BASKA_NORMAL_TRICKS],
    )
    assert result(state).tallies == (("won_doubles",), (), (), ())


def test_ratsstube_declares_its_counters_in_order() -> None:
    assert [statistic.id for statistic in GAME.game_type.statistics] == [
        "won_cicha",
        "won_zolo_du_gran_du",
        "won_doubles",
    ]


# ---------------------------------------------------------------------------------------
# "Augen mitzählen": running card points per party, as the viewer knows the parties
# ---------------------------------------------------------------------------------------


def test_augen_mitzaehlen_parties_as_each_viewer_knows_them() -> None:
    # Baśka normal game: Old = seats 0 (♣Q) and 2 (♠Q). After the first trick (seat 3
    # takes 26) no black queen has fallen.
    state = run(new_deal("baska", BASKA_NORMAL), passes(0, 1, 2, 3) + BASKA_NORMAL_TRICKS[:4])
    parties = {party.label: (party.seats, party.card_points) for party in GAME.view(state, 0).parties}
    # Seat 0 knows only himself as Old; the others he cannot place yet.
    assert parties == {"the Old": (frozenset({0}), 0), "not known yet": (frozenset({1, 2, 3}), 26)}
    spectator = {party.label: party.seats for party in GAME.view(state, None).parties}
    assert spectator == {"not known yet": frozenset({0, 1, 2, 3})}


def test_augen_mitzaehlen_sums_each_known_party_at_the_end() -> None:
    state = play_deal("baska", BASKA_NORMAL, passes(0, 1, 2, 3) + BASKA_NORMAL_TRICKS)
    parties = {party.label: (party.seats, party.card_points) for party in GAME.view(state, None).parties}
    assert parties == {"the Old": (frozenset({0, 2}), 78), "the Young": (frozenset({1, 3}), 26)}


def test_augen_mitzaehlen_a_soloist_against_three() -> None:
    state = play_deal("baska", CICHA_WON, passes(0, 1, 2, 3) + CICHA_WON_TRICKS)
    parties = {party.label: (party.seats, party.card_points) for party in GAME.view(state, 1).parties}
    assert parties == {
        "the soloist": (frozenset({0}), 78),
        "the three against him": (frozenset({1, 2, 3}), 26),
    }
