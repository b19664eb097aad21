"""The rules object of Schafkopf: options, the match, legality, moves, views and results.

The deal itself lives in ``deal``; this module speaks the engine's ``Game`` interface.
Decisions where the texts are silent (with those of the other modules):

* A match is an agreed number of deals (4·n, default 8); a thrown-in deal counts as one
  of them, and the next dealer deals. The Stock is carried from deal to deal.
* The long pack is for four players only; three and two play the short pack. Partner
  games (Rufspiel, Hochzeit) need four; a Stock is paid out only in a partner game, so
  it needs four too; two players have no Ramsch, no Sie and no "muss" (the Eichel-Ober
  may lie face down).
* A deal's winners are the side that won the game; in a Ramsch everyone but the loser.
* The partner of a Rufspiel is shown to the others (a badge) once the called Sau has
  fallen or he gave Re; he knows it himself from the start.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.actions import Action, Announce, Double, Pass, PlayCard
from engine.cards import Card, Suit
from engine.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionsError,
    NotYourTurnError,
    quoted,
)
from engine.game import (
    CENTS,
    PUBLIC,
    BiddingEnded,
    Choice,
    Counter,
    DealResult,
    DealView,
    Dynamics,
    Game,
    GameEvent,
    GameNotice,
    GameType,
    HandCard,
    JsonValue,
    MatchLength,
    MatchProgress,
    PhaseKind,
    RuleSetType,
    Trick,
    TrickCompleted,
    Utility,
    seats_only,
)
from engine.schafkopf import views
from engine.schafkopf.blocks import (
    CardGiven,
    CardTurned,
    GiveCard,
    HochzeitOffered,
    PartnerRevealed,
    SchafkopfRevealed,
    SchafkopfRules,
    SchafkopfSettlement,
    SchafkopfView,
    SecondHalfDealt,
)
from engine.schafkopf.constants import (
    EICHEL_OBER,
    PARTNER_GAMES,
    RANK_IN_BIDDING,
    SEAT_COUNTS,
    SUITS,
    WITH_SUIT,
    Kind,
    Options,
    card_name,
    pack_cards,
)
from engine.schafkopf.deal import (
    Contract,
    DealState,
    Phase,
    announce,
    announce_illegality,
    answer_first_half,
    deal,
    dealt_state,
    double,
    double_illegality,
    doublers,
    give,
    give_illegality,
    pass_illegality,
    play,
    play_illegality,
    playable,
    seen_dealt,
    stand_up_illegality,
    trick_order,
)
from engine.schafkopf.options import RULE_SETS, parse, seats_problem, to_dict
from engine.schafkopf.play import TrickOrder
from engine.schafkopf.results import deal_result, game_label
from engine.seeding import SeededRandom

# The announceable games, lowest first.
_ANNOUNCED = tuple(sorted(RANK_IN_BIDDING, key=lambda kind: RANK_IN_BIDDING[kind]))
_PHASE_KINDS = {
    Phase.FIRST_HALF: PhaseKind.BIDDING,
    Phase.BIDDING: PhaseKind.BIDDING,
    Phase.HOCHZEIT: PhaseKind.OTHER,
    Phase.PLAY: PhaseKind.PLAY,
    Phase.FINISHED: PhaseKind.OVER,
}


class Schafkopf(Game[Options, DealState]):
    """Bavarian Schafkopf for 4 players (long or short pack), 3 and 2 (short pack)."""

    game_type = GameType(
        id="schafkopf",
        title="Schafkopf",
        dynamics=Dynamics.SEQUENTIAL,
        # What the seats pay and receive adds up to zero with the Stock, not without it.
        utility=Utility.GENERAL_SUM,
        seat_counts=SEAT_COUNTS,
        rule_sets=tuple(RuleSetType(key, title, options) for key, (title, options) in RULE_SETS.items()),
        actions=(Announce, GiveCard),
        revealed=SchafkopfRevealed,
        # The game is played for money, by the table's tariff.
        unit=CENTS,
    )

    # Options and the match -----------------------------------------------------------

    def parse_options(self, rule_set: str, raw: Mapping[str, str]) -> Options:
        return parse(rule_set, raw)

    def options_to_dict(self, options: Options) -> dict[str, str]:
        return to_dict(options)

    def check_seats(self, options: Options, seats: int) -> str | None:
        return super().check_seats(options, seats) or seats_problem(options, seats)

    def announcements(self, options: Options) -> tuple[str, ...]:
        return tuple(kind.value for kind in _ANNOUNCED if options.offers(kind))

    def rules_detail(self, options: Options) -> SchafkopfRules:
        tariff = options.tariff
        return SchafkopfRules(
            options.pack,
            tariff.partner,
            tariff.solo,
            tariff.schneider,
            tariff.schwarz,
            tariff.laufende,
            tariff.ramsch,
            tariff.bettel,
            tariff.stock,
            options.laufende_from,
            options.laufende_from_wenz_geier,
            tuple(kind for kind in _ANNOUNCED if options.offers(kind)),
            options.all_pass,
            options.deals,
        )

    def match_length(self, options: Options) -> MatchLength:
        return MatchLength(deals=options.deals)

    def match_over(self, options: Options, progress: MatchProgress) -> bool:
        return progress.deals_played >= options.deals

    def initial_carry(self, options: Options, seats: int) -> JsonValue:
        return {"stock": 0}

    def carry_after(self, options: Options, carry: JsonValue, result: DealResult) -> JsonValue:
        change = result.detail.stock_change if isinstance(result.detail, SchafkopfSettlement) else 0
        return {"stock": _stock(carry) + change}

    # Dealing ---------------------------------------------------------------------------

    def new_deal(
        self, options: Options, seats: int, dealer: int, seed: int, carry: JsonValue = None
    ) -> DealState:
        reason = self.check_seats(options, seats)
        if reason is not None:
            raise InvalidOptionsError(reason)
        return deal(options, seats, dealer, seed, _stock(carry))

    def deal_again(self, state: DealState, seat: int, seed: int) -> DealState:
        """The deal as dealt, with every card ``seat`` has not seen dealt anew among the
        places that hold one, keeping what it saw (its own cards as far as dealt to it,
        cards played, the Hochzeit's trump and the card it gave or got, face-up cards)
        where it was, and the Eichel-Ober once "muss" has named its holder."""
        seen = set(seen_dealt(state, seat))
        for trick in [*state.tricks, *([state.trick] if state.trick is not None else [])]:
            seen |= {card for _, card in trick.cards}
        if state.hochzeit_card is not None:
            seen.add(state.hochzeit_card)
        if state.forced:
            seen.add(EICHEL_OBER)
        seen |= {
            card for giver, card in state.offers if card is not None and seat in (giver, _declarer(state))
        }
        if state.seats == 2:
            for other in range(state.seats):
                seen |= set(seen_dealt(state, other))
        unseen = SeededRandom(seed).shuffled(sorted(set(pack_cards(state.options.pack)) - seen, key=str))
        dealt = [tuple(card if card in seen else unseen.pop() for card in hand) for hand in state.dealt]
        return dealt_state(state.options, state.dealer, dealt, state.stock)

    # Turn and legality -----------------------------------------------------------------

    def to_act(self, state: DealState) -> frozenset[int]:
        return frozenset() if state.phase is Phase.FINISHED else frozenset({state.turn})

    def may_act(self, state: DealState) -> frozenset[int]:
        return doublers(state)

    def candidate_actions(self, state: DealState, seat: int) -> tuple[tuple[Action, str], ...]:
        if state.phase is Phase.FIRST_HALF:
            return ((Double(), "Aufstellen"), (Pass(), "Weiter"))
        if state.phase is Phase.BIDDING:
            return (
                (Pass(), "Weiter"),
                *(
                    (announcement, game_label(_contract(announcement, seat)))
                    for announcement in self._announcements(state)
                ),
            )
        if state.phase is Phase.HOCHZEIT:
            gives = ((GiveCard(card), f"Nehmen, {card_name(card)} geben") for card in state.hands[seat])
            return ((Pass(), "Nicht nehmen"), *gives)
        if state.phase is Phase.PLAY:
            contract = state.contract
            assert contract is not None
            doubles: tuple[tuple[Action, str], ...] = ()
            if state.options.kontra and contract.kind is not Kind.RAMSCH and len(state.stoss) < 2:
                doubles = ((Double(), "Re" if state.stoss else "Kontra"),)
            return (*doubles, *((PlayCard(card), card_name(card)) for card in state.hands[seat]))
        return ()

    def meaning(self, state: DealState, action: Action) -> str:
        if isinstance(action, Announce):
            return _MEANINGS.get(Kind(action.contract), "")
        if isinstance(action, Double) and state.phase is Phase.FIRST_HALF:
            return "doubles the price of whatever game is played"
        if isinstance(action, GiveCard):
            return "you play with the Hochzeiter: his trump for this card"
        return ""

    def check(self, state: DealState, seat: int, action: Action) -> None:
        """As every game checks, but a Kontra or Re out of its window is refused with its
        own reason rather than as a move out of turn (a double may come at any time)."""
        if isinstance(action, Double) and state.phase is Phase.PLAY:
            reason = double_illegality(state, seat)
            if reason is not None and seat not in self.to_act(state):
                raise NotYourTurnError(reason)
            if reason is not None:
                raise IllegalActionError(reason)
        super().check(state, seat, action)

    def choices(self, state: DealState, seat: int) -> tuple[Choice, ...]:
        """As every game's, with a greyed Kontra or Re giving its own reason, as ``check`` does."""
        offered = super().choices(state, seat)
        if state.phase is not Phase.PLAY:
            return offered
        return tuple(
            replace(choice, reason=double_illegality(state, seat) or choice.reason)
            if isinstance(choice.action, Double) and not choice.allowed
            else choice
            for choice in offered
        )

    def public_action(self, action: Action) -> tuple[Action, str] | None:
        """The card given for a Hochzeit's trump is told to the Hochzeiter only."""
        if isinstance(action, GiveCard):
            return GiveCard(None), "Nimmt die Hochzeit"
        return None

    def illegality(self, state: DealState, seat: int, action: Action) -> str | None:
        pack = pack_cards(state.options.pack)
        if isinstance(action, GiveCard) and action.card is None:
            raise InvalidActionError("'give' names the card you give the Hochzeiter, e.g. 'give 7D'")
        if isinstance(action, PlayCard | GiveCard) and action.card not in pack:
            raise InvalidActionError(f"{action.card} is not in this table's {state.options.pack.value} pack")
        if isinstance(action, Announce):
            _check_announcement(action)
        if state.phase is Phase.FINISHED:
            return "the deal is over"
        if state.phase is Phase.FIRST_HALF:
            if isinstance(action, Double | Pass):
                return stand_up_illegality(state, seat)
            return "the first half of the cards is dealt: stand up (Aufstellen) or pass"
        if state.phase is Phase.BIDDING:
            if isinstance(action, Pass):
                return pass_illegality(state, seat)
            if isinstance(action, Announce):
                return announce_illegality(state, seat, Kind(action.contract), action.suit)
            if isinstance(action, Double):
                return "Aufstellen is over; Kontra comes once the game is announced"
            return "announce a game or pass"
        if state.phase is Phase.HOCHZEIT:
            if isinstance(action, Pass | GiveCard):
                return give_illegality(state, seat, action.card if isinstance(action, GiveCard) else None)
            return "a Hochzeit is offered: take it by giving a card, or pass"
        if isinstance(action, Double):
            return double_illegality(state, seat)
        if isinstance(action, PlayCard):
            return play_illegality(state, seat, action.card)
        return "the game is announced: play a card"

    # Moves -----------------------------------------------------------------------------

    def apply(self, state: DealState, seat: int, action: Action, note: str = "") -> tuple[GameEvent, ...]:
        if state.phase is Phase.FIRST_HALF:
            coming = [tuple(cards) for cards in state.second_half]
            if not answer_first_half(state, seat, isinstance(action, Double)):
                return ()
            return tuple(
                GameNotice(SecondHalfDealt(other, coming[other]), seats_only(other))
                for other in range(state.seats)
            )
        if state.phase is Phase.BIDDING:
            announce(state, seat, _contract(action, seat) if isinstance(action, Announce) else None)
            if state.phase is Phase.BIDDING or state.contract is None:
                return ()
            events: list[GameEvent] = [BiddingEnded(views.contract_view(state), PUBLIC)]
            if state.phase is Phase.HOCHZEIT:
                assert state.hochzeit_card is not None
                events.append(
                    GameNotice(HochzeitOffered(state.contract.declarer, state.hochzeit_card), PUBLIC)
                )
            return tuple(events)
        if state.phase is Phase.HOCHZEIT:
            declarer = _declarer(state)
            give(state, seat, action.card if isinstance(action, GiveCard) else None)
            if not isinstance(action, GiveCard) or action.card is None:
                return ()
            return (
                GameNotice(CardGiven(seat, declarer, action.card), seats_only(seat, declarer)),
                GameNotice(PartnerRevealed(seat, declarer), PUBLIC),
            )
        if isinstance(action, Double):
            known = state.partner_known
            double(state, seat)
            if state.partner_known and not known:
                return (GameNotice(PartnerRevealed(seat, _declarer(state)), PUBLIC),)
            return ()
        assert isinstance(action, PlayCard)
        outcome = play(state, seat, action.card)
        events = []
        if outcome.partner_revealed:
            events.append(GameNotice(PartnerRevealed(seat, _declarer(state)), PUBLIC))
        if outcome.turned is not None:
            events.append(GameNotice(CardTurned(seat, outcome.turned), PUBLIC))
        if outcome.trick is not None:
            trick = outcome.trick
            events.append(TrickCompleted(views.trick(state, trick.leader, trick.cards, trick.winner), PUBLIC))
        return tuple(events)

    def result(self, state: DealState) -> DealResult | None:
        if state.phase is not Phase.FINISHED:
            return None
        return deal_result(state)

    # State -----------------------------------------------------------------------------

    def phase_of(self, state: DealState) -> str:
        return state.phase.value

    def phase_kind(self, state: DealState) -> PhaseKind:
        return _PHASE_KINDS[state.phase]

    def completed_tricks(self, state: DealState) -> tuple[Trick, ...]:
        return views.completed(state)

    def copy_state(self, state: DealState) -> DealState:
        return state.copy()

    # Views -----------------------------------------------------------------------------

    def whole_hands(self, state: DealState, seats: int) -> tuple[tuple[Card, ...], ...]:
        """Both halves of every seat's cards (two players: the face-down ones first)."""
        return tuple(tuple(hand) for hand in state.dealt)

    def dealt_hand(self, state: DealState, seat: int) -> tuple[Card, ...]:
        return seen_dealt(state, seat)

    def view(self, state: DealState, viewer: int | None) -> DealView:
        order = trick_order(state) if state.contract is not None else None
        hand: tuple[HandCard, ...] = ()
        choices: tuple[Choice, ...] = ()
        if viewer is not None:
            sort = order or TrickOrder.of(Kind.RUFSPIEL, None, state.options.pack)
            verdicts = playable(state, viewer) if state.phase is not Phase.FINISHED else {}
            hand = tuple(
                HandCard(
                    card, not verdicts.get(card, "the deal is over"), verdicts.get(card, "the deal is over")
                )
                for card in sorted(state.hands[viewer], key=sort.sort_key)
            )
            choices = tuple(
                choice for choice in self.choices(state, viewer) if not isinstance(choice.action, PlayCard)
            )
        partner = views.partner_for(state, viewer)
        contract = state.contract
        return DealView(
            viewer=viewer,
            phase=state.phase.value,
            dealer=state.dealer,
            to_act=self.to_act(state),
            hand=hand,
            hand_sizes=tuple(
                len(cards) + len(covered) for cards, covered in zip(state.hands, state.covered, strict=True)
            ),
            choices=choices,
            contract=views.contract_view(state) if contract is not None else None,
            ladder=views.ladder(state, viewer),
            badges=views.badges(state, partner),
            history=views.history(state, viewer),
            current_trick=(
                views.trick(state, state.trick.leader, state.trick.cards, None)
                if state.trick is not None and state.phase is Phase.PLAY
                else None
            ),
            tricks=self.completed_tricks(state),
            card_points=views.card_points(state),
            result=self.result(state),
            dealt_hand=self.dealt_hand(state, viewer) if viewer is not None else (),
            shown=views.shown(state),
            counters=(Counter("stock", "Stock in cents", state.stock),),
            parties=views.parties(state, partner),
            game_view=SchafkopfView(
                game=contract.kind if contract is not None else None,
                suit=contract.suit if contract is not None else None,
                declarer=contract.declarer if contract is not None else -1,
                partner=partner,
                hochzeit_card=state.hochzeit_card if state.phase is Phase.HOCHZEIT else None,
                doublings=tuple(state.doublings),
                stoss=tuple(state.stoss),
                stock=state.stock,
                covered=tuple(len(covered) for covered in state.covered) if state.seats == 2 else (),
            ),
        )

    def revealed(self, state: DealState, seat: int) -> SchafkopfRevealed:
        exchanged = None
        for giver, card in state.offers:
            if (card is not None and giver == seat) or (card is not None and seat == _declarer(state)):
                exchanged = card
        return SchafkopfRevealed(views.partner_for(state, seat), exchanged, state.hochzeit_card)

    # Private helpers -------------------------------------------------------------------

    def _announcements(self, state: DealState) -> list[Announce]:
        """Every game the table plays with this many seats, each with its suits."""
        announcements = []
        for kind in _ANNOUNCED:
            if not state.options.offers(kind) or (kind in PARTNER_GAMES and state.seats != 4):
                continue
            if kind is Kind.SIE and state.seats == 2:
                continue
            if kind not in WITH_SUIT:
                announcements.append(Announce(kind.value))
                continue
            suits = (
                [suit for suit in SUITS if suit is not Suit.HEARTS] if kind is Kind.RUFSPIEL else list(SUITS)
            )
            announcements += [Announce(kind.value, suit) for suit in suits]
        return announcements


_MEANINGS = {
    Kind.RUFSPIEL: "Ober, Unter and Herz are trump; with the holder of the called Sau you need 61 points",
    Kind.HOCHZEIT: "you hold one trump: you lay it open, and whoever takes it plays with you",
    Kind.BETTEL: "no trump; you must not take a single trick",
    Kind.GEIER: "only the Ober are trump; alone against the others, 61 points win",
    Kind.FARBGEIER: "the Ober and this suit are trump; alone against the others",
    Kind.WENZ: "only the Unter are trump; alone against the others, 61 points win",
    Kind.FARBWENZ: "the Unter and this suit are trump; alone against the others",
    Kind.SOLO: "Ober, Unter and this suit are trump; alone against the others, 61 points win",
    Kind.GEIER_TOUT: "a Geier in which you take every trick, for twice the price",
    Kind.FARBGEIER_TOUT: "a Farbgeier in which you take every trick, for twice the price",
    Kind.WENZ_TOUT: "a Wenz in which you take every trick, for twice the price",
    Kind.FARBWENZ_TOUT: "a Farbwenz in which you take every trick, for twice the price",
    Kind.SOLO_TOUT: "a Solo in which you take every trick, for twice the price",
    Kind.SIE: "all four Ober and Unter: laid down, four times the solo price",
}


def _check_announcement(action: Announce) -> None:
    """Raise InvalidActionError unless ``action`` names an announceable game, with a suit
    exactly when the game takes one."""
    codes = [kind.value for kind in _ANNOUNCED]
    if action.contract not in codes:
        raise InvalidActionError(
            f"{quoted(action.contract)} is not a Schafkopf game; games: {', '.join(codes)}"
        )
    kind = Kind(action.contract)
    if kind in WITH_SUIT and action.suit is None:
        raise InvalidActionError(f"{kind.value} names a suit: 'announce {kind.value} C|S|H|D'")
    if kind not in WITH_SUIT and action.suit is not None:
        raise InvalidActionError(f"{kind.value} names no suit: 'announce {kind.value}'")


def _contract(action: Action, seat: int) -> Contract:
    assert isinstance(action, Announce)
    return Contract(Kind(action.contract), action.suit, seat)


def _declarer(state: DealState) -> int:
    assert state.contract is not None
    return state.contract.declarer


def _stock(carry: JsonValue) -> int:
    if isinstance(carry, dict):
        value = carry.get("stock", 0)
        return value if isinstance(value, int) else 0
    return 0
