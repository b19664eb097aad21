"""Settlement ("Abrechnung") of a Baśka or Kop deal, as named steps.

value = base value of the contract
        x 2 schneider (loser has at most 25 points) or x 3 schwarz (loser has no trick),
            normal game and Wesele only
        x 2 when, in Baśka, the Old (or the Wesele players) or a soloist lose
        x 2 for every double that counts

A double counts only when it comes from the other party than the double before it;
doubles above a Cicha's cap (Kop) are struck too, because during the bidding nobody else
can know that the game is a Cicha, so the cap of the normal game applied. At 52:52 the
party that gave the last double that counts loses; with no such double the Old, the
Wesele players or the soloist lose. Payment: at two against two each winner receives the
value from one loser; a soloist receives it from, or pays it to, each of the three.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.baska_kop.blocks import BaskaKopSettlement
from engine.baska_kop.constants import (
    ALL_TRICKS_CONTRACTS,
    CONTRACT_LABELS,
    HALF_POINTS,
    SCHNEIDER_CONTRACTS,
    SCHNEIDER_LIMIT,
    SEATS,
    TOTAL_POINTS,
    WINNING_POINTS,
    WON_ALL_TRICKS_SOLO,
    WON_CICHA,
    WON_DOUBLE,
    Contract,
    Options,
    RuleSet,
)
from engine.baska_kop.state import DealState
from engine.game import POINTS, DealResult, DoubleStatus, SettlementStep, StepOperation, settled_value


def double_verdicts(
    options: Options,
    doubles: Sequence[int],
    side_of: Callable[[int], bool | None],
    cicha: bool | None,
) -> list[tuple[DoubleStatus, str]]:
    """Whether each said double (by seat, in order) counts, as far as it can be known.

    ``side_of`` tells a seat's party (True = declaring side) or None when unknown;
    ``cicha`` tells whether the game is a Cicha (None: not known).
    """
    verdicts: list[tuple[DoubleStatus, str]] = []
    cicha_cap = options.double_cap(Contract.CICHA)
    for index, seat in enumerate(doubles):
        level = index + 1
        name = options.double_name(level)
        if level > cicha_cap and cicha is not False:
            if cicha:
                note = f"a Cicha may be doubled only up to {options.double_name(cicha_cap)}"
                verdicts.append((DoubleStatus.STRUCK, note))
            else:
                verdicts.append((DoubleStatus.UNKNOWN, ""))
            continue
        if index == 0:
            verdicts.append((DoubleStatus.COUNTS, ""))
            continue
        this_side, previous_side = side_of(seat), side_of(doubles[index - 1])
        if this_side is None or previous_side is None:
            verdicts.append((DoubleStatus.UNKNOWN, ""))
        elif this_side == previous_side:
            previous = options.double_name(level - 1)
            note = f"{name} came from the same party as the {previous} before it, so both count once"
            verdicts.append((DoubleStatus.STRUCK, note))
        else:
            verdicts.append((DoubleStatus.COUNTS, ""))
    return verdicts


def settle(state: DealState) -> DealResult:
    options, contract, declarers = state.options, state.contract, state.declarers
    label = CONTRACT_LABELS[contract]
    points = [0] * SEATS
    if contract is Contract.KOP:
        # Laid down: the four highest trumps take every trick.
        (holder,) = declarers
        points[holder] = TOTAL_POINTS
    for trick in state.tricks:
        assert trick.winner is not None
        points[trick.winner] += trick.points
    declarer_points = sum(points[seat] for seat in declarers)
    cleared = [
        SettlementStep(
            "double",
            f"{options.double_name(call.level)} by seat {call.seat}",
            StepOperation.MULTIPLY,
            2,
            struck=True,
            note=f"cleared when {CONTRACT_LABELS[call.cleared_by]} was announced",
        )
        for call in state.calls
        if call.cleared_by is not None
    ]
    declarers_win, steps = settlement_steps(
        options, contract, declarers, declarer_points, state.double_seats, cleared
    )
    value = settled_value(tuple(steps))
    winners = declarers if declarers_win else frozenset(range(SEATS)) - declarers
    tallies = _tallies(state, declarers, winners)
    verdict = "won" if declarers_win else "lost"
    declaring, defending = _parties(contract, declarers)
    if contract is Contract.KOP:
        summary = f"{label}: {declaring} laid down and won; value {POINTS.of(value)}"
    else:
        summary = (
            f"{label}: {declaring} {verdict} against {defending} with {declarer_points} to "
            f"{TOTAL_POINTS - declarer_points} points; value {POINTS.of(value)}"
        )
    return DealResult(
        contract=contract.value,
        contract_label=label,
        declarers=declarers,
        winners=winners,
        value=value,
        scores=payments(value, declarers, winners),
        steps=tuple(steps),
        card_points=tuple(points),
        hands=state.dealt,
        summary=summary,
        tallies=tallies,
        detail=BaskaKopSettlement(contract.value),
    )


def _tallies(
    state: DealState, declarers: frozenset[int], winners: frozenset[int]
) -> tuple[tuple[str, ...], ...]:
    """Per seat, the statistics the deal adds to: a won Cicha, a won Zolo du or Gran du,
    and each of the seat's own doubles that counted in a deal its party won."""
    contract = state.contract
    verdicts = double_verdicts(
        state.options, state.double_seats, lambda seat: seat in declarers, contract is Contract.CICHA
    )
    tallies: list[list[str]] = [[] for _ in range(SEATS)]
    for seat in declarers & winners:
        if contract is Contract.CICHA:
            tallies[seat].append(WON_CICHA)
        if contract in ALL_TRICKS_CONTRACTS:
            tallies[seat].append(WON_ALL_TRICKS_SOLO)
    for seat, (status, _) in zip(state.double_seats, verdicts, strict=True):
        if status is DoubleStatus.COUNTS and seat in winners:
            tallies[seat].append(WON_DOUBLE)
    return tuple(tuple(seat_tallies) for seat_tallies in tallies)


def outcome(
    options: Options,
    contract: Contract,
    declarers: frozenset[int],
    declarer_points: int,
    double_seats: Sequence[int],
) -> tuple[bool, int]:
    """Whether the declaring side wins, and the value, from its card points alone.

    For search, which knows the points a line of play gives but not its tricks.
    """
    declarers_win, steps = settlement_steps(options, contract, declarers, declarer_points, double_seats, [])
    return declarers_win, settled_value(tuple(steps))


def settlement_steps(
    options: Options,
    contract: Contract,
    declarers: frozenset[int],
    declarer_points: int,
    double_seats: Sequence[int],
    cleared: list[SettlementStep],
) -> tuple[bool, list[SettlementStep]]:
    """The verdict and the steps of the settlement.

    Tricks follow from points: every card is worth at least 2, so a side without
    points took no trick and a side with all 104 took every trick.
    """
    label = CONTRACT_LABELS[contract]
    verdicts = double_verdicts(
        options, double_seats, lambda seat: seat in declarers, contract is Contract.CICHA
    )
    counting = [
        (level, seat)
        for level, (seat, (status, _)) in enumerate(zip(double_seats, verdicts, strict=True), 1)
        if status is DoubleStatus.COUNTS
    ]
    base = options.base_value(contract)
    steps = [SettlementStep("base", f"Base value of {label}", StepOperation.BASE, base)]
    if contract is Contract.KOP:
        declarers_win = True
        steps.append(SettlementStep("laid_down", "Kop cannot lose and is laid down", StepOperation.NOTE, 1))
    elif contract in ALL_TRICKS_CONTRACTS:
        declarers_win = declarer_points == TOTAL_POINTS
    elif declarer_points == HALF_POINTS:
        if counting:
            level, seat = counting[-1]
            declarers_win = seat not in declarers
            tie_note = (
                f"52:52: the last double that counts is the {options.double_name(level)} of seat {seat}, "
                "so that party loses"
            )
        else:
            declarers_win = False
            tie_note = f"52:52 without a double that counts: {_declaring_side_loses(contract)}"
        steps.append(SettlementStep("tie", tie_note, StepOperation.NOTE, 1))
    else:
        declarers_win = declarer_points >= WINNING_POINTS

    if contract in SCHNEIDER_CONTRACTS:
        loser_points = TOTAL_POINTS - declarer_points if declarers_win else declarer_points
        if loser_points == 0:
            schwarz = "Schwarz: the losers took no trick"
            steps.append(SettlementStep("schwarz", schwarz, StepOperation.MULTIPLY, 3))
        elif loser_points <= SCHNEIDER_LIMIT:
            steps.append(
                SettlementStep(
                    "schneider",
                    f"Schneider: the losers have {loser_points} points, at most {SCHNEIDER_LIMIT} points",
                    StepOperation.MULTIPLY,
                    2,
                )
            )
    if options.rule_set is RuleSet.BASKA and not declarers_win:
        steps.append(
            SettlementStep(
                "baska_lost",
                f"Baśka: {_declaring_side_loses(contract)}, so it counts double",
                StepOperation.MULTIPLY,
                2,
            )
        )
    steps.extend(cleared)
    for level, (seat, (status, note)) in enumerate(zip(double_seats, verdicts, strict=True), 1):
        steps.append(
            SettlementStep(
                "double",
                f"{options.double_name(level)} by seat {seat}",
                StepOperation.MULTIPLY,
                2,
                struck=status is not DoubleStatus.COUNTS,
                note=note,
            )
        )
    return declarers_win, steps


def payments(value: int, declarers: frozenset[int], winners: frozenset[int]) -> tuple[int, ...]:
    """Per-seat score changes: 2 v 2 one loser pays each winner; a soloist pays or gets x3."""
    if len(declarers) == 1:
        (soloist,) = declarers
        sign = 1 if soloist in winners else -1
        return tuple(
            sign * value * (SEATS - 1) if seat == soloist else -sign * value for seat in range(SEATS)
        )
    return tuple(value if seat in winners else -value for seat in range(SEATS))


def _parties(contract: Contract, declarers: frozenset[int]) -> tuple[str, str]:
    """Who played against whom, as the settlement names them: ``the Old (seat 0 and seat
    2)``, ``seat 1 alone``."""
    defenders = " and ".join(f"seat {seat}" for seat in range(SEATS) if seat not in declarers)
    named = " and ".join(f"seat {seat}" for seat in sorted(declarers))
    if len(declarers) == 1:
        return f"{named} alone", defenders
    if contract is Contract.WESELE:
        return f"the Wesele pair ({named})", f"the other two ({defenders})"
    return f"the Old ({named})", f"the Young ({defenders})"


def _declaring_side_loses(contract: Contract) -> str:
    if contract is Contract.NORMAL:
        return "the Old lose"
    if contract is Contract.WESELE:
        return "the Wesele players lose"
    return "the soloist loses"
