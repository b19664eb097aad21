"""The rules object of Bela: options, the Partie, legality, moves, views and results.

The deal itself lives in ``deal``; this module speaks the engine's ``Game`` interface.
Decisions where the texts are silent (with those of the other modules):

* Both sides over the target after a deal: the higher total wins; equal totals play
  another deal. Belot ends the Partie at once and its holder's party wins.
* The Bestenliste counts a tenth of one's score after each deal (rounded down), the
  place bonus 30 / 15 / 5 at the end; leaving a Partie with other people costs 10.
* A deal's winners are the caller's party when it passed, else its opponents.
* At four the pairs are placed: the losing pair is second.
* A thrown-in deal shows no cards at its settlement; a Belot shows only the Belot hand.
* Forgetting to declare under "Zvanja selbst" is not announced: it would tell the table
  that one holds a meld.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.actions import Action, Announce, Double, Pass, PlayCard
from engine.bela.blocks import (
    BelaDeclaration,
    BelaDeclaredMelds,
    BelaRevealed,
    BelaRules,
    BelaSaid,
    BelaSettlement,
    BelaView,
    Belot,
    Declare,
    Declared,
    MeldsShown,
    TalonTaken,
)
from engine.bela.constants import (
    LEAVE_PENALTY,
    PACK,
    PLACE_BONUS,
    PLAIN_ORDER,
    SEAT_COUNTS,
    SUIT_WORDS,
    SUITS,
    TARGETS,
    BelotRule,
    Display,
    Options,
    TalonRule,
)
from engine.bela.deal import (
    DealState,
    DeclareKind,
    Phase,
    choose_trump,
    comparison,
    deal,
    declare,
    declare_illegality,
    outcome,
    party_of,
    play,
    play_illegality,
    playable,
    shown_melds,
    trump_illegality,
)
from engine.bela.play import TrickOrder
from engine.bela.results import TRUMP, deal_result, trump_label
from engine.bela.zvanja import MeldKind
from engine.cards import Card
from engine.errors import InvalidActionError, InvalidOptionsError, quoted
from engine.game import (
    PUBLIC,
    BiddingEnded,
    Choice,
    ContractView,
    DealResult,
    DealView,
    Declaration,
    Dynamics,
    Game,
    GameEvent,
    GameNotice,
    GameType,
    HandCard,
    HistoryEntry,
    JsonValue,
    MatchLength,
    MatchProgress,
    OptionGroup,
    OptionType,
    PhaseKind,
    Ranking,
    RuleSetType,
    Trick,
    TrickCompleted,
    Utility,
    seats_only,
)
from engine.options import switch
from engine.seeding import SeededRandom

RULE_SET = "speedbela"
_PHASE_KINDS = {Phase.TRUMP: PhaseKind.BIDDING, Phase.PLAY: PhaseKind.PLAY, Phase.FINISHED: PhaseKind.OVER}
_SWITCHES = {"true": True, "false": False}
_OPTIONS = (
    OptionType(
        "target",
        "points that win the Partie",
        "1001",
        values=tuple(map(str, TARGETS)),
        group=OptionGroup.AMOUNTS,
    ),
    OptionType(
        "talon",
        "verdeckt: the talon lies face down from the deal on; nachgeben: it is dealt after the trump choice",
        TalonRule.FACE_DOWN.value,
        values=tuple(rule.value for rule in TalonRule),
        group=OptionGroup.PLAY,
        words=(
            (TalonRule.FACE_DOWN.value, "verdeckt: face down from the deal on"),
            (TalonRule.DEALT_AFTER.value, "nachgeben: dealt after the trump choice"),
        ),
    ),
    switch(
        "neu_geben",
        "when everyone says dalje, deal again instead of the dealer having to choose",
        group=OptionGroup.PLAY,
    ),
    switch(
        "zvanja_selbst",
        "declare your melds and Bela yourself before your card, or lose them",
        group=OptionGroup.PLAY,
    ),
    OptionType(
        "belot",
        "Belot (all eight of a suit) wins the Partie (partie) or counts 100 (hundert)",
        BelotRule.WINS_PARTIE.value,
        values=tuple(rule.value for rule in BelotRule),
        group=OptionGroup.PLAY,
        words=((BelotRule.WINS_PARTIE.value, "wins the Partie"), (BelotRule.COUNTS_100.value, "counts 100")),
    ),
    switch("counter_clockwise", "play passes to the right, the Croatian way", group=OptionGroup.PLAY),
    OptionType(
        "cards",
        "the pack shown: deutsch or franzoesisch",
        Display.GERMAN.value,
        values=tuple(display.value for display in Display),
        group=OptionGroup.PLAY,
        words=(
            (Display.GERMAN.value, "German pack (deutsch)"),
            (Display.FRENCH.value, "French pack (französisch)"),
        ),
    ),
)


class Bela(Game[Options, DealState]):
    """Croatian Bela (Speedbela) for 2, 3 and 4 players."""

    game_type = GameType(
        id="bela",
        title="Bela",
        dynamics=Dynamics.SEQUENTIAL,
        utility=Utility.GENERAL_SUM,
        seat_counts=SEAT_COUNTS,
        rule_sets=(RuleSetType(RULE_SET, "Speedbela", _OPTIONS),),
        actions=(Announce, Declare),
        revealed=BelaRevealed,
        ranking=Ranking(
            place_bonus=PLACE_BONUS,
            leave_penalty=LEAVE_PENALTY,
            rule=(
                "a tenth of your points after each deal, and at the end of the Partie a place bonus "
                f"of {', '.join(map(str, PLACE_BONUS))} points; leaving a Partie with other people costs "
                f"{LEAVE_PENALTY} points"
            ),
        ),
    )

    # Options and the Partie ----------------------------------------------------------

    def parse_options(self, rule_set: str, raw: Mapping[str, str]) -> Options:
        if rule_set != RULE_SET:
            raise InvalidOptionsError(f"unknown rule set {quoted(rule_set)}; choose {RULE_SET}")
        values = {option.key: option.default for option in _OPTIONS}
        for key, text in raw.items():
            option = next((option for option in _OPTIONS if option.key == key), None)
            if option is None:
                known = ", ".join(option.key for option in _OPTIONS)
                raise InvalidOptionsError(f"unknown option {quoted(key)} for Bela; known options: {known}")
            if text not in option.values:
                raise InvalidOptionsError(
                    f"{key} must be one of {', '.join(option.values)}, not {quoted(text)}"
                )
            values[key] = text
        return Options(
            talon=TalonRule(values["talon"]),
            dealer_must_choose=not _SWITCHES[values["neu_geben"]],
            declare_yourself=_SWITCHES[values["zvanja_selbst"]],
            belot=BelotRule(values["belot"]),
            target=int(values["target"]),
            counter_clockwise=_SWITCHES[values["counter_clockwise"]],
            display=Display(values["cards"]),
        )

    def options_to_dict(self, options: Options) -> dict[str, str]:
        return {
            "rule_set": RULE_SET,
            "target": str(options.target),
            "talon": options.talon.value,
            "neu_geben": str(not options.dealer_must_choose).lower(),
            "zvanja_selbst": str(options.declare_yourself).lower(),
            "belot": options.belot.value,
            "counter_clockwise": str(options.counter_clockwise).lower(),
            "cards": options.display.value,
        }

    def announcements(self, options: Options) -> tuple[str, ...]:
        return (TRUMP,)

    def rules_detail(self, options: Options) -> BelaRules:
        return BelaRules(
            options.target,
            options.talon.value,
            options.dealer_must_choose,
            options.declare_yourself,
            options.belot.value,
            options.counter_clockwise,
        )

    def match_length(self, options: Options) -> MatchLength:
        return MatchLength(target_points=options.target)

    def match_over(self, options: Options, progress: MatchProgress) -> bool:
        if _belot_seat(progress.last) >= 0:
            return True
        best = max(progress.totals)
        if best < options.target:
            return False
        leaders = {
            party_of(len(progress.totals), seat)
            for seat, total in enumerate(progress.totals)
            if total == best
        }
        return len(leaders) == 1

    def match_winners(self, options: Options, progress: MatchProgress) -> frozenset[int]:
        seats = len(progress.totals)
        belot = _belot_seat(progress.last)
        if belot >= 0:
            return frozenset(seat for seat in range(seats) if party_of(seats, seat) == party_of(seats, belot))
        return super().match_winners(options, progress)

    def match_places(
        self, options: Options, totals: tuple[int, ...], winners: frozenset[int] = frozenset()
    ) -> tuple[int, ...]:
        """At four the pairs are placed: the losing pair is second, both partners alike."""
        places = super().match_places(options, totals, winners)
        if len(totals) != 4:
            return places
        return tuple(1 if place == 1 else 2 for place in places)

    def next_dealer(self, options: Options, seats: int, dealer: int, result: DealResult) -> int:
        if result.redeal:
            return dealer
        step = -1 if options.counter_clockwise else 1
        return (dealer + step) % seats

    def deal_standings(self, options: Options, result: DealResult) -> tuple[int, ...]:
        return tuple(max(score, 0) // 10 for score in result.scores)

    # Dealing ---------------------------------------------------------------------------

    def new_deal(
        self, options: Options, seats: int, dealer: int, seed: int, carry: JsonValue = None
    ) -> DealState:
        reason = self.check_seats(options, seats)
        if reason is not None:
            raise InvalidOptionsError(reason)
        return deal(options, seats, dealer, seed)

    def deal_again(self, state: DealState, seat: int, seed: int) -> DealState:
        """The deal as dealt, with the cards ``seat`` has not seen (the others' hands and
        talons, the Kup, and its own talon before the trump choice) dealt anew among those
        places, keeping every card it saw played or shown where it was."""
        seen = set(state.dealt[seat])
        if state.trump is not None:
            seen |= set(state.talons_dealt[seat])
        for trick in [*state.tricks, *([state.trick] if state.trick is not None else [])]:
            seen |= {card for _, card in trick.cards}
        seen |= {card for cards in shown_melds(state) for card in cards}
        unseen = SeededRandom(seed).shuffled(sorted(set(PACK) - seen, key=str))
        again = deal(state.options, state.seats, state.dealer, 0)
        again.hands = [[card if card in seen else unseen.pop() for card in hand] for hand in state.dealt]
        again.talons = [
            [card if card in seen else unseen.pop() for card in talon] for talon in state.talons_dealt
        ]
        again.kup = tuple(card if card in seen else unseen.pop() for card in state.kup)
        again.dealt = [tuple(hand) for hand in again.hands]
        again.talons_dealt = [tuple(talon) for talon in again.talons]
        return again

    # Turn and legality -----------------------------------------------------------------

    def to_act(self, state: DealState) -> frozenset[int]:
        return frozenset() if state.phase is Phase.FINISHED else frozenset({state.turn})

    def candidate_actions(self, state: DealState, seat: int) -> tuple[tuple[Action, str], ...]:
        if state.phase is Phase.TRUMP:
            words = SUIT_WORDS[state.options.display]
            return (
                (Pass(), "Dalje"),
                *((Announce(TRUMP, suit), f"{suit.symbol} {words[suit]}") for suit in SUITS),
            )
        if state.phase is Phase.PLAY:
            declarations: tuple[tuple[Action, str], ...] = ()
            if state.options.declare_yourself:
                declarations = ((Declare(DeclareKind.ZVANJA), "Melden"), (Declare(DeclareKind.BELA), "Bela"))
            return (*declarations, *((PlayCard(card), card.symbol) for card in state.hands[seat]))
        return ()

    def meaning(self, state: DealState, action: Action) -> str:
        if isinstance(action, Announce):
            return "makes this suit trump; you then need more than half of all points with your party"
        if isinstance(action, Declare) and action.kind is DeclareKind.ZVANJA:
            return (
                "declares all your melds; only the party with the strongest one scores, then all of its melds"
            )
        if isinstance(action, Declare):
            return "King and Queen of trump in your hand: 20, said as you play the first of them"
        return ""

    def shortcut(self, action: Action) -> str:
        """n for dalje ("next"), the suit's letter for a trump (c, s, h, d), m for Melden,
        b for Bela."""
        if isinstance(action, Pass):
            return "n"
        if isinstance(action, Announce) and action.suit is not None:
            return action.suit.letter.lower()
        if isinstance(action, Declare):
            return "m" if action.kind is DeclareKind.ZVANJA else "b"
        return ""

    def illegality(self, state: DealState, seat: int, action: Action) -> str | None:
        if isinstance(action, PlayCard) and action.card not in PACK:
            raise InvalidActionError(f"{action.card} is not in Bela's 32-card pack (7 to ace)")
        if isinstance(action, Announce) and (action.contract != TRUMP or action.suit is None):
            raise InvalidActionError(
                f"'{action}' is not a Bela call: choose a trump with 'announce trump C|S|H|D'"
            )
        if isinstance(action, Double):
            raise InvalidActionError("Bela has no doubles")
        if state.phase is Phase.FINISHED:
            return "the deal is over"
        if isinstance(action, Declare):
            return declare_illegality(state, seat, action.kind)
        if state.phase is Phase.TRUMP:
            if isinstance(action, Pass | Announce):
                return trump_illegality(state, seat, action.suit if isinstance(action, Announce) else None)
            return "the trump is not chosen yet: choose a suit or say dalje"
        if isinstance(action, PlayCard):
            return play_illegality(state, seat, action.card)
        return "the trump is chosen: play a card"

    # Moves -----------------------------------------------------------------------------

    def apply(self, state: DealState, seat: int, action: Action, note: str = "") -> tuple[GameEvent, ...]:
        if isinstance(action, Pass | Announce):
            talons = [tuple(talon) for talon in state.talons]
            choose_trump(state, seat, action.suit if isinstance(action, Announce) else None)
            if state.phase is not Phase.PLAY:
                return ()
            taken = (
                GameNotice(TalonTaken(other, talons[other]), seats_only(other))
                for other in range(state.seats)
            )
            return (BiddingEnded(self._contract_view(state), PUBLIC), *taken)
        if isinstance(action, Declare):
            declare(state, seat, action.kind)
            if action.kind is DeclareKind.BELA:
                assert state.trump is not None
                return (GameNotice(BelaSaid(seat, state.trump), PUBLIC),)
            return self._declared(state, seat)
        assert isinstance(action, PlayCard)
        first_card = not state.held[seat]
        bela_before = state.bela_seat
        tricks_before = len(state.tricks)
        trick = play(state, seat, action.card)
        events: list[GameEvent] = []
        if first_card and not state.options.declare_yourself:
            events += self._declared(state, seat)
        if state.bela_seat == seat != bela_before and not state.options.declare_yourself:
            assert state.trump is not None
            events.append(GameNotice(BelaSaid(seat, state.trump), PUBLIC))
        if trick is not None:
            events.append(TrickCompleted(self._trick(state, trick.leader, trick.cards, trick.winner), PUBLIC))
            if tricks_before == 0:
                for shower, cards in enumerate(shown_melds(state)):
                    if cards:
                        events.append(GameNotice(MeldsShown(shower, cards), PUBLIC))
        return tuple(events)

    def result(self, state: DealState) -> DealResult | None:
        if state.phase is not Phase.FINISHED:
            return None
        return deal_result(state, outcome(state))

    # State -----------------------------------------------------------------------------

    def phase_of(self, state: DealState) -> str:
        return state.phase.value

    def phase_kind(self, state: DealState) -> PhaseKind:
        return _PHASE_KINDS[state.phase]

    def completed_tricks(self, state: DealState) -> tuple[Trick, ...]:
        return tuple(self._trick(state, trick.leader, trick.cards, trick.winner) for trick in state.tricks)

    def copy_state(self, state: DealState) -> DealState:
        return state.copy()

    # Views -----------------------------------------------------------------------------

    def dealt_hand(self, state: DealState, seat: int) -> tuple[Card, ...]:
        return state.dealt[seat]

    def view(self, state: DealState, viewer: int | None) -> DealView:
        order = TrickOrder(state.trump) if state.trump is not None else None
        hand: tuple[HandCard, ...] = ()
        choices: tuple[Choice, ...] = ()
        if viewer is not None:
            cards = sorted(state.hands[viewer], key=order.sort_key if order else _plain_key)
            verdicts = playable(state, viewer) if state.phase is not Phase.FINISHED else {}
            hand = tuple(
                HandCard(
                    card, not verdicts.get(card, "the deal is over"), verdicts.get(card, "the deal is over")
                )
                for card in cards
            )
            choices = tuple(
                choice for choice in self.choices(state, viewer) if not isinstance(choice.action, PlayCard)
            )
        result = self.result(state)
        return DealView(
            viewer=viewer,
            phase=state.phase.value,
            dealer=state.dealer,
            to_act=self.to_act(state),
            hand=hand,
            hand_sizes=tuple(len(cards) for cards in state.hands),
            choices=choices,
            contract=self._contract_view(state) if state.trump is not None else None,
            ladder=(),
            badges=tuple(frozenset() for _ in range(state.seats)),
            history=tuple(
                HistoryEntry(
                    seat,
                    Announce(TRUMP, suit) if suit else Pass(),
                    f"{suit.symbol} {SUIT_WORDS[state.options.display][suit]}" if suit else "Dalje",
                )
                for seat, suit in state.calls
            ),
            current_trick=(
                self._trick(state, state.trick.leader, state.trick.cards, None)
                if state.trick is not None and state.phase is Phase.PLAY
                else None
            ),
            tricks=self.completed_tricks(state),
            card_points=self._card_points(state),
            result=result,
            dealt_hand=self.dealt_hand(state, viewer) if viewer is not None else (),
            shown=shown_melds(state),
            declarations=self._seat_declarations(state),
            game_view=BelaView(
                trump=state.trump.letter if state.trump else "",
                caller=state.caller,
                talon_sizes=tuple(len(talon) for talon in state.talons),
                kup_size=len(state.kup),
                declarations=self._declarations(state),
                bela_seat=state.bela_seat,
                target=state.options.target,
            ),
        )

    def revealed(self, state: DealState, seat: int) -> BelaRevealed:
        """The declarations as cards (their words name them), Bela, and who has started."""
        declared = tuple(
            BelaDeclaredMelds(
                declarer,
                tuple(dict.fromkeys(card for meld in melds if meld.value for card in meld.cards)),
                sum(meld.value for meld in melds),
            )
            for declarer, melds in state.declared.items()
            if any(meld.value for meld in melds)
        )
        started = tuple(other for other in range(state.seats) if state.held[other])
        return BelaRevealed(declared, state.bela_seat, started)

    # Private helpers -------------------------------------------------------------------

    def _contract_view(self, state: DealState) -> ContractView:
        assert state.trump is not None
        note = "trump J 9 A 10 K Q 8 7; the caller's party needs more than half of all points"
        return ContractView(TRUMP, trump_label(state), state.caller, note)

    def _declared(self, state: DealState, seat: int) -> tuple[GameEvent, ...]:
        melds = state.declared.get(seat, ())
        events: list[GameEvent] = []
        if any(meld.value for meld in melds):
            texts = tuple(meld.text(state.options.display) for meld in melds if meld.value)
            events.append(GameNotice(Declared(seat, texts, sum(meld.value for meld in melds)), PUBLIC))
        if state.belot_seat == seat:
            suit = next(meld.cards[0].suit for meld in melds if meld.kind is MeldKind.BELOT)
            events.append(GameNotice(Belot(seat, suit), PUBLIC))
        return tuple(events)

    def _declarations(self, state: DealState) -> tuple[BelaDeclaration, ...]:
        best = comparison(state)
        declarations = []
        for seat in range(state.seats):
            melds = [meld for meld in state.declared.get(seat, ()) if meld.value]
            if melds:
                if best is not None and best.seat == seat:
                    verdict, reason = "leads", ""
                elif best is not None and party_of(state.seats, seat) == party_of(state.seats, best.seat):
                    verdict, reason = "counts", "the partner's declaration leads"
                else:
                    verdict, reason = "beaten", best.beaten.get(seat, "") if best is not None else ""
                texts = tuple(meld.text(state.options.display) for meld in melds)
                declarations.append(
                    BelaDeclaration(seat, texts, sum(meld.value for meld in melds), verdict, reason)
                )
        return tuple(declarations)

    def _seat_declarations(self, state: DealState) -> tuple[tuple[Declaration, ...], ...]:
        """Per seat its declaration in words with its verdict; the cards stay in the hand
        until the strongest party shows them after the first trick."""
        by_seat: list[tuple[Declaration, ...]] = [() for _ in range(state.seats)]
        for declaration in self._declarations(state):
            why = f", {declaration.reason}" if declaration.reason else ""
            label = f"{' · '.join(declaration.melds)} ({declaration.verdict}{why})"
            by_seat[declaration.seat] = (Declaration("zvanja", label, (), declaration.value),)
        return tuple(by_seat)

    @staticmethod
    def _trick(state: DealState, leader: int, cards: list[tuple[int, Card]], winner: int | None) -> Trick:
        points = TrickOrder(state.trump).points([card for _, card in cards]) if state.trump else 0
        return Trick(leader, tuple(cards), None if winner is None or winner < 0 else winner, points)

    @staticmethod
    def _card_points(state: DealState) -> tuple[int, ...]:
        """Per seat the card points its party has taken so far."""
        if state.trump is None:
            return (0,) * state.seats
        order = TrickOrder(state.trump)
        by_party: dict[int, int] = {}
        for trick in state.tricks:
            party = party_of(state.seats, trick.winner)
            by_party[party] = by_party.get(party, 0) + order.points([card for _, card in trick.cards])
        return tuple(by_party.get(party_of(state.seats, seat), 0) for seat in range(state.seats))


def _belot_seat(result: DealResult) -> int:
    detail = result.detail
    return detail.belot_seat if isinstance(detail, BelaSettlement) else -1


def _plain_key(card: Card) -> tuple[int, int]:
    """Before the trump is chosen: by suit, each from its highest card."""
    return (int(card.suit), PLAIN_ORDER.index(card.rank))
