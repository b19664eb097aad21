"""No computer sees cards it may not see, checked the same way for every game.

For positions of every registered game (and of the test game Pot, with its computer
player), the deal is dealt again with the cards the seat to move has not seen shuffled
among the seats that hold them (``Game.deal_again``), and the deal's actions so far are
replayed on it through the service's table record. Where every action is still legal
and the seat was told exactly the same events, the seat cannot tell the two worlds
apart: its redacted view and the observation its computer player's job carries must be
byte-identical, every computer level of the game must decide the same, and a market's
advice (which needs no search) must be the same.
(``test_no_peeking.py`` checks Baśka/Kop further, with the strong level and the
advisor; ``test_bela_players.py`` checks them for Bela.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf.message import Message

from ai_worker.players import PLAYERS, advise, decide
from engine.actions import Action
from engine.game import Game
from engine.registry import GAMES
from engine.seeding import SeededRandom, derive_seed
from server.table import TableConfig, TableRecord
from server.table_log import Act, SeatKind
from server.views import seat_observation
from tests.engine.pot_game import Pot
from tests.players.tables import client_view, replay_told
from tests.support import pot_game_service
from tests.support.seats import options_for_seats

# Deals per game and seat count, and worlds tried per position.
DEALS = 12
TRIES = 12
# The levels whose decisions are compared (strong is left to each game's own test: it
# takes up to a few hundred milliseconds a decision).
LEVELS = ("easy", "normal")
# A market's deal has many positions alike (every trade makes one): once a phase has been
# compared a few times, one of its positions in this many is checked (each is replayed
# from the deal's start).
MARKET_STRIDE = 3
# Games whose advice needs no search (a market's chances): compared here too.
QUICK_ADVICE = ("speculation",)


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
        created_by="no-peeking",
    )


@pytest.mark.parametrize(("game_id", "seats"), list(_cases()))
def test_a_seat_sees_and_decides_the_same_in_every_world_it_cannot_tell_apart(
    game_id: str, seats: int
) -> None:
    game = GAMES[game_id]
    levels = [level for level in LEVELS if (game_id, level) in PLAYERS]
    compared: Counter[str] = Counter()
    for number in range(DEALS):
        rule_set = game.game_type.rule_sets[number % len(game.game_type.rule_sets)].id
        seed = derive_seed("no-peeking-every-game", game_id, seats, number)
        config = _config(game_id, rule_set, seats, seed)
        record, _ = TableRecord.new("tables-no-peeking", config)
        match = record.match
        assert match is not None
        if game.result(match.deal) is not None:
            continue  # over as soon as dealt: nobody decides anything
        start = game.copy_state(match.deal)
        rng = SeededRandom(seed)
        while match.deal_index == 0 and game.result(match.deal) is None:
            # Half the positions are a trader's, however many seats may trade meanwhile.
            waiting, optional = sorted(match.to_act()), sorted(match.may_act() - match.to_act())
            seat = (
                rng.choice(optional)
                if optional and (not waiting or rng.below(2) == 0)
                else rng.choice(waiting)
            )
            stride = MARKET_STRIDE if game.game_type.order_free else 1
            if compared[game.phase_of(match.deal)] >= 3 and rng.below(stride):
                record.apply(Act(seat, _random_move(rng, game, match.deal, seat), SeatKind.COMPUTER))
                continue
            real = replay_told(config, start, match.deal_actions, seat)
            assert real is not None
            real_record, real_told = real
            view = client_view(real_record, seat)
            observation = seat_observation(real_record, seat)
            decisions = {level: decide(observation, level) for level in levels}
            advice = advise(observation).SerializeToString() if game_id in QUICK_ADVICE else None
            for attempt in range(TRIES):
                world_start = game.deal_again(match.deal, seat, derive_seed(seed, "world", attempt))
                if game.result(world_start) is not None:
                    continue  # over as soon as dealt there, and every seat knows this one was not
                world = replay_told(config, world_start, match.deal_actions, seat)
                if world is None or world[1] != real_told:
                    continue
                world_view = client_view(world[0], seat)
                world_observation = seat_observation(world[0], seat)
                where = f"{game_id}, seed {seed}, seat {seat}, actions {match.deal_actions}"
                assert world_view.SerializeToString() == view.SerializeToString(), (
                    f"{where}: {_differences(view, world_view)}"
                )
                assert world_observation.SerializeToString() == observation.SerializeToString(), (
                    f"{where}: {_differences(observation, world_observation)}"
                )
                for level, decision in decisions.items():
                    assert decide(world_observation, level) == decision, f"{level}: {where}"
                if advice is not None:
                    assert advise(world_observation).SerializeToString() == advice, f"advice: {where}"
                compared[game.phase_of(match.deal)] += 1
                break
            record.apply(Act(seat, _random_move(rng, game, match.deal, seat), SeatKind.COMPUTER))
    # Worlds were found and compared in every phase in which seats decide.
    assert sum(compared.values()) >= 10 and all(count >= 3 for count in compared.values()), compared


def _random_move(rng: SeededRandom, game: Game[Any, Any], state: Any, seat: int) -> Action:
    """A random legal move, mostly one that is not order-free (a market's bids and offers),
    so that trading does not drown the moves that end a deal."""
    legal = game.legal_actions(state, seat)
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
