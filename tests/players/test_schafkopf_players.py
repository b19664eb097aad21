"""Schafkopf's computer players at engine level (the game is not registered yet): every
level plays whole deals legally at every seat count and pack, the sampled deals agree
with every hard fact (the real hidden cards satisfy them; a seat searched for the called
Sau that did not play it does not hold it), a decision is the same in worlds the seat
cannot tell apart, the advisor names every allowed game and every playable card, the
solver's misère answers Bettel and Ramsch, and the solver's Farbwenz and Farbgeier rank
cards as the engine does."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from ai_worker.players import schafkopf
from ai_worker.players.decision import Decision
from ai_worker.players.outlook import Evaluation, Outlook
from ai_worker.players.schafkopf import calls, model, search, solving
from ai_worker.players.schafkopf.deals import OWN_REST, Knowledge, fits, hands_of, knowledge, strong_game
from ai_worker.players.schafkopf.info import table_of
from ai_worker.players.schafkopf.play import best_card, card_outlooks
from ai_worker.search.sampling import DealCounter, enumerate_deals, sample
from ai_worker.search.solver import NO_NODE_LIMIT, Solver
from ai_worker.seat_info import SeatInfo
from engine.actions import Action, Announce, Double, Pass, PlayCard
from engine.cards import Card, Rank, Suit
from engine.game import Observation
from engine.schafkopf import DealState, Phase, Schafkopf
from engine.schafkopf.blocks import GiveCard
from engine.schafkopf.constants import PARTNER_GAMES, SUITS, Kind, Pack, card_name, pack_cards
from engine.schafkopf.deal import dealt_state
from engine.schafkopf.play import TrickOrder
from engine.seeding import SeededRandom, derive_seed
from server import convert
from tests.search.test_solver import BUILDS
from tools.trick_referees import Position, Referee
from tools.trick_referees import schafkopf as schafkopf_referee

GAME = Schafkopf()
SHORT = {"pack": "short"}
EXTRAS = {
    "geier": "true",
    "farbwenz": "true",
    "farbgeier": "true",
    "hochzeit": "true",
    "bettel": "true",
    "all_pass": "ramsch",
}
# (options, seats): every seat count and pack, and the optional games.
TABLES: tuple[tuple[dict[str, str], int], ...] = (
    ({}, 4),
    (SHORT, 4),
    (SHORT, 3),
    (SHORT, 2),
    (EXTRAS, 4),
    ({**SHORT, **EXTRAS}, 3),
)
Player = Callable[[SeatInfo], Decision]


def seat_info(state: DealState, seat: int, seed: int) -> SeatInfo:
    observation = GAME.observation(state, seat)
    return SeatInfo(
        **{item.name: getattr(observation, item.name) for item in dataclasses.fields(Observation)},
        game="schafkopf",
        rule_set=state.options.rule_set,
        options=GAME.options_to_dict(state.options),
        seed=seed,
    )


def new_deal(raw: dict[str, str], seats: int, seed: int) -> DealState:
    return GAME.new_deal(GAME.parse_options("club", raw), seats, seed % seats, seed)


def play_deal(
    state: DealState,
    players: list[Player],
    seed: int,
    watch: Callable[[DealState, int, Action], None] | None = None,
) -> list[tuple[int, Action]]:
    """Play ``state`` to its end, asking first the seats that may double while the table
    waits for another; every action must be legal and every reason free of card names."""
    actions: list[tuple[int, Action]] = []
    while state.phase is not Phase.FINISHED:
        turn = min(GAME.to_act(state))
        asked = [*sorted(GAME.may_act(state) - {turn}), turn]
        for seat in asked:
            decision = players[seat](seat_info(state, seat, derive_seed(seed, len(actions), seat)))
            if decision.action is None:
                assert seat != turn, "the seat the table waits for must act"
                continue
            assert GAME.illegality(state, seat, decision.action) is None, (seat, decision)
            assert not any(card_name(card) in decision.reason for card in pack_cards(state.options.pack))
            if watch is not None:
                watch(state, seat, decision.action)
            GAME.apply(state, seat, decision.action)
            actions.append((seat, decision.action))
            break
    return actions


def test_levels_and_advisor_are_exported_like_bela() -> None:
    assert {
        "easy": schafkopf.easy.decide,
        "normal": search.decide_normal,
        "strong": search.decide_strong,
    } == schafkopf.LEVELS
    assert schafkopf.advise is search.advise


@pytest.mark.parametrize(("raw", "seats"), TABLES)
def test_normal_and_easy_play_whole_deals_legally(raw: dict[str, str], seats: int) -> None:
    for seed in (11, 12):
        state = new_deal(raw, seats, seed)
        players: list[Player] = [search.decide_normal] * seats
        players[seed % seats] = schafkopf.easy.decide
        play_deal(state, players, seed, _no_double_behind_a_partner)
        assert GAME.result(state) is not None


@pytest.mark.parametrize(("raw", "seats"), [(SHORT, 4), (SHORT, 3), (SHORT, 2), ({}, 4)])
def test_strong_plays_whole_deals_legally(raw: dict[str, str], seats: int) -> None:
    state = new_deal(raw, seats, 21)
    players: list[Player] = [search.decide_normal] * seats
    players[0] = search.decide_strong
    play_deal(state, players, 21, _no_double_behind_a_partner)
    assert GAME.result(state) is not None


# Node limits: a card's search bounded in work -------------------------------------------

# Four seats, long pack, the first card of a game: the dearest position to search.
_FIRST_CARD = {"all_pass": "muss", "aufstellen": "false"}
# Every deal taken, each solved exactly for every card if it is among the first two.
_UNBOUNDED = dataclasses.replace(
    solving.NORMAL,
    deal_nodes=NO_NODE_LIMIT,
    exact_card_nodes=NO_NODE_LIMIT,
    exact_deal_nodes=NO_NODE_LIMIT,
    card_node_limit=NO_NODE_LIMIT,
)


def _first_card_infos(count: int) -> list[SeatInfo]:
    """The seat leading a game's first card, in ``count`` deals whose calls the easy
    player made."""
    infos: list[SeatInfo] = []
    seed = 300
    while len(infos) < count:
        seed += 1
        state = new_deal(_FIRST_CARD, 4, seed)
        while state.phase not in (Phase.PLAY, Phase.FINISHED):
            seat = min(GAME.to_act(state))
            action = schafkopf.easy.decide(seat_info(state, seat, seed)).action
            assert action is not None
            GAME.apply(state, seat, action)
        if state.phase is Phase.PLAY:
            infos.append(seat_info(state, min(GAME.to_act(state)), seed))
    return infos


def test_a_deal_too_dear_to_solve_exactly_still_counts_who_wins_after_each_card() -> None:
    # Every exact solve stops at its first node: each deal then answers only who wins,
    # the same answer as its exact solve gives.
    no_exact = dataclasses.replace(_UNBOUNDED, exact_deal_nodes=0)
    for info in _first_card_infos(3):
        exact = card_outlooks(info, _UNBOUNDED)
        stopped = card_outlooks(info, no_exact)
        assert exact.solved == 2
        assert stopped.solved == 0
        assert stopped.deals == exact.deals == solving.NORMAL.samples
        assert [(outlook.action, outlook.won_deals) for outlook in stopped.outlooks] == [
            (outlook.action, outlook.won_deals) for outlook in exact.outlooks
        ]
        assert all(outlook.mean_score == 0 for outlook in stopped.outlooks)


def test_a_card_search_stops_at_its_node_limit_and_counts_the_deals_answered_before() -> None:
    for info in _first_card_infos(3):
        whole = card_outlooks(info, _UNBOUNDED)
        limit = whole.nodes // 3
        bounded = card_outlooks(info, dataclasses.replace(_UNBOUNDED, card_node_limit=limit))
        assert 1 <= bounded.deals < whole.deals
        assert not bounded.exact
        # The first deal's answer always completes; after it every search stops at the limit.
        first_deal = card_outlooks(info, dataclasses.replace(_UNBOUNDED, samples=1))
        assert bounded.nodes <= max(limit + 1, first_deal.nodes)
        # The deals answered are the first of those drawn, counted as without the limit.
        prefix = card_outlooks(
            info, dataclasses.replace(_UNBOUNDED, samples=bounded.deals, exact_deal_nodes=0)
        )
        assert [outlook.won_deals for outlook in bounded.outlooks] == [
            outlook.won_deals for outlook in prefix.outlooks
        ]


def test_cards_the_search_cannot_tell_apart_go_to_the_easy_players_choice() -> None:
    for info in _first_card_infos(4):
        usual = schafkopf.easy.decide(info).action
        even = [Outlook(PlayCard(card), card_name(card), 1.0, 2.0) for card in info.playable]
        assert best_card(info, Evaluation(even, 2, False)).action == usual
        # A card the search ranks higher still comes first.
        other = next(outlook for outlook in even if outlook.action != usual)
        other.wins = 2.0
        assert best_card(info, Evaluation(even, 2, False)).action == other.action


def _no_double_behind_a_partner(state: DealState, seat: int, action: Action) -> None:
    """Kontra and Re: never from the side that gave the last double."""
    if isinstance(action, Double) and state.phase is Phase.PLAY and state.stoss:
        declaring = state.declarers
        assert (seat in declaring) != (state.stoss[-1] in declaring)


def _real_deal(state: DealState, seat: int, known: tuple[frozenset[Card], ...]) -> dict[int, frozenset[Card]]:
    """Where the cards the seat has not seen really are, in the sampler's places."""
    real: dict[int, frozenset[Card]] = {}
    for other in range(state.seats):
        hidden = set(state.hands[other]) | set(state.covered[other].values())
        if state.phase is Phase.FIRST_HALF:
            if other == seat:
                real[OWN_REST] = frozenset(state.second_half[seat])
            else:
                hidden |= set(state.second_half[other])
        real[other] = frozenset(hidden - known[other])
    return real


def _facts_checker(seed: int) -> Callable[[DealState, int, Action], None]:
    def watch(state: DealState, acting: int, action: Action) -> None:
        for seat in range(state.seats):
            _check_facts(state, seat, seed)

    return watch


def _check_facts(state: DealState, seat: int, seed: int) -> None:
    info = seat_info(state, seat, seed)
    facts = knowledge(info, table_of(info))
    constraints = facts.constraints
    real = _real_deal(state, seat, facts.known)
    for place, need in constraints.needs.items():
        assert len(real[place]) == need, (place, real[place], need)
    placed = frozenset().union(*(real[place] for place in constraints.needs))
    assert placed == frozenset(constraints.unseen)
    assert all(not real[other] for other in range(state.seats) if other not in constraints.needs)
    assert constraints.admits({place: real[place] for place in constraints.needs})
    for lying, covered in zip(facts.covering, state.covered, strict=True):
        assert set(lying) == set(covered), "the face-up cards still lying on a face-down one"
    for known, held in zip(facts.known, state.hands, strict=True):
        assert known <= set(held) | {card for cards in state.covered for card in cards.values()}
    for deal in sample(constraints, SeededRandom(seed), 3):
        hands = hands_of(info, facts, deal)
        assert sum(map(len, hands)) == sum(map(len, state.hands)) + sum(map(len, state.covered)) + sum(
            map(len, state.second_half)
        )


@pytest.mark.parametrize(("raw", "seats"), TABLES)
def test_the_real_hidden_cards_satisfy_every_hard_fact(raw: dict[str, str], seats: int) -> None:
    for seed in range(30, 36):
        state = new_deal(raw, seats, seed)

        play_deal(state, [schafkopf.easy.decide] * seats, seed, _facts_checker(seed))


def test_a_hochzeit_and_a_rufspiel_keep_their_facts_through_the_deal() -> None:
    options = GAME.parse_options("club", {"hochzeit": "true"})
    games = (Announce(Kind.HOCHZEIT.value), Announce(Kind.RUFSPIEL.value, Suit.SPADES))
    for hands, game in zip((_HOCHZEIT_HANDS, _RUFSPIEL_HANDS), games, strict=True):
        state = dealt_state(options, 3, [tuple(_cards(hand)) for hand in hands])

        def watch(state: DealState, acting: int, action: Action) -> None:
            for seat in range(state.seats):
                _check_facts(state, seat, 7)

        play_deal(state, [_announcing(game, search.decide_normal)] * 4, 5, watch)
        assert state.contract is not None and state.contract.kind.value == game.contract


def _announcing(game: Action, player: Player) -> Player:
    """``player``, except that the first seat to speak announces ``game`` and the others pass."""

    def decide(info: SeatInfo) -> Decision:
        if info.phase == "spielansage":
            announced = any(isinstance(action, Announce) for _, action in info.calls)
            return Decision(Pass() if announced else game, "announces")
        return player(info)

    return decide


def act(state: DealState, seat: int, action: Action) -> None:
    assert GAME.illegality(state, seat, action) is None
    GAME.apply(state, seat, action)


def _rufspiel_on_gras() -> DealState:
    """Seat 0 calls the Gras-Sau, which seat 2 holds."""
    state = dealt_state(GAME.parse_options("club", {}), 3, [tuple(_cards(hand)) for hand in _RUFSPIEL_HANDS])
    for seat in range(4):
        act(state, seat, Pass())
    act(state, 0, Announce(Kind.RUFSPIEL.value, Suit.SPADES))
    for seat in (1, 2, 3):
        act(state, seat, Pass())
    return state


def test_a_seat_searched_for_the_called_sau_that_did_not_play_it_does_not_hold_it() -> None:
    state = _rufspiel_on_gras()
    sau = Card(Suit.SPADES, Rank.ACE)
    # Seat 0 leads Gras, seat 1 follows with another Gras card: seat 1 does not hold the Sau.
    act(state, 0, PlayCard(Card(Suit.SPADES, Rank.NINE)))
    act(state, 1, PlayCard(Card(Suit.SPADES, Rank.KING)))
    info = seat_info(state, 3, 1)
    constraints = knowledge(info, table_of(info)).constraints
    assert sau in constraints.forbidden[1]
    assert sau in constraints.forbidden[0], "the caller does not hold the Sau he called"
    assert sau not in constraints.forbidden.get(2, frozenset())
    for deal in sample(constraints, SeededRandom(3), 20):
        assert sau in deal[2]


def test_the_caller_holds_a_card_of_the_called_suit_in_every_sample() -> None:
    state = _rufspiel_on_gras()
    info = seat_info(state, 1, 1)
    constraints = knowledge(info, table_of(info)).constraints
    order = TrickOrder.of(Kind.RUFSPIEL, None, Pack.LONG)
    for deal in sample(constraints, SeededRandom(4), 30):
        assert any(order.led_class(card) is Suit.SPADES and card.rank is not Rank.ACE for card in deal[0])
        assert Card(Suit.SPADES, Rank.ACE) not in deal[0]


# Seat 0 holds one trump (the Herz-Sau) for a Hochzeit; seat 1 has many to take it.
_HOCHZEIT_HANDS = (
    "AH AC TC KC 9C AS TS KS",
    "QC QS QH JC JS 9H 8H 7C",
    "QD JH JD KH TH 8C 9S 8S",
    "7H AD TD KD 9D 8D 7D 7S",
)
# Seat 0 holds Gras cards without the Gras-Sau, seat 2 holds the Gras-Sau.
_RUFSPIEL_HANDS = (
    "QC QS QH JC 9S 7S AH AC",
    "KS 8S QD JS TH 9H TC KC",
    "AS TS JH JD KH 8H 9C 8C",
    "7H AD TD KD 9D 8D 7D 7C",
)
# Seat 0 holds one trump (the Herz-Sieben) for a Hochzeit; seat 1 a Gras card to call
# the Gras-Sau, which seat 3 holds.
_OUTBID_HOCHZEIT_HANDS = (
    "7H AC TC KC AD TD 9S 8S",
    "QC QS QH JC JS 9H 7S KD",
    "QD JH JD AH TH KH 8H 9C",
    "AS TS KS 8C 7C 9D 8D 7D",
)
# Seat 0 calls the Gras-Sau, seat 1 outbids it with a Solo; seat 0 announces a Hochzeit,
# seat 1 outbids it calling the Gras-Sau.
_OUTBID = (
    (_RUFSPIEL_HANDS, Announce(Kind.RUFSPIEL.value, Suit.SPADES), Announce(Kind.SOLO.value, Suit.CLUBS)),
    (_OUTBID_HOCHZEIT_HANDS, Announce(Kind.HOCHZEIT.value), Announce(Kind.RUFSPIEL.value, Suit.SPADES)),
)


@pytest.mark.parametrize(("hands", "outbid", "played"), _OUTBID, ids=["rufspiel", "hochzeit"])
def test_an_outbid_announcement_still_tells_what_its_caller_held(
    hands: tuple[str, ...], outbid: Announce, played: Announce
) -> None:
    """Every deal seat 3 samples lets the engine replay every action, the outbid call
    included; once few deals are left, the advisor lists exactly those."""
    history: list[tuple[int, Action]] = []
    state = dealt_state(
        GAME.parse_options("club", {"hochzeit": "true"}), 3, [tuple(_cards(hand)) for hand in hands]
    )

    def record(seat: int, action: Action) -> None:
        act(state, seat, action)
        history.append((seat, action))

    for action in (Pass(), Pass(), Pass(), Pass(), outbid, played, Pass(), Pass()):
        record(len(history) % 4, action)
    viewer = 3
    listed = 0
    while state.phase is Phase.PLAY:
        seat = min(GAME.to_act(state))
        if seat == viewer:
            info = seat_info(state, viewer, 1)
            facts = knowledge(info, table_of(info))
            deals = sample(facts.constraints, SeededRandom(5), 20)
            assert len(deals) == 20
            if DealCounter(facts.constraints).count() <= 100:
                deals = list(enumerate_deals(facts.constraints))
                response = search.advise(info)
                assert response.exact and response.deals_considered == len(deals)
                listed += 1
            for deal in deals:
                world = _world(state, info, facts, deal)
                assert _replayed(world, history), f"the engine does not allow this deal: {_hands_text(world)}"
        # Every seat keeps its cards of the called suits as long as it can: they stay
        # unseen while the deals left become few enough to list.
        playable = seat_info(state, seat, 1).playable
        record(
            seat,
            PlayCard(
                min(
                    playable,
                    key=lambda card: (card.suit in (Suit.SPADES, Suit.CLUBS), solving.card_key(card)),
                )
            ),
        )
    assert listed >= 2


def _world(state: DealState, info: SeatInfo, facts: Knowledge, deal: dict[int, frozenset[Card]]) -> DealState:
    """The deal as dealt if the sampled hidden cards were the real ones."""
    dealt = [
        tuple(sorted(hand | frozenset(info.played_by(seat)), key=solving.card_key))
        for seat, hand in enumerate(hands_of(info, facts, deal))
    ]
    dealt[info.seat] = tuple(info.dealt)
    return dealt_state(state.options, state.dealer, dealt)


def _hands_text(world: DealState) -> str:
    return " | ".join(" ".join(map(str, hand)) for hand in world.dealt)


@pytest.mark.parametrize(("raw", "seats"), [({}, 4), (SHORT, 3), (SHORT, 2), ({**SHORT, **EXTRAS}, 4)])
def test_a_decision_is_the_same_in_worlds_the_seat_cannot_tell_apart(raw: dict[str, str], seats: int) -> None:
    seed = 41
    state = new_deal(raw, seats, seed)
    history: list[tuple[int, Action]] = []
    compared = 0

    def watch(state: DealState, acting: int, action: Action) -> None:
        nonlocal compared
        # Every fourth decision, at the seat that makes it.
        if len(history) % 4 == 0:
            compared += _same_in_other_worlds(state, acting, history, seed + len(history))
        history.append((acting, action))

    play_deal(state, [search.decide_normal] * seats, seed, watch)
    assert compared >= 2


def _same_in_other_worlds(state: DealState, seat: int, history: list[tuple[int, Action]], seed: int) -> int:
    """Decisions compared in worlds dealt anew where the seat's observation is unchanged:
    the normal level's in up to five such worlds, the strong level's in the first."""
    observation = GAME.observation(state, seat)
    normal = search.decide_normal(seat_info(state, seat, seed))
    compared = 0
    for world_seed in range(seed, seed + 5):
        world = GAME.deal_again(state, seat, world_seed)
        if _replayed(world, history) and GAME.observation(world, seat) == observation:
            assert search.decide_normal(seat_info(world, seat, seed)) == normal
            if not compared and len(history) <= 8:
                strong = search.decide_strong(seat_info(state, seat, seed))
                assert search.decide_strong(seat_info(world, seat, seed)) == strong
            compared += 1
    return compared


def _replayed(world: DealState, history: list[tuple[int, Action]]) -> bool:
    for who, action in history:
        if GAME.illegality(world, who, action) is not None:
            return False
        GAME.apply(world, who, action)
    return True


@pytest.mark.parametrize(("raw", "seats"), [(SHORT, 4), ({**SHORT, **EXTRAS}, 3), (SHORT, 2)])
def test_the_advisor_names_every_allowed_game_and_every_playable_card(
    raw: dict[str, str], seats: int
) -> None:
    state = new_deal(raw, seats, 51)
    advised = {"spielansage": 0, "play": 0}

    def watch(state: DealState, acting: int, action: Action) -> None:
        if state.phase.value not in advised or advised[state.phase.value] >= 2:
            return
        info = seat_info(state, acting, 9)
        response = search.advise(info)
        if state.phase is Phase.BIDDING:
            games = {
                convert.action_to_proto(choice.action, Schafkopf.game_type).SerializeToString()
                for choice in info.allowed
                if isinstance(choice.action, Announce)
            }
            named = {call.action.SerializeToString() for call in response.calls}
            assert named == games
            assert all(0.0 <= call.win_chance <= 1.0 for call in response.calls)
        else:
            named_cards = {(advice.card.suit, advice.card.rank) for advice in response.cards}
            assert len(named_cards) == len(info.playable) == len(response.cards)
            assert sum(
                1 for card in response.cards if card.winning_deals <= response.deals_considered
            ) == len(info.playable)
        assert response.HasField("recommended_action") and response.reason
        advised[state.phase.value] += 1

    first = _announcing(Announce(Kind.SOLO.value, Suit.CLUBS), search.decide_normal)
    play_deal(state, [first] + [search.decide_normal] * (seats - 1), 51, watch)
    assert advised["play"] == 2


def test_the_advisor_names_every_card_the_hochzeit_taker_may_give() -> None:
    options = GAME.parse_options("club", {"hochzeit": "true"})
    state = dealt_state(options, 3, [tuple(_cards(hand)) for hand in _HOCHZEIT_HANDS])
    for seat in range(4):
        act(state, seat, Pass())
    act(state, 0, Announce(Kind.HOCHZEIT.value))
    for seat in (1, 2, 3):
        act(state, seat, Pass())
    assert state.phase is Phase.HOCHZEIT
    info = seat_info(state, 1, 2)
    response = search.advise(info)
    gives = [choice.action for choice in info.allowed if isinstance(choice.action, GiveCard)]
    assert len(response.calls) == len(gives)
    decision = search.decide_strong(info)
    assert decision.action == Pass() or decision.action in gives


# The solver -------------------------------------------------------------------------


def _misere_value(
    referee: Referee, position: Position, side: frozenset[int], memory: dict[Position, int]
) -> int:
    """What ``side`` scores when every trick the others take counts for it, the side
    maximising and the others minimising: an exhaustive minimax."""
    if not position.trick:
        if not any(position.hands):
            return 0
        if position in memory:
            return memory[position]
    others = frozenset(range(referee.seats)) - side
    values = [
        gained + _misere_value(referee, child, side, memory)
        for child, gained in (referee.play(position, card, others) for card in referee.legal(position))
    ]
    value = max(values) if position.mover in side else min(values)
    if not position.trick:
        memory[position] = value
    return value


@pytest.mark.parametrize("build", list(BUILDS))
@pytest.mark.parametrize("contract", ["bettel", "solo"])
def test_the_misere_solver_answers_bettel_and_ramsch_as_an_exhaustive_search(
    contract: str, build: str
) -> None:
    """Both builds of the solver (compiled and plain Python): a Bettel and a Ramsch
    (the Rufspiel's trumps) with the side scoring what the others take."""
    referee = schafkopf_referee(contract, 4, short=True)
    index = model.card_index(
        model.Contract.BETTEL if contract == "bettel" else model.Contract.SOLO, short=True, misere=True
    )
    chance = SeededRandom(derive_seed(61, contract))
    for _ in range(12):
        cards = chance.shuffled(list(referee.pack))
        size = 3
        hands = tuple(frozenset(cards[size * seat : size * seat + size]) for seat in range(4))
        leader = chance.below(4)
        side = frozenset({chance.below(4)}) if chance.below(2) else frozenset({0, 2})
        expected = _misere_value(referee, Position(hands, leader, ()), side, {})
        solver = BUILDS[build].Solver(index.rules)
        masks = [index.mask(hand) for hand in hands]
        side_mask = sum(1 << seat for seat in side)
        assert solver.solve(masks, leader, [], side_mask) == expected
        assert solver.reaches(masks, leader, [], side_mask, expected)
        assert not solver.reaches(masks, leader, [], side_mask, expected + 1)


@pytest.mark.parametrize("pack", list(Pack))
@pytest.mark.parametrize(
    "kind", [Kind.FARBWENZ, Kind.FARBGEIER, Kind.SOLO, Kind.WENZ, Kind.GEIER, Kind.BETTEL]
)
def test_the_solver_ranks_cards_as_the_engines_trick_order(kind: Kind, pack: Pack) -> None:
    """Every card led and every card played to it: who wins in the solver's order (its
    lanes, a lower index higher) is who wins by the engine; and random last tricks solved
    by the solver go to the seat the engine names."""
    contracts = {
        Kind.FARBWENZ: model.Contract.FARBWENZ,
        Kind.FARBGEIER: model.Contract.FARBGEIER,
        Kind.SOLO: model.Contract.SOLO,
        Kind.WENZ: model.Contract.WENZ,
        Kind.GEIER: model.Contract.GEIER,
        Kind.BETTEL: model.Contract.BETTEL,
    }
    for suit in SUITS if kind in (Kind.FARBWENZ, Kind.FARBGEIER, Kind.SOLO) else (Suit.HEARTS,):
        order = TrickOrder.of(kind, suit, pack)
        index = model.card_index(contracts[kind], suit, short=pack is Pack.SHORT)
        lanes = index.rules.lanes
        assert set(index.cards) == set(pack_cards(pack))
        for led in index.cards:
            for card in index.cards:
                if card == led:
                    continue
                first, second = index.index[led], index.index[card]
                same_lane = lanes[first] == lanes[second]
                solver_beats = (same_lane and second < first) or (lanes[second] == 0 and lanes[first] != 0)
                assert solver_beats == order.beats(card, led), (kind, suit, led, card)
                assert same_lane == (order.led_class(card) == order.led_class(led))
        chance = SeededRandom(derive_seed(71, kind.value, suit.value, pack.value))
        solver = Solver(index.rules)
        for _ in range(20):
            trick = chance.shuffled(list(index.cards))[:4]
            leader = chance.below(4)
            hands = [0] * 4
            for offset, card in enumerate(trick):
                hands[(leader + offset) % 4] = index.mask([card])
            winner = (leader + order.best_index(trick)) % 4
            assert solver.solve(hands, leader, [], 1 << winner) == (
                1 if kind is Kind.BETTEL else sum(_points(card) for card in trick)
            )
            assert solver.solve(hands, leader, [], 15 ^ (1 << winner)) == 0


def _points(card: Card) -> int:
    return {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}.get(card.rank, 0)


def _cards(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


def _last_to_announce(seed: int) -> SeatInfo | None:
    """The last seat of the Spielansage after the others passed or called as the easy
    player does, or None if the bidding ended before its turn."""
    state = new_deal(_FIRST_CARD, 4, seed)
    last = (state.dealer + 4) % 4
    while state.phase is Phase.BIDDING and min(GAME.to_act(state)) != last:
        seat = min(GAME.to_act(state))
        action = schafkopf.easy.decide(seat_info(state, seat, seed)).action
        assert action is not None
        act(state, seat, action)
    return seat_info(state, last, seed) if state.phase is Phase.BIDDING else None


def test_a_reason_quotes_the_weighted_chance_its_decision_rests_on() -> None:
    """A level that weighs the deals it draws by the calls before (strong, were its deals
    not drawn again by those weights): its announcement's reason gives the weighted chance
    it compared with its floor, besides the count of deals won."""
    weighing = dataclasses.replace(solving.STRONG, pool=1)
    quoted = 0
    for seed in range(200, 260):
        info = _last_to_announce(seed)
        if info is None:
            continue
        evaluation = calls.call_outlooks(info, weighing)
        decision = calls.choose_game(info, weighing, evaluation)
        if not isinstance(decision.action, Announce):
            continue
        best = next(outlook for outlook in evaluation.outlooks if outlook.action == decision.action)
        if best.won_deals == round(best.chance * evaluation.deals):
            continue
        assert f"{best.won_deals} of {evaluation.deals} sampled deals" in decision.reason
        assert f"({round(100 * best.chance)}% when each deal is weighted" in decision.reason
        quoted += 1
        if quoted == 2:
            return
    raise AssertionError(f"only {quoted} announcements on deals that weigh differently")


def test_strong_searches_many_deals_in_which_the_soloist_holds_what_he_announced() -> None:
    """Plain draws seldom give a Wenz player a Wenz's hand (a tenth of them here), and the
    few that do weigh most: strong draws eight times as many deals and searches those
    that fit the calls, so a third or more of the deals it searches are ones a Wenz is
    announced from."""
    searched = fitting = 0
    for seed in range(300, 308):
        state = new_deal(_FIRST_CARD, 4, seed)
        first = (state.dealer + 1) % 4
        act(state, first, Announce(Kind.WENZ.value))
        for offset in (1, 2, 3):
            act(state, (first + offset) % 4, Pass())
        info = seat_info(state, (first + 1) % 4, seed)
        table = table_of(info)
        facts = knowledge(info, table)
        deals, _, _ = solving.card_deals(info, table, facts, solving.STRONG)
        searched += len(deals)
        fitting += sum(
            fits(hands_of(info, facts, deal)[first], Kind.WENZ, None, Pack.LONG, len(info.dealt))
            for deal in deals
        )
    assert 3 * fitting >= searched, (fitting, searched)


@pytest.mark.parametrize("pack", list(Pack))
def test_a_strong_game_is_a_hand_that_fits_a_wenz_or_a_solo(pack: Pack) -> None:
    cards = pack_cards(pack)
    chance = SeededRandom(derive_seed(81, pack.value))
    for size in (6, 8):
        for _ in range(400):
            hand = frozenset(chance.shuffled(list(cards))[:size])
            usual = fits(hand, Kind.WENZ, None, pack, size) or any(
                fits(hand, Kind.SOLO, suit, pack, size) for suit in Suit
            )
            assert strong_game(hand, pack, size) == usual, sorted(map(str, hand))


def test_strong_counts_a_game_alone_won_with_fewer_points_than_the_table_needs() -> None:
    """Double dummy the defenders see every card; strong's call search grants the player
    alone ``alone_handicap`` points for it: a game alone wins in at least as many deals,
    a Rufspiel in exactly as many."""
    plain = dataclasses.replace(
        solving.STRONG, alone_handicap={4: 0}, call_nodes=NO_NODE_LIMIT, call_samples={4: 8}
    )
    granted = dataclasses.replace(plain, alone_handicap=solving.STRONG.alone_handicap)
    more = 0
    for seed in range(200, 212):
        info = _last_to_announce(seed)
        if info is None:
            continue
        without = calls.call_outlooks(info, plain).outlooks
        with_handicap = calls.call_outlooks(info, granted).outlooks
        for before, after in zip(without, with_handicap, strict=True):
            assert isinstance(before.action, Announce)
            if Kind(before.action.contract) in PARTNER_GAMES:
                assert after.wins == before.wins
            else:
                assert after.wins >= before.wins
                more += after.wins > before.wins
    assert more > 0


def test_kontra_against_a_player_alone_needs_strongs_higher_floor() -> None:
    state = _rufspiel_on_gras()
    assert search.double_floor(seat_info(state, 1, 1), solving.STRONG) == solving.STRONG.double_floor
    state = new_deal(_FIRST_CARD, 4, 301)
    first = (state.dealer + 1) % 4
    act(state, first, Announce(Kind.SOLO.value, Suit.HEARTS))
    for offset in (1, 2, 3):
        act(state, (first + offset) % 4, Pass())
    defender = seat_info(state, (first + 1) % 4, 1)
    assert search.double_floor(defender, solving.STRONG) == solving.STRONG.alone_double_floor[4]
    assert search.double_floor(defender, solving.NORMAL) == solving.NORMAL.double_floor
    assert search.double_floor(seat_info(state, first, 1), solving.STRONG) == solving.STRONG.double_floor
