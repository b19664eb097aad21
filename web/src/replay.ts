// A finished match read back (GetReplay): deal by deal, every seat's cards as dealt and
// every move, stepped through one move at a time with the cards each seat still holds,
// then the deal's settlement; the match record to copy at the end.

import { api, problem, serverLanguage } from "./api";
import { cardName, serverNames } from "./cards";
import { h, replace, say } from "./dom";
import { cardFace, packOf } from "./faces";
import { t, verbatim, type Text } from "./messages";
import type { Card } from "./gen/speedgamez/v1/cards_pb";
import type { ReplayDeal } from "./gen/speedgamez/v1/table_service_pb";

export async function replayScreen(root: HTMLElement, table: string, game: string): Promise<void> {
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  replace(root, h("h1", {}, t("replay")), status);
  try {
    const replay = await api.getReplay({ table, cardNames: serverNames(game), language: serverLanguage() });
    const players = replay.playerNames;
    const name = (seat: number) => (players[seat] ? verbatim(players[seat]) : t("seat_number", { number: seat + 1 }));
    const pack = packOf(replay.game, replay.options);
    const cardOf = (card: Card | undefined) => cardName(card, replay.game, replay.options);
    replace(
      root,
      h("h1", {}, t("replay")),
      h("p", {}, t("replay_players", { players, deals: replay.deals.length })),
      ...replay.deals.map((deal) => drawDeal(deal, name, pack, cardOf)),
      h(
        "section",
        { class: "replay-end", "aria-label": t("match_end") },
        h("h2", {}, t("totals")),
        h("ul", {}, ...replay.totals.map((total, seat) => h("li", {}, t("name_and_text", { name: name(seat), text: signed(total) })))),
        h(
          "details",
          {},
          h("summary", {}, t("match_record")),
          h("pre", { class: "record", tabindex: 0 }, verbatim(replay.record)),
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
  name: (seat: number) => Text,
  pack: ReturnType<typeof packOf>,
  cardOf: (card: Card | undefined) => Text,
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
      h("p", { class: "step" }, t("move_of", { move: step, moves: deal.moves.length })),
      h(
        "ul",
        { class: "replay-hands" },
        ...deal.hands.map((hand) =>
          h(
            "li",
            {},
            h("span", { class: "who" }, t("hand_of", { name: name(hand.seat), dealer: hand.seat === deal.dealerSeat })),
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
          .map((move) =>
            h(
              "li",
              {},
              t("name_and_text", { name: name(move.seat), text: move.label }),
              move.reason ? h("span", { class: "reason" }, t("with_note", { note: move.reason })) : null,
            ),
          ),
      ),
      step === deal.moves.length && deal.settlement
        ? h(
            "p",
            { class: "summary" },
            verbatim(deal.settlement.summary),
            " ",
            t("totals_line", { totals: deal.totals.map((total, seat) => [name(seat), signed(total)] as [string, string]) }),
          )
        : null,
    );
  };
  slider.addEventListener("input", show);
  show();
  return h(
    "section",
    { class: "replay-deal", "aria-label": t("deal", { deal: deal.dealNumber }) },
    h("h2", {}, t("deal_contract", { deal: deal.dealNumber, contract: deal.settlement?.contractLabel ?? "" })),
    h("p", {}, h("label", { for: id }, t("step_through")), " ", slider),
    body,
  );
}

/** A total with its sign: "+12", "-3", "0". */
function signed(total: bigint): string {
  return `${total > 0n ? "+" : ""}${total}`;
}
