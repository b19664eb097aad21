"""Computer players against each other in one process, without Redis: for the strength
harness and the benchmarks.

A deal is played through the service's own table record and the same observations the
workers' jobs carry, so every decision here is one a worker would make.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai_worker.players import decide
from ai_worker.players.decision import Decision
from engine.actions import Continue, PlayCard
from engine.match import MatchPhase
from engine.seeding import SeededRandom, derive_seed
from server import convert
from server.table import TableConfig, TableRecord
from server.table_log import Act, SeatKind
from server.views import seat_observation
from speedgamez.internal.v1 import ai_job_pb2

# Harness-only level: a uniformly random legal move.
RANDOM = "random"


@dataclass
class DealOutcome:
    scores: tuple[int, ...]
    contract: str


def random_move(observation: ai_job_pb2.SeatObservation) -> Decision:
    """A uniformly random legal move; a seat nothing waits for (a Kontra window, a trader in
    Speculation's market) moves one time in four and otherwise lets the moment pass."""
    rng = SeededRandom(derive_seed(observation.decision_seed, "random"))
    # "No move" as one choice among dozens of offers would keep random traders trading and
    # the market open for ever (the table waits for no one while anyone trades); moving one
    # time in four, four random traders let the waited-for seat act every third round.
    if observation.seat not in observation.to_act_seats and rng.below(4):
        return Decision(None)
    # Read from the message, converting only the move chosen: a market offers hundreds.
    playable = observation.playable
    allowed = [choice.action for choice in observation.choices if choice.allowed]
    index = rng.below(len(playable) + len(allowed))
    if index < len(playable):
        return Decision(PlayCard(convert.card_from_proto(playable[index])))
    return Decision(convert.action_from_proto(allowed[index - len(playable)]))


def play_deal(
    game: str,
    rule_set: str,
    seed: int,
    levels: list[str],
    options: dict[str, str] | None = None,
    deal: int = 1,
    before: str = "",
    chooser: Callable[[TableRecord, int, str], Decision] | None = None,
) -> DealOutcome:
    """Play deal ``deal`` (the first by default) of a ``game`` table with seed ``seed`` and
    one seat per level; seat ``i`` plays at ``levels[i]``, and every seat at ``before`` in
    the deals before it (so that they are the same whoever plays the one compared). Seats
    that may act are asked first, every time. ``chooser`` (record, seat, level), if
    given, decides in place of the level's player (an analysis that forces a move)."""
    config = TableConfig(
        game=game,
        rule_set=rule_set,
        options={"rule_set": rule_set, **(options or {})},
        seats=tuple((SeatKind.COMPUTER, "easy") for _ in levels),
        seed=seed,
        created_by="arena",
    )
    record, _ = TableRecord.new(f"arena-{seed}", config)
    earlier = [before or levels[0]] * len(levels)
    while True:
        match = record.match
        assert match is not None
        # The deal compared is the next one once the deals before it are played (a deal
        # dealt again under its number is not one of them).
        compared = match.deals_played + 1 >= deal
        if match.phase is MatchPhase.FINISHED:
            raise RuntimeError(
                f"the match of seed {seed} ended after {match.deals_played} deals, before deal {deal}"
            )
        if match.phase is MatchPhase.SETTLEMENT:
            moves = [(seat, Decision(Continue())) for seat in sorted(match.to_act())]
        else:
            moves = [_next_move(record, levels if compared else earlier, chooser or level_decision)]
        for seat, decision in moves:
            outcome = apply_decision(record, seat, decision)
            if outcome is not None and compared:
                return outcome


def _next_move(
    record: TableRecord, levels: list[str], chooser: Callable[[TableRecord, int, str], Decision]
) -> tuple[int, Decision]:
    """The first seat that may act and wants to, else the first seat the table waits for."""
    for seat in record.computer_options():
        decision = chooser(record, seat, levels[seat])
        if decision.action is not None:
            return seat, decision
    seat = record.computer_turns()[0]
    decision = chooser(record, seat, levels[seat])
    if decision.action is None:
        raise RuntimeError(f"the {levels[seat]} player made no move for seat {seat}, which is waited for")
    return seat, decision


def level_decision(record: TableRecord, seat: int, level: str) -> Decision:
    """What the player of ``level`` decides for ``seat`` now."""
    observation = seat_observation(record, seat)
    return random_move(observation) if level == RANDOM else decide(observation, level)


def apply_decision(record: TableRecord, seat: int, decision: Decision) -> DealOutcome | None:
    """Apply ``decision`` for ``seat`` as a commit would; the deal's outcome once it is settled."""
    assert decision.action is not None
    happenings = record.apply(Act(seat, decision.action, SeatKind.COMPUTER, note=decision.reason))
    # As a commit to the store does: the seed of every decision after a move depends on the
    # version, so that a seat asked again in a changed position does not choose as before.
    record.version += 1
    for happened in happenings:
        if happened.event.WhichOneof("kind") == "deal_settled":
            settlement = happened.event.deal_settled.settlement
            return DealOutcome(tuple(settlement.scores), settlement.contract_label)
    return None
