"""A match (Partie): deals in a row, run by the rules of its game.

The match is generic over games; the game decides everything a rule decides: the totals
a match starts with, what carries from one deal to the next (a pool, a stock), who deals
next, whether a deal is thrown in and dealt again, when the match is over and who won.
After each settled deal the match pauses until every human seat has sent ``continue``;
computer seats never need to. A deal may be over as soon as it is dealt; it is settled
at once.

Every deal dealt, thrown-in ones included, is shuffled with ``derive_seed(match_seed,
"deal", n)`` for its running number ``n``, so a match is fully determined by its
configuration, its seed and its action log.

A snapshot holds the totals, the carry and only the current deal's actions, so restoring
it replays at most one deal, however long the match has run.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.actions import Action, Continue, parse_action
from engine.cards import Card
from engine.errors import IllegalActionError, NotYourTurnError
from engine.game import (
    PUBLIC,
    Audience,
    Choice,
    Deadline,
    DealResult,
    DealView,
    Game,
    GameEvent,
    JsonValue,
    MatchLength,
    MatchProgress,
    seats_only,
    self_only,
)
from engine.seeding import derive_seed


class MatchPhase(StrEnum):
    DEAL = "deal"
    SETTLEMENT = "settlement"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class DealStarted:
    """A deal was dealt (each seat's cards follow, for that seat only): the match's
    ``deal_number``-th, its running number ``deal_index`` among every deal dealt (which
    fixes its shuffle) and what it was dealt with (``carry``), so that it can be dealt again."""

    deal_number: int
    dealer: int
    deal_index: int
    carry: JsonValue
    audience: Audience


@dataclass(frozen=True, slots=True)
class HandDealt:
    """The cards dealt to ``seat`` as it sees them; ``whole``: all of them (a game may show
    a seat part of its deal at first), for replays once nothing is hidden."""

    seat: int
    cards: tuple[Card, ...]
    audience: Audience
    whole: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DealSettled:
    """A deal ended (or was thrown in) and was settled; ``totals`` include it."""

    result: DealResult
    totals: tuple[int, ...]
    audience: Audience


@dataclass(frozen=True, slots=True)
class MatchFinished:
    totals: tuple[int, ...]
    winners: frozenset[int]
    audience: Audience


# What a change of the match caused, its game's events included, in order; each event
# names who may see it.
MatchEvent = DealStarted | HandDealt | DealSettled | MatchFinished | GameEvent


@dataclass(frozen=True, slots=True)
class MatchView:
    """The match as one viewer may see it. ``may_act`` holds at most the viewer itself:
    who else may act unasked can depend on cards the viewer has not seen."""

    phase: MatchPhase
    deal_number: int
    deals_played: int
    dealer: int
    totals: tuple[int, ...]
    length: MatchLength
    to_act: frozenset[int]
    may_act: frozenset[int]
    deal: DealView
    continue_choice: Choice | None


class Match:
    """A Partie of one game at one table. Change it only through ``apply``."""

    def __init__(
        self,
        game: Game[Any, Any],
        options: Any,
        seats: int,
        seed: int,
        humans: frozenset[int],
        first_dealer: int = 0,
    ) -> None:
        self.game = game
        self.options = options
        self.seats = seats
        self.seed = seed
        self.humans = set(humans)
        self.phase = MatchPhase.DEAL
        self.deals_played = 0
        self.dealer = first_dealer
        self.totals = list(game.initial_totals(options, seats))
        self.carry: JsonValue = game.initial_carry(options, seats)
        self.winners: frozenset[int] = frozenset()
        self.awaiting: set[int] = set()
        self.deal_actions: list[tuple[int, str, str]] = []
        # The running number of the current deal among all dealt, and what it was dealt with.
        self.deal_index = 0
        self.deal_carry: JsonValue = self.carry
        self.deal: Any = None
        # Events of the match itself, collected while a change is applied.
        self.events: list[MatchEvent] = []
        self._deal(first=True)
        self._advance()

    # Turn and legality -------------------------------------------------------------

    def to_act(self) -> frozenset[int]:
        if self.phase is MatchPhase.DEAL:
            return self.game.to_act(self.deal)
        if self.phase is MatchPhase.SETTLEMENT:
            return frozenset(self.awaiting)
        return frozenset()

    def may_act(self) -> frozenset[int]:
        """Seats that may act now though nothing waits for them."""
        if self.phase is MatchPhase.DEAL:
            return self.game.may_act(self.deal)
        return frozenset()

    def deadline(self) -> Deadline | None:
        """The game's own time limit for the decision the deal waits for, if it has one."""
        if self.phase is MatchPhase.DEAL:
            return self.game.deadline(self.deal)
        return None

    def order_free(self, action: Action) -> bool:
        """Whether ``action`` is checked against the state as it is, whatever version its
        sender saw: a continue, and the game's order-free actions."""
        return isinstance(action, Continue) or type(action) in self.game.game_type.order_free

    def check(self, seat: int, action: Action) -> None:
        """Raise an engine error unless ``seat`` may take ``action`` now."""
        if not 0 <= seat < self.seats:
            raise IllegalActionError(f"there is no seat {seat} at this table")
        if self.phase is MatchPhase.FINISHED:
            raise IllegalActionError("the match is over")
        if self.phase is MatchPhase.SETTLEMENT:
            if not isinstance(action, Continue):
                raise IllegalActionError("the deal is settled: send continue to start the next deal")
            if seat not in self.awaiting:
                raise NotYourTurnError("this seat has already continued or need not continue")
            return
        if isinstance(action, Continue):
            raise IllegalActionError("continue is possible only after a settlement")
        self.game.check(self.deal, seat, action)

    # Moves -------------------------------------------------------------------------

    def apply(self, seat: int, action: Action, note: str = "") -> list[MatchEvent]:
        """Check and apply one action; returns the match's events it caused, in order."""
        self.check(seat, action)
        self.events = []
        if isinstance(action, Continue):
            self.awaiting.discard(seat)
        else:
            self.events.extend(self.game.apply(self.deal, seat, action, note))
            self.deal_actions.append((seat, str(action), note))
            result = self.game.result(self.deal)
            if result is not None:
                self._finish_deal(result)
        self._advance()
        return self._taken_events()

    def set_human(self, seat: int, human: bool) -> list[MatchEvent]:
        """A seat changed hands between a human and a computer player."""
        self.events = []
        if human:
            self.humans.add(seat)
        else:
            self.humans.discard(seat)
            self.awaiting.discard(seat)
            self._advance()
        return self._taken_events()

    def take_events(self) -> list[MatchEvent]:
        """The events since the match was created (the first deal): once."""
        return self._taken_events()

    # Views -------------------------------------------------------------------------

    def view(self, viewer: int | None) -> MatchView:
        continue_choice = None
        if viewer is not None and self.phase is MatchPhase.SETTLEMENT:
            waiting = viewer in self.awaiting
            continue_choice = Choice(
                Continue(),
                "Continue",
                waiting,
                "" if waiting else "waiting for the other players to continue",
            )
        return MatchView(
            phase=self.phase,
            deal_number=self.deals_played + (1 if self.phase is MatchPhase.DEAL else 0),
            deals_played=self.deals_played,
            dealer=self.dealer,
            totals=tuple(self.totals),
            length=self.game.match_length(self.options),
            to_act=self.to_act(),
            may_act=self.may_act() & self_only(viewer),
            deal=self.game.view(self.deal, viewer),
            continue_choice=continue_choice,
        )

    # Snapshots ---------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        return {
            "phase": self.phase.value,
            "deals_played": self.deals_played,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "carry": self.carry,
            "winners": sorted(self.winners),
            "humans": sorted(self.humans),
            "awaiting": sorted(self.awaiting),
            "deal_index": self.deal_index,
            "deal_carry": self.deal_carry,
            "deal_actions": [list(entry) for entry in self.deal_actions],
        }

    @classmethod
    def restore(
        cls,
        game: Game[Any, Any],
        options: Any,
        seats: int,
        seed: int,
        snapshot: dict[str, Any],
    ) -> Match:
        match = cls.__new__(cls)
        match.game, match.options, match.seats, match.seed = game, options, seats, seed
        match.phase = MatchPhase(snapshot["phase"])
        match.deals_played = snapshot["deals_played"]
        match.dealer = snapshot["dealer"]
        match.totals = list(snapshot["totals"])
        match.humans = set(snapshot["humans"])
        match.awaiting = set(snapshot["awaiting"])
        match.deal_actions = [(seat, text, note) for seat, text, note in snapshot["deal_actions"]]
        match.events = []
        if "deal_index" in snapshot:
            match.carry = snapshot["carry"]
            match.winners = frozenset(snapshot["winners"])
            match.deal_index = snapshot["deal_index"]
            match.deal_carry = snapshot["deal_carry"]
        else:
            # Written before matches carried anything: every deal counted, nothing carried.
            match.carry = match.deal_carry = None
            match.deal_index = match.deals_played - (0 if match.phase is MatchPhase.DEAL else 1)
            match.winners = frozenset()
        match.deal = game.new_deal(
            options, seats, match.dealer, match.deal_seed(match.deal_index), match.deal_carry
        )
        for seat, text, note in match.deal_actions:
            game.apply(match.deal, seat, parse_action(text, game.game_type.actions), note)
        if "winners" not in snapshot and match.phase is MatchPhase.FINISHED:
            # The game names the winners of a match finished before snapshots kept them.
            last = game.result(match.deal)
            assert last is not None
            progress = MatchProgress(match.deals_played, tuple(match.totals), last, match.carry)
            match.winners = game.match_winners(options, progress)
        return match

    def deal_seed(self, deal_index: int) -> int:
        return derive_seed(self.seed, "deal", deal_index)

    # Private helpers ---------------------------------------------------------------

    def _taken_events(self) -> list[MatchEvent]:
        events, self.events = self.events, []
        return events

    def _deal(self, first: bool = False) -> None:
        """Deal the next deal (the first one at the start); settle it if it is over at once.

        Dealing changes nothing else: a settled deal is followed by the next only through
        ``_advance``."""
        if not first:
            self.deal_index += 1
        self.deal_carry = self.carry
        self.deal_actions = []
        self.deal = self.game.new_deal(
            self.options, self.seats, self.dealer, self.deal_seed(self.deal_index), self.carry
        )
        self.events.append(
            DealStarted(self.deals_played + 1, self.dealer, self.deal_index, self.carry, PUBLIC)
        )
        whole = self.game.whole_hands(self.deal, self.seats)
        for seat in range(self.seats):
            hand = self.game.dealt_hand(self.deal, seat)
            self.events.append(HandDealt(seat, hand, seats_only(seat), whole[seat]))
        self.events.extend(self.game.dealt_events(self.deal))
        result = self.game.result(self.deal)
        if result is not None:
            self._finish_deal(result)

    def _finish_deal(self, result: DealResult) -> None:
        for seat, score in enumerate(result.scores):
            self.totals[seat] += score
        self.carry = self.game.carry_after(self.options, self.carry, result)
        if not result.redeal:
            self.deals_played += 1
        self.events.append(DealSettled(result, tuple(self.totals), PUBLIC))
        progress = MatchProgress(self.deals_played, tuple(self.totals), result, self.carry)
        if not result.redeal and self.game.match_over(self.options, progress):
            self.phase = MatchPhase.FINISHED
            self.winners = self.game.match_winners(self.options, progress)
            self.events.append(MatchFinished(tuple(self.totals), self.winners, PUBLIC))
            return
        self.phase = MatchPhase.SETTLEMENT
        self.awaiting = set(self.humans)

    def _advance(self) -> None:
        """Deal on while a settled deal waits for no one's continue (computers only, or
        deals that are over as soon as they are dealt)."""
        while self.phase is MatchPhase.SETTLEMENT and not self.awaiting:
            self.phase = MatchPhase.DEAL
            result = self.game.result(self.deal)
            assert result is not None
            self.dealer = self.game.next_dealer(self.options, self.seats, self.dealer, result)
            self._deal()


def settlements(events: list[MatchEvent]) -> list[DealResult]:
    """The results of the deals settled among ``events``, in order."""
    return [event.result for event in events if isinstance(event, DealSettled)]
