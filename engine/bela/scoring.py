"""The settlement of a Bela deal (seed 002 "Abrechnung", SPEC §2).

A party makes the points in its tricks, 10 for the last trick (and, with two or three
players, the Kup with it), its zvanja if its declaration was the strongest, Bela, and 90
for Štiglja when it takes every trick. A party that takes no trick scores neither zvanja
nor Bela. The caller's party needs strictly more than half of everything made in the
deal (cards, last trick, Kup, counted zvanja, Bela, Štiglja): then every party keeps
what it made (prolaz). Otherwise, also at exactly half, the caller has fallen (pao): he
gets nothing and the opponents everything; with three players the two opponents each
keep their own and share his points, the odd point to the first of them in playing
order.

Decision where the texts are silent: Bela needs a trick like the zvanja, since the same
rule keeps both from a party that took none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.bela.constants import STIGLJA


@dataclass(frozen=True, slots=True)
class PartyTally:
    """What one party gathered in a deal, before the settlement."""

    # Card points of its tricks, with the last trick's 10 and the Kup if it took it.
    card_points: int
    tricks: int
    # Its zvanja if its declaration was the strongest, else 0.
    zvanja: int = 0
    bela: int = 0


@dataclass(frozen=True, slots=True)
class DealSettlement:
    """Per party: what it made and what it scores; whether the caller passed; which party
    took every trick (-1 if none)."""

    made: tuple[int, ...]
    scores: tuple[int, ...]
    passed: bool
    stiglja: int
    total: int


def made_points(tally: PartyTally, all_tricks: int) -> int:
    """What a party made: zvanja and Bela only with a trick, Štiglja with every trick."""
    made = tally.card_points
    if tally.tricks > 0:
        made += tally.zvanja + tally.bela
    if tally.tricks == all_tricks:
        made += STIGLJA
    return made


def settle(tallies: Sequence[PartyTally], caller: int, playing_order: Sequence[int]) -> DealSettlement:
    """Settle a deal. ``tallies`` per party, ``caller`` the party that chose the trump,
    ``playing_order`` the parties in playing order (whose opponent is first gets the odd
    point when two opponents share a fallen caller's points)."""
    all_tricks = sum(tally.tricks for tally in tallies)
    made = tuple(made_points(tally, all_tricks) for tally in tallies)
    total = sum(made)
    stiglja = next((party for party, tally in enumerate(tallies) if tally.tricks == all_tricks), -1)
    if 2 * made[caller] > total:
        return DealSettlement(made, made, True, stiglja, total)
    opponents = [party for party in playing_order if party != caller]
    scores = list(made)
    scores[caller] = 0
    share, odd = divmod(made[caller], len(opponents))
    for number, party in enumerate(opponents):
        scores[party] += share + (1 if number < odd else 0)
    return DealSettlement(made, tuple(scores), False, stiglja, total)
