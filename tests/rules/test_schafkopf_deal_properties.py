"""Properties of whole Schafkopf deals and matches played with random legal actions: four
players with the long and the short pack, three and two with the short one, each under the
club rules, with every extra game (Geier, Hochzeit, Farbwenz, Farbgeier, Bettel with
Stichzwang), with Ramsch (Jungfrau, Durchmarsch) or "muss" when everyone passes, and
(four players) whole matches with a Stock that a lost partner game pays into.

Every seat that may act (``to_act | may_act``: the seat on turn, and the seats that may give
Kontra or Re) picks among ``legal_actions``; the seeds are fixed, so every run plays the same
deals. The properties, each its own test: the tricks hold all 120 card points; payouts and the
Stock add up to nothing; every card played is legal by an independent reading of the seed and
SPEC §2, and every card that reading allows is offered; replaying the action log deals and
settles the same; with two players no view shows a face-down card; ``deal_again`` keeps what the
seat has seen. A last test proves the random players reached what the properties are about.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields, is_dataclass

import pytest

from engine.actions import Action, Announce, Double, Pass, PlayCard, parse_action
from engine.cards import Card, Rank, Suit
from engine.errors import EngineError
from engine.game import DealResult, DealView
from engine.match import DealSettled, Match, MatchPhase
from engine.registry import GAMES
from engine.schafkopf.blocks import GiveCard, SchafkopfSettlement
from engine.schafkopf.constants import (
    AllPass,
    Options,
    Pack,
)
from engine.schafkopf.deal import DealState, Phase, dealt_state
from engine.seeding import SeededRandom, derive_seed

GAME = GAMES["schafkopf"]
SEED = 20260603

# The seed's cards: "As (Sau), Zehn, König, Ober, Unter, Neun" and, in the long pack, Acht
# and Sieben; "das As 11 Punkte, der Zehner 10, der König 4, Ober 3, Unter 2".
RANKS = {
    Pack.LONG: (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN),
    Pack.SHORT: (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE),
}
VALUES = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
OBER = frozenset(Card(suit, Rank.QUEEN) for suit in Suit)
UNTER = frozenset(Card(suit, Rank.JACK) for suit in Suit)
# Bettel has no trump and keeps the cards' natural order: Sau, König, Ober, Unter, Zehn, ...
BETTEL_ORDER = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
# Davonlaufen (SPEC §2): the holder of the called Sau leads another card of its suit only
# holding four of it, three in the short pack.
RUN_AWAY = {Pack.LONG: 4, Pack.SHORT: 3}
# Two players: "6 Karten verdeckt ... darauf 6 Karten aufgedeckt".
FACE_DOWN = 6


def pack(kind: Pack) -> frozenset[Card]:
    return frozenset(Card(suit, rank) for suit in Suit for rank in RANKS[kind])


def card_points(cards: list[Card]) -> int:
    return sum(VALUES.get(card.rank, 0) for card in cards)


# The tables ---------------------------------------------------------------------------

LAYOUTS = {"long-4": (4, "long"), "short-4": (4, "short"), "short-3": (3, "short"), "short-2": (2, "short")}
EXTRAS = {
    "geier": "true",
    "hochzeit": "true",
    "farbwenz": "true",
    "farbgeier": "true",
    "bettel": "true",
    "bettel_stichzwang": "true",
}
# The option sets with the matches played under each: what happens when everyone passes is
# thrown in (the club's default), a Ramsch, "muss", or a Stock that a lost partner game pays into.
OPTION_SETS = {
    "club": ({}, 3),
    "extras": (EXTRAS, 5),
    "ramsch": ({"all_pass": "ramsch", "hochzeit": "true"}, 3),
    "muss": ({"all_pass": "muss", "hochzeit": "true", "bettel": "true"}, 3),
    "stock": ({"all_pass": "stock", "stock_on_loss": "pay_in", "hochzeit": "true", "deals": "12"}, 4),
}
# What a Ramsch pays, varied by layout so that each Jungfrau and Durchmarsch rule is played.
RAMSCH = {
    "long-4": {"jungfrau": "double_all", "durchmarsch": "points", "durchmarsch_points": "61"},
    "short-4": {"jungfrau": "multiple", "durchmarsch": "tricks", "ramsch_tie": "highest_trump"},
    "short-3": {"jungfrau": "higher_tariff", "durchmarsch": "points", "durchmarsch_points": "70"},
}


@dataclass(frozen=True)
class Table:
    """``matches`` matches of ``options.deals`` deals at ``seats`` seats."""

    id: str
    seats: int
    options: Options
    matches: int


def _tables() -> list[Table]:
    """Every option set at every layout that allows it: two players have no Ramsch and no
    "muss", and only four play for a Stock. One more: Jungfrau "once", without Aufstellen."""
    tables = []
    for layout, (seats, kind) in LAYOUTS.items():
        for name, (raw, matches) in OPTION_SETS.items():
            if (seats == 2 and name in ("ramsch", "muss")) or (seats < 4 and name == "stock"):
                continue
            ramsch = RAMSCH[layout] if name == "ramsch" else {}
            options = GAME.parse_options("club", {"pack": kind, **raw, **ramsch})
            assert GAME.check_seats(options, seats) is None
            tables.append(Table(f"{layout}-{name}", seats, options, matches))
    once = {"all_pass": "ramsch", "jungfrau": "once", "durchmarsch": "tricks", "aufstellen": "false"}
    tables.append(Table("long-4-ramsch-once", 4, GAME.parse_options("club", once), 1))
    return tables


TABLES = _tables()


# The random players ---------------------------------------------------------------------


@dataclass
class Played:
    """One deal as played: how to deal it afresh, the Stock it was dealt with, the actions
    in order with the cards offered, and the finished deal with its settlement."""

    table: Table
    fresh: Callable[[], DealState]
    stock: int
    actions: list[tuple[int, Action]] = field(default_factory=list)
    # For each action, the cards ``legal_actions`` offered the seat on turn then.
    offered: list[frozenset[Card]] = field(default_factory=list)
    state: DealState | None = None
    result: DealResult | None = None

    @property
    def seats(self) -> int:
        return self.table.seats

    @property
    def options(self) -> Options:
        return self.table.options

    def finished(self) -> tuple[DealState, DealResult]:
        assert self.state is not None and self.result is not None
        return self.state, self.result


@dataclass
class PlayedMatch:
    table: Table
    deals: list[Played]
    totals: tuple[int, ...]
    stock: int


class Player:
    """Random choices among the legal actions, tilted so that every kind of call happens: a
    deal's seats pass with a chance fixed per deal (sometimes all of them), and mostly once a
    game is announced (or the Solo and the Tout would outbid everything); a Hochzeit is
    offered and a Rufspiel chosen half the time they may be; a seat with a wish (a rigged
    deal's Sie, Hochzeit or Rufspiel) announces it and the others pass; Kontra and Re are
    given now and then."""

    def __init__(self, random: SeededRandom, wishes: dict[int, Action] | None = None) -> None:
        self.random = random
        self.wishes = wishes or {}
        self.passing = 0
        self.announced = False
        self.offered: frozenset[Card] = frozenset()

    def new_deal(self) -> None:
        self.passing = self.random.choice((100, 100, 70, 40, 10))
        self.announced = False

    def choose(self, state: DealState, acting: frozenset[int]) -> tuple[int, Action]:
        """A seat among ``acting`` and its action; ``offered`` is then the cards that
        ``legal_actions`` offered the seat on turn (the seats that may double are asked only
        when a double is tried)."""
        random = self.random
        (seat,) = GAME.to_act(state)
        assert seat in acting
        self.offered = frozenset()
        if state.phase is Phase.PLAY and random.below(5) == 0:
            doubles = [other for other in sorted(acting) if Double() in GAME.legal_actions(state, other)]
            if doubles:
                return random.choice(doubles), Double()
        actions = GAME.legal_actions(state, seat)
        self.offered = frozenset(action.card for action in actions if isinstance(action, PlayCard))
        if state.phase is Phase.PLAY:
            return seat, random.choice([action for action in actions if action != Double()])
        assert acting == {seat}, "only the seat on turn acts before the cards are played"
        if state.phase is Phase.FIRST_HALF:
            return seat, Double() if random.below(5) == 0 and Double() in actions else Pass()
        if state.phase is Phase.HOCHZEIT:
            gives = [action for action in actions if isinstance(action, GiveCard)]
            return seat, random.choice(gives) if gives and random.below(3) == 0 else Pass()
        announcements = [action for action in actions if isinstance(action, Announce)]
        wish = self.wishes.get(seat)
        if wish in announcements:
            return seat, wish
        codes = sorted({action.contract for action in announcements})
        passing = 100 if self.wishes else 90 if self.announced else self.passing
        if Pass() in actions and (not codes or random.below(100) < passing):
            return seat, Pass()
        preferred = [code for code in ("hochzeit", "rufspiel") if code in codes and random.below(2) == 0]
        code = preferred[0] if preferred else random.choice(codes)
        self.announced = True
        return seat, random.choice([action for action in announcements if action.contract == code])


def _play_match(table: Table, number: int) -> PlayedMatch:
    seed = derive_seed(SEED, table.id, number)
    player = Player(SeededRandom(derive_seed(seed, "players")))
    match = Match(GAME, table.options, table.seats, seed, frozenset(), first_dealer=number % table.seats)

    def started() -> Played:
        deal_seed, dealer, carry = match.deal_seed(match.deal_index), match.dealer, match.deal_carry
        player.new_deal()
        assert isinstance(carry, dict) and isinstance(carry["stock"], int)
        return Played(
            table,
            lambda: GAME.new_deal(table.options, table.seats, dealer, deal_seed, carry),
            carry["stock"],
        )

    deals: list[Played] = []
    current = started()
    while match.phase is not MatchPhase.FINISHED:
        state = match.deal
        seat, action = player.choose(state, match.to_act() | match.may_act())
        events = match.apply(seat, action)
        current.actions.append((seat, action))
        current.offered.append(player.offered)
        settled = [event for event in events if isinstance(event, DealSettled)]
        if settled:
            (event,) = settled
            current.state, current.result = state, event.result
            deals.append(current)
            if match.phase is not MatchPhase.FINISHED:
                current = started()
    stock = match.carry["stock"] if isinstance(match.carry, dict) else None
    assert isinstance(stock, int)
    return PlayedMatch(table, deals, tuple(match.totals), stock)


def _deal_out(random: SeededRandom, table: Table, fixed: dict[int, list[Card]]) -> list[tuple[Card, ...]]:
    """Hands with the cards ``fixed`` for some seats, the rest dealt at random."""
    cards = pack(table.options.pack)
    size = len(cards) // table.seats
    rest = random.shuffled(sorted(cards - {card for held in fixed.values() for card in held}, key=str))
    hands = []
    for seat in range(table.seats):
        held = list(fixed.get(seat, ()))
        need = size - len(held)
        held, rest = held + rest[:need], rest[need:]
        hands.append(tuple(random.shuffled(held)))
    return hands


def _sie(random: SeededRandom, table: Table) -> tuple[list[tuple[Card, ...]], int, dict[int, Action]]:
    """One seat holds every Ober and Unter: the Sie that random deals never give."""
    holder = random.below(table.seats)
    return _deal_out(random, table, {holder: sorted(OBER | UNTER, key=str)}), 0, {holder: Announce("sie")}


def _hochzeit(random: SeededRandom, table: Table) -> tuple[list[tuple[Card, ...]], int, dict[int, Action]]:
    """One seat holds a single trump of the partner games, and offers it."""
    cards = pack(table.options.pack)
    trumps = sorted(trumps_of("rufspiel", None, table.options.pack), key=str)
    plain = random.shuffled(sorted(cards - set(trumps), key=str))
    holder = random.below(table.seats)
    hand = [random.choice(trumps), *plain[: len(cards) // table.seats - 1]]
    return _deal_out(random, table, {holder: hand}), 0, {holder: Announce("hochzeit")}


def _run_away(random: SeededRandom, table: Table) -> tuple[list[tuple[Card, ...]], int, dict[int, Action]]:
    """The holder of the called Sau leads first, holding enough of its suit to run away."""
    kind = table.options.pack
    suit = random.choice((Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS))
    plain = random.shuffled([Card(suit, rank) for rank in RANKS[kind] if rank not in (Rank.QUEEN, Rank.JACK)])
    plain.remove(Card(suit, Rank.ACE))
    holder = random.below(table.seats)
    caller = (holder + 1 + random.below(table.seats - 1)) % table.seats
    many = RUN_AWAY[kind] - 1
    fixed = {holder: [Card(suit, Rank.ACE), *plain[:many]], caller: [plain[many]]}
    return _deal_out(random, table, fixed), holder - 1, {caller: Announce("rufspiel", suit)}


Rig = Callable[[SeededRandom, Table], tuple[list[tuple[Card, ...]], int, dict[int, Action]]]
# Rigged deals per table, for what random deals give too seldom.
RIGGED: dict[str, list[Rig]] = {
    "long-4-club": [_sie, _run_away, _run_away, _run_away, _run_away],
    "short-3-club": [_sie, _sie],
    "short-4-club": [_run_away] * 5,
    "long-4-extras": [_hochzeit] * 4,
    "short-4-extras": [_hochzeit] * 4,
    "long-4-muss": [_hochzeit] * 4,
    "long-4-ramsch": [_hochzeit] * 4,
    "short-4-ramsch": [_hochzeit] * 4,
    "long-4-stock": [_hochzeit] * 4,
    "short-4-stock": [_hochzeit] * 4,
}


def _rigged_deal(table: Table, number: int, rig: Rig) -> Played:
    """A rigged deal played out by the players; at a Stock table the Stock holds some stakes."""
    random = SeededRandom(derive_seed(SEED, "rigged", table.id, number))
    dealt, dealer, wishes = rig(random, table)
    stock = (
        4 * table.options.tariff.stock * (1 + random.below(3))
        if table.options.all_pass is AllPass.STOCK
        else 0
    )
    played = Played(table, lambda: dealt_state(table.options, dealer % table.seats, dealt, stock), stock)
    player = Player(random, wishes)
    player.new_deal()
    state = played.fresh()
    while GAME.to_act(state):
        seat, action = player.choose(state, GAME.to_act(state) | GAME.may_act(state))
        GAME.check(state, seat, action)
        GAME.apply(state, seat, action)
        played.actions.append((seat, action))
        played.offered.append(player.offered)
    played.state, played.result = state, GAME.result(state)
    return played


@pytest.fixture(scope="module")
def matches() -> list[PlayedMatch]:
    return [_play_match(table, number) for table in TABLES for number in range(table.matches)]


@pytest.fixture(scope="module")
def deals(matches: list[PlayedMatch]) -> list[Played]:
    rigged = [
        _rigged_deal(table, number, rig)
        for table in TABLES
        for number, rig in enumerate(RIGGED.get(table.id, ()))
    ]
    return [played for match in matches for played in match.deals] + rigged


# The rules read afresh ------------------------------------------------------------------


def trumps_of(code: str, suit: Suit | None, kind: Pack) -> frozenset[Card]:
    """The trumps of a game as the seed lists them ("Die Spielarten"): a Tout has its game's."""
    game = code.removesuffix("_tout")
    cards = pack(kind)
    if game == "bettel":
        return frozenset()
    if game == "wenz":
        return UNTER
    if game == "geier":
        return OBER
    if game == "farbwenz":
        return UNTER | {card for card in cards if card.suit is suit}
    if game == "farbgeier":
        return OBER | {card for card in cards if card.suit is suit}
    # A Solo's suit; Herz in the Rufspiel, the Hochzeit and the Ramsch ("wie beim Herz-Solo").
    trump_suit = suit if game == "solo" else Suit.HEARTS
    return OBER | UNTER | {card for card in cards if card.suit is trump_suit}


class Reading:
    """The cards on the table as the rule text tells them: what each seat may play (with two
    players the face-up cards, each on the face-down card it turns up), the tricks, the
    Hochzeit's exchange."""

    def __init__(self, state: DealState) -> None:
        dealt = state.dealt
        self.seats = state.seats
        self.pack = state.options.pack
        self.stichzwang = state.options.bettel_stichzwang
        if self.seats == 2:
            self.hands = [list(hand[FACE_DOWN:]) for hand in dealt]
            self.beneath = [dict(zip(hand[FACE_DOWN:], hand[:FACE_DOWN], strict=True)) for hand in dealt]
        else:
            self.hands = [list(hand) for hand in dealt]
            self.beneath = [{} for _ in dealt]
        self.tricks: list[list[tuple[int, Card]]] = []
        self.trick: list[tuple[int, Card]] = []
        self.hochzeit: tuple[int, Card] | None = None
        self.given: tuple[int, Card] | None = None

    def face_down(self) -> set[Card]:
        return {card for under in self.beneath for card in under.values()}

    def played(self) -> list[tuple[int, Card]]:
        return [pair for trick in self.tricks for pair in trick] + self.trick

    def apply(self, state: DealState, seat: int, action: Action) -> None:
        """Follow ``action``, which ``state`` (the deal after it) took."""
        if state.phase is Phase.HOCHZEIT and self.hochzeit is None:
            # The bidding ended with a Hochzeit: its one trump lies open.
            assert state.contract is not None
            declarer = state.contract.declarer
            partner_trumps = trumps_of("rufspiel", None, self.pack)
            (single,) = [card for card in self.hands[declarer] if card in partner_trumps]
            self.hochzeit = declarer, single
        if isinstance(action, GiveCard) and action.card is not None:
            assert self.hochzeit is not None
            declarer, trump = self.hochzeit
            self.hands[seat].remove(action.card)
            self.hands[seat].append(trump)
            self.hands[declarer].remove(trump)
            self.hands[declarer].append(action.card)
            self.given = seat, action.card
        if isinstance(action, PlayCard):
            self.hands[seat].remove(action.card)
            turned = self.beneath[seat].pop(action.card, None)
            if turned is not None:
                self.hands[seat].append(turned)
            self.trick.append((seat, action.card))
            if len(self.trick) == self.seats:
                self.tricks.append(self.trick)
                self.trick = []

    def allowed(self, state: DealState, seat: int) -> tuple[set[Card], str]:
        """The cards ``seat`` may play by the seed and SPEC §2, and the duty that decided
        (for the coverage count)."""
        contract = state.contract
        assert contract is not None
        trumps = trumps_of(contract.kind.value, contract.suit, self.pack)
        hand = self.hands[seat]

        def led_class(card: Card) -> Suit | None:
            return None if card in trumps else card.suit

        duty = False
        ace = (
            Card(contract.suit, Rank.ACE)
            if contract.kind == "rufspiel" and contract.suit is not None
            else None
        )
        if ace is not None and ace in hand:
            # The called Sau's duties end once its suit was led.
            duty = not any(led_class(trick[0][1]) is ace.suit for trick in self.tricks)
        if not self.trick:
            if duty:
                assert ace is not None
                suit = [card for card in hand if led_class(card) is ace.suit]
                if len(suit) < RUN_AWAY[self.pack]:
                    return set(hand) - (set(suit) - {ace}), "lead the called suit only with the Sau"
                if len(suit) > 1:
                    return set(hand), "davonlaufen"
            return set(hand), "lead"
        led = led_class(self.trick[0][1])
        if duty and led is not None and ace is not None and led is ace.suit:
            return {ace}, "gesucht"
        following = [card for card in hand if led_class(card) is led]
        if following:
            if self.stichzwang and contract.kind == "bettel":
                assert led is not None
                best = max(
                    (card for _, card in self.trick if card.suit is led),
                    key=lambda card: -BETTEL_ORDER.index(card.rank),
                )
                higher = [
                    card
                    for card in following
                    if BETTEL_ORDER.index(card.rank) < BETTEL_ORDER.index(best.rank)
                ]
                if higher and len(higher) < len(following):
                    return set(higher), "Stichzwang"
            if self.seats == 2 and any(led_class(card) is led for card in self.beneath[seat].values()):
                return set(following), "follow, a face-down card aside"
            return set(following), "follow"
        if duty and len(hand) > 1 and ace is not None:
            return set(hand) - {ace}, "no discarding the called Sau"
        if self.seats == 2 and any(led_class(card) is led for card in self.beneath[seat].values()):
            return set(hand), "free, though a face-down card would follow"
        return set(hand), "free"


def replay(played: Played) -> Iterator[tuple[DealState, int, Action, Reading]]:
    """The deal dealt afresh and played again through the rules' checks: before each action,
    the deal, the seat and its action, and the cards as the rule text follows them; last, the
    deal after every action (seat -1, a pass)."""
    state = played.fresh()
    reading = Reading(state)
    for seat, action in played.actions:
        yield state, seat, action, reading
        GAME.check(state, seat, action)
        GAME.apply(state, seat, action)
        reading.apply(state, seat, action)
    yield state, -1, Pass(), reading


# The properties -------------------------------------------------------------------------


def test_schafkopf_the_tricks_of_every_game_hold_120_card_points(deals: list[Played]) -> None:
    """Card points as the seed counts them ("das As 11 Punkte, der Zehner 10, der König 4,
    Ober 3, Unter 2"): every card of the pack in the tricks once, 120 in all, whoever takes
    them. A Sie is laid down unplayed and a thrown-in deal has no tricks."""
    counted = Counter[str]()
    for played in deals:
        state, result = played.finished()
        tricks = [[card for _, card in trick.cards] for trick in state.tricks]
        detail = result.detail
        assert isinstance(detail, SchafkopfSettlement)
        if detail.game is None or detail.game == "sie":
            assert tricks == [], "a thrown-in deal and a Sie have no tricks"
            counted["thrown in" if detail.game is None else "sie"] += 1
            continue
        cards = [card for trick in tricks for card in trick]
        assert sorted(cards, key=str) == sorted(pack(played.options.pack), key=str)
        assert all(len(trick) == played.seats for trick in tricks)
        assert sum(card_points(trick) for trick in tricks) == 120
        assert sum(result.card_points) == 120
        for trick in state.tricks:
            assert result.card_points[trick.winner] >= card_points([card for _, card in trick.cards])
        counted[detail.game.value] += 1
    assert counted["sie"] and counted["thrown in"] and counted["ramsch"], counted


def test_schafkopf_payouts_and_the_stock_add_up_to_nothing(
    deals: list[Played], matches: list[PlayedMatch]
) -> None:
    """What the seats pay and receive plus what goes into the Stock is 0 in every deal; over a
    match the Stock carried from deal to deal is the sum of its changes, and the totals the
    sum of the payouts."""
    moved = Counter[str]()
    for played in deals:
        state, result = played.finished()
        detail = result.detail
        assert isinstance(detail, SchafkopfSettlement)
        assert sum(result.scores) + detail.stock_change == 0, result
        assert state.stock + detail.stock_change >= 0, "the Stock pays out no more than it holds"
        if detail.stock_change:
            paid_in = "lost" if detail.game is not None else "thrown in"
            moved[f"paid in, {paid_in}" if detail.stock_change > 0 else f"paid out, {detail.game}"] += 1
    for match in matches:
        stock = 0
        totals = [0] * match.table.seats
        for played in match.deals:
            state, result = played.finished()
            detail = result.detail
            assert isinstance(detail, SchafkopfSettlement)
            assert played.stock == state.stock == stock, "a deal is dealt with the Stock carried"
            stock += detail.stock_change
            totals = [total + score for total, score in zip(totals, result.scores, strict=True)]
        assert match.stock == stock and match.totals == tuple(totals)
    expected = {"paid in, thrown in", "paid in, lost", "paid out, rufspiel", "paid out, hochzeit"}
    assert expected <= set(moved), moved


def test_schafkopf_every_card_played_follows_the_rule_text_and_every_card_it_allows_is_offered(
    deals: list[Played],
) -> None:
    """Bedienpflicht: follow the led class, trump or suit; free, play anything; no duty to
    trump. Bettel with Stichzwang: who follows beats the best card when able. The called Sau
    (SPEC §2): gesucht, davonlaufen only leading with four (short: three) of its suit, no
    discarding it before the last card, all of it over once its suit was led. Two players:
    only the face-up cards count. Both ways: each card played is allowed, and the cards
    allowed are exactly those ``legal_actions`` offered the seat (asked as it was played)."""
    duties = Counter[str]()
    for played in deals:
        assert len(played.offered) == len(played.actions)
        for (state, seat, action, reading), offered in zip(replay(played), played.offered, strict=False):
            if not isinstance(action, PlayCard):
                continue
            assert sorted(reading.hands[seat], key=str) == sorted(state.hands[seat], key=str)
            allowed, duty = reading.allowed(state, seat)
            where = f"{played.table.id}, seat {seat}, trick {reading.trick}, hand {reading.hands[seat]}"
            assert action.card in allowed, f"{action.card} is against the rules ({duty}): {where}"
            assert allowed <= offered, f"allowed but not offered: {allowed - offered} ({duty}): {where}"
            assert offered <= allowed, f"offered against the rules: {offered - allowed} ({duty}): {where}"
            duties[duty] += 1
            if duty == "davonlaufen" and action.card.rank is not Rank.ACE:
                duties["ran away"] += 1
    expected = {
        "gesucht",
        "ran away",
        "lead the called suit only with the Sau",
        "no discarding the called Sau",
        "Stichzwang",
        "follow, a face-down card aside",
        "free, though a face-down card would follow",
        "free",
        "follow",
    }
    assert expected <= set(duties), duties


def test_schafkopf_the_action_log_replayed_on_the_same_seed_settles_the_same(deals: list[Played]) -> None:
    """A table is its seed and its action log: the log read back from its text and applied to
    a deal dealt afresh from the same seed (and the same Stock) ends in the same deal."""
    for played in deals:
        original, result = played.finished()
        state = played.fresh()
        assert state.dealt == original.dealt
        for seat, action in played.actions:
            again = parse_action(str(action), GAME.game_type.actions)
            assert again == action
            GAME.check(state, seat, again)
            GAME.apply(state, seat, again)
        assert GAME.result(state) == result
        for viewer in [None, *range(played.seats)]:
            assert GAME.view(state, viewer) == GAME.view(original, viewer)


def _cards_in(value: object, skip: frozenset[str] = frozenset()) -> Iterator[Card]:
    """Every card anywhere in ``value`` (dataclasses, tuples, sets), fields in ``skip`` aside."""
    if isinstance(value, Card):
        yield value
    elif is_dataclass(value) and not isinstance(value, type):
        for item in fields(value):
            if item.name not in skip:
                yield from _cards_in(getattr(value, item.name))
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from _cards_in(item)


def _assert_hides(view: DealView, hidden: set[Card], reading: Reading, where: str) -> None:
    for name in ("hand", "shown", "dealt_hand", "history"):
        seen = set(_cards_in(getattr(view, name))) & hidden
        assert not seen, f"{where}: the face-down {seen} in {name}"
    # The trump ladder names every trump; it may not mark a face-down one as the viewer's.
    assert not [rung.card for rung in view.ladder if rung.own and rung.card in hidden], where
    seen = set(_cards_in(view, frozenset({"ladder"}))) & hidden
    assert not seen, f"{where}: the face-down {seen} in the view"
    sizes = tuple(len(hand) + len(under) for hand, under in zip(reading.hands, reading.beneath, strict=True))
    assert view.hand_sizes == sizes, where


def test_schafkopf_two_players_nobody_sees_a_face_down_card_before_it_is_turned(
    deals: list[Played],
) -> None:
    """Two players (seed: "6 Karten verdeckt ... darauf 6 Karten aufgedeckt ... Wird eine der
    aufgedeckten Karten gespielt muss die Karte darunter ... aufgedeckt werden"): no view of a
    seat, nor a spectator's, nor a seat's observation shows a face-down card (in the hand, the
    cards lying open, what was dealt, the history, anywhere) until it is turned up;
    ``hand_sizes`` count the face-down cards."""
    steps = 0
    for played in [played for played in deals if played.seats == 2][::2]:
        for state, seat, action, reading in replay(played):
            hidden = reading.face_down()
            for viewer in (None, 0, 1):
                where = f"{played.table.id} before {action} by seat {seat}, viewer {viewer}"
                _assert_hides(GAME.view(state, viewer), hidden, reading, where)
            for viewer in (0, 1):
                observation = GAME.observation(state, viewer)
                assert not set(_cards_in(observation)) & hidden, f"{played.table.id}: observation {viewer}"
            steps += 1
    assert steps > 400, steps


def _seen(
    played: Played, reading: Reading, prefix: list[tuple[int, Action]], seat: int
) -> dict[tuple[int, int], Card]:
    """What ``seat`` has seen of the deal after ``prefix``, by where it was dealt (seat, place):
    its own cards as far as dealt (the first half until everyone answered the Aufstellen),
    every card played, the Hochzeit's open trump and the card given for it if ``seat`` gave
    or got it; with two players every card lying face up or played."""
    options = played.options
    state = played.fresh()
    places = {
        card: (owner, index) for owner, hand in enumerate(state.dealt) for index, card in enumerate(hand)
    }
    if played.seats == 2:
        seen = {card for hand in state.dealt for card in hand} - reading.face_down()
    else:
        first = {(4, Pack.LONG): 4, (4, Pack.SHORT): 3, (3, Pack.SHORT): 4}[(played.seats, options.pack)]
        second_half = not options.aufstellen or len(prefix) >= played.seats
        seen = set(state.dealt[seat] if second_half else state.dealt[seat][:first])
    seen |= {card for _, card in reading.played()}
    if reading.hochzeit is not None:
        seen.add(reading.hochzeit[1])
        if reading.given is not None and seat in (reading.given[0], reading.hochzeit[0]):
            seen.add(reading.given[1])
    return {places[card]: card for card in seen}


@dataclass(frozen=True)
class World:
    """A deal cut after ``prefix``, and ``again``, dealt anew for ``seat`` from the deal
    as it was then (``state``, the rule text's ``reading``)."""

    played: Played
    prefix: list[tuple[int, Action]]
    state: DealState
    reading: Reading
    seat: int
    again: DealState


def _worlds(deals: list[Played]) -> Iterator[World]:
    """Every third deal cut at two random points, and each deal in which the rules told the
    table something of a hidden hand: where "muss" names the holder of the Eichel-Ober (cut
    before his announcement), and after a Hochzeit's trump lay open (cut before the last
    action); for every seat, the deal dealt again."""
    for number, played in enumerate(deals):
        final, _ = played.finished()
        random = SeededRandom(derive_seed(SEED, "again", number))
        cuts = {random.below(len(played.actions)) for _ in range(2)} if number % 3 == 0 else set()
        if final.forced:
            cuts.add(
                max(index for index, (_, action) in enumerate(played.actions) if isinstance(action, Announce))
            )
        if final.offers:
            cuts.add(len(played.actions) - 1)
        for cut in sorted(cuts):
            prefix = played.actions[:cut]
            *_, (state, _, _, reading) = replay(Played(played.table, played.fresh, played.stock, prefix))
            assert GAME.to_act(state), "a cut deal is not over"
            for seat in range(played.seats):
                again = GAME.deal_again(state, seat, derive_seed(SEED, "again", number, cut, seat))
                yield World(played, prefix, state, reading, seat, again)


def test_schafkopf_dealt_again_a_seat_keeps_every_card_it_has_seen(deals: list[Played]) -> None:
    """``deal_again`` for a seat keeps in place every card the seat has seen (its own as far
    as dealt, the cards played, a Hochzeit's open trump and the card it gave or got for it;
    with two players every card lying face up) and deals the others anew among the places
    that hold them."""
    tried = Counter[str]()
    for world in _worlds(deals):
        played, state, again = world.played, world.state, world.again
        dealt = [card for hand in again.dealt for card in hand]
        assert sorted(dealt, key=str) == sorted(pack(played.options.pack), key=str)
        assert [len(hand) for hand in again.dealt] == [len(hand) for hand in state.dealt]
        assert (again.dealer, again.stock) == (state.dealer, state.stock)
        for (owner, index), card in _seen(played, world.reading, world.prefix, world.seat).items():
            where = (
                f"{played.table.id}, seat {world.seat} after {[str(action) for _, action in world.prefix]}"
            )
            assert again.dealt[owner][index] == card, f"{where}: saw the {card} of seat {owner}"
        tried["worlds"] += 1
        tried["hochzeit"] += world.reading.hochzeit is not None
    assert tried["worlds"] > 300 and tried["hochzeit"] > 20, tried


def test_schafkopf_dealt_again_where_the_same_actions_are_legal_the_seat_sees_the_same(
    deals: list[Played],
) -> None:
    """A world ``deal_again`` makes for a seat, in which every action so far is still legal,
    is one the seat cannot tell apart: its view is the same, whose turn it is included."""
    same = Counter[str]()
    for world in _worlds(deals):
        try:
            for other, action in world.prefix:
                GAME.check(world.again, other, action)
                GAME.apply(world.again, other, action)
        except EngineError:
            continue  # a world the seat's own view rules out
        where = (
            f"{world.played.table.id}, seat {world.seat} after {[str(action) for _, action in world.prefix]}"
        )
        assert GAME.view(world.again, world.seat) == GAME.view(world.state, world.seat), where
        same["worlds"] += 1
        same["muss"] += world.state.forced
    assert same["worlds"] > 100 and same["muss"] > 5, same


def test_schafkopf_the_random_deals_reach_every_game_double_and_rule_of_all_passing(
    deals: list[Played], matches: list[PlayedMatch]
) -> None:
    """The properties above are about something: every game was played, Aufstellen, Kontra
    and Re were given, a Hochzeit taken and refused, every rule of what happens when all pass
    met, a Ramsch won by Durchmarsch and one with a Jungfrau."""
    seen = Counter[str]()
    for played in deals:
        state, result = played.finished()
        detail = result.detail
        assert isinstance(detail, SchafkopfSettlement)
        seen[detail.game.value if detail.game is not None else "thrown in"] += 1
        seen["aufstellen"] += bool(state.doublings)
        seen["kontra"] += len(state.stoss) >= 1
        seen["re"] += len(state.stoss) == 2
        seen["hochzeit taken"] += any(card is not None for _, card in state.offers)
        seen["hochzeit refused"] += bool(state.offers) and all(card is None for _, card in state.offers)
        seen["muss"] += state.forced
        seen["durchmarsch"] += detail.durchmarsch_seat >= 0
        seen["jungfrau"] += bool(detail.jungfrauen)
        seen[f"{played.seats} seats"] += 1
    games = {"rufspiel", "hochzeit", "bettel", "geier", "farbgeier", "wenz", "farbwenz", "solo", "sie"}
    games |= {f"{game}_tout" for game in ("geier", "farbgeier", "wenz", "farbwenz", "solo")}
    extras = {"ramsch", "thrown in", "aufstellen", "kontra", "re", "hochzeit taken", "hochzeit refused"}
    extras |= {"muss", "durchmarsch", "jungfrau", "2 seats", "3 seats", "4 seats"}
    missing = {key for key in games | extras if seen[key] < 2}
    assert not missing, (missing, seen)
    assert sum(len(match.deals) for match in matches) == sum(
        match.table.options.deals for match in matches
    ), "a match is its agreed number of deals, thrown-in ones included"
