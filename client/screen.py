"""Drawing a table on the terminal: snapshots, event lines, the legend.

Everything here turns contract messages into text and nothing else: no calls, no rules.
The server already writes every text of a view (labels, reasons, settlement lines) with
the players' names and the pack the request asked for; the client only names the
structured ``Card`` messages itself, in the same pack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from client.market import holding_lines, is_market, market_lines, seat_market
from speedgamez.v1 import actions_pb2, cards_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

SYMBOL_SUITS = {
    cards_pb2.SUIT_CLUBS: "♣",
    cards_pb2.SUIT_SPADES: "♠",
    cards_pb2.SUIT_HEARTS: "♥",
    cards_pb2.SUIT_DIAMONDS: "♦",
}
SYMBOL_RANKS = {
    cards_pb2.RANK_ACE: "A",
    cards_pb2.RANK_KING: "K",
    cards_pb2.RANK_QUEEN: "Q",
    cards_pb2.RANK_JACK: "J",
}
# The Bavarian pack, as the server writes it for CARD_NAMES_BAVARIAN ("Eichel Ober").
BAVARIAN_SUITS = {
    cards_pb2.SUIT_CLUBS: "Eichel",
    cards_pb2.SUIT_SPADES: "Gras",
    cards_pb2.SUIT_HEARTS: "Herz",
    cards_pb2.SUIT_DIAMONDS: "Schellen",
}
BAVARIAN_RANKS = {
    cards_pb2.RANK_ACE: "Sau",
    cards_pb2.RANK_KING: "König",
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
LEGEND = (
    "Badges: G Geber (deals)  A Alter (the Old: a black queen, or Wesele)  J Junger (the Young)  "
    "P Partner (of the Wesele)  ♛ plays alone"
)
# The latest calls a market's drawing lists.
MARKET_CALLS_SHOWN = 6
DOUBLE_STATUS = {
    table_pb2.DOUBLE_STATUS_UNKNOWN: " (counts: not known yet)",
    table_pb2.DOUBLE_STATUS_COUNTS: " (counts)",
    table_pb2.DOUBLE_STATUS_STRUCK: " (struck)",
    table_pb2.DOUBLE_STATUS_CLEARED: " (cleared)",
}
PHASES = {
    table_pb2.TABLE_PHASE_WAITING_FOR_PLAYERS: "waiting for players",
    table_pb2.TABLE_PHASE_BIDDING: "bidding",
    table_pb2.TABLE_PHASE_PLAYING: "trick play",
    table_pb2.TABLE_PHASE_SETTLEMENT: "settlement",
    table_pb2.TABLE_PHASE_FINISHED: "finished",
    table_pb2.TABLE_PHASE_CLOSED: "closed",
    table_pb2.TABLE_PHASE_IN_DEAL_OTHER: "in the deal",  # the view's deal_phase names it
}


def is_my_turn(view: table_pb2.TableView) -> bool:
    return view.HasField("viewer_seat") and view.viewer_seat in view.to_act_seats


def has_ended(view: table_pb2.TableView) -> bool:
    return view.phase in (table_pb2.TABLE_PHASE_FINISHED, table_pb2.TABLE_PHASE_CLOSED)


@dataclass(frozen=True)
class Titles:
    """How the server names its games and rule sets (ListGames); an id it names nothing for
    stands for itself."""

    games: Mapping[str, str]
    rule_sets: Mapping[tuple[str, str], str]

    @classmethod
    def listed(cls, games: Iterable[service_pb2.GameInfo]) -> Titles:
        listed = list(games)
        return cls(
            {game.id: game.title for game in listed},
            {(game.id, rule_set.id): rule_set.title for game in listed for rule_set in game.rule_sets},
        )

    def game(self, game: str) -> str:
        return self.games.get(game) or game

    def rule_set(self, game: str, rule_set: str) -> str:
        return self.rule_sets.get((game, rule_set)) or rule_set


def options_line(rule_set_title: str, options: Mapping[str, str]) -> str:
    """The table's settings as players say them: ``Kop · Liga-Werte · 8 deals``."""
    parts = [rule_set_title]
    if options.get("liga_values") == "true":
        parts.append("Liga-Werte")
    if options.get("deals"):
        parts.append(f"{options['deals']} deals")
    return " · ".join(parts)


class Screen:
    """Draws views and events; remembers what it drew so that nothing is drawn twice."""

    def __init__(self, german: bool, titles: Titles, write: Callable[[str], None] = print) -> None:
        self.german = german
        self.titles = titles
        self.write = write
        self.drawn: list[str] = []  # the body of the last view drawn
        self.status = ""  # the last status line written

    # Cards -----------------------------------------------------------------------

    def card(self, card: cards_pb2.Card) -> str:
        """A card in the player's pack: ``♣Q`` or ``Eichel Ober``."""
        if self.german:
            rank = BAVARIAN_RANKS.get(card.rank, str(card.rank))
            return f"{BAVARIAN_SUITS.get(card.suit, '?')} {rank}"
        return SYMBOL_SUITS.get(card.suit, "?") + SYMBOL_RANKS.get(card.rank, str(card.rank))

    def trick(self, trick: table_pb2.Trick, view: table_pb2.TableView) -> str:
        played = ", ".join(f"{name(view, card.seat)}: {self.card(card.card)}" for card in trick.cards)
        if trick.HasField("winner_seat"):
            played += f"  → {name(view, trick.winner_seat)} takes {count(trick.points, 'point')}"
        return played

    # Whole views -----------------------------------------------------------------

    def show(self, view: table_pb2.TableView) -> None:
        """Draw ``view`` unless it looks exactly like the last one drawn; then its status."""
        body = self.render(view)
        if body != self.drawn:
            self.write("")
            for line in body:
                self.write(line)
            self.drawn = body
            self.status = ""
        self.show_status(view)

    def show_status(self, view: table_pb2.TableView) -> None:
        """One line saying whom the table waits for, written only when it changes.

        Kept out of the drawing so that a change of turn alone (another player
        continuing after a settlement) does not draw the whole table again.
        """
        status = status_line(view)
        if status and status != self.status:
            self.write(status)
        self.status = status

    def render(self, view: table_pb2.TableView) -> list[str]:
        lines = [self.header(view)]
        if view.phase == table_pb2.TABLE_PHASE_WAITING_FOR_PLAYERS:
            lines += [f"  {seat_line(seat, view.score_unit, playing=False)}" for seat in view.seats]
            return lines
        if view.trump_ladder:
            lines.append("Trumps, high to low (* yours, x played): " + self.ladder(view))
        unit = view.score_unit
        if is_market(view):
            lines += [
                f"  {seat_line(seat, unit, market=seat_market(view, seat.seat))}" for seat in view.seats
            ]
        else:
            lines += [f"  {seat_line(seat, unit)}" for seat in view.seats]
        if view.counters:
            lines.append("  " + " · ".join(f"{counter.label}: {counter.value}" for counter in view.counters))
        if view.party_points:
            parties = " · ".join(
                f"{party.label} ({', '.join(name(view, seat) for seat in party.seats)}) {party.card_points}"
                for party in view.party_points
            )
            lines.append(f"  Card points: {parties}")
        lines += [
            f"  {name(view, seat.seat)} shows: {', '.join(self.card(card) for card in seat.shown_cards)}"
            for seat in view.seats
            if seat.shown_cards
        ]
        lines += [
            f"  {name(view, seat.seat)} holds (open, learning game): "
            + ", ".join(self.card(card) for card in seat.open_hand)
            for seat in view.seats
            if seat.open_hand
        ]
        lines += [
            f"  {name(view, seat.seat)} declared: {declaration.label}"
            for seat in view.seats
            for declaration in seat.declarations
        ]
        lines += self.bidding(view)
        if is_market(view):
            lines += market_lines(view, self.card)
        if view.current_trick.cards:
            lines.append(f"Trick: {self.trick(view.current_trick, view)}")
        elif view.tricks and view.phase != table_pb2.TABLE_PHASE_BIDDING:
            # The trick the player's own card completed is shown here, not narrated.
            lines.append(f"Last trick: {self.trick(view.tricks[-1], view)}")
        if view.HasField("settlement"):
            lines += self.settlement(view.settlement, view)
        if view.HasField("daily") and view.daily.deals:
            lines += daily_lines(view.daily, view.score_unit)
        if view.hand:
            lines += self.hand(view)
        return lines

    def header(self, view: table_pb2.TableView) -> str:
        where = PHASES.get(view.phase, "")
        if view.phase == table_pb2.TABLE_PHASE_IN_DEAL_OTHER and view.deal_phase:
            where = view.deal_phase
        if view.deal_number:
            where = f"deal {view.deal_number}" + (
                f" of {view.deals_total}" if view.deals_total else f", to {view.target_points} points"
            )
            if view.contract.label:
                contract = view.contract.label
                if view.contract.HasField("declarer_seat"):
                    contract += f" by {name(view, view.contract.declarer_seat)}"
                where += f" · {contract}"
        title = self.titles.rule_set(view.game, view.rule_set)
        return f"=== {options_line(title, view.options)} | {where} ==="

    def ladder(self, view: table_pb2.TableView) -> str:
        return ", ".join(
            ("*" if rung.own else "") + ("x" if rung.fallen else "") + self.card(rung.card)
            for rung in view.trump_ladder
        )

    def bidding(self, view: table_pb2.TableView) -> list[str]:
        lines = []
        calls = list(view.calls)
        if is_market(view) and len(calls) > MARKET_CALLS_SHOWN:
            # A market's deal hears many calls; the latest tell where it stands.
            lines.append(f"  ({len(calls) - MARKET_CALLS_SHOWN} earlier calls)")
            calls = calls[-MARKET_CALLS_SHOWN:]
        for call in calls:
            status = DOUBLE_STATUS.get(call.double_status, "")
            note = f": {call.status_note}" if call.status_note else ""
            reason = f" — {call.reason}" if call.reason else ""
            what = "" if is_market(view) else "bid: "
            lines.append(f"  {what}{name(view, call.seat)}: {call.label}{status}{note}{reason}")
        return lines

    def settlement(self, settlement: table_pb2.Settlement, view: table_pb2.TableView) -> list[str]:
        lines = [f"Settlement: {settlement.summary}"]
        for step in settlement.steps:
            struck = f"  [struck: {step.note}]" if step.struck else ""
            lines.append(f"    {step.label}{step_amount(step, view)}{struck}")
        for hand in settlement.hands:
            cards = ", ".join(self.card(card) for card in hand.cards) or "no card shown"
            score = settlement.scores[hand.seat] if hand.seat < len(settlement.scores) else 0
            lines.append(
                f"    {name(view, hand.seat)} had {cards}: {amount(score, view.score_unit, signed=True)}"
            )
        return lines

    def hand(self, view: table_pb2.TableView) -> list[str]:
        # Reasons matter only when the player is about to choose a card; at other times
        # every card would carry "it is not your turn".
        choosing = view.phase == table_pb2.TABLE_PHASE_PLAYING and is_my_turn(view)
        lines = ["Your hand:"]
        for number, held in enumerate(view.hand, 1):
            mark = f"  × {held.reason}" if choosing and not held.playable else ""
            lines.append(f"  {number}) {self.card(held.card)}{mark}")
        return lines

    def advice(self, advice: service_pb2.GetAdviceResponse, view: table_pb2.TableView) -> list[str]:
        """What the strong computer would do, why, and how each call or card fares."""
        recommended = self.action_label(advice.recommended_action, view)
        if advice.HasField("holding"):
            considered = "counting every card turned up since the shuffle"
        elif advice.exact:
            considered = "every deal still possible"
        else:
            considered = f"{advice.deals_considered} sampled deals"
        lines = [f"Advice of the strong computer ({considered}): {recommended} — {advice.reason}"]
        if advice.HasField("holding"):
            lines += holding_lines(advice.holding, view)
        lines += [
            f"    {call.label}: wins {call.win_chance:.0%}, {call.mean_score:+.1f} on average"
            for call in advice.calls
        ]
        lines += [
            f"    {self.card(card.card)}: wins in {card.winning_deals} of {advice.deals_considered} deals"
            for card in advice.cards
        ]
        return lines

    def action_label(self, action: actions_pb2.Action, view: table_pb2.TableView) -> str:
        if action.HasField("play_card"):
            return self.card(action.play_card.card)
        if not action.WhichOneof("kind"):
            return "nothing"
        return next((choice.label for choice in view.choices if choice.action == action), "?")

    # Events ----------------------------------------------------------------------

    def narrate(self, event: table_pb2.TableEvent, view: table_pb2.TableView) -> None:
        """One line for what another player did; snapshots show the rest."""
        kind = event.WhichOneof("kind")
        # The player's own moves are on screen already, unless the clock made them.
        if kind == "action_taken" and (
            event.action_taken.seat != view.viewer_seat or event.action_taken.reason
        ):
            taken = event.action_taken
            what = (
                self.card(taken.action.play_card.card) if taken.action.HasField("play_card") else taken.label
            )
            reason = f" — {taken.reason}" if taken.reason else ""
            self.write(f"  {name(view, taken.seat)}: {what}{reason}")
        elif kind == "trick_completed":
            self.write(f"  Trick: {self.trick(event.trick_completed.trick, view)}")
        elif kind == "seat_changed":
            self.write(f"  {event.seat_changed.description}")
        elif kind == "table_closed":
            self.write(f"  The table closed: {event.table_closed.description}")


def daily_lines(daily: table_pb2.DailyDealView, unit: table_pb2.ScoreUnit) -> list[str]:
    """Each deal of a daily deal beside the strong computer's result from the same seat."""
    lines = [f"Daily deal of {daily.date}, compared with the strong computer in your seat:"]
    for deal in daily.deals:
        yours = amount(deal.your_score, unit, signed=True)
        if deal.HasField("computer_score"):
            difference = amount(deal.your_score - deal.computer_score, unit, signed=True)
            computer = amount(deal.computer_score, unit, signed=True)
            lines.append(f"  deal {deal.deal_number}: you {yours}, the computer {computer} ({difference})")
        else:
            lines.append(f"  deal {deal.deal_number}: you {yours}; the computer is still playing it")
    lines.append(f"  so far: {amount(daily.difference, unit, signed=True)}")
    return lines


def name(view: table_pb2.TableView, seat: int) -> str:
    return view.seats[seat].player_name if 0 <= seat < len(view.seats) else "?"


def seat_line(
    seat: table_pb2.SeatView, unit: table_pb2.ScoreUnit, playing: bool = True, market: str = ""
) -> str:
    """A seat's line, its total in ``unit``; ``market`` replaces cards, tricks and points in a
    market (its face-down cards and chips)."""
    if seat.open:
        return "(open seat: waiting for a player)"
    you = " (you)" if seat.is_viewer else ""
    if not playing:
        return f"{seat.player_name}{you}"
    badges = "".join(BADGES.get(badge, "?") for badge in seat.badges)
    away = " (away)" if seat.away else ""
    total = amount(seat.total_score, unit, signed=True)
    if market:
        return f"[{badges:<2}] {seat.player_name}{you}{away}: {market}, total {total}"
    counters = "".join(f", {counter.label} {counter.value}" for counter in seat.counters)
    return (
        f"[{badges:<2}] {seat.player_name}{you}{away}: {count(seat.cards_in_hand, 'card')}, "
        f"{count(seat.tricks_won, 'trick')}, {count(seat.card_points, 'point')}, total {total}"
        f"{counters}"
    )


def count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def amount(value: int, unit: table_pb2.ScoreUnit, signed: bool = False) -> str:
    """An amount with the unit the table counts in: "40 points", "+1 cent"."""
    number = f"{value:+d}" if signed else str(value)
    word = unit.one if abs(value) == 1 else unit.many
    return f"{number} {word}" if word else number


def status_line(view: table_pb2.TableView) -> str:
    """Whom the table waits for, when that is another human; empty otherwise."""
    if view.phase == table_pb2.TABLE_PHASE_WAITING_FOR_PLAYERS:
        missing = sum(1 for seat in view.seats if seat.open)
        return f"Waiting for {missing} more player{'s' if missing != 1 else ''} to join."
    if is_my_turn(view) or has_ended(view):
        return ""
    humans = [
        seat.player_name
        for seat in view.seats
        if seat.seat in view.to_act_seats
        and seat.kind == table_pb2.SEAT_KIND_HUMAN
        and seat.level == table_pb2.COMPUTER_LEVEL_UNSPECIFIED
    ]
    if not humans:
        return ""
    doing = " to continue" if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT else ""
    left = seconds_left(view)
    clock = "" if left is None else f" ({left} s on the clock)"
    return f"Waiting for {' and '.join(humans)}{doing}{clock}."


def seconds_left(view: table_pb2.TableView) -> int | None:
    """Whole seconds until the move clock runs out, as the server counted when it made the
    view (so the client's own clock does not matter); None while it does not run."""
    if not view.HasField("deadline_time"):
        return None
    left_ms = view.deadline_time.ToMilliseconds() - view.server_time.ToMilliseconds()
    return max(0, -(-left_ms // 1000))


def clock_line(view: table_pb2.TableView) -> str:
    """The player's own clock before a decision; empty without one."""
    left = seconds_left(view)
    if left is None:
        return ""
    seat = view.seats[view.viewer_seat]
    away = " You are away: the computer moved for you twice in a row." if seat.away else ""
    return f"{left} s on the clock; then the computer moves for you.{away}"


def step_amount(step: table_pb2.SettlementStep, view: table_pb2.TableView) -> str:
    """What a settlement line does, as ": 20 points", ": ×2", ": +10 points for Anna" or, for
    a payment (its label names payer and payee), ": 30 cents"; nothing for a note."""
    unit = view.score_unit
    if step.operation in (table_pb2.SETTLEMENT_OPERATION_BASE, table_pb2.SETTLEMENT_OPERATION_PAY):
        return f": {amount(step.amount, unit)}"
    if step.operation == table_pb2.SETTLEMENT_OPERATION_MULTIPLY:
        return f": ×{step.amount}"
    if step.operation == table_pb2.SETTLEMENT_OPERATION_ADD:
        seats = f" for {' and '.join(name(view, seat) for seat in step.seats)}" if step.seats else ""
        return f": {amount(step.amount, unit, signed=True)}{seats}"
    return ""
