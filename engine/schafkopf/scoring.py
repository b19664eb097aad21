"""What a Schafkopf game pays (seed 003, "Wertung" and "Spielen um Geld", SPEC §2): the
verdict, Schneider and Schwarz, the Laufende, Tout and Sie, the doublings, who pays whom,
the Stock, and the Ramsch with its loser, Jungfrau and Durchmarsch.

All amounts are cents, from the table's ``Tariff``:

* point games: ``unit = base + Schneider + Schwarz + Laufende``; Schneider when the
  winners made 91 (declarers) or 90 (defenders); Schwarz (both surcharges) when the
  winning side took every trick; Tout ``2 × (base + Laufende)``, won only with every
  trick; Sie ``4 × (solo base + 8 Laufende)``; Bettel ``base``, won only without a trick;
* Laufende: the unbroken run of top trumps that one side was dealt, "mit" or "ohne",
  counted whole once it reaches the minimum (3; Wenz and Geier 2);
* every Aufstellen, Kontra and Re doubles;
* a partner game: each loser pays one winner the unit; a solo: each defender pays the
  declarer;
* the Stock goes to the pair that wins a partner game, half each, never doubled; under
  ``pay_in`` a losing pair pays its size in;
* Ramsch: the seat with the most points pays the tariff to every other seat (ties by
  the table's rule), Jungfrau and Durchmarsch as the table agreed.

Decisions where the texts are silent: the seed's last Ramsch tie-break ("der höchste
Trumpf") means the highest trump among a seat's tricks; seats still level after it are
separated by the highest trump they played, then by who took the later trick. The seed's
Jungfrau ("der höhere Tarif") receives the solo tariff instead of the Ramsch tariff.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, Suit
from engine.game import SettlementStep, StepOperation, settled_value
from engine.schafkopf.constants import (
    PARTNER_GAMES,
    SCHNEIDER_LOST,
    SCHNEIDER_WON,
    SIE_FACTOR,
    SIE_LAUFENDE,
    TOUT_FACTOR,
    TOUTS,
    WENZ_GEIER,
    WINNING_POINTS,
    Durchmarsch,
    Jungfrau,
    Kind,
    Options,
    RamschTie,
    StockOnLoss,
    points,
)
from engine.schafkopf.play import TrickOrder


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game as the settlement reads it: the game, the declaring side (empty
    for Ramsch), what each seat was dealt (for the Laufende; after a Hochzeit's exchange,
    which stays within the pair), the tricks as (winner, cards with their seats in play
    order), the seats that stood up (Aufstellen) and gave Kontra / Re, and the Stock."""

    kind: Kind
    suit: Suit | None
    declarer: int
    declarers: frozenset[int]
    dealt: tuple[tuple[Card, ...], ...]
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...]], ...]
    doublings: tuple[int, ...] = ()
    stoss: tuple[int, ...] = ()
    stock: int = 0

    @property
    def seats(self) -> int:
        return len(self.dealt)


@dataclass(frozen=True, slots=True)
class Settlement:
    """What a game pays: per seat, and the change of the Stock (positive: paid in); the
    value one loser pays one winner (``value``, doublings included), the steps that work
    it out, and what decided it."""

    payouts: tuple[int, ...]
    stock_change: int
    value: int
    winners: frozenset[int]
    card_points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    declarers_won: bool
    laufende: int
    laufende_with_declarers: bool
    steps: tuple[SettlementStep, ...]
    ramsch_loser: int = -1
    durchmarsch_seat: int = -1
    jungfrauen: frozenset[int] = frozenset()


def settle(options: Options, game: PlayedGame, order: TrickOrder) -> Settlement:
    if game.kind is Kind.RAMSCH:
        return _settle_ramsch(options, game, order)
    return _settle_game(options, game, order)


def laufende(
    order: TrickOrder, dealt: Sequence[Sequence[Card]], declarers: frozenset[int]
) -> tuple[int, bool]:
    """The run of top trumps one side was dealt, and whether it is the declaring side's."""
    holder = {card: seat for seat, hand in enumerate(dealt) for card in hand}
    sides = [holder[card] in declarers for card in order.trumps if card in holder]
    if not sides:
        return 0, False
    run = 1
    while run < len(sides) and sides[run] == sides[0]:
        run += 1
    return run, sides[0]


def _tally(game: PlayedGame, order: TrickOrder) -> tuple[list[int], list[int]]:
    card_points = [0] * game.seats
    tricks_won = [0] * game.seats
    for winner, cards in game.tricks:
        card_points[winner] += points([card for _, card in cards])
        tricks_won[winner] += 1
    return card_points, tricks_won


def _doubling_steps(options: Options, game: PlayedGame) -> list[SettlementStep]:
    steps = [
        SettlementStep("aufstellen", f"seat {seat} stood up (Aufstellen)", StepOperation.MULTIPLY, 2)
        for seat in game.doublings
    ]
    for index, seat in enumerate(game.stoss):
        word, kind = ("Kontra", "kontra") if index % 2 == 0 else ("Re", "re")
        steps.append(SettlementStep(kind, f"{word} by seat {seat}", StepOperation.MULTIPLY, 2))
    return steps


def _settle_game(options: Options, game: PlayedGame, order: TrickOrder) -> Settlement:
    tariff = options.tariff
    base_kind = TOUTS.get(game.kind, game.kind)
    card_points, tricks_won = _tally(game, order)
    declarer_points = sum(card_points[seat] for seat in game.declarers)
    declarer_tricks = sum(tricks_won[seat] for seat in game.declarers)
    all_tricks = len(game.tricks)
    steps: list[SettlementStep] = []
    run, run_with_declarers = 0, False
    if game.kind is Kind.SIE:
        won = True
        run, run_with_declarers = SIE_LAUFENDE, True
        steps.append(SettlementStep("base", "Sie: solo tariff", StepOperation.BASE, tariff.solo))
        steps.append(_laufende_step(run, True, tariff.laufende, counted=True))
        steps.append(SettlementStep("sie", "Sie: four times", StepOperation.MULTIPLY, SIE_FACTOR))
        verdict = "Sie laid down: eight highest trumps"
    elif base_kind is Kind.BETTEL:
        won = declarer_tricks == 0
        steps.append(SettlementStep("base", "Bettel", StepOperation.BASE, tariff.bettel))
        verdict = "won: no trick taken" if won else f"lost: took {declarer_tricks} trick(s)"
    else:
        base = tariff.partner if game.kind in PARTNER_GAMES else tariff.solo
        steps.append(
            SettlementStep(
                "base", "partner game" if game.kind in PARTNER_GAMES else "solo", StepOperation.BASE, base
            )
        )
        run, run_with_declarers = laufende(order, game.dealt, game.declarers)
        minimum = options.laufende_from_wenz_geier if base_kind in WENZ_GEIER else options.laufende_from
        if game.kind in TOUTS:
            won = declarer_tricks == all_tricks
            verdict = "Tout won: every trick" if won else "Tout lost: the opponents took a trick"
        else:
            won = declarer_points >= WINNING_POINTS
            verdict = f"{'won' if won else 'lost'} with {declarer_points} of 120 points"
            winner_tricks = declarer_tricks if won else all_tricks - declarer_tricks
            schneider = declarer_points >= SCHNEIDER_WON if won else declarer_points <= SCHNEIDER_LOST
            if winner_tricks == all_tricks:
                steps.append(SettlementStep("schneider", "Schneider", StepOperation.ADD, tariff.schneider))
                steps.append(
                    SettlementStep("schwarz", "Schwarz: every trick", StepOperation.ADD, tariff.schwarz)
                )
            elif schneider:
                steps.append(SettlementStep("schneider", "Schneider", StepOperation.ADD, tariff.schneider))
        if run:
            steps.append(
                _laufende_step(
                    run, run_with_declarers, tariff.laufende, counted=run >= minimum, minimum=minimum
                )
            )
        if game.kind in TOUTS:
            steps.append(SettlementStep("tout", "Tout: twice", StepOperation.MULTIPLY, TOUT_FACTOR))
    steps.append(SettlementStep("verdict", verdict, StepOperation.NOTE, 1))
    steps += _doubling_steps(options, game)
    value = settled_value(tuple(steps))
    sign = 1 if won else -1
    defenders = [seat for seat in range(game.seats) if seat not in game.declarers]
    payouts = [0] * game.seats
    if game.kind in PARTNER_GAMES:
        for seat in range(game.seats):
            payouts[seat] = sign * value if seat in game.declarers else -sign * value
    else:
        for seat in defenders:
            payouts[seat] = -sign * value
        payouts[game.declarer] = sign * value * len(defenders)
    steps += _payment_steps(payouts)
    stock_change = 0
    if game.kind in PARTNER_GAMES and game.stock:
        # Never doubled: the Stock is what was paid in, shared by the pair.
        share = game.stock // len(game.declarers)
        if won or options.stock_on_loss is StockOnLoss.PAY_IN:
            moved = share if won else -share
            stock_change = -moved * len(game.declarers)
            label = "the Stock, half to each winner" if won else "the losers pay the Stock's size in"
            steps.append(SettlementStep("stock", label, StepOperation.ADD, moved, seats=game.declarers))
            for seat in game.declarers:
                payouts[seat] += moved
    winners = game.declarers if won else frozenset(defenders)
    return Settlement(
        payouts=tuple(payouts),
        stock_change=stock_change,
        value=value,
        winners=winners,
        card_points=tuple(card_points),
        tricks_won=tuple(tricks_won),
        declarers_won=won,
        laufende=run,
        laufende_with_declarers=run_with_declarers,
        steps=tuple(steps),
    )


def _laufende_step(
    run: int, with_declarers: bool, each: int, counted: bool, minimum: int = 0
) -> SettlementStep:
    side = "mit" if with_declarers else "ohne"
    if counted:
        return SettlementStep("laufende", f"{run} Laufende {side}", StepOperation.ADD, run * each)
    return SettlementStep(
        "laufende",
        f"{run} Laufende {side}",
        StepOperation.ADD,
        run * each,
        struck=True,
        note=f"they count from {minimum} Laufende on",
    )


def _payment_steps(payouts: list[int]) -> list[SettlementStep]:
    """Who pays whom: each seat that pays gives to the seats that receive, both in seat
    order, so that a loser of a partner game pays one winner, each defender pays the
    soloist (or the soloist each defender) and the Ramsch's loser pays everyone else. With
    the Stock's line, a seat's lines add up to its score."""
    owing = {seat: -amount for seat, amount in enumerate(payouts) if amount < 0}
    owed = {seat: amount for seat, amount in enumerate(payouts) if amount > 0}
    steps = []
    for payer in sorted(owing):
        for receiver in sorted(owed):
            amount = min(owing[payer], owed[receiver])
            if amount:
                steps.append(
                    SettlementStep(
                        "paid",
                        f"seat {payer} pays seat {receiver}",
                        StepOperation.PAY,
                        amount,
                        seats=frozenset({receiver}),
                        payer=payer,
                    )
                )
                owing[payer] -= amount
                owed[receiver] -= amount
    return steps


def _settle_ramsch(options: Options, game: PlayedGame, order: TrickOrder) -> Settlement:
    tariff = options.tariff
    card_points, tricks_won = _tally(game, order)
    seats = range(game.seats)
    steps = [SettlementStep("base", "Ramsch", StepOperation.BASE, tariff.ramsch)]
    payouts = [0] * game.seats
    durchmarsch = -1
    if options.durchmarsch is Durchmarsch.TRICKS:
        durchmarsch = next((seat for seat in seats if tricks_won[seat] == len(game.tricks)), -1)
    elif options.durchmarsch is Durchmarsch.POINTS:
        durchmarsch = next((seat for seat in seats if card_points[seat] >= options.durchmarsch_points), -1)
    jungfrauen: frozenset[int] = frozenset()
    loser = -1
    if durchmarsch >= 0:
        steps.append(
            SettlementStep("durchmarsch", f"Durchmarsch by seat {durchmarsch}", StepOperation.NOTE, 1)
        )
        steps += _doubling_steps(options, game)
        value = settled_value(tuple(steps))
        for seat in seats:
            payouts[seat] = value * (game.seats - 1) if seat == durchmarsch else -value
    else:
        loser, why = _ramsch_loser(options, game, order, card_points, tricks_won)
        steps.append(
            SettlementStep(
                "loser", f"seat {loser} loses with {card_points[loser]} points{why}", StepOperation.NOTE, 1
            )
        )
        if options.jungfrau is not Jungfrau.NONE:
            jungfrauen = frozenset(seat for seat in seats if tricks_won[seat] == 0)
        if options.jungfrau is Jungfrau.DOUBLE_ALL:
            steps += [
                SettlementStep("jungfrau", f"seat {seat} Jungfrau", StepOperation.MULTIPLY, 2)
                for seat in sorted(jungfrauen)
            ]
        steps += _doubling_steps(options, game)
        value = settled_value(tuple(steps))
        factor = 2 ** (len(game.doublings) + len(game.stoss))
        for seat in seats:
            if seat == loser:
                continue
            amount = value
            if seat in jungfrauen:
                if options.jungfrau is Jungfrau.ONCE:
                    amount = 2 * value
                elif options.jungfrau is Jungfrau.MULTIPLE:
                    amount = value * 2 ** len(jungfrauen)
                elif options.jungfrau is Jungfrau.HIGHER_TARIFF:
                    amount = tariff.solo * factor
            payouts[seat] = amount
        payouts[loser] = -sum(payouts)
    steps += _payment_steps(payouts)
    winners = frozenset(seat for seat in seats if payouts[seat] > 0)
    return Settlement(
        payouts=tuple(payouts),
        stock_change=0,
        value=value,
        winners=winners,
        card_points=tuple(card_points),
        tricks_won=tuple(tricks_won),
        declarers_won=False,
        laufende=0,
        laufende_with_declarers=False,
        steps=tuple(steps),
        ramsch_loser=loser,
        durchmarsch_seat=durchmarsch,
        jungfrauen=jungfrauen,
    )


def _ramsch_loser(
    options: Options, game: PlayedGame, order: TrickOrder, card_points: list[int], tricks_won: list[int]
) -> tuple[int, str]:
    """The seat that loses the Ramsch, and the tie-break that decided it (empty if none)."""
    most = max(card_points)
    tied = [seat for seat in range(game.seats) if card_points[seat] == most]
    if len(tied) == 1:
        return tied[0], ""
    played_power = {
        seat: max(
            (
                order.power(card)
                for _, cards in game.tricks
                for who, card in cards
                if who == seat and order.is_trump(card)
            ),
            default=0,
        )
        for seat in tied
    }
    last_trick = {
        seat: max((index for index, (winner, _) in enumerate(game.tricks) if winner == seat), default=-1)
        for seat in tied
    }
    if options.ramsch_tie is RamschTie.HIGHEST_TRUMP:
        loser = max(tied, key=lambda seat: (played_power[seat], last_trick[seat]))
        return loser, " (tie: played the highest trump)"
    taken = {
        seat: [card for winner, cards in game.tricks if winner == seat for _, card in cards] for seat in tied
    }
    trumps_taken = {seat: [card for card in taken[seat] if order.is_trump(card)] for seat in tied}
    keys = {
        seat: (
            tricks_won[seat],
            len(trumps_taken[seat]),
            max((order.power(card) for card in trumps_taken[seat]), default=0),
            played_power[seat],
            last_trick[seat],
        )
        for seat in tied
    }
    loser = max(tied, key=lambda seat: keys[seat])
    deciding = max(
        next(
            index
            for index, (own, other) in enumerate(zip(keys[loser], keys[rival], strict=True))
            if own != other
        )
        for rival in tied
        if rival != loser
    )
    return loser, _RAMSCH_TIE_REASONS[deciding]


_RAMSCH_TIE_REASONS = (
    " (tie: most tricks)",
    " (tie: most trumps in the tricks)",
    " (tie: the highest trump in the tricks)",
    " (tie: played the highest trump)",
    " (tie: took the later trick)",
)
