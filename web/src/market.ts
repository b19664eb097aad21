// Speculation's market as a board in the middle of the table: the pool, the trump and its
// turn-up, the best trump and its owner, the running auction with its bids, and the open
// offers as cards to accept, refuse or withdraw. Drawn from SpeculationView alone: no
// face-down card is in it, and no id reaches the page (offers and bids are named by who
// and what).

import type { Names } from "./board";
import { h } from "./dom";
import { cardBack, cardFace, packOf } from "./faces";
import { t, verbatim, type Key, type Text } from "./messages";
import type { ActionChoice, TableView } from "./gen/speedgamez/v1/table_pb";
import type { SpeculationView } from "./gen/speedgamez/v1/speculation_pb";

/** ``act`` takes one of the viewer's choices (an offer's answer) as its button does. */
export function drawMarket(view: TableView, names: Names, act: (choice: ActionChoice) => void): HTMLElement | null {
  if (view.gameView.case !== "speculation") return null;
  const market = view.gameView.value;
  const pack = packOf(view.game, view.options);
  const chips = (count: number) => t("chip_count", { count });
  const card = (shown: SpeculationView["best"]) =>
    shown ? h("span", { class: "market-card" }, cardFace(shown, pack), h("span", { class: "name" }, names.card(shown))) : null;
  return h(
    "section",
    { class: "market", "aria-label": t("market") },
    h(
      "div",
      { class: "pool" },
      h(
        "p",
        { class: "pool-chips" },
        t("pool", { chips: chips(market.pool) }),
        market.carried ? t("pool_carried", { chips: chips(market.carried) }) : null,
      ),
      market.turnUp ? h("div", { class: "turn-up" }, h("p", {}, t("turn_up")), card(market.turnUp)) : null,
      market.best
        ? h(
            "div",
            { class: "best" },
            h("p", {}, t("best_trump", { owner: market.owner >= 0 ? names.seat(market.owner) : t("nobody") })),
            card(market.best),
          )
        : null,
    ),
    drawAuction(market, names, card, chips),
    market.offers.length
      ? h(
          "ul",
          { class: "offers", "aria-label": t("open_offers") },
          ...market.offers.map((offer) => {
            const answers = view.choices.filter((choice) => answersOffer(choice, offer.offerId));
            return h(
              "li",
              { class: "offer" },
              h(
                "p",
                {},
                t("offer", {
                  buyer: names.seat(offer.buyer),
                  seller: names.seat(offer.seller),
                  chips: chips(offer.chips),
                  cards: offer.slotIds.length,
                }),
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
                  answerKind(choice) in ANSWERS ? t(ANSWERS[answerKind(choice)]) : verbatim(choice.label),
                ),
              ),
            );
          }),
        )
      : null,
  );
}

const ANSWERS: Record<string, Key> = {
  acceptOffer: "offer_accept",
  rejectOffer: "offer_refuse",
  withdrawOffer: "offer_withdraw",
};

function answerKind(choice: ActionChoice): string {
  const kind = choice.action?.kind;
  return (kind?.case === "speculation" ? kind.value.kind.case : undefined) ?? "";
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
  chips: (count: number) => Text,
): HTMLElement | null {
  const auction = market.auction;
  if (!auction) return null;
  const best = auction.bids.at(-1);
  return h(
    "div",
    { class: "auction", "aria-label": t("auction") },
    h("p", {}, t("auctions_best_trump", { seller: names.seat(auction.seller) })),
    card(auction.card),
    h(
      "ol",
      { class: "bids" },
      ...auction.bids.map((bid) =>
        h("li", { class: bid === best ? "best" : "" }, t("name_and_text", { name: names.seat(bid.seat), text: chips(bid.chips) })),
      ),
    ),
    h(
      "p",
      {},
      auction.closed
        ? best
          ? t("bidding_closed_best", { seller: names.seat(auction.seller), chips: chips(best.chips), bidder: names.seat(best.seat) })
          : t("bidding_closed")
        : auction.waiting.length
          ? t("waiting_to_bid", { names: auction.waiting.map((seat) => names.seat(seat)) })
          : null,
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
    held.out ? h("p", {}, t("sits_out")) : null,
    held.slotIds.length
      ? h(
          "p",
          { class: "backs" },
          h("span", { class: "visually-hidden" }, t("face_down", { count: held.slotIds.length })),
          ...held.slotIds.map(() => cardBack()),
        )
      : null,
    held.revealed.length || held.bought.length
      ? h("p", { class: "up" }, ...held.revealed.map(face), ...held.bought.map(face))
      : null,
  );
}
