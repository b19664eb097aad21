"""Who wins the pool, and what a card is worth, as seen from the table.

Nobody sees a face-down card, its owner neither, so every unseen card is equally likely to
lie in any face-down slot (a seat's stack, the extra hand) or off the table (in the rest
of the pack, or left unturned in an earlier deal). Card counting decides what "unseen"
means: this deal's cards only, or every card turned up since the pack was shuffled.

Whatever the order of turning, the pool goes to whoever holds the highest trump among the
best trump on the table and the face-down cards: a higher trump in another seat's stack
is turned up sooner or later (every stack but the owner's is turned before the deal
ends), and one in the owner's stack never needs to be. In the extra hand it wins for
nobody. So the chances need no playout:

* ``best`` (the best trump itself) wins when every unseen higher trump is off the table;
* a face-down slot wins when it holds an unseen higher trump and every unseen trump above
  that one is off the table.

Sales and trades move these chances between seats but do not change them, which is what
a fair price is: the chance times the pool. The calculation is exact; what is left out:
with the carry-over option the pool also stays when no stack card is a trump, and the fines
for fives and jacks are not counted.

``rank_chances`` is the rule of thumb of a player who does not count: the higher the best
trump's rank, the likelier it stands, whatever the number of cards face down.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, Rank
from engine.speculation.blocks import SpeculationView

PACK_SIZE = 52


@dataclass(frozen=True)
class Chances:
    """``best``: the best trump's chance to win the pool; ``slot``: any one face-down
    slot's; ``seats``: each seat's (the best trump if it owns it, and its stack); the rest
    of 1 goes to the extra hand (the pool stays)."""

    best: float
    slot: float
    seats: tuple[float, ...]
    pool: int

    def worth(self, chance: float) -> float:
        """Chips a chance of the pool is worth."""
        return chance * self.pool


def known_cards(view: SpeculationView, counting: bool) -> frozenset[Card]:
    """The cards a player knows are not face down: this deal's turned-up cards, and with
    ``counting`` every card turned up since the pack was shuffled."""
    known = {view.turn_up, *view.extra_cards}
    for seat in view.seats:
        known.update(seat.revealed)
        known.update(seat.bought)
    if counting:
        known.update(view.seen)
    return frozenset(known)


def chances(view: SpeculationView, counting: bool) -> Chances:
    known = known_cards(view, counting)
    trump = view.turn_up.suit
    unseen = PACK_SIZE - len(known)
    higher = sum(1 for rank in Rank if rank > view.best.rank and Card(trump, rank) not in known)
    face_down = sum(len(seat.slot_ids) for seat in view.seats) + len(view.extra_hand)
    off_table = unseen - face_down
    best = _all_off(higher, off_table, unseen)
    slot = 0.0
    if face_down:
        # The j-th highest unseen higher trump lies in this slot (1/unseen), and the j
        # above it are among the off-table places of the other unseen - 1.
        above_off = 1.0
        for above in range(higher):
            slot += above_off / unseen
            if above + 1 < higher:
                above_off *= max(off_table - above, 0) / (unseen - 1 - above)
    seats = tuple(
        len(seat.slot_ids) * slot + (best if number == view.owner else 0.0)
        for number, seat in enumerate(view.seats)
    )
    return Chances(best, slot, seats, view.pool)


def rank_chances(view: SpeculationView) -> Chances:
    """The best trump stands with (rank - 1) / 13 (a two 1/13, a king 12/13), and the rest is
    shared by the face-down cards alike."""
    best = (view.best.rank - 1) / len(Rank) if view.best.rank < Rank.ACE else 1.0
    face_down = sum(len(seat.slot_ids) for seat in view.seats) + len(view.extra_hand)
    slot = (1 - best) / face_down if face_down else 0.0
    seats = tuple(
        len(seat.slot_ids) * slot + (best if number == view.owner else 0.0)
        for number, seat in enumerate(view.seats)
    )
    return Chances(best, slot, seats, view.pool)


def _all_off(higher: int, off_table: int, unseen: int) -> float:
    """The chance that ``higher`` given unseen cards are all off the table."""
    chance = 1.0
    for index in range(higher):
        chance *= max(off_table - index, 0) / (unseen - index)
    return chance
