"""A table as the service keeps it: configuration, seats, status and the match.

A table is event-sourced. Its configuration is fixed at creation; every later change is
one entry of its action log (``server.table_log``), applied by ``TableRecord.apply`` and
nowhere else, so replaying the log from the configuration rebuilds the stored state
exactly.

A table's status goes from waiting (for human players) to playing to finished, or to
closed when everybody leaves before the match starts or the creator stops a table of
computers only.

A table gives its players leaderboard points and statistics as its match goes on: each
settled deal, the end of the match (the place bonus) and leaving a running match with
other people each add ``Award`` values to the record, so that the awards are as
durable and as replayable as the state; ``server.board`` brings them onto the
leaderboards once each.

A table may have a move clock (``think_seconds``), and a game may have its own limit for
a decision (``Game.deadline``, a market's pace): the people it waits for then have a
deadline, kept beside the state (``deadline_ms``, set by the write path from the server's
clock, ``server.clock``); when it passes, an ``Expire`` entry makes the computer's moves
for them. A seat that timed out twice in a row is away until its player acts again.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

import orjson

from engine.actions import Action, PlayCard
from engine.errors import IllegalActionError
from engine.game import (
    PUBLIC,
    Audience,
    BiddingEnded,
    Deadline,
    DealResult,
    Game,
    GameNotice,
    JsonValue,
    MatchLength,
    TrickCompleted,
)
from engine.match import DealSettled, DealStarted, HandDealt, Match, MatchEvent, MatchFinished, MatchPhase
from engine.registry import get_game
from server import convert
from server.awards import (
    DEALS_PLAYED,
    DEALS_WON,
    MATCHES_LEFT,
    MATCHES_PLAYED,
    MATCHES_WON,
    Award,
    DailyDeal,
)
from server.table_log import Act, Again, Close, Compare, Expire, Join, Leave, LogEntry, SeatKind, Stop
from speedgamez.v1 import table_pb2


@dataclass(frozen=True)
class ClockWait:
    """What the move clock runs for: the people ``seats`` the table waits for, in the
    settlement after deal ``deals_played`` or in the deal after it; ``away`` when every
    one of them is away."""

    settling: bool
    deals_played: int
    seats: frozenset[int]
    away: bool
    # The game's own limit for the decision (a market's pace), when it has one: seconds
    # per decision and what the decision is; else the table's think time runs.
    own: Deadline | None = None


@dataclass(frozen=True)
class Happened:
    """An event of a change to the table, and who may see it."""

    event: table_pb2.TableEvent
    audience: Audience
    # The event with the secret the game keeps out of ``event`` (a card given face down,
    # the part of its deal a seat has not seen yet), for a replay once the match is over;
    # never sent or stored as an event.
    unredacted: table_pb2.TableEvent | None = None


class TableStatus(StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"
    CLOSED = "closed"

    @property
    def over(self) -> bool:
        return self in (TableStatus.FINISHED, TableStatus.CLOSED)


@dataclass
class Seat:
    """Who plays a seat. A human who leaves during a match is replaced by the computer."""

    kind: SeatKind
    level: str = "easy"
    player_id: str | None = None
    name: str = ""
    left: bool = False
    # Moves the clock made for this seat since its player last acted.
    timeouts: int = 0

    @property
    def open(self) -> bool:
        return self.kind is SeatKind.HUMAN and self.player_id is None and not self.left

    @property
    def played_by_computer(self) -> bool:
        return self.kind is SeatKind.COMPUTER or self.left

    @property
    def away(self) -> bool:
        """The clock acted for this seat twice in a row: its think time shrinks to the grace."""
        return self.timeouts >= 2

    def display_name(self, index: int) -> str:
        if self.kind is SeatKind.COMPUTER:
            return f"Computer {index} ({self.level})"
        if self.left:
            return f"{self.name} (left; computer plays on)"
        return self.name

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "level": self.level,
            "player_id": self.player_id,
            "name": self.name,
            "left": self.left,
            "timeouts": self.timeouts,
        }


@dataclass(frozen=True)
class TableConfig:
    """Fixed at creation. ``options`` holds every option, defaults included;
    ``think_seconds`` is the move clock's think time per decision (0: no clock)."""

    game: str
    rule_set: str
    options: dict[str, str]
    seats: tuple[tuple[SeatKind, str], ...]
    seed: int
    created_by: str
    think_seconds: int = 0
    # A learning game: the computers' cards open to the one person, advice unasked, and
    # nothing counts for the leaderboards or statistics.
    learning: bool = False
    # A daily deal: its calendar day ("2026-12-01"); empty at every other table.
    daily: str = ""
    # Views carry the running card points of each party.
    count_points: bool = False
    # Chips each person pays into the pot on taking a seat (0: no stake).
    stake: int = 0

    def to_json(self) -> str:
        return json_text(
            {
                "game": self.game,
                "rule_set": self.rule_set,
                "options": self.options,
                "seats": [list(seat) for seat in self.seats],
                "seed": self.seed,
                "created_by": self.created_by,
                "think_seconds": self.think_seconds,
                "learning": self.learning,
                "daily": self.daily,
                "count_points": self.count_points,
                "stake": self.stake,
            }
        )

    @staticmethod
    def from_json(text: str | bytes) -> TableConfig:
        data = orjson.loads(text)
        return TableConfig(
            game=data["game"],
            rule_set=data["rule_set"],
            options=data["options"],
            seats=tuple((SeatKind(kind), level) for kind, level in data["seats"]),
            seed=data["seed"],
            created_by=data["created_by"],
            think_seconds=data.get("think_seconds", 0),
            learning=data.get("learning", False),
            daily=data.get("daily", ""),
            count_points=data.get("count_points", False),
            stake=data.get("stake", 0),
        )


@dataclass
class TableRecord:
    id: str
    config: TableConfig
    seats: list[Seat]
    status: TableStatus = TableStatus.WAITING
    match: Match | None = None
    version: int = 0
    event_seq: int = 0
    # When the move clock runs out for the people the table waits for (server time, ms);
    # kept beside the state, not in it: replaying the log needs no clock.
    deadline_ms: int | None = None
    # Leaderboard points and statistics the match gave, oldest first (``server.board``
    # applies each once, by its place in this list).
    awards: list[Award] = field(default_factory=list)
    # A daily deal's deals, as they are dealt and compared.
    daily_deals: list[DailyDeal] = field(default_factory=list)
    # The id of the next match one of the people opened after this one ended ("": none).
    next_table: str = ""
    game: Game[Any, Any] = field(init=False, repr=False)
    # The game's options, parsed from ``config`` once (``_options``).
    parsed_options: Any = field(default=None, init=False, repr=False, compare=False)
    # The awards' JSON joined, and how many awards it holds (``_awards_json``).
    joined_awards: tuple[int, bytes] = field(default=(0, b""), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.game = get_game(self.config.game)

    # Construction ------------------------------------------------------------------

    @classmethod
    def new(cls, table_id: str, config: TableConfig) -> tuple[TableRecord, list[Happened]]:
        """A fresh table; a table without human seats starts its match at once."""
        seats = [Seat(kind, level) for kind, level in config.seats]
        record = cls(table_id, config, seats)
        events = record._start_if_full()
        return record, events

    @classmethod
    def restore(
        cls, table_id: str, config: TableConfig, state_json: str | bytes, version: int, event_seq: int
    ) -> TableRecord:
        state = orjson.loads(state_json)
        seats = [Seat(**{**seat, "kind": SeatKind(seat["kind"])}) for seat in state["seats"]]
        record = cls(table_id, config, seats, TableStatus(state["status"]))
        record.version, record.event_seq = version, event_seq
        record.awards = [Award.from_dict(award) for award in state.get("awards", [])]
        record.daily_deals = [DailyDeal(**deal) for deal in state.get("daily_deals", [])]
        record.next_table = state.get("next_table", "")
        if state["match"] is not None:
            record.match = Match.restore(
                record.game, record._options(), len(record.seats), config.seed, state["match"]
            )
        return record

    @classmethod
    def replay(cls, table_id: str, config: TableConfig, entries: list[LogEntry]) -> TableRecord:
        """Rebuild a table from its configuration and action log."""
        record, _ = cls.new(table_id, config)
        for entry in entries:
            record.apply(entry)
        return record

    def state_json(self) -> str:
        return json_text(
            {
                "seats": [seat.to_dict() for seat in self.seats],
                "status": self.status,
                "match": self.match.snapshot() if self.match is not None else None,
                "awards": orjson.Fragment(b"[" + self._awards_json() + b"]"),
                "daily_deals": [deal.to_dict() for deal in self.daily_deals],
                "next_table": self.next_table,
            }
        )

    # Queries -----------------------------------------------------------------------

    def seat_of(self, player_id: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.player_id == player_id and not seat.left:
                return index
        return None

    def computer_turns(self) -> list[int]:
        """Seats a computer player must act for now."""
        if self.match is None or self.status is not TableStatus.PLAYING:
            return []
        return sorted(seat for seat in self.match.to_act() if self.seats[seat].played_by_computer)

    def clock_wait(self) -> ClockWait | None:
        """What the move clock runs for now: the people the table waits for; None without a
        clock (no think time, and no game's own limit or only one person at the table) or
        when it waits for no person."""
        match = self.match
        if match is None or self.status is not TableStatus.PLAYING:
            return None
        # A game's own pace keeps people from holding each other up: a person alone against
        # computers holds up nobody, and has only the think time he chose.
        people = sum(1 for seat in self.seats if seat.kind is SeatKind.HUMAN and not seat.left)
        own = match.deadline() if people > 1 else None
        if not self.config.think_seconds and own is None:
            return None
        seats = frozenset(seat for seat in match.to_act() if not self.seats[seat].played_by_computer)
        if not seats:
            return None
        settling = match.phase is MatchPhase.SETTLEMENT
        away = all(self.seats[seat].away for seat in seats)
        return ClockWait(settling, match.deals_played, seats, away, own)

    def learner_deciding(self) -> int | None:
        """At a learning table, the learner's seat while the deal waits for his decision."""
        match = self.match
        if not self.config.learning or match is None or self.status is not TableStatus.PLAYING:
            return None
        if match.phase is not MatchPhase.DEAL:
            return None
        return next(
            (seat for seat in sorted(match.to_act()) if not self.seats[seat].played_by_computer), None
        )

    def awaits_computer(self) -> bool:
        """Whether a worker has work at this table: a computer's move, or a daily deal's
        deal to play again."""
        return bool(self.computer_turns() or self.shadows_due())

    def shadows_due(self) -> list[int]:
        """A daily deal's settled deals the strong computer has not yet played again."""
        return [deal.number for deal in self.daily_deals if deal.score is not None and deal.computer is None]

    def daily_seat(self) -> int:
        """The player's seat at a daily deal: its one human seat."""
        return next(index for index, seat in enumerate(self.seats) if seat.kind is SeatKind.HUMAN)

    def daily_complete(self) -> bool:
        """Every deal of a finished daily deal is compared."""
        return (
            bool(self.config.daily)
            and self.status is TableStatus.FINISHED
            and all(deal.computer is not None for deal in self.daily_deals)
        )

    def events_ended(self) -> bool:
        """No event will come any more: the table closed, or its match finished (at a daily
        deal, once every deal is compared with the strong computer)."""
        if self.status is TableStatus.CLOSED:
            return True
        return self.status is TableStatus.FINISHED and (not self.config.daily or self.daily_complete())

    def open_hands_for(self, viewer: int | None) -> bool:
        """Whether ``viewer`` sees the computers' cards: the learner at a learning table."""
        return (
            self.config.learning
            and viewer is not None
            and self.seats[viewer].kind is SeatKind.HUMAN
            and not self.seats[viewer].left
        )

    def computer_options(self) -> list[int]:
        """Seats a computer player may act for now, though nothing waits for them."""
        if self.match is None or self.status is not TableStatus.PLAYING:
            return []
        waited_for = self.match.to_act()
        return sorted(
            seat for seat in self.match.may_act() - waited_for if self.seats[seat].played_by_computer
        )

    def match_length(self) -> MatchLength:
        """The match's length with its deals counted: where each seat deals a number of
        times, that number for every seat of this table."""
        length = self.game.match_length(self._options())
        if length.deals_each:
            return replace(length, deals=length.deals_each * len(self.seats))
        return length

    # The one mutation --------------------------------------------------------------

    def apply(self, entry: LogEntry) -> list[Happened]:
        """Apply one log entry; raise an engine error (and change nothing) if it is not allowed.

        Returns the events it produced, without sequence numbers or times.
        """
        match entry:
            case Join(seat, player, name):
                return self._join(seat, player, name)
            case Leave(seat):
                return self._leave(seat)
            case Close():
                return self._close()
            case Stop():
                return self._stop()
            case Act(seat, action, by, note):
                return self._act(seat, action, note, by)
            case Expire(moves):
                return self._expire(moves)
            case Compare(deal, score):
                return self._compare(deal, score)
            case Again(table):
                return self._again(table)

    # Private helpers ---------------------------------------------------------------

    def _options(self) -> Any:
        # The configuration is fixed at creation: every view and move of the same record
        # reads the same options.
        if self.parsed_options is None:
            options = dict(self.config.options)
            rule_set = options.pop("rule_set", self.config.rule_set)
            self.parsed_options = self.game.parse_options(rule_set, options)
        return self.parsed_options

    def _awards_json(self) -> bytes:
        # The state, with every award of the match (a Kop match of four people ends with
        # 100), is written at every move; awards are only ever appended, so the JSON made
        # for the last write is extended by the awards added since.
        count, joined = self.joined_awards
        if count != len(self.awards):
            added = b",".join(award.stored_json for award in self.awards[count:])
            joined = joined + b"," + added if count else added
            self.joined_awards = (len(self.awards), joined)
        return joined

    def _join(self, seat: int, player_id: str, name: str) -> list[Happened]:
        if self.status is TableStatus.PLAYING and 0 <= seat < len(self.seats):
            occupant = self.seats[seat]
            if occupant.left and occupant.player_id == player_id:
                return self._come_back(seat, name)
        if self.status is TableStatus.CLOSED:
            raise IllegalActionError("everybody left this table before the match started; it is closed")
        if self.status is not TableStatus.WAITING:
            raise IllegalActionError("the match has started; there is no seat to take")
        if self.seat_of(player_id) is not None:
            raise IllegalActionError(f"you already sit at seat {self.seat_of(player_id)}")
        if not 0 <= seat < len(self.seats) or not self.seats[seat].open:
            open_seats = [index for index, candidate in enumerate(self.seats) if candidate.open]
            raise IllegalActionError(f"seat {seat} is not open; open seats: {open_seats}")
        self.seats[seat].player_id, self.seats[seat].name = player_id, name
        events = [self._seat_event(seat, f"{name} joined the table")]
        return events + self._start_if_full()

    def _come_back(self, seat: int, name: str) -> list[Happened]:
        """A player who left the running match takes his seat again from the computer."""
        occupant = self.seats[seat]
        occupant.left, occupant.name, occupant.timeouts = False, name, 0
        assert self.match is not None
        happened = self.match.set_human(seat, True)
        return [self._seat_event(seat, f"{name} is back at the table"), *self._events_of(happened)]

    def _leave(self, seat: int) -> list[Happened]:
        occupant = self.seats[seat]
        if self.status is TableStatus.WAITING:
            name = occupant.name
            occupant.player_id, occupant.name = None, ""
            events = [self._seat_event(seat, f"{name} left the table")]
            if all(other.player_id is None for other in self.seats):
                # Everybody left before the start: nobody is left to wait for.
                self.status = TableStatus.CLOSED
                closed = table_pb2.TableClosed(description="everybody left before the match started")
                events.append(Happened(table_pb2.TableEvent(table_closed=closed), PUBLIC))
            return events
        if self.status.over:
            raise IllegalActionError(f"the table is {self.status}; there is nothing to leave")
        occupant.left = True
        penalty = self.game.game_type.ranking.leave_penalty
        if self._counted() and self._people_besides(seat) and occupant.player_id is not None:
            self.awards.append(
                Award(
                    occupant.player_id,
                    occupant.name,
                    -penalty,
                    (MATCHES_LEFT,),
                    "left a match with other people",
                )
            )
        assert self.match is not None
        happened = self.match.set_human(seat, False)
        events = [self._seat_event(seat, f"{occupant.name} left; the computer plays on")]
        return events + self._events_of(happened)

    def _close(self) -> list[Happened]:
        if self.status is not TableStatus.WAITING or any(seat.player_id is not None for seat in self.seats):
            raise IllegalActionError("only a table nobody has taken a seat at can be withdrawn")
        self.status = TableStatus.CLOSED
        closed = table_pb2.TableClosed(description="the creator withdrew the table")
        return [Happened(table_pb2.TableEvent(table_closed=closed), PUBLIC)]

    def _stop(self) -> list[Happened]:
        if self.status is not TableStatus.PLAYING or not all(seat.played_by_computer for seat in self.seats):
            raise IllegalActionError("only a running table that computers play alone can be stopped")
        self.status = TableStatus.CLOSED
        closed = table_pb2.TableClosed(description="the creator stopped the table")
        return [Happened(table_pb2.TableEvent(table_closed=closed), PUBLIC)]

    def _act(self, seat: int, action: Action, note: str, by: SeatKind) -> list[Happened]:
        if self.match is None or self.status is not TableStatus.PLAYING:
            reasons = {
                TableStatus.WAITING: "the match has not started yet",
                TableStatus.CLOSED: "the table is closed",
            }
            raise IllegalActionError(reasons.get(self.status, "the match is over"))
        if not 0 <= seat < len(self.seats):
            raise IllegalActionError(f"there is no seat {seat} at this table")
        if (by is SeatKind.COMPUTER) != self.seats[seat].played_by_computer:
            player = "a computer player" if self.seats[seat].played_by_computer else "a human"
            raise IllegalActionError(f"seat {seat} is played by {player}")
        events = self._take(seat, action, note, by_computer=by is SeatKind.COMPUTER)
        if by is SeatKind.HUMAN:
            self.seats[seat].timeouts = 0
        return events

    def _expire(self, moves: tuple[tuple[int, Action], ...]) -> list[Happened]:
        wait = self.clock_wait()
        if wait is None or sorted(seat for seat, _ in moves) != sorted(wait.seats):
            raise IllegalActionError("the clock runs out only for the people the table waits for")
        events = []
        limit = "think time" if wait.own is None else "time to decide"
        for seat, action in moves:
            # Named by seat, like every engine text: each viewer's texts render the name.
            events += self._take(
                seat, action, f"the {limit} ran out: the computer moved for seat {seat}", True
            )
            self.seats[seat].timeouts += 1
        return events

    def _compare(self, number: int, score: int) -> list[Happened]:
        deal = next((deal for deal in self.daily_deals if deal.number == number), None)
        if not self.config.daily or deal is None or deal.score is None:
            raise IllegalActionError(f"deal {number} is no settled deal of a daily deal")
        if deal.computer is not None:
            raise IllegalActionError(f"deal {number} of this daily deal is compared already")
        deal.computer = score
        compared = [deal for deal in self.daily_deals if deal.computer is not None]
        difference = sum(deal.score or 0 for deal in compared) - sum(deal.computer or 0 for deal in compared)
        self._award_daily()
        event = table_pb2.DailyDealCompared(
            deal_number=number,
            your_score=deal.score,
            computer_score=score,
            difference=difference,
            complete=self.daily_complete(),
        )
        return [Happened(table_pb2.TableEvent(daily_deal_compared=event), PUBLIC)]

    def _note_daily_deal(self, number: int, dealer: int, index: int, carry: JsonValue) -> None:
        if self.config.daily:
            # A deal thrown in is dealt again under its number: the later one counts.
            self.daily_deals = [deal for deal in self.daily_deals if deal.number != number]
            self.daily_deals.append(DailyDeal(number, dealer, index, carry))

    def _award_daily(self) -> None:
        """Once a daily deal is complete, its difference goes to the day's ranking (not
        for a player who left it to the computer)."""
        if not self.daily_complete():
            return
        seat = self.seats[self.daily_seat()]
        if seat.left or seat.player_id is None:
            return
        difference = sum(deal.score or 0 for deal in self.daily_deals) - sum(
            deal.computer or 0 for deal in self.daily_deals
        )
        self.awards.append(Award(seat.player_id, seat.name, 0, (), "the daily deal", daily=difference))

    def _take(self, seat: int, action: Action, note: str, by_computer: bool) -> list[Happened]:
        """Apply one move of ``seat`` to the match and report it."""
        assert self.match is not None
        match = self.match
        if isinstance(action, PlayCard):
            label = action.card.symbol  # the card names itself: ``apply`` checks it
        else:
            # Checked before it is named: a label tells a move that the rules allow.
            match.check(seat, action)
            label = (
                self.game.action_label(match.deal, seat, action)
                if match.phase is MatchPhase.DEAL
                else str(action)
            )
        happened = match.apply(seat, action, note)
        taken = table_pb2.ActionTaken(seat=seat, label=label, reason=note, by_computer=by_computer)
        convert.fill_action(taken.action, action, self.game.game_type)
        public = self.game.public_action(action)
        if public is None:
            return [Happened(table_pb2.TableEvent(action_taken=taken), PUBLIC), *self._events_of(happened)]
        told = table_pb2.ActionTaken()
        told.CopyFrom(taken)
        told.action.CopyFrom(convert.action_to_proto(public[0], self.game.game_type))
        told.label = public[1]
        event = table_pb2.TableEvent(action_taken=told)
        unredacted = table_pb2.TableEvent(action_taken=taken)
        return [Happened(event, PUBLIC, unredacted), *self._events_of(happened)]

    def _events_of(self, happened: list[MatchEvent]) -> list[Happened]:
        """The contract's events for what the match reports, each with its audience."""
        events = []
        for fact in happened:
            event = table_pb2.TableEvent()
            unredacted = None
            match fact:
                case DealStarted(deal_number, dealer, deal_index, carry):
                    self._note_daily_deal(deal_number, dealer, deal_index, carry)
                    event.deal_started.deal_number, event.deal_started.dealer_seat = deal_number, dealer
                case HandDealt(seat, cards, _, whole):
                    event.hand_dealt.seat = seat
                    event.hand_dealt.cards.extend(convert.card_to_proto(card) for card in cards)
                    if whole != cards:
                        unredacted = table_pb2.TableEvent()
                        unredacted.hand_dealt.seat = seat
                        unredacted.hand_dealt.cards.extend(convert.card_to_proto(card) for card in whole)
                case BiddingEnded(contract):
                    event.bidding_ended.SetInParent()
                    if contract is not None:
                        event.bidding_ended.contract.CopyFrom(convert.contract_view_to_proto(contract))
                case TrickCompleted(trick):
                    event.trick_completed.trick.CopyFrom(convert.trick_to_proto(trick))
                case GameNotice(detail):
                    convert.game_choice(event, "kind", self.game.game_type.id, detail)
                case DealSettled(result, totals):
                    self._award_deal(result)
                    if self.config.daily and not result.redeal:
                        self.daily_deals[-1].score = result.scores[self.daily_seat()]
                    event.deal_settled.settlement.CopyFrom(
                        convert.settlement_to_proto(result, self.game.game_type)
                    )
                    event.deal_settled.totals.extend(totals)
                case MatchFinished(totals, winners):
                    self._award_match(winners)
                    self.status = TableStatus.FINISHED
                    self._award_daily()
                    event.match_finished.totals.extend(totals)
                    event.match_finished.winner_seats.extend(sorted(winners))
            events.append(Happened(event, fact.audience, unredacted))
        return events

    def _people_besides(self, seat: int) -> bool:
        """Whether another person still plays at the table."""
        return any(
            index != seat and other.kind is SeatKind.HUMAN and other.player_id is not None and not other.left
            for index, other in enumerate(self.seats)
        )

    def _counted(self) -> bool:
        """Whether the table counts for leaderboards and statistics: a learning game never
        does, and a daily deal counts only on the day's own ranking."""
        return not self.config.learning and not self.config.daily

    def _people(self) -> list[tuple[int, Seat]]:
        """The seats people play now (not those left to the computer) at a counted table."""
        if not self._counted():
            return []
        return [
            (index, seat)
            for index, seat in enumerate(self.seats)
            if seat.kind is SeatKind.HUMAN and seat.player_id is not None and not seat.left
        ]

    def _award_deal(self, result: DealResult) -> None:
        standings = self.game.deal_standings(self._options(), result)
        for index, seat in self._people():
            assert seat.player_id is not None
            tallies: tuple[str, ...] = ()
            if not result.redeal:
                won = (DEALS_WON,) if index in result.winners else ()
                tallies = (DEALS_PLAYED, *won, *(result.tallies[index] if result.tallies else ()))
            if standings[index] or tallies:
                reason = f"a deal: {result.contract_label}"
                self.awards.append(Award(seat.player_id, seat.name, standings[index], tallies, reason))

    def _award_match(self, winners: frozenset[int]) -> None:
        standings = self.standings()
        for index, seat in self._people():
            assert seat.player_id is not None
            place, _, points = standings[index]
            tallies = (MATCHES_PLAYED, *((MATCHES_WON,) if index in winners else ()))
            self.awards.append(
                Award(seat.player_id, seat.name, points, tallies, f"place {place} of the match")
            )

    def standings(self) -> list[tuple[int, int, int]]:
        """Per seat of a finished match: its place, total, and the leaderboard points the
        place gives (the place bonus: only to the people still at a counted table)."""
        assert self.match is not None and self.match.phase is MatchPhase.FINISHED
        totals = tuple(self.match.totals)
        places = self.game.match_places(self._options(), totals, self.match.winners)
        bonus = self.game.game_type.ranking.place_bonus
        people = {index for index, _ in self._people()}
        return [
            (place, totals[index], bonus[place - 1] if index in people and place <= len(bonus) else 0)
            for index, place in enumerate(places)
        ]

    def _again(self, table: str) -> list[Happened]:
        if self.match is None or self.match.phase is not MatchPhase.FINISHED:
            raise IllegalActionError("the match is not over: the next one opens after it")
        if self.next_table:
            raise IllegalActionError(f"the next match is open already: tables/{self.next_table}")
        if self.config.daily:
            raise IllegalActionError("a daily deal is played once a day; there is no next match")
        self.next_table = table
        return []

    def _start_if_full(self) -> list[Happened]:
        if self.status is not TableStatus.WAITING or any(seat.open for seat in self.seats):
            return []
        humans = frozenset(index for index, seat in enumerate(self.seats) if seat.kind is SeatKind.HUMAN)
        self.match = Match(self.game, self._options(), len(self.seats), self.config.seed, humans)
        self.status = TableStatus.PLAYING
        return self._events_of(self.match.take_events())

    def _seat_event(self, seat: int, description: str) -> Happened:
        occupant = self.seats[seat]
        kind = table_pb2.SEAT_KIND_COMPUTER if occupant.played_by_computer else table_pb2.SEAT_KIND_HUMAN
        changed = table_pb2.SeatChanged(
            seat=seat,
            kind=kind,
            open=occupant.open,
            player_name=occupant.display_name(seat),
            description=description,
        )
        return Happened(table_pb2.TableEvent(seat_changed=changed), PUBLIC)


def json_text(value: dict[str, Any]) -> str:
    """``value`` as the JSON text Redis keeps: keys sorted, so equal states read alike."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()
