"""The contract: generated code is fresh, the protos pass buf's STANDARD and COMMENTS lint and
change only additively, and every game's own values travel through its blocks."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest

from ai_worker.seat_info import seat_info
from engine.actions import Announce
from engine.errors import InvalidActionError
from engine.game import Game, GameNotice, Observation
from engine.registry import GAMES
from engine.seeding import SeededRandom, derive_seed
from server import convert
from server.table import TableConfig, TableRecord
from server.table_log import SeatKind
from server.views import seat_observation
from speedgamez.internal.v1 import ai_job_pb2
from speedgamez.v1 import actions_pb2, baska_kop_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tools.gen_proto import ROOT, generate

BUF = ROOT / "tools" / "npm" / "node_modules" / ".bin" / "buf"


def test_generated_python_matches_the_protos(tmp_path: Path) -> None:
    generate(tmp_path)
    fresh = {path.relative_to(tmp_path): path.read_bytes() for path in _generated(tmp_path)}
    committed = {path.relative_to(ROOT): path.read_bytes() for path in _generated(ROOT / "speedgamez")}
    assert fresh.keys() == committed.keys(), "run: python -m tools.gen_proto"
    stale = sorted(str(path) for path in fresh if fresh[path] != committed[path])
    assert not stale, f"stale generated code {stale}; run: python -m tools.gen_proto"


def _generated(directory: Path) -> list[Path]:
    """The generated modules and stubs under ``directory``; not the bytecode that importing
    them leaves in ``__pycache__`` (a server process of another test may write it first)."""
    return [path for path in directory.rglob("*_pb2*.py*") if path.suffix in (".py", ".pyi")]


def test_protos_pass_buf_lint() -> None:
    assert BUF.exists(), "buf is missing: run 'npm ci --prefix tools/npm' (scripts/test does)"
    result = subprocess.run([str(BUF), "lint"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_contract_changes_only_additively_since_the_previous_commit() -> None:
    """Clients built from an earlier contract keep working: buf's FILE breaking rules against
    the protos of the previous commit (a change that must break says so in its commit and
    waits one commit for this test)."""
    assert BUF.exists(), "buf is missing: run 'npm ci --prefix tools/npm' (scripts/test does)"
    parent = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", "HEAD~1"], cwd=ROOT, capture_output=True, text=True
    )
    if parent.returncode != 0:
        pytest.skip("this clone has no previous commit to compare with (a shallow clone)")
    result = subprocess.run(
        [str(BUF), "breaking", "--against", f".git#ref={parent.stdout.strip()}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def _positions(game: Game[Any, Any], rule_set: str, deals: int) -> Iterator[Any]:
    """Every state of ``deals`` seeded random deals of ``game``, up to and with the end."""
    options = game.parse_options(rule_set, {})
    seats = next(count for count in game.game_type.seat_counts if game.check_seats(options, count) is None)
    for index in range(deals):
        seed = derive_seed("contract", game.game_type.id, rule_set, index)
        rng = SeededRandom(seed)
        state = game.new_deal(options, seats, index % seats, seed)
        while True:
            yield state
            if game.result(state) is not None:
                break
            seat = rng.choice(sorted(game.to_act(state)))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_action_a_game_offers_travels_through_the_contract_unchanged(game_id: str) -> None:
    game = GAMES[game_id]
    kinds: set[str] = set()
    holds_cards = False
    for rule_set in game.game_type.rule_sets:
        for state in _positions(game, rule_set.id, 20):
            for seat in game.to_act(state):
                holds_cards |= bool(game.view(state, seat).hand)
                for action, _ in game.candidate_actions(state, seat):
                    message = convert.action_to_proto(action, game.game_type)
                    wire = actions_pb2.Action.FromString(message.SerializeToString())
                    assert convert.action_from_proto(wire) == action
                    kinds.add(str(wire.WhichOneof("kind")))
    # A seat that holds cards plays them; Speculation's cards lie face down, turned up by its
    # own action.
    played = {"play_card"} if holds_cards else set()
    assert kinds >= {"pass_turn", *played} | ({game_id} if game.game_type.actions else set()), kinds


def _notices(game: Game[Any, Any]) -> Iterator[object]:
    """The details of the game's own events in seeded random deals: of each rule set, those
    of the first deal that has any (a Wesele played out takes a few dozen random deals)."""
    for rule_set in game.game_type.rule_sets:
        options = game.parse_options(rule_set.id, {})
        seats = min(count for count in game.game_type.seat_counts if game.check_seats(options, count) is None)
        found = False
        for index in range(5000):
            if found:
                break
            seed = derive_seed("contract-events", game.game_type.id, rule_set.id, index)
            rng = SeededRandom(seed)
            state = game.new_deal(options, seats, index % seats, seed)
            while game.result(state) is None:
                seat = rng.choice(sorted(game.to_act(state)))
                for event in game.apply(state, seat, rng.choice(game.legal_actions(state, seat))):
                    if isinstance(event, GameNotice):
                        found = True
                        yield event.detail


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_games_own_view_settlement_and_rules_fill_its_blocks_field_by_field(game_id: str) -> None:
    """The game's dataclasses and its messages agree on every field name and value."""
    game = GAMES[game_id]
    filled: set[str] = set()
    for rule_set in game.game_type.rule_sets:
        options = game.parse_options(rule_set.id, {})
        info = service_pb2.RuleSetInfo()
        convert.game_block(info, "game_rules", game_id, game.rules_detail(options))
        filled.add(f"rules:{info.WhichOneof('game_rules')}")
        for state in _positions(game, rule_set.id, 10):
            view = table_pb2.TableView()
            detail = game.view(state, None).game_view
            convert.game_block(view, "game_view", game_id, detail)
            filled.add(f"view:{view.WhichOneof('game_view')}")
            result = game.result(state)
            if result is not None:
                settlement = convert.settlement_to_proto(result, game.game_type)
                assert settlement.contract_code == result.contract
                filled.add(f"settlement:{settlement.WhichOneof('game_settlement')}")
    for detail in _notices(game):
        event = table_pb2.TableEvent()
        convert.game_choice(event, "kind", game_id, detail)
        filled.add(f"event:{event.WhichOneof('kind')}")
    parts = {entry.split(":")[0] for entry in filled} - {"event"}
    blocks = {entry.split(":")[1] for entry in filled}
    assert parts == {"rules", "view", "settlement"} and blocks <= {game_id, "None"}, filled
    if game_id == "baska_kop":
        assert blocks == {"baska_kop"} and "event:baska_kop" in filled, filled


def test_an_announcement_names_its_contract_by_the_games_own_enum() -> None:
    message = convert.action_to_proto(Announce("zolo_du"), GAMES["baska_kop"].game_type)
    assert message.baska_kop.announce.contract == baska_kop_pb2.BASKA_KOP_CONTRACT_ZOLO_DU
    assert convert.action_from_proto(message) == Announce("zolo_du")
    unset = actions_pb2.Action(
        baska_kop=baska_kop_pb2.BaskaKopAction(announce=baska_kop_pb2.BaskaKopAnnounce())
    )
    with pytest.raises(InvalidActionError, match="contract is required"):
        convert.action_from_proto(unset)
    with pytest.raises(InvalidActionError, match="empty"):
        convert.action_from_proto(actions_pb2.Action(baska_kop=baska_kop_pb2.BaskaKopAction()))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seats_observation_reaches_its_computer_player_as_the_engine_made_it(game_id: str) -> None:
    """What a job carries reads back into the engine's observation, field by field, with
    what the rules revealed in the game's block (labels aside: the server renders them)."""
    game = GAMES[game_id]
    compared = 0
    for rule_set in game.game_type.rule_sets:
        for state in _positions(game, rule_set.id, 4):
            seats = len(game.view(state, None).hand_sizes)
            config = TableConfig(
                game=game_id,
                rule_set=rule_set.id,
                options={"rule_set": rule_set.id},
                seats=((SeatKind.COMPUTER, "easy"),) * seats,
                seed=1,
                created_by="contract",
            )
            record, _ = TableRecord.new("contract-observation", config)
            assert record.match is not None
            record.match.deal = state
            for seat in range(seats):
                made = game.observation(state, seat)
                message = ai_job_pb2.SeatObservation.FromString(
                    seat_observation(record, seat).SerializeToString()
                )
                assert message.WhichOneof("revealed") == (game_id if game.game_type.revealed else None)
                read = seat_info(message)
                assert Observation(
                    **{item.name: getattr(read, item.name) for item in fields(Observation)}
                ) == (replace(made, choices=read.choices))
                assert [(choice.action, choice.allowed) for choice in read.choices] == [
                    (choice.action, choice.allowed) for choice in made.choices
                ]
                compared += 1
    assert compared > 100
