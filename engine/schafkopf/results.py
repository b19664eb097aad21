"""A settled Schafkopf deal in the engine's terms: the game's name as players say it,
and the ``DealResult`` with its settlement lines ("Rechenweg"): base, Schneider, Schwarz,
Laufende, Tout or Sie, each Aufstellen, Kontra and Re, what each seat pays or receives,
and the Stock."""

from __future__ import annotations

from engine.game import DealResult, SettlementStep, StepOperation
from engine.schafkopf.blocks import SchafkopfSettlement
from engine.schafkopf.constants import SUIT_NAMES, TOTAL_POINTS, AllPass, Kind
from engine.schafkopf.deal import Contract, DealState, trick_order
from engine.schafkopf.scoring import PlayedGame, Settlement, settle

_PLAIN_LABELS = {
    Kind.HOCHZEIT: "Hochzeit",
    Kind.BETTEL: "Bettel",
    Kind.GEIER: "Geier",
    Kind.WENZ: "Wenz",
    Kind.GEIER_TOUT: "Geier Tout",
    Kind.WENZ_TOUT: "Wenz Tout",
    Kind.SIE: "Sie",
    Kind.RAMSCH: "Ramsch",
}
_SUIT_LABELS = {
    Kind.SOLO: "Solo",
    Kind.SOLO_TOUT: "Solo Tout",
    Kind.FARBWENZ: "Farbwenz",
    Kind.FARBWENZ_TOUT: "Farbwenz Tout",
    Kind.FARBGEIER: "Farbgeier",
    Kind.FARBGEIER_TOUT: "Farbgeier Tout",
}


def game_label(contract: Contract) -> str:
    """The game as players name it: "Rufspiel auf die Gras-Sau", "Herz-Solo", "Wenz Tout"."""
    if contract.kind is Kind.RUFSPIEL:
        assert contract.suit is not None
        return f"Rufspiel auf die {SUIT_NAMES[contract.suit]}-Sau"
    if contract.kind in _SUIT_LABELS:
        assert contract.suit is not None
        return f"{SUIT_NAMES[contract.suit]}-{_SUIT_LABELS[contract.kind]}"
    return _PLAIN_LABELS[contract.kind]


def played_game(state: DealState) -> PlayedGame:
    contract = state.contract
    assert contract is not None
    return PlayedGame(
        kind=contract.kind,
        suit=contract.suit,
        declarer=contract.declarer,
        declarers=state.declarers,
        dealt=tuple(state.dealt),
        tricks=tuple((trick.winner, tuple(trick.cards)) for trick in state.tricks),
        doublings=tuple(state.doublings),
        stoss=tuple(state.stoss),
        stock=state.stock,
    )


def settlement(state: DealState) -> Settlement:
    return settle(state.options, played_game(state), trick_order(state))


def deal_result(state: DealState) -> DealResult:
    if state.thrown_in:
        return _thrown_in(state)
    contract = state.contract
    assert contract is not None
    settled = settlement(state)
    label = game_label(contract)
    hands = tuple(state.dealt)
    if contract.kind is Kind.SIE:
        # Only the Sie is laid down; the other hands stay hidden.
        hands = tuple(hand if seat == contract.declarer else () for seat, hand in enumerate(hands))
    kinds = {step.kind for step in settled.steps if not step.struck}
    declarer_points = sum(settled.card_points[seat] for seat in state.declarers)
    if contract.kind is Kind.SIE:
        declarer_points = TOTAL_POINTS
    detail = SchafkopfSettlement(
        game=contract.kind,
        suit=contract.suit,
        declarer=contract.declarer,
        partner=state.partner,
        declarer_points=declarer_points,
        won=settled.declarers_won,
        schneider="schneider" in kinds,
        schwarz="schwarz" in kinds,
        laufende=settled.laufende,
        laufende_with_declarers=settled.laufende_with_declarers,
        factor=2 ** (len(state.doublings) + len(state.stoss)),
        stock_change=settled.stock_change,
        ramsch_loser=settled.ramsch_loser,
        durchmarsch_seat=settled.durchmarsch_seat,
        jungfrauen=tuple(sorted(settled.jungfrauen)),
    )
    if contract.kind is Kind.RAMSCH:
        summary = (
            f"Ramsch: seat {settled.ramsch_loser} pays."
            if settled.ramsch_loser >= 0
            else (f"Ramsch: Durchmarsch by seat {settled.durchmarsch_seat}.")
        )
    else:
        verdict = "won" if settled.declarers_won else "lost"
        summary = f"Seat {contract.declarer} {verdict} the {label} with {declarer_points} points."
    return DealResult(
        contract=contract.kind.value,
        contract_label=label,
        declarers=state.declarers,
        winners=settled.winners,
        value=settled.value,
        scores=settled.payouts,
        steps=settled.steps,
        card_points=settled.card_points,
        hands=hands,
        summary=summary,
        detail=detail,
    )


def _thrown_in(state: DealState) -> DealResult:
    """Everyone passed and the cards are thrown in: the next dealer deals, the deal counts
    as one of the match's, and under the Stock rule everyone pays the stake in."""
    seats = state.seats
    stake = state.options.tariff.stock if state.options.all_pass is AllPass.STOCK else 0
    steps = [SettlementStep("thrown_in", "everyone passed: the cards are thrown in", StepOperation.NOTE, 1)]
    steps += [
        SettlementStep("stock", "into the Stock", StepOperation.ADD, -stake, seats=frozenset({seat}))
        for seat in range(seats)
        if stake
    ]
    detail = SchafkopfSettlement(
        None, None, -1, -1, 0, False, False, False, 0, False, 1, stake * seats, -1, -1, ()
    )
    summary = "Everyone passed: thrown in" + (f", {stake} each into the Stock." if stake else ".")
    return DealResult(
        "",
        "Zusammengeworfen",
        frozenset(),
        frozenset(),
        0,
        (-stake,) * seats,
        tuple(steps),
        (0,) * seats,
        ((),) * seats,
        summary,
        detail=detail,
    )
