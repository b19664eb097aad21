"""A Bela deal from the shuffle to its settlement (seed 002 with SPEC §2): dealing with
talon and Kup, the trump choice, declaring zvanja and Bela, trick play and what the deal
is worth.

Seats are numbered clockwise and play passes from a seat to ``seat + 1`` (the player
left of the dealer speaks first and leads), or to ``seat - 1`` under the option
"counter-clockwise". With four players seats 0 and 2 play against 1 and 3; with two or
three everyone plays alone.

Decisions where seed and SPEC are silent:

* "neu geben": when everyone says dalje the deal is thrown in; the same dealer deals
  again and the thrown-in deal does not count.
* Without "Zvanja selbst" every seat declares all its melds with its first card, and
  Bela with the first of trump King and Queen. With it, a seat declares its melds by
  its own action before its first card (else they are forfeited) and Bela by its own
  action before the first of King and Queen, which it must then play.
* Belot follows the zvanja: it is declared with one's melds and, under the rule that
  it wins the Partie, ends the deal and the Partie right after that action.
* What a seat held at its first card (six cards and its talon) is kept, not rebuilt
  from its hand and the cards it played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.bela.constants import (
    BELA,
    FIRST_CARDS,
    KUP,
    LAST_TRICK,
    PACK,
    TALON,
    BelotRule,
    Options,
)
from engine.bela.play import TrickOrder
from engine.bela.scoring import DealSettlement, PartyTally, settle
from engine.bela.zvanja import Comparison, Meld, MeldKind, compare, find_melds
from engine.cards import Card, Rank, Suit
from engine.seeding import SeededRandom

# Cards a seat gets in one round of the first deal (3-3).
PACKET = 3


class Phase(StrEnum):
    TRUMP = "trump"
    PLAY = "play"
    FINISHED = "finished"


class DeclareKind(StrEnum):
    ZVANJA = "zvanja"
    BELA = "bela"


@dataclass
class PlayedTrick:
    """A trick's cards with their seats in play order; ``winner`` once complete."""

    leader: int
    cards: list[tuple[int, Card]] = field(default_factory=list)
    winner: int = -1


@dataclass
class DealState:
    """One deal. ``hands`` are what the seats hold now; ``held`` what each held when it
    played its first card (empty before)."""

    options: Options
    seats: int
    dealer: int
    hands: list[list[Card]]
    talons: list[list[Card]]
    kup: tuple[Card, ...]
    turn: int
    phase: Phase = Phase.TRUMP
    calls: list[tuple[int, Suit | None]] = field(default_factory=list)
    trump: Suit | None = None
    caller: int = -1
    held: list[tuple[Card, ...]] = field(default_factory=list)
    declared: dict[int, tuple[Meld, ...]] = field(default_factory=dict)
    # Seats that said Bela and must now play the King or the Queen of trump.
    bela_said: set[int] = field(default_factory=set)
    bela_seat: int = -1
    tricks: list[PlayedTrick] = field(default_factory=list)
    trick: PlayedTrick | None = None
    thrown_in: bool = False
    belot_seat: int = -1
    # The six cards and the talon each seat was dealt, as dealt.
    dealt: list[tuple[Card, ...]] = field(default_factory=list)
    talons_dealt: list[tuple[Card, ...]] = field(default_factory=list)

    def copy(self) -> DealState:
        trick = PlayedTrick(self.trick.leader, list(self.trick.cards)) if self.trick is not None else None
        return DealState(
            options=self.options,
            seats=self.seats,
            dealer=self.dealer,
            hands=[list(hand) for hand in self.hands],
            talons=[list(talon) for talon in self.talons],
            kup=self.kup,
            turn=self.turn,
            phase=self.phase,
            calls=list(self.calls),
            trump=self.trump,
            caller=self.caller,
            held=list(self.held),
            declared=dict(self.declared),
            bela_said=set(self.bela_said),
            bela_seat=self.bela_seat,
            tricks=[PlayedTrick(trick.leader, list(trick.cards), trick.winner) for trick in self.tricks],
            trick=trick,
            thrown_in=self.thrown_in,
            belot_seat=self.belot_seat,
            dealt=list(self.dealt),
            talons_dealt=list(self.talons_dealt),
        )


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What a finished deal is worth: per party the settlement, the zvanja comparison
    (None when nobody declared a meld worth something), the seats' scores (at four both
    partners get their pair's), and the seat whose Belot won the Partie (-1 if none)."""

    parties: tuple[tuple[int, ...], ...]
    settlement: DealSettlement | None
    comparison: Comparison | None
    zvanja: tuple[int, ...]
    bela: tuple[int, ...]
    scores: tuple[int, ...]
    belot_seat: int = -1


def parties(seats: int) -> tuple[tuple[int, ...], ...]:
    return ((0, 2), (1, 3)) if seats == 4 else tuple((seat,) for seat in range(seats))


def party_of(seats: int, seat: int) -> int:
    return seat % 2 if seats == 4 else seat


def next_seat(state: DealState, seat: int) -> int:
    step = -1 if state.options.counter_clockwise else 1
    return (seat + step) % state.seats


def playing_order(state: DealState) -> list[int]:
    """The seats from the one after the dealer (who speaks first and leads)."""
    order = [next_seat(state, state.dealer)]
    while len(order) < state.seats:
        order.append(next_seat(state, order[-1]))
    return order


def deal(options: Options, seats: int, dealer: int, seed: int) -> DealState:
    """Shuffle with ``seed``: six cards each in two rounds of three from the seat after
    the dealer, then each seat's talon, the rest is the Kup. Both talon rules deal the
    same cards."""
    cards = SeededRandom(seed).shuffled(PACK)
    state = DealState(options, seats, dealer, [[] for _ in range(seats)], [[] for _ in range(seats)], (), 0)
    order = playing_order(state)
    position = 0
    for _ in range(FIRST_CARDS // PACKET):
        for seat in order:
            state.hands[seat] += cards[position : position + PACKET]
            position += PACKET
    for seat in order:
        state.talons[seat] = cards[position : position + TALON[seats]]
        position += TALON[seats]
    state.kup = tuple(cards[position:])
    assert len(state.kup) == KUP[seats]
    state.dealt = [tuple(hand) for hand in state.hands]
    state.talons_dealt = [tuple(talon) for talon in state.talons]
    state.turn = order[0]
    state.held = [() for _ in range(seats)]
    return state


# The trump choice -----------------------------------------------------------------------


def trump_illegality(state: DealState, seat: int, suit: Suit | None) -> str | None:
    """Why ``seat`` may not choose ``suit`` (None: say dalje) now."""
    if state.phase is not Phase.TRUMP:
        return "the trump is chosen" if state.phase is Phase.PLAY else "the deal is over"
    if seat != state.turn:
        return f"it is seat {state.turn}'s turn to choose the trump"
    if suit is None and seat == state.dealer and state.options.dealer_must_choose:
        return "everyone else said dalje: the dealer must choose a trump (mus)"
    return None


def choose_trump(state: DealState, seat: int, suit: Suit | None) -> None:
    """Apply a choice ``trump_illegality`` allowed: a suit makes ``seat`` the caller and
    everyone takes up his talon; dalje passes the turn, or throws the deal in when the
    dealer says it."""
    state.calls.append((seat, suit))
    if suit is None:
        if seat == state.dealer:
            state.thrown_in = True
            state.phase = Phase.FINISHED
        else:
            state.turn = next_seat(state, seat)
        return
    state.trump = suit
    state.caller = seat
    for talon_seat, talon in enumerate(state.talons):
        state.hands[talon_seat] += talon
        state.talons[talon_seat] = []
    state.phase = Phase.PLAY
    state.turn = playing_order(state)[0]
    state.trick = PlayedTrick(state.turn)


# Declaring --------------------------------------------------------------------------------


def trump_order(state: DealState) -> TrickOrder:
    assert state.trump is not None, "no trump chosen yet"
    return TrickOrder(state.trump)


def holds_bela(state: DealState, seat: int) -> bool:
    """Whether ``seat`` still holds both King and Queen of trump."""
    return state.trump is not None and all(
        Card(state.trump, rank) in state.hands[seat] for rank in (Rank.KING, Rank.QUEEN)
    )


def declare_illegality(state: DealState, seat: int, kind: DeclareKind) -> str | None:
    if state.phase is not Phase.PLAY:
        return "declaring comes with the cards, after the trump choice"
    if seat != state.turn:
        return f"it is seat {state.turn}'s turn"
    if not state.options.declare_yourself:
        return "melds and Bela are declared for you as you play (the rule 'Zvanja selbst' is off)"
    if kind is DeclareKind.ZVANJA:
        if state.held[seat]:
            return "melds are declared before your first card, and you have played it"
        if seat in state.declared:
            return "you have declared your melds"
        if not find_melds(state.hands[seat]):
            return "you hold no meld"
        return None
    if seat in state.bela_said or state.bela_seat == seat:
        return "you have said Bela"
    if not holds_bela(state, seat):
        return "Bela needs the King and the Queen of trump in your hand"
    assert state.trump is not None
    trick = [card for _, card in state.trick.cards] if state.trick else []
    allowed = trump_order(state).playable(state.hands[seat], trick)
    if all(allowed[Card(state.trump, rank)] for rank in (Rank.KING, Rank.QUEEN)):
        return "Bela is said with the first of King and Queen of trump, and you may play neither now"
    return None


def declare(state: DealState, seat: int, kind: DeclareKind) -> None:
    """Apply a declaration ``declare_illegality`` allowed."""
    if kind is DeclareKind.ZVANJA:
        _declare_melds(state, seat)
    else:
        state.bela_said.add(seat)


def _declare_melds(state: DealState, seat: int) -> None:
    melds = find_melds(state.hands[seat], state.options.belot is BelotRule.COUNTS_100)
    state.declared[seat] = melds
    if state.options.belot is BelotRule.WINS_PARTIE and any(meld.kind is MeldKind.BELOT for meld in melds):
        state.belot_seat = seat
        state.phase = Phase.FINISHED


# Trick play ------------------------------------------------------------------------------


def playable(state: DealState, seat: int) -> dict[Card, str]:
    """Every card of ``seat``'s hand with "" if it may be played now, else the reason."""
    if state.phase is not Phase.PLAY or state.trick is None:
        return dict.fromkeys(state.hands[seat], "the cards are played after the trump choice")
    if seat != state.turn:
        return dict.fromkeys(state.hands[seat], f"it is seat {state.turn}'s turn")
    reasons = trump_order(state).playable(state.hands[seat], [card for _, card in state.trick.cards])
    if seat in state.bela_said:
        assert state.trump is not None
        bela = {Card(state.trump, Rank.KING), Card(state.trump, Rank.QUEEN)}
        for card in reasons:
            if card not in bela and not reasons[card]:
                reasons[card] = "you said Bela: play the King or the Queen of trump"
    return reasons


def play_illegality(state: DealState, seat: int, card: Card) -> str | None:
    reasons = playable(state, seat)
    if card not in reasons:
        return f"you do not hold {card.symbol}"
    return reasons[card] or None


def play(state: DealState, seat: int, card: Card) -> PlayedTrick | None:
    """Apply a card ``play_illegality`` allowed; returns the trick it completed, if any."""
    assert state.trick is not None and state.trump is not None
    if not state.held[seat]:
        state.held[seat] = tuple(state.hands[seat])
        if not state.options.declare_yourself:
            _declare_melds(state, seat)
    first_of_bela = (
        card.suit is state.trump and card.rank in (Rank.KING, Rank.QUEEN) and holds_bela(state, seat)
    )
    if first_of_bela and (seat in state.bela_said or not state.options.declare_yourself):
        state.bela_seat = seat
    state.bela_said.discard(seat)
    state.hands[seat].remove(card)
    state.trick.cards.append((seat, card))
    if state.phase is Phase.FINISHED:
        return None
    if len(state.trick.cards) < state.seats:
        state.turn = next_seat(state, seat)
        return None
    trick = state.trick
    cards = [played for _, played in trick.cards]
    trick.winner = trick.cards[trump_order(state).best_index(cards)][0]
    state.tricks.append(trick)
    if state.hands[trick.winner]:
        state.trick = PlayedTrick(trick.winner)
        state.turn = trick.winner
    else:
        state.trick = None
        state.phase = Phase.FINISHED
    return trick


# The settlement ---------------------------------------------------------------------------


def comparison(state: DealState) -> Comparison | None:
    """The zvanja comparison of what the seats have declared so far, in playing order."""
    if state.trump is None:
        return None
    return compare(state.declared, playing_order(state), state.trump)


def shown_melds(state: DealState) -> tuple[tuple[Card, ...], ...]:
    """Per seat the meld cards on show: after the first trick, those of the party with
    the strongest declaration."""
    shown: list[tuple[Card, ...]] = [() for _ in range(state.seats)]
    best = comparison(state)
    if state.tricks and best is not None:
        party = party_of(state.seats, best.seat)
        for seat, melds in state.declared.items():
            if party_of(state.seats, seat) == party:
                shown[seat] = tuple(
                    dict.fromkeys(card for meld in melds if meld.value for card in meld.cards)
                )
    return tuple(shown)


def outcome(state: DealState) -> DealOutcome:
    """What the finished deal is worth."""
    groups = parties(state.seats)
    if state.thrown_in:
        zeros = (0,) * len(groups)
        return DealOutcome(groups, None, None, zeros, zeros, (0,) * state.seats)
    best = comparison(state)
    if state.belot_seat >= 0:
        zeros = (0,) * len(groups)
        return DealOutcome(groups, None, best, zeros, zeros, (0,) * state.seats, state.belot_seat)
    order = trump_order(state)
    card_points = [0] * len(groups)
    tricks = [0] * len(groups)
    for trick in state.tricks:
        party = party_of(state.seats, trick.winner)
        card_points[party] += order.points([card for _, card in trick.cards])
        tricks[party] += 1
    last = party_of(state.seats, state.tricks[-1].winner)
    card_points[last] += LAST_TRICK + order.points(state.kup)
    zvanja = [0] * len(groups)
    if best is not None:
        party = party_of(state.seats, best.seat)
        zvanja[party] = sum(
            meld.value
            for seat, melds in state.declared.items()
            if party_of(state.seats, seat) == party
            for meld in melds
        )
    bela = [0] * len(groups)
    if state.bela_seat >= 0:
        bela[party_of(state.seats, state.bela_seat)] = BELA
    tallies = [
        PartyTally(card_points[party], tricks[party], zvanja[party], bela[party])
        for party in range(len(groups))
    ]
    party_order = list(dict.fromkeys(party_of(state.seats, seat) for seat in playing_order(state)))
    settlement = settle(tallies, party_of(state.seats, state.caller), party_order)
    scores = tuple(settlement.scores[party_of(state.seats, seat)] for seat in range(state.seats))
    return DealOutcome(groups, settlement, best, tuple(zvanja), tuple(bela), scores)
