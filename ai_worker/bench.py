"""Benchmarks of the computer players, printed as numbers (never asserted in tests).

    python -m ai_worker.bench                      # everything, a few minutes
    python -m ai_worker.bench --only solver --deals 500
    python -m ai_worker.bench --only decisions --game ID --seats 3
    python -m ai_worker.bench --only decisions --game schafkopf --seats 3 --option pack=short
    python -m ai_worker.bench --only chances --positions 1000 --samples 100000

* solver: whole deals solved from the first card, each with a fresh solver, for
  Schafkopf, Bela and Baśka/Kop, and the threshold queries of Schafkopf and Bela
  (``ai_worker.search.bench``): median and p95 time, nodes/s.
* decisions: one decision per level of a game (default Baśka/Kop; ``--game bela --seats
  N`` for Bela at 2, 3 or 4; ``--option`` sets a table option, e.g. Schafkopf's short
  pack) at the first decision of a deal and at the first card (the
  calls before it passed where possible, else made by the easy player, as are all of them
  where passing throws the deal in), or in a game without card play (Speculation) a few
  moves into the deal, for every seat that must or may act: p50 and p95 latency.
* chances: Speculation's exact chances (the best trump's and a face-down card's) against
  a Monte Carlo of the unseen cards' places on market positions at 3 to 9 seats: the
  largest and mean difference, and the time per exact calculation.
* shadow: a daily deal's comparison, one settled deal played again with the strong
  computer at the player's seat and normal computers elsewhere (a shadow job's work):
  median and p95.

How the worker processes scale is measured with the rest of the service's capacity:
``python -m tools.capacity --only workers``.

Everything runs on this machine's cores; run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from ai_worker.daily import shadow_score
from ai_worker.players import PLAYERS, decide
from ai_worker.players.speculation.chances import chances
from ai_worker.players.speculation.sampled import positions, sampled_chances
from ai_worker.search.bench import bench_sampler, bench_search, percentile
from engine.actions import Continue, Pass
from engine.game import PhaseKind
from engine.match import MatchPhase
from engine.registry import GAMES
from engine.seeding import derive_seed
from server.daily import daily_config
from server.table import TableConfig, TableRecord
from server.table_log import Act, Compare, Join, SeatKind
from server.views import seat_observation
from speedgamez.internal.v1 import ai_job_pb2

LEVEL_ORDER = ["easy", "normal", "strong"]
# Decision latency targets per game and level (p95).
TARGETS = {
    "baska_kop": {"normal": "<= 50 ms", "strong": "<= 500 ms"},
    "bela": {"easy": "<= 5 ms", "normal": "<= 300 ms", "strong": "<= 2 s"},
    "schafkopf": {"normal": "<= 300 ms", "strong": "<= 2 s"},
    "speculation": {"easy": "<= 20 ms", "normal": "<= 20 ms", "strong": "<= 20 ms"},
}


def _record(game: str, rule_set: str, seats: int, seed: int, options: dict[str, str]) -> TableRecord:
    config = TableConfig(
        game=game,
        rule_set=rule_set,
        options={"rule_set": rule_set, **options},
        seats=((SeatKind.COMPUTER, "easy"),) * seats,
        seed=seed,
        created_by="bench",
    )
    record, _ = TableRecord.new(f"bench-{seed}", config)
    return record


def _first_card(record: TableRecord, passing_first: bool = True) -> TableRecord | None:
    """The table moved on to its first card, the calls passed where possible (else, or
    unless ``passing_first``, made by the easy player); None if the deal ends before."""
    while record.match is not None and record.match.phase is MatchPhase.DEAL:
        if record.game.phase_kind(record.match.deal) is PhaseKind.PLAY:
            return record
        seat = record.computer_turns()[0]
        observation = seat_observation(record, seat)
        passing = passing_first and any(
            choice.allowed and choice.action.HasField("pass_turn") for choice in observation.choices
        )
        action = Pass() if passing else decide(observation, "easy").action
        assert action is not None, "the seat the table waits for made no move"
        record.apply(Act(seat, action, SeatKind.COMPUTER))
    return None


def _mid_deal(
    game: str, rule_sets: list[str], seats: int, options: dict[str, str], count: int
) -> list[ai_job_pb2.SeatObservation]:
    """``count`` observations of the computer seats that must or may act after ``seed % 6``
    moves of the easy player at the seat the table waits for."""
    observations: list[ai_job_pb2.SeatObservation] = []
    seed = 0
    while len(observations) < count and seed < 10 * count:
        record = _record(game, rule_sets[seed % len(rule_sets)], seats, seed, options)
        for _ in range(seed % 6):
            if record.match is None or record.match.phase is not MatchPhase.DEAL:
                break
            seat = record.computer_turns()[0]
            action = decide(seat_observation(record, seat), "easy").action
            assert action is not None, "the seat the table waits for made no move"
            record.apply(Act(seat, action, SeatKind.COMPUTER))
        if record.match is not None and record.match.phase is MatchPhase.DEAL:
            for seat in sorted({*record.computer_turns(), *record.computer_options()}):
                observations.append(seat_observation(record, seat))
        seed += 1
    return observations[:count]


def bench_decisions(count: int, game: str, seats: int, options: dict[str, str]) -> None:
    chosen = "".join(f", {key}={value}" for key, value in options.items())
    print(
        f"{game} at {seats} seats{chosen}: decision latency, {count} positions per level and moment,",
        "one core:",
    )
    rule_sets = [rule_set.id for rule_set in GAMES[game].game_type.rule_sets]
    for moment in ("first call", "first card"):
        observations = []
        for seed in range(count):
            rule_set = rule_sets[seed % len(rule_sets)]
            record: TableRecord | None = _record(game, rule_set, seats, seed, options)
            if moment == "first card" and record is not None:
                # Where passing throws the deal in (Schafkopf), the easy player's calls.
                record = _first_card(record) or _first_card(
                    _record(game, rule_set, seats, seed, options), passing_first=False
                )
            if record is None or not record.computer_turns():
                continue
            observations.append(seat_observation(record, record.computer_turns()[0]))
        if not observations and moment == "first card":
            # A game without card play (Speculation's market): every seat that must or may
            # act, a few moves into the deal.
            moment = "mid-deal"
            observations = _mid_deal(game, rule_sets, seats, options, count)
        if not observations:
            print(f"  {moment:<10} no position: every deal ended before it (e.g. thrown in when all pass)")
            continue
        levels = sorted({level for (game_id, level) in PLAYERS if game_id == game}, key=LEVEL_ORDER.index)
        for level in levels:
            times = []
            for observation in observations:
                started = time.perf_counter()
                decide(observation, level)
                times.append(time.perf_counter() - started)
            target = TARGETS.get(game, {}).get(level, "")
            print(
                f"  {moment:<10} {level:<6}  p50 {percentile(times, 0.5) * 1000:7.1f} ms   "
                f"p95 {percentile(times, 0.95) * 1000:7.1f} ms   max {max(times) * 1000:7.1f} ms"
                + (f"   (target p95 {target})" if target else "")
            )


def bench_chances(count: int, samples: int) -> None:
    """Speculation's exact chances against sampled ones on ``count`` positions."""
    rng = random.Random(derive_seed("bench-chances"))
    worst = {"best": 0.0, "slot": 0.0}
    total = {"best": 0.0, "slot": 0.0}
    # The largest difference in standard errors of the sampled chance: sampling noise
    # alone makes the largest of a thousand about 3.
    worst_errors = {"best": 0.0, "slot": 0.0}
    exact_ms = []
    for view, counting in positions(count, derive_seed("bench-chances-positions")):
        started = time.perf_counter()
        odds = chances(view, counting)
        exact_ms.append((time.perf_counter() - started) * 1000)
        best, slot = sampled_chances(view, counting, samples, rng)
        for name, exact, sampled in (("best", odds.best, best), ("slot", odds.slot, slot)):
            difference = abs(exact - sampled)
            error = math.sqrt(max(exact * (1 - exact), 1 / samples) / samples)
            worst[name] = max(worst[name], difference)
            worst_errors[name] = max(worst_errors[name], difference / error)
            total[name] += difference
    print(f"speculation chances: {count} positions (3 to 9 seats), {samples} samples each")
    for name, what in (("best", "the best trump"), ("slot", "a face-down card")):
        print(
            f"  {what:<18} largest difference {worst[name]:.4f} ({worst_errors[name]:.1f} SE)"
            f"   mean {total[name] / count:.5f}"
        )
    middle, high = percentile(exact_ms, 0.5), percentile(exact_ms, 0.95)
    print(f"  exact calculation  p50 {middle:.3f} ms   p95 {high:.3f} ms")


def bench_shadows(days: int) -> None:
    """The daily deals of ``days`` days, each deal played again as a shadow job would."""
    game = GAMES["baska_kop"]
    times = []
    for day in range(days):
        record, _ = TableRecord.new("bench", daily_config(game, f"day {day}", "bench", "player"))
        record.apply(Join(0, "player", "Player"))
        while not record.status.over:
            assert record.match is not None
            seat = min(record.match.to_act())
            settling = record.match.phase is MatchPhase.SETTLEMENT
            action = Continue() if settling else game.legal_actions(record.match.deal, seat)[0]
            by = SeatKind.COMPUTER if record.seats[seat].played_by_computer else SeatKind.HUMAN
            record.apply(Act(seat, action, by))
            for deal_number in record.shadows_due():
                started = time.perf_counter()
                score = shadow_score(record, deal_number)
                times.append(time.perf_counter() - started)
                record.apply(Compare(deal_number, score))
    print(f"daily deal: one deal played again from the player's seat, {len(times)} deals, one core:")
    median, p95 = statistics.median(times) * 1000, percentile(times, 0.95) * 1000
    print(f"  median {median:7.1f} ms   p95 {p95:7.1f} ms   max {max(times) * 1000:7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["solver", "decisions", "chances", "shadow"])
    parser.add_argument(
        "--samples", type=int, default=100_000, help="Monte Carlo samples per position (chances)"
    )
    parser.add_argument("--days", type=int, default=10, help="daily deals for the shadow benchmark")
    parser.add_argument("--deals", type=int, default=500, help="deals per line of the solver benchmark")
    parser.add_argument("--positions", type=int, default=200, help="positions per level and moment")
    parser.add_argument("--game", default="baska_kop", choices=sorted(GAMES), help="for the decisions")
    parser.add_argument("--seats", type=int, help="for the decisions (default: the fewest the game allows)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a table option for the decisions"
    )
    args = parser.parse_args()
    options = dict(option.split("=", 1) for option in args.option)
    seats = args.seats or min(GAMES[args.game].game_type.seat_counts)
    if args.only in (None, "solver"):
        bench_search(args.deals)
        bench_sampler(50)
    if args.only in (None, "decisions"):
        bench_decisions(args.positions, args.game, seats, options)
    if args.only in (None, "chances"):
        bench_chances(args.positions, args.samples)
    if args.only in (None, "shadow"):
        bench_shadows(args.days)


if __name__ == "__main__":
    main()
