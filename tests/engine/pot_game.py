"""A small game registered only in the tests, to prove the engine's match interface.

"Pot", for 2 to 5 players, 32 cards (7 to ace), two cards each. Before anything is
played, a dealer dealt an ace as his first card takes the pot at once (a deal over as
soon as it is dealt). Otherwise the player after the dealer leads one card and the others
follow suit if they can; the highest card of the led suit wins. A trick won with a seven
is thrown in: everyone pays one chip into the pot and the same dealer deals again. A
trick won otherwise takes the pot and one chip from everyone else, and its winner deals
next. While the trick is played, every player may once add a chip of his own to the pot
("double"), whether it is his turn or not: nobody waits for it, and it does not depend on
the order of moves. The pot carries from deal to deal; a match lasts the number of deals
chosen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.actions import Action, Double, PlayCard
from engine.cards import Card, Rank, Suit
from engine.errors import InvalidActionError, InvalidOptionsError
from engine.game import (
    CHIPS,
    PUBLIC,
    Choice,
    Counter,
    DealResult,
    DealView,
    Dynamics,
    Game,
    GameEvent,
    GameType,
    HandCard,
    JsonValue,
    MatchLength,
    MatchProgress,
    OptionGroup,
    OptionType,
    PhaseKind,
    RuleSetType,
    SettlementStep,
    StepOperation,
    Trick,
    TrickCompleted,
    Utility,
)
from engine.seeding import SeededRandom

PACK = tuple(Card(suit, rank) for suit in Suit for rank in Rank if rank >= Rank.SEVEN)
LENGTHS = ("3", "6")


@dataclass
class PotState:
    seats: int
    dealer: int
    pot: int
    dealt: tuple[tuple[Card, ...], ...]
    hands: list[list[Card]]
    played: list[tuple[int, Card]] = field(default_factory=list)
    doubled: list[int] = field(default_factory=list)
    result: DealResult | None = None


class Pot(Game[int, PotState]):
    game_type = GameType(
        id="pot",
        title="Pot",
        dynamics=Dynamics.SEQUENTIAL,
        utility=Utility.GENERAL_SUM,
        seat_counts=(2, 3, 4, 5),
        rule_sets=(
            RuleSetType(
                "plain",
                "Plain pot",
                (OptionType("deals", "deals in the match", "3", values=LENGTHS, group=OptionGroup.AMOUNTS),),
            ),
        ),
        order_free=(Double,),
        unit=CHIPS,
    )

    def parse_options(self, rule_set: str, raw: Mapping[str, str]) -> int:
        if rule_set != "plain":
            raise InvalidOptionsError(f"unknown rule set {rule_set!r}; choose plain")
        for key, value in raw.items():
            if key != "deals" or value not in LENGTHS:
                raise InvalidOptionsError(f"{key} must be deals, one of {', '.join(LENGTHS)}")
        return int(raw.get("deals", "3"))

    def options_to_dict(self, options: int) -> dict[str, str]:
        return {"rule_set": "plain", "deals": str(options)}

    def announcements(self, options: int) -> tuple[str, ...]:
        return ()

    def match_length(self, options: int) -> MatchLength:
        return MatchLength(deals=options)

    def match_over(self, options: int, progress: MatchProgress) -> bool:
        return progress.deals_played >= options

    def initial_carry(self, options: int, seats: int) -> JsonValue:
        return 0

    def carry_after(self, options: int, carry: JsonValue, result: DealResult) -> JsonValue:
        if not result.redeal:
            return 0  # the winner took the pot
        return (carry if isinstance(carry, int) else 0) - sum(result.scores)

    def next_dealer(self, options: int, seats: int, dealer: int, result: DealResult) -> int:
        return dealer if result.redeal else min(result.winners)

    def new_deal(self, options: int, seats: int, dealer: int, seed: int, carry: JsonValue = None) -> PotState:
        cards = SeededRandom(seed).shuffled(PACK)
        hands = tuple(tuple(cards[2 * seat : 2 * seat + 2]) for seat in range(seats))
        return self._dealt(dealer, carry if isinstance(carry, int) else 0, hands)

    def deal_again(self, state: PotState, seat: int, seed: int) -> PotState:
        played = dict(state.played)
        others = [other for other in range(state.seats) if other != seat]
        unseen = SeededRandom(seed).shuffled([card for other in others for card in state.hands[other]])
        hands = list(state.dealt)
        for other in others:
            count = len(state.hands[other])
            hands[other] = (*([played[other]] if other in played else []), *unseen[:count])
            unseen = unseen[count:]
        return self._dealt(state.dealer, state.pot - len(state.doubled), tuple(hands))

    def _dealt(self, dealer: int, pot: int, hands: tuple[tuple[Card, ...], ...]) -> PotState:
        state = PotState(len(hands), dealer, pot, hands, [list(hand) for hand in hands])
        if hands[dealer][0].rank is Rank.ACE:
            state.result = self._settle(state, dealer, "the dealer's ace takes the pot")
        return state

    def to_act(self, state: PotState) -> frozenset[int]:
        if state.result is not None:
            return frozenset()
        return frozenset({(state.dealer + 1 + len(state.played)) % state.seats})

    def may_act(self, state: PotState) -> frozenset[int]:
        if state.result is not None:
            return frozenset()
        return frozenset(range(state.seats)) - set(state.doubled)

    def candidate_actions(self, state: PotState, seat: int) -> tuple[tuple[Action, str], ...]:
        cards = tuple((PlayCard(card), card.symbol) for card in state.hands[seat])
        return ((Double(), "Add a chip to the pot"), *cards)

    def illegality(self, state: PotState, seat: int, action: Action) -> str | None:
        if isinstance(action, Double):
            return "you have added your chip this deal" if seat in state.doubled else None
        if not isinstance(action, PlayCard):
            raise InvalidActionError(f"Pot knows only cards to play and adding a chip, not {action}")
        if seat not in self.to_act(state):
            return "it is not your turn to play"
        if action.card not in state.hands[seat]:
            return f"{action.card.symbol} is not in your hand"
        led = state.played[0][1].suit if state.played else None
        if led is not None and action.card.suit != led and any(c.suit == led for c in state.hands[seat]):
            return "you must follow suit"
        return None

    def apply(self, state: PotState, seat: int, action: Action, note: str = "") -> tuple[GameEvent, ...]:
        if isinstance(action, Double):
            state.doubled.append(seat)
            state.pot += 1
            return ()
        assert isinstance(action, PlayCard)
        state.hands[seat].remove(action.card)
        state.played.append((seat, action.card))
        if len(state.played) < state.seats:
            return ()
        led = state.played[0][1].suit
        winner, card = max(
            (play for play in state.played if play[1].suit == led), key=lambda play: play[1].rank
        )
        if card.rank is Rank.SEVEN:
            scores = tuple(-1 - state.doubled.count(seat) for seat in range(state.seats))
            zero = (0,) * state.seats
            everyone = frozenset(range(state.seats))
            steps = (
                SettlementStep("base", "One chip a player", StepOperation.BASE, 1),
                SettlementStep(
                    "into_pot", "Everyone pays into the pot", StepOperation.ADD, -1, seats=everyone
                ),
                *_chips_added(state),
            )
            state.result = DealResult(
                "thrown_in",
                "Thrown in",
                frozenset(),
                frozenset(),
                1,
                scores,
                steps,
                zero,
                state.dealt,
                "won with a seven",
                redeal=True,
            )
        else:
            state.result = self._settle(state, winner, f"{card.symbol} wins")
        return (TrickCompleted(Trick(state.played[0][0], tuple(state.played), winner), PUBLIC),)

    def result(self, state: PotState) -> DealResult | None:
        return state.result

    def view(self, state: PotState, viewer: int | None) -> DealView:
        to_act = self.to_act(state)
        hand: tuple[HandCard, ...] = ()
        choices: tuple[Choice, ...] = ()
        if viewer is not None:
            all_choices = self.choices(state, viewer)
            hand = tuple(
                HandCard(choice.action.card, choice.allowed, choice.reason)
                for choice in all_choices
                if isinstance(choice.action, PlayCard)
            )
            choices = tuple(choice for choice in all_choices if not isinstance(choice.action, PlayCard))
        return DealView(
            viewer=viewer,
            phase=self.phase_of(state),
            dealer=state.dealer,
            to_act=to_act,
            hand=hand,
            hand_sizes=tuple(len(h) for h in state.hands),
            choices=choices,
            contract=None,
            ladder=(),
            badges=tuple(frozenset() for _ in range(state.seats)),
            history=(),
            current_trick=Trick(state.played[0][0], tuple(state.played)) if state.played else None,
            tricks=(),
            card_points=(0,) * state.seats,
            result=state.result,
            dealt_hand=state.dealt[viewer] if viewer is not None else (),
            # The dealer's ace that took the pot at once lies face up.
            shown=tuple(
                state.dealt[seat][:1] if seat == state.dealer and not state.played and state.result else ()
                for seat in range(state.seats)
            ),
            counters=(Counter("pot", "Pot", state.pot),),
        )

    def phase_of(self, state: PotState) -> str:
        return "finished" if state.result is not None else "play"

    def phase_kind(self, state: PotState) -> PhaseKind:
        return PhaseKind.OVER if state.result is not None else PhaseKind.PLAY

    def completed_tricks(self, state: PotState) -> tuple[Trick, ...]:
        return ()

    def copy_state(self, state: PotState) -> PotState:
        return PotState(
            state.seats,
            state.dealer,
            state.pot,
            state.dealt,
            [list(h) for h in state.hands],
            list(state.played),
            list(state.doubled),
            state.result,
        )

    def _settle(self, state: PotState, winner: int, summary: str) -> DealResult:
        scores = tuple(
            (state.pot + state.seats - 1 if seat == winner else -1) - state.doubled.count(seat)
            for seat in range(state.seats)
        )
        others = frozenset(range(state.seats)) - {winner}
        steps = (
            SettlementStep("base", "One chip a player", StepOperation.BASE, 1),
            SettlementStep(
                "pot", "The winner takes the pot", StepOperation.ADD, state.pot, seats=frozenset({winner})
            ),
            SettlementStep("chips", "The others pay one chip each", StepOperation.ADD, -1, seats=others),
            SettlementStep(
                "chips_won", "The winner gets them", StepOperation.ADD, len(others), seats=frozenset({winner})
            ),
            *_chips_added(state),
        )
        return DealResult(
            "pot",
            "Pot",
            frozenset({winner}),
            frozenset({winner}),
            1,
            scores,
            steps,
            (0,) * state.seats,
            state.dealt,
            summary,
        )


def _chips_added(state: PotState) -> tuple[SettlementStep, ...]:
    if not state.doubled:
        return ()
    seats = frozenset(state.doubled)
    return (SettlementStep("chip_added", "Added a chip to the pot", StepOperation.ADD, -1, seats=seats),)
