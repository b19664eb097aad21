"""Conformance suite: every game of ``engine.registry.GAMES``, every rule set, every seat count.

Only the generic ``Game`` / ``Match`` interface is used here (no game-specific module), so a
new game joins the suite by being registered. Deals are shuffled from derived seeds and
played with random legal actions drawn from ``engine.seeding.SeededRandom``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Any, cast

import pytest

from engine.actions import COMMON_ACTIONS, Action, Continue, Pass, PlayCard, parse_action
from engine.cards import Card, Rank, Suit
from engine.errors import IllegalActionError, InvalidActionError, InvalidOptionsError, NotYourTurnError
from engine.game import (
    PUBLIC,
    Audience,
    Game,
    MatchProgress,
    OptionType,
    PhaseKind,
    RuleSetType,
    StepOperation,
    Utility,
    seats_only,
    settled_value,
)
from engine.match import DealSettled, DealStarted, HandDealt, Match, MatchEvent, MatchFinished, MatchPhase
from engine.options import SWITCH_VALUES
from engine.registry import GAMES
from engine.seeding import SeededRandom, derive_seed
from tests.engine.pot_game import Pot
from tests.support.seats import options_for_seats

# Seeded deals per table of four seats (``Table.deals`` for others), each checked at every
# position; the games' own property tests play thousands more.
DEALS = 60
MAX_ACTIONS = 2000

# The registered games, and one the tests add themselves: it carries a pot from deal to
# deal, throws deals in and has deals that are over as soon as they are dealt.
ALL_GAMES: dict[str, Game[Any, Any]] = {**GAMES, "pot": Pot()}


def _seat_counts(game: Game[Any, Any]) -> list[int]:
    """The fewest, the middle and the most seats: every count of a game for 2 to 4 players;
    Speculation's 3 to 9 are played through by its own properties test."""
    counts = game.game_type.seat_counts
    return sorted({counts[0], counts[len(counts) // 2], counts[-1]})


CASES = [
    pytest.param((game_id, rule_set.id, seats), id=f"{game_id}-{rule_set.id}-{seats}")
    for game_id, game in sorted(ALL_GAMES.items())
    for rule_set in game.game_type.rule_sets
    for seats in _seat_counts(game)
    if options_for_seats(game, rule_set.id, seats) is not None
]
RULE_SETS = [
    pytest.param((game_id, rule_set), id=f"{game_id}-{rule_set.id}")
    for game_id, game in sorted(ALL_GAMES.items())
    for rule_set in game.game_type.rule_sets
]

Hook = Callable[[Any, SeededRandom], None]


class Table:
    """One game, rule set and seat count under test."""

    def __init__(self, game_id: str, rule_set: str, seats: int) -> None:
        self.game: Game[Any, Any] = ALL_GAMES[game_id]
        self.rule_set = rule_set
        self.seats = seats
        raw = options_for_seats(self.game, rule_set, seats)
        assert raw is not None
        self.options = self.game.parse_options(rule_set, raw)
        self.viewers: tuple[int | None, ...] = (None, *range(seats))
        # Every action is checked against every seat's view, and each view lists every seat:
        # a deal costs about the square of its seats. A larger table plays fewer deals, so
        # that each table checks about as many views as a table of four (a multiple of four,
        # as the tests play a half or a quarter of them).
        self.deals = max(4, DEALS * 16 // max(4, seats) ** 2 // 4 * 4)

    def enough(self, count: int) -> int:
        """How many checks show that a hook ran enough: ``count`` for a real game; the
        test game's deals are a few cards long, so there it is enough that it ran."""
        return 1 if isinstance(self.game, Pot) else count

    def new_deal(self, seed: int, dealer: int) -> Any:
        return self.game.new_deal(self.options, self.seats, dealer, seed)

    def everything(self, state: Any) -> tuple[Any, ...]:
        """All that can be observed of a deal: every view, whose turn, the result."""
        game = self.game
        return (
            tuple(game.view(state, viewer) for viewer in self.viewers),
            game.to_act(state),
            game.result(state),
            game.phase_of(state),
            game.completed_tricks(state),
        )

    def play(
        self, label: str, count: int | None = None, hook: Hook | None = None, optional_moves: bool = True
    ) -> Iterator[tuple[Any, str]]:
        """Play ``count`` seeded deals (the table's own number if not given) to the end; yields
        the final state and where it came from.

        Seats that may act without being waited for act too, unless ``optional_moves`` is off.
        """
        for index in range(self.deals if count is None else count):
            seed = derive_seed("conformance", self.game.game_type.id, self.rule_set, self.seats, label, index)
            dealer = index % self.seats
            rng = SeededRandom(derive_seed(seed, "play"))
            state = self.new_deal(seed, dealer)
            log: list[str] = []
            for _ in range(MAX_ACTIONS):
                if self.game.result(state) is not None:
                    break
                waiting = sorted(self.game.to_act(state))
                assert waiting, f"no seat may act but the deal has no result: seed {seed}, log {log}"
                if hook is not None:
                    hook(state, rng)  # a hook may move the deal on itself
                    if self.game.result(state) is not None:
                        break
                    waiting = sorted(self.game.to_act(state))
                optional = sorted(self.game.may_act(state) - set(waiting)) if optional_moves else []
                # Half the moves are the waited ones, however many seats may trade meanwhile.
                seat = rng.choice(optional) if optional and rng.below(2) == 0 else rng.choice(waiting)
                action = pick(rng, self.game.legal_actions(state, seat), self.game.game_type.order_free)
                self.game.apply(state, seat, action)
                log.append(f"{seat}:{action}")
            else:
                pytest.fail(f"deal did not end after {MAX_ACTIONS} actions: seed {seed}")
            yield (
                state,
                f"{self.game.game_type.id}/{self.rule_set}/{self.seats} seats, seed {seed}, "
                f"dealer {dealer}, {log}",
            )


def pick(rng: SeededRandom, legal: list[Action], order_free: Collection[type] = ()) -> Action:
    """A random legal action; passing is preferred so that bidding rounds stay short, and
    so are the actions that are not order-free (a market's bids and offers), so that
    trading does not drown the moves that end a deal."""
    assert legal, "a seat to act must have a legal action"
    if Pass() in legal and rng.below(4) != 0:
        return Pass()
    steady = [action for action in legal if type(action) not in order_free]
    if steady and len(steady) < len(legal) and rng.below(4) != 0:
        return rng.choice(steady)
    return rng.choice(legal)


@pytest.fixture(params=CASES)
def table(request: pytest.FixtureRequest) -> Table:
    game_id, rule_set, seats = request.param
    return Table(game_id, rule_set, seats)


def test_registry_offers_games_with_rule_sets_and_seat_counts() -> None:
    assert GAMES, "the registry offers at least one game"
    for game_id, game in ALL_GAMES.items():
        declared = game.game_type
        assert declared.id == game_id and declared.title
        assert declared.rule_sets and declared.seat_counts
        assert all(2 <= seats <= 9 for seats in declared.seat_counts)


@pytest.mark.parametrize("case", RULE_SETS)
def test_the_declared_options_are_exactly_what_a_table_gets(case: tuple[str, RuleSetType]) -> None:
    """Defaults, listed values and the ends of each range are accepted; a value beside them
    and an undeclared key are refused; a table's stored options are the declared keys."""
    game_id, rule_set = case
    game = ALL_GAMES[game_id]
    defaults = {option.key: option.default for option in rule_set.options}
    assert len(defaults) == len(rule_set.options), "option keys are unique"
    stored = game.options_to_dict(game.parse_options(rule_set.id, {}))
    assert stored == {"rule_set": rule_set.id, **defaults}
    assert game.options_to_dict(game.parse_options(rule_set.id, defaults)) == stored
    for option in rule_set.options:
        assert option.meaning and (option.values or option.minimum is not None)
        if option.values:
            assert option.default in option.values
            for value in option.values:
                chosen = game.options_to_dict(game.parse_options(rule_set.id, {option.key: value}))
                assert chosen[option.key] == value
            refused = ["not-a-value", ""]
        else:
            assert option.minimum is not None and option.maximum is not None
            assert option.minimum <= int(option.default) <= option.maximum
            for end in (option.minimum, option.maximum):
                game.parse_options(rule_set.id, {option.key: str(end)})
            refused = [str(option.minimum - 1), str(option.maximum + 1), "many"]
        for value in refused:
            with pytest.raises(InvalidOptionsError, match=option.key):
                game.parse_options(rule_set.id, {option.key: value})
    with pytest.raises(InvalidOptionsError, match="no_such_option"):
        game.parse_options(rule_set.id, {"no_such_option": "1"})


@pytest.mark.parametrize("case", RULE_SETS)
def test_every_option_names_its_values_in_words_a_player_reads(case: tuple[str, RuleSetType]) -> None:
    """A settings screen shows a value by the game's word for it: every listed value has
    one, but a switch's true and false and a number's own digits; a word names no value
    the option does not take, and no two values share a word."""
    _, rule_set = case
    for option in rule_set.options:
        words = dict(option.words)
        assert len(words) == len(option.words), option.key
        assert set(words) <= set(option.values), option.key
        unnamed = {value for value in option.values if value not in words}
        assert unnamed <= set(SWITCH_VALUES) | {value for value in unnamed if value.isdigit()}, option.key
        assert all(word.strip() for word in words.values()), option.key
        assert len(set(words.values())) == len(words), option.key
        if set(option.values) == set(SWITCH_VALUES):
            assert not words, option.key


@pytest.mark.parametrize("case", RULE_SETS)
def test_the_options_declare_every_number_of_players_their_values_forbid(
    case: tuple[str, RuleSetType],
) -> None:
    """A settings screen offers only the values ``OptionType.seats`` allows for the number
    of players chosen: over every combination of the options that declare limits, the
    declarations agree with ``check_seats``; every other option's every value, with those
    options at values that allow the number, is allowed."""
    game_id, rule_set = case
    game = ALL_GAMES[game_id]
    counts = game.game_type.seat_counts
    limited = [option for option in rule_set.options if option.seats]

    def allowed(option: OptionType, value: str, seats: int) -> bool:
        return seats in dict(option.seats).get(value, counts)

    for option in limited:
        assert {value for value, _ in option.seats} <= set(option.values)
        assert all(set(allowed_counts) < set(counts) for _, allowed_counts in option.seats)
    for seats in counts:
        fitting = None
        for values in itertools.product(*(option.values for option in limited)):
            raw = {option.key: value for option, value in zip(limited, values, strict=True)}
            declared = all(allowed(option, raw[option.key], seats) for option in limited)
            refusal = game.check_seats(game.parse_options(rule_set.id, raw), seats)
            assert declared == (refusal is None), (seats, raw, refusal)
            fitting = raw if declared and fitting is None else fitting
        assert fitting is not None, f"no options allow {seats} players"
        for option in rule_set.options:
            for value in option.values if option not in limited else ():
                raw = fitting | {option.key: value}
                assert game.check_seats(game.parse_options(rule_set.id, raw), seats) is None, (seats, raw)


def test_seat_counts_outside_the_declared_ones_are_refused_with_a_reason() -> None:
    for game in ALL_GAMES.values():
        declared = game.game_type
        for rule_set in declared.rule_sets:
            options = game.parse_options(rule_set.id, {})
            for seats in set(range(12)) - set(declared.seat_counts):
                reason = game.check_seats(options, seats)
                assert reason is not None and str(seats) in reason


def test_someone_must_act_until_the_deal_ends(table: Table) -> None:
    game = table.game
    steps = 0

    def hook(state: Any, rng: SeededRandom) -> None:
        nonlocal steps
        steps += 1
        assert game.result(state) is None
        assert game.phase_kind(state) is not PhaseKind.OVER, game.phase_of(state)
        to_act = game.to_act(state)
        assert to_act and to_act <= set(range(table.seats))
        assert all(game.view(state, viewer).to_act == to_act for viewer in table.viewers)

    for state, where in table.play("to-act", hook=hook):
        assert game.result(state) is not None, where
        assert game.to_act(state) == frozenset(), f"nobody acts once the deal is over: {where}"
        assert game.phase_kind(state) is PhaseKind.OVER, where
        assert all(game.legal_actions(state, seat) == [] for seat in range(table.seats)), where
    assert steps > 0, "no deal was ever in progress"


def test_every_seat_to_act_has_a_legal_action(table: Table) -> None:
    game = table.game

    def hook(state: Any, rng: SeededRandom) -> None:
        for seat in game.to_act(state):
            assert game.legal_actions(state, seat), f"seat {seat} must act but may do nothing"
        for seat in game.may_act(state):
            assert game.legal_actions(state, seat), f"seat {seat} may act but has nothing to do"

    for _ in table.play("legal-exists", hook=hook):
        pass


def test_a_deal_ends_though_the_seats_that_may_act_never_do(table: Table) -> None:
    """Nothing waits for a seat that may act: the deal ends on the moves of those to act."""
    game = table.game
    for state, where in table.play("no-optional-moves", count=table.deals // 4, optional_moves=False):
        assert game.result(state) is not None and game.may_act(state) == frozenset(), where


def test_order_free_actions_are_actions_of_the_game(table: Table) -> None:
    declared = (*COMMON_ACTIONS, *table.game.game_type.actions)
    assert all(issubclass(action, declared) for action in table.game.game_type.order_free)


def test_every_legal_action_passes_check_and_every_grey_one_fails_with_its_reason(table: Table) -> None:
    """``choices`` and ``check`` come from one legality decision and must agree."""
    game = table.game
    verdicts = {True: 0, False: 0}

    def hook(state: Any, rng: SeededRandom) -> None:
        acting = game.to_act(state) | game.may_act(state)
        for seat in range(table.seats):
            for choice in game.choices(state, seat):
                if choice.allowed:
                    assert seat in acting, f"seat {seat} may not act, yet {choice.action} is allowed"
                    game.check(state, seat, choice.action)
                else:
                    assert choice.reason, f"{choice.action} is grey for seat {seat} without a reason"
                    with pytest.raises(IllegalActionError) as refused:
                        game.check(state, seat, choice.action)
                    assert refused.value.reason == choice.reason
                verdicts[choice.allowed] += 1

    for _ in table.play("check", count=table.deals // 2, hook=hook):
        pass
    assert verdicts[True] and verdicts[False], verdicts


def test_illegal_choice_is_refused_with_a_reason_and_changes_nothing(table: Table) -> None:
    game = table.game
    refused = 0

    def hook(state: Any, rng: SeededRandom) -> None:
        nonlocal refused
        # A seat that may act is asked too: a market's traders see the waited moves greyed.
        seat = rng.choice(sorted(game.to_act(state) | game.may_act(state)))
        grey = [choice for choice in game.choices(state, seat) if not choice.allowed]
        if not grey:
            return
        choice = rng.choice(grey)
        before = table.everything(state)
        with pytest.raises(IllegalActionError) as error:
            game.check(state, seat, choice.action)
        assert not isinstance(error.value, NotYourTurnError), "the seat may act; the action is what is wrong"
        assert error.value.reason and str(error.value) == error.value.reason
        assert table.everything(state) == before, f"refusing {choice.action} changed the deal"
        refused += 1

    for _ in table.play("illegal", hook=hook):
        pass
    assert refused >= table.enough(table.deals), f"only {refused} illegal candidates were tried"


def test_malformed_contract_is_invalid_in_every_phase(table: Table) -> None:
    """A contract the game does not have can never become legal: InvalidActionError."""
    game = table.game
    malformed = parse_action("announce no_such_contract")
    phases: list[str] = []

    def hook(state: Any, rng: SeededRandom) -> None:
        seat = rng.choice(sorted(game.to_act(state)))
        before = table.everything(state)
        with pytest.raises(InvalidActionError):
            game.check(state, seat, malformed)
        assert table.everything(state) == before
        phases.append(game.phase_of(state))

    for _ in table.play("malformed", count=table.deals // 2, hook=hook):
        pass
    assert len(phases) >= table.enough(table.deals // 2 * 4), len(phases)
    assert len(set(phases)) >= table.enough(2), set(phases)
    with pytest.raises(InvalidActionError):
        parse_action("announce")
    with pytest.raises(InvalidActionError):
        parse_action("play 1Z")


def _observed_pack(table: Table) -> frozenset[Card] | None:
    """The pack, if every deal hands out the same set of cards (the whole pack)."""
    packs = set()
    for index in range(6):
        state = table.new_deal(derive_seed("conformance-pack", table.game.game_type.id, index), 0)
        cards: set[Card] = set()
        for seat, whole in enumerate(table.game.whole_hands(state, table.seats)):
            view = table.game.view(state, seat)
            cards |= {hand_card.card for hand_card in view.hand} | set(view.dealt_hand) | set(whole)
        packs.add(frozenset(cards))
    return next(iter(packs)) if len(packs) == 1 else None


def test_card_outside_the_pack_is_invalid(table: Table) -> None:
    pack = _observed_pack(table)
    if pack is None:
        pytest.skip("the deals do not hand out the whole pack, so the pack cannot be told from them")
    outside = [Card(suit, rank) for rank in Rank for suit in Suit if Card(suit, rank) not in pack]
    if not outside:
        pytest.skip("the game uses the full 52-card pack: no card lies outside it")
    two_of_clubs = parse_action("play 2C")
    candidates: list[Action] = [two_of_clubs] if Card(Suit.CLUBS, Rank.TWO) in outside else []
    game = table.game
    tried = 0

    def hook(state: Any, rng: SeededRandom) -> None:
        nonlocal tried
        seat = rng.choice(sorted(game.to_act(state)))
        before = table.everything(state)
        for action in [*candidates, PlayCard(rng.choice(outside))]:
            with pytest.raises(InvalidActionError):
                game.check(state, seat, action)
            tried += 1
        assert table.everything(state) == before

    for _ in table.play("outside-pack", count=table.deals // 2, hook=hook):
        pass
    assert tried >= table.enough(table.deals)


def test_acting_out_of_turn_is_refused(table: Table) -> None:
    game = table.game
    refused = 0

    def out_of_turn(state: Any, seat: int, rng: SeededRandom) -> None:
        nonlocal refused
        candidates = [action for action, _ in game.candidate_actions(state, seat)] or [Pass()]
        action = rng.choice(candidates)
        before = table.everything(state)
        with pytest.raises(NotYourTurnError) as error:
            game.check(state, seat, action)
        assert error.value.reason
        assert table.everything(state) == before
        assert not any(choice.allowed for choice in game.choices(state, seat))
        refused += 1

    def hook(state: Any, rng: SeededRandom) -> None:
        idle = sorted(set(range(table.seats)) - game.to_act(state) - game.may_act(state))
        if idle:
            out_of_turn(state, rng.choice(idle), rng)

    for state, _ in table.play("out-of-turn", hook=hook):
        for seat in range(table.seats):
            out_of_turn(state, seat, SeededRandom(seat))
    assert refused >= table.enough(table.deals * table.seats)


def test_deal_scores_add_up_as_the_game_declares(table: Table) -> None:
    game = table.game
    utility = game.game_type.utility
    sums: set[int] = set()
    for state, where in table.play("scores"):
        result = game.result(state)
        assert result is not None
        assert len(result.scores) == table.seats, where
        sums.add(sum(result.scores))
        if utility is Utility.ZERO_SUM:
            assert sum(result.scores) == 0, f"scores {result.scores}: {where}"
        assert all(game.view(state, viewer).result == result for viewer in table.viewers)
        assert result.winners <= set(range(table.seats)) and result.declarers <= set(range(table.seats))
    if utility is Utility.CONSTANT_SUM:
        assert len(sums) == 1, f"deal scores add up to {sorted(sums)}"


def test_the_settlement_steps_work_out_its_value(table: Table) -> None:
    """The "Rechenweg" a client shows must arrive at the value the scores were paid from."""
    game = table.game
    for state, where in table.play("steps", count=table.deals // 2):
        result = game.result(state)
        assert result is not None and result.steps, where
        assert settled_value(result.steps) == result.value, f"{result.steps} give not {result.value}: {where}"
        for step in result.steps:
            assert step.seats <= set(range(table.seats)), where
            assert not step.seats or step.operation in (StepOperation.ADD, StepOperation.PAY), (
                f"{step}: {where}"
            )
            # A payment names who pays and whom; nobody pays himself, nor a negative amount.
            paying = step.operation is StepOperation.PAY
            assert (step.payer is not None) == paying, f"{step}: {where}"
            if paying:
                assert step.payer in range(table.seats) and step.payer not in step.seats, f"{step}: {where}"
                assert step.seats and step.amount > 0, f"{step}: {where}"


def test_views_give_shown_cards_declarations_and_counters_per_seat(table: Table) -> None:
    """Per-seat parts of a view have one entry per seat (or none at all); cards lying face
    up and the counters are the same for every viewer, players and spectators."""
    game = table.game
    looked: list[int] = []

    def hook(state: Any, rng: SeededRandom) -> None:
        views = [game.view(state, viewer) for viewer in table.viewers]
        for view in views:
            for per_seat in (view.shown, view.declarations, view.seat_counters):
                assert len(per_seat) in (0, table.seats), view
        assert len({(view.shown, view.seat_counters, view.counters) for view in views}) == 1, views
        looked.append(len(views))

    for _ in table.play("per-seat", count=table.deals // 4, hook=hook):
        pass
    assert len(looked) >= table.enough(table.deals // 4)


def test_only_the_games_own_and_the_common_actions_are_offered_and_accepted(table: Table) -> None:
    """A game offers no action it has not declared, and refuses one of another game as invalid."""
    game = table.game
    declared = (*COMMON_ACTIONS, *game.game_type.actions)
    checked: list[str] = []

    def hook(state: Any, rng: SeededRandom) -> None:
        for seat in game.to_act(state):
            for action, _ in game.candidate_actions(state, seat):
                assert isinstance(action, declared), f"{action} is not declared by {game.game_type.id}"
            before = table.everything(state)
            with pytest.raises(InvalidActionError, match="is not an action of"):
                game.check(state, seat, cast(Action, _ForeignAction()))
            assert table.everything(state) == before
            checked.append(game.phase_of(state))

    for _ in table.play("foreign", count=table.deals // 4, hook=hook):
        pass
    assert len(checked) >= table.enough(table.deals // 4), checked


@dataclass(frozen=True, slots=True)
class _ForeignAction:
    """An action no game declares."""

    def __str__(self) -> str:
        return "foreign"


def test_view_hand_flags_agree_with_legal_actions(table: Table) -> None:
    """What a client greys out is exactly what the write path would refuse."""
    game = table.game

    def hook(state: Any, rng: SeededRandom) -> None:
        for seat in range(table.seats):
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            playable = {hand_card.card for hand_card in view.hand if hand_card.playable}
            assert playable == {action.card for action in legal if isinstance(action, PlayCard)}
            assert all(hand_card.reason for hand_card in view.hand if not hand_card.playable)
            allowed = [choice.action for choice in view.choices if choice.allowed]
            assert allowed == [action for action in legal if not isinstance(action, PlayCard)]

    for _ in table.play("flags", count=table.deals // 2, hook=hook):
        pass


def test_each_seats_dealt_hand_is_what_its_view_says_it_was_dealt(table: Table) -> None:
    """A new deal tells each seat its cards from ``dealt_hand``, without building views:
    it must be the view's own word at every moment of the deal (Schafkopf's second half
    comes later, two-handed Schafkopf turns cards up)."""
    game = table.game

    def hook(state: Any, rng: SeededRandom) -> None:
        for seat in range(table.seats):
            assert game.dealt_hand(state, seat) == game.view(state, seat).dealt_hand

    for _ in table.play("dealt hands", count=table.deals // 2, hook=hook):
        pass


def test_a_seats_observation_is_its_view_in_a_computer_players_terms(table: Table) -> None:
    """What a computer player decides on: the seat's own cards and moves exactly as its view
    shows them, who acts, a hand size and shown cards per seat, and what the rules revealed
    to it as the class the game declares."""
    game = table.game
    revealed_type = game.game_type.revealed
    observed: list[int] = []

    def hook(state: Any, rng: SeededRandom) -> None:
        for seat in range(table.seats):
            observation = game.observation(state, seat)
            view = game.view(state, seat)
            legal = game.legal_actions(state, seat)
            assert observation.seat == seat and observation.hand == tuple(card.card for card in view.hand)
            assert set(observation.playable) == {
                action.card for action in legal if isinstance(action, PlayCard)
            }
            assert [choice.action for choice in observation.allowed] == [
                action for action in legal if not isinstance(action, PlayCard)
            ]
            assert observation.dealt == view.dealt_hand
            # Of the seats that may act unasked, a seat learns only whether it is one.
            assert observation.to_act == game.to_act(state)
            assert observation.may_act == game.may_act(state) & {seat}
            assert len(observation.hand_sizes) == len(observation.shown) == table.seats
            if revealed_type is None:
                assert observation.revealed is None
            else:
                assert isinstance(observation.revealed, revealed_type)
            observed.append(seat)

    for _ in table.play("observation", count=table.deals // 4, hook=hook):
        pass
    assert len(observed) >= table.enough(table.deals // 4)


def test_copy_state_is_independent(table: Table) -> None:
    game = table.game
    copies = 0

    def hook(state: Any, rng: SeededRandom) -> None:
        nonlocal copies
        if rng.below(3):
            return
        before = table.everything(state)
        copy = game.copy_state(state)
        assert table.everything(copy) == before, "a copy starts equal"
        seat = rng.choice(sorted(game.to_act(copy)))
        action = rng.choice(game.legal_actions(copy, seat))
        game.apply(copy, seat, action)
        assert table.everything(state) == before, f"applying {action} to a copy changed the original"
        moved = table.everything(copy)
        again = game.copy_state(state)
        game.apply(state, seat, action)
        assert table.everything(state) == moved, "the same action gives the same state"
        assert table.everything(again) == before, "changing the original changed an earlier copy"
        copies += 1

    for _ in table.play("copy", hook=hook):
        pass
    assert copies >= table.enough(table.deals)


def test_same_seed_gives_the_same_deal(table: Table) -> None:
    game = table.game
    distinct = set()
    for index in range(40):
        seed = derive_seed("conformance-same-seed", game.game_type.id, table.rule_set, index)
        first, second = table.new_deal(seed, index % table.seats), table.new_deal(seed, index % table.seats)
        assert table.everything(first) == table.everything(second)
        # The hands as dealt, and what everyone sees (Speculation's cards are face down for
        # their owners too: the turn-up tells its deals apart).
        hands = tuple(tuple(game.view(first, seat).dealt_hand) for seat in range(table.seats))
        distinct.add((hands, repr(game.view(first, None))))
        rng_a, rng_b = SeededRandom(seed), SeededRandom(seed)
        while game.result(first) is None:
            seat_a, seat_b = (
                rng_a.choice(sorted(game.to_act(first))),
                rng_b.choice(sorted(game.to_act(second))),
            )
            action_a = pick(rng_a, game.legal_actions(first, seat_a))
            action_b = pick(rng_b, game.legal_actions(second, seat_b))
            assert (seat_a, action_a) == (seat_b, action_b)
            game.apply(first, seat_a, action_a)
            game.apply(second, seat_b, action_b)
        assert table.everything(first) == table.everything(second)
    assert len(distinct) > 30, "different seeds must give different deals"


def test_match_plays_its_deals_and_refuses_illegal_actions_without_change(table: Table) -> None:
    """A Partie through the generic Match: a refused action leaves the whole match as it
    was, and the match's events follow the game's own rules for the match."""
    game = table.game
    seed = derive_seed("conformance-match", game.game_type.id, table.rule_set, table.seats)
    rng = SeededRandom(seed)
    match = Match(game, table.options, table.seats, seed, humans=frozenset({0}))
    events = match.take_events()
    refused = 0
    for _ in range(MAX_ACTIONS * 10):
        if match.phase is MatchPhase.FINISHED:
            break
        seat = rng.choice(sorted(match.to_act()))
        if match.phase is MatchPhase.SETTLEMENT:
            events += match.apply(seat, Continue())
            continue
        grey = [choice.action for choice in game.choices(match.deal, seat) if not choice.allowed]
        refusing = seat
        if not grey and match.may_act():
            # A market's waited moves are rarely grey; a trader's view of them is.
            refusing = rng.choice(sorted(match.may_act()))
            grey = [choice.action for choice in game.choices(match.deal, refusing) if not choice.allowed]
        if grey:
            before = (match.snapshot(), tuple(match.view(viewer) for viewer in table.viewers))
            with pytest.raises(IllegalActionError):
                match.apply(refusing, rng.choice(grey))
            assert (match.snapshot(), tuple(match.view(viewer) for viewer in table.viewers)) == before
            refused += 1
        events += match.apply(seat, pick(rng, game.legal_actions(match.deal, seat)))
    else:
        pytest.fail("the match did not end")
    assert refused > 0
    check_match_events(table, events)
    assert events[-1] == MatchFinished(tuple(match.totals), match.winners, PUBLIC)


def check_match_events(table: Table, events: list[MatchEvent]) -> None:
    """Deals start and settle in turn, each dealt by the dealer the game names, totals add
    up from the game's initial totals, the carry follows the game's ``carry_after``, and
    the match ends exactly when the game says, with the winners it names."""
    game, options, seats = table.game, table.options, table.seats
    assert all(isinstance(event.audience, Audience) for event in events)
    hands = [event for event in events if isinstance(event, HandDealt)]
    assert all(event.audience == seats_only(event.seat) for event in hands), "a hand is for its seat only"
    assert len(hands) == seats * sum(isinstance(event, DealStarted) for event in events)
    events = [event for event in events if isinstance(event, DealStarted | DealSettled | MatchFinished)]
    totals = game.initial_totals(options, seats)
    carry = game.initial_carry(options, seats)
    played = 0
    dealer: int | None = None
    for index, event in enumerate(events[:-1]):
        if index % 2 == 0:
            assert isinstance(event, DealStarted), f"event {index}: {event}"
            assert event.deal_number == played + 1
            if dealer is not None:
                assert event.dealer == dealer, f"event {index}: dealt by {event.dealer}, not {dealer}"
            dealer = event.dealer
            continue
        assert isinstance(event, DealSettled), f"event {index}: {event}"
        result = event.result
        totals = tuple(total + score for total, score in zip(totals, result.scores, strict=True))
        assert event.totals == totals
        carry = game.carry_after(options, carry, result)
        played += 0 if result.redeal else 1
        over = not result.redeal and game.match_over(options, MatchProgress(played, totals, result, carry))
        assert over == (index == len(events) - 2), f"event {index}: match over is {over}"
        if over:
            progress = MatchProgress(played, totals, result, carry)
            assert events[-1] == MatchFinished(totals, game.match_winners(options, progress), PUBLIC)
        assert dealer is not None
        dealer = game.next_dealer(options, seats, dealer, result)
