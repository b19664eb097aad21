// A finished match read back (GetReplay): deal by deal, every seat's cards as dealt and
// every move, stepped through one move at a time with the cards each seat still holds,
// then the deal's settlement; the match record to copy at the end.

import { api, problem } from "./api";
import { cardName, serverNames } from "./cards";
import { h, replace, say } from "./dom";
import { cardFace, packOf } from "./faces";
import type { Card } from "./gen/speedgamez/v1/cards_pb";
import type { ReplayDeal } from "./gen/speedgamez/v1/table_service_pb";

export async function replayScreen(root: HTMLElement, table: string, game: string): Promise<void> {
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  replace(root, h("h1", {}, "Replay"), status);
  try {
    const replay = await api.getReplay({ table, cardNames: serverNames(game) });
    const players = replay.playerNames;
    const name = (seat: number) => players[seat] || `seat ${seat + 1}`;
    const pack = packOf(replay.game, replay.options);
    const cardOf = (card: Card | undefined) => (card ? cardName(card, replay.game, replay.options) : "?");
    replace(
      root,
      h("h1", {}, "Replay"),
      h("p", {}, `${players.join(", ")} · ${replay.deals.length} deals`),
      ...replay.deals.map((deal) => drawDeal(deal, name, pack, cardOf)),
      h(
        "section",
        { class: "replay-end", "aria-label": "The match's end" },
        h("h2", {}, "Totals"),
        h("ul", {}, ...replay.totals.map((total, seat) => h("li", {}, `${name(seat)}: ${total > 0n ? "+" : ""}${total}`))),
        h(
          "details",
          {},
          h("summary", {}, "The match record (text)"),
          h("pre", { class: "record", tabindex: 0 }, replay.record),
        ),
      ),
      status,
    );
  } catch (error) {
    say(status, problem(error));
  }
}

/** One deal: the hands as they are after ``step`` moves (a slider steps through them),
 * the moves so far, and the settlement once every move is made. */
function drawDeal(
  deal: ReplayDeal,
  name: (seat: number) => string,
  pack: ReturnType<typeof packOf>,
  cardOf: (card: Card | undefined) => string,
): HTMLElement {
  const id = `deal-${deal.dealNumber}-${deal.shuffle}`;
  const body = h("div", { class: "replay-step" });
  const slider = h("input", {
    id,
    type: "range",
    min: 0,
    max: deal.moves.length,
    value: deal.moves.length,
  }) as HTMLInputElement;
  const show = () => {
    const step = Number(slider.value);
    const played = new Set<string>();
    for (const move of deal.moves.slice(0, step)) {
      const card = move.action?.kind.case === "playCard" ? move.action.kind.value.card : undefined;
      if (card) played.add(`${move.seat} ${card.suit} ${card.rank}`);
    }
    replace(
      body,
      h("p", { class: "step" }, `Move ${step} of ${deal.moves.length}`),
      h(
        "ul",
        { class: "replay-hands" },
        ...deal.hands.map((hand) =>
          h(
            "li",
            {},
            h("span", { class: "who" }, `${name(hand.seat)}${hand.seat === deal.dealerSeat ? " (dealer)" : ""}: `),
            ...hand.cards
              .filter((card) => !played.has(`${hand.seat} ${card.suit} ${card.rank}`))
              .map((card) => h("span", { class: "market-card small" }, cardFace(card, pack), h("span", { class: "name" }, cardOf(card)))),
          ),
        ),
      ),
      h(
        "ol",
        { class: "moves" },
        ...deal.moves
          .slice(0, step)
          .map((move) => h("li", {}, `${name(move.seat)}: ${move.label}`, move.reason ? h("span", { class: "reason" }, ` — ${move.reason}`) : "")),
      ),
      step === deal.moves.length && deal.settlement
        ? h(
            "p",
            { class: "summary" },
            deal.settlement.summary,
            " ",
            deal.totals.map((total, seat) => `${name(seat)} ${total > 0n ? "+" : ""}${total}`).join(" · "),
          )
        : null,
    );
  };
  slider.addEventListener("input", show);
  show();
  return h(
    "section",
    { class: "replay-deal", "aria-label": `Deal ${deal.dealNumber}` },
    h("h2", {}, `Deal ${deal.dealNumber}: ${deal.settlement?.contractLabel ?? ""}`),
    h("p", {}, h("label", { for: id }, "Step through the moves "), slider),
    body,
  );
}
