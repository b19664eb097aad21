"""How one option (a call, a card) fares over the sampled deals a search player solves:
the weighted wins, score and points, from which it ranks its options and words its
reasons. Shared by the players that weigh deals and solve some of them exactly (Bela,
Schafkopf)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action


@dataclass
class Outlook:
    """How one option fares over the deals considered (weights sum to ``total``)."""

    action: Action
    label: str
    wins: float = 0.0
    total: float = 0.0
    score: float = 0.0
    points: float = 0.0
    won_deals: int = 0

    @property
    def chance(self) -> float:
        return self.wins / self.total if self.total else 0.0

    @property
    def mean_score(self) -> float:
        return self.score / self.total if self.total else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.total if self.total else 0.0

    def add(self, weight: float, won: bool, score: float, points: float) -> None:
        self.wins += weight * won
        self.total += weight
        self.score += weight * score
        self.points += weight * points
        self.won_deals += won

    def take_means_of(self, solved: Outlook) -> None:
        """Score and points as the mean of ``solved`` (the exactly solved deals), scaled to
        this outlook's total weight."""
        share = self.total / solved.total if solved.total else 0.0
        self.score, self.points = solved.score * share, solved.points * share


@dataclass
class Evaluation:
    """A search's options over the deals it took."""

    outlooks: list[Outlook]
    deals: int
    exact: bool
    nodes: int = 0
    # How many of the deals were solved exactly (the mean score and points are theirs).
    solved: int = 0
    # Whether the mean score decides, else the winning chance (the mean score breaking
    # ties).
    by_score: bool = False
    # Whether the deals weigh differently: the chances are then weighted shares, not the
    # share of deals won.
    weighted: bool = False

    def ranking(self, outlook: Outlook) -> tuple[float, float, float]:
        """Best first; rounded, so that sums taken in another order still tie."""
        chance, score, points = (
            round(value, 9) for value in (outlook.chance, outlook.mean_score, outlook.mean_points)
        )
        return (score, chance, points) if self.by_score else (chance, score, points)

    def describe(self, outlook: Outlook) -> str:
        """In how many deals ``outlook`` wins, e.g. "7 of 12 sampled deals": a count of
        deals, never of weights; when the deals weigh differently the weighted chance,
        which the decision rests on, follows with its label."""
        kind = "possible" if self.exact else "sampled"
        count = f"{outlook.won_deals} of {self.deals} {kind} deals"
        if not self.weighted:
            return count
        share = round(100 * outlook.chance)
        return f"{count} ({share}% when each deal is weighted by how well it fits the bidding)"
