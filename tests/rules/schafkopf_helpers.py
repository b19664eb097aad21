"""Helpers for the Schafkopf rules tests: cards in the recorded games' notation, deals with
chosen hands, driving a deal by actions, and the 205 recorded games of
``data/schafkopf/sauspiel_games.json`` (MIT, see the README beside it) as replays."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.actions import Action, Announce, Double, Pass, PlayCard
from engine.cards import Card, Rank, Suit
from engine.game import DealResult, GameEvent
from engine.schafkopf import Schafkopf
from engine.schafkopf.blocks import SchafkopfView
from engine.schafkopf.constants import Options
from engine.schafkopf.deal import DealState, Phase, dealt_state, playable

RECORDS = Path(__file__).parent / "data" / "schafkopf" / "sauspiel_games.json"
GAME = Schafkopf()

_SUITS = {"E": Suit.CLUBS, "G": Suit.SPADES, "H": Suit.HEARTS, "S": Suit.DIAMONDS}
_RANKS = {
    "A": Rank.ACE,
    "Z": Rank.TEN,
    "K": Rank.KING,
    "O": Rank.QUEEN,
    "U": Rank.JACK,
    "9": Rank.NINE,
    "8": Rank.EIGHT,
    "7": Rank.SEVEN,
}


def card(code: str) -> Card:
    """A card in the records' notation: suit letter (E G H S) then rank (A Z K O U 9 8 7)."""
    return Card(_SUITS[code[0]], _RANKS[code[1]])


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(card(code) for code in codes.split())


def rigged(
    hands: Sequence[str], options: Options | None = None, dealer: int = -1, stock: int = 0
) -> DealState:
    """A deal whose seats were dealt ``hands`` (first half first); seat 0 leads unless a
    dealer is named."""
    dealt = [cards(hand) for hand in hands]
    return dealt_state(options or Options(), dealer % len(hands), dealt, stock)


def act(state: DealState, seat: int, action: Action) -> None:
    """Check and apply, as the table's write path does."""
    GAME.check(state, seat, action)
    GAME.apply(state, seat, action)


def act_events(state: DealState, seat: int, action: Action) -> tuple[GameEvent, ...]:
    """Check and apply, returning the events the action caused."""
    GAME.check(state, seat, action)
    return GAME.apply(state, seat, action)


def legal(state: DealState, seat: int) -> set[Card]:
    """The cards ``seat`` may play now."""
    return {held for held, why in playable(state, seat).items() if not why}


def game_view(state: DealState, viewer: int | None) -> SchafkopfView:
    """Schafkopf's own part of what ``viewer`` sees."""
    view = GAME.view(state, viewer).game_view
    assert isinstance(view, SchafkopfView)
    return view


def bid(state: DealState, calls: dict[int, Action], stand_up: Sequence[int] = ()) -> None:
    """Answer the Aufstellen round (``stand_up`` double) and the Spielansage: each seat
    makes its call in ``calls`` or passes."""
    while state.phase is Phase.FIRST_HALF:
        act(state, state.turn, Double() if state.turn in stand_up else Pass())
    while state.phase is Phase.BIDDING:
        act(state, state.turn, calls.get(state.turn, Pass()))


def play_cards(state: DealState, codes: str) -> None:
    """Play the cards in turn."""
    for code in codes.split():
        act(state, state.turn, PlayCard(card(code)))


@dataclass(frozen=True, slots=True)
class Record:
    """One recorded game."""

    raw: dict[str, Any]

    @property
    def id(self) -> int:
        return int(self.raw["id"])

    @property
    def type(self) -> str:
        return str(self.raw["game"]["type"])

    def options(self, **overrides: str) -> Options:
        """The table options the record names: its tariff, pack and game."""
        game = self.raw["game"]
        raw = {
            "pack": self.raw["pack"],
            "tariff_partner": str(game["base"]),
            "tariff_solo": str(game["base"]),
            "tariff_ramsch": str(game["base"]),
            "tariff_bettel": str(game["base"]),
            "tariff_schneider": str(game["schneider_schwarz"] or 0),
            "tariff_schwarz": str(game["schneider_schwarz"] or 0),
            "tariff_laufende": str(game["laufende_amount"] or 0),
            "laufende_from": str(game["laufende_from"] or 3),
            "laufende_from_wenz_geier": str(game["laufende_from"] or 2),
            # The reference engine pays a lost Stock in, and breaks Ramsch ties by the
            # highest trump played.
            "stock_on_loss": "pay_in",
            "ramsch_tie": "highest_trump",
        }
        if self.type in ("geier", "farbwenz", "farbgeier", "bettel"):
            raw[self.type] = "true"
        if self.type == "bettel":
            raw["bettel_stichzwang"] = str(bool(game["stichzwang"])).lower()
        if self.type == "ramsch":
            raw["all_pass"] = "ramsch"
            jungfrau = {"double_individually_once": "once", "double_individually_multiple": "multiple"}
            raw["jungfrau"] = jungfrau.get(game["jungfrau"], game["jungfrau"] or "none")
            durchmarsch = game["durchmarsch"]
            if durchmarsch is not None and durchmarsch["kind"] == "all":
                raw["durchmarsch"] = "tricks"
            elif durchmarsch is not None:
                raw["durchmarsch"], raw["durchmarsch_points"] = "points", str(durchmarsch["points"])
        return GAME.parse_options("club", raw | overrides)

    def announcement(self) -> Announce | None:
        game = self.raw["game"]
        if self.type == "ramsch":
            return None
        code = self.type + ("_tout" if game["tout"] else "")
        return Announce(code, _SUITS[game["suit"]] if game["suit"] else None)

    def replay(self, **overrides: str) -> tuple[DealState, list[int]]:
        """The game played again through the rules' checks: the doublings in the first
        half, the announcement, Kontra and Re before the first card, then every card.
        Returns the finished deal and the winner of each trick."""
        hands = [" ".join(hand) for hand in self.raw["hands"]]
        state = rigged(hands, self.options(**overrides), dealer=-1, stock=self.raw["stock"])
        declarer = self.raw["game"]["declarer"]
        announcement = self.announcement()
        calls: dict[int, Action] = {declarer: announcement} if announcement is not None else {}
        bid(state, calls, stand_up=self.raw["doublings"])
        for seat in self.raw["stoss"]:
            act(state, seat, Double())
        winners = []
        for trick in self.raw["tricks"]:
            assert state.turn == trick["leader"], (
                f"record {self.id}: seat {state.turn} leads, not {trick['leader']}"
            )
            for code in trick["cards"]:
                act(state, state.turn, PlayCard(card(code)))
            winners.append(state.tricks[-1].winner)
        return state, winners

    def result(self, **overrides: str) -> DealResult:
        state, _ = self.replay(**overrides)
        result = GAME.result(state)
        assert result is not None, f"record {self.id} did not end"
        return result


def records() -> list[Record]:
    return [Record(raw) for raw in json.loads(RECORDS.read_text(encoding="utf-8"))]
