"""Helpers for the Bela rules tests: deals with chosen cards, and playing them out."""

from __future__ import annotations

from engine.bela.constants import PACK, TALON, Options
from engine.bela.deal import DealState, PlayedTrick, deal, play, playable
from engine.cards import Card, parse_cards
from engine.seeding import SeededRandom


def rigged(hands: list[str], talons: list[str], dealer: int = 0, options: Options | None = None) -> DealState:
    """A deal whose seats hold ``hands`` (six cards each) and ``talons``; the Kup is the
    rest of the pack."""
    state = deal(options or Options(), len(hands), dealer, 1)
    state.hands = [list(parse_cards(hand)) for hand in hands]
    state.talons = [list(parse_cards(talon)) for talon in talons]
    used = {card for cards in state.hands + state.talons for card in cards}
    state.kup = tuple(card for card in PACK if card not in used)
    state.dealt = [tuple(hand) for hand in state.hands]
    state.talons_dealt = [tuple(talon) for talon in state.talons]
    assert all(len(talon) == TALON[len(hands)] for talon in state.talons)
    return state


def legal_cards(state: DealState, seat: int) -> list[Card]:
    return [card for card, why in playable(state, seat).items() if not why]


def play_out(state: DealState, random: SeededRandom) -> list[PlayedTrick]:
    """Play random legal cards to the end of the deal."""
    completed = []
    while state.trick is not None and state.phase.value == "play":
        seat = state.turn
        trick = play(state, seat, random.choice(legal_cards(state, seat)))
        if trick is not None:
            completed.append(trick)
    return completed
