"""What a viewer can know about the parties: seat badges and which doubles count.

Knowledge is computed only from card locations the viewer may know (his own dealt hand
and every card played, or every card once the deal is over) and from what was
announced, so a view can never reveal more than the table would. The one deliberate
reveal is the rule's own: the Wesele partner becomes known when the partner jack falls.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.baska_kop.constants import (
    JACKS_HIGH_TO_LOW,
    QUEEN_OF_CLUBS,
    QUEEN_OF_SPADES,
    SEATS,
    SOLO_ANNOUNCEMENTS,
    Contract,
)
from engine.baska_kop.state import DealState, Phase
from engine.cards import Card
from engine.game import Badge

Sides = tuple[bool | None, ...]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one viewer knows of the parties at one moment (``knowledge``): worked out once
    for a view, which asks it of its badges, its calls, its contract and its parties."""

    # Per seat: True for the declaring side, False for the other, None if unknown.
    sides: Sides
    # True/False if the viewer knows whether the game is a silent Cicha, else None.
    cicha: bool | None


def knowledge(state: DealState, viewer: int | None) -> Knowledge:
    locations = known_locations(state, viewer)
    return Knowledge(_sides(state, viewer, locations), _cicha(state, viewer, locations))


def known_locations(state: DealState, viewer: int | None) -> dict[Card, int]:
    """Card -> seat that was dealt it, for every card whose holder the viewer knows."""
    if state.phase is Phase.FINISHED:
        return {card: seat for seat, hand in enumerate(state.dealt) for card in hand}
    locations: dict[Card, int] = {}
    if viewer is not None:
        locations.update(dict.fromkeys(state.dealt[viewer], viewer))
    for trick in state.tricks:
        locations.update({card: seat for seat, card in trick.cards})
    locations.update({card: seat for seat, card in state.trick})
    return locations


def known_sides(state: DealState, viewer: int | None) -> Sides:
    """Per seat: True for the declaring side, False for the other, None if unknown."""
    return _sides(state, viewer, known_locations(state, viewer))


def badges(state: DealState, known: Knowledge) -> tuple[frozenset[Badge], ...]:
    marks: list[set[Badge]] = [set() for _ in range(SEATS)]
    marks[state.dealer].add(Badge.DEALER)
    if state.phase is Phase.BIDDING:
        if state.announcer is not None:
            marks[state.announcer].add(Badge.OLD if state.announced is Contract.WESELE else Badge.SOLOIST)
        return tuple(frozenset(mark) for mark in marks)
    announced = state.announced
    for seat, side in enumerate(known.sides):
        if announced in SOLO_ANNOUNCEMENTS:
            if side:
                marks[seat].add(Badge.SOLOIST)
        elif side is False:
            marks[seat].add(Badge.YOUNG)
        elif side and announced is Contract.WESELE:
            marks[seat].add(Badge.OLD if seat == state.announcer else Badge.PARTNER)
        elif side:
            marks[seat].add(Badge.SOLOIST if known.cicha else Badge.OLD)
    return tuple(frozenset(mark) for mark in marks)


def _cicha(state: DealState, viewer: int | None, locations: dict[Card, int]) -> bool | None:
    if state.announced is not None:
        return False
    clubs, spades = locations.get(QUEEN_OF_CLUBS), locations.get(QUEEN_OF_SPADES)
    if clubs is not None and spades is not None:
        return clubs == spades
    if viewer is not None and (clubs == viewer or spades == viewer):
        return False
    return None


def _sides(state: DealState, viewer: int | None, locations: dict[Card, int]) -> Sides:
    if state.phase is Phase.FINISHED:
        return tuple(seat in state.declarers for seat in range(SEATS))
    announcer = state.announcer
    if state.announced in SOLO_ANNOUNCEMENTS:
        return tuple(seat == announcer for seat in range(SEATS))
    sides: list[bool | None] = [None] * SEATS
    if state.announced is Contract.WESELE and announcer is not None:
        sides[announcer] = True
        partner = _wesele_partner(state, locations, announcer)
        if partner is not None:
            return tuple(seat in (announcer, partner) for seat in range(SEATS))
        if (
            viewer is not None
            and viewer != announcer
            and not any(card in JACKS_HIGH_TO_LOW for card in state.dealt[viewer])
        ):
            sides[viewer] = False
        return tuple(sides)
    holders = [locations.get(QUEEN_OF_CLUBS), locations.get(QUEEN_OF_SPADES)]
    known = [seat for seat in holders if seat is not None]
    if len(known) == len(holders):
        return tuple(seat in known for seat in range(SEATS))
    for seat in known:
        sides[seat] = True
    if viewer is not None and sides[viewer] is None:
        sides[viewer] = False
    return tuple(sides)


def _wesele_partner(state: DealState, locations: dict[Card, int], declarer: int) -> int | None:
    """The Wesele partner if the viewer can know him, else None.

    The partner holds the highest jack the declarer does not hold. Walking the jacks
    from the top, the first one known to lie outside the declarer's hand names him;
    an unknown jack before it leaves him unknown. When the partner jack itself has
    fallen, the table knows him (the rule's reveal).
    """
    for seat, card in [pair for trick in state.tricks for pair in trick.cards] + state.trick:
        if card == state.partner_jack:
            return seat
    for jack in JACKS_HIGH_TO_LOW:
        holder = locations.get(jack)
        if holder is None:
            return None
        if holder != declarer:
            return holder
    return None
