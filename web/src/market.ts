// Speculation's market as a board in the middle of the table: the pool, the trump and its
// turn-up, the best trump and its owner, the running auction with its bids, and the open
// offers as cards to accept, refuse or withdraw. Drawn from SpeculationView alone: no
// face-down card is in it, and no id reaches the page (offers and bids are named by who
// and what).

import type { Names } from "./board";
import { h } from "./dom";
import { cardBack, cardFace, packOf } from "./faces";
import type { ActionChoice, TableView } from "./gen/speedgamez/v1/table_pb";
import type { SpeculationView } from "./gen/speedgamez/v1/speculation_pb";

/** ``act`` takes one of the viewer's choices (an offer's answer) as its button does. */
export function drawMarket(view: TableView, names: Names, act: (choice: ActionChoice) => void): HTMLElement | null {
  if (view.gameView.case !== "speculation") return null;
  const market = view.gameView.value;
  const pack = packOf(view.game, view.options);
  const chips = (count: number) => `${count} ${count === 1 ? "chip" : "chips"}`;
  const card = (shown: SpeculationView["best"]) =>
    shown ? h("span", { class: "market-card" }, cardFace(shown, pack), h("span", { class: "name" }, names.card(shown))) : null;
  return h(
    "section",
    { class: "market", "aria-label": "Market" },
    h(
      "div",
      { class: "pool" },
      h("p", { class: "pool-chips" }, `Pool: ${chips(market.pool)}`, market.carried ? ` (${chips(market.carried)} carried over)` : ""),
      market.turnUp ? h("div", { class: "turn-up" }, h("p", {}, "Trump, the turn-up:"), card(market.turnUp)) : null,
      market.best
        ? h(
            "div",
            { class: "best" },
            h("p", {}, `Best trump, ${market.owner >= 0 ? names.seat(market.owner) : "nobody"}'s:`),
            card(market.best),
          )
        : null,
    ),
    drawAuction(market, names, card, chips),
    market.offers.length
      ? h(
          "ul",
          { class: "offers", "aria-label": "Open offers" },
          ...market.offers.map((offer) => {
            const answers = view.choices.filter((choice) => answersOffer(choice, offer.offerId));
            return h(
              "li",
              { class: "offer" },
              h(
                "p",
                {},
                `${names.seat(offer.buyer)} offers ${names.seat(offer.seller)} ${chips(offer.chips)} for `,
                `${offer.slotIds.length === 1 ? "the top face-down card" : `the top ${offer.slotIds.length} face-down cards`}`,
              ),
              h("span", { class: "backs", "aria-hidden": "true" }, ...offer.slotIds.map(() => cardBack())),
              ...answers.map((choice) =>
                h(
                  "button",
                  {
                    type: "button",
                    class: choice.allowed ? "allowed" : "",
                    "aria-disabled": choice.allowed ? undefined : "true",
                    onclick: () => act(choice),
                  },
                  ANSWERS[answerKind(choice) ?? ""] ?? choice.label,
                ),
              ),
            );
          }),
        )
      : null,
  );
}

const ANSWERS: Record<string, string> = {
  acceptOffer: "Accept",
  rejectOffer: "Refuse",
  withdrawOffer: "Withdraw",
};

function answerKind(choice: ActionChoice): string | undefined {
  const kind = choice.action?.kind;
  return kind?.case === "speculation" ? kind.value.kind.case : undefined;
}

function answersOffer(choice: ActionChoice, offer: bigint): boolean {
  const kind = choice.action?.kind;
  if (kind?.case !== "speculation") return false;
  const answer = kind.value.kind;
  return (
    (answer.case === "acceptOffer" || answer.case === "rejectOffer" || answer.case === "withdrawOffer") &&
    answer.value.offerId === offer
  );
}

function drawAuction(
  market: SpeculationView,
  names: Names,
  card: (shown: SpeculationView["best"]) => HTMLElement | null,
  chips: (count: number) => string,
): HTMLElement | null {
  const auction = market.auction;
  if (!auction) return null;
  const best = auction.bids.at(-1);
  return h(
    "div",
    { class: "auction", "aria-label": "Auction" },
    h("p", {}, `${names.seat(auction.seller)} auctions the best trump:`),
    card(auction.card),
    h(
      "ol",
      { class: "bids" },
      ...auction.bids.map((bid) => h("li", { class: bid === best ? "best" : "" }, `${names.seat(bid.seat)}: ${chips(bid.chips)}`)),
    ),
    h(
      "p",
      {},
      auction.closed
        ? best
          ? `Bidding closed: ${names.seat(auction.seller)} takes ${chips(best.chips)} from ${names.seat(best.seat)} or keeps the card`
          : "Bidding closed"
        : auction.waiting.length
          ? `Waiting for ${auction.waiting.map((seat) => names.seat(seat)).join(", ")} to bid or pass`
          : "",
    ),
  );
}

/** A seat's stack in the market: its face-down cards as backs, its turned-up and bought
 * cards face up. */
export function drawStack(view: TableView, seat: number, names: Names): HTMLElement | null {
  if (view.gameView.case !== "speculation") return null;
  const held = view.gameView.value.seats[seat];
  if (!held) return null;
  const pack = packOf(view.game, view.options);
  const face = (shown: (typeof held.revealed)[number]) =>
    h("span", { class: "market-card small" }, cardFace(shown, pack), h("span", { class: "name" }, names.card(shown)));
  return h(
    "div",
    { class: "stack" },
    held.out ? h("p", {}, "sits this deal out") : null,
    held.slotIds.length
      ? h(
          "p",
          { class: "backs" },
          h("span", { class: "visually-hidden" }, `${held.slotIds.length} face-down`),
          ...held.slotIds.map(() => cardBack()),
        )
      : null,
    held.revealed.length || held.bought.length
      ? h("p", { class: "up" }, ...held.revealed.map(face), ...held.bought.map(face))
      : null,
  );
}
