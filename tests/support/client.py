"""A small synchronous test client over real gRPC, speaking only the contract."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable

import grpc

from speedgamez.v1 import actions_pb2, baska_kop_pb2, cards_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc

HUMAN = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_HUMAN)
EASY = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_COMPUTER, level=table_pb2.COMPUTER_LEVEL_EASY)
NORMAL = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_COMPUTER, level=table_pb2.COMPUTER_LEVEL_NORMAL)
STRONG = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_COMPUTER, level=table_pb2.COMPUTER_LEVEL_STRONG)


class Player:
    """One registered player talking to one server address."""

    def __init__(self, address: str, name: str) -> None:
        self.channel = grpc.insecure_channel(address)
        self.stub = service_grpc.TableServiceStub(self.channel)
        registered = self.stub.RegisterPlayer(service_pb2.RegisterPlayerRequest(display_name=name))
        self.player_id = registered.player_id
        self.token = registered.token
        self.metadata = [("authorization", f"Bearer {self.token}")]

    def using(self, address: str) -> Player:
        """The same player talking to another server process."""
        other = Player.__new__(Player)
        other.channel = grpc.insecure_channel(address)
        other.stub = service_grpc.TableServiceStub(other.channel)
        other.player_id, other.token, other.metadata = self.player_id, self.token, self.metadata
        return other

    def create(
        self, seats: list[service_pb2.SeatConfig], rule_set: str = "kop", join: bool = True, **options: str
    ) -> table_pb2.TableView:
        request = service_pb2.CreateTableRequest(
            game="baska_kop", rule_set=rule_set, options=options, seats=seats, join=join
        )
        return self.stub.CreateTable(request, metadata=self.metadata).table

    def join(self, table: str, seat: int | None = None) -> table_pb2.TableView:
        request = service_pb2.JoinTableRequest(table=table)
        if seat is not None:
            request.seat = seat
        return self.stub.JoinTable(request, metadata=self.metadata).table

    def get(self, table: str) -> table_pb2.TableView:
        return self.stub.GetTable(service_pb2.GetTableRequest(table=table), metadata=self.metadata).table

    def submit(
        self, view: table_pb2.TableView, action: actions_pb2.Action, request_id: str | None = None
    ) -> table_pb2.TableView:
        request = service_pb2.SubmitActionRequest(
            table=view.name,
            table_version=view.version,
            request_id=request_id or uuid.uuid4().hex,
            action=action,
        )
        return self.stub.SubmitAction(request, metadata=self.metadata).table

    def wait(
        self, table: str, condition: Callable[[table_pb2.TableView], bool], timeout: float = 30
    ) -> table_pb2.TableView:
        deadline = time.monotonic() + timeout
        while True:
            view = self.get(table)
            if condition(view):
                return view
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting; last view:\n{view}")
            time.sleep(0.02)

    def my_turn(self, table: str, timeout: float = 30) -> table_pb2.TableView:
        return self.wait(
            table,
            lambda view: (
                view.viewer_seat in view.to_act_seats or view.phase == table_pb2.TABLE_PHASE_FINISHED
            ),
            timeout,
        )

    def play_alone(
        self,
        table: str,
        timeout: float = 120,
        move: Callable[[table_pb2.TableView], actions_pb2.Action] | None = None,
    ) -> table_pb2.TableView:
        """Play this person's seat at a table of computers with ``move`` (Baśka/Kop's
        ``simple_move`` unless given) until the match is over; its last view."""
        while True:
            view = self.my_turn(table, timeout)
            if view.phase == table_pb2.TABLE_PHASE_FINISHED:
                return view
            try:
                self.submit(view, (move or simple_move)(view))
            except grpc.RpcError as error:
                if error.code() != grpc.StatusCode.ABORTED:  # the computers moved meanwhile
                    raise

    def close(self) -> None:
        self.channel.close()


def play_card(card: cards_pb2.Card) -> actions_pb2.Action:
    return actions_pb2.Action(play_card=actions_pb2.PlayCardAction(card=card))


def announce(contract: baska_kop_pb2.BaskaKopContract) -> actions_pb2.Action:
    return actions_pb2.Action(
        baska_kop=baska_kop_pb2.BaskaKopAction(announce=baska_kop_pb2.BaskaKopAnnounce(contract=contract))
    )


PASS = actions_pb2.Action(pass_turn=actions_pb2.PassAction())
DOUBLE = actions_pb2.Action(give_double=actions_pb2.DoubleAction())
CONTINUE = actions_pb2.Action(continue_play=actions_pb2.ContinueAction())


def simple_move(view: table_pb2.TableView) -> actions_pb2.Action:
    """A legal move for the viewer: continue, pass, or the first playable card."""
    if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
        return CONTINUE
    if view.phase == table_pb2.TABLE_PHASE_BIDDING:
        return PASS
    playable = [card.card for card in view.hand if card.playable]
    return play_card(playable[0])


def first_allowed_move(view: table_pb2.TableView) -> actions_pb2.Action:
    """A legal move for the viewer in any game: continue after a settlement, else the first
    allowed choice (games list the plainest first: pass, turn up, keep), else the first
    playable card."""
    if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
        return CONTINUE
    allowed = [choice.action for choice in view.choices if choice.allowed]
    if allowed:
        return allowed[0]
    return play_card(next(card.card for card in view.hand if card.playable))
