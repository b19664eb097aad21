"""Speculation's chances by sampling, to check the exact ones (``chances``) against.

Each sample places the unseen trumps above the best one at random among all the places an
unseen card can be (the face-down slots first, then off the table), as a fresh shuffle
would; the best trump stands when none lands face down, and the first face-down slot
wins when the highest one that lands face down lands there. ``positions`` makes market
positions to compare on: deals at 3 to 9 seats, some dealt from a pack already under
way (``later_deal``), played a random number of steps (turning up and keeping).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ai_worker.players.speculation.chances import PACK_SIZE, known_cards
from engine.cards import Card, Rank
from engine.game import JsonValue
from engine.speculation import DealState, Options, Phase, Speculation
from engine.speculation.blocks import Keep, Reveal, SpeculationView
from engine.speculation.constants import PACK, SEAT_COUNTS

_GAME = Speculation()


def sampled_chances(
    view: SpeculationView, counting: bool, samples: int, rng: random.Random
) -> tuple[float, float]:
    """The best trump's and the first face-down slot's chance to win, from ``samples``
    random placements of the unseen higher trumps."""
    known = known_cards(view, counting)
    trump = view.turn_up.suit
    higher = [
        rank
        for rank in sorted(Rank, reverse=True)
        if rank > view.best.rank and Card(trump, rank) not in known
    ]
    unseen = PACK_SIZE - len(known)
    face_down = sum(len(seat.slot_ids) for seat in view.seats) + len(view.extra_hand)
    best_wins = slot_wins = 0
    for _ in range(samples):
        places = rng.sample(range(unseen), len(higher))  # highest trump first
        down = [place for place in places if place < face_down]
        if not down:
            best_wins += 1
        elif down[0] == 0:
            slot_wins += 1
    return best_wins / samples, slot_wins / samples


def positions(count: int, seed: int) -> Iterator[tuple[SpeculationView, bool]]:
    """``count`` market views, each with whether to count the cards seen since the shuffle."""
    rng = random.Random(seed)
    for number in range(count):
        seats = SEAT_COUNTS[number % len(SEAT_COUNTS)]
        options = Options(extra_hand=number % 3 == 0)
        state = later_deal(rng.randrange(2**31), seats, options)
        for _ in range(rng.randrange(3 * seats)):
            if state.phase is Phase.FINISHED:
                break
            (seat,) = sorted(_GAME.to_act(state))[:1]
            _GAME.apply(state, seat, Keep() if state.phase is Phase.SALE else Reveal())
        view = _GAME.revealed(state, 0)
        assert isinstance(view, SpeculationView)
        yield view, number % 2 == 0


def later_deal(seed: int, seats: int, options: Options) -> DealState:
    """A deal of a match under way: some cards were turned up since the shuffle (known to
    a counting player), some went unturned (unknown to everyone), the rest is the pack."""
    rng = random.Random(seed)
    cards = list(PACK)
    rng.shuffle(cards)
    seen = rng.choice((0, 6, 14))
    gone = rng.choice((0, 5))
    carry: JsonValue = {
        "pack": [str(card) for card in cards[seen + gone :]],
        "seen": [str(card) for card in cards[:seen]],
        "chips": [40] * seats,
        "pool": 0,
        "deal": 0,
    }
    return _GAME.new_deal(options, seats, rng.randrange(seats), seed, carry)
