"""The rules object of Speculation: options, the match, legality, moves and views.

The deal itself lives in ``deal``; this module speaks the engine's ``Game`` interface.
Decisions where the texts are silent (with those of ``deal``):

* The match carries the pack (what is left of it, in order, and the cards turned up since
  it was shuffled), each seat's chips and the pool a deal left. A deal is dealt from the
  rest of the pack; when the rest cannot make a round (three cards for each seat in the
  deal, the turn-up, three more with the extra hand), all 52 cards are shuffled anew.
* The match ends when each player has dealt ``deals_each`` times, or when fewer than
  three seats could pay an ante or nobody could pay the dealer's; the most chips win.
  The deal passes to the next seat on the left that can pay the dealer's ante.
* A pool left over when the match ends belongs to nobody.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.actions import Action, Pass
from engine.cards import Card
from engine.errors import InvalidActionError
from engine.game import (
    CHIPS,
    PUBLIC,
    Badge,
    Counter,
    Deadline,
    DealResult,
    DealView,
    Dynamics,
    Game,
    GameEvent,
    GameNotice,
    GameType,
    HistoryEntry,
    JsonValue,
    MatchLength,
    MatchProgress,
    PhaseKind,
    RuleSetType,
    Trick,
    Utility,
)
from engine.seeding import SeededRandom
from engine.speculation.blocks import (
    ACTIONS,
    ORDER_FREE,
    AcceptBid,
    AcceptOffer,
    Bid,
    Keep,
    Offer,
    RejectOffer,
    Reshuffled,
    Reveal,
    Sell,
    SpeculationRules,
    SpeculationSettlement,
    SpeculationView,
    WithdrawOffer,
)
from engine.speculation.constants import (
    ANTE,
    DEALER_ANTE,
    OPTIONS,
    PACK,
    RULE_SET,
    RULE_SET_TITLE,
    SEAT_COUNTS,
    Options,
    ante,
    cards_for_a_deal,
    parse,
    to_dict,
)
from engine.speculation.deal import (
    DealState,
    Phase,
    accept_bid,
    accept_offer,
    bid,
    bid_illegality,
    deal,
    decline,
    keep,
    make_offer,
    market_open,
    offer_illegality,
    open_offer,
    reject_offer,
    reveal,
    revealer,
    sell,
    to_act,
    waiting_bidders,
    withdraw_offer,
)
from engine.speculation.market import ID_BLOCK, cards_named, chips_named
from engine.speculation.results import deal_result
from engine.speculation.views import call_label, history, ladder, speculation_view

# The fewest seats a deal needs.
_FEWEST = min(SEAT_COUNTS)


class Speculation(Game[Options, DealState]):
    """Speculation for 3 to 9 players: a market in face-down cards for a pool of chips."""

    game_type = GameType(
        id="speculation",
        title="Speculation",
        dynamics=Dynamics.SEQUENTIAL,
        # A pool left for the next deal makes the chips of one deal add up to less than zero.
        utility=Utility.GENERAL_SUM,
        seat_counts=SEAT_COUNTS,
        rule_sets=(RuleSetType(RULE_SET, RULE_SET_TITLE, OPTIONS),),
        actions=ACTIONS,
        order_free=ORDER_FREE,
        # The market is not part of the common record: computer traders read it from here.
        revealed=SpeculationView,
        unit=CHIPS,
    )

    # Options and the match -----------------------------------------------------------

    def parse_options(self, rule_set: str, raw: Mapping[str, str]) -> Options:
        return parse(rule_set, raw)

    def options_to_dict(self, options: Options) -> dict[str, str]:
        return to_dict(options)

    def announcements(self, options: Options) -> tuple[str, ...]:
        return ()

    def rules_detail(self, options: Options) -> SpeculationRules:
        return SpeculationRules(
            options.chips,
            options.deals_each,
            options.carry_over,
            options.foster,
            options.fives_and_jacks,
            options.extra_hand,
            options.reveal_seconds,
            options.auction_seconds,
        )

    def match_length(self, options: Options) -> MatchLength:
        return MatchLength(deals_each=options.deals_each)

    def match_over(self, options: Options, progress: MatchProgress) -> bool:
        if progress.deals_played >= options.deals_each * len(progress.totals):
            return True
        chips = _carried_chips(progress.carry)
        return sum(count >= ANTE for count in chips) < _FEWEST or max(chips) < DEALER_ANTE

    def initial_totals(self, options: Options, seats: int) -> tuple[int, ...]:
        return (options.chips,) * seats

    def initial_carry(self, options: Options, seats: int) -> JsonValue:
        return {"pack": [], "seen": [], "chips": [options.chips] * seats, "pool": 0, "deal": 0}

    def carry_after(self, options: Options, carry: JsonValue, result: DealResult) -> JsonValue:
        assert isinstance(carry, dict) and isinstance(result.detail, SpeculationSettlement)
        assert isinstance(result.leaves, dict)
        return {
            "pack": result.leaves["pack"],
            "seen": result.leaves["seen"],
            "chips": list(result.detail.chips),
            "pool": result.detail.pool_left,
            "deal": _number(carry, "deal") + 1,
        }

    def next_dealer(self, options: Options, seats: int, dealer: int, result: DealResult) -> int:
        assert isinstance(result.detail, SpeculationSettlement)
        chips = result.detail.chips
        for step in range(1, seats + 1):
            seat = (dealer + step) % seats
            if chips[seat] >= DEALER_ANTE:
                return seat
        return (dealer + 1) % seats

    # Dealing ---------------------------------------------------------------------------

    def new_deal(
        self, options: Options, seats: int, dealer: int, seed: int, carry: JsonValue = None
    ) -> DealState:
        if carry is None:
            carry = self.initial_carry(options, seats)
        chips = _carried_chips(carry)
        if len(chips) != seats:
            raise ValueError(f"the carry holds chips for {len(chips)} seats, not {seats}")
        if chips[dealer] < DEALER_ANTE:
            raise ValueError(f"seat {dealer} cannot pay the dealer's ante: it cannot deal")
        players = sum(chips[seat] >= ante(seat, dealer) for seat in range(seats))
        pack = _cards(carry, "pack")
        seen = _cards(carry, "seen")
        reshuffled = len(pack) < cards_for_a_deal(players, options)
        left = len(pack)
        if reshuffled:
            pack, seen = SeededRandom(seed).shuffled(PACK), []
        state, _ = deal(
            options,
            seats,
            dealer,
            _number(carry, "deal") + 1,
            options.deals_each * seats,
            pack,
            chips,
            _number(carry, "pool"),
            seen,
            reshuffled,
        )
        if reshuffled:
            state.opening.insert(0, Reshuffled(left))
        return state

    def deal_again(self, state: DealState, seat: int, seed: int) -> DealState:
        """The deal as dealt, with every card not turned up yet dealt anew from the same
        cards (nobody has seen a face-down card or the rest of the pack); the turn-up and
        the cards turned up since stay where they were."""
        shown = {card for cards in state.turned for card in cards} | set(state.extra_cards)
        hidden = SeededRandom(seed).shuffled([card for card in state.order if card not in shown])
        order = [card if card in shown else hidden.pop() for card in state.order]
        seen_before = state.seen[: len(state.seen) - _seen_this_deal(state)]
        again, _ = deal(
            state.options,
            state.seats,
            state.dealer,
            state.deal_number,
            state.deals,
            order,
            state.start_chips,
            state.carried,
            seen_before,
            state.reshuffled,
        )
        again.opening[:0] = [notice for notice in state.opening if isinstance(notice, Reshuffled)]
        return again

    # Who acts --------------------------------------------------------------------------

    def to_act(self, state: DealState) -> frozenset[int]:
        return to_act(state)

    def may_act(self, state: DealState) -> frozenset[int]:
        """The traders: seats not waited for that have a market move (an offer to make or
        answer)."""
        if not market_open(state):
            return frozenset()
        return frozenset(seat for seat in state.playing - to_act(state) if _may_trade(state, seat))

    def deadline(self, state: DealState) -> Deadline | None:
        """The market's pace: a turn-up or a sale waits ``reveal_seconds`` for its seat, an
        auction ``auction_seconds`` after its last bid; then the cautious choice is made
        (turn up, keep, no bid). A trade that changes nobody's turn keeps the running limit."""
        options = state.options
        seconds = options.auction_seconds if state.phase is Phase.AUCTION else options.reveal_seconds
        if state.phase is Phase.FINISHED or seconds <= 0:
            return None
        auction = state.auction
        bids = (auction.auction_id, len(auction.bids)) if auction is not None else ()
        turned = sum(len(cards) for cards in state.turned)
        return Deadline(seconds, f"deal {state.deal_number} {state.phase} {turned} {bids}")

    def candidate_actions(self, state: DealState, seat: int) -> tuple[tuple[Action, str], ...]:
        if state.phase is Phase.FINISHED or seat not in state.playing:
            return ()
        candidates: list[tuple[Action, str]] = []
        best = state.best.symbol
        auction = state.auction
        # The cautious choice first: it is what a seat that must move and cannot decide does.
        if state.phase is Phase.SALE and seat == state.owner:
            candidates += [(Keep(), f"Keep {best}"), (Sell(), f"Sell {best}")]
        elif state.phase is Phase.AUCTION and auction is not None and seat != auction.seller:
            least = auction.best.chips + 1 if auction.best is not None else 1
            candidates += [
                (Pass(), "No bid"),
                (Bid(auction.auction_id, least), f"Bid {chips_named(least)} for {best}"),
            ]
        elif state.phase is Phase.ACCEPTANCE and auction is not None and auction.best is not None:
            if seat == auction.seller:
                best_bid = auction.best
                candidates += [
                    (Keep(), f"Keep {best}"),
                    (
                        AcceptBid(best_bid.bid_id),
                        f"Sell {best} to seat {best_bid.seat} for {chips_named(best_bid.chips)}",
                    ),
                ]
        elif state.phase is Phase.REVEAL and state.piles[seat]:
            candidates.append((Reveal(), "Turn up your top card"))
        return (*candidates, *_market_moves(state, seat))

    def action_label(self, state: DealState, seat: int, action: Action) -> str:
        """A trade at any price or for any cards, as the history tells it; turning up as listed."""
        if isinstance(action, Reveal):
            return super().action_label(state, seat, action)
        return call_label(state, action)

    def illegality(self, state: DealState, seat: int, action: Action) -> str | None:
        if state.phase is Phase.FINISHED:
            return "the deal is over"
        if isinstance(action, Reveal):
            return _reveal_illegality(state, seat)
        if isinstance(action, Sell | Keep):
            return _sale_illegality(state, seat, action)
        if isinstance(action, Bid):
            if action.chips <= 0:
                raise InvalidActionError(f"a bid is at least 1 chip, not {action.chips}")
            return _auction_illegality(state, action.auction_id) or bid_illegality(
                state, seat, action.auction_id, action.chips
            )
        if isinstance(action, Pass):
            if state.phase is not Phase.AUCTION:
                return "there is no auction to decline"
            if seat not in waiting_bidders(state):
                return "the bidding is not waiting for you"
            return None
        if isinstance(action, AcceptBid):
            return _accept_bid_illegality(state, seat, action.bid_id)
        if isinstance(action, Offer):
            _check_offer(state, action)
            return _slots_illegality(state, action) or offer_illegality(
                state, seat, action.seller_seat, action.slot_ids, action.chips
            )
        if isinstance(action, WithdrawOffer | AcceptOffer | RejectOffer):
            return _answer_illegality(state, seat, action)
        raise InvalidActionError(f"'{action}' is not an action of Speculation")

    # Moves -----------------------------------------------------------------------------

    def apply(self, state: DealState, seat: int, action: Action, note: str = "") -> tuple[GameEvent, ...]:
        if not isinstance(action, Reveal):
            state.calls.append(HistoryEntry(seat, action, call_label(state, action), note=note))
        if isinstance(action, Reveal):
            notices = reveal(state, seat)
        elif isinstance(action, Sell):
            notices = sell(state)
        elif isinstance(action, Keep):
            notices = keep(state)
        elif isinstance(action, Bid):
            notices = bid(state, seat, action.chips)
        elif isinstance(action, Pass):
            notices = decline(state, seat)
        elif isinstance(action, AcceptBid):
            notices = accept_bid(state)
        elif isinstance(action, Offer):
            notices = make_offer(state, seat, action.seller_seat, action.slot_ids, action.chips)
        elif isinstance(action, WithdrawOffer):
            notices = withdraw_offer(state, action.offer_id)
        elif isinstance(action, AcceptOffer):
            notices = accept_offer(state, action.offer_id)
        else:
            assert isinstance(action, RejectOffer)
            notices = reject_offer(state, action.offer_id)
        return tuple(GameNotice(notice, PUBLIC) for notice in notices)

    def dealt_events(self, state: DealState) -> tuple[GameEvent, ...]:
        return tuple(GameNotice(notice, PUBLIC) for notice in state.opening)

    def result(self, state: DealState) -> DealResult | None:
        if state.phase is not Phase.FINISHED:
            return None
        return deal_result(state)

    # State -----------------------------------------------------------------------------

    def phase_of(self, state: DealState) -> str:
        return state.phase.value

    def phase_kind(self, state: DealState) -> PhaseKind:
        return PhaseKind.OVER if state.phase is Phase.FINISHED else PhaseKind.OTHER

    def completed_tricks(self, state: DealState) -> tuple[Trick, ...]:
        return ()

    def copy_state(self, state: DealState) -> DealState:
        return state.copy()

    # Views -----------------------------------------------------------------------------

    def revealed(self, state: DealState, seat: int) -> SpeculationView:
        return speculation_view(state)

    def whole_hands(self, state: DealState, seats: int) -> tuple[tuple[Card, ...], ...]:
        """Nothing: every seat's cards are face down, unseen even by their owner."""
        return ((),) * seats

    def dealt_hand(self, state: DealState, seat: int) -> tuple[Card, ...]:
        """Nothing: a seat's cards lie face down, unseen even by their owner."""
        return ()

    def view(self, state: DealState, viewer: int | None) -> DealView:
        seats = state.seats
        return DealView(
            viewer=viewer,
            phase=state.phase.value,
            dealer=state.dealer,
            to_act=self.to_act(state),
            hand=(),
            hand_sizes=tuple(len(pile) for pile in state.piles),
            choices=self.choices(state, viewer) if viewer is not None else (),
            contract=None,
            ladder=ladder(state, viewer),
            badges=tuple(
                frozenset({Badge.DEALER}) if seat == state.dealer else frozenset() for seat in range(seats)
            ),
            history=history(state),
            current_trick=None,
            tricks=(),
            card_points=(0,) * seats,
            result=self.result(state),
            shown=tuple(state.face_up(seat) for seat in range(seats)),
            seat_counters=tuple((Counter("chips", "Chips", state.chips[seat]),) for seat in range(seats)),
            counters=(Counter("pool", "Pool", state.pool),),
            game_view=speculation_view(state),
        )


# Private helpers ------------------------------------------------------------------------


def _reveal_illegality(state: DealState, seat: int) -> str | None:
    if state.phase is not Phase.REVEAL:
        return _waiting_for(state)
    turn = revealer(state)
    if seat == turn:
        return None
    if seat == state.owner:
        return "you own the best trump: you are skipped until someone turns up a higher one"
    if not state.piles[seat]:
        return "you have no face-down card left"
    return f"it is seat {turn}'s turn to turn up a card"


def _sale_illegality(state: DealState, seat: int, action: Sell | Keep) -> str | None:
    if state.phase is Phase.SALE or (state.phase is Phase.ACCEPTANCE and isinstance(action, Keep)):
        if seat != state.owner:
            return f"only seat {state.owner}, who owns {state.best.symbol}, decides whether to sell it"
        return None
    if state.phase is Phase.ACCEPTANCE:
        return "your card is on auction already: accept the best bid or keep it"
    return _waiting_for(state)


def _accept_bid_illegality(state: DealState, seat: int, bid_id: int) -> str | None:
    auction = state.auction
    if auction is None or all(placed.bid_id != bid_id for placed in auction.bids):
        return _unknown(state, bid_id, "bid", "the auction of that bid is over")
    if seat != auction.seller:
        return f"only seat {auction.seller}, who sells {auction.card.symbol}, accepts a bid"
    if not auction.closed:
        return "the bidding is still open: wait until every seat has bid or declined"
    assert auction.best is not None
    if bid_id != auction.best.bid_id:
        return (
            f"only the best bid can be accepted: seat {auction.best.seat}'s {chips_named(auction.best.chips)}"
        )
    return None


def _answer_illegality(
    state: DealState, seat: int, action: WithdrawOffer | AcceptOffer | RejectOffer
) -> str | None:
    if action.offer_id not in state.offers and action.offer_id not in state.gone:
        return _unknown(state, action.offer_id, "offer", "that offer was made in an earlier deal")
    if not market_open(state):
        return "in a Foster deal no face-down card is traded"
    offer = open_offer(state, action.offer_id)
    if isinstance(offer, str):
        return offer
    if isinstance(action, WithdrawOffer):
        return None if seat == offer.buyer else f"only seat {offer.buyer}, who made that offer, withdraws it"
    if seat != offer.seller:
        return f"that offer is made to seat {offer.seller}: only that seat answers it"
    return None


def _auction_illegality(state: DealState, auction_id: int) -> str | None:
    """Why ``auction_id`` names no auction of this deal, if it does not."""
    current = state.auction is not None and state.auction.auction_id == auction_id
    if current or auction_id in state.gone:
        return None
    return _unknown(state, auction_id, "auction", "that auction was held in an earlier deal")


def _unknown(state: DealState, named: int, what: str, gone: str) -> str:
    """Why ``named``, an id of no open bid, offer, auction or card, is refused: an id the
    match gave out before is a move the table has left behind (``gone`` says so, the way
    any late move is refused); one it never gave out is no move at all."""
    if ID_BLOCK < named <= state.next_id:
        return gone
    raise InvalidActionError(f"{what} id {named} names nothing in this deal: send an id the table view lists")


def _check_offer(state: DealState, action: Offer) -> None:
    if not 0 <= action.seller_seat < state.seats:
        raise InvalidActionError(f"there is no seat {action.seller_seat}: seats are 0 to {state.seats - 1}")
    if action.chips <= 0:
        raise InvalidActionError(f"a price is at least 1 chip, not {action.chips}")
    if not action.slot_ids:
        raise InvalidActionError("an offer names at least one slot")


def _slots_illegality(state: DealState, action: Offer) -> str | None:
    """Why the slot ids of ``action`` name no cards of this deal, if they do not."""
    for slot_id in action.slot_ids:
        if slot_id not in state.slot_places and state.slot_owner(slot_id) is None:
            return _unknown(state, slot_id, "slot", "those cards were dealt in an earlier deal")
    return None


def _waiting_for(state: DealState) -> str:
    if state.phase is Phase.SALE:
        return f"seat {state.owner} is deciding whether to sell {state.best.symbol}"
    if state.phase in (Phase.AUCTION, Phase.ACCEPTANCE):
        return f"{state.best.symbol} is on auction"
    return "cards are being turned up: it is not the time for that"


def _market_moves(state: DealState, seat: int) -> list[tuple[Action, str]]:
    """The market moves a seat may consider now: answering the open offers it is part of,
    and a chip offered for each other seat's top face-down card."""
    if not market_open(state):
        return []
    moves: list[tuple[Action, str]] = []
    for offer in state.offers.values():
        price = chips_named(offer.chips)
        if offer.seller == seat:
            yours = cards_named(state.stack(seat), offer.slot_ids, "your")
            moves += [
                (AcceptOffer(offer.offer_id), f"Sell {yours} to seat {offer.buyer} for {price}"),
                (RejectOffer(offer.offer_id), f"Refuse seat {offer.buyer}'s {price} for {yours}"),
            ]
        elif offer.buyer == seat:
            theirs = cards_named(state.stack(offer.seller), offer.slot_ids, f"seat {offer.seller}'s")
            moves.append((WithdrawOffer(offer.offer_id), f"Withdraw your {price} for {theirs}"))
    for other in sorted(state.playing - {seat}):
        if state.piles[other]:
            top = state.piles[other][0].slot_id
            moves.append((Offer(other, (top,), 1), f"Offer seat {other} 1 chip for its top card"))
    return moves


def _may_trade(state: DealState, seat: int) -> bool:
    """Whether one of ``_market_moves`` is legal for ``seat`` (in an open market, a seat in
    the deal): an open offer it made or was made, or a chip to offer for another seat's
    face-down card. Asked for every seat after every move, so it lists nothing."""
    if any(seat in (offer.buyer, offer.seller) for offer in state.offers.values()):
        return True
    return state.free_chips(seat) >= 1 and any(state.piles[other] for other in state.playing if other != seat)


def _seen_this_deal(state: DealState) -> int:
    """Cards turned up in this deal: the turn-up (in the dealer's list), the stacks', the extra hand's."""
    return sum(len(cards) for cards in state.turned) + len(state.extra_cards)


def _carried_chips(carry: JsonValue) -> list[int]:
    assert isinstance(carry, dict)
    chips = carry["chips"]
    assert isinstance(chips, list)
    return [int(count) for count in chips if isinstance(count, int)]


def _cards(carry: JsonValue, key: str) -> list[Card]:
    assert isinstance(carry, dict)
    texts = carry[key]
    assert isinstance(texts, list)
    return [Card.parse(text) for text in texts if isinstance(text, str)]


def _number(carry: JsonValue, key: str) -> int:
    assert isinstance(carry, dict)
    value = carry[key]
    assert isinstance(value, int)
    return value
