// The table's public parts, drawn from a view as the terminal client draws them: seats and
// their badges, the trump ladder, the calls, the trick, the settlement, the daily deal, and
// one line for each event of the history. Nothing here knows a rule.

import { cardName, isRed } from "./cards";
import { h } from "./dom";
import { t, message, verbatim, type Key, type Message, type Text } from "./messages";
import { cardFace, packOf } from "./faces";
import { drawStack } from "./market";
import type { Card } from "./gen/speedgamez/v1/cards_pb";
import {
  Badge,
  DoubleStatus,
  SeatKind,
  SettlementOperation,
  TablePhase,
  type SeatView,
  type SettlementStep,
  type TableEvent,
  type TableView,
  type Trick,
} from "./gen/speedgamez/v1/table_pb";

// A badge's letter and what it means, as seed 000 names them.
const BADGES: Record<number, [letter: Key, meaning: Key]> = {
  [Badge.DEALER]: ["badge_dealer", "badge_dealer_meaning"],
  [Badge.OLD]: ["badge_old", "badge_old_meaning"],
  [Badge.YOUNG]: ["badge_young", "badge_young_meaning"],
  [Badge.PARTNER]: ["badge_partner", "badge_partner_meaning"],
  [Badge.SOLOIST]: ["badge_soloist", "badge_soloist_meaning"],
};
const DOUBLES: Record<number, Key> = {
  [DoubleStatus.UNKNOWN]: "double_unknown",
  [DoubleStatus.COUNTS]: "double_counts",
  [DoubleStatus.STRUCK]: "double_struck",
  [DoubleStatus.CLEARED]: "double_cleared",
};
export const PHASES: Record<number, Key> = {
  [TablePhase.WAITING_FOR_PLAYERS]: "phase_waiting",
  [TablePhase.BIDDING]: "phase_bidding",
  [TablePhase.PLAYING]: "phase_playing",
  [TablePhase.SETTLEMENT]: "phase_settlement",
  [TablePhase.FINISHED]: "phase_finished",
  [TablePhase.CLOSED]: "phase_closed",
  [TablePhase.IN_DEAL_OTHER]: "phase_in_deal",
};
const VERDICTS: Record<string, Key> = { leads: "zvanja_leads", counts: "zvanja_counts", beaten: "zvanja_beaten" };

/** A seat by its player's name, or by its number when nobody sits there. */
export function seatName(view: TableView | undefined, seat: number): Text {
  const name = view?.seats.find((candidate) => candidate.seat === seat)?.playerName;
  return name ? verbatim(name) : t("seat_number", { number: seat + 1 });
}

/** Seats by their players' names and cards as the player chose to name them. */
export class Names {
  constructor(private readonly view: TableView) {}

  seat(seat: number): Text {
    return seatName(this.view, seat);
  }

  card(card: Card | undefined): Text {
    return cardName(card, this.view.game, this.view.options);
  }

  cards(cards: Card[]): Text {
    return verbatim(cards.map((card) => this.card(card)).join(" "));
  }

  /** An amount with the unit the table counts in: "40 points", "+1 cent". */
  amount(value: bigint, signed = false): Text {
    return amount(value, this.view, signed);
  }
}

function amount(value: bigint, view: TableView | undefined, signed = false): Text {
  const unit = view?.scoreUnit;
  const number = `${signed && value >= 0n ? "+" : ""}${value}`;
  const word = value === 1n || value === -1n ? unit?.one : unit?.many;
  return t("amount", { number, unit: word ?? "" });
}

function drawSeat(seat: SeatView, view: TableView, names: Names): HTMLElement {
  const acting = view.toActSeats.includes(seat.seat);
  const badges = seat.badges.map((badge) => {
    const [letter, meaning] = BADGES[badge] ?? ["badge_unknown", "badge_unknown_meaning"];
    return h("abbr", { class: "badge", title: t(meaning), "aria-label": t(meaning) }, t(letter));
  });
  const who =
    seat.kind === SeatKind.COMPUTER
      ? t("seat_computer", { name: seat.playerName })
      : seat.open
        ? t("seat_open")
        : verbatim(seat.playerName);
  return h(
    "article",
    { class: `seat${acting ? " acting" : ""}${seat.isViewer ? " viewer" : ""}`, "data-seat": seat.seat },
    h(
      "h3",
      {},
      who,
      seat.isViewer ? t("seat_you") : null,
      seat.away ? t("seat_away") : null,
      acting ? t("seat_to_act") : null,
      // The move clock at the seat it runs for, counted down by the table's tick; the
      // status line above the table says it in words.
      acting ? h("span", { class: "countdown", "aria-hidden": "true" }) : null,
    ),
    badges.length ? h("p", { class: "badges" }, ...badges) : null,
    drawBubble(seat, view),
    drawZvanja(seat, view),
    h(
      "p",
      {},
      // Speculation takes no tricks: its cards lie in the seat's stack below.
      view.gameView.case === "speculation"
        ? t("seat_total", { total: names.amount(seat.totalScore, true) })
        : t("seat_line", {
            cards: seat.cardsInHand,
            tricks: seat.tricksWon,
            points: seat.cardPoints,
            total: names.amount(seat.totalScore, true),
          }),
      ...seat.counters.map((counter) => t("seat_counter", { label: counter.label, value: counter.value })),
    ),
    // Speculation's cards lie in the seat's stack: face-down ones as backs, the others face up.
    view.gameView.case === "speculation" ? drawStack(view, seat.seat, names) : null,
    seat.shownCards.length && view.gameView.case !== "speculation"
      ? h("p", {}, t("shown_cards"), " ", names.cards(seat.shownCards))
      : null,
    ...seat.declarations.map((declaration) =>
      h("p", {}, t("declaration", { label: declaration.label, cards: names.cards(declaration.cards), points: declaration.points })),
    ),
    seat.openHand.length ? h("p", { class: "open-hand" }, t("open_hand", { cards: names.cards(seat.openHand) })) : null,
  );
}

/** What a seat said last in this deal, as a speech bubble at the seat (a double that no
 * longer counts grey and struck); the calls' list below the table keeps every call. */
function drawBubble(seat: SeatView, view: TableView): HTMLElement | null {
  const said = view.calls.filter((call) => call.seat === seat.seat).at(-1);
  if (!said) return null;
  const struck = said.doubleStatus === DoubleStatus.STRUCK;
  return h(
    "p",
    {
      class: `bubble${struck ? " struck" : ""}`,
      "aria-label": seat.playerName ? t("seat_said", { name: seat.playerName }) : t("this_seat_said"),
    },
    struck ? h("s", {}, verbatim(said.label)) : verbatim(said.label),
  );
}

/** Bela's zvanja as a bubble at the seat that declared them (seed 002): their value and
 * whether they lead, count with a partner's, or are beaten and by what, beaten ones grey. */
function drawZvanja(seat: SeatView, view: TableView): HTMLElement | null {
  if (view.gameView.case !== "bela") return null;
  const declared = view.gameView.value.declarations.find((declaration) => declaration.seat === seat.seat);
  if (!declared) return null;
  const beaten = declared.verdict === "beaten";
  const verdict = declared.verdict in VERDICTS ? t(VERDICTS[declared.verdict]) : declared.verdict;
  return h(
    "p",
    { class: `bubble zvanja${beaten ? " struck" : ""}` },
    t("zvanja", { melds: declared.melds, value: declared.value }),
    verdict ? h("span", { class: "verdict" }, t("zvanja_verdict", { verdict, reason: declared.reason })) : null,
  );
}

/** The seats around the table, the trick (``centre``) in the middle: the viewer at the
 * bottom (a spectator sees the first seat there), the others in the order of play, which
 * goes to the left: the next seat at the left, the last one at the right, those between
 * them across the top (at four seats the partner opposite). */
export function drawTable(
  view: TableView,
  names: Names,
  centre: HTMLElement | null,
  ladder: HTMLElement | null,
  over: HTMLElement | null,
): HTMLElement {
  const count = view.seats.length;
  const bottom = view.viewerSeat ?? 0;
  const around = aroundOf(view);
  const seat = (number: number, place: string): HTMLElement | null => {
    const found = view.seats.find((candidate) => candidate.seat === number);
    if (!found) return null;
    const drawn = drawSeat(found, view, names);
    drawn.dataset.place = place;
    return drawn;
  };
  const sides = around.length > 1;
  const across = sides ? around.slice(1, -1) : around;
  return h(
    "section",
    // Beyond four seats the top row needs the table's width, and no game there has trumps.
    { class: `felt seats${count > 4 ? " crowded" : ""}${over ? " covered" : ""}`, "aria-label": t("seats_around"), "data-seats": count },
    ladder,
    h("div", { class: "across" }, ...across.map((number) => seat(number, "top"))),
    sides ? seat(around[0], "left") : null,
    h("div", { class: "centre" }, centre),
    sides ? seat(around[around.length - 1], "right") : null,
    seat(bottom, "bottom"),
    // What lies over the table between deals: the settlement, at the end the standings.
    over,
  );
}

/** The seats after the viewer's (a spectator's: after the first) in the order of play. */
function aroundOf(view: TableView): number[] {
  const count = view.seats.length;
  const bottom = view.viewerSeat ?? 0;
  return Array.from({ length: count - 1 }, (_, index) => (bottom + 1 + index) % count);
}

/** Where ``seat`` sits on the drawn table: bottom, left, right or top (as drawTable). */
export function placeOf(view: TableView, seat: number): string {
  const around = aroundOf(view);
  if (!around.includes(seat)) return "bottom";
  if (around.length === 1) return "top";
  if (seat === around[0]) return "left";
  return seat === around[around.length - 1] ? "right" : "top";
}

/** The trump ladder (seed 000): every trump of the game in rank order, the viewer's own
 * golden, fallen ones grey and struck; its heading folds it away and opens it again. */
export function drawLadder(view: TableView, names: Names, open: boolean, toggle: (open: boolean) => void): HTMLElement {
  const ladder = h(
    "details",
    { class: "ladder", open, "aria-label": t("trump_ladder") },
    h("summary", {}, t("trumps")),
    h(
      "ol",
      { class: "rungs", "aria-label": t("trumps_highest_first") },
      ...view.trumpLadder.map((rung) => {
        const state = rung.fallen ? "fallen" : rung.own ? "own" : "";
        return h(
          "li",
          { class: `${state}${isRed(rung.card) ? " red" : ""}` },
          rung.fallen ? h("s", {}, names.card(rung.card)) : names.card(rung.card),
          // Colour and strike are for the eyes; a screen reader hears the words.
          state ? h("span", { class: "visually-hidden" }, rung.fallen ? t("trump_fallen") : t("trump_yours")) : null,
        );
      }),
    ),
  );
  // Kept at the click (keys on the summary click too), not at the later toggle event: a
  // redraw in between would draw the ladder as it was.
  ladder.querySelector("summary")!.addEventListener("click", () => toggle(!(ladder as HTMLDetailsElement).open));
  return ladder;
}

export function drawPartyPoints(view: TableView): HTMLElement {
  return h(
    "section",
    { class: "party-points", "aria-label": t("running_points") },
    h("h3", {}, t("card_points_so_far")),
    h("ul", {}, ...view.partyPoints.map((party) => h("li", {}, t("name_and_text", { name: party.label, text: party.cardPoints })))),
  );
}

export function drawCalls(view: TableView, names: Names): HTMLElement {
  return h(
    "section",
    { class: "calls", "aria-label": t("calls") },
    h("h3", {}, t("calls")),
    h(
      "ol",
      {},
      ...view.calls.map((call) => {
        const status = DOUBLES[call.doubleStatus];
        const label = call.doubleStatus === DoubleStatus.STRUCK ? h("s", {}, verbatim(call.label)) : verbatim(call.label);
        return h(
          "li",
          {},
          t("call_by", { name: names.seat(call.seat) }),
          label,
          status ? t("call_status", { status: t(status), note: call.statusNote }) : null,
          call.reason ? h("span", { class: "reason" }, t("with_note", { note: call.reason })) : null,
        );
      }),
    ),
  );
}

/** The trick on the table, or the last one (``showLast``); ``toggle`` switches. A trick
 * just taken (``gathering``) stays in view while the next has no card, its cards moving to
 * the winner's place. */
export function drawTrick(
  view: TableView,
  names: Names,
  showLast: boolean,
  toggle: () => void,
  gathering?: Trick,
): HTMLElement | null {
  const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : undefined;
  const moving = !showLast && gathering && !view.currentTrick?.cards.length ? gathering : undefined;
  const trick: Trick | undefined = showLast ? last : (moving ?? view.currentTrick);
  if (!trick && !last) return null;
  return h(
    "section",
    {
      class: `trick${moving ? " gathering" : ""}`,
      "aria-label": showLast ? t("last_trick") : t("trick"),
      "data-to": moving?.winnerSeat !== undefined ? placeOf(view, moving.winnerSeat) : undefined,
    },
    h("h3", {}, showLast ? t("last_trick") : t("trick")),
    h(
      "ul",
      {},
      ...(trick?.cards ?? []).map((played) =>
        h(
          "li",
          { class: isRed(played.card) ? "red" : "" },
          played.card ? cardFace(played.card, packOf(view.game, view.options)) : null,
          h("span", { class: "name" }, t("name_and_text", { name: names.seat(played.seat), text: names.card(played.card) })),
        ),
      ),
    ),
    showLast && last?.winnerSeat !== undefined
      ? h("p", {}, t("took_trick", { name: names.seat(last.winnerSeat), points: last.points }))
      : null,
    last
      ? h(
          "button",
          { type: "button", onclick: toggle, "aria-keyshortcuts": "L" },
          showLast ? t("back_to_trick_key") : t("last_trick_key"),
        )
      : null,
  );
}

/** Each seat's place at the end of the match, best first, with its total and the
 * leaderboard points its place gave. */
export function drawStandings(view: TableView, names: Names): HTMLElement {
  const ranked = [...view.standings].sort((first, second) => first.place - second.place || first.seat - second.seat);
  return h(
    "section",
    { class: "standings", "aria-label": t("standings") },
    h("h3", {}, t("match_over")),
    h(
      "ul",
      {},
      ...ranked.map((standing) =>
        h(
          "li",
          { class: standing.seat === view.viewerSeat ? "you" : "" },
          h("span", { class: "place" }, t("place", { place: standing.place })),
          t("standing", { name: names.seat(standing.seat), total: names.amount(standing.total, true) }),
          standing.placeBonus ? h("span", { class: "bonus" }, t("place_bonus", { bonus: standing.placeBonus })) : null,
        ),
      ),
    ),
  );
}

export function drawSettlement(view: TableView, names: Names): HTMLElement {
  const settlement = view.settlement!;
  return h(
    "section",
    { class: "settlement", "aria-label": t("settlement") },
    h("h3", {}, t("settlement_of", { contract: settlement.contractLabel })),
    h(
      "ol",
      { class: "steps" },
      ...settlement.steps.map((step) => {
        const text = verbatim(`${step.label}${stepAmount(step, names)}`);
        return h(
          "li",
          { class: step.struck ? "struck" : "" },
          step.struck ? h("s", {}, text) : text,
          step.struck && step.note ? h("span", { class: "reason" }, t("step_struck", { note: step.note })) : null,
          !step.struck && step.note ? h("span", { class: "reason" }, t("with_note", { note: step.note })) : null,
        );
      }),
    ),
    h("p", {}, verbatim(settlement.summary)),
    h(
      "ul",
      { class: "scores" },
      ...settlement.scores.map((score, seat) => {
        const hand = settlement.hands.find((shown) => shown.seat === seat);
        const cards = hand ? t("had_cards", { cards: hand.cards.length ? names.cards(hand.cards) : t("no_card_shown") }) : null;
        return h("li", {}, t("score", { name: names.seat(seat), amount: names.amount(score, true) }), cards);
      }),
    ),
  );
}

/** What a settlement line does, as the terminal client says it: ": 20 points", ": ×2",
 * ": +10 points for Anna", or for a payment (its label names payer and payee) ": 30 cents";
 * nothing for a note. */
function stepAmount(step: SettlementStep, names: Names): Text | "" {
  switch (step.operation) {
    case SettlementOperation.BASE:
    case SettlementOperation.PAY:
      return t("step_amount", { amount: names.amount(step.amount) });
    case SettlementOperation.MULTIPLY:
      return t("step_times", { factor: step.amount });
    case SettlementOperation.ADD:
      return t("step_added", { amount: names.amount(step.amount, true), seats: step.seats.map((seat) => names.seat(seat)) });
    default:
      return "";
  }
}

export function drawDaily(view: TableView): HTMLElement {
  const daily = view.daily!;
  return h(
    "section",
    { class: "daily", "aria-label": t("daily_deal") },
    h("h3", {}, t("daily_deal_title", { date: daily.date })),
    h(
      "table",
      {},
      h(
        "thead",
        {},
        h("tr", {}, h("th", {}, t("daily_deal_column")), h("th", {}, t("daily_you")), h("th", {}, t("daily_strong_computer"))),
      ),
      h(
        "tbody",
        {},
        ...daily.deals.map((line) =>
          h(
            "tr",
            {},
            h("td", {}, line.dealNumber),
            h("td", {}, amount(line.yourScore, view, true)),
            h("td", { class: "computer" }, line.computerScore === undefined ? t("not_yet") : amount(line.computerScore, view, true)),
          ),
        ),
      ),
    ),
    h("p", {}, t("daily_difference", { amount: amount(daily.difference, view, true), complete: daily.complete })),
  );
}

/** One line for an event, or nothing (a hidden event keeps only its number); kept as a
 * message, so that the history reads in the language chosen later. */
export function describe(event: TableEvent, view: TableView | undefined): Message | undefined {
  const name = (seat: number) => seatName(view, seat);
  const kind = event.kind;
  switch (kind.case) {
    case "seatChanged":
      return message("as_sent", { text: kind.value.description });
    case "dealStarted":
      return message("deal_started", { deal: kind.value.dealNumber, dealer: name(kind.value.dealerSeat) });
    case "actionTaken":
      return message("action_taken", { name: name(kind.value.seat), label: kind.value.label, reason: kind.value.reason });
    case "biddingEnded":
      return message("bidding_ended", { contract: kind.value.contract?.label ?? "" });
    case "trickCompleted": {
      const winner = kind.value.trick?.winnerSeat;
      return winner === undefined ? message("trick_complete") : message("takes_trick", { name: name(winner) });
    }
    case "dealSettled":
      return message("deal_settled", { summary: kind.value.settlement?.summary ?? "" });
    case "matchFinished":
      return message("match_finished", { winners: kind.value.winnerSeats.map(name) });
    case "tableClosed":
      return message("as_sent", { text: kind.value.description });
    case "dailyDealCompared":
      return message("daily_compared", {
        deal: kind.value.dealNumber,
        yours: amount(kind.value.yourScore, view, true),
        computer: amount(kind.value.computerScore, view, true),
      });
    default:
      return undefined;
  }
}
