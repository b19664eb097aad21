# C declarations for solver.py (Cython pure-Python mode): the compiled build uses them,
# the interpreted module ignores this file.

cdef class TrickRules:
    cdef public list lanes
    cdef public list points
    cdef public bint must_beat

cdef class Solver:
    cdef public int card_count
    cdef int must_beat
    cdef int lane_of[32]
    cdef int points[32]
    cdef unsigned int beaters[32]
    cdef unsigned int above[32]
    cdef unsigned int lane_mask[5]
    cdef int debruijn[32]
    cdef unsigned int hands[4]
    cdef int trick[4]
    cdef int trick_length
    cdef int leader
    cdef public int side
    cdef public long long nodes
    cdef public dict table

    cpdef int solve(self, list hands, int leader, list trick, int side)
    cpdef bint reaches(self, list hands, int leader, list trick, int side, int target)
    cpdef list move_values(self, list hands, int leader, list trick, int side)
    cpdef unsigned int legal_cards(self, list hands, int leader, list trick)
    cdef void _load(self, list hands, int leader, list trick, int side)
    cdef int _index(self, unsigned int low)
    cdef int _best_of_trick(self)
    cdef unsigned int _legal(self, int seat)
    cdef int _search(self, int alpha, int beta)
    cdef void _store(self, object key, int value, int alpha, int beta)
    cdef int _play_and_search(self, int mover, int card, int alpha, int beta)
    cdef list _ordered_moves(self, int mover)
    cpdef int _points_of(self, int card)
