"""A settled Bela deal in the engine's terms: the ``DealResult`` with its settlement lines
("Rechenweg"), per party: points in tricks, last trick, Kup, zvanja, Bela, Štiglja; then
the caller's party's points and the verdict, prolaz or pao."""

from __future__ import annotations

from engine.bela.blocks import BelaSettlement
from engine.bela.constants import LAST_TRICK, STIGLJA, SUIT_WORDS
from engine.bela.deal import DealOutcome, DealState, party_of
from engine.bela.play import TrickOrder
from engine.game import DealResult, SettlementStep, StepOperation

TRUMP = "trump"


def trump_label(state: DealState) -> str:
    """The trump as players name it, e.g. "♥ Herz"."""
    assert state.trump is not None
    return f"{state.trump.symbol} {SUIT_WORDS[state.options.display][state.trump]}"


def deal_result(state: DealState, dealt: DealOutcome) -> DealResult:
    seats = state.seats
    hands = tuple(tuple(state.held[seat]) or tuple(state.hands[seat]) for seat in range(seats))
    zeros = (0,) * seats
    if state.thrown_in:
        # Cards of a thrown-in deal are never shown, as at the table.
        hands = ((),) * seats
        note = SettlementStep(
            "thrown_in", "everyone said dalje: the same dealer deals again", StepOperation.NOTE, 1
        )
        return DealResult("", "Neu gegeben", frozenset(), frozenset(), 0, zeros, (note,), zeros, hands,
                          "Everyone said dalje: dealt again.", redeal=True)  # fmt: skip
    assert state.trump is not None
    caller_party = party_of(seats, state.caller)
    declarers = frozenset(seat for seat in range(seats) if party_of(seats, seat) == caller_party)
    label = trump_label(state)
    detail_kup = tuple(state.kup)
    if dealt.belot_seat >= 0:
        belot = dealt.belot_seat
        # Only the Belot is laid down; the other hands stay hidden.
        hands = tuple(hands[seat] if seat == belot else () for seat in range(seats))
        winners = frozenset(seat for seat in range(seats) if party_of(seats, seat) == party_of(seats, belot))
        note = SettlementStep(
            "belot", f"Belot: seat {belot} holds all eight of a suit", StepOperation.NOTE, 1
        )
        detail = BelaSettlement(state.trump.letter, state.caller, False, zeros, detail_kup, belot)
        return DealResult(TRUMP, label, declarers, winners, 0, zeros, (note,), zeros, hands,
                          f"Belot: seat {belot} wins the Partie.", detail=detail)  # fmt: skip
    settlement = dealt.settlement
    assert settlement is not None
    steps: list[SettlementStep] = []
    last = party_of(seats, state.tricks[-1].winner)
    order = TrickOrder(state.trump)
    for party, members in enumerate(dealt.parties):
        group = frozenset(members)
        won = [trick for trick in state.tricks if party_of(seats, trick.winner) == party]
        in_tricks = sum(order.points([card for _, card in trick.cards]) for trick in won)
        lines = [("tricks", "points in tricks", in_tricks)]
        if party == last:
            lines += [("last_trick", "last trick", LAST_TRICK), ("kup", "Kup", order.points(state.kup))]
        if won:
            lines += [("zvanja", "zvanja", dealt.zvanja[party]), ("bela", "Bela", dealt.bela[party])]
        if len(won) == len(state.tricks):
            lines.append(("stiglja", "Štiglja", STIGLJA))
        steps += [SettlementStep(kind, label_, StepOperation.ADD, amount, seats=group)
                  for kind, label_, amount in lines if amount]  # fmt: skip
    made_caller = settlement.made[caller_party]
    verdict = "prolaz" if settlement.passed else "pao"
    steps.append(SettlementStep("base", "the caller's party made", StepOperation.BASE, made_caller))
    steps.append(
        SettlementStep(
            verdict,
            f"{verdict}: {made_caller} of {settlement.total} points, more than half needed",
            StepOperation.NOTE,
            1,
        )
    )
    value = made_caller if settlement.passed else 0
    if not settlement.passed:
        steps.append(
            SettlementStep("fallen", "fallen: the caller's party gets nothing", StepOperation.BASE, 0)
        )
        # Each seat's lines add up to its score: the caller's points leave his party and
        # go to the opponents (with three players shared, the odd point to the first).
        for party, members in enumerate(dealt.parties):
            moved = settlement.scores[party] - settlement.made[party]
            if moved:
                label_ = "the fallen caller's points"
                if moved < 0:
                    label_ = "fallen: the caller's party loses its points"
                steps.append(
                    SettlementStep("pao", label_, StepOperation.ADD, moved, seats=frozenset(members))
                )
    winners = declarers if settlement.passed else frozenset(range(seats)) - declarers
    card_points = tuple(
        sum(
            step.amount
            for step in steps
            if step.kind in ("tricks", "last_trick", "kup") and seat in step.seats
        )
        for seat in range(seats)
    )
    made = tuple(settlement.made[party_of(seats, seat)] for seat in range(seats))
    detail = BelaSettlement(state.trump.letter, state.caller, settlement.passed, made, detail_kup, -1)
    summary = (
        f"Seat {state.caller} chose {label}: its party made {made_caller} of {settlement.total} points "
        f"({verdict})."
    )
    return DealResult(TRUMP, label, declarers, winners, value, dealt.scores, tuple(steps), card_points, hands,
                      summary, detail=detail)  # fmt: skip
