"""Strength harness: computer levels against each other on mirrored deals.

    python -m ai_worker.strength                          # strong/normal, normal/easy, easy/random
    python -m ai_worker.strength --pairs normal:easy --deals 500 --processes 2
    python -m ai_worker.strength --game ID --seats 5      # any registered game, 2 to 9 seats
    python -m ai_worker.strength --game schafkopf --field  # one A among Bs, seat by seat
    python -m ai_worker.strength --game speculation --seats 5 --deal 3   # a table's third deal

For every deal (a seed) the same cards are played once for every distinct seating of
the two levels: A and B alternate round the table (A B A B at four seats, A B A at
three), and the seating is turned one seat at a time until every seat has held each of
the seatings it can hold. The per-deal result is A's mean score per seat minus B's, over
all those games; it is reported with its standard error, and a level is clearly
stronger when the difference is at least two standard errors over at least 30 deals.
Deals that measure no spread (fewer, or every deal with the same difference, as two
levels that play alike give) are "NOT MEASURED" and never pass; the exit status is 1
unless every pair passed. Nothing assumes that a deal's scores sum to zero. Deals go
through the game's rule sets in turn unless one is chosen. ``--deal N`` compares on each
table's N-th deal, the deals before it played by B in every seat (in Speculation a later
deal of a pack is where counting cards pays).

With ``--field`` a deal is played once with B in every seat and once for each seat with
A in it and B in the others; the per-deal result is A's mean score over the seats minus
B's in the same seat of the all-B game: what putting A in B's place gains. The games
with and without A agree until A decides differently (the players are deterministic),
so only A's own decisions make the difference and far fewer deals tell two close
levels apart, where a game's money varies much (Schafkopf's Solo, doubled).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ai_worker.arena import play_deal
from engine.registry import GAMES

DEFAULT_PAIRS = ("strong:normal", "normal:easy", "easy:random")
DEFAULT_GAME = "baska_kop"
# Fewer deals give no standard error worth a verdict (the normal approximation behind "two
# standard errors" needs a few dozen).
LEAST_DEALS = 30


@dataclass(frozen=True)
class Comparison:
    stronger: str
    weaker: str
    # Per deal: A's and B's mean score per seat.
    per_seat: list[tuple[float, float]]
    seconds: float

    @property
    def differences(self) -> list[float]:
        return [a - b for a, b in self.per_seat]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.differences)

    @property
    def standard_error(self) -> float | None:
        """None with fewer than two deals, where no spread is measured."""
        if len(self.per_seat) < 2:
            return None
        return statistics.stdev(self.differences) / len(self.differences) ** 0.5

    @property
    def separation(self) -> float | None:
        """The difference in standard errors; None when the deals measured no spread (too
        few, or every deal gave the same difference, as two levels that play alike do)."""
        error = self.standard_error
        return self.mean / error if error else None

    @property
    def unmeasured(self) -> str:
        """Why these deals cannot tell the levels apart, or "" when they can."""
        if len(self.per_seat) < LEAST_DEALS:
            return f"{len(self.per_seat)} deals, at least {LEAST_DEALS} needed"
        if not self.standard_error:
            return "every deal gave the same difference, so there is no standard error"
        return ""

    @property
    def passed(self) -> bool:
        """Whether A is measured to be stronger: at least two standard errors ahead."""
        separation = self.separation
        return not self.unmeasured and separation is not None and separation >= 2

    def verdict(self) -> str:
        if self.unmeasured:
            return f"NOT MEASURED: {self.unmeasured}"
        return "ok" if self.passed else "NOT 2 SE APART"

    def line(self) -> str:
        a_mean = statistics.fmean(a for a, _ in self.per_seat)
        b_mean = statistics.fmean(b for _, b in self.per_seat)
        error, separation = self.standard_error, self.separation
        return (
            f"{self.stronger:>7} vs {self.weaker:<7} {len(self.per_seat):>6}  "
            f"{a_mean:>+9.3f}  {b_mean:>+9.3f}  {self.mean:>+8.3f}  "
            f"{'-' if error is None else f'{error:.3f}':>7}  "
            f"{'-' if separation is None else f'{separation:.1f}':>6}  {self.seconds:>7.0f}"
        )


HEADER = (
    "   pair          deals   A/seat    B/seat    A - B       SE   A-B/SE  seconds\n"
    "   ----          -----   ------    ------    -----       --   ------  -------"
)


def seatings(seats: int) -> list[tuple[bool, ...]]:
    """Every distinct turn of the alternating seating (True: level A), in order."""
    alternating = tuple(seat % 2 == 0 for seat in range(seats))
    turned = [alternating[-shift:] + alternating[:-shift] for shift in range(seats)]
    return list(dict.fromkeys(turned))


Task = tuple[str, str, int, str, str, int, tuple[tuple[str, str], ...], int]


def mirrored_scores(task: Task) -> tuple[float, float]:
    """A's and B's mean score per seat on one deal played in every seating."""
    game, rule_set, seats, stronger, weaker, seed, options, deal = task
    a_scores: list[int] = []
    b_scores: list[int] = []
    for seating in seatings(seats):
        levels = [stronger if is_a else weaker for is_a in seating]
        outcome = play_deal(game, rule_set, seed, levels, dict(options), deal, weaker)
        for is_a, score in zip(seating, outcome.scores, strict=True):
            (a_scores if is_a else b_scores).append(score)
    return statistics.fmean(a_scores), statistics.fmean(b_scores)


def field_scores(task: Task) -> tuple[float, float]:
    """A's mean score in each seat with B in the others, and B's mean score in the same
    seats with B in every seat, on one deal."""
    game, rule_set, seats, stronger, weaker, seed, options, deal = task
    everyone = play_deal(game, rule_set, seed, [weaker] * seats, dict(options), deal, weaker).scores
    alone = [
        play_deal(
            game,
            rule_set,
            seed,
            [stronger if other == seat else weaker for other in range(seats)],
            dict(options),
            deal,
            weaker,
        ).scores[seat]
        for seat in range(seats)
    ]
    return statistics.fmean(alone), statistics.fmean(everyone)


def compare(
    stronger: str,
    weaker: str,
    deals: int,
    rule_sets: tuple[str, ...],
    processes: int,
    first_seed: int = 0,
    game: str = DEFAULT_GAME,
    seats: int = 4,
    options: dict[str, str] | None = None,
    field: bool = False,
    deal: int = 1,
) -> Comparison:
    chosen = tuple(sorted((options or {}).items()))
    tasks: list[Task] = [
        (game, rule_sets[seed % len(rule_sets)], seats, stronger, weaker, seed, chosen, deal)
        for seed in range(first_seed, first_seed + deals)
    ]
    scores = field_scores if field else mirrored_scores
    started = time.perf_counter()
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            per_seat = list(pool.map(scores, tasks, chunksize=8))
    else:
        per_seat = [scores(task) for task in tasks]
    return Comparison(stronger, weaker, per_seat, time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description="Compare computer levels on mirrored deals.")
    parser.add_argument("--game", default=DEFAULT_GAME, choices=sorted(GAMES))
    parser.add_argument("--seats", type=int, help="players (default: the fewest the game allows)")
    parser.add_argument("--pairs", default=",".join(DEFAULT_PAIRS), help="stronger:weaker,...")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--rule-set", default="all", help="one of the game's rule sets, or all (default)")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a table option")
    parser.add_argument(
        "--field", action="store_true", help="one A among Bs, seat by seat, against B in every seat"
    )
    parser.add_argument(
        "--deal", type=int, default=1, help="compare on each table's N-th deal (those before: B everywhere)"
    )
    args = parser.parse_args()
    options = dict(option.split("=", 1) for option in args.option)
    declared = GAMES[args.game].game_type
    seats = args.seats or min(declared.seat_counts)
    if not 2 <= seats <= 9 or seats not in declared.seat_counts:
        parser.error(f"{declared.title} is played by {', '.join(map(str, declared.seat_counts))} players")
    every = tuple(rule_set.id for rule_set in declared.rule_sets)
    if args.rule_set != "all" and args.rule_set not in every:
        parser.error(f"--rule-set must be all or one of {', '.join(every)}")
    rule_sets = every if args.rule_set == "all" else (args.rule_set,)
    print(
        f"{declared.title}, {seats} seats, rule sets {', '.join(rule_sets)}"
        + "".join(f", {key}={value}" for key, value in options.items())
        + (
            f", each deal with B in every seat and with A in each seat among Bs ({seats + 1} games)"
            if args.field
            else f", each deal in {len(seatings(seats))} seatings"
        )
        + (f", on each table's deal {args.deal}" if args.deal > 1 else "")
        + "; scores are points per seat and deal"
    )
    print(HEADER)
    failed = False
    for pair in args.pairs.split(","):
        stronger, weaker = pair.split(":")
        result = compare(
            stronger,
            weaker,
            args.deals,
            rule_sets,
            args.processes,
            args.first_seed,
            args.game,
            seats,
            options,
            args.field,
            args.deal,
        )
        print(result.line(), result.verdict(), flush=True)
        failed |= not result.passed
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
