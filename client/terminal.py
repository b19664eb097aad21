"""Play at a speedgamez table from a terminal: ``python -m client``.

A small client that uses only the contract (``speedgamez.v1`` over gRPC), as any studio
client would. It registers a player, creates a table against three computer players (or
joins a table by name), follows the table's event stream and asks for a move whenever
it is the player's turn.

    python -m client --name Anna                      # Kop, 8 deals, three easy computers
    python -m client --name Anna --rule-set baska --deals 12
    python -m client --name Ben --join tables/<id>    # take an open seat at a table

Keys at the prompt: a card's number plays it; p passes; d doubles; a<n> announces the
n-th contract of the list; Enter continues after a settlement; l shows the last trick;
q quits (the computer plays on for you at a shared table).
"""

from __future__ import annotations

import argparse
import sys
import uuid
from collections.abc import Iterator

import grpc

from speedgamez.v1 import actions_pb2, cards_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc

SUITS = {
    cards_pb2.SUIT_CLUBS: "♣",
    cards_pb2.SUIT_SPADES: "♠",
    cards_pb2.SUIT_HEARTS: "♥",
    cards_pb2.SUIT_DIAMONDS: "♦",
}
GERMAN_SUITS = {
    cards_pb2.SUIT_CLUBS: "Eichel ",
    cards_pb2.SUIT_SPADES: "Gras ",
    cards_pb2.SUIT_HEARTS: "Herz ",
    cards_pb2.SUIT_DIAMONDS: "Schellen ",
}
RANKS = {
    cards_pb2.RANK_ACE: "A",
    cards_pb2.RANK_TEN: "10",
    cards_pb2.RANK_QUEEN: "Q",
    cards_pb2.RANK_JACK: "J",
}
GERMAN_RANKS = {
    cards_pb2.RANK_ACE: "Sau",
    cards_pb2.RANK_TEN: "10",
    cards_pb2.RANK_QUEEN: "Ober",
    cards_pb2.RANK_JACK: "Unter",
}
BADGES = {
    table_pb2.BADGE_DEALER: "G",
    table_pb2.BADGE_OLD: "A",
    table_pb2.BADGE_YOUNG: "J",
    table_pb2.BADGE_PARTNER: "P",
    table_pb2.BADGE_SOLOIST: "♛",
}
STATUS = {
    table_pb2.DOUBLE_STATUS_UNKNOWN: " (counts: not known yet)",
    table_pb2.DOUBLE_STATUS_COUNTS: " (counts)",
    table_pb2.DOUBLE_STATUS_STRUCK: " (struck)",
    table_pb2.DOUBLE_STATUS_CLEARED: " (cleared)",
}


class Terminal:
    def __init__(self, stub: service_grpc.TableServiceStub, token: str, german: bool) -> None:
        self.stub = stub
        self.metadata = [("authorization", f"Bearer {token}")]
        self.german = german

    # Drawing -----------------------------------------------------------------------

    def card(self, card: cards_pb2.Card) -> str:
        if self.german:
            return GERMAN_SUITS.get(card.suit, "?") + GERMAN_RANKS.get(card.rank, str(card.rank))
        return SUITS.get(card.suit, "?") + RANKS.get(card.rank, str(card.rank))

    def trick(self, trick: table_pb2.Trick, view: table_pb2.TableView) -> str:
        played = ", ".join(
            f"{view.seats[played.seat].player_name}: {self.card(played.card)}" for played in trick.cards
        )
        if trick.HasField("winner_seat"):
            played += f"  → {view.seats[trick.winner_seat].player_name} takes {trick.points}"
        return played

    def draw(self, view: table_pb2.TableView) -> None:
        print()
        contract = view.contract.label or "—"
        if view.contract.HasField("declarer_seat"):
            contract += f" by {view.seats[view.contract.declarer_seat].player_name}"
        print(f"Deal {view.deal_number}/{view.deals_total} · {view.rule_set} · {contract}")
        ladder = " ".join(
            ("*" if rung.own else "") + ("x" if rung.fallen else "") + self.card(rung.card)
            for rung in view.trump_ladder
        )
        print(f"Trumps (high→low, *own, x fallen): {ladder}")
        for seat in view.seats:
            marks = "".join(BADGES[badge] for badge in seat.badges)
            you = " (you)" if seat.is_viewer else ""
            print(
                f"  {seat.seat} {seat.player_name}{you} [{marks}] cards {seat.cards_in_hand}, "
                f"tricks {seat.tricks_won}, points {seat.card_points}, total {seat.total_score}"
            )
        for call in view.calls:
            reason = f" — {call.reason}" if call.reason else ""
            note = f": {call.status_note}" if call.status_note else ""
            status = STATUS.get(call.double_status, "")
            print(f"  bid: {view.seats[call.seat].player_name}: {call.label}{status}{note}{reason}")
        if view.current_trick.cards:
            print(f"Trick: {self.trick(view.current_trick, view)}")
        if view.HasField("settlement"):
            self.draw_settlement(view.settlement, view)
        if view.hand:
            cards = []
            playing = view.phase == table_pb2.TABLE_PHASE_PLAYING
            for number, held in enumerate(view.hand, 1):
                mark = f" ({held.reason})" if playing and not held.playable else ""
                cards.append(f"{number}) {self.card(held.card)}{mark}")
            print("Your hand: " + "   ".join(cards))

    def draw_settlement(self, settlement: table_pb2.Settlement, view: table_pb2.TableView) -> None:
        print(f"Settlement: {settlement.summary}")
        for step in settlement.steps:
            factor = f"{step.factor}" if step.kind == "base" else f"×{step.factor}"
            struck = f"  [struck: {step.note}]" if step.struck else ""
            print(f"    {step.label}: {factor}{struck}")
        for hand in settlement.hands:
            cards = " ".join(self.card(card) for card in hand.cards)
            print(f"    {view.seats[hand.seat].player_name} had {cards}: {settlement.scores[hand.seat]:+d}")

    # Moves -------------------------------------------------------------------------

    def ask(self, view: table_pb2.TableView) -> actions_pb2.Action | None:
        """Prompt until the player picks an allowed move; None means quit."""
        announcements = [choice for choice in view.choices if choice.action.WhichOneof("kind") == "announce"]
        while True:
            if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
                prompt = "Enter to continue, q to quit > "
            elif view.phase == table_pb2.TABLE_PHASE_BIDDING:
                listed = "  ".join(
                    f"a{number}) {choice.label}{'' if choice.allowed else ' ×'}"
                    for number, choice in enumerate(announcements, 1)
                )
                double = next(
                    (choice for choice in view.choices if choice.action.WhichOneof("kind") == "give_double"),
                    None,
                )
                doubling = f"  d) {double.label}{'' if double.allowed else ' ×'}" if double else ""
                prompt = f"p) Pass{doubling}  {listed} > "
            else:
                prompt = "Card number (l: last trick) > "
            try:
                answer = input(prompt).strip().lower()
            except EOFError:
                return None
            if answer == "q":
                return None
            if answer == "l" and view.tricks:
                print(f"Last trick: {self.trick(view.tricks[-1], view)}")
                continue
            chosen = self.parse(answer, view, announcements)
            if chosen is None:
                print("  Not understood.")
                continue
            reason = self.refusal(chosen, view)
            if reason:
                print(f"  Not possible: {reason}")
                continue
            return chosen

    def parse(
        self, answer: str, view: table_pb2.TableView, announcements: list[table_pb2.ActionChoice]
    ) -> actions_pb2.Action | None:
        if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
            return actions_pb2.Action(continue_play=actions_pb2.ContinueAction()) if answer == "" else None
        if answer == "p":
            return actions_pb2.Action(pass_turn=actions_pb2.PassAction())
        if answer == "d":
            return actions_pb2.Action(give_double=actions_pb2.DoubleAction())
        if answer.startswith("a") and answer[1:].isdigit() and 1 <= int(answer[1:]) <= len(announcements):
            return announcements[int(answer[1:]) - 1].action
        if answer.isdigit() and 1 <= int(answer) <= len(view.hand):
            card = view.hand[int(answer) - 1].card
            return actions_pb2.Action(play_card=actions_pb2.PlayCardAction(card=card))
        return None

    @staticmethod
    def refusal(action: actions_pb2.Action, view: table_pb2.TableView) -> str:
        """The server's reason why a move is greyed out, so the player needs no round trip."""
        if action.WhichOneof("kind") == "play_card":
            for held in view.hand:
                if held.card == action.play_card.card:
                    return held.reason
        for choice in view.choices:
            if choice.action == action:
                return choice.reason
        return ""

    # The loop ----------------------------------------------------------------------

    def events(self, table: str, after: int) -> Iterator[table_pb2.TableEvent]:
        request = service_pb2.WatchTableRequest(table=table, after_sequence=after)
        for response in self.stub.WatchTable(request, metadata=self.metadata):
            yield response.event

    def play(self, table: str) -> None:
        view = self.get(table)
        after = view.last_event_sequence
        self.draw(view)
        while view.phase != table_pb2.TABLE_PHASE_FINISHED:
            if view.HasField("viewer_seat") and view.viewer_seat in view.to_act_seats:
                action = self.ask(view)
                if action is None:
                    self.stub.LeaveTable(service_pb2.LeaveTableRequest(table=table), metadata=self.metadata)
                    print("You left the table.")
                    return
                try:
                    view = self.submit(view, action)
                except grpc.RpcError as error:
                    print(f"  Refused ({error.code().name}): {error.details()}")
                    view = self.get(table)
                continue
            for event in self.events(table, after):
                after = event.sequence
                self.narrate(event, view)
                if event.table_version >= view.version:
                    fresh = self.get(table)
                    if (
                        fresh.viewer_seat in fresh.to_act_seats
                        or fresh.phase == table_pb2.TABLE_PHASE_FINISHED
                    ):
                        view = fresh
                        self.draw(view)
                        break
            else:
                view = self.get(table)
        print(
            "The match is over. Totals: "
            + ", ".join(f"{seat.player_name} {seat.total_score:+d}" for seat in view.seats)
        )

    def narrate(self, event: table_pb2.TableEvent, view: table_pb2.TableView) -> None:
        kind = event.WhichOneof("kind")
        if kind == "action_taken" and event.action_taken.by_computer:
            taken = event.action_taken
            reason = f" — {taken.reason}" if taken.reason else ""
            label = (
                self.card(taken.action.play_card.card) if taken.action.HasField("play_card") else taken.label
            )
            print(f"  {view.seats[taken.seat].player_name}: {label}{reason}")
        elif kind == "trick_completed":
            print(f"  Trick: {self.trick(event.trick_completed.trick, view)}")
        elif kind == "seat_changed":
            print(f"  {event.seat_changed.description}")

    def get(self, table: str) -> table_pb2.TableView:
        return self.stub.GetTable(service_pb2.GetTableRequest(table=table), metadata=self.metadata).table

    def submit(self, view: table_pb2.TableView, action: actions_pb2.Action) -> table_pb2.TableView:
        request = service_pb2.SubmitActionRequest(
            table=view.name, table_version=view.version, request_id=uuid.uuid4().hex, action=action
        )
        return self.stub.SubmitAction(request, metadata=self.metadata).table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Play Baśka or Kop in the terminal.")
    parser.add_argument("--server", default="127.0.0.1:50051", help="host:port of the server")
    parser.add_argument("--name", default="Player", help="your display name")
    parser.add_argument("--rule-set", default="kop", choices=["kop", "baska"])
    parser.add_argument("--deals", default="8", choices=["8", "12", "16", "24"])
    parser.add_argument("--level", default="easy", choices=["easy", "normal", "strong"])
    parser.add_argument("--liga", action="store_true", help="Kop with Liga-Werte")
    parser.add_argument("--join", help="take a seat at this table (tables/<id>) instead of creating one")
    parser.add_argument("--german", action="store_true", help="Bavarian card names (Ober, Unter, Eichel...)")
    args = parser.parse_args(argv)

    channel = grpc.insecure_channel(args.server)
    stub = service_grpc.TableServiceStub(channel)
    try:
        registered = stub.RegisterPlayer(service_pb2.RegisterPlayerRequest(display_name=args.name))
    except grpc.RpcError as error:
        sys.exit(f"cannot reach the server at {args.server}: {error.details()}")
    terminal = Terminal(stub, registered.token, args.german)
    if args.join:
        view = stub.JoinTable(service_pb2.JoinTableRequest(table=args.join), metadata=terminal.metadata).table
    else:
        level = f"COMPUTER_LEVEL_{args.level.upper()}"
        computer = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_COMPUTER, level=level)
        options = {"deals": args.deals}
        if args.liga:
            options["liga_values"] = "true"
        request = service_pb2.CreateTableRequest(
            game="baska_kop",
            rule_set=args.rule_set,
            options=options,
            seats=[service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_HUMAN), computer, computer, computer],
            join=True,
        )
        view = stub.CreateTable(request, metadata=terminal.metadata).table
    print(f"Table {view.name}; you sit at seat {view.viewer_seat}.")
    try:
        terminal.play(view.name)
    except KeyboardInterrupt:
        print()
    finally:
        channel.close()


if __name__ == "__main__":
    main()
