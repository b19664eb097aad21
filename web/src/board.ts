// The table's public parts, drawn from a view as the terminal client draws them: seats and
// their badges, the trump ladder, the calls, the trick, the settlement, the daily deal, and
// one line for each event of the history. Nothing here knows a rule.

import { cardName, isRed } from "./cards";
import { h } from "./dom";
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

const BADGES: Record<number, [string, string]> = {
  [Badge.DEALER]: ["G", "Geber: deals this deal"],
  [Badge.OLD]: ["A", "Alter: one of the Old (a black queen, or Wesele)"],
  [Badge.YOUNG]: ["J", "Junger: one of the Young, the party against the Old"],
  [Badge.PARTNER]: ["P", "Partner of the Wesele declarer"],
  [Badge.SOLOIST]: ["♛", "plays alone against the others"],
};
const DOUBLES: Record<number, string> = {
  [DoubleStatus.UNKNOWN]: "counts: not known yet",
  [DoubleStatus.COUNTS]: "counts",
  [DoubleStatus.STRUCK]: "struck",
  [DoubleStatus.CLEARED]: "cleared",
};
export const PHASES: Record<number, string> = {
  [TablePhase.WAITING_FOR_PLAYERS]: "waiting for players",
  [TablePhase.BIDDING]: "bidding",
  [TablePhase.PLAYING]: "playing",
  [TablePhase.SETTLEMENT]: "settlement",
  [TablePhase.FINISHED]: "match over",
  [TablePhase.CLOSED]: "closed",
  [TablePhase.IN_DEAL_OTHER]: "in the deal",
};
// Keys the seeds name, besides 1–9 for the cards and a call's own letter.
/** Seats by their players' names and cards as the player chose to name them. */
export class Names {
  constructor(private readonly view: TableView) {}

  seat(seat: number): string {
    const found = this.view.seats.find((candidate) => candidate.seat === seat);
    return found ? found.playerName || `seat ${seat + 1}` : `seat ${seat + 1}`;
  }

  card(card: Card | undefined): string {
    return cardName(card, this.view.game, this.view.options);
  }

  cards(cards: Card[]): string {
    return cards.map((card) => this.card(card)).join(" ");
  }

  /** An amount with the unit the table counts in: "40 points", "+1 cent". */
  amount(value: bigint, signed = false): string {
    return amount(value, this.view, signed);
  }
}

function amount(value: bigint, view: TableView | undefined, signed = false): string {
  const unit = view?.scoreUnit;
  const number = `${signed && value >= 0n ? "+" : ""}${value}`;
  const word = value === 1n || value === -1n ? unit?.one : unit?.many;
  return word ? `${number} ${word}` : number;
}

function drawSeat(seat: SeatView, view: TableView, names: Names): HTMLElement {
  const acting = view.toActSeats.includes(seat.seat);
  const badges = seat.badges.map((badge) => {
    const [letter, meaning] = BADGES[badge] ?? ["?", "unknown badge"];
    return h("abbr", { class: "badge", title: meaning, "aria-label": meaning }, letter);
  });
  const who =
    seat.kind === SeatKind.COMPUTER
      ? `${seat.playerName} (computer)`
      : seat.open
        ? "open seat"
        : seat.playerName;
  return h(
    "article",
    { class: `seat${acting ? " acting" : ""}${seat.isViewer ? " viewer" : ""}`, "data-seat": seat.seat },
    h(
      "h3",
      {},
      who,
      seat.isViewer ? " (you)" : "",
      seat.away ? " (away)" : "",
      acting ? " · to act" : "",
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
        ? `total ${names.amount(seat.totalScore, true)}`
        : `${seat.cardsInHand} cards · ${seat.tricksWon} tricks · ${seat.cardPoints} points · total ${names.amount(seat.totalScore, true)}`,
      ...seat.counters.map((counter) => ` · ${counter.label} ${counter.value}`),
    ),
    // Speculation's cards lie in the seat's stack: face-down ones as backs, the others face up.
    view.gameView.case === "speculation" ? drawStack(view, seat.seat, names) : null,
    seat.shownCards.length && view.gameView.case !== "speculation" ? h("p", {}, "Shown: ", names.cards(seat.shownCards)) : null,
    ...seat.declarations.map((declaration) =>
      h("p", {}, `${declaration.label}: `, names.cards(declaration.cards), ` (${declaration.points})`),
    ),
    seat.openHand.length ? h("p", { class: "open-hand" }, "Cards: ", names.cards(seat.openHand)) : null,
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
    { class: `bubble${struck ? " struck" : ""}`, "aria-label": `${seat.playerName || "This seat"} said` },
    struck ? h("s", {}, said.label) : said.label,
  );
}

/** Bela's zvanja as a bubble at the seat that declared them (seed 002): their value and
 * whether they lead, count with a partner's, or are beaten and by what, beaten ones grey. */
function drawZvanja(seat: SeatView, view: TableView): HTMLElement | null {
  if (view.gameView.case !== "bela") return null;
  const declared = view.gameView.value.declarations.find((declaration) => declaration.seat === seat.seat);
  if (!declared) return null;
  const beaten = declared.verdict === "beaten";
  const verdict = { leads: "leads", counts: "counts with the partner's", beaten: "beaten" }[declared.verdict] ?? declared.verdict;
  return h(
    "p",
    { class: `bubble zvanja${beaten ? " struck" : ""}` },
    `${declared.melds.join(", ")} (${declared.value})`,
    verdict ? h("span", { class: "verdict" }, ` · ${verdict}${declared.reason ? `: ${declared.reason}` : ""}`) : null,
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
    { class: `felt seats${count > 4 ? " crowded" : ""}${over ? " covered" : ""}`, "aria-label": "Seats", "data-seats": count },
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
    { class: "ladder", open, "aria-label": "Trump ladder" },
    h("summary", {}, "Trumps"),
    h(
      "ol",
      { class: "rungs", "aria-label": "Trumps, highest first" },
      ...view.trumpLadder.map((rung) => {
        const state = rung.fallen ? "fallen" : rung.own ? "own" : "";
        return h(
          "li",
          { class: `${state}${isRed(rung.card) ? " red" : ""}` },
          rung.fallen ? h("s", {}, names.card(rung.card)) : names.card(rung.card),
          // Colour and strike are for the eyes; a screen reader hears the words.
          state ? h("span", { class: "visually-hidden" }, rung.fallen ? " (fallen)" : " (yours)") : null,
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
    { class: "party-points", "aria-label": "Running points" },
    h("h3", {}, "Card points so far"),
    h("ul", {}, ...view.partyPoints.map((party) => h("li", {}, `${party.label}: ${party.cardPoints}`))),
  );
}

export function drawCalls(view: TableView, names: Names): HTMLElement {
  return h(
    "section",
    { class: "calls", "aria-label": "Calls" },
    h("h3", {}, "Calls"),
    h(
      "ol",
      {},
      ...view.calls.map((call) => {
        const status = DOUBLES[call.doubleStatus];
        const label = call.doubleStatus === DoubleStatus.STRUCK ? h("s", {}, call.label) : call.label;
        return h(
          "li",
          {},
          `${names.seat(call.seat)}: `,
          label,
          status ? ` (${status}${call.statusNote ? `: ${call.statusNote}` : ""})` : "",
          call.reason ? h("span", { class: "reason" }, ` — ${call.reason}`) : "",
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
      "aria-label": showLast ? "Last trick" : "Trick",
      "data-to": moving?.winnerSeat !== undefined ? placeOf(view, moving.winnerSeat) : undefined,
    },
    h("h3", {}, showLast ? "Last trick" : "Trick"),
    h(
      "ul",
      {},
      ...(trick?.cards ?? []).map((played) =>
        h(
          "li",
          { class: isRed(played.card) ? "red" : "" },
          played.card ? cardFace(played.card, packOf(view.game, view.options)) : null,
          h("span", { class: "name" }, `${names.seat(played.seat)}: ${names.card(played.card)}`),
        ),
      ),
    ),
    showLast && last?.winnerSeat !== undefined
      ? h("p", {}, `${names.seat(last.winnerSeat)} took it (${last.points} points)`)
      : null,
    last
      ? h(
          "button",
          { type: "button", onclick: toggle, "aria-keyshortcuts": "L" },
          showLast ? "Back to the trick (L)" : "Last trick (L)",
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
    { class: "standings", "aria-label": "Standings" },
    h("h3", {}, "The match is over"),
    h(
      "ul",
      {},
      ...ranked.map((standing) =>
        h(
          "li",
          { class: standing.seat === view.viewerSeat ? "you" : "" },
          h("span", { class: "place" }, `${standing.place}.`),
          ` ${names.seat(standing.seat)}: ${names.amount(standing.total, true)}`,
          standing.placeBonus ? h("span", { class: "bonus" }, ` +${standing.placeBonus} leaderboard points`) : "",
        ),
      ),
    ),
  );
}

export function drawSettlement(view: TableView, names: Names): HTMLElement {
  const settlement = view.settlement!;
  return h(
    "section",
    { class: "settlement", "aria-label": "Settlement" },
    h("h3", {}, `Settlement: ${settlement.contractLabel}`),
    h(
      "ol",
      { class: "steps" },
      ...settlement.steps.map((step) => {
        const text = `${step.label}${stepAmount(step, names)}`;
        return h(
          "li",
          { class: step.struck ? "struck" : "" },
          step.struck ? h("s", {}, text) : text,
          step.struck && step.note ? h("span", { class: "reason" }, ` struck: ${step.note}`) : "",
          !step.struck && step.note ? h("span", { class: "reason" }, ` — ${step.note}`) : "",
        );
      }),
    ),
    h("p", {}, settlement.summary),
    h(
      "ul",
      { class: "scores" },
      ...settlement.scores.map((score, seat) => {
        const hand = settlement.hands.find((shown) => shown.seat === seat);
        const cards = hand ? ` (had ${hand.cards.length ? names.cards(hand.cards) : "no card shown"})` : "";
        return h("li", {}, `${names.seat(seat)}: ${names.amount(score, true)}${cards}`);
      }),
    ),
  );
}

/** What a settlement line does, as the terminal client says it: ": 20 points", ": ×2",
 * ": +10 points for Anna", or for a payment (its label names payer and payee) ": 30 cents";
 * nothing for a note. */
function stepAmount(step: SettlementStep, names: Names): string {
  switch (step.operation) {
    case SettlementOperation.BASE:
    case SettlementOperation.PAY:
      return `: ${names.amount(step.amount)}`;
    case SettlementOperation.MULTIPLY:
      return `: ×${step.amount}`;
    case SettlementOperation.ADD: {
      const seats = step.seats.length ? ` for ${step.seats.map((seat) => names.seat(seat)).join(" and ")}` : "";
      return `: ${names.amount(step.amount, true)}${seats}`;
    }
    default:
      return "";
  }
}

export function drawDaily(view: TableView): HTMLElement {
  const daily = view.daily!;
  return h(
    "section",
    { class: "daily", "aria-label": "Daily deal" },
    h("h3", {}, `Daily deal ${daily.date}: you against the strong computer`),
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", {}, "Deal"), h("th", {}, "You"), h("th", {}, "Strong computer"))),
      h(
        "tbody",
        {},
        ...daily.deals.map((line) =>
          h(
            "tr",
            {},
            h("td", {}, line.dealNumber),
            h("td", {}, amount(line.yourScore, view, true)),
            h("td", { class: "computer" }, line.computerScore === undefined ? "…" : amount(line.computerScore, view, true)),
          ),
        ),
      ),
    ),
    h("p", {}, `Difference: ${amount(daily.difference, view, true)}${daily.complete ? "" : " so far"}`),
  );
}

/** One line for an event, or nothing (a hidden event keeps only its number). */
export function describe(event: TableEvent, view: TableView | undefined): string {
  const name = (seat: number) => view?.seats.find((candidate) => candidate.seat === seat)?.playerName || `seat ${seat + 1}`;
  const kind = event.kind;
  switch (kind.case) {
    case "seatChanged":
      return kind.value.description;
    case "dealStarted":
      return `Deal ${kind.value.dealNumber}: ${name(kind.value.dealerSeat)} deals.`;
    case "actionTaken":
      return `${name(kind.value.seat)}: ${kind.value.label}${kind.value.reason ? ` (${kind.value.reason})` : ""}`;
    case "biddingEnded":
      return `The game: ${kind.value.contract?.label ?? ""}`;
    case "trickCompleted": {
      const winner = kind.value.trick?.winnerSeat;
      return winner === undefined ? "The trick is complete." : `${name(winner)} takes the trick.`;
    }
    case "dealSettled":
      return `Settled: ${kind.value.settlement?.summary ?? ""}`;
    case "matchFinished":
      return `The match is over. Winner: ${kind.value.winnerSeats.map(name).join(", ")}.`;
    case "tableClosed":
      return kind.value.description;
    case "dailyDealCompared":
      return `Deal ${kind.value.dealNumber}: you ${amount(kind.value.yourScore, view, true)}, the strong computer ${amount(kind.value.computerScore, view, true)}.`;
    default:
      return "";
  }
}
