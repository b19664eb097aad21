"""The match as a game runs it: carry, thrown-in deals, deals over when dealt, snapshots.

The conformance suite checks every game's match events against its own rules; these
tests make sure the test game really produces the cases the interface is for, and that
snapshots keep all of it (and still read the snapshots written before matches carried).
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from engine.actions import Continue
from engine.baska_kop import BaskaKop
from engine.match import DealSettled, HandDealt, Match, MatchEvent, MatchFinished, MatchPhase
from engine.seeding import SeededRandom, derive_seed
from tests.engine.pot_game import Pot

POT = Pot()


def play(match: Match, rng: SeededRandom, each_step: Any = None) -> list[MatchEvent]:
    """Random legal moves and continues until the match is over; returns its events."""
    events = match.take_events()
    for _ in range(10_000):
        if each_step is not None:
            match = each_step(match)
        if match.phase is MatchPhase.FINISHED:
            return events
        seat = rng.choice(sorted(match.to_act()))
        if match.phase is MatchPhase.SETTLEMENT:
            events += match.apply(seat, Continue())
        else:
            events += match.apply(seat, rng.choice(match.game.legal_actions(match.deal, seat)))
    raise AssertionError("the match did not end")


def views(match: Match) -> tuple[Any, ...]:
    return tuple(match.view(viewer) for viewer in (None, *range(match.seats)))


def test_the_test_game_throws_in_deals_settles_deals_when_dealt_and_carries_its_pot() -> None:
    redeals = over_when_dealt = carried = 0
    for index in range(40):
        seats = 2 + index % 4
        seed = derive_seed("pot", index)
        match = Match(POT, POT.parse_options("plain", {"deals": "6"}), seats, seed, frozenset({0}))
        events = play(match, SeededRandom(seed))
        assert isinstance(events[-1], MatchFinished) and match.deals_played == 6
        for before, event in itertools.pairwise(events):
            if not isinstance(event, DealSettled):
                continue
            redeals += event.result.redeal
            # A deal settled right after its hands were dealt was over when dealt.
            over_when_dealt += isinstance(before, HandDealt)
            carried += max(event.result.scores) > seats - 1
    assert redeals and over_when_dealt and carried, (redeals, over_when_dealt, carried)


def test_a_snapshot_keeps_the_carry_and_the_deal_number_of_thrown_in_deals() -> None:
    for index in range(10):
        seats = 2 + index % 4
        seed = derive_seed("pot-snapshot", index)
        options = POT.parse_options("plain", {"deals": "6"})
        steps = 0

        def round_trip(match: Match, seats: int = seats, seed: int = seed, options: int = options) -> Match:
            nonlocal steps
            steps += 1
            stored = json.loads(json.dumps(match.snapshot()))
            restored = Match.restore(POT, options, seats, seed, stored)
            assert views(restored) == views(match) and restored.snapshot() == stored
            return restored if steps % 2 else match

        events = play(Match(POT, options, seats, seed, frozenset({1})), SeededRandom(seed), round_trip)
        assert isinstance(events[-1], MatchFinished)


def written_before_matches_carried(match: Match) -> dict[str, Any]:
    """``match``'s snapshot as it was stored before matches kept carry and winners."""
    new_keys = ("carry", "winners", "deal_index", "deal_carry")
    stored = json.loads(json.dumps(match.snapshot()))
    return {key: value for key, value in stored.items() if key not in new_keys}


def test_a_snapshot_written_before_matches_carried_restores_and_plays_on_alike() -> None:
    game = BaskaKop()
    options = game.parse_options("kop", {})
    seed = derive_seed("old-snapshot")
    rng = SeededRandom(seed)
    match = Match(game, options, 4, seed, frozenset({0}))
    checked = set()
    while True:
        restored = Match.restore(game, options, 4, seed, written_before_matches_carried(match))
        assert views(restored) == views(match)
        assert restored.snapshot() == match.snapshot()
        checked.add(match.phase)
        if match.phase is MatchPhase.FINISHED:
            break
        seat = rng.choice(sorted(match.to_act()))
        action = (
            Continue()
            if match.phase is MatchPhase.SETTLEMENT
            else rng.choice(game.legal_actions(match.deal, seat))
        )
        assert restored.apply(seat, action) == match.apply(seat, action)
    assert checked == {MatchPhase.DEAL, MatchPhase.SETTLEMENT, MatchPhase.FINISHED}
    assert restored.winners == match.winners != frozenset()
