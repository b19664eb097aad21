# ruff: noqa: RUF005  (calls read best as "bidding + tricks")
"""Wesele partner (a product decision on the Speedbock rules): "his partner is the holder of
the highest jack that is not in his own hand; the partner is not named and becomes known
when that jack falls."

Speedbock rules: badges at the seats, "P = Partner". Jacks rank ♣J > ♠J > ♥J > ♦J.
"""

from __future__ import annotations

from engine.baska_kop.blocks import PartnerRevealed
from engine.cards import Card
from engine.game import PUBLIC, Badge, GameNotice
from tests.rules.baska_kop_helpers import GAME, action, assert_settled, passes, play_deal, result, run, tricks


def test_wesele_partner_declarer_without_jack_gets_club_jack_holder() -> None:
    # Seat 0 holds no jack; ♣J is with seat 2 (♦J seat 1, ♠J seat 3, ♥J seat 1).
    hands = ["QC QS TH TC", "QD JD AD JH", "QH JC AC TD", "JS AH TS AS"]
    state = play_deal(
        "baska",
        hands,
        [(0, "wesele"), *passes(1, 2, 3)]
        + tricks((0, "TH JH TD AH"), (3, "AS QC QD JC"), (0, "QS JD QH JS"), (0, "TC AD AC TS")),
    )
    assert result(state).declarers == frozenset({0, 2})
    # The settlement names the pair and the other two.
    assert result(state).summary == (
        "Wesele: the Wesele pair (seat 0 and seat 2) lost against the other two (seat 1 and seat 3) "
        "with 29 to 75 points; value 2 points"
    )


def test_wesele_partner_declarer_with_club_jack_gets_spade_jack_holder() -> None:
    # Seat 0 holds ♣J; ♠J is with seat 1, ♥J with seat 2, ♦J with seat 3.
    hands = ["QC QS JC QD", "JS AC AH QH", "JH TD AS TS", "JD AD TC TH"]
    state = play_deal(
        "baska",
        hands,
        [(0, "wesele"), *passes(1, 2, 3)]
        + tricks(
            (0, "QD QH TD TH"),  # ♥10: seat 3, 3+3+10+10 = 26
            (3, "AD QC AH JH"),  # ♥A: seat 1, 11+3+11+2 = 27
            (1, "AC AS TC JC"),  # ♣J trumps: seat 0, 11+11+10+2 = 34
            (0, "QS JS TS JD"),  # seat 0, 3+2+10+2 = 17
        ),
    )
    res = result(state)
    assert res.declarers == frozenset({0, 1})
    # Wesele 51 + 27 = 78 : 26, value 1, two against two.
    assert_settled(res, 1, (1, 1, -1, -1))


def test_wesele_partner_declarer_with_club_and_spade_jacks_gets_heart_jack_holder() -> None:
    # Kop. Seat 0 holds ♣J and ♠J; ♥J is with seat 2, ♦J with seat 1.
    hands = ["QC QS JC JS", "JD QH AS AC", "JH TD TS TH", "AD AH QD TC"]
    state = play_deal(
        "kop",
        hands,
        [(0, "wesele"), *passes(1, 2, 3)]
        + tricks(
            (0, "JS QH TH AH"),  # ♥A: seat 3, 2+3+10+11 = 26
            (3, "AD QS JD TS"),  # ♠10: seat 2, 11+3+2+10 = 26
            (2, "JH QD QC AC"),  # ♣Q: seat 0, 2+3+3+11 = 19
            (0, "JC AS TD TC"),  # ♣10: seat 3, 2+11+10+10 = 33
        ),
    )
    res = result(state)
    assert res.declarers == frozenset({0, 2})
    # Wesele 19 + 26 = 45 < 53: lost; Kop has no x2: value 1.
    assert_settled(res, 1, (-1, 1, -1, 1))


def test_wesele_partner_badge_appears_when_the_partner_jack_falls() -> None:
    # Kop. Seat 0 holds no jack: the partner is the ♣J holder, seat 3.
    hands = ["QC QS QH TH", "JS QD TS TC", "JD JH AS AD", "JC AC AH TD"]
    state = run(
        play_deal("kop", hands, [(0, "wesele"), *passes(1, 2, 3)]),
        tricks((0, "TH TS AD AH"), (3, "TD QH TC JH")) + [(1, "QD"), (2, "JD")],
    )
    for viewer in (1, 2, None):
        badges = GAME.view(state, viewer).badges
        assert not any(Badge.PARTNER in seat_badges for seat_badges in badges), viewer
    run(state, [(3, "JC")])  # the partner jack falls
    for viewer in (1, 2, None):
        badges = GAME.view(state, viewer).badges
        assert Badge.PARTNER in badges[3], viewer
        assert [Badge.PARTNER in seat_badges for seat_badges in badges] == [False, False, False, True]


def test_the_partner_jack_falling_is_reported_to_everyone_once() -> None:
    # Kop. Seat 0 holds no jack: the partner is the ♣J holder, seat 3.
    hands = ["QC QS QH TH", "JS QD TS TC", "JD JH AS AD", "JC AC AH TD"]
    state = play_deal("kop", hands, [(0, "wesele"), *passes(1, 2, 3)])
    notices = []
    for seat, card in tricks((0, "TH TS AD AH"), (3, "TD QH TC JH"), (1, "QD JD JC QC")):
        GAME.check(state, seat, action(card))
        events = GAME.apply(state, seat, action(card))
        notices += [event for event in events if isinstance(event, GameNotice)]
    jack = Card.parse("JC")
    assert notices == [GameNotice(PartnerRevealed(3, jack), PUBLIC)]
