"""Helpers for the Baśka/Kop rules tests: deal given hands and play a list of calls.

Every action goes through ``check`` before ``apply``, exactly as the table service does,
so a scripted deal that breaks a rule fails loudly at the offending call.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.actions import Action, Announce, PlayCard, parse_action
from engine.baska_kop import BaskaKop
from engine.baska_kop.state import DealState
from engine.cards import Card, parse_cards
from engine.game import DealResult

GAME = BaskaKop()

Call = tuple[int, "Action | str"]


def action(spec: Action | str) -> Action:
    """``"pass"``, ``"double"``, ``"zolo"``/``"announce zolo"`` or a card like ``"QC"``."""
    if not isinstance(spec, str):
        return spec
    words = spec.split()
    if spec in ("pass", "double") or words[0] in ("announce", "play"):
        return parse_action(spec)
    if len(spec) == 2 and spec[0] in "ATQJ" and spec[1] in "CSHD":
        return PlayCard(Card.parse(spec))
    return Announce(spec)


def new_deal(
    rule_set: str,
    hands: Iterable[str],
    dealer: int = 3,
    options: Mapping[str, str] | None = None,
) -> DealState:
    """A deal with the four hands given as card text, seat 0 first."""
    parsed = tuple(parse_cards(hand) for hand in hands)
    return GAME.deal_from_hands(GAME.parse_options(rule_set, dict(options or {})), dealer, parsed)


def run(state: DealState, calls: Iterable[Call]) -> DealState:
    """Apply ``(seat, action)`` calls in order, each one checked first."""
    for seat, spec in calls:
        act = action(spec)
        GAME.check(state, seat, act)
        GAME.apply(state, seat, act)
    return state


def play_deal(
    rule_set: str,
    hands: Iterable[str],
    calls: Iterable[Call],
    dealer: int = 3,
    options: Mapping[str, str] | None = None,
) -> DealState:
    return run(new_deal(rule_set, hands, dealer, options), calls)


def passes(*seats: int) -> list[Call]:
    return [(seat, "pass") for seat in seats]


def tricks(*cards_per_trick: tuple[int, str]) -> list[Call]:
    """Flatten tricks written as ``(leader, "AH QH JH JD")`` into calls, clockwise."""
    calls: list[Call] = []
    for leader, cards in cards_per_trick:
        for offset, card in enumerate(cards.split()):
            calls.append(((leader + offset) % 4, card))
    return calls


def result(state: DealState) -> DealResult:
    res = GAME.result(state)
    assert res is not None, "the deal is not over"
    return res


def reason(state: DealState, seat: int, spec: Action | str) -> str | None:
    return GAME.illegality(state, seat, action(spec))


def contract_of(state: DealState, viewer: int | None = None) -> tuple[str, int | None]:
    """The running contract and its declarer as ``viewer`` sees them."""
    contract = GAME.view(state, viewer).contract
    assert contract is not None
    return contract.code, contract.declarer


def factors(res: DealResult) -> list[tuple[str, int]]:
    """The settlement steps that count, as sorted ``(kind, amount)`` pairs."""
    return sorted((step.kind, step.amount) for step in res.steps if not step.struck)


def assert_settled(res: DealResult, value: int, scores: tuple[int, int, int, int]) -> None:
    """Value and per-seat payments as worked by hand; payments always sum to zero."""
    assert res.value == value
    assert res.scores == scores
    assert sum(res.scores) == 0
