"""A match (Partie): deals in a row with the dealer moving on and running totals.

The match is generic over games. After each deal it pauses in the settlement phase until
every human seat has sent ``continue``; computer seats never need to. Deal ``n`` is
shuffled with ``derive_seed(match_seed, "deal", n)``, so a match is fully determined by
its configuration, its seed and its action log.

A snapshot holds the totals and only the current deal's actions, so restoring it replays
at most one deal, however long the match has run.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.actions import Action, Continue, parse_action
from engine.errors import IllegalActionError, NotYourTurnError
from engine.game import Choice, DealResult, DealView, Game
from engine.seeding import derive_seed


class MatchPhase(StrEnum):
    DEAL = "deal"
    SETTLEMENT = "settlement"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class MatchView:
    phase: MatchPhase
    deal_number: int
    deals_played: int
    dealer: int
    totals: tuple[int, ...]
    to_act: frozenset[int]
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
        self.totals = [0] * seats
        self.awaiting: set[int] = set()
        self.deal_actions: list[tuple[int, str, str]] = []
        self.deal: Any = self._new_deal()

    # Turn and legality -------------------------------------------------------------

    def to_act(self) -> frozenset[int]:
        if self.phase is MatchPhase.DEAL:
            return self.game.to_act(self.deal)
        if self.phase is MatchPhase.SETTLEMENT:
            return frozenset(self.awaiting)
        return frozenset()

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

    def apply(self, seat: int, action: Action, note: str = "") -> DealResult | None:
        """Check and apply one action; returns the deal's result if this action ended it."""
        self.check(seat, action)
        if isinstance(action, Continue):
            self.awaiting.discard(seat)
            self._maybe_next_deal()
            return None
        self.game.apply(self.deal, seat, action, note)
        self.deal_actions.append((seat, str(action), note))
        result = self.game.result(self.deal)
        if result is not None:
            self._finish_deal(result)
        return result

    def set_human(self, seat: int, human: bool) -> None:
        """A seat changed hands between a human and a computer player."""
        if human:
            self.humans.add(seat)
            return
        self.humans.discard(seat)
        if seat in self.awaiting:
            self.awaiting.discard(seat)
            self._maybe_next_deal()

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
            to_act=self.to_act(),
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
            "humans": sorted(self.humans),
            "awaiting": sorted(self.awaiting),
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
        # The deal that ended the match or awaits a continue was counted already; its
        # seed is that of the deal before ``deals_played``.
        replaying = match.deals_played - (0 if match.phase is MatchPhase.DEAL else 1)
        match.deal = game.new_deal(options, seats, match.dealer, match.deal_seed(replaying))
        for seat, text, note in match.deal_actions:
            game.apply(match.deal, seat, parse_action(text), note)
        return match

    def deal_seed(self, deal_index: int) -> int:
        return derive_seed(self.seed, "deal", deal_index)

    # Private helpers ---------------------------------------------------------------

    def _new_deal(self) -> Any:
        return self.game.new_deal(self.options, self.seats, self.dealer, self.deal_seed(self.deals_played))

    def _finish_deal(self, result: DealResult) -> None:
        for seat, score in enumerate(result.scores):
            self.totals[seat] += score
        self.deals_played += 1
        if self.game.match_over(self.options, self.deals_played, tuple(self.totals)):
            self.phase = MatchPhase.FINISHED
            return
        self.phase = MatchPhase.SETTLEMENT
        self.awaiting = set(self.humans)
        self._maybe_next_deal()

    def _maybe_next_deal(self) -> None:
        if self.phase is not MatchPhase.SETTLEMENT or self.awaiting:
            return
        self.phase = MatchPhase.DEAL
        self.dealer = (self.dealer + 1) % self.seats
        self.deal_actions = []
        self.deal = self._new_deal()
