# C declarations for solver.py (Cython pure-Python mode): the compiled build uses them,
# the interpreted module ignores this file.
cimport cython


cdef class TrickRules:
    cdef public list lanes
    cdef public list points
    cdef public int duties
    cdef public int seats
    cdef public int objective
    cdef public int trick_bonus
    cdef public int last_trick_bonus
    cdef public int sweep_bonus
    cdef public list covers
    cdef public int called_ace
    cdef public int run_away

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
    cdef int trick[4]
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
    cdef public dict table

    @cython.locals(low=cython.int, high=cython.int, target=cython.int, value=cython.int)
    cpdef int solve(self, list hands, int leader, list trick, int side, int flags=*) except? -1
    cpdef bint reaches(self, list hands, int leader, list trick, int side, int target, int flags=*) except? -1
    cpdef list move_values(self, list hands, int leader, list trick, int side, int flags=*)
    cpdef unsigned int legal_cards(self, list hands, int leader, list trick, int flags=*) except? 0
    @cython.locals(hand=cython.uint, low=cython.uint)
    cdef int _load(self, list hands, int leader, list trick, int side, int flags) except -1
    cdef int _index(self, unsigned int low)
    cdef int _count(self, unsigned int mask)
    cdef int _best_of_trick(self)
    @cython.locals(waiting=cython.uint, low=cython.uint)
    cdef unsigned int _visible(self, unsigned int hand)
    @cython.locals(hand=cython.uint, visible=cython.uint, allowed=cython.uint, trumps=cython.uint,
                   holds_free_ace=cython.bint, beat=cython.bint, led_lane=cython.int, best=cython.int)
    cdef unsigned int _legal(self, int seat)
    @cython.locals(most=cython.int, hint=cython.int, base=cython.int, count=cython.int, position=cython.int,
                   card=cython.int, best_card=cython.int, value=cython.int, best_value=cython.int)
    cdef int _search(self, int alpha, int beta)
    @cython.locals(best_seat=cython.int, best=cython.int, points=cython.int, seat=cython.int, card=cython.int,
                   gained=cython.int)
    cdef int _last_trick(self)
    @cython.locals(first=cython.uint, second=cython.uint, third=cython.uint, fourth=cython.uint, in_play=cython.uint,
                   mask=cython.uint, present=cython.uint, target=cython.uint, low=cython.uint, top=cython.uint)
    cdef tuple _key(self)
    cdef void _store(self, object key, int value, int alpha, int beta, int card)
    @cython.locals(bit=cython.uint, saved_flags=cython.int, gained=cython.int, points=cython.int)
    cdef int _play_and_search(self, int mover, int card, int alpha, int beta)
    @cython.locals(hand=cython.uint, lane=cython.int)
    cdef bint _sure_winner(self, int mover, int card, unsigned int others)
    @cython.locals(legal=cython.uint, others=cython.uint, remaining=cython.uint, low=cython.uint,
                   score=cython.int, position=cython.int, partner_wins=cython.bint, last=cython.bint,
                   sure=cython.bint, points=cython.int, card=cython.int)
    cdef int _generate_moves(self, int mover, int base, int hint)
