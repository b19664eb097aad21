"""The action notation: the common actions, and a game's own actions read by their word."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine.actions import Announce, Continue, Double, GameAction, Pass, PlayCard, parse_action
from engine.cards import Card, Suit
from engine.errors import InvalidActionError
from server.table_log import Act, SeatKind, entry_from_dict, entry_to_dict


@dataclass(frozen=True, slots=True)
class ChooseTrump(GameAction):
    """A game's own action as a new game would write it: naming the trump suit."""

    suit: Suit
    word: ClassVar[str] = "trump"

    def __str__(self) -> str:
        return f"trump {self.suit.letter}"

    @classmethod
    def parse(cls, words: Sequence[str]) -> ChooseTrump:
        suits = {suit.letter: suit for suit in Suit}
        if len(words) != 1 or words[0] not in suits:
            raise InvalidActionError(f"'trump' takes one suit letter (C, S, H, D), not {' '.join(words)!r}")
        return cls(suits[words[0]])


@pytest.mark.parametrize(
    "action",
    [
        Pass(),
        Double(),
        Continue(),
        PlayCard(Card.parse("QC")),
        Announce("zolo_du"),
        Announce("solo", Suit.HEARTS),
    ],
)
def test_every_common_action_reads_back_from_its_notation(action: object) -> None:
    assert parse_action(str(action)) == action


def test_a_games_own_action_reads_back_only_where_the_game_declares_it() -> None:
    trump = ChooseTrump(Suit.HEARTS)
    assert str(trump) == "trump H"
    assert parse_action("trump H", (Announce, ChooseTrump)) == trump
    with pytest.raises(InvalidActionError, match="is not an action"):
        parse_action("trump H")
    with pytest.raises(InvalidActionError, match="one suit letter"):
        parse_action("trump X", (ChooseTrump,))


def test_a_logged_move_of_a_games_own_action_replays_from_its_stored_form() -> None:
    entry = Act(2, ChooseTrump(Suit.CLUBS), SeatKind.HUMAN, note="", request="r1")
    assert entry_from_dict(entry_to_dict(entry), (ChooseTrump,)) == entry
