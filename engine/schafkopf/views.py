"""What a Schafkopf viewer sees beyond his own cards, for ``Schafkopf.view``: the
partner as far as the viewer knows him, the game with its trumps, the trump ladder,
badges, the calls, cards lying face up, the parties and the tricks' points.
"""

from __future__ import annotations

from engine.actions import Announce, Double, Pass
from engine.cards import Card
from engine.game import Badge, ContractView, DoubleStatus, HistoryEntry, LadderRung, Party, Trick
from engine.schafkopf.blocks import GiveCard
from engine.schafkopf.constants import PARTNER_GAMES, Kind, card_name, points
from engine.schafkopf.deal import DealState, Phase, trick_order
from engine.schafkopf.results import game_label


def partner_for(state: DealState, viewer: int | None) -> int:
    """The declarer's partner as ``viewer`` knows him, -1 if not (or there is none)."""
    if state.partner < 0:
        return -1
    if state.partner_known or viewer == state.partner or state.phase is Phase.FINISHED:
        return state.partner
    return -1


def contract_view(state: DealState) -> ContractView:
    contract = state.contract
    assert contract is not None
    order = trick_order(state)
    trumps = " ".join(card_name(card) for card in order.trumps) or "no trump"
    declarer = None if contract.kind is Kind.RAMSCH else contract.declarer
    return ContractView(contract.kind.value, game_label(contract), declarer, f"trumps: {trumps}")


def ladder(state: DealState, viewer: int | None) -> tuple[LadderRung, ...]:
    if state.contract is None or state.contract.kind is Kind.SIE:
        return ()
    fallen = {card for trick in state.tricks for _, card in trick.cards}
    if state.trick is not None:
        fallen |= {card for _, card in state.trick.cards}
    own = set(state.hands[viewer]) if viewer is not None else set()
    return tuple(LadderRung(card, card in own, card in fallen) for card in trick_order(state).trumps)


def badges(state: DealState, partner: int) -> tuple[frozenset[Badge], ...]:
    badges = [{Badge.DEALER} if seat == state.dealer else set() for seat in range(state.seats)]
    contract = state.contract
    if contract is not None and contract.kind not in PARTNER_GAMES and contract.kind is not Kind.RAMSCH:
        badges[contract.declarer].add(Badge.SOLOIST)
    if partner >= 0:
        badges[partner].add(Badge.PARTNER)
    return tuple(frozenset(seat_badges) for seat_badges in badges)


def history(state: DealState, viewer: int | None) -> tuple[HistoryEntry, ...]:
    """The calls as ``viewer`` may see them: the card given for a Hochzeit's trump is seen
    by the giver and the Hochzeiter only; the others read that the seat took it."""
    entries = [HistoryEntry(seat, Double(), "Aufstellen", DoubleStatus.COUNTS) for seat in state.doublings]
    for seat, contract in state.calls:
        if contract is None:
            entries.append(HistoryEntry(seat, Pass(), "Weiter"))
        else:
            entries.append(
                HistoryEntry(seat, Announce(contract.kind.value, contract.suit), game_label(contract))
            )
    for seat, card in state.offers:
        if card is None:
            entries.append(HistoryEntry(seat, Pass(), "Nicht genommen"))
        elif state.contract is not None and viewer in (seat, state.contract.declarer):
            entries.append(HistoryEntry(seat, GiveCard(card), "Genommen"))
        else:
            entries.append(HistoryEntry(seat, GiveCard(None), "Nimmt die Hochzeit"))
    for index, seat in enumerate(state.stoss):
        entries.append(HistoryEntry(seat, Double(), "Re" if index else "Kontra", DoubleStatus.COUNTS))
    return tuple(entries)


def shown(state: DealState) -> tuple[tuple[Card, ...], ...]:
    """Cards lying face up: with two players every seat's face-up cards; the
    Hochzeit's trump while it is offered."""
    if state.seats == 2:
        return tuple(tuple(hand) for hand in state.hands)
    shown: list[tuple[Card, ...]] = [() for _ in range(state.seats)]
    if state.phase is Phase.HOCHZEIT and state.hochzeit_card is not None and state.contract is not None:
        shown[state.contract.declarer] = (state.hochzeit_card,)
    return tuple(shown)


def parties(state: DealState, partner: int) -> tuple[Party, ...]:
    contract = state.contract
    if contract is None or contract.kind in (Kind.RAMSCH, Kind.SIE):
        return ()
    taken = card_points(state)
    declarers = {contract.declarer} | ({partner} if partner >= 0 else set())
    if contract.kind not in PARTNER_GAMES or partner >= 0:
        defenders = set(range(state.seats)) - declarers
        groups = [("Spieler", declarers), ("Nichtspieler", defenders)]
    else:
        groups = [("Spieler", declarers)] + [
            ("?", {seat}) for seat in range(state.seats) if seat not in declarers
        ]
    return tuple(
        Party(label, frozenset(seats), sum(taken[seat] for seat in seats)) for label, seats in groups
    )


def trick(state: DealState, leader: int, cards: list[tuple[int, Card]], winner: int | None) -> Trick:
    return Trick(
        leader,
        tuple(cards),
        None if winner is None or winner < 0 else winner,
        points([card for _, card in cards]),
    )


def completed(state: DealState) -> tuple[Trick, ...]:
    """The completed tricks as views show them, each made once and kept on the state."""
    made = state.trick_views
    for played in state.tricks[len(made) :]:
        made.append(trick(state, played.leader, played.cards, played.winner))
    return tuple(made)


def card_points(state: DealState) -> tuple[int, ...]:
    taken = [0] * state.seats
    for done in completed(state):
        assert done.winner is not None
        taken[done.winner] += done.points
    return tuple(taken)
