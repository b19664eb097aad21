"""A Schafkopf deal from the shuffle to its end (seed 003 with SPEC §2): the two halves
of the deal and Aufstellen, the Spielansage, the Hochzeit's exchange, trick play with
Kontra and Re, and what is played when everyone passes.

Seats are numbered clockwise; the seat left of the dealer (``dealer + 1``) speaks first
and leads. Decisions where seed and SPEC are silent:

* Aufstellen: after the first half of the cards every seat is asked once, in playing
  order, whether it stands up. Two players have no Aufstellen: their first half is face
  down, unseen by anyone.
* Spielansage: one round in playing order; each seat passes or announces a game that
  outranks the best so far (at the same rank the earlier seat keeps it). The games'
  conditions: a Rufspiel calls Eichel, Gras or Schellen, holding a card of that suit
  that is not trump and not its Sau (a seat holding all three Sau is "gesperrt"); a
  Hochzeit needs exactly one trump; Sie all four Ober and Unter and a hand of eight.
* A Sie is laid down: the deal ends with the announcement.
* Hochzeit: the one trump lies open; the other seats are asked in playing order from the
  Hochzeiter whether they take it; the first who does gives the Hochzeiter a card face
  down, one that is not trump if he holds one. If nobody takes it, the deal goes on as
  if everyone had passed.
* "muss": when everyone passes, the holder of the Eichel-Ober is asked again and must
  announce a game.
* Kontra: a defender, before his first card; Re: the declaring side (the Rufspiel's
  partner too) after a Kontra, while the seat giving it has played at most one card.
  Neither in a Ramsch or a Sie.
* Two players: each seat's six face-up cards are its hand; only they can be played and
  count for following; playing one turns up the card beneath it. Nobody sees a
  face-down card, its owner included. The same seed deals the face-down cards first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.cards import Card, Rank, Suit
from engine.game import Trick
from engine.schafkopf.constants import (
    CALLABLE_SUITS,
    EICHEL_OBER,
    FIRST_HALF,
    HAND_SIZE,
    PARTNER_GAMES,
    RANK_IN_BIDDING,
    RUN_AWAY,
    SUIT_NAMES,
    WITH_SUIT,
    AllPass,
    Kind,
    Options,
    Pack,
    card_name,
    pack_cards,
)
from engine.schafkopf.play import CalledAce, TrickOrder
from engine.seeding import SeededRandom

_OBER_UNTER = frozenset(Card(suit, rank) for suit in Suit for rank in (Rank.QUEEN, Rank.JACK))
# The trumps of the partner games, by which a Hochzeit is judged.
_PARTNER_ORDER = {pack: TrickOrder.of(Kind.RUFSPIEL, None, pack) for pack in Pack}


class Phase(StrEnum):
    FIRST_HALF = "aufstellen"
    BIDDING = "spielansage"
    HOCHZEIT = "hochzeit"
    PLAY = "play"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Contract:
    """The game being played: its kind, its suit (the called suit of a Rufspiel, else the
    trump suit; None when it has none) and its declarer (-1 in a Ramsch)."""

    kind: Kind
    suit: Suit | None
    declarer: int


@dataclass
class PlayedTrick:
    leader: int
    cards: list[tuple[int, Card]] = field(default_factory=list)
    winner: int = -1


@dataclass
class DealState:
    """One deal. ``hands`` are the cards each seat holds and may play (with two players:
    its face-up cards); ``covered`` maps, with two players, a face-up card to the
    face-down card beneath it; ``dealt`` is everything a seat was dealt."""

    options: Options
    seats: int
    dealer: int
    hands: list[list[Card]]
    dealt: list[tuple[Card, ...]]
    turn: int
    phase: Phase
    second_half: list[list[Card]] = field(default_factory=list)
    covered: list[dict[Card, Card]] = field(default_factory=list)
    stock: int = 0
    asked: int = 0
    doublings: list[int] = field(default_factory=list)
    calls: list[tuple[int, Contract | None]] = field(default_factory=list)
    forced: bool = False
    contract: Contract | None = None
    # The Rufspiel's holder of the called Sau, or the Hochzeit's taker; -1 otherwise.
    partner: int = -1
    partner_known: bool = False
    hochzeit_card: Card | None = None
    offers: list[tuple[int, Card | None]] = field(default_factory=list)
    stoss: list[int] = field(default_factory=list)
    tricks: list[PlayedTrick] = field(default_factory=list)
    trick: PlayedTrick | None = None
    thrown_in: bool = False
    # The completed tricks as every view shows them, made once each (they never change).
    trick_views: list[Trick] = field(default_factory=list, repr=False, compare=False)

    def copy(self) -> DealState:
        trick = PlayedTrick(self.trick.leader, list(self.trick.cards)) if self.trick is not None else None
        return DealState(
            options=self.options,
            seats=self.seats,
            dealer=self.dealer,
            hands=[list(hand) for hand in self.hands],
            dealt=list(self.dealt),
            turn=self.turn,
            phase=self.phase,
            second_half=[list(cards) for cards in self.second_half],
            covered=[dict(cards) for cards in self.covered],
            stock=self.stock,
            asked=self.asked,
            doublings=list(self.doublings),
            calls=list(self.calls),
            forced=self.forced,
            contract=self.contract,
            partner=self.partner,
            partner_known=self.partner_known,
            hochzeit_card=self.hochzeit_card,
            offers=list(self.offers),
            stoss=list(self.stoss),
            tricks=[PlayedTrick(trick.leader, list(trick.cards), trick.winner) for trick in self.tricks],
            trick=trick,
            thrown_in=self.thrown_in,
            trick_views=list(self.trick_views),
        )

    @property
    def first_seat(self) -> int:
        return (self.dealer + 1) % self.seats

    @property
    def declarers(self) -> frozenset[int]:
        """The declaring side as the rules know it (the Rufspiel's partner included)."""
        if self.contract is None or self.contract.kind is Kind.RAMSCH:
            return frozenset()
        return frozenset({self.contract.declarer} | ({self.partner} if self.partner >= 0 else set()))

    def played(self, seat: int) -> int:
        """Cards ``seat`` has played this deal."""
        tricks = [*self.tricks, *([self.trick] if self.trick is not None else [])]
        return sum(1 for trick in tricks for who, _ in trick.cards if who == seat)


def deal(options: Options, seats: int, dealer: int, seed: int, stock: int = 0) -> DealState:
    """Shuffle with ``seed`` and deal in two halves from the seat left of the dealer; with
    two players the first half is laid face down and the second face up on it."""
    cards = SeededRandom(seed).shuffled(pack_cards(options.pack))
    first = FIRST_HALF[(seats, options.pack)]
    size = HAND_SIZE[(seats, options.pack)]
    order = [(dealer + 1 + offset) % seats for offset in range(seats)]
    halves: list[list[list[Card]]] = [[[] for _ in range(seats)] for _ in range(2)]
    position = 0
    for half, count in ((0, first), (1, size - first)):
        for seat in order:
            halves[half][seat] = cards[position : position + count]
            position += count
    dealt = [tuple(halves[0][seat] + halves[1][seat]) for seat in range(seats)]
    return dealt_state(options, dealer, dealt, stock)


def dealt_state(options: Options, dealer: int, dealt: list[tuple[Card, ...]], stock: int = 0) -> DealState:
    """The deal as it starts when each seat was dealt ``dealt``: the first half, then the
    second (with two players: face down, then face up, the n-th on the n-th)."""
    seats = len(dealt)
    first = FIRST_HALF[(seats, options.pack)]
    state = DealState(
        options,
        seats,
        dealer,
        [[] for _ in range(seats)],
        list(dealt),
        (dealer + 1) % seats,
        Phase.BIDDING,
        stock=stock,
        covered=[{} for _ in range(seats)],
    )
    if seats == 2:
        state.hands = [list(hand[first:]) for hand in dealt]
        state.covered = [dict(zip(hand[first:], hand[:first], strict=True)) for hand in dealt]
    elif options.aufstellen:
        state.hands = [list(hand[:first]) for hand in dealt]
        state.second_half = [list(hand[first:]) for hand in dealt]
        state.phase = Phase.FIRST_HALF
    else:
        state.hands = [list(hand) for hand in dealt]
    return state


def seen_dealt(state: DealState, seat: int) -> tuple[Card, ...]:
    """What ``seat`` has seen of its own deal so far: the first half until the second comes;
    with two players only its face-up cards, and those turned up since."""
    first = FIRST_HALF[(state.seats, state.options.pack)]
    if state.seats == 2:
        hidden = set(state.covered[seat].values())
        return tuple(card for card in state.dealt[seat] if card not in hidden)
    if state.phase is Phase.FIRST_HALF:
        return state.dealt[seat][:first]
    return state.dealt[seat]


def next_seat(state: DealState, seat: int) -> int:
    return (seat + 1) % state.seats


# Aufstellen ------------------------------------------------------------------------------


def stand_up_illegality(state: DealState, seat: int) -> str | None:
    if seat != state.turn:
        return f"it is seat {state.turn}'s turn to say whether it stands up"
    return None


def answer_first_half(state: DealState, seat: int, stand_up: bool) -> bool:
    """Apply seat's Aufstellen or pass; returns whether the second half was dealt now."""
    if stand_up:
        state.doublings.append(seat)
    state.asked += 1
    state.turn = next_seat(state, seat)
    if state.asked < state.seats:
        return False
    for other, cards in enumerate(state.second_half):
        state.hands[other] += cards
    state.second_half = []
    state.phase, state.asked, state.turn = Phase.BIDDING, 0, state.first_seat
    return True


# The Spielansage --------------------------------------------------------------------------


def best_call(state: DealState) -> Contract | None:
    announced = [contract for _, contract in state.calls if contract is not None]
    return max(announced, key=lambda contract: RANK_IN_BIDDING[contract.kind], default=None)


def partner_trumps(state: DealState, seat: int) -> list[Card]:
    return [card for card in state.hands[seat] if _PARTNER_ORDER[state.options.pack].is_trump(card)]


def announce_illegality(state: DealState, seat: int, kind: Kind, suit: Suit | None) -> str | None:
    """Why ``seat`` may not announce ``kind`` (with ``suit``) now."""
    options = state.options
    if seat != state.turn:
        return f"it is seat {state.turn}'s turn to announce"
    if not options.offers(kind) or kind is Kind.RAMSCH:
        return f"{kind.value} is not played at this table"
    if kind in PARTNER_GAMES and state.seats != 4:
        return f"{kind.value} is a partner game: partner games need four players"
    if kind is Kind.SIE and HAND_SIZE[(state.seats, options.pack)] != 8:
        return "a Sie is played only with hands of eight cards"
    if kind is Kind.RUFSPIEL and suit not in CALLABLE_SUITS:
        return "Herz cannot be called: its cards are trump in a Rufspiel"
    # Under "muss" everyone passed (a Hochzeit nobody took counts as a pass): nothing to outbid.
    best = None if state.forced else best_call(state)
    if best is not None and RANK_IN_BIDDING[kind] <= RANK_IN_BIDDING[best.kind]:
        return f"seat {best.declarer} announced {best.kind.value}: announce a higher game or pass"
    hand = state.hands[seat]
    if kind is Kind.RUFSPIEL:
        assert suit is not None
        name = SUIT_NAMES[suit]
        if Card(suit, Rank.ACE) in hand:
            return f"you hold the {name}-Sau yourself: call a Sau you do not hold"
        if not any(card.suit is suit and card not in _OBER_UNTER for card in hand):
            return f"you hold no {name} card that is not trump: you may call only a suit you hold"
    if kind is Kind.HOCHZEIT and state.forced:
        return "under muss you play a game yourself: a Hochzeit might find nobody to take it"
    if kind is Kind.HOCHZEIT and len(partner_trumps(state, seat)) != 1:
        held = len(partner_trumps(state, seat))
        return f"a Hochzeit needs exactly one trump in your hand; you hold {held}"
    if kind is Kind.SIE and not set(hand) >= _OBER_UNTER:
        return "a Sie needs all four Ober and all four Unter in your hand"
    return None


def pass_illegality(state: DealState, seat: int) -> str | None:
    if seat != state.turn:
        return f"it is seat {state.turn}'s turn"
    if state.forced:
        return f"everyone passed: you hold the {card_name(EICHEL_OBER)} and must play a game (muss)"
    return None


def announce(state: DealState, seat: int, contract: Contract | None) -> None:
    """Apply a pass (None) or an announcement that the checks allowed. A Sie, which
    nothing outbids, is laid down at once: the seats after it are not asked."""
    state.calls.append((seat, contract))
    if state.forced or (contract is not None and contract.kind is Kind.SIE):
        _start(state, contract)
        return
    state.asked += 1
    state.turn = next_seat(state, seat)
    if state.asked < state.seats:
        return
    _start(state, best_call(state))


def _start(state: DealState, contract: Contract | None) -> None:
    """The bidding is over: play ``contract``, or do what the table does when all pass."""
    state.asked = 0
    if contract is None:
        _all_passed(state)
        return
    state.contract = contract
    if contract.kind is Kind.SIE:
        state.phase = Phase.FINISHED
        return
    if contract.kind is Kind.HOCHZEIT:
        state.hochzeit_card = partner_trumps(state, contract.declarer)[0]
        state.phase = Phase.HOCHZEIT
        state.turn = next_seat(state, contract.declarer)
        return
    if contract.kind is Kind.RUFSPIEL:
        state.partner = next(
            seat for seat in range(state.seats) if called_card(contract) in state.dealt[seat]
        )
    _start_play(state)


def _all_passed(state: DealState) -> None:
    rule = state.options.all_pass
    if rule is AllPass.MUSS and not state.forced:
        state.forced = True
        state.turn = next(seat for seat in range(state.seats) if EICHEL_OBER in state.hands[seat])
        state.phase = Phase.BIDDING
        return
    if rule is AllPass.RAMSCH:
        state.contract = Contract(Kind.RAMSCH, None, -1)
        _start_play(state)
        return
    state.thrown_in = True
    state.phase = Phase.FINISHED


def _start_play(state: DealState) -> None:
    state.phase = Phase.PLAY
    state.turn = state.first_seat
    state.trick = PlayedTrick(state.turn)


# The Hochzeit ---------------------------------------------------------------------------


def give_illegality(state: DealState, seat: int, card: Card | None) -> str | None:
    """Why ``seat`` may not take the Hochzeit's trump giving ``card`` (None: pass)."""
    if state.phase is not Phase.HOCHZEIT:
        return "a card is given only to take a Hochzeit's trump"
    if seat != state.turn:
        return f"it is seat {state.turn}'s turn to take the Hochzeit or pass"
    if card is None:
        return None
    hand = state.hands[seat]
    if card not in hand:
        return f"you do not hold the {card_name(card)}"
    order = _PARTNER_ORDER[state.options.pack]
    plain = [held for held in hand if not order.is_trump(held)]
    if order.is_trump(card) and plain:
        return f"give a card that is not trump: you hold the {card_name(plain[0])}"
    return None


def give(state: DealState, seat: int, card: Card | None) -> None:
    """Apply a take (giving ``card``) or a pass that ``give_illegality`` allowed."""
    assert state.contract is not None and state.hochzeit_card is not None
    state.offers.append((seat, card))
    declarer = state.contract.declarer
    if card is None:
        state.turn = next_seat(state, seat)
        if state.turn == declarer:
            # The trump that lay open stays known to every seat ("None: no Hochzeit offered").
            state.contract = None
            _all_passed(state)
        return
    state.hands[seat].remove(card)
    state.hands[seat].append(state.hochzeit_card)
    state.hands[declarer].remove(state.hochzeit_card)
    state.hands[declarer].append(card)
    state.partner, state.partner_known = seat, True
    _start_play(state)


# Kontra and Re --------------------------------------------------------------------------


def double_illegality(state: DealState, seat: int) -> str | None:
    """Why ``seat`` may not give the next Kontra or Re now."""
    contract = state.contract
    if state.phase is not Phase.PLAY or contract is None:
        return "Kontra and Re are given once the game is announced"
    if not state.options.kontra:
        return "this table plays without Kontra and Re"
    if contract.kind is Kind.RAMSCH:
        return "a Ramsch has no Kontra"
    if len(state.stoss) >= 2:
        return "Re was given: there is no further double"
    if not state.stoss:
        if seat == contract.declarer:
            return "you announced the game: Kontra is for the defenders"
        if seat in state.declarers:
            held = "took the Hochzeit" if contract.kind is Kind.HOCHZEIT else "hold the called Sau"
            return f"you {held}: you play with the declarer"
        if state.played(seat):
            return "Kontra is given before your first card"
        return None
    if seat not in state.declarers:
        return "Re is for the declaring side, after a Kontra"
    if state.played(seat) > 1:
        return "Re is given while you hold all your cards but one at most"
    return None


def double(state: DealState, seat: int) -> None:
    state.stoss.append(seat)
    if len(state.stoss) == 2 and seat == state.partner:
        state.partner_known = True


def doublers(state: DealState) -> frozenset[int]:
    """Seats that may give Kontra or Re now."""
    if state.phase is not Phase.PLAY:
        return frozenset()
    return frozenset(seat for seat in range(state.seats) if double_illegality(state, seat) is None)


# Trick play -----------------------------------------------------------------------------


def trick_order(state: DealState) -> TrickOrder:
    assert state.contract is not None
    contract = state.contract
    suit = None if contract.kind is Kind.RUFSPIEL or contract.kind not in WITH_SUIT else contract.suit
    return TrickOrder.of(contract.kind, suit, state.options.pack)


def called_card(contract: Contract) -> Card:
    """The Sau a Rufspiel calls."""
    assert contract.kind is Kind.RUFSPIEL and contract.suit is not None
    return Card(contract.suit, Rank.ACE)


def called_ace(state: DealState, seat: int) -> CalledAce | None:
    """The called Sau's duties for ``seat``, while they hold (the suit not led yet)."""
    contract = state.contract
    if contract is None or contract.kind is not Kind.RUFSPIEL or seat != state.partner:
        return None
    order = trick_order(state)
    for trick in state.tricks:
        if order.led_class(trick.cards[0][1]) is contract.suit:
            return None
    return CalledAce(called_card(contract), RUN_AWAY[state.options.pack])


def playable(state: DealState, seat: int) -> dict[Card, str]:
    """Every card ``seat`` holds with "" if it may be played now, else the reason."""
    if state.phase is not Phase.PLAY or state.trick is None:
        return dict.fromkeys(state.hands[seat], "the cards are played once the game is announced")
    if seat != state.turn:
        return dict.fromkeys(state.hands[seat], f"it is seat {state.turn}'s turn")
    contract = state.contract
    assert contract is not None
    stichzwang = contract.kind is Kind.BETTEL and state.options.bettel_stichzwang
    trick = [card for _, card in state.trick.cards]
    return trick_order(state).playable(state.hands[seat], trick, called_ace(state, seat), stichzwang)


def play_illegality(state: DealState, seat: int, card: Card) -> str | None:
    reasons = playable(state, seat)
    if card not in reasons:
        if any(card == under for under in state.covered[seat].values()):
            return f"the {card_name(card)} lies face down: only face-up cards can be played"
        return f"you do not hold the {card_name(card)}"
    return reasons[card] or None


@dataclass(frozen=True, slots=True)
class PlayOutcome:
    """What a card caused: the trick it completed, the card it turned up (two players),
    and whether it revealed the Rufspiel's partner."""

    trick: PlayedTrick | None
    turned: Card | None
    partner_revealed: bool


def play(state: DealState, seat: int, card: Card) -> PlayOutcome:
    """Apply a card ``play_illegality`` allowed."""
    assert state.trick is not None and state.contract is not None
    state.hands[seat].remove(card)
    turned = state.covered[seat].pop(card, None)
    if turned is not None:
        state.hands[seat].append(turned)
    state.trick.cards.append((seat, card))
    revealed = False
    contract = state.contract
    if contract.kind is Kind.RUFSPIEL and not state.partner_known and card == called_card(contract):
        state.partner_known = revealed = True
    if len(state.trick.cards) < state.seats:
        state.turn = next_seat(state, seat)
        return PlayOutcome(None, turned, revealed)
    trick = state.trick
    trick.winner = trick.cards[trick_order(state).best_index([played for _, played in trick.cards])][0]
    state.tricks.append(trick)
    if state.hands[trick.winner]:
        state.trick = PlayedTrick(trick.winner)
        state.turn = trick.winner
    else:
        state.trick = None
        state.phase = Phase.FINISHED
    return PlayOutcome(trick, turned, revealed)
