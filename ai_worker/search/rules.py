"""What a trick game tells the double-dummy solver (``solver.py``), all data.

* cards as indices 0..n-1 (n <= 32), each with its lane (``TRUMP_LANE`` = 0 for trumps,
  1..4 for the plain suits) and its points; within one lane a lower index is a higher
  card, so a game numbers its cards per contract (Bela's trump Jack and Nine on top);
* 2, 3 or 4 seats;
* the duties as bit flags: ``FOLLOW`` the led lane; ``TRUMP_WHEN_VOID``; ``OVERTRUMP``
  (trumping into a trumped trick, beat its best trump if you can); ``UNDERTRUMP`` (and if
  you cannot, trump all the same; without it you may then play anything); ``BEAT_LED``
  (following a plain lane, beat the trick's best card when it is of that lane);
  ``BEAT_TRUMP`` (following a trump lead, beat the best trump). Baśka, Kop and Bela
  have all six, Schafkopf only ``FOLLOW``;
* what a trick is worth: with the objective ``CARD_POINTS`` its cards' points plus
  ``trick_bonus``, plus ``last_trick_bonus`` for the last trick (Bela's 10, and the Kup
  with two or three players), plus ``sweep_bonus`` when the side takes every trick of
  the deal (Bela's Štiglja); with ``TRICKS`` each trick counts 1 and nothing else
  (Tout and Schwarz are "reaches all tricks"; Bettel is a misère, below);
* covered cards: ``covers[card]`` is the card lying on it (two-player Schafkopf's open
  stacks); a covered card can neither be played nor oblige its holder until that card
  has left the hand;
* a called ace (Schafkopf's Rufspiel): while its lane has not been led in a finished
  trick, its holder must play it when the lane is led, may not discard it before the
  last trick, and may lead the lane with another card only when holding at least
  ``run_away`` cards of it (running away).
* a misère (``misere``): the side scores what the others take, trick by trick, so that
  the search, which maximises the side's score, makes the side take as little as it can
  and the others as much: Bettel's declarer with ``TRICKS`` (he wins when the others take
  every trick), and its defenders (they win when he takes one); a Ramsch seat with
  ``CARD_POINTS`` against the others. A misère has no sweep bonus.

A position's state bits (``CALLED_LANE_LED``, ``SIDE_LOST_A_TRICK``) are defined here too.
Each game maps its contracts onto these rules in its own package
(``ai_worker/players/<game>/model.py``); the solver stays game-free.
"""

MAX_CARDS = 32
MAX_SEATS = 4
TRUMP_LANE = 0
LANES = 5
INFINITY = 1 << 20

# Duties.
FOLLOW = 1
TRUMP_WHEN_VOID = 2
OVERTRUMP = 4
UNDERTRUMP = 8
BEAT_LED = 16
BEAT_TRUMP = 32
ALL_DUTIES = FOLLOW | TRUMP_WHEN_VOID | OVERTRUMP | UNDERTRUMP | BEAT_LED | BEAT_TRUMP

# Objectives.
CARD_POINTS = 0
TRICKS = 1

# Position state bits.
CALLED_LANE_LED = 1
SIDE_LOST_A_TRICK = 2


class TrickRules:
    """What the solver needs to know of a trick game, with cards as indices 0..n-1."""

    def __init__(
        self,
        lanes: list[int],
        points: list[int],
        duties: int,
        seats: int = 4,
        objective: int = CARD_POINTS,
        trick_bonus: int = 0,
        last_trick_bonus: int = 0,
        sweep_bonus: int = 0,
        covers: list[int] | None = None,
        called_ace: int = -1,
        run_away: int = 4,
        misere: bool = False,
    ) -> None:
        count = len(lanes)
        if len(points) != count or count > MAX_CARDS:
            raise ValueError("lanes and points need one entry per card, at most 32 cards")
        if not 2 <= seats <= MAX_SEATS:
            raise ValueError(f"a trick game for the solver has 2 to 4 seats, not {seats}")
        if any(not 0 <= lane < LANES for lane in lanes):
            raise ValueError(f"lanes are 0 (trump) to {LANES - 1}")
        if duties & ~ALL_DUTIES:
            raise ValueError(f"unknown duty bits {duties & ~ALL_DUTIES:#x}")
        if objective not in (CARD_POINTS, TRICKS):
            raise ValueError("the objective is CARD_POINTS or TRICKS")
        if min(points, default=0) < 0 or min(trick_bonus, last_trick_bonus, sweep_bonus) < 0:
            raise ValueError("points and bonuses are not negative")
        if sum(points) + count * trick_bonus + last_trick_bonus + sweep_bonus > 1023:
            raise ValueError("a deal may be worth at most 1023")
        covers = list(covers) if covers is not None else [-1] * count
        if len(covers) != count or any(
            not -1 <= cover < count or cover == card for card, cover in enumerate(covers)
        ):
            raise ValueError("covers need one entry per card: -1 or another card's index")
        if called_ace >= count or (called_ace >= 0 and lanes[called_ace] == TRUMP_LANE):
            raise ValueError("the called ace is a card of a plain lane, or -1")
        if misere and sweep_bonus:
            raise ValueError("a misère side scores the others' tricks: it has no sweep bonus")
        self.lanes = list(lanes)
        self.points = list(points)
        self.duties = duties
        self.seats = seats
        self.objective = objective
        self.trick_bonus = trick_bonus
        self.last_trick_bonus = last_trick_bonus
        self.sweep_bonus = sweep_bonus
        self.covers = covers
        self.called_ace = called_ace
        self.run_away = run_away
        self.misere = misere
