"""Double-dummy solver for trick games: every hand open, perfect play by both sides.

Generic over trick games. A game describes itself as ``TrickRules``: for each card its
lane (0 = trump, others = plain suits), its points, and the card indices ordered so that
within one lane a lower index is a higher card. Legality follows the "follow the lane,
else trump, else anything" duties, optionally with the duty to beat the best card so far
whenever the allowed cards can (Baśka, Kop).

The solver maximises the card points one side (a set of seats) takes from the cards
still in play, with alpha-beta search, a transposition table at trick starts (bounds on
the points still to come), move ordering (winning cards first) and equivalent-card
reduction (cards adjacent in rank within one hand, with equal points, are searched once).
``reaches`` answers the yes/no question "does the side take at least N points" with a
null-window search, which is all a threshold decision needs.

The module is written in Cython's pure-Python mode: ``solver.pxd`` declares C types and
the package build compiles it; without the compiled module the same source runs as plain
Python with identical results (``tests/search`` checks both).
"""

import cython

MAX_CARDS = 32
SEATS = 4
TRUMP_LANE = 0
LANES = 5
INFINITY = 1 << 20

# Index of the lowest set bit of a 32-bit mask by de Bruijn multiplication; portable
# between C (unsigned 32-bit arithmetic) and Python (masked explicitly).
_DEBRUIJN = (0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
             31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9)  # fmt: skip


class TrickRules:
    """What the solver needs to know of a trick game, with cards as indices 0..n-1."""

    def __init__(self, lanes: list[int], points: list[int], must_beat: bool) -> None:
        if len(lanes) != len(points) or len(lanes) > MAX_CARDS:
            raise ValueError("lanes and points need one entry per card, at most 32 cards")
        self.lanes = list(lanes)
        self.points = list(points)
        self.must_beat = must_beat


class Solver:
    """Solves positions of one trick game; reuse it to keep its transposition table."""

    def __init__(self, rules: TrickRules) -> None:
        count = len(rules.lanes)
        self.card_count = count
        self.must_beat = 1 if rules.must_beat else 0
        if not cython.compiled:
            # Compiled, these are zeroed C arrays declared in solver.pxd.
            self.lane_of = [0] * MAX_CARDS
            self.points = [0] * MAX_CARDS
            self.beaters = [0] * MAX_CARDS
            self.above = [0] * MAX_CARDS
            self.lane_mask = [0] * LANES
            self.debruijn = [0] * MAX_CARDS
            self.hands = [0] * SEATS
            self.trick = [0] * SEATS
        for position in range(MAX_CARDS):
            self.debruijn[position] = _DEBRUIJN[position]
        for card in range(count):
            lane = rules.lanes[card]
            self.lane_of[card] = lane
            self.points[card] = rules.points[card]
            self.lane_mask[lane] |= 1 << card
        for card in range(count):
            lane = self.lane_of[card]
            higher = 0
            for other in range(card):
                if self.lane_of[other] == lane:
                    higher |= 1 << other
            self.above[card] = higher
            # Cards that beat ``card`` when it is the best card of a trick.
            self.beaters[card] = higher if lane == TRUMP_LANE else higher | self.lane_mask[TRUMP_LANE]
        self.trick_length = 0
        self.leader = 0
        self.side = 0
        self.nodes = 0
        self.table: dict[tuple[int, ...], int] = {}

    # Public API --------------------------------------------------------------------

    def solve(self, hands: list[int], leader: int, trick: list[int], side: int) -> int:
        """Points the seats in ``side`` (a bit per seat) take from all cards still in play.

        ``hands`` are card masks per seat; ``trick`` the cards of the open trick in play
        order, led by ``leader``.
        """
        self._load(hands, leader, trick, side)
        return self._search(-INFINITY, INFINITY)

    def reaches(self, hands: list[int], leader: int, trick: list[int], side: int, target: int) -> bool:
        """Whether ``side`` takes at least ``target`` points from the cards still in play."""
        self._load(hands, leader, trick, side)
        return self._search(target - 1, target) >= target

    def move_values(
        self, hands: list[int], leader: int, trick: list[int], side: int
    ) -> list[tuple[int, int]]:
        """(card, exact value for ``side``) for every legal card of the seat to move."""
        self._load(hands, leader, trick, side)
        mover = (leader + len(trick)) % SEATS
        legal = self._legal(mover)
        results = []
        while legal:
            low = legal & -legal
            card = self._index(low)
            legal ^= low
            value = self._play_and_search(mover, card, -INFINITY, INFINITY)
            results.append((card, value))
        return results

    def legal_cards(self, hands: list[int], leader: int, trick: list[int]) -> int:
        """The mask of cards the seat to move may play."""
        self._load(hands, leader, trick, self.side)
        return self._legal((leader + len(trick)) % SEATS)

    # Search ------------------------------------------------------------------------

    def _load(self, hands: list[int], leader: int, trick: list[int], side: int) -> None:
        if side != self.side:
            self.table = {}
            self.side = side
        for seat in range(SEATS):
            self.hands[seat] = hands[seat] if seat < len(hands) else 0
        for index in range(len(trick)):
            self.trick[index] = trick[index]
        self.trick_length = len(trick)
        self.leader = leader

    def _index(self, low: int) -> int:
        return self.debruijn[((low * 0x077CB531) & 0xFFFFFFFF) >> 27]

    def _best_of_trick(self) -> int:
        """Position in the open trick of the card that wins it so far."""
        best = 0
        for position in range(1, self.trick_length):
            if (self.beaters[self.trick[best]] >> self.trick[position]) & 1:
                best = position
        return best

    def _legal(self, seat: int) -> int:
        hand = self.hands[seat]
        if self.trick_length == 0:
            return hand
        allowed = hand & self.lane_mask[self.lane_of[self.trick[0]]]
        if allowed == 0:
            allowed = hand & self.lane_mask[TRUMP_LANE]
            if allowed == 0:
                allowed = hand
        if self.must_beat:
            beating = allowed & self.beaters[self.trick[self._best_of_trick()]]
            if beating:
                allowed = beating
        return allowed

    def _search(self, alpha: int, beta: int) -> int:
        """Points ``side`` takes from here, within the window (fail-soft alpha-beta)."""
        self.nodes += 1
        key: tuple[int, ...] = ()
        if self.trick_length == 0:
            if (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]) == 0:
                return 0
            key = (self.hands[0], self.hands[1], self.hands[2], self.hands[3], self.leader)
            bounds = self.table.get(key, -1)
            if bounds >= 0:
                lower = bounds >> 10
                upper = bounds & 1023
                if lower == upper or lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                alpha = max(alpha, lower)
                beta = min(beta, upper)
        mover = (self.leader + self.trick_length) % SEATS
        maximizing = (self.side >> mover) & 1
        original_alpha = alpha
        original_beta = beta
        best_value = -INFINITY if maximizing else INFINITY
        for card in self._ordered_moves(mover):
            value = self._play_and_search(mover, card, alpha, beta)
            if maximizing:
                if value > best_value:
                    best_value = value
                if best_value > alpha:
                    alpha = best_value
            else:
                if value < best_value:
                    best_value = value
                if best_value < beta:
                    beta = best_value
            if alpha >= beta:
                break
        if self.trick_length == 0:
            self._store(key, best_value, original_alpha, original_beta)
        return best_value

    def _store(self, key: tuple[int, ...], value: int, alpha: int, beta: int) -> None:
        bounds = self.table.get(key, -1)
        lower = 0
        upper = 1023
        if bounds >= 0:
            lower = bounds >> 10
            upper = bounds & 1023
        if value <= alpha:
            upper = min(upper, value)
        elif value >= beta:
            lower = max(lower, value)
        else:
            lower = value
            upper = value
        self.table[key] = (lower << 10) | upper

    def _play_and_search(self, mover: int, card: int, alpha: int, beta: int) -> int:
        bit = 1 << card
        self.hands[mover] ^= bit
        position = self.trick_length
        self.trick[position] = card
        self.trick_length = position + 1
        if self.trick_length < SEATS:
            value = self._search(alpha, beta)
        else:
            best = self._best_of_trick()
            winner = (self.leader + best) % SEATS
            points = 0
            for index in range(SEATS):
                points += self.points[self.trick[index]]
            gained = points if (self.side >> winner) & 1 else 0
            # The next trick reuses the trick slots; keep this one for the moves still to try.
            first = self.trick[0]
            second = self.trick[1]
            third = self.trick[2]
            saved_leader = self.leader
            self.leader = winner
            self.trick_length = 0
            value = gained + self._search(alpha - gained, beta - gained)
            self.leader = saved_leader
            self.trick[0] = first
            self.trick[1] = second
            self.trick[2] = third
        self.trick_length = position
        self.hands[mover] ^= bit
        return value

    def _ordered_moves(self, mover: int) -> list[int]:
        """Legal cards with equivalent ones removed: winning cards first, then cheap ones."""
        legal = self._legal(mover)
        others = 0
        for seat in range(SEATS):
            if seat != mover:
                others |= self.hands[seat]
        for index in range(self.trick_length):
            others |= 1 << self.trick[index]
        best_card = -1
        if self.trick_length > 0:
            best_card = self.trick[self._best_of_trick()]
        winners = []
        losers = []
        previous = -1
        remaining = legal
        while remaining:
            low = remaining & -remaining
            card = self._index(low)
            remaining ^= low
            # Iterating low to high visits each lane from its highest card down.
            if (
                previous >= 0
                and self.lane_of[previous] == self.lane_of[card]
                and self.points[previous] == self.points[card]
                and (self.above[card] & ~self.above[previous] & ~(1 << previous) & others) == 0
            ):
                continue
            previous = card
            if best_card < 0 or (self.beaters[best_card] >> card) & 1:
                winners.append(card)
            else:
                losers.append(card)
        losers.sort(key=self._points_of)
        return winners + losers

    def _points_of(self, card: int) -> int:
        return self.points[card]
