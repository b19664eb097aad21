"""Double-dummy solver for trick games: every hand open, perfect play by both sides.

The solver knows no game: a game describes itself as ``TrickRules`` (``rules.py``), all
data: cards as indices with lanes and points, 2 to 4 seats, duty flags, what a trick is
worth, covered cards, a called ace and whether the side plays a misère (it scores what
the others take).

A position is the hands as card masks, the leader, the cards of the open trick and the
state bits ``CALLED_LANE_LED`` and ``SIDE_LOST_A_TRICK`` (for the sweep bonus). The
solver maximises what one side (a set of seats) scores from the cards still in play,
with alpha-beta search, a transposition table at trick starts (exact keys in an
open-addressing array), bounds from what is still to be won and from the top trumps one
side holds (each wins the trick it falls in), move ordering (winning cards first) and
equivalent-card reduction (cards adjacent in rank within one hand, with equal points,
are searched once). ``reaches``
answers "does the side score at least N" with a null-window search, which is all a
threshold decision needs.

A search stops once the solver's ``nodes`` pass its ``node_limit`` (by default never) by
raising ``NodeLimitError``: its caller bounds the time a decision takes and uses what
was answered before. The table keeps only what finished searches proved, so the solver
stays usable.

The module is written in Cython's pure-Python mode: ``solver.pxd`` declares C types and
the package build compiles it; without the compiled module the same source runs as plain
Python with identical values and node counts (``tests/search`` checks both). The
constants come from ``rules.py``; compiled, ``solver.pxd`` makes them C values so the
search does no arithmetic on Python objects.
"""

from array import array

import cython

from ai_worker.search.rules import (
    BEAT_LED,
    BEAT_TRUMP,
    CALLED_LANE_LED,
    CARD_POINTS,
    FOLLOW,
    INFINITY,
    LANES,
    MAX_CARDS,
    MAX_SEATS,
    OVERTRUMP,
    SIDE_LOST_A_TRICK,
    TRUMP_LANE,
    TRUMP_WHEN_VOID,
    UNDERTRUMP,
    TrickRules,
)

# Index of the lowest set bit of a 32-bit mask by de Bruijn multiplication; portable
# between C (unsigned 32-bit arithmetic) and Python (masked explicitly).
_DEBRUIJN = (0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
             31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9)  # fmt: skip

# The transposition table hashes with 64-bit multiplications, wrapping in C and masked
# explicitly in Python.
_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX = 0xBF58476D1CE4E5B9
# A table entry (32 bits): taken, the position's leader and state bits, the best card + 1,
# lower and upper bound.
_TAKEN = 1 << 31
_FIRST_TABLE_BITS = 12
# The node limit that never stops a search.
NO_NODE_LIMIT = (1 << 62) - 1


class NodeLimitError(Exception):
    """A search passed the solver's ``node_limit``: its answer is unknown."""


class Solver:
    """Solves positions of one trick game; reuse it to keep its transposition table."""

    def __init__(self, rules: TrickRules) -> None:
        count = len(rules.lanes)
        self.card_count = count
        self.seats = rules.seats
        self.duties = rules.duties
        counts_points = rules.objective == CARD_POINTS
        self.trick_value = rules.trick_bonus if counts_points else 1
        self.last_value = rules.last_trick_bonus if counts_points else 0
        self.sweep_value = rules.sweep_bonus if counts_points else 0
        self.called_ace = rules.called_ace
        self.run_away = rules.run_away
        # A misère side scores the tricks the others take (1 or 0, to test the winner's bit against).
        self.misere = 1 if rules.misere else 0
        if not cython.compiled:
            # Compiled, these are zeroed C arrays declared in solver.pxd.
            self.bit_of = [0] * MAX_CARDS
            self.lane_of = [0] * MAX_CARDS
            self.points = [0] * MAX_CARDS
            self.beaters = [0] * MAX_CARDS
            self.above = [0] * MAX_CARDS
            self.cover_of = [0] * MAX_CARDS
            self.lane_mask = [0] * LANES
            self.debruijn = [0] * MAX_CARDS
            self.hands = [0] * MAX_SEATS
            self.side_hand = [0] * MAX_SEATS
            self.trick = [0] * MAX_SEATS
            self.winning = [0] * MAX_SEATS
            self.moves = [0] * MAX_CARDS * (MAX_CARDS + 1)
            self.runs = [0] * MAX_CARDS
            self.scores = [0] * MAX_CARDS * (MAX_CARDS + 1)
        for position in range(MAX_CARDS):
            self.debruijn[position] = _DEBRUIJN[position]
            self.bit_of[position] = 1 << position
            self.cover_of[position] = -1
        self.covered_mask = 0
        self.covering_mask = 0
        for card in range(count):
            lane = rules.lanes[card]
            self.lane_of[card] = lane
            self.points[card] = rules.points[card] if counts_points else 0
            self.lane_mask[lane] |= self.bit_of[card]
            cover = rules.covers[card]
            if cover >= 0:
                self.cover_of[card] = cover
                self.covered_mask |= self.bit_of[card]
                self.covering_mask |= self.bit_of[cover]
        for card in range(count):
            lane = self.lane_of[card]
            higher = 0
            for other in range(card):
                if self.lane_of[other] == lane:
                    higher |= self.bit_of[other]
            self.above[card] = higher
            # Cards that beat ``card`` when it is the best card of a trick.
            self.beaters[card] = higher if lane == TRUMP_LANE else higher | self.lane_mask[TRUMP_LANE]
        self.called_lane = -1
        self.called_bit = 0
        if self.called_ace >= 0:
            self.called_lane = self.lane_of[self.called_ace]
            self.called_bit = self.bit_of[self.called_ace]
        # Cards the equivalent-card reduction leaves alone: playing one of them changes
        # more than which card of equal rank and value is gone.
        self.special_mask = self.covering_mask | self.called_bit
        # Runs of cards next to each other in rank with equal points (Schafkopf's 9 8 7):
        # once some of a run are gone, which of them are left changes nothing, so the
        # table keys a position with the run's cards that are left moved to its top.
        self.run_count = 0
        previous = -1
        for card in range(count):
            if self.bit_of[card] & (self.special_mask | self.covered_mask):
                previous = -1
                continue
            if (
                previous >= 0
                and self.lane_of[previous] == self.lane_of[card]
                and self.points[previous] == self.points[card]
            ):
                if self.run_count == 0 or not (self.runs[self.run_count - 1] >> previous) & 1:
                    self.runs[self.run_count] = self.bit_of[previous]
                    self.run_count += 1
                self.runs[self.run_count - 1] |= self.bit_of[card]
            previous = card
        # State bits that matter for this game; the others are dropped on loading.
        self.flag_mask = (CALLED_LANE_LED if self.called_ace >= 0 else 0) | (
            SIDE_LOST_A_TRICK if self.sweep_value > 0 else 0
        )
        self.trick_length = 0
        self.leader = 0
        self.side = 0
        self.flags = 0
        self.ply = 0
        self.cards_left = 0
        self.in_play = 0
        self.nodes = 0
        self.node_limit = NO_NODE_LIMIT
        self.key_first = 0
        self.key_second = 0
        self._clear_table()

    # Public API --------------------------------------------------------------------

    def solve(self, hands: list[int], leader: int, trick: list[int], side: int, flags: int = 0) -> int:
        """What the seats in ``side`` (a bit per seat) score from all cards still in play.

        ``hands`` are card masks per seat; ``trick`` the cards of the open trick in play
        order, led by ``leader``; ``flags`` the position's state bits.
        """
        self._load(hands, leader, trick, side, flags)
        # A binary search of null-window questions, each narrowing the range by what the
        # fail-soft answer proves: cheaper than one search with a wide window.
        low = 0
        high = self.in_play + ((self.cards_left + self.trick_length) // self.seats) * self.trick_value
        high += self.last_value + self.sweep_value
        while low < high:
            target = (low + high + 1) // 2
            value = self._search(target - 1, target)
            if value >= target:
                low = value
            else:
                high = value
        return low

    def reaches(
        self, hands: list[int], leader: int, trick: list[int], side: int, target: int, flags: int = 0
    ) -> bool:
        """Whether ``side`` scores at least ``target`` from the cards still in play."""
        self._load(hands, leader, trick, side, flags)
        return self._search(target - 1, target) >= target

    def move_values(
        self, hands: list[int], leader: int, trick: list[int], side: int, flags: int = 0
    ) -> list[tuple[int, int]]:
        """(card, exact value for ``side``) for every legal card of the seat to move."""
        self._load(hands, leader, trick, side, flags)
        mover = (leader + len(trick)) % self.seats
        legal = self._legal(mover)
        ceiling = self.in_play + ((self.cards_left + self.trick_length) // self.seats) * self.trick_value
        ceiling += self.last_value + self.sweep_value
        # A card worth as much as the one before it (see ``_equivalent``) shares its value.
        others = self._others(mover)
        results = []
        previous = -1
        previous_value = 0
        while legal:
            lowest = legal & -legal
            card = self._index(lowest)
            legal ^= lowest
            if previous >= 0 and self._equivalent(previous, card, others):
                results.append((card, previous_value))
                continue
            low = 0
            high = ceiling
            # Null-window questions, as in ``solve``: cheaper than one wide window. The
            # seat's cards are often worth about the same, so after the first card the
            # first two questions bracket the value found before it.
            guesses = 2 if previous >= 0 else 0
            while low < high:
                if guesses:
                    target = min(max(previous_value + 2 - guesses, low + 1), high)
                    guesses -= 1
                else:
                    target = (low + high + 1) // 2
                value = self._play_and_search(mover, card, target - 1, target)
                if value >= target:
                    low = value
                else:
                    high = value
            results.append((card, low))
            previous = card
            previous_value = low
        return results

    def move_reaches(
        self, hands: list[int], leader: int, trick: list[int], side: int, target: int, flags: int = 0
    ) -> list[tuple[int, bool]]:
        """(card, whether ``side`` scores at least ``target`` after it) for every legal card
        of the seat to move: one null-window question each, cheaper than their values."""
        self._load(hands, leader, trick, side, flags)
        mover = (leader + len(trick)) % self.seats
        legal = self._legal(mover)
        results = []
        while legal:
            lowest = legal & -legal
            card = self._index(lowest)
            legal ^= lowest
            results.append((card, self._play_and_search(mover, card, target - 1, target) >= target))
        return results

    def legal_cards(self, hands: list[int], leader: int, trick: list[int], flags: int = 0) -> int:
        """The mask of cards the seat to move may play."""
        self._load(hands, leader, trick, self.side, flags)
        return self._legal((leader + len(trick)) % self.seats)

    # Search ------------------------------------------------------------------------

    def _load(self, hands: list[int], leader: int, trick: list[int], side: int, flags: int) -> int:
        if side != self.side:
            self._clear_table()
            self.side = side
        for seat in range(MAX_SEATS):
            self.side_hand[seat] = _MASK32 if (side >> seat) & 1 else 0
        if len(hands) > self.seats or len(trick) >= self.seats or not 0 <= leader < self.seats:
            raise ValueError(f"a position of {self.seats} seats: at most that many hands, a shorter trick")
        self.cards_left = 0
        self.in_play = 0
        for seat in range(MAX_SEATS):
            hand = hands[seat] if seat < len(hands) else 0
            self.hands[seat] = hand
            while hand:
                low = hand & -hand
                hand ^= low
                self.cards_left += 1
                self.in_play += self.points[self._index(low)]
        for index in range(len(trick)):
            self.trick[index] = trick[index]
            self.in_play += self.points[trick[index]]
            self._note_winner(index)
        self.trick_length = len(trick)
        self.leader = leader
        self.flags = flags & self.flag_mask
        self.ply = 0
        return 0

    def _others(self, mover: int) -> int:
        """The cards in play that ``mover`` does not hold, the open trick's included."""
        others = (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]) & ~self.hands[mover]
        for index in range(self.trick_length):
            others |= self.bit_of[self.trick[index]]
        return others

    def _equivalent(self, higher: int, card: int, others: int) -> bool:
        """Whether ``card`` is worth as much as ``higher`` of the same hand: same lane and
        points, neither special, and no card of ``others`` between them."""
        return (
            self.lane_of[higher] == self.lane_of[card]
            and self.points[higher] == self.points[card]
            and ((self.bit_of[higher] | self.bit_of[card]) & self.special_mask) == 0
            and (self.above[card] & ~self.above[higher] & ~self.bit_of[higher] & others) == 0
        )

    def _index(self, low: int) -> int:
        return self.debruijn[((low * 0x077CB531) & _MASK32) >> 27]

    def _count(self, mask: int) -> int:
        count = 0
        while mask:
            mask &= mask - 1
            count += 1
        return count

    def _seat_at(self, position: int) -> int:
        """The seat that plays the card at ``position`` of the open trick."""
        seat = self.leader + position
        return seat - self.seats if seat >= self.seats else seat

    def _best_of_trick(self) -> int:
        """Position in the open trick of the card that wins it so far."""
        return self.winning[self.trick_length - 1]

    def _note_winner(self, position: int) -> int:
        """Record which card wins the trick once the card at ``position`` is in it."""
        if (
            position > 0
            and not (self.beaters[self.trick[self.winning[position - 1]]] >> self.trick[position]) & 1
        ):
            self.winning[position] = self.winning[position - 1]
        else:
            self.winning[position] = position
        return 0

    def _visible(self, hand: int) -> int:
        """The cards of ``hand`` no card of the same hand lies on."""
        waiting = hand & self.covered_mask
        while waiting:
            low = waiting & -waiting
            waiting ^= low
            if (hand >> self.cover_of[self._index(low)]) & 1:
                hand ^= low
        return hand

    def _legal(self, seat: int) -> int:
        hand = self.hands[seat]
        visible = self._visible(hand) if self.covered_mask else hand
        holds_free_ace = (
            self.called_bit != 0 and (visible & self.called_bit) != 0 and (self.flags & CALLED_LANE_LED) == 0
        )
        if self.trick_length == 0:
            if holds_free_ace and self._count(hand & self.lane_mask[self.called_lane]) < self.run_away:
                return visible & ~(self.lane_mask[self.called_lane] & ~self.called_bit)
            return visible
        led_lane = self.lane_of[self.trick[0]]
        best = self.trick[self._best_of_trick()]
        allowed = visible & self.lane_mask[led_lane] if self.duties & FOLLOW else 0
        if allowed:
            if holds_free_ace and led_lane == self.called_lane:
                return self.called_bit
            if led_lane == TRUMP_LANE:
                beat = (self.duties & BEAT_TRUMP) != 0
            else:
                beat = (self.duties & BEAT_LED) != 0 and self.lane_of[best] == led_lane
            if beat and allowed & self.beaters[best]:
                return allowed & self.beaters[best]
            return allowed
        trumps = visible & self.lane_mask[TRUMP_LANE] if self.duties & TRUMP_WHEN_VOID else 0
        if trumps:
            if self.duties & OVERTRUMP and self.lane_of[best] == TRUMP_LANE:
                if trumps & self.beaters[best]:
                    return trumps & self.beaters[best]
                if not self.duties & UNDERTRUMP:
                    return visible
            return trumps
        if holds_free_ace and (visible & ~self.called_bit) and self._count(hand) > 1:
            return visible & ~self.called_bit
        return visible

    def _search(self, alpha: int, beta: int) -> int:
        """What ``side`` scores from here, within the window (fail-soft alpha-beta)."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            # Raised, not returned: nothing above stores a bound from an unfinished search.
            raise NodeLimitError(f"the search passed {self.node_limit} nodes")
        first = 0
        second = 0
        state = 0
        hint = -1
        if self.trick_length == 0:
            if self.cards_left == 0:
                return 0
            if self.cards_left == self.seats:
                return self._last_trick()
            # Nothing is negative, and at most everything still in play can be won.
            most = self.in_play + self.last_value
            if self.trick_value:
                most += (self.cards_left // self.seats) * self.trick_value
            if (self.flags & SIDE_LOST_A_TRICK) == 0:
                most += self.sweep_value
            if most <= alpha:
                return most
            if beta <= 0:
                return 0
            # The highest trumps still out, as long as one side holds them all: any trick
            # one of them falls in is won by that side, since only a higher trump beats it.
            side_cards = (
                (self.hands[0] & self.side_hand[0])
                | (self.hands[1] & self.side_hand[1])
                | (self.hands[2] & self.side_hand[2])
                | (self.hands[3] & self.side_hand[3])
            )
            trumps = (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]) & self.lane_mask[
                TRUMP_LANE
            ]
            # In a misère the top trumps' tricks are the ones the side does not score.
            if trumps and not self.misere:
                side_trumps = trumps & side_cards
                other_trumps = trumps ^ side_trumps
                if trumps & -trumps & side_trumps:
                    block = (
                        side_trumps & ((other_trumps & -other_trumps) - 1) if other_trumps else side_trumps
                    )
                    least = 0
                    while block:
                        low = block & -block
                        block ^= low
                        least += self.points[self._index(low)]
                    if least > 0 and beta <= least:
                        return least
                else:
                    block = other_trumps & ((side_trumps & -side_trumps) - 1) if side_trumps else other_trumps
                    while block:
                        low = block & -block
                        block ^= low
                        most -= self.points[self._index(low)]
                    if most <= alpha:
                        return most
            self._key()
            first = self.key_first
            second = self.key_second
            state = self.leader | (self.flags << 2)
            entry = self.table[self._slot(first, second, state) + 1] >> 32
            if entry:
                lower = (entry >> 10) & 1023
                upper = entry & 1023
                if lower == upper or lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                alpha = max(alpha, lower)
                beta = min(beta, upper)
                hint = ((entry >> 20) & 63) - 1
        mover = self._seat_at(self.trick_length)
        maximizing = (self.side >> mover) & 1
        original_alpha = alpha
        original_beta = beta
        best_value = -INFINITY if maximizing else INFINITY
        best_card = -1
        base = self.ply * MAX_CARDS
        count = self._generate_moves(mover, base, hint)
        for position in range(count):
            card = self.moves[base + position]
            value = self._play_and_search(mover, card, alpha, beta)
            if maximizing:
                if value > best_value:
                    best_value = value
                    best_card = card
                if best_value > alpha:
                    alpha = best_value
            else:
                if value < best_value:
                    best_value = value
                    best_card = card
                if best_value < beta:
                    beta = best_value
            if alpha >= beta:
                break
        if self.trick_length == 0:
            self._store(first, second, state, best_value, original_alpha, original_beta, best_card)
        return best_value

    def _last_trick(self) -> int:
        """The last trick, every card forced: what the side gains by it."""
        best_seat = self.leader
        best = self._index(self.hands[best_seat])
        points = self.points[best]
        for offset in range(1, self.seats):
            seat = self._seat_at(offset)
            card = self._index(self.hands[seat])
            points += self.points[card]
            if (self.beaters[best] >> card) & 1:
                best = card
                best_seat = seat
        if ((self.side >> best_seat) & 1) == self.misere:
            return 0
        gained = points + self.trick_value + self.last_value
        if (self.flags & SIDE_LOST_A_TRICK) == 0:
            gained += self.sweep_value
        return gained

    def _key(self) -> int:
        """The table's key of the position at a trick start, runs moved to their tops: the
        four hands in ``key_first`` and ``key_second``."""
        first = self.hands[0]
        second = self.hands[1]
        third = self.hands[2]
        fourth = self.hands[3]
        in_play = first | second | third | fourth
        for run in range(self.run_count):
            mask = self.runs[run]
            present = in_play & mask
            if present == mask or present == 0:
                continue
            first &= ~mask
            second &= ~mask
            third &= ~mask
            fourth &= ~mask
            target = mask
            while present:
                low = present & -present
                present ^= low
                top = target & -target
                target ^= top
                if self.hands[0] & low:
                    first |= top
                elif self.hands[1] & low:
                    second |= top
                elif self.hands[2] & low:
                    third |= top
                else:
                    fourth |= top
        return self._pack_key(first, second, third, fourth)

    def _pack_key(self, first: int, second: int, third: int, fourth: int) -> int:
        """The key of four hands in 96 bits: the cards in play, the cards of seats 1 and 3
        (``key_first``) and those of seats 2 and 3 (``key_second``)."""
        self.key_first = (first | second | third | fourth) | ((second | fourth) << 32)
        self.key_second = third | fourth
        return 0

    def _clear_table(self) -> int:
        """An empty transposition table: open addressing with linear probing, doubled when
        half full. A slot is two words (four slots to a cache line): the key's first word,
        then its other 32 bits with the entry above them."""
        self.table_bits = _FIRST_TABLE_BITS
        self.table_count = 0
        self.table = array("Q", bytes(16 << self.table_bits))
        return 0

    def _slot(self, first: int, second: int, state: int) -> int:
        """Where the slot holding the key starts, or the empty one where it belongs."""
        mixed = ((first ^ (second << 4) ^ state) * _GOLDEN) & _MASK64
        mixed = ((mixed ^ (mixed >> 32)) * _MIX) & _MASK64
        slot = mixed >> (64 - self.table_bits)
        wrap = (1 << self.table_bits) - 1
        while True:
            word = self.table[2 * slot + 1]
            if word == 0 or (
                self.table[2 * slot] == first and (word & _MASK32) == second and ((word >> 58) & 15) == state
            ):
                return 2 * slot
            slot = (slot + 1) & wrap

    def _store(
        self, first: int, second: int, state: int, value: int, alpha: int, beta: int, card: int
    ) -> int:
        """Keep what this search learnt of the position: bounds on its value, and the card
        that was best (or refuted the window) to try first next time."""
        slot = self._slot(first, second, state)
        entry = self.table[slot + 1] >> 32
        lower = 0
        upper = 1023
        if entry:
            lower = (entry >> 10) & 1023
            upper = entry & 1023
        if value <= alpha:
            upper = min(upper, value)
        elif value >= beta:
            lower = max(lower, value)
        else:
            lower = value
            upper = value
        stored = _TAKEN | (state << 26) | ((card + 1) << 20) | (lower << 10) | upper
        self.table[slot + 1] = second | (stored << 32)
        if entry == 0:
            self.table[slot] = first
            self.table_count += 1
            if 2 * self.table_count > (1 << self.table_bits):
                self._grow_table()
        return 0

    def _grow_table(self) -> int:
        old = self.table
        old_size = 1 << self.table_bits
        self.table_bits += 1
        self.table = array("Q", bytes(16 << self.table_bits))
        for old_slot in range(0, 2 * old_size, 2):
            word = old[old_slot + 1]
            if word:
                slot = self._slot(old[old_slot], word & _MASK32, (word >> 58) & 15)
                self.table[slot] = old[old_slot]
                self.table[slot + 1] = word
        return 0

    def _play_and_search(self, mover: int, card: int, alpha: int, beta: int) -> int:
        bit = self.bit_of[card]
        self.hands[mover] ^= bit
        self.cards_left -= 1
        position = self.trick_length
        self.trick[position] = card
        self._note_winner(position)
        self.trick_length = position + 1
        self.ply += 1
        if self.trick_length < self.seats:
            value = self._search(alpha, beta)
        else:
            best = self._best_of_trick()
            winner = self._seat_at(best)
            points = 0
            for index in range(self.seats):
                points += self.points[self.trick[index]]
            saved_flags = self.flags
            if self.lane_of[self.trick[0]] == self.called_lane:
                self.flags |= CALLED_LANE_LED & self.flag_mask
            gained = 0
            if ((self.side >> winner) & 1) != self.misere:
                gained = points + self.trick_value
                if self.cards_left == 0:
                    gained += self.last_value
                    if (self.flags & SIDE_LOST_A_TRICK) == 0:
                        gained += self.sweep_value
            else:
                self.flags |= SIDE_LOST_A_TRICK & self.flag_mask
            # The next trick reuses the trick slots; keep this one for the moves still to try.
            first = self.trick[0]
            second = self.trick[1]
            third = self.trick[2]
            first_winning = self.winning[1]
            second_winning = self.winning[2]
            saved_leader = self.leader
            self.leader = winner
            self.trick_length = 0
            self.in_play -= points
            value = gained + self._search(alpha - gained, beta - gained)
            self.in_play += points
            self.leader = saved_leader
            self.flags = saved_flags
            self.trick[0] = first
            self.trick[1] = second
            self.trick[2] = third
            self.winning[1] = first_winning
            self.winning[2] = second_winning
        self.ply -= 1
        self.trick_length = position
        self.cards_left += 1
        self.hands[mover] ^= bit
        return value

    def _sure_winner(self, mover: int, card: int, others: int) -> bool:
        """Whether ``card``, led, wins the trick whatever the others play: nobody holds a
        higher card of its lane, and nobody can trump it."""
        if self.above[card] & others:
            return False
        lane = self.lane_of[card]
        if lane == TRUMP_LANE:
            return True
        for seat in range(self.seats):
            hand = self.hands[seat]
            if (
                seat != mover
                and (hand & self.lane_mask[lane]) == 0
                and (hand & self.lane_mask[TRUMP_LANE]) != 0
            ):
                return False
        return True

    def _generate_moves(self, mover: int, base: int, hint: int) -> int:
        """Write the legal cards, equivalent ones removed, from ``moves[base]`` on, most
        promising first, and return how many. The table's ``hint`` (the card that was
        best here before) comes first. Leading: the sure winners, dearest first, then
        the rest in the cards' order (trumps, then each lane from its highest).
        Following a trick the mover's side wins: the cheapest card that makes it safe when
        a later seat could still take the partner's card, else the dearest card that
        leaves it to the partner, then the others. Else the cards that win it so far (the
        cheapest of those nobody after can beat first, the highest before), then the
        cheapest of the rest."""
        legal = self._legal(mover)
        others = self._others(mover)
        best_card = -1
        partner_wins = False
        last = self.trick_length == self.seats - 1
        # The cards of the seats still to play to this trick.
        later = 0
        if self.trick_length > 0:
            best_position = self._best_of_trick()
            best_card = self.trick[best_position]
            winner = self._seat_at(best_position)
            partner_wins = ((self.side >> winner) & 1) == ((self.side >> mover) & 1)
            for position in range(self.trick_length + 1, self.seats):
                later |= self.hands[self._seat_at(position)]
        count = 0
        previous = -1
        remaining = legal
        while remaining:
            low = remaining & -remaining
            card = self._index(low)
            remaining ^= low
            # Iterating low to high visits each lane from its highest card down.
            if previous >= 0 and self._equivalent(previous, card, others):
                continue
            previous = card
            points = self.points[card]
            if card == hint:
                score = 1 << 20
            elif best_card < 0:
                sure = self._sure_winner(mover, card, others)
                score = 4096 + points * 64 - card if sure else 2048 - card
            elif (self.beaters[best_card] >> card) & 1:
                if (
                    partner_wins
                    and (self.beaters[best_card] & later) != 0
                    and (self.beaters[card] & later) == 0
                ):
                    # The partner's card may still be taken, this one not: secure the trick.
                    score = 8192 - points * 64 + card
                elif partner_wins:
                    score = 1024 - points * 64 + card
                elif last or (self.beaters[card] & later) == 0:
                    # Nobody after can take it: win as cheaply as possible.
                    score = 8192 - points * 64 + card
                else:
                    score = 4096 - card
            elif partner_wins:
                score = 2048 + points * 64 + card
            else:
                score = 1024 - points * 64 + card
            # Insertion by score, ties in the order of visiting.
            position = count
            while position > 0 and self.scores[base + position - 1] < score:
                self.moves[base + position] = self.moves[base + position - 1]
                self.scores[base + position] = self.scores[base + position - 1]
                position -= 1
            self.moves[base + position] = card
            self.scores[base + position] = score
            count += 1
        return count
