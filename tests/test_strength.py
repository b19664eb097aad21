"""A short run of the strength harness (python -m ai_worker.strength), so a broken player
is caught: each level must beat the one below by at least two standard errors."""

from __future__ import annotations

import pytest

from ai_worker.strength import compare


@pytest.mark.parametrize(("stronger", "weaker", "deals"), [("easy", "random", 200), ("normal", "easy", 200)])
def test_computer_level_beats_the_level_below_on_mirrored_deals(
    stronger: str, weaker: str, deals: int
) -> None:
    result = compare(stronger, weaker, deals, ("baska", "kop"), processes=1, first_seed=10_000)
    assert result.mean > 0
    assert result.separation >= 2, result.line()
