"""A settled deal of Speculation as a ``DealResult``: every chip that moved, line by line.

There is no contract: the settlement starts from the pool (the deal's value) and lists the
antes, each sale and trade, the fines for fives and jacks and the pool won, each as what it
took from or gave to the seats it names. Only cards turned up are listed, each under the
seat that owns it at the end (a card sold under its buyer); a card never turned up stays
unseen.
"""

from __future__ import annotations

from engine.game import DealResult, SettlementStep, StepOperation
from engine.speculation.blocks import SpeculationSettlement
from engine.speculation.deal import DealState
from engine.speculation.market import POOL


def deal_result(state: DealState) -> DealResult:
    seats = state.seats
    winners = frozenset({state.winner}) if state.winner >= 0 else frozenset()
    won = _won(state) if state.winner >= 0 else 0
    # The deal's value is the pool, won or left; the seat-bound lines are the chips that moved.
    pool = won or state.pool_left
    steps = [SettlementStep("pool", f"the pool: {pool} chips", StepOperation.BASE, pool)]
    for payment in state.payments:
        if payment.payer != POOL:
            steps.append(_step(payment.kind, payment.label, -payment.chips, payment.payer))
        if payment.payee != POOL:
            steps.append(_step(payment.kind, payment.label, payment.chips, payment.payee))
    if state.winner < 0:
        steps.append(
            SettlementStep("pool_left", f"{state.pool_left} chips stay in the pool", StepOperation.NOTE, 1)
        )
    if state.winner >= 0:
        summary = f"Seat {state.winner} wins the pool of {won} chips with {state.best.symbol}."
    else:
        summary = f"Nobody wins: {state.pool_left} chips stay in the pool."
    detail = SpeculationSettlement(
        trump=state.trump.letter,
        turn_up=state.turn_up,
        pool=pool,
        winner=state.winner,
        best=state.best,
        pool_left=state.pool_left,
        extra_cards=tuple(state.extra_cards),
        chips=tuple(state.chips),
    )
    return DealResult(
        contract="",
        contract_label="Speculation",
        declarers=frozenset(),
        winners=winners,
        value=detail.pool,
        scores=tuple(state.chips[seat] - state.start_chips[seat] for seat in range(seats)),
        steps=tuple(steps),
        card_points=(0,) * seats,
        # Who had which cards at the end: a card sold lies with its buyer.
        hands=tuple(state.face_up(seat) for seat in range(seats)),
        summary=summary,
        detail=detail,
        leaves={"pack": [str(card) for card in state.rest], "seen": [str(card) for card in state.seen]},
    )


def _won(state: DealState) -> int:
    return next(payment.chips for payment in reversed(state.payments) if payment.kind == "pool")


def _step(kind: str, label: str, amount: int, seat: int) -> SettlementStep:
    return SettlementStep(kind, label, StepOperation.ADD, amount, seats=frozenset({seat}))
