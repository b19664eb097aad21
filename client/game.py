"""Playing one table: draw it, ask the player on his turn, follow the others otherwise.

The loop keeps one rule: every view the player is shown comes from the server (the
answer to the player's own move, or GetTable after others moved), and every event that
view does not show yet is narrated in one line. Nothing is computed from the rules; what
is allowed, and why not, comes with the view.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from typing import Any

import grpc

from client.connection import Backoff, Connection
from client.keyboard import Keyboard
from client.market import MARKET_KEYS, is_market, may_trade, priced, same_move
from client.screen import LEGEND, Screen, clock_line, has_ended, is_my_turn
from client.standings import statistics_lines
from speedgamez.v1 import actions_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

KEYS = (
    "Keys: a card's number plays it · p passes · d doubles · a<n> takes the n-th listed call "
    "(an announcement) · a letter shown beside a call takes it (Bela: n dalje, c/s/h/d a trump, "
    "m Melden, b Bela) · "
    "Enter continues after a settlement · l shows the last trick · r asks the strong computer's "
    "advice (alone against computers) · b shows your statistics (unless a call has that letter) · "
    "? shows this help and what "
    "each call means · "
    "q leaves the table (a computer plays on) · Ctrl-C stops and keeps your seat (--resume)"
)
# Refusals that leave the game as it was: the player decides again on a fresh view.
DECIDE_AGAIN = (
    grpc.StatusCode.FAILED_PRECONDITION,
    grpc.StatusCode.ABORTED,
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.RESOURCE_EXHAUSTED,
)
CONTINUE = actions_pb2.Action(continue_play=actions_pb2.ContinueAction())
PASS = actions_pb2.Action(pass_turn=actions_pb2.PassAction())
DOUBLE = actions_pb2.Action(give_double=actions_pb2.DoubleAction())
TRADE_PROMPT = (
    "You may trade now: type a call (a<n> [chips] [cards]) and Enter at any time; ? shows the keys."
)
# How often the market loop looks at the events while the player may be typing.
_POLL_SECONDS = 0.2


class Game:
    def __init__(self, connection: Connection, screen: Screen, keyboard: Keyboard, table: str) -> None:
        self.connection = connection
        self.screen = screen
        self.keyboard = keyboard
        self.table = table
        # Sequence number of the newest event the screen shows, from the last view shown:
        # events up to it are on screen already, later ones are narrated.
        self.shown_sequence = 0
        self.shown_view = table_pb2.TableView()
        # The badges are explained once, before the first drawing that has any (a game
        # without badges never shows the legend).
        self.legend_shown = False

    def play(self) -> table_pb2.TableView | None:
        """Play until the match ends (its last view) or the player leaves (None)."""
        self.screen.write(KEYS)
        view = self.connection.get(self.table)
        self.show(view)
        while not has_ended(view):
            if in_market(view):
                traded = self.trade(view)
                if traded is None:
                    return None
                view = traded
            elif is_my_turn(view):
                if comparison_pending(view):
                    view = self.wait_for_comparison()
                moved = self.take_turn(view)
                if moved is None:
                    return None
                view = moved
            else:
                view = self.wait_for_turn(view)
        if comparison_pending(view):
            view = self.wait_for_comparison()
        return view

    def show(self, view: table_pb2.TableView) -> None:
        if not self.legend_shown and any(seat.badges for seat in view.seats):
            self.screen.write(LEGEND)
            self.legend_shown = True
        self.screen.show(view)
        self.shown_view = view
        self.shown_sequence = view.last_event_sequence

    # The player's turn -------------------------------------------------------------

    def take_turn(self, view: table_pb2.TableView) -> table_pb2.TableView | None:
        """Ask for a move and submit it; the answer is drawn like any other view, and so is
        the table when it changed before the player decided. In a learning game the advice
        for the decision comes first, unasked."""
        if view.learning and view.phase != table_pb2.TABLE_PHASE_SETTLEMENT:
            looked = self.connection.look(self.table)
            if looked.HasField("advice") and looked.advice.table_version == view.version:
                self.write_advice(looked.advice, view)
        answer = self.ask(view)
        if answer is None:
            self.connection.leave(self.table)
            self.screen.write("You left the table; a computer player plays on for you.")
            return None
        if isinstance(answer, table_pb2.TableView):
            return answer
        return self.submit(view, answer)

    def ask(self, view: table_pb2.TableView) -> actions_pb2.Action | table_pb2.TableView | None:
        """Prompt until the player picks an allowed move; None means leave the table.

        The table is followed meanwhile: when it changes before he decides (his clock ran
        out and the computer moved for him, another player made a move he may make at any
        time), its events are told and the fresh view is drawn and returned at once, not
        after his next key."""
        self.offer_calls(view)
        clock = clock_line(view)
        if clock:
            self.screen.write(clock)
        feed = EventFeed(self.connection, self.table, self.shown_sequence)
        try:
            self.keyboard.prompt(prompt(view))
            while True:
                line = self.keyboard.poll_line(_POLL_SECONDS)
                if line is None:
                    fresh = self.follow(feed, view, after_prompt=True)
                    if fresh is not None:
                        self.show(fresh)
                        return fresh
                    continue
                answer = line.strip().lower()
                if answer == "q":
                    return None
                action = self.understand(answer, view)
                if action is not None:
                    return action
                self.keyboard.prompt(prompt(view))
        finally:
            feed.stop()

    def follow(
        self, feed: EventFeed, view: table_pb2.TableView, after_prompt: bool = False
    ) -> table_pb2.TableView | None:
        """Tell the events ``feed`` brought since the last look (below the prompt's line,
        ``after_prompt``); the table as it is now if they changed it after ``view``, else None."""
        changed = False
        for event in feed.take():
            if after_prompt:
                self.screen.write("")
                after_prompt = False
            if event.sequence > self.shown_sequence:
                self.screen.narrate(event, view)
                self.shown_sequence = event.sequence
            changed = changed or event.table_version > view.version
        return self.connection.get(self.table) if changed else None

    def offer_calls(self, view: table_pb2.TableView) -> None:
        line = calls_line(view, announcements_of(view))
        if line and view.phase != table_pb2.TABLE_PHASE_SETTLEMENT:
            playing = view.phase == table_pb2.TABLE_PHASE_PLAYING
            self.screen.write(("Or: " if playing else "Calls: ") + line)

    def understand(self, answer: str, view: table_pb2.TableView) -> actions_pb2.Action | None:
        """The allowed move ``answer`` names; None after answering a key that is no move
        (help, the last trick, advice, statistics) or one that is not allowed, saying why."""
        if answer == "?":
            self.screen.write(KEYS)
            if is_market(view):
                self.screen.write(MARKET_KEYS)
            for choice in view.choices:
                if choice.meaning:
                    self.screen.write(f"  {choice.label}: {choice.meaning}")
            return None
        if answer == "l":
            self.show_last_trick(view)
            return None
        if answer == "r":
            self.ask_advice(view)
            return None
        action = shortcut(answer, view)
        if action is None and answer == "b":
            for line in statistics_lines(self.connection.statistics(), self.connection.player().balance):
                self.screen.write(f"  {line}")
            return None
        action = action or parse(answer, view, announcements_of(view))
        if action is None:
            self.screen.write("  Not understood; ? shows the keys.")
            return None
        reason = refusal(action, view)
        if reason:
            self.screen.write(f"  Not possible: {reason}")
            return None
        return action

    def ask_advice(self, view: table_pb2.TableView) -> None:
        try:
            advice = self.connection.advice(self.table)
        except grpc.RpcError as error:
            if error.code() not in DECIDE_AGAIN and error.code() != grpc.StatusCode.UNAVAILABLE:
                raise
            self.screen.write(f"  No advice: {error.details()}")
            return
        self.write_advice(advice, view)

    def write_advice(self, advice: service_pb2.GetAdviceResponse, view: table_pb2.TableView) -> None:
        for line in self.screen.advice(advice, view):
            self.screen.write(f"  {line}")

    def show_last_trick(self, view: table_pb2.TableView) -> None:
        if view.tricks:
            self.screen.write(f"  Last trick: {self.screen.trick(view.tricks[-1], view)}")
        else:
            self.screen.write("  No trick has been completed in this deal yet.")

    # A market: trading while others are waited for ----------------------------------

    def trade(self, view: table_pb2.TableView) -> table_pb2.TableView | None:
        """In a market, take the player's move whenever he types it while following the
        table: his turn (turn up, sell, bid) may come with offers to answer, and his trades
        may come while others are waited for. The view once he moved or the market is no
        longer his; None if he left."""
        self.ask_in_market(view)
        feed = EventFeed(self.connection, self.table, self.shown_sequence)
        try:
            while True:
                answer = self.keyboard.poll_line(_POLL_SECONDS)
                if answer is not None and answer.strip():
                    if answer.strip().lower() == "q":
                        self.connection.leave(self.table)
                        self.screen.write("You left the table; a computer player plays on for you.")
                        return None
                    action = self.understand(answer.strip().lower(), view)
                    if action is not None:
                        return self.submit(view, action)
                fresh = self.follow(feed, view)
                if fresh is None:
                    continue
                view = fresh
                self.show(view)
                if not in_market(view):
                    return view
                self.ask_in_market(view)
        finally:
            feed.stop()

    def ask_in_market(self, view: table_pb2.TableView) -> None:
        self.offer_calls(view)
        if not is_my_turn(view):
            self.screen.write(TRADE_PROMPT)
            return
        clock = clock_line(view)
        if clock:
            self.screen.write(clock)
        self.screen.write(prompt(view))

    def submit(self, view: table_pb2.TableView, action: actions_pb2.Action) -> table_pb2.TableView:
        """Send a move; a refusal is said and the fresh table drawn instead."""
        try:
            moved = self.connection.submit(view, action)
        except grpc.RpcError as error:
            if error.code() not in DECIDE_AGAIN:
                raise
            if error.code() == grpc.StatusCode.ABORTED:
                self.screen.write("  The table changed before your move arrived; decide again on it:")
            else:
                self.screen.write(f"  Refused: {error.details()}")
            moved = self.connection.get(self.table)
        self.show(moved)
        return moved

    # Others' turns -------------------------------------------------------------------

    def wait_for_turn(self, view: table_pb2.TableView) -> table_pb2.TableView:
        """Follow the event stream until the player must act or the table ends."""
        checked = view.version
        with contextlib.closing(self.connection.watch(self.table, self.shown_sequence)) as events:
            for event in events:
                if event.sequence > self.shown_sequence:
                    self.screen.narrate(event, view)
                # Several events may come from one change (a card, the trick it completes,
                # the settlement); one look at the table per change is enough.
                if event.table_version <= checked:
                    continue
                view = self.connection.get(self.table)
                checked = view.version
                if is_my_turn(view) or has_ended(view) or self.is_new_stage(view):
                    self.show(view)
                else:
                    self.screen.show_status(view)
                if is_my_turn(view) or has_ended(view):
                    return view
        return self.connection.get(self.table)

    def wait_for_comparison(self) -> table_pb2.TableView:
        """At a daily deal's settlement (or its end): follow the events until the strong
        computer's result for the deal arrives, then draw the table with it."""
        self.screen.write("The strong computer plays the deal from your seat ...")
        backoff = Backoff()
        while True:
            compared = False
            with contextlib.closing(self.connection.watch(self.table, self.shown_sequence)) as events:
                for event in events:
                    if event.HasField("daily_deal_compared"):
                        compared = True
                        break
            view = self.connection.get(self.table)
            self.show(view)
            if not comparison_pending(view):
                return view
            if not compared:
                # The stream ended without the result (a server that ends a finished table's
                # stream at once): look again after a pause, never in a tight loop.
                backoff.pause()

    def is_new_stage(self, view: table_pb2.TableView) -> bool:
        """A new deal, the end of the bidding, a settlement: worth a full drawing."""
        shown = self.shown_view
        return view.phase != shown.phase or view.deal_number != shown.deal_number


def comparison_pending(view: table_pb2.TableView) -> bool:
    """A daily deal whose settled deal the strong computer has not yet played again."""
    deals = view.daily.deals
    settled = view.phase in (table_pb2.TABLE_PHASE_SETTLEMENT, table_pb2.TABLE_PHASE_FINISHED)
    return settled and bool(deals) and not deals[-1].HasField("computer_score")


class EventFeed:
    """The table's events read on a thread, so that the player can type while they come."""

    def __init__(self, connection: Connection, table: str, after: int) -> None:
        self.events: queue.Queue[table_pb2.TableEvent | grpc.RpcError] = queue.Queue()
        self.stopped = threading.Event()
        self.calls: list[Any] = []
        self.thread = threading.Thread(target=self._read, args=(connection, table, after), daemon=True)
        self.thread.start()

    def take(self) -> list[table_pb2.TableEvent]:
        """The events that came since the last call; a broken stream's error is raised."""
        events = []
        while not self.events.empty():
            event = self.events.get()
            if isinstance(event, grpc.RpcError):
                raise event
            events.append(event)
        return events

    def stop(self) -> None:
        self.stopped.set()
        for call in list(self.calls):
            call.cancel()
        self.thread.join()

    def _read(self, connection: Connection, table: str, after: int) -> None:
        try:
            for event in connection.watch(table, after, opened=self._opened):
                if self.stopped.is_set():
                    return
                self.events.put(event)
        except grpc.RpcError as error:
            if not self.stopped.is_set():
                self.events.put(error)

    def _opened(self, call: Any) -> None:
        self.calls.append(call)
        if self.stopped.is_set():  # stopped before this stream opened
            call.cancel()


def in_market(view: table_pb2.TableView) -> bool:
    """A market in a deal where the player has a move: his turn, or trades he may make."""
    deal = view.phase == table_pb2.TABLE_PHASE_IN_DEAL_OTHER
    return is_market(view) and deal and (is_my_turn(view) or may_trade(view))


def announcements_of(view: table_pb2.TableView) -> list[table_pb2.ActionChoice]:
    """The game's own actions (in its block of the contract): announcements in Baśka/Kop,
    a market's moves in Speculation."""
    return [choice for choice in view.choices if choice.action.WhichOneof("kind") == view.game]


def prompt(view: table_pb2.TableView) -> str:
    if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
        return "Enter to continue (q: leave) > "
    if view.phase == table_pb2.TABLE_PHASE_BIDDING:
        return "Your call > "
    if view.phase == table_pb2.TABLE_PHASE_IN_DEAL_OTHER and not view.hand:
        return "Your move (a<n> [chips] [cards], ?: keys) > "
    return f"Your card (1-{len(view.hand)}, l: last trick) > "


def calls_line(view: table_pb2.TableView, announcements: list[table_pb2.ActionChoice]) -> str:
    """The choices besides cards and continuing, with their keys; greyed ones marked × (picking
    one says why)."""

    def listed(key: str, choice: table_pb2.ActionChoice) -> str:
        return f"{key}) {choice.label}{'' if choice.allowed else ' ×'}"

    parts = [
        listed(choice.shortcut or "p", choice)
        for choice in view.choices
        if choice.action.HasField("pass_turn")
    ]
    parts += [
        listed(choice.shortcut or "d", choice)
        for choice in view.choices
        if choice.action.HasField("give_double")
    ]
    parts += [
        listed(choice.shortcut or f"a{number}", choice) for number, choice in enumerate(announcements, 1)
    ]
    return "  ".join(parts)


def shortcut(answer: str, view: table_pb2.TableView) -> actions_pb2.Action | None:
    """The call whose key, named by the game, is ``answer``; None if none has it. A call
    that cannot be taken now leaves the client's own key (b, the balance) to the client."""
    if not answer or view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
        return None
    choice = next((choice for choice in view.choices if choice.shortcut == answer), None)
    if choice is None or (not choice.allowed and answer == "b"):
        return None
    return choice.action


def parse(
    answer: str, view: table_pb2.TableView, announcements: list[table_pb2.ActionChoice]
) -> actions_pb2.Action | None:
    """The action a key stands for in this phase; None if it stands for none."""
    if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
        return CONTINUE if answer == "" else None
    offered = {choice.action.WhichOneof("kind") for choice in view.choices}
    if answer == "p" and "pass_turn" in offered:
        return PASS
    if answer == "d" and "give_double" in offered:
        return DOUBLE
    key, *numbers = answer.split()
    number = key[1:]
    if key.startswith("a") and number.isdigit() and 1 <= int(number) <= len(announcements):
        listed = announcements[int(number) - 1].action
        if not numbers:
            return listed
        if not all(word.isdigit() for word in numbers):
            return None
        return priced(listed, [int(word) for word in numbers], view)
    if view.phase == table_pb2.TABLE_PHASE_BIDDING:
        return None
    if answer.isdigit() and 1 <= int(answer) <= len(view.hand):
        card = view.hand[int(answer) - 1].card
        return actions_pb2.Action(play_card=actions_pb2.PlayCardAction(card=card))
    return None


def refusal(action: actions_pb2.Action, view: table_pb2.TableView) -> str:
    """The server's reason why a move is greyed out, so the player needs no round trip. A
    bid or offer at the player's own price is judged by its listed choice; the server
    checks the price."""
    if action.HasField("play_card"):
        held = next((held for held in view.hand if held.card == action.play_card.card), None)
        return "" if held is None or held.playable else held.reason
    choice = next((choice for choice in view.choices if same_move(choice.action, action)), None)
    if choice is None:
        return "that is not offered now"
    return "" if choice.allowed else choice.reason
