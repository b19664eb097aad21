"""A seat learns nothing the rules do not tell it, checked the same way for every game.

Hidden information is more than cards: who plays with whom, who may act, badges, the
status of doubles. For positions of every registered game (and of the test game Pot, with
its computer player), an observer's deal is dealt again with the cards it has not seen
shuffled among the seats that hold them (``Game.deal_again``), and the deal's actions so
far are replayed on it through the service's table record. Where every action is still
legal, that world differs from the real one only in what the observer has not seen, and:

* the events the observer was told on the way are the same, up to the first one by which
  the rules reveal something (a game's own notice, such as the Wesele partner shown when
  his Jack falls; the settlement): any other event that differs tells it what it may not
  know;
* where every event was the same, the observer cannot tell the two worlds apart: its view,
  the spectators' view, its computer player's job and the job asking advice for it must be
  byte-identical, every computer level must decide the same for it, and so must the advice.

The observers are the seat a position waits for (or a trader) and, in turn, every other
seat: a seat that does not act must learn nothing either, such as a Rufspiel's partner from
the seats listed as allowed to give Kontra. Where a game hides who plays with whom
(Schafkopf's Rufspiel, Baśka/Kop's Old and Wesele), worlds with another partnership than the
real one must be among those compared, so that the test cannot pass without them.
(``test_no_peeking.py`` checks Baśka/Kop further, with the strong level and the advisor;
``test_bela_players.py`` checks them for Bela.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from google.protobuf.message import Message

from ai_worker.players import ADVISORS, PLAYERS, advise, decide
from engine.actions import Action, Announce, Pass
from engine.game import Game
from engine.registry import GAMES
from engine.seeding import SeededRandom, derive_seed
from server.jobs import advice_job, computer_job
from server.table import TableConfig, TableRecord
from server.table_log import Act, SeatKind
from speedgamez.v1 import table_pb2
from tests.engine.pot_game import Pot
from tests.players.tables import client_view, replay_told
from tests.support import pot_game_service
from tests.support.seats import options_for_seats

# Deals per game and seat count, and worlds tried per observer and position.
DEALS = 8
TRIES = 12
# The levels whose decisions are compared (strong is left to each game's own test: it
# takes up to a few hundred milliseconds a decision).
LEVELS = ("easy", "normal")
# Advice that needs a search (the strong computer's) is compared this often per phase of
# a game at a seat count; a market's advice, which needs none, every time.
SEARCHED_ADVICE_PER_PHASE = 1
QUICK_ADVICE = ("speculation",)
# A market's deal has many positions alike (every trade makes one, and a larger table
# trades more): once a phase has been compared a few times, one of its positions in this
# many per three seats is checked (each is replayed from the deal's start).
MARKET_STRIDE = 3
# The events by which the rules reveal what a seat did not know: a game's own notices and
# the settlement (and what follows it). Told differently in two worlds, they end the
# comparison of the events; any other event must be the same.
REVEALING_EVENTS = frozenset({"baska_kop", "bela", "schafkopf", "speculation", "deal_settled"})
# Who plays with whom where a game hides it, as the rules know it; and the calls that make
# such a game, which the random players below prefer so that it is played often.
PARTNERSHIPS: dict[str, Callable[[Any], frozenset[int]]] = {
    "schafkopf": lambda state: state.declarers,
    "baska_kop": lambda state: state.declarers,
}
PARTNER_GAMES = {"schafkopf": ("rufspiel",), "baska_kop": ("wesele",)}
# Comparisons with another partnership than the real one required per game at four seats.
OTHER_PARTNERSHIPS = 5


@pytest.fixture(autouse=True)
def pot_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "pot", Pot())
    monkeypatch.setitem(PLAYERS, ("pot", "easy"), pot_game_service.decide)


def _cases() -> Iterator[Any]:
    """Every registered game and Pot, at each seat count (at most three per game)."""
    for game_id, game in sorted({**GAMES, "pot": Pot()}.items()):
        counts = game.game_type.seat_counts
        for seats in sorted({counts[0], counts[len(counts) // 2], counts[-1]}):
            yield pytest.param(game_id, seats, id=f"{game_id}-{seats}")


def _config(game_id: str, rule_set: str, seats: int, seed: int) -> TableConfig:
    game = {**GAMES, "pot": Pot()}[game_id]
    return TableConfig(
        game=game_id,
        rule_set=rule_set,
        options={"rule_set": rule_set, **(options_for_seats(game, rule_set, seats) or {})},
        seats=((SeatKind.COMPUTER, "easy"),) * seats,
        seed=seed,
        created_by="hidden-information",
    )


class _Comparison:
    """The tally of one game at one seat count: what was compared, and how often."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.phases: Counter[str] = Counter()
        self.searched_advice: Counter[str] = Counter()
        self.other_partnerships = 0
        self.revealed = 0


@pytest.mark.parametrize(("game_id", "seats"), list(_cases()))
def test_a_seat_is_told_and_shown_the_same_in_every_world_it_cannot_tell_apart(
    game_id: str, seats: int
) -> None:
    game = GAMES[game_id]
    tally = _Comparison(game_id)
    for number in range(DEALS):
        rule_set = game.game_type.rule_sets[number % len(game.game_type.rule_sets)].id
        seed = derive_seed("hidden-information-every-game", game_id, seats, number)
        config = _config(game_id, rule_set, seats, seed)
        record, _ = TableRecord.new("tables-hidden-information", config)
        match = record.match
        assert match is not None
        if game.result(match.deal) is not None:
            continue  # over as soon as dealt: nobody decides anything
        start = game.copy_state(match.deal)
        rng = SeededRandom(seed)
        position = 0
        while match.deal_index == 0 and game.result(match.deal) is None:
            # Half the positions are a trader's, however many seats may trade meanwhile.
            waiting, optional = sorted(match.to_act()), sorted(match.may_act() - match.to_act())
            mover = (
                rng.choice(optional)
                if optional and (not waiting or rng.below(2) == 0)
                else rng.choice(waiting)
            )
            stride = max(1, MARKET_STRIDE * seats // 3) if game.game_type.order_free else 1
            if tally.phases[game.phase_of(match.deal)] < 3 or not rng.below(stride):
                others = [seat for seat in range(seats) if seat != mover]
                for observer in (mover, others[position % len(others)]):
                    _compare_worlds(tally, config, start, match.deal, match.deal_actions, observer, mover)
                position += 1
            record.apply(Act(mover, _random_move(rng, game, match.deal, mover), SeatKind.COMPUTER))
    # Worlds were found and compared in every phase in which seats decide, and with another
    # partnership wherever a game hides one.
    phases = tally.phases
    assert sum(phases.values()) >= 10 and all(count >= 3 for count in phases.values()), phases
    if game_id in PARTNERSHIPS and seats == 4:
        assert tally.other_partnerships >= OTHER_PARTNERSHIPS, (tally.other_partnerships, phases)


def _compare_worlds(
    tally: _Comparison,
    config: TableConfig,
    start: Any,
    state: Any,
    actions: list[tuple[int, str, str]],
    observer: int,
    mover: int,
) -> None:
    """Compare the real table with worlds ``observer`` cannot tell from it, up to the first
    world in which it was told every event alike."""
    game = GAMES[config.game]
    real = replay_told(config, start, actions, observer)
    assert real is not None
    real_record, real_told = real
    phase = game.phase_of(state)
    where = f"{config.game}, seed {config.seed}, observer {observer}, actions {actions}"
    for attempt in range(TRIES):
        world_start = game.deal_again(state, observer, derive_seed(config.seed, "world", observer, attempt))
        if game.result(world_start) is not None:
            continue  # over as soon as dealt there, and every seat knows this one was not
        world = replay_told(config, world_start, actions, observer, compared_with=real_told)
        if world is None:
            continue  # an action of the real deal is not legal there
        world_record, world_told = world
        revealing = _first_revealing_difference(real_told, world_told, where)
        if revealing:
            tally.revealed += 1
            continue
        _assert_same(real_record, world_record, observer, where)
        if observer == mover:
            _assert_same_decisions(tally, real_record, world_record, mover, phase, where)
        tally.phases[phase] += 1
        partnership = PARTNERSHIPS.get(config.game)
        if partnership is not None:
            assert real_record.match is not None and world_record.match is not None
            if partnership(real_record.match.deal) != partnership(world_record.match.deal):
                tally.other_partnerships += 1
        return


def _first_revealing_difference(
    real: list[table_pb2.TableEvent], world: list[table_pb2.TableEvent], where: str
) -> bool:
    """Whether the two worlds told their observer different events; where they first part,
    one of them must tell what the rules reveal there (the other may tell nothing)."""
    for index in range(max(len(real), len(world))):
        real_event = real[index] if index < len(real) else None
        world_event = world[index] if index < len(world) else None
        if (
            real_event is not None
            and world_event is not None
            and real_event.SerializeToString() == world_event.SerializeToString()
        ):
            continue
        kinds = {event.WhichOneof("kind") for event in (real_event, world_event) if event is not None}
        assert kinds & REVEALING_EVENTS, (
            f"{where}: an event told what the observer may not know: {real_event} | {world_event}"
        )
        return True
    return False


def _assert_same(real: TableRecord, world: TableRecord, observer: int, where: str) -> None:
    """The observer's view, the spectators' and the observer's jobs are byte for byte alike."""
    for viewer in (observer, None):
        real_view, world_view = client_view(real, viewer), client_view(world, viewer)
        assert world_view.SerializeToString() == real_view.SerializeToString(), (
            f"{where}, view of {viewer}: {_differences(real_view, world_view)}"
        )
    real_job, world_job = computer_job(real, observer), computer_job(world, observer)
    assert world_job.SerializeToString() == real_job.SerializeToString(), (
        f"{where}, job: {_differences(real_job.observation, world_job.observation)}"
    )
    real_advice, world_advice = advice_job(real, observer, "advice"), advice_job(world, observer, "advice")
    assert world_advice.SerializeToString() == real_advice.SerializeToString(), f"{where}, advice job"


def _assert_same_decisions(
    tally: _Comparison, real: TableRecord, world: TableRecord, mover: int, phase: str, where: str
) -> None:
    """Every computer level decides alike for the mover in both worlds, and so does the advisor."""
    real_observation = computer_job(real, mover).observation
    world_observation = computer_job(world, mover).observation
    for level in LEVELS:
        if (real.config.game, level) in PLAYERS:
            assert decide(world_observation, level) == decide(real_observation, level), f"{level}: {where}"
    if real.config.game not in ADVISORS:
        return
    quick = real.config.game in QUICK_ADVICE
    if not quick and tally.searched_advice[phase] >= SEARCHED_ADVICE_PER_PHASE:
        return
    tally.searched_advice[phase] += not quick
    assert advise(world_observation).SerializeToString() == advise(real_observation).SerializeToString(), (
        f"advice: {where}"
    )


def _random_move(rng: SeededRandom, game: Game[Any, Any], state: Any, seat: int) -> Action:
    """A random legal move: mostly one that is not order-free (a market's bids and offers),
    so that trading does not drown the moves that end a deal; and mostly a game that hides
    who plays with whom where the game has one: announced where a seat may, and left to
    stand by the others."""
    legal = game.legal_actions(state, seat)
    partner_games = PARTNER_GAMES.get(game.game_type.id, ())
    announcements = [action for action in legal if isinstance(action, Announce)]
    hiding = [action for action in announcements if action.contract in partner_games]
    if hiding and rng.below(4) != 0:
        return rng.choice(hiding)
    if partner_games and announcements and not hiding and Pass() in legal and rng.below(4) != 0:
        return Pass()
    steady = [action for action in legal if type(action) not in game.game_type.order_free]
    if steady and len(steady) < len(legal) and rng.below(4) != 0:
        return rng.choice(steady)
    return rng.choice(legal)


def _differences(real: Message, world: Message) -> list[str]:
    """The fields in which two messages differ, as ``name: real | world``."""
    return [
        f"{field.name}: {getattr(real, field.name)} | {getattr(world, field.name)}"
        for field in real.DESCRIPTOR.fields
        if getattr(real, field.name) != getattr(world, field.name)
    ]
