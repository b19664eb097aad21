"""The rules object of Baśka and Kop: options, dealing, legality, moves and views."""

from __future__ import annotations

from collections.abc import Mapping

from engine.actions import Action, Announce, Double, Pass, PlayCard
from engine.baska_kop.bidding import (
    apply_call,
    bidding_over,
    call_illegality,
    parse_contract,
    running_contract,
    settle_contract,
)
from engine.baska_kop.blocks import BaskaKopRevealed, BaskaKopRules, BaskaKopView, PartnerRevealed, Side
from engine.baska_kop.constants import (
    ANNOUNCEMENTS,
    BASE_VALUES,
    CARDS_PER_HAND,
    CONTRACT_LABELS,
    CONTRACT_MEANINGS,
    GRAN_CONTRACTS,
    LEAVE_PENALTY,
    MATCH_LENGTHS,
    PACK,
    PARTY_NAMES,
    PLACE_BONUS,
    RULE_SET_TITLES,
    SEATS,
    SOLO_ANNOUNCEMENTS,
    SOLO_PARTY_NAMES,
    STATISTIC_TITLES,
    TRICKS,
    UNPLACED_PARTY,
    Contract,
    Options,
    RuleSet,
)
from engine.baska_kop.knowledge import Knowledge, badges, knowledge, known_sides
from engine.baska_kop.play import card_order, card_points
from engine.baska_kop.scoring import double_verdicts, settle
from engine.baska_kop.state import DealState, Phase
from engine.cards import Card
from engine.errors import InvalidActionError, InvalidOptionsError, quoted
from engine.game import (
    POINTS,
    PUBLIC,
    BiddingEnded,
    Choice,
    ContractView,
    DealResult,
    DealView,
    DoubleStatus,
    Dynamics,
    Game,
    GameEvent,
    GameNotice,
    GameType,
    HandCard,
    HistoryEntry,
    JsonValue,
    LadderRung,
    MatchLength,
    MatchProgress,
    OptionGroup,
    OptionType,
    Party,
    PhaseKind,
    Ranking,
    RuleSetType,
    Statistic,
    Trick,
    TrickCompleted,
    Utility,
)
from engine.seeding import SeededRandom

# A table may raise a base value this far; beyond it scores stop being playable numbers.
MAX_BASE_VALUE = 1000
_PHASE_KINDS = {Phase.BIDDING: PhaseKind.BIDDING, Phase.PLAY: PhaseKind.PLAY, Phase.FINISHED: PhaseKind.OVER}
_TRUE_WORDS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def _rule_set_type(rule_set: RuleSet) -> RuleSetType:
    lengths = tuple(str(length) for length in MATCH_LENGTHS)
    liga = ("false", "true") if rule_set is RuleSet.KOP else ("false",)
    return RuleSetType(
        rule_set.value,
        RULE_SET_TITLES[rule_set],
        (
            OptionType("deals", "deals in the Partie", lengths[0], values=lengths, group=OptionGroup.AMOUNTS),
            OptionType(
                "liga_values",
                "Liga-Werte: fewer doubles count (Kop only)",
                "false",
                values=liga,
                group=OptionGroup.PLAY,
            ),
            *(
                OptionType(
                    f"value_{contract}",
                    f"base value of {CONTRACT_LABELS[contract]}",
                    str(value),
                    minimum=1,
                    maximum=MAX_BASE_VALUE,
                    group=OptionGroup.AMOUNTS,
                )
                for contract, value in BASE_VALUES[rule_set].items()
            ),
        ),
    )


class BaskaKop(Game[Options, DealState]):
    """Baśka and Kop, by the Speedbock rules and the product's rule decisions."""

    game_type = GameType(
        id="baska_kop",
        title="Baśka and Kop",
        dynamics=Dynamics.SEQUENTIAL,
        utility=Utility.ZERO_SUM,
        seat_counts=(SEATS,),
        # Kop first: the rule set a client offers when the player names none.
        rule_sets=tuple(_rule_set_type(rule_set) for rule_set in (RuleSet.KOP, RuleSet.BASKA)),
        actions=(Announce,),
        revealed=BaskaKopRevealed,
        ranking=Ranking(
            place_bonus=PLACE_BONUS,
            leave_penalty=LEAVE_PENALTY,
            rule=(
                "the plus points of the deals you won, and at the end of the Partie a place bonus "
                f"of {', '.join(map(str, PLACE_BONUS))} points; leaving a Partie with other people costs "
                f"{LEAVE_PENALTY} points"
            ),
        ),
        statistics=tuple(Statistic(code, title) for code, title in STATISTIC_TITLES.items()),
    )

    # Options -----------------------------------------------------------------------

    def parse_options(self, rule_set: str, raw: Mapping[str, str]) -> Options:
        try:
            chosen = RuleSet(rule_set)
        except ValueError:
            offered = ", ".join(known.value for known in RuleSet)
            raise InvalidOptionsError(
                f"unknown rule set {quoted(rule_set)}; choose one of: {offered}"
            ) from None
        values = dict(BASE_VALUES[chosen])
        liga_values = False
        deals = MATCH_LENGTHS[0]
        for key, text in raw.items():
            if key == "liga_values":
                if text.lower() not in _TRUE_WORDS:
                    raise InvalidOptionsError(f"liga_values must be true or false, not {quoted(text)}")
                liga_values = _TRUE_WORDS[text.lower()]
                if liga_values and chosen is not RuleSet.KOP:
                    raise InvalidOptionsError("liga_values exists only in the kop rule set")
            elif key == "deals":
                if _whole_number(text) not in MATCH_LENGTHS:
                    lengths = ", ".join(str(length) for length in MATCH_LENGTHS)
                    raise InvalidOptionsError(f"deals must be one of {lengths}, not {quoted(text)}")
                deals = int(text)
            elif key.startswith("value_") and key.removeprefix("value_") in values:
                if not 1 <= _whole_number(text) <= MAX_BASE_VALUE:
                    raise InvalidOptionsError(
                        f"{key} must be a whole number from 1 to {MAX_BASE_VALUE}, not {quoted(text)}"
                    )
                values[Contract(key.removeprefix("value_"))] = int(text)
            else:
                known = ["liga_values", "deals"] + [f"value_{contract}" for contract in values]
                raise InvalidOptionsError(
                    f"unknown option {quoted(key)} for {chosen.value}; known options: {', '.join(known)}"
                )
        return Options(chosen, liga_values, deals, tuple(values.items()))

    def options_to_dict(self, options: Options) -> dict[str, str]:
        result = {
            "rule_set": options.rule_set.value,
            "deals": str(options.deals),
            "liga_values": str(options.liga_values).lower(),
        }
        result.update({f"value_{contract}": str(value) for contract, value in options.base_values})
        return result

    def announcements(self, options: Options) -> tuple[str, ...]:
        return tuple(contract.value for contract in ANNOUNCEMENTS[options.rule_set])

    def rules_detail(self, options: Options) -> BaskaKopRules:
        return BaskaKopRules(self.announcements(options))

    def match_length(self, options: Options) -> MatchLength:
        return MatchLength(deals=options.deals)

    def match_over(self, options: Options, progress: MatchProgress) -> bool:
        return progress.deals_played >= options.deals

    def deal_standings(self, options: Options, result: DealResult) -> tuple[int, ...]:
        """Only the plus points of won deals go to the leaderboards."""
        return tuple(
            max(score, 0) if seat in result.winners else 0 for seat, score in enumerate(result.scores)
        )

    # Dealing -----------------------------------------------------------------------

    def new_deal(
        self, options: Options, seats: int, dealer: int, seed: int, carry: JsonValue = None
    ) -> DealState:
        if seats != SEATS:
            raise InvalidOptionsError(f"Baśka and Kop are played by exactly {SEATS}, not {seats}")
        cards = SeededRandom(seed).shuffled(PACK)
        order = card_order(options.rule_set, Contract.NORMAL)
        hands: list[tuple[Card, ...]] = [()] * SEATS
        for index in range(SEATS):
            seat = (dealer + 1 + index) % SEATS
            chunk = cards[index * CARDS_PER_HAND : (index + 1) * CARDS_PER_HAND]
            hands[seat] = tuple(sorted(chunk, key=order.sort_key))
        return DealState(
            options=options,
            dealer=dealer,
            dealt=tuple(hands),
            hands=[list(hand) for hand in hands],
            turn=(dealer + 1) % SEATS,
        )

    def deal_from_hands(
        self, options: Options, dealer: int, hands: tuple[tuple[Card, ...], ...]
    ) -> DealState:
        """A deal with given hands: for tests, worked examples and solved positions."""
        if len(hands) != SEATS or sorted(map(str, sum(hands, ()))) != sorted(map(str, PACK)):
            raise InvalidOptionsError("hands must be four hands that together make the pack")
        return DealState(
            options=options,
            dealer=dealer,
            dealt=hands,
            hands=[list(hand) for hand in hands],
            turn=(dealer + 1) % SEATS,
        )

    def deal_again(self, state: DealState, seat: int, seed: int) -> DealState:
        played: list[list[Card]] = [[] for _ in range(SEATS)]
        for who, card in [pair for trick in state.tricks for pair in trick.cards] + state.trick:
            played[who].append(card)
        others = [other for other in range(SEATS) if other != seat]
        unseen = SeededRandom(seed).shuffled([card for other in others for card in state.hands[other]])
        order = card_order(state.options.rule_set, Contract.NORMAL)
        hands = list(state.dealt)
        for other in others:
            count = len(state.hands[other])
            hands[other] = tuple(sorted([*unseen[:count], *played[other]], key=order.sort_key))
            unseen = unseen[count:]
        return self.deal_from_hands(state.options, state.dealer, tuple(hands))

    # Turn and legality -------------------------------------------------------------

    def to_act(self, state: DealState) -> frozenset[int]:
        if state.phase is Phase.FINISHED:
            return frozenset()
        return frozenset({state.turn})

    def candidate_actions(self, state: DealState, seat: int) -> tuple[tuple[Action, str], ...]:
        if state.phase is Phase.BIDDING:
            options = state.options
            candidates: list[tuple[Action, str]] = [(Pass(), "Pass")]
            for contract in ANNOUNCEMENTS[options.rule_set]:
                label = f"{CONTRACT_LABELS[contract]} ({POINTS.of(options.base_value(contract))})"
                candidates.append((Announce(contract.value), label))
            level = len(state.doubles) + 1
            cap = options.double_cap(running_contract(state))
            candidates.append((Double(), options.double_name(min(level, max(cap, 1)))))
            return tuple(candidates)
        if state.phase is Phase.PLAY:
            return tuple((PlayCard(card), card.symbol) for card in state.hands[seat])
        return ()

    def meaning(self, state: DealState, action: Action) -> str:
        if isinstance(action, Announce):
            contract = next((known for known in Contract if known.value == action.contract), None)
            return CONTRACT_MEANINGS.get(contract, "") if contract is not None else ""
        if isinstance(action, Double):
            return (
                "doubles the value of the game; it counts only if it comes from the other party "
                "than the double before it, and a higher announcement clears it"
            )
        return ""

    def illegality(self, state: DealState, seat: int, action: Action) -> str | None:
        if isinstance(action, PlayCard) and action.card not in PACK:
            raise InvalidActionError(
                f"{action.card} is not in the 16-card pack (aces, tens, queens and jacks)"
            )
        if state.phase is Phase.BIDDING:
            if isinstance(action, PlayCard):
                return "the bidding is not over yet: pass, announce or double"
            return call_illegality(state, seat, action)
        if isinstance(action, Announce):
            parse_contract(state, action)
        if state.phase is Phase.FINISHED:
            return "the deal is over"
        if not isinstance(action, PlayCard):
            return f"'{action}' is not possible now: the bidding is over, play a card"
        if action.card not in state.hands[seat]:
            return f"you do not hold {action.card.symbol}"
        order = card_order(state.options.rule_set, state.contract)
        reason = order.playable(state.hands[seat], [card for _, card in state.trick])[action.card]
        return reason or None

    # Moves -------------------------------------------------------------------------

    def apply(self, state: DealState, seat: int, action: Action, note: str = "") -> tuple[GameEvent, ...]:
        if state.phase is Phase.BIDDING:
            apply_call(state, seat, action, note)
            if not bidding_over(state):
                return ()
            self._start_play(state)
            return (BiddingEnded(self.view(state, None).contract, PUBLIC),)
        assert isinstance(action, PlayCard)
        state.hands[seat].remove(action.card)
        state.trick.append((seat, action.card))
        # The rule's one reveal: the Wesele partner is known to all once his jack falls.
        revealed: tuple[GameEvent, ...] = ()
        if action.card == state.partner_jack:
            revealed = (GameNotice(PartnerRevealed(seat, action.card), PUBLIC),)
        if len(state.trick) < SEATS:
            state.turn = (seat + 1) % SEATS
            return revealed
        order = card_order(state.options.rule_set, state.contract)
        cards = [card for _, card in state.trick]
        winner = state.trick[order.best_index(cards)][0]
        trick = Trick(state.leader, tuple(state.trick), winner, card_points(cards))
        state.tricks.append(trick)
        state.trick = []
        state.leader = state.turn = winner
        if len(state.tricks) == TRICKS:
            state.phase = Phase.FINISHED
            state.result = settle(state)
        return (*revealed, TrickCompleted(trick, PUBLIC))

    def result(self, state: DealState) -> DealResult | None:
        return state.result

    def phase_of(self, state: DealState) -> str:
        return state.phase.value

    def phase_kind(self, state: DealState) -> PhaseKind:
        return _PHASE_KINDS[state.phase]

    def completed_tricks(self, state: DealState) -> tuple[Trick, ...]:
        return tuple(state.tricks)

    def copy_state(self, state: DealState) -> DealState:
        return state.copy()

    # Views -------------------------------------------------------------------------

    def dealt_hand(self, state: DealState, seat: int) -> tuple[Card, ...]:
        return state.dealt[seat]

    def view(self, state: DealState, viewer: int | None) -> DealView:
        # Everyone sees the running contract's trumps (a Cicha shares the normal game's).
        order = card_order(state.options.rule_set, running_contract(state))
        hand: tuple[HandCard, ...] = ()
        choices: tuple[Choice, ...] = ()
        if viewer is not None:
            cards = sorted(state.hands[viewer], key=order.sort_key)
            all_choices = self.choices(state, viewer)
            card_verdicts = {
                choice.action.card: choice for choice in all_choices if isinstance(choice.action, PlayCard)
            }
            hand = tuple(
                HandCard(card, card_verdicts[card].allowed, card_verdicts[card].reason)
                if card in card_verdicts
                else HandCard(card, False, self._why_no_card(state))
                for card in cards
            )
            choices = tuple(choice for choice in all_choices if not isinstance(choice.action, PlayCard))
        known = knowledge(state, viewer)
        fallen = {card for trick in state.tricks for _, card in trick.cards}
        fallen |= {card for _, card in state.trick}
        own = set(state.hands[viewer]) if viewer is not None else set()
        ladder = tuple(LadderRung(card, card in own, card in fallen) for card in order.trumps)
        contract = self._contract_view(state, known)
        card_points = (
            state.result.card_points
            if state.result is not None
            else tuple(
                sum(trick.points for trick in state.tricks if trick.winner == seat) for seat in range(SEATS)
            )
        )
        return DealView(
            viewer=viewer,
            phase=state.phase.value,
            dealer=state.dealer,
            to_act=self.to_act(state),
            hand=hand,
            hand_sizes=tuple(len(cards) for cards in state.hands),
            choices=choices,
            contract=contract,
            ladder=ladder,
            badges=badges(state, known),
            history=self._history(state, known),
            current_trick=Trick(state.leader, tuple(state.trick)) if state.phase is Phase.PLAY else None,
            tricks=tuple(state.tricks),
            card_points=card_points,
            result=state.result,
            dealt_hand=self.dealt_hand(state, viewer) if viewer is not None else (),
            parties=_parties(known.sides, Contract(contract.code), card_points),
            game_view=BaskaKopView(contract.code),
        )

    def revealed(self, state: DealState, seat: int) -> BaskaKopRevealed:
        return BaskaKopRevealed(
            tuple(
                Side.UNKNOWN if side is None else Side.DECLARING if side else Side.DEFENDING
                for side in known_sides(state, seat)
            )
        )

    # Private helpers ---------------------------------------------------------------

    def _start_play(self, state: DealState) -> None:
        settle_contract(state)
        if state.contract is Contract.KOP:
            state.phase = Phase.FINISHED
            state.result = settle(state)
            return
        state.phase = Phase.PLAY
        state.leader = state.turn = (state.dealer + 1) % SEATS

    @staticmethod
    def _why_no_card(state: DealState) -> str:
        if state.phase is Phase.BIDDING:
            return "the bidding is not over yet"
        return "the deal is over"

    def _contract_view(self, state: DealState, known: Knowledge) -> ContractView:
        if state.phase is Phase.FINISHED:
            contract = state.contract
            declarer = min(state.declarers) if len(state.declarers) == 1 else state.announcer
        elif state.announced is not None:
            contract, declarer = state.announced, state.announcer
        elif known.cicha:
            contract, declarer = Contract.CICHA, known.sides.index(True)
        else:
            contract, declarer = Contract.NORMAL, None
        if contract in GRAN_CONTRACTS:
            trump_note = "only the four jacks are trump; in every suit ace, ten, queen"
        else:
            count = len(card_order(state.options.rule_set, contract).trumps)
            trump_note = f"{count} trumps, highest first as the ladder shows"
        if contract in SOLO_ANNOUNCEMENTS or contract is Contract.CICHA:
            trump_note += "; one plays alone against three"
        return ContractView(contract.value, CONTRACT_LABELS[contract], declarer, trump_note)

    def _history(self, state: DealState, known: Knowledge) -> tuple[HistoryEntry, ...]:
        options = state.options
        verdicts = dict(
            zip(
                state.doubles,
                double_verdicts(options, state.double_seats, lambda seat: known.sides[seat], known.cicha),
                strict=True,
            )
        )
        entries = []
        for index, call in enumerate(state.calls):
            if isinstance(call.action, Pass):
                entries.append(HistoryEntry(call.seat, call.action, "Pass", note=call.note))
            elif isinstance(call.action, Announce):
                contract = parse_contract(state, call.action)
                entries.append(
                    HistoryEntry(call.seat, call.action, CONTRACT_LABELS[contract], note=call.note)
                )
            elif call.cleared_by is not None:
                entries.append(
                    HistoryEntry(
                        call.seat,
                        call.action,
                        options.double_name(call.level),
                        DoubleStatus.CLEARED,
                        f"cleared when {CONTRACT_LABELS[call.cleared_by]} was announced",
                        call.note,
                    )
                )
            else:
                status, status_note = verdicts[index]
                entries.append(
                    HistoryEntry(
                        call.seat,
                        call.action,
                        options.double_name(call.level),
                        status,
                        status_note,
                        call.note,
                    )
                )
        return tuple(entries)


def _whole_number(text: str) -> int:
    """The number ``text`` spells in ASCII digits (at most six), else -1."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else -1


def _parties(
    sides: tuple[bool | None, ...], contract: Contract, card_points: tuple[int, ...]
) -> tuple[Party, ...]:
    """The parties as the viewer knows them (seats he cannot place apart), with their points."""
    declaring, defending = PARTY_NAMES.get(contract, SOLO_PARTY_NAMES)
    parties = []
    for label, side in ((declaring, True), (defending, False), (UNPLACED_PARTY, None)):
        seats = frozenset(seat for seat in range(SEATS) if sides[seat] is side)
        if seats:
            parties.append(Party(label, seats, sum(card_points[seat] for seat in seats)))
    return tuple(parties)
