"""The played-out value of Bela's trump choice (``ai_worker.call_value``): the deal as the
strong players decide it, and again with a seat that said dalje choosing its best trump."""

from __future__ import annotations

from ai_worker.arena import play_deal
from ai_worker.call_value import Forced, forced_calls, report


def test_a_seat_that_said_dalje_is_played_out_choosing_its_best_trump() -> None:
    (forced,) = forced_calls(2, 5, 0.0)
    played = play_deal("bela", "speedbela", 5, ["strong", "strong"]).scores
    # The first seat said dalje and the dealer chose; choosing itself, it passed.
    assert forced.place == 0 and 0.0 <= forced.chance < 1.0
    assert forced.passed and forced.gain == 90
    assert played[1 - forced.place] > 0 or played[forced.place] + forced.gain > 0
    assert forced_calls(2, 5, 1.01) == []


def test_the_report_gives_each_band_of_chances_its_passes_and_gain() -> None:
    calls = [Forced(0, 0.5, True, 90), Forced(0, 0.52, False, -30), Forced(1, 0.8, True, 10)]
    lines = list(report(calls, 3))
    assert lines == [
        "  place 1 of 3 in the choosing order: 2 deals",
        "    chance 0.45 to 0.55:    2 deals, passed 0.50, choosing gained   +30.0 ±  60.0 points a deal",
        "    chance 0.45 to 1.00:    2 deals, passed 0.50, choosing gained   +30.0 ±  60.0 points a deal",
        "  place 2 of 3 in the choosing order: 1 deals",
    ]
