# C declarations for solver.py (Cython pure-Python mode): the compiled build uses them,
# the interpreted module ignores this file.
cimport cython



# The constants of rules.py, as C values.
cdef unsigned long long _MASK64, _GOLDEN, _MIX
cdef unsigned int _TAKEN, _MASK32
cdef int _FIRST_TABLE_BITS
cdef int BEAT_LED, BEAT_TRUMP, CALLED_LANE_LED, CARD_POINTS, FOLLOW, INFINITY, LANES, MAX_CARDS, MAX_SEATS, OVERTRUMP, SIDE_LOST_A_TRICK, TRUMP_LANE, TRUMP_WHEN_VOID, UNDERTRUMP


@cython.final
cdef class Solver:
    cdef public int card_count
    cdef public int seats
    cdef int duties
    cdef int trick_value
    cdef int last_value
    cdef int sweep_value
    cdef int called_ace
    cdef int called_lane
    cdef unsigned int called_bit
    cdef int run_away
    cdef int misere
    cdef unsigned int bit_of[32]
    cdef int lane_of[32]
    cdef int points[32]
    cdef unsigned int beaters[32]
    cdef unsigned int above[32]
    cdef int cover_of[32]
    cdef unsigned int covered_mask
    cdef unsigned int covering_mask
    cdef unsigned int special_mask
    cdef unsigned int lane_mask[5]
    cdef int debruijn[32]
    cdef unsigned int hands[4]
    # Per seat all ones if it plays on the side, else 0: the side's cards without a branch.
    cdef unsigned int side_hand[4]
    cdef int trick[4]
    # Position in the trick of the card winning it after each card.
    cdef int winning[4]
    # Moves and their ordering scores, 32 per ply from the loaded position.
    cdef int moves[1056]
    cdef int scores[1056]
    cdef int ply
    cdef unsigned int runs[32]
    cdef int run_count
    cdef int trick_length
    cdef int leader
    cdef public int side
    cdef int flags
    cdef int flag_mask
    cdef int cards_left
    cdef int in_play
    cdef public long long nodes
    cdef public long long node_limit
    # The transposition table (see _clear_table).
    cdef unsigned long long[::1] table
    cdef int table_bits
    cdef int table_count
    cdef unsigned long long key_first
    cdef unsigned long long key_second

    @cython.locals(low=cython.int, high=cython.int, target=cython.int, value=cython.int)
    cpdef int solve(self, list hands, int leader, list trick, int side, int flags=*) except? -1
    cpdef bint reaches(self, list hands, int leader, list trick, int side, int target, int flags=*) except? -1
    @cython.locals(
        mover=cython.int, legal=cython.uint, lowest=cython.uint, card=cython.int,
        ceiling=cython.int, others=cython.uint, previous=cython.int, previous_value=cython.int,
        low=cython.int, high=cython.int, target=cython.int, value=cython.int, guesses=cython.int,
    )
    cpdef list move_values(self, list hands, int leader, list trick, int side, int flags=*)
    @cython.locals(mover=cython.int, legal=cython.uint, lowest=cython.uint, card=cython.int)
    cpdef list move_reaches(self, list hands, int leader, list trick, int side, int target, int flags=*)
    cpdef unsigned int legal_cards(self, list hands, int leader, list trick, int flags=*) except? 0
    @cython.locals(hand=cython.uint, low=cython.uint)
    cdef int _load(self, list hands, int leader, list trick, int side, int flags) except -1
    @cython.locals(others=cython.uint, index=cython.int)
    cdef inline unsigned int _others(self, int mover) noexcept
    cdef inline bint _equivalent(self, int higher, int card, unsigned int others) noexcept
    cdef inline int _index(self, unsigned int low) noexcept
    @cython.locals(count=cython.int)
    cdef int _count(self, unsigned int mask) noexcept
    @cython.locals(seat=cython.int)
    cdef inline int _seat_at(self, int position) noexcept
    cdef inline int _best_of_trick(self) noexcept
    cdef int _note_winner(self, int position) noexcept
    @cython.locals(waiting=cython.uint, low=cython.uint)
    cdef unsigned int _visible(self, unsigned int hand) noexcept
    @cython.locals(hand=cython.uint, visible=cython.uint, allowed=cython.uint, trumps=cython.uint,
                   holds_free_ace=cython.bint, beat=cython.bint, led_lane=cython.int, best=cython.int)
    cdef unsigned int _legal(self, int seat) noexcept
    @cython.locals(most=cython.int, least=cython.int, side_cards=cython.uint, trumps=cython.uint,
                   side_trumps=cython.uint, other_trumps=cython.uint, block=cython.uint, low=cython.uint,
                   seat=cython.int, first=cython.ulonglong, second=cython.ulonglong, state=cython.uint,
                   entry=cython.ulonglong, lower=cython.int, upper=cython.int, hint=cython.int, mover=cython.int,
                   maximizing=cython.bint, original_alpha=cython.int, original_beta=cython.int, base=cython.int,
                   count=cython.int, position=cython.int, card=cython.int, best_card=cython.int, value=cython.int,
                   best_value=cython.int)
    cdef int _search(self, int alpha, int beta) except? -1
    @cython.locals(offset=cython.int, best_seat=cython.int, best=cython.int, points=cython.int, seat=cython.int, card=cython.int,
                   gained=cython.int)
    cdef int _last_trick(self) noexcept
    @cython.locals(first=cython.ulonglong, second=cython.ulonglong, third=cython.ulonglong, fourth=cython.ulonglong,
                   in_play=cython.uint, mask=cython.uint, present=cython.uint, target=cython.uint, low=cython.uint,
                   top=cython.uint)
    cdef int _key(self) noexcept
    cdef int _pack_key(self, unsigned long long first, unsigned long long second, unsigned long long third,
                       unsigned long long fourth) noexcept
    cdef int _clear_table(self) except -1
    @cython.locals(mixed=cython.ulonglong, slot=cython.uint, wrap=cython.uint, word=cython.ulonglong)
    cdef unsigned int _slot(self, unsigned long long first, unsigned long long second, unsigned int state) noexcept
    @cython.locals(slot=cython.uint, entry=cython.ulonglong, lower=cython.uint, upper=cython.uint,
                   stored=cython.ulonglong)
    cdef int _store(self, unsigned long long first, unsigned long long second, unsigned int state, int value,
                    int alpha, int beta, int card) except -1
    @cython.locals(old="unsigned long long[::1]", old_size=cython.uint, old_slot=cython.uint, word=cython.ulonglong,
                   slot=cython.uint)
    cdef int _grow_table(self) except -1
    @cython.locals(bit=cython.uint, position=cython.int, value=cython.int, best=cython.int, winner=cython.int,
                   saved_flags=cython.int, gained=cython.int, points=cython.int, index=cython.int, first=cython.int,
                   second=cython.int, third=cython.int, first_winning=cython.int,
                   second_winning=cython.int, saved_leader=cython.int)
    cdef int _play_and_search(self, int mover, int card, int alpha, int beta) except? -1
    @cython.locals(hand=cython.uint, lane=cython.int)
    cdef bint _sure_winner(self, int mover, int card, unsigned int others) noexcept
    @cython.locals(legal=cython.uint, others=cython.uint, remaining=cython.uint, low=cython.uint,
                   score=cython.int, position=cython.int, partner_wins=cython.bint, last=cython.bint,
                   sure=cython.bint, points=cython.int, card=cython.int, count=cython.int, later=cython.uint, seat=cython.int, previous=cython.int, best_position=cython.int, winner=cython.int)
    cdef int _generate_moves(self, int mover, int base, int hint) noexcept
