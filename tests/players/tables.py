"""Helpers for the computer-player tests: tables stepped in-process, worlds replayed.

A deal is played through the service's own ``TableRecord``; every observation here comes
from ``server.views.seat_observation``, byte for byte what a worker's job carries, and
every view from ``server.views.table_view``, what a client gets. A "world" is the same
table with other hidden cards: the public actions of the real deal are replayed on it,
each one through the engine's ``check`` first, so a world exists only if the engine
itself agrees that it is consistent with everything that was played and said.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ai_worker.arena import RANDOM, random_move
from ai_worker.players import decide
from ai_worker.players.decision import Decision
from ai_worker.seat_info import seat_info
from engine.actions import Action, Announce, Double, Pass, PlayCard, parse_action
from engine.baska_kop import BaskaKop
from engine.baska_kop.bidding import wesele_partner_jack
from engine.baska_kop.constants import PACK, SEATS, Contract, RuleSet
from engine.baska_kop.play import card_order
from engine.baska_kop.state import DealState
from engine.cards import Card, parse_cards
from engine.errors import EngineError
from engine.match import Match
from engine.seeding import SeededRandom, derive_seed
from server.table import TableConfig, TableRecord
from server.table_log import Act, SeatKind
from server.views import seat_observation, table_view
from speedgamez.internal.v1 import ai_job_pb2
from speedgamez.v1 import table_pb2

GAME = BaskaKop()
RULE_SETS = ("baska", "kop")

# (seat, action text, note) as the match keeps them for the running deal.
Logged = tuple[int, str, str]
Hands = tuple[tuple[Card, ...], ...]


def config(rule_set: str, seed: int, levels: Sequence[str] = ("easy",) * SEATS) -> TableConfig:
    return TableConfig(
        game="baska_kop",
        rule_set=rule_set,
        options={"rule_set": rule_set},
        seats=tuple((SeatKind.COMPUTER, level if level != RANDOM else "easy") for level in levels),
        seed=seed,
        created_by="tests",
    )


def new_table(
    rule_set: str,
    seed: int,
    hands: Hands | Sequence[str] | None = None,
    levels: Sequence[str] = ("easy",) * SEATS,
    dealer: int = 3,
) -> TableRecord:
    """A table of four computer seats whose first deal is shuffled from ``seed``, or ``hands``.

    Given hands are dealt by ``dealer`` (default 3: seat 0 speaks and leads first).
    """
    record, _ = TableRecord.new(f"players-{rule_set}-{seed}", config(rule_set, seed, levels))
    if hands is not None:
        parsed = tuple(parse_cards(hand) if isinstance(hand, str) else tuple(hand) for hand in hands)
        _redeal(record, sort_hands(rule_set, parsed), dealer)
    return record


def _redeal(record: TableRecord, hands: Hands, dealer: int) -> None:
    match = deal_state_owner(record)
    match.dealer = dealer
    match.deal = GAME.deal_from_hands(match.options, dealer, hands)


def deal_state_owner(record: TableRecord) -> Match:
    assert record.match is not None
    return record.match


def deal(record: TableRecord) -> DealState:
    state = deal_state_owner(record).deal
    assert isinstance(state, DealState)
    return state


def logged(record: TableRecord) -> list[Logged]:
    return list(deal_state_owner(record).deal_actions)


def client_view(record: TableRecord, viewer: int | None) -> table_pb2.TableView:
    """What a client at ``viewer`` gets, without the server's time (two calls differ in it)."""
    view = table_view(record, viewer)
    view.ClearField("server_time")
    return view


def sort_hands(rule_set: str, hands: Sequence[Sequence[Card]]) -> Hands:
    order = card_order(RuleSet(rule_set), Contract.NORMAL)
    return tuple(tuple(sorted(hand, key=order.sort_key)) for hand in hands)


def act(record: TableRecord, seat: int, action: Action | str, note: str = "") -> list[table_pb2.TableEvent]:
    """Apply one computer action through the table's one write path."""
    parsed = parse_action(action) if isinstance(action, str) else action
    return [happened.event for happened in record.apply(Act(seat, parsed, SeatKind.COMPUTER, note=note))]


def choose(observation: ai_job_pb2.SeatObservation, level: str) -> Decision:
    return random_move(observation) if level == RANDOM else decide(observation, level)


def random_with_wesele(observation: ai_job_pb2.SeatObservation) -> Decision:
    """A random legal pass, double or card; Wesele every other time it is allowed, no solo.

    Plain random moves announce a solo most of the time; this keeps normal games,
    Cicha and Wesele (with doubles) common.
    """
    info = seat_info(observation)
    rng = SeededRandom(derive_seed(info.seed, "wesele"))
    wesele = Announce(Contract.WESELE.value)
    if any(choice.action == wesele for choice in info.allowed) and rng.below(2):
        return Decision(wesele)
    moves: list[Action] = [PlayCard(card) for card in info.playable]
    moves += [choice.action for choice in info.allowed if isinstance(choice.action, Pass | Double)]
    return Decision(rng.choice(moves))


def mixed(point: Point) -> Decision:
    """Computers decide at their level; the harness's random seats play ``random_with_wesele``."""
    if point.level == RANDOM:
        return random_with_wesele(point.observation)
    return decide(point.observation, point.level)


@dataclass
class Point:
    """One decision of a computer seat: the table as it is, the seat, its client view and
    the observation its job carries."""

    record: TableRecord
    seat: int
    view: table_pb2.TableView
    observation: ai_job_pb2.SeatObservation
    level: str
    # The running deal's state object (replaced by a new one when the deal ends).
    state: DealState


def decision_points(
    record: TableRecord,
    levels: Sequence[str],
    chooser: Callable[[Point], Decision] | None = None,
    after: Callable[[Point, Decision, list[table_pb2.TableEvent]], None] | None = None,
) -> Iterator[tuple[Point, Decision]]:
    """Play the running deal to its end; yield every decision before it is applied.

    ``after`` sees each decision again right after the table applied it, with the events
    it produced (before the next deal can replace the finished one).
    """
    while True:
        state = deal(record)
        if GAME.result(state) is not None:
            return
        (seat,) = record.computer_turns()
        observation = seat_observation(record, seat)
        point = Point(record, seat, client_view(record, seat), observation, levels[seat], state)
        decision = chooser(point) if chooser is not None else choose(observation, levels[seat])
        yield point, decision
        assert decision.action is not None, f"no move for seat {seat}, which the table waits for"
        events = act(record, seat, decision.action, decision.reason)
        if after is not None:
            after(point, decision, events)
        if deal(record) is not state:
            return


def public_dealt(state: DealState, viewer: int) -> dict[int, frozenset[Card]]:
    """Per other seat: the cards it has played so far this deal (known to everyone)."""
    played: dict[int, set[Card]] = {seat: set() for seat in range(SEATS) if seat != viewer}
    for trick in state.tricks:
        for seat, card in trick.cards:
            if seat != viewer:
                played[seat].add(card)
    for seat, card in state.trick:
        if seat != viewer:
            played[seat].add(card)
    return {seat: frozenset(cards) for seat, cards in played.items()}


def true_hidden(state: DealState, viewer: int) -> dict[int, frozenset[Card]]:
    """The cards the other seats really hold now (what the viewer must not see)."""
    return {seat: frozenset(state.hands[seat]) for seat in range(SEATS) if seat != viewer}


def world_hands(state: DealState, viewer: int, hidden: dict[int, frozenset[Card]]) -> Hands:
    """Dealt hands of a world: the viewer's own, and for the others ``hidden`` plus what they played."""
    played = public_dealt(state, viewer)
    return tuple(
        tuple(state.dealt[seat]) if seat == viewer else tuple(hidden[seat] | played[seat])
        for seat in range(SEATS)
    )


def replay(record: TableRecord, hands: Hands, actions: Sequence[Logged]) -> TableRecord | None:
    """The same table dealt ``hands``, with ``actions`` replayed; None if the engine refuses one."""
    world, _ = TableRecord.new(record.id, record.config)
    assert sorted(map(str, sum(hands, ()))) == sorted(map(str, PACK))
    _redeal(world, sort_hands(record.config.rule_set, hands), deal(record).dealer)
    match = deal_state_owner(world)
    for seat, text, note in actions:
        action = parse_action(text)
        try:
            GAME.check(match.deal, seat, action)
        except EngineError:
            return None
        act(world, seat, action, note)
    return world


def wesele_reveal(state: DealState) -> int | None:
    """The seat the rules reveal as Wesele partner so far: who played the partner jack.

    Computed from the rule itself (the highest jack not in the declarer's dealt hand),
    not from the engine's knowledge module. ``None``: not a Wesele, or not revealed yet.
    """
    if state.announced is not Contract.WESELE or state.announcer is None:
        return None
    jack = wesele_partner_jack(state.dealt[state.announcer])
    plays = [pair for trick in state.tricks for pair in trick.cards] + list(state.trick)
    return next((seat for seat, card in plays if card == jack), None)


def reshuffled_worlds(
    record: TableRecord, viewer: int, rng: SeededRandom, wanted: int, tries: int = 200
) -> Iterator[TableRecord]:
    """Up to ``wanted`` worlds that differ from the real one only in cards ``viewer`` cannot see.

    Candidates reshuffle the cards the other seats hold now among them (hand sizes
    kept); a candidate is kept only if the engine accepts the same public actions in it
    and the rules' one deliberate reveal (the Wesele partner, when his jack falls) is the
    same, so it agrees with all the public information.
    """
    state = deal(record)
    actions = logged(record)
    real = true_hidden(state, viewer)
    seats = sorted(real)
    cards = sorted((card for hand in real.values() for card in hand), key=str)
    found: set[tuple[frozenset[Card], ...]] = {tuple(real[seat] for seat in seats)}
    reveal = wesele_reveal(state)
    given = 0
    for _ in range(tries):
        if given >= wanted:
            return
        shuffled = rng.shuffled(cards)
        hidden: dict[int, frozenset[Card]] = {}
        start = 0
        for seat in seats:
            size = len(real[seat])
            hidden[seat] = frozenset(shuffled[start : start + size])
            start += size
        key = tuple(hidden[seat] for seat in seats)
        if key in found:
            continue
        found.add(key)
        world = replay(record, world_hands(state, viewer, hidden), actions)
        if world is None or wesele_reveal(deal(world)) != reveal:
            continue
        given += 1
        yield world


def replay_told(
    config: TableConfig,
    start: object,
    actions: Sequence[tuple[int, str, str]],
    seat: int,
    compared_with: Sequence[table_pb2.TableEvent] | None = None,
) -> tuple[TableRecord, list[table_pb2.TableEvent]] | None:
    """A table whose first deal starts as ``start``, ``actions`` replayed, and the events
    ``seat`` was told on the way; None if the engine refuses an action. Given the events
    told in another world (``compared_with``), the replay stops after the first action
    whose events differ from them: the worlds have parted."""
    record, _ = TableRecord.new("tables-hidden-information", config)
    assert record.match is not None
    record.match.deal = record.game.copy_state(start)
    told: list[table_pb2.TableEvent] = []
    for who, text, note in actions:
        try:
            happened = record.apply(
                Act(who, parse_action(text, record.game.game_type.actions), SeatKind.COMPUTER, note=note)
            )
        except EngineError:
            return None
        known = len(told)
        told += [item.event for item in happened if item.audience.includes(seat)]
        if compared_with is not None and told[known:] != list(compared_with[known : len(told)]):
            break
    return record, told
