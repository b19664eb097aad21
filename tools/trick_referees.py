"""Plain referees of trick play for Bela, Schafkopf and a few duty sets, and an
exhaustive minimax over them: the yardstick for the double-dummy solver.

A referee knows cards as cards (``engine.cards.Card``), not as the solver's indices and
masks: which class a card belongs to (trumps, or its suit), how cards of one class rank,
what each card counts, and the duties in words, each written out below the way the rule
texts put them. Nothing here imports ``ai_worker``: the solver and each game's mapping
into it (``ai_worker/players/<game>/model.py``) are checked against this, never against
themselves.

``minimax`` tries every legal card at every turn, with no pruning and no move ordering;
it remembers values of positions at trick starts only, which changes no value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.cards import Card, Rank, Suit
from engine.seeding import SeededRandom

SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
TRUMPS = "trumps"


@dataclass(frozen=True)
class Position:
    """Cards still in each hand, who led the open trick, its cards, and what happened
    before that still matters: whether the called ace's suit was led in a finished trick,
    and whether the side lost a trick."""

    hands: tuple[frozenset[Card], ...]
    leader: int
    trick: tuple[Card, ...]
    called_suit_led: bool = False
    side_lost_a_trick: bool = False

    @property
    def mover(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)


@dataclass(frozen=True)
class Referee:
    """One contract of one game, for 2 to 4 seats."""

    name: str
    seats: int
    pack: tuple[Card, ...]
    # The class of a card: TRUMPS or its suit.
    class_of: Callable[[Card], object]
    # Within one class, a higher card has a lower number.
    strength: Callable[[Card], int]
    points: Callable[[Card], int]
    duties: frozenset[str]
    trick_bonus: int = 0
    last_trick_bonus: int = 0
    sweep_bonus: int = 0
    count_tricks: bool = False
    called_ace: Card | None = None
    run_away: int = 4
    # Covered card -> the card lying on it.
    covers: dict[Card, Card] = field(default_factory=dict)

    # The rules ---------------------------------------------------------------------

    def beats(self, card: Card, best: Card) -> bool:
        """Whether ``card`` takes the trick from ``best``, the card winning it so far."""
        if self.class_of(card) == self.class_of(best):
            return self.strength(card) < self.strength(best)
        return self.class_of(card) == TRUMPS

    def winner(self, trick: tuple[Card, ...]) -> int:
        best = 0
        for position in range(1, len(trick)):
            if self.beats(trick[position], trick[best]):
                best = position
        return best

    def playable(self, hand: frozenset[Card]) -> frozenset[Card]:
        """The cards of a hand no card of the same hand still lies on."""
        return frozenset(card for card in hand if self.covers.get(card) not in hand)

    def legal(self, position: Position) -> frozenset[Card]:
        hand = position.hands[position.mover]
        cards = self.playable(hand)
        ace = self.called_ace
        ace_bound = ace is not None and ace in cards and not position.called_suit_led
        if not position.trick:
            if ace_bound and ace is not None:
                # The called suit may be led by its ace, or with another card by a
                # holder of enough of it, who runs away.
                of_suit = [card for card in hand if self.class_of(card) == ace.suit]
                if len(of_suit) < self.run_away:
                    return frozenset(card for card in cards if card == ace or self.class_of(card) != ace.suit)
            return cards
        led = self.class_of(position.trick[0])
        best = position.trick[self.winner(position.trick)]
        trumped = self.class_of(best) == TRUMPS and led != TRUMPS
        following = [card for card in cards if self.class_of(card) == led]
        if "follow" in self.duties and following:
            if ace_bound and ace is not None and led == ace.suit:
                return frozenset({ace})  # the ace is searched: it must be played
            if (led == TRUMPS and "beat trump" in self.duties) or (
                led != TRUMPS and "beat led" in self.duties and not trumped
            ):
                higher = [card for card in following if self.beats(card, best)]
                if higher:
                    return frozenset(higher)
            return frozenset(following)
        trumps = [card for card in cards if self.class_of(card) == TRUMPS]
        if "trump when void" in self.duties and trumps:
            if "overtrump" in self.duties and self.class_of(best) == TRUMPS:
                higher = [card for card in trumps if self.beats(card, best)]
                if higher:
                    return frozenset(higher)
                if "undertrump" not in self.duties:
                    return cards
            return frozenset(trumps)
        if ace_bound and ace is not None and len(hand) > 1:
            # The called ace is not thrown away before the last trick.
            others = cards - {ace}
            if others:
                return others
        return cards

    def trick_worth(self, trick: tuple[Card, ...], last: bool, swept: bool) -> int:
        """What winning ``trick`` brings; ``swept``: the winner's side took every trick."""
        if self.count_tricks:
            return 1
        worth = sum(self.points(card) for card in trick) + self.trick_bonus
        if last:
            worth += self.last_trick_bonus
            if swept:
                worth += self.sweep_bonus
        return worth

    def play(self, position: Position, card: Card, side: frozenset[int]) -> tuple[Position, int]:
        """The position after ``card``, and what the side gained by it."""
        mover = position.mover
        hands = tuple(hand - {card} if seat == mover else hand for seat, hand in enumerate(position.hands))
        trick = (*position.trick, card)
        if len(trick) < self.seats:
            return Position(
                hands, position.leader, trick, position.called_suit_led, position.side_lost_a_trick
            ), 0
        winner = (position.leader + self.winner(trick)) % self.seats
        last = not any(hands)
        called_suit_led = position.called_suit_led or (
            self.called_ace is not None and self.class_of(trick[0]) == self.called_ace.suit
        )
        if winner in side:
            gained = self.trick_worth(trick, last, swept=not position.side_lost_a_trick)
            lost = position.side_lost_a_trick
        else:
            gained, lost = 0, True
        return Position(hands, winner, (), called_suit_led, lost), gained


def play_on(
    referee: Referee, position: Position, side: frozenset[int], chance: SeededRandom, cards_left: int
) -> Position:
    """``position`` played on with random legal cards until ``cards_left`` are in the hands."""
    while sum(map(len, position.hands)) > cards_left:
        position, _ = referee.play(position, chance.choice(sorted(referee.legal(position), key=str)), side)
    return position


def minimax(referee: Referee, position: Position, side: frozenset[int], memory: dict[Position, int]) -> int:
    """What ``side`` scores from here with every hand open and perfect play."""
    if not position.trick:
        if not any(position.hands):
            return 0
        if position in memory:
            return memory[position]
    values = [
        gained + minimax(referee, child, side, memory)
        for child, gained in (referee.play(position, card, side) for card in referee.legal(position))
    ]
    value = max(values) if position.mover in side else min(values)
    if not position.trick:
        memory[position] = value
    return value


def move_values(referee: Referee, position: Position, side: frozenset[int]) -> dict[Card, int]:
    memory: dict[Position, int] = {}
    values = {}
    for card in referee.legal(position):
        child, gained = referee.play(position, card, side)
        values[card] = gained + minimax(referee, child, side, memory)
    return values


# The games ---------------------------------------------------------------------------


def _ranking(*ranks: Rank) -> Callable[[Card], int]:
    return lambda card: ranks.index(card.rank)


BELA_TRUMP = _ranking(Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT, Rank.SEVEN)
BELA_PLAIN = _ranking(Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
BELA_DUTIES = frozenset({"follow", "beat led", "trump when void", "overtrump", "undertrump", "beat trump"})


def bela(trump: Suit, seats: int, kup: frozenset[Card] = frozenset()) -> Referee:
    """Seed 002: the trump Jack 20, Nine 14; ace 11, ten 10, king 4, queen 3, plain Jack 2;
    10 for the last trick (and the Kup with two or three players), 90 for every trick."""

    def points(card: Card) -> int:
        if card.suit is trump and card.rank in (Rank.JACK, Rank.NINE):
            return 20 if card.rank is Rank.JACK else 14
        return {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}.get(card.rank, 0)

    return Referee(
        name="bela",
        seats=seats,
        pack=tuple(Card(suit, rank) for suit in SUITS for rank in Rank if rank >= Rank.SEVEN),
        class_of=lambda card: TRUMPS if card.suit is trump else card.suit,
        strength=lambda card: BELA_TRUMP(card) if card.suit is trump else BELA_PLAIN(card),
        points=points,
        duties=BELA_DUTIES,
        last_trick_bonus=10 + sum(points(card) for card in kup),
        sweep_bonus=90,
    )


def schafkopf(
    contract: str,
    seats: int,
    short: bool = False,
    trump: Suit = Suit.HEARTS,
    called: Suit | None = None,
    covers: dict[Card, Card] | None = None,
) -> Referee:
    """Seed 003: ``contract`` is rufspiel, solo, wenz, geier or bettel."""
    lowest = Rank.NINE if short else Rank.SEVEN
    pack = tuple(Card(suit, rank) for suit in SUITS for rank in Rank if rank >= lowest)
    obers_and_unters = [Card(suit, rank) for rank in (Rank.QUEEN, Rank.JACK) for suit in SUITS]
    plain = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
    if contract in ("rufspiel", "solo"):
        high = obers_and_unters
        trump_suit: Suit | None = trump
    elif contract == "wenz":
        high, trump_suit = obers_and_unters[4:], None
    elif contract == "geier":
        high, trump_suit = obers_and_unters[:4], None
    else:
        high, trump_suit = [], None
        plain = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)

    def is_trump(card: Card) -> bool:
        return card in high or card.suit is trump_suit

    def strength(card: Card) -> int:
        if card in high:
            return high.index(card)
        return len(high) + plain.index(card.rank)

    return Referee(
        name=f"schafkopf-{contract}",
        seats=seats,
        pack=pack,
        class_of=lambda card: TRUMPS if is_trump(card) else card.suit,
        strength=strength,
        points=lambda card: {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}.get(
            card.rank, 0
        ),
        duties=frozenset({"follow"}),
        count_tricks=contract == "bettel",
        called_ace=Card(called, Rank.ACE) if called is not None else None,
        run_away=3 if short else 4,
        covers=dict(covers or {}),
    )


def duty_game(duties: frozenset[str], seats: int, trick_bonus: int = 0) -> Referee:
    """A 16-card game (ace, king, queen, jack of each suit; hearts trump; 4, 3, 2, 1
    points) with any set of duties, to check each duty on its own."""
    ranks = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
    return Referee(
        name="duties " + ", ".join(sorted(duties)),
        seats=seats,
        pack=tuple(Card(suit, rank) for suit in SUITS for rank in ranks),
        class_of=lambda card: TRUMPS if card.suit is Suit.HEARTS else card.suit,
        strength=lambda card: ranks.index(card.rank),
        points=lambda card: 4 - ranks.index(card.rank),
        duties=duties,
        trick_bonus=trick_bonus,
    )
