"""The interface every game implements, and the values it hands out.

A game is a stateless rules object (a subclass of ``Game``) plus a mutable deal state
that only the rules object changes. The interface is shaped for all games of the
product: 2 to 9 seats; partnerships fixed, hidden or none; bidding, melds and talons;
and phases in which several seats may act at once (Speculation's market), which is why
``to_act`` returns a set of seats rather than one seat.

Legality lives in exactly one method per game, ``illegality``: ``choices`` (what a
client greys out, with reasons) and ``check`` (what the write path enforces) both call
it, so the two can never disagree.

Everything a seat may see is produced by ``view``; the service builds client snapshots
from it, and computer-player jobs from ``observation`` (the seat's view in a computer
player's terms, plus what the rules have revealed to it), so hidden cards are redacted
in one place.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar, Generic, TypeVar

from engine.actions import COMMON_ACTIONS, Action
from engine.cards import Card
from engine.errors import IllegalActionError, InvalidActionError, NotYourTurnError


class Badge(StrEnum):
    """Marks shown at a seat as far as the rules have revealed them to the viewer."""

    DEALER = "dealer"
    OLD = "old"
    YOUNG = "young"
    PARTNER = "partner"
    SOLOIST = "soloist"


class PhaseKind(StrEnum):
    """What a deal's phase is, in terms every client understands; a game names its phases
    itself ("bidding", "exchange", "market") and says which kind each is."""

    BIDDING = "bidding"  # calls that decide the contract: bids, announcements, doubles
    PLAY = "play"  # cards played to tricks
    OTHER = "other"  # anything else a game has: an exchange, a market
    OVER = "over"  # the deal has ended


class DoubleStatus(StrEnum):
    """Whether a double counts in the settlement, as far as the viewer can know."""

    NOT_A_DOUBLE = "not_a_double"
    UNKNOWN = "unknown"
    COUNTS = "counts"
    STRUCK = "struck"
    CLEARED = "cleared"


class Dynamics(StrEnum):
    """How the seats' decisions are ordered."""

    # One or more seats act on the state as it is after every earlier action.
    SEQUENTIAL = "sequential"
    # Several seats choose at once without seeing each other's choice.
    SIMULTANEOUS = "simultaneous"


class Utility(StrEnum):
    """What the scores of one deal add up to."""

    ZERO_SUM = "zero_sum"  # always 0: what one side wins the other pays
    CONSTANT_SUM = "constant_sum"  # always the same number
    GENERAL_SUM = "general_sum"  # no such rule (both sides may score)


class OptionGroup(StrEnum):
    """Where a settings screen puts an option, beside the others of its kind."""

    PLAY = "play"  # how the game is played
    CONTRACTS = "contracts"  # the games and calls allowed
    AMOUNTS = "amounts"  # prices, targets, lengths and times


@dataclass(frozen=True, slots=True)
class OptionType:
    """One option of a rule set: its key in a table's options, the values it takes, its
    default, a one-line meaning and its group, so that a client can build a settings
    screen from it.

    The allowed values are listed in ``values``, or, for a whole number, lie from
    ``minimum`` to ``maximum``. ``words`` names each listed value as a player reads it
    (every value but a switch's ``true`` and ``false`` and a number's own digits).
    ``seats`` names the values that allow fewer numbers of players than the game does,
    each with the numbers it allows (``Game.check_seats`` refuses the others), so that a
    settings screen can offer only what fits.
    """

    key: str
    meaning: str
    default: str
    values: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    seats: tuple[tuple[str, tuple[int, ...]], ...] = ()
    group: OptionGroup = field(kw_only=True)
    words: tuple[tuple[str, str], ...] = field(default=(), kw_only=True)


@dataclass(frozen=True, slots=True)
class RuleSetType:
    """A rule set of a game, as players name it, and the options it offers."""

    id: str
    title: str
    options: tuple[OptionType, ...]


@dataclass(frozen=True, slots=True)
class Statistic:
    """A counter of the personal statistics a game keeps for each player ("won Cicha"),
    by a stable id."""

    id: str
    title: str


@dataclass(frozen=True, slots=True)
class ScoreUnit:
    """What a game's scores and settlement amounts count, as players say it: ``one`` for an
    amount of 1 or -1, ``many`` for any other."""

    one: str
    many: str

    def of(self, amount: int) -> str:
        """``amount`` with its unit: "1 point", "-40 points"."""
        return f"{amount} {self.one if abs(amount) == 1 else self.many}"


POINTS = ScoreUnit("point", "points")
CENTS = ScoreUnit("cent", "cents")
CHIPS = ScoreUnit("chip", "chips")


@dataclass(frozen=True, slots=True)
class Ranking:
    """How a game's leaderboards count, beside the points ``Game.deal_standings`` gives
    for each deal: ``place_bonus`` for the first, second, ... place of a finished match,
    ``leave_penalty`` taken from a player who leaves a running match with other people,
    and ``rule``: the two in words, as players read them."""

    place_bonus: tuple[int, ...] = ()
    leave_penalty: int = 0
    rule: str = ""


@dataclass(frozen=True, slots=True)
class GameType:
    """What a game declares about itself, before any table exists.

    ``seat_counts`` holds every number of players some options allow; ``Game.check_seats``
    decides for the options of one table.
    """

    id: str
    title: str
    dynamics: Dynamics
    utility: Utility
    seat_counts: tuple[int, ...]
    rule_sets: tuple[RuleSetType, ...]
    # The game's own actions beyond pass, double, play and continue: frozen dataclasses
    # that the contract's action block for the game has by their names in snake case.
    actions: tuple[type[object], ...] = ()
    # Actions that do not depend on the order of moves (an offer in a market): the table
    # checks them against its state as it is, not against the version the player saw.
    order_free: tuple[type[object], ...] = ()
    # The class of what the rules reveal to a seat beyond the public record (``revealed``
    # in an ``Observation``); None for a game whose seats know nothing more.
    revealed: type[object] | None = None
    # The leaderboards' rule, and the counters of the personal statistics that settled
    # deals add to (``DealResult.tallies``), besides the deals played and won.
    ranking: Ranking = Ranking()
    statistics: tuple[Statistic, ...] = ()
    # What the scores and the settlements' amounts count; the game's own texts use it too.
    unit: ScoreUnit = POINTS

    def rule_set(self, rule_set: str) -> RuleSetType | None:
        return next((candidate for candidate in self.rule_sets if candidate.id == rule_set), None)


@dataclass(frozen=True, slots=True)
class Choice:
    """An action the viewer could take now; ``reason`` says why it is greyed out, ``meaning``
    what it means (what an announced game is), for the player to read under its button,
    ``shortcut`` a key a keyboard client may offer for it (empty: none named)."""

    action: Action
    label: str
    allowed: bool
    reason: str = ""
    meaning: str = ""
    shortcut: str = ""


@dataclass(frozen=True, slots=True)
class HandCard:
    card: Card
    playable: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class LadderRung:
    """One trump of the running game, highest first."""

    card: Card
    own: bool
    fallen: bool


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One call of a bidding or doubling round.

    ``label`` names it as players say it ("Zolo", "Kontra"); ``note`` is the reason a
    computer player gave; ``status_note`` explains a struck or cleared double.
    """

    seat: int
    action: Action
    label: str
    status: DoubleStatus = DoubleStatus.NOT_A_DOUBLE
    status_note: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Trick:
    """Cards in play order; ``winner`` is set once the trick is complete."""

    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int | None = None
    points: int = 0


class StepOperation(StrEnum):
    """What a settlement line does to the value being worked out."""

    BASE = "base"  # starts the value at ``amount``
    MULTIPLY = "multiply"  # multiplies it by ``amount``
    ADD = "add"  # adds ``amount`` to ``seats``, or to the value when no seats are named
    NOTE = "note"  # explains and changes nothing
    PAY = "pay"  # ``payer`` pays ``amount`` (positive) to each of ``seats``; the value stays


@dataclass(frozen=True, slots=True)
class SettlementStep:
    """One line of the settlement ("Rechenweg").

    ``kind`` is a stable code (``base``, ``schneider``, ``double``, ...); ``amount`` is
    what ``operation`` works with (1 for a note); a struck step does not count and
    ``note`` says why. A payment names its ``payer``, and its receivers in ``seats``.
    """

    kind: str
    label: str
    operation: StepOperation
    amount: int
    struck: bool = False
    note: str = ""
    seats: frozenset[int] = frozenset()
    payer: int | None = None


def settled_value(steps: tuple[SettlementStep, ...]) -> int:
    """The value the steps work out, seat-bound additions aside."""
    value = 0
    for step in steps:
        if step.struck or step.seats:
            continue
        if step.operation is StepOperation.BASE:
            value = step.amount
        elif step.operation is StepOperation.MULTIPLY:
            value *= step.amount
        elif step.operation is StepOperation.ADD:
            value += step.amount
    return value


@dataclass(frozen=True, slots=True)
class DealResult:
    """The end of a deal as a value.

    A deal that is thrown in (``redeal``) does not count as one of the match's deals: the
    next dealer deals again. Its scores still count (a game may have players pay for it).
    """

    contract: str
    contract_label: str
    declarers: frozenset[int]
    winners: frozenset[int]
    value: int
    scores: tuple[int, ...]
    steps: tuple[SettlementStep, ...]
    card_points: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    summary: str
    redeal: bool = False
    # Per seat, the ids of the game's statistics (``GameType.statistics``) this deal adds
    # one to, an id once for each time it counts (empty for a game without statistics).
    tallies: tuple[tuple[str, ...], ...] = ()
    # The game's own part of the settlement: a frozen dataclass whose fields the contract's
    # block for the game has by the same names (None when the game has no such block).
    detail: object | None = None
    # What the deal leaves for the next that nobody may see (Speculation: the rest of the
    # pack, in order), for the game's ``carry_after``; never shown or sent to a client.
    leaves: JsonValue = None


@dataclass(frozen=True, slots=True)
class ContractView:
    """The running contract as the viewer knows it; ``declarer`` is None while hidden."""

    code: str
    label: str
    declarer: int | None
    trump_note: str


@dataclass(frozen=True, slots=True)
class Declaration:
    """Something a seat declared (a meld, a called card): a stable code, its words, the
    cards it shows and its worth in points."""

    code: str
    label: str
    cards: tuple[Card, ...] = ()
    points: int = 0


@dataclass(frozen=True, slots=True)
class Counter:
    """A number kept besides the scores (chips, a pool, a stock), by a stable code."""

    code: str
    label: str
    value: int


@dataclass(frozen=True, slots=True)
class Deadline:
    """A game's own time limit for the decision its deal waits for (a market's: turn up a
    card, bid). ``decision`` names that decision: a change after which the deal waits for
    the same decision keeps the running limit; any other starts a new one."""

    seconds: int
    decision: str


@dataclass(frozen=True, slots=True)
class Party:
    """Seats the viewer knows to play together, named as players name them ("the Old"),
    and the card points they have taken so far."""

    label: str
    seats: frozenset[int]
    card_points: int


@dataclass(frozen=True, slots=True)
class DealView:
    """Everything one viewer (a seat, or None for a spectator) may see of a deal.

    ``dealt_hand`` is what the viewer was dealt (the ``HandDealt`` event); ``shown``,
    ``declarations`` and ``seat_counters`` are indexed by seat (empty for a game without
    them); ``game_view`` is the game's own part, a frozen dataclass whose fields the
    contract's block for the game has by the same names.
    """

    viewer: int | None
    phase: str
    dealer: int
    to_act: frozenset[int]
    hand: tuple[HandCard, ...]
    hand_sizes: tuple[int, ...]
    choices: tuple[Choice, ...]
    contract: ContractView | None
    ladder: tuple[LadderRung, ...]
    badges: tuple[frozenset[Badge], ...]
    history: tuple[HistoryEntry, ...]
    current_trick: Trick | None
    tricks: tuple[Trick, ...]
    card_points: tuple[int, ...]
    result: DealResult | None
    dealt_hand: tuple[Card, ...] = field(default=())
    shown: tuple[tuple[Card, ...], ...] = ()
    declarations: tuple[tuple[Declaration, ...], ...] = ()
    seat_counters: tuple[tuple[Counter, ...], ...] = ()
    counters: tuple[Counter, ...] = ()
    # The parties as the viewer knows them, with their card points (seats he cannot place
    # yet form a party of their own); empty for a game without parties.
    parties: tuple[Party, ...] = ()
    game_view: object | None = None


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat knows of a deal: what its computer player decides on.

    Its own cards (``dealt`` is what it was dealt, which is not what it holds plus what it
    played once a talon or an exchange exists), the public record of the deal (calls,
    tricks, shown cards, hand sizes) and ``revealed``: what the rules have told this seat
    beyond that record (Baśka/Kop: the parties as far as it can know them), a frozen
    dataclass of the class ``GameType.revealed``. Never a card of another seat that the
    seat has not seen.
    """

    seat: int
    dealer: int
    phase: str
    phase_kind: PhaseKind
    to_act: frozenset[int]
    may_act: frozenset[int]
    hand: tuple[Card, ...]
    playable: tuple[Card, ...]
    dealt: tuple[Card, ...]
    # Everything but card plays, allowed or not (a card is in ``playable`` or it is not).
    choices: tuple[Choice, ...]
    calls: tuple[tuple[int, Action], ...]
    tricks: tuple[Trick, ...]
    current_trick: Trick | None
    hand_sizes: tuple[int, ...]
    shown: tuple[tuple[Card, ...], ...]
    contract: ContractView | None
    revealed: object | None

    @property
    def seats(self) -> int:
        return len(self.hand_sizes)

    @property
    def allowed(self) -> tuple[Choice, ...]:
        return tuple(choice for choice in self.choices if choice.allowed)

    @property
    def trick_cards(self) -> tuple[tuple[int, Card], ...]:
        """The open trick's cards with their seats, in play order; none when no trick is open."""
        return self.current_trick.cards if self.current_trick is not None else ()

    def played_by(self, seat: int) -> tuple[Card, ...]:
        """Cards ``seat`` has played this deal, in order."""
        plays = [pair for trick in self.tricks for pair in trick.cards] + list(self.trick_cards)
        return tuple(card for who, card in plays if who == seat)


@dataclass(frozen=True, slots=True)
class Audience:
    """Who may see an event: everyone (players and spectators), or only ``seats``.

    Every event states its audience when it is made; nothing is public by default.
    """

    everyone: bool
    seats: frozenset[int] = frozenset()

    def includes(self, viewer: int | None) -> bool:
        return self.everyone or (viewer is not None and viewer in self.seats)


PUBLIC = Audience(everyone=True)


def seats_only(*seats: int) -> Audience:
    return Audience(everyone=False, seats=frozenset(seats))


@dataclass(frozen=True, slots=True)
class BiddingEnded:
    """The bidding is over; ``contract`` is the game to be played, as everyone knows it."""

    contract: ContractView | None
    audience: Audience


@dataclass(frozen=True, slots=True)
class TrickCompleted:
    trick: Trick
    audience: Audience


@dataclass(frozen=True, slots=True)
class GameNotice:
    """Something only this game reports (Baśka/Kop: the Wesele partner revealed).

    ``detail`` is a frozen dataclass; the contract's event block for the game has a field
    named after its class in snake case, holding a message with the same field names.
    """

    detail: object
    audience: Audience


# What a game's ``apply`` reports besides the new state.
GameEvent = BiddingEnded | TrickCompleted | GameNotice


# What a game carries from one deal to the next (a pool, a stock, the pack): plain JSON
# values, so that a match's snapshot stores it as it is.
JsonValue = None | bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"]


@dataclass(frozen=True, slots=True)
class MatchLength:
    """How long a match runs, for players to see: a number of deals, until someone reaches
    ``target_points``, or until each player has dealt ``deals_each`` times. Whether it is
    over is the game's ``match_over``."""

    deals: int = 0
    target_points: int = 0
    deals_each: int = 0


@dataclass(frozen=True, slots=True)
class MatchProgress:
    """A match after a deal: what ``match_over`` and ``match_winners`` decide on.

    ``deals_played`` counts settled deals, not thrown-in ones; ``last`` is the deal just
    settled; ``carry`` is what the next deal would be dealt with.
    """

    deals_played: int
    totals: tuple[int, ...]
    last: DealResult
    carry: JsonValue


OptionsT = TypeVar("OptionsT")
StateT = TypeVar("StateT")


class Game(ABC, Generic[OptionsT, StateT]):
    """Rules of one game family. Stateless: every method takes the deal state."""

    game_type: ClassVar[GameType]

    @abstractmethod
    def parse_options(self, rule_set: str, raw: Mapping[str, str]) -> OptionsT:
        """Validated options; raises InvalidOptionsError naming the bad key or value.

        Accepts exactly what ``game_type`` declares for ``rule_set``.
        """

    @abstractmethod
    def options_to_dict(self, options: OptionsT) -> dict[str, str]:
        """The inverse of ``parse_options`` for storage; includes ``rule_set``."""

    @abstractmethod
    def announcements(self, options: OptionsT) -> tuple[str, ...]:
        """Codes of the contracts that can be announced under ``options``, lowest first."""

    @abstractmethod
    def match_length(self, options: OptionsT) -> MatchLength:
        """How long a match under ``options`` runs, as players are told."""

    @abstractmethod
    def match_over(self, options: OptionsT, progress: MatchProgress) -> bool:
        """Whether the match ends with the deal just settled."""

    @abstractmethod
    def new_deal(
        self, options: OptionsT, seats: int, dealer: int, seed: int, carry: JsonValue = None
    ) -> StateT:
        """Shuffle with ``seed`` and deal with what the match carries; the deal starts in
        its first phase, or is over at once (its ``result`` is set: a deal that ends
        before anyone acts)."""

    @abstractmethod
    def to_act(self, state: StateT) -> frozenset[int]:
        """Seats the deal waits for now (empty once the deal is over)."""

    def may_act(self, state: StateT) -> frozenset[int]:
        """Seats that may act now without the deal waiting for them (anyone may make an
        offer in a market); by default none.

        The rules' answer, for the write path: a seat is shown only its own right
        (``self_only``), for who else may act can depend on cards it has not seen (the seats
        that may give Kontra to a Rufspiel are the ones that do not hold the called Ace)."""
        return frozenset()

    def deadline(self, state: StateT) -> Deadline | None:
        """The game's own time limit for people to make the decision the deal waits for;
        on time-out the first allowed choice is made for them, so a game that has one lists
        the cautious choice first. By default none: only a table's move clock runs."""
        return None

    @abstractmethod
    def candidate_actions(self, state: StateT, seat: int) -> tuple[tuple[Action, str], ...]:
        """Every action worth showing ``seat`` now, legal or not, with its label."""

    @abstractmethod
    def illegality(self, state: StateT, seat: int, action: Action) -> str | None:
        """Why ``seat`` may not take ``action`` now, or None if it may.

        The one place legality is decided. Raises InvalidActionError when the action
        is malformed for this game (as opposed to merely not allowed now).
        """

    @abstractmethod
    def apply(self, state: StateT, seat: int, action: Action, note: str = "") -> tuple[GameEvent, ...]:
        """Apply an action that ``check`` accepted; returns the events it caused, in order.

        ``note`` is a computer's stated reason. The action itself is announced by the
        server; the events are what follows from it (a trick completed, the bidding over).
        """

    @abstractmethod
    def result(self, state: StateT) -> DealResult | None:
        """The settled result once the deal is over."""

    @abstractmethod
    def view(self, state: StateT, viewer: int | None) -> DealView:
        """What ``viewer`` may see; None is a spectator who sees only public information."""

    def observation(self, state: StateT, seat: int) -> Observation:
        """What ``seat`` knows of the deal: its view, in the terms a computer player reads,
        and what the rules have revealed to it (``revealed``)."""
        view = self.view(state, seat)
        return Observation(
            seat=seat,
            dealer=view.dealer,
            phase=view.phase,
            phase_kind=self.phase_kind(state),
            to_act=self.to_act(state),
            may_act=self.may_act(state) & self_only(seat),
            hand=tuple(card.card for card in view.hand),
            playable=tuple(card.card for card in view.hand if card.playable),
            dealt=view.dealt_hand,
            choices=view.choices,
            calls=tuple((entry.seat, entry.action) for entry in view.history),
            tricks=view.tricks,
            current_trick=view.current_trick,
            hand_sizes=view.hand_sizes,
            shown=view.shown or ((),) * len(view.hand_sizes),
            contract=view.contract,
            revealed=self.revealed(state, seat),
        )

    def dealt_hand(self, state: StateT, seat: int) -> tuple[Card, ...]:
        """What ``seat`` has seen of its own deal: its view's ``dealt_hand``, which a game
        gives without building the whole view (a new deal asks it of every seat)."""
        return self.view(state, seat).dealt_hand

    def whole_hands(self, state: StateT, seats: int) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards as dealt, in dealing order, for a record or a replay (where
        nothing is hidden any more). By default what each seat has seen it was dealt; a
        game whose seats see only part of their deal at first (cards dealt in halves, or
        face down) gives the whole."""
        return tuple(self.dealt_hand(state, seat) for seat in range(seats))

    def meaning(self, state: StateT, action: Action) -> str:
        """What ``action`` means, in a sentence a player reads under its button (what the
        game an announcement names is); empty for actions that speak for themselves."""
        return ""

    def action_label(self, state: StateT, seat: int, action: Action) -> str:
        """``action`` of ``seat``, a legal one, as the table hears it before it is applied: by default
        its label among ``candidate_actions``, else its notation. A game whose players name
        a price or cards of their own (a market) names every such action in words."""
        listed = (text for candidate, text in self.candidate_actions(state, seat) if candidate == action)
        return next(listed, str(action))

    def public_action(self, action: Action) -> tuple[Action, str] | None:
        """What everyone is told of ``action`` when it holds a secret (a card given face
        down): the action without the secret, and its label; None, the default, when the
        action is public as it is. The rules' own events tell the secret to those who may
        know it."""
        return None

    def shortcut(self, action: Action) -> str:
        """A key a keyboard client may offer for ``action`` (one letter the game's players
        would guess); empty for none, the client then numbers the action."""
        return ""

    def dealt_events(self, state: StateT) -> tuple[GameEvent, ...]:
        """What a deal reports as it is dealt, after its cards (a pack shuffled anew, the
        antes paid); none by default."""
        return ()

    def revealed(self, state: StateT, seat: int) -> object | None:
        """What the rules have told ``seat`` beyond the public record and its own cards,
        as an instance of ``game_type.revealed``; None by default."""
        return None

    @abstractmethod
    def phase_of(self, state: StateT) -> str:
        """The deal's phase name (e.g. "bidding", "play", "finished")."""

    @abstractmethod
    def phase_kind(self, state: StateT) -> PhaseKind:
        """The kind of the deal's phase: OVER exactly when the deal has a result."""

    @abstractmethod
    def completed_tricks(self, state: StateT) -> tuple[Trick, ...]:
        """Tricks completed so far, in order (empty for games without tricks)."""

    @abstractmethod
    def copy_state(self, state: StateT) -> StateT:
        """An independent copy, for search and what-if questions."""

    @abstractmethod
    def deal_again(self, state: StateT, seat: int, seed: int) -> StateT:
        """The deal as it was when dealt, but with the cards ``seat`` has not seen dealt
        anew with ``seed`` among the seats that hold them (each keeping as many, and the
        cards it has shown or played). Replaying the deal's actions on it gives a world
        ``seat`` may or may not be able to tell apart: the no-peeking tests keep those in
        which every action is still legal and ``seat`` is told the same events."""

    # The match: defaults for games where every deal starts afresh ---------------------

    def initial_totals(self, options: OptionsT, seats: int) -> tuple[int, ...]:
        """The totals a match starts with."""
        return (0,) * seats

    def initial_carry(self, options: OptionsT, seats: int) -> JsonValue:
        """What the first deal is dealt with."""
        return None

    def carry_after(self, options: OptionsT, carry: JsonValue, result: DealResult) -> JsonValue:
        """What the next deal is dealt with, after a deal dealt with ``carry`` ended in ``result``."""
        return carry

    def next_dealer(self, options: OptionsT, seats: int, dealer: int, result: DealResult) -> int:
        """Who deals after ``dealer``'s deal ended in ``result`` (a thrown-in one too)."""
        return (dealer + 1) % seats

    def rules_detail(self, options: OptionsT) -> object | None:
        """The game's own declaration of a rule set, beside its options: a frozen dataclass
        whose fields the contract's rules block for the game has by the same names."""
        return None

    def match_winners(self, options: OptionsT, progress: MatchProgress) -> frozenset[int]:
        """The seats that won a finished match: by default those with the highest total."""
        best = max(progress.totals)
        return frozenset(seat for seat, total in enumerate(progress.totals) if total == best)

    def deal_standings(self, options: OptionsT, result: DealResult) -> tuple[int, ...]:
        """The leaderboard points each seat earns with a settled deal: by default none."""
        return (0,) * len(result.scores)

    def match_places(
        self, options: OptionsT, totals: tuple[int, ...], winners: frozenset[int] = frozenset()
    ) -> tuple[int, ...]:
        """Each seat's place (1 = first) in a finished match: the match's ``winners`` first
        (a game may let a seat win against the totals, as Bela's Belot does), then by
        total; seats with equal totals share the better place and the places after them
        are skipped."""

        def rank(seat: int) -> tuple[bool, int]:
            return (seat in winners, totals[seat])

        return tuple(
            1 + sum(rank(other) > rank(seat) for other in range(len(totals))) for seat in range(len(totals))
        )

    def check_seats(self, options: OptionsT, seats: int) -> str | None:
        """Why ``seats`` players cannot play under ``options``, or None if they can.

        Games whose options decide the number of players (a longer pack) override this.
        """
        counts = self.game_type.seat_counts
        if seats in counts:
            return None
        allowed = " or ".join(str(count) for count in counts)
        return f"{self.game_type.title} is played by {allowed} players, not {seats}"

    def check(self, state: StateT, seat: int, action: Action) -> None:
        """Raise InvalidActionError, NotYourTurnError or IllegalActionError unless the action
        may be applied."""
        if not isinstance(action, COMMON_ACTIONS) and type(action) not in self.game_type.actions:
            raise InvalidActionError(f"'{action}' is not an action of {self.game_type.title}")
        if seat not in self.to_act(state) | self.may_act(state):
            raise NotYourTurnError(_not_your_turn(self.to_act(state)))
        reason = self.illegality(state, seat, action)
        if reason is not None:
            raise IllegalActionError(reason)

    def choices(self, state: StateT, seat: int) -> tuple[Choice, ...]:
        """``candidate_actions`` with the verdict of ``illegality`` for each."""
        waiting = self.to_act(state)
        acting = waiting | self.may_act(state)
        not_yours = "" if seat in acting else _not_your_turn(waiting)
        result = []
        for action, label in self.candidate_actions(state, seat):
            meaning = self.meaning(state, action)
            shortcut = self.shortcut(action)
            if not_yours:
                result.append(Choice(action, label, False, not_yours, meaning, shortcut))
                continue
            reason = self.illegality(state, seat, action)
            result.append(Choice(action, label, reason is None, reason or "", meaning, shortcut))
        return tuple(result)

    def legal_actions(self, state: StateT, seat: int) -> list[Action]:
        return [choice.action for choice in self.choices(state, seat) if choice.allowed]


def self_only(viewer: int | None) -> frozenset[int]:
    """The seats whose right to act unasked ``viewer`` may know of: its own; none for a
    spectator."""
    return frozenset() if viewer is None else frozenset({viewer})


def _not_your_turn(waiting: frozenset[int]) -> str:
    if not waiting:
        return "the deal is over"
    # Each seat named as a seat, so that every one of them reads as its player's name.
    seats = ", ".join(f"seat {seat}" for seat in sorted(waiting))
    return f"it is not your turn: waiting for {seats}"
