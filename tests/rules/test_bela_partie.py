"""Speedbela through the engine's Game and Match: the Partie to its target, Belot, dealing
again, what each seat sees, and the refusals a client gets (seed 002, SPEC §2).

"Gespielt wird bis 1001 Punkte (Regel: 501 oder 701). Wer am Ende die meisten Punkte hat,
gewinnt; zu viert gewinnt das Paar."
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.actions import Announce, Continue, Pass, PlayCard, parse_action
from engine.bela.blocks import BelaView, Declare, MeldsShown, TalonTaken
from engine.bela.constants import PACK, Options
from engine.bela.deal import DeclareKind, Phase
from engine.bela.rules import Bela
from engine.cards import Card, Suit, parse_cards
from engine.errors import IllegalActionError, InvalidActionError, InvalidOptionsError
from engine.game import PUBLIC, GameNotice, MatchProgress, seats_only
from engine.match import DealSettled, Match, MatchFinished, MatchPhase
from engine.seeding import SeededRandom, derive_seed
from tests.rules.bela_helpers import legal_cards, rigged

GAME = Bela()


def play_match(seats: int, options: dict[str, str], seed: int) -> tuple[Match, list[object]]:
    match = Match(GAME, GAME.parse_options("speedbela", options), seats, seed, humans=frozenset({0}))
    events: list[object] = list(match.take_events())
    random = SeededRandom(seed)
    for _ in range(20000):
        if match.phase is MatchPhase.FINISHED:
            return match, events
        seat = min(match.to_act())
        if match.phase is MatchPhase.SETTLEMENT:
            events += match.apply(seat, Continue())
            continue
        legal = GAME.legal_actions(match.deal, seat)
        events += match.apply(seat, random.choice(legal))
    raise AssertionError("the Partie did not end")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_partie_to_501_ends_when_a_party_leads_past_the_target(seats: int) -> None:
    match, events = play_match(seats, {"target": "501"}, derive_seed("partie", seats))
    totals = match.totals
    assert max(totals) >= 501
    leaders = {seat for seat, total in enumerate(totals) if total == max(totals)}
    assert match.winners == frozenset(leaders)
    if seats == 4:
        assert totals[0] == totals[2] and totals[1] == totals[3]
        assert leaders in ({0, 2}, {1, 3})
    for event in [event for event in events if isinstance(event, DealSettled)][:-1]:
        best = max(event.totals)
        leading = {seat % 2 if seats == 4 else seat for seat in range(seats) if event.totals[seat] == best}
        assert best < 501 or len(leading) > 1, "the Partie went on after a party led past the target"
    assert isinstance(events[-1], MatchFinished)


def test_partie_both_over_the_target_the_higher_total_wins_a_tie_plays_on() -> None:
    options = GAME.parse_options("speedbela", {"target": "501"})
    _, events = play_match(2, {"target": "501"}, 11)
    last = next(event for event in reversed(events) if isinstance(event, DealSettled))
    tie = MatchProgress(9, (620, 620), last.result, None)
    assert not GAME.match_over(options, tie)
    ahead = MatchProgress(9, (640, 620), last.result, None)
    assert GAME.match_over(options, ahead) and GAME.match_winners(options, ahead) == frozenset({0})


def test_neu_geben_the_same_dealer_deals_again_and_the_deal_does_not_count() -> None:
    options = GAME.parse_options("speedbela", {"neu_geben": "true"})
    state = GAME.new_deal(options, 3, 1, 4)
    for seat in (2, 0, 1):
        GAME.apply(state, seat, Pass())
    result = GAME.result(state)
    assert result is not None and result.redeal and result.scores == (0, 0, 0)
    assert result.hands == ((), (), ()), "a thrown-in deal's cards are never shown"
    assert GAME.next_dealer(options, 3, 1, result) == 1


def test_mus_the_dealer_may_not_say_dalje() -> None:
    state = GAME.new_deal(GAME.parse_options("speedbela", {}), 2, 0, 4)
    GAME.apply(state, 1, Pass())
    with pytest.raises(IllegalActionError, match="the dealer must choose a trump"):
        GAME.check(state, 0, Pass())


def test_the_talon_is_taken_after_the_trump_choice_and_only_its_owner_sees_it() -> None:
    state = GAME.new_deal(GAME.parse_options("speedbela", {}), 4, 3, 8)
    assert len(GAME.view(state, 0).hand) == 6
    assert GAME.view(state, 0).game_view == BelaView("", -1, (2, 2, 2, 2), 0, (), -1, 1001)
    talon = tuple(state.talons[2])
    events = GAME.apply(state, 0, Announce("trump", Suit.HEARTS))
    notices = [event for event in events if isinstance(event, GameNotice)]
    assert GameNotice(TalonTaken(2, talon), seats_only(2)) in notices
    assert all(notice.audience != PUBLIC for notice in notices)
    view = GAME.view(state, 2)
    assert {card.card for card in view.hand} >= set(talon) and len(view.hand) == 8
    assert view.dealt_hand == state.dealt[2]


def test_melds_are_shown_to_everyone_after_the_first_trick_only() -> None:
    state = rigged(["KH QH 7C 8C 9C AS", "AH TH JH 9H AC TC"], ["7D 8D 9D TD JD QD", "KC QC JC AD KD TS"], 1)
    state.turn = 0
    GAME.apply(state, 0, Announce("trump", Suit.HEARTS))
    GAME.apply(state, 0, PlayCard(Card.parse("AS")))
    assert GAME.view(state, 1).shown == ((), ())
    events = GAME.apply(state, 1, PlayCard(Card.parse("TS")))
    shown = [
        event.detail
        for event in events
        if isinstance(event, GameNotice) and isinstance(event.detail, MeldsShown)
    ]
    assert [notice.seat for notice in shown] == [0]
    assert all(GAME.view(state, viewer).shown == GAME.view(state, None).shown for viewer in (0, 1))
    declarations = GAME.view(state, None).game_view
    assert isinstance(declarations, BelaView)
    assert [(entry.seat, entry.verdict, entry.reason) for entry in declarations.declarations] == [
        (0, "leads", ""),
        (1, "beaten", "längere Folge"),
    ]


def test_belot_ends_the_partie_and_its_party_wins() -> None:
    state = rigged(["7S 8S 9S TS JS QS", "AH TH JH 9H AC TC"], ["KS AS 7D 8D 9D TD", "KC QC JC AD KD 7C"], 1)
    state.turn = 0
    GAME.apply(state, 0, Announce("trump", Suit.HEARTS))
    GAME.apply(state, 0, PlayCard(Card.parse("AS")))
    result = GAME.result(state)
    assert result is not None and state.phase is Phase.FINISHED
    assert result.hands[1] == () and len(result.hands[0]) == 12, "only the Belot is laid down"
    progress = MatchProgress(1, (0, 0), result, None)
    assert GAME.match_over(state.options, progress)
    assert GAME.match_winners(state.options, progress) == frozenset({0})


def test_refusals_say_why_and_change_nothing() -> None:
    state = rigged(["KH QH 7C 8C 9C AS", "AH TH JH 9H AC TC"], ["7D 8D 9D TD JD QD", "KC QC JC AD KD TS"], 1,
                   Options(declare_yourself=True))  # fmt: skip
    state.turn = 0
    GAME.apply(state, 0, Announce("trump", Suit.HEARTS))
    GAME.apply(state, 0, PlayCard(Card.parse("7C")))
    with pytest.raises(IllegalActionError, match="you must follow clubs"):
        GAME.check(state, 1, PlayCard(Card.parse("AH")))
    with pytest.raises(IllegalActionError, match="Bela needs the King and the Queen of trump"):
        GAME.check(state, 1, Declare(DeclareKind.BELA))
    GAME.apply(state, 1, PlayCard(Card.parse("AC")))
    with pytest.raises(IllegalActionError, match="melds are declared before your first card"):
        GAME.check(state, 1, Declare(DeclareKind.ZVANJA))


def test_malformed_input_is_invalid() -> None:
    state = GAME.new_deal(GAME.parse_options("speedbela", {}), 4, 0, 1)
    with pytest.raises(InvalidActionError, match="32-card pack"):
        GAME.check(state, 1, parse_action("play 2C"))
    with pytest.raises(InvalidActionError, match="choose a trump"):
        GAME.check(state, 1, Announce("trump"))
    with pytest.raises(InvalidOptionsError, match="target"):
        GAME.parse_options("speedbela", {"target": "600"})
    reason = GAME.check_seats(GAME.parse_options("speedbela", {}), 5)
    assert reason is not None and "5" in reason


def test_bestenliste_belot_places_its_party_first_whatever_the_totals() -> None:
    options = GAME.parse_options("speedbela", {})
    assert GAME.match_places(options, (900, 100, 500), frozenset({1})) == (2, 1, 3)
    assert GAME.match_places(options, (700, 500, 700, 500), frozenset({1, 3})) == (2, 1, 2, 1)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_bestenliste_a_tenth_of_each_deals_points_rounded_down(seats: int) -> None:
    """Seed 002: "Für die Bestenliste zählt nach jedem Spiel ein Zehntel deiner Punkte"."""
    _, events = play_match(seats, {"target": "501"}, derive_seed("bestenliste", seats))
    settled = [event for event in events if isinstance(event, DealSettled)]
    assert settled
    options = GAME.parse_options("speedbela", {"target": "501"})
    for event in settled:
        tenths = GAME.deal_standings(options, event.result)
        assert tenths == tuple(score // 10 for score in event.result.scores)
    worked = replace(settled[0].result, scores=(127, 35, 127, 35)[:seats])
    assert GAME.deal_standings(options, worked) == (12, 3, 12, 3)[:seats]


def test_bestenliste_at_four_the_losing_pair_is_second() -> None:
    options = GAME.parse_options("speedbela", {})
    assert GAME.match_places(options, (1020, 640, 1020, 640), frozenset({0, 2})) == (1, 2, 1, 2)


def test_zvanja_at_four_the_partners_melds_count_and_only_the_opponents_are_beaten() -> None:
    hands = ["7C 8C 9C TC AH KD", "AC JH 9D 8H KS JD", "7S 8S 9S AS QH TD", "JC QC KC TS JS 9H"]
    talons = ["7D QS", "7H QD", "KH 8D", "TH AD"]
    state = rigged(hands, talons, dealer=3)
    GAME.apply(state, 0, Announce("trump", Suit.HEARTS))
    for _ in range(4):
        seat = state.turn
        GAME.apply(state, seat, PlayCard(legal_cards(state, seat)[0]))
    view = GAME.view(state, None).game_view
    assert isinstance(view, BelaView)
    assert [(entry.seat, entry.value, entry.verdict) for entry in view.declarations] == [
        (0, 50, "leads"),
        (2, 20, "counts"),
        (3, 20, "beaten"),
    ]
    assert GAME.view(state, None).shown[2] == tuple(parse_cards("7S 8S 9S"))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_abrechnung_each_seats_lines_add_up_to_its_score(seats: int) -> None:
    options = GAME.parse_options("speedbela", {})
    for number in range(60):
        random = SeededRandom(derive_seed("lines", seats, number))
        state = GAME.new_deal(options, seats, number % seats, random.next_u64())
        while (result := GAME.result(state)) is None:
            seat = min(GAME.to_act(state))
            GAME.apply(state, seat, random.choice(GAME.legal_actions(state, seat)))
        for seat in range(seats):
            lines = sum(step.amount for step in result.steps if seat in step.seats)
            assert lines == result.scores[seat], (seat, result.steps, result.scores)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_dealing_again_keeps_what_a_seat_has_seen_and_deals_the_rest_anew(seats: int) -> None:
    options = GAME.parse_options("speedbela", {})
    changed = 0
    for number in range(40):
        random = SeededRandom(derive_seed("again", seats, number))
        state = GAME.new_deal(options, seats, number % seats, random.next_u64())
        for _ in range(random.below(3 * seats)):
            if GAME.result(state) is not None:
                break
            seat = min(GAME.to_act(state))
            GAME.apply(state, seat, random.choice(GAME.legal_actions(state, seat)))
        viewer = random.below(seats)
        again = GAME.deal_again(state, viewer, random.next_u64())
        everything = [card for hand in again.dealt + again.talons_dealt for card in hand] + list(again.kup)
        assert sorted(map(str, everything)) == sorted(map(str, PACK))
        assert again.dealt[viewer] == state.dealt[viewer]
        if state.trump is not None:
            assert again.talons_dealt[viewer] == state.talons_dealt[viewer]
        assert [len(hand) for hand in again.dealt] == [len(hand) for hand in state.dealt]
        assert [len(talon) for talon in again.talons_dealt] == [len(talon) for talon in state.talons_dealt]
        for trick in [*state.tricks, *([state.trick] if state.trick else [])]:
            for who, card in trick.cards:
                assert card in again.dealt[who] + again.talons_dealt[who]
        changed += again.dealt != state.dealt
    assert changed > 20
