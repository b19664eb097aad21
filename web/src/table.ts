// One table: drawn from the server's view only (choices, playable flags and reasons come
// with it; nothing here knows a rule), kept current by the table's watch stream, which
// resumes after the last event it delivered when the connection drops or the page reloads.

import { clone, create } from "@bufbuild/protobuf";
import { timestampMs } from "@bufbuild/protobuf/wkt";
import { api, Code, isCode, problem, requestId, serverLanguage, session, unreachable } from "./api";
import {
  describe,
  drawCalls,
  drawDaily,
  drawLadder,
  drawPartyPoints,
  drawSettlement,
  drawStandings,
  drawTable,
  drawTrick,
  Names,
  PHASES,
  seatName,
} from "./board";
import { cardName, isRed, serverNames } from "./cards";
import { h, replace, write, type Child } from "./dom";
import { cardFace, packOf } from "./faces";
import { drawMarket } from "./market";
import { language, t, textOf, verbatim, type Message, type Text } from "./messages";
import { CHANGED, designOf, play } from "./settings";
import { ActionSchema, type Action } from "./gen/speedgamez/v1/actions_pb";
import type { Card } from "./gen/speedgamez/v1/cards_pb";
import {
  SeatKind,
  TablePhase,
  type ActionChoice,
  type TableEvent,
  type TableView,
  type Trick,
} from "./gen/speedgamez/v1/table_pb";
import type { GetAdviceResponse } from "./gen/speedgamez/v1/table_service_pb";

// Keys the table keeps for itself; a call never gets one of them.
const TABLE_OWN_KEYS = new Set(["l", "r", "b"]);
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const LOG_KEPT = 200;
const RECONNECT_MS = [250, 500, 1000, 2000, 4000];
// A stream silent this long is taken for dead (the server sends a heartbeat every 20 s
// while nothing happens), as is every stream when the browser comes back online.
const SILENT_MS = 45_000;
// A finished match's stream has ended: how often its page asks whether another of its
// people opened the next match.
const NEXT_MATCH_POLL_MS = 5_000;
// How long a trick just taken stays in view, its cards moving to the winner (style.css
// times the movement to match).
const GATHER_MS = 1_400;

export interface TableScreenOptions {
  root: HTMLElement;
  name: string;
  onStatistics: () => void;
  onLeft: () => void;
  /** Show another table (the next match). */
  onOpen: (table: string) => void;
  /** Show a finished match's replay. */
  onReplay: (table: string, game: string) => void;
}

/** The table ``name`` drawn into ``root`` until ``close`` is called. */
export class TableScreen {
  private view: TableView | undefined;
  private advice: GetAdviceResponse | undefined;
  private lastSequence = 0n;
  private log: [sequence: string, line: Message][] = [];
  private showLastTrick = false;
  // The trump ladder stays folded or open as the player left it, through every redraw.
  private ladderOpen = true;
  private deadline: number | undefined;
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  private readonly stop = new AbortController();
  private stream: AbortController | undefined;
  private heard = 0;
  private readonly status: HTMLElement;
  private readonly board: HTMLElement;
  private readonly logList: HTMLElement;
  private readonly clock: HTMLElement;
  private readonly timer: number;
  private polled = 0;
  // The trick just taken, shown moving to its winner until ``gatheredAt`` + GATHER_MS.
  private gathering: Trick | undefined;
  private gatheredAt = 0;
  private readonly keys: (event: KeyboardEvent) => void;

  constructor(private readonly options: TableScreenOptions) {
    this.status = h("p", { class: "status", role: "status", "aria-live": "polite" });
    this.clock = h("p", { class: "clock", "aria-live": "off" });
    this.board = h("div", { class: "board" });
    // The history scrolls by itself, never the page; being focusable, it scrolls by keys too.
    this.logList = h("ol", { class: "log", tabindex: 0 });
    this.history = h("details", { class: "history", open: true });
    this.heading = h("h1", {});
    replace(
      options.root,
      h("div", { class: "table-screen" }, h("div", { class: "play" }, this.heading, this.clock, this.board, this.status), this.history),
    );
    this.drawFrame();
    const kept = sessionStorage.getItem(this.logKey());
    if (kept) {
      const stored = JSON.parse(kept) as { last: string; log: [string, Message | string][] };
      this.lastSequence = BigInt(stored.last);
      // A line kept as text by an earlier version of the page stays as it was written.
      this.log = stored.log.map(([sequence, line]) => [
        sequence,
        typeof line === "string" ? { key: "as_sent", parameters: { text: line } } : line,
      ]);
    }
    this.drawLog();
    this.timer = window.setInterval(() => this.tick(), 250);
    this.keys = (event) => this.onKey(event);
    document.addEventListener("keydown", this.keys);
    this.online = () => this.stream?.abort();
    window.addEventListener("online", this.online);
    // Card names come from the server's texts: a changed setting asks for the view again.
    // A new language also writes the frame and the history anew (the status line keeps
    // what it said until it says something else).
    this.changed = () => {
      const anew = this.drawnIn !== language();
      if (anew) {
        this.drawnIn = language();
        this.drawFrame();
        this.drawLog();
        // The stream opens again to carry the server's texts in the new language.
        this.stream?.abort();
      }
      void (anew ? this.learnTitles() : Promise.resolve())
        .then(() => this.refresh())
        .catch((error) => this.tell(problem(error)));
    };
    window.addEventListener(CHANGED, this.changed);
  }

  private readonly online: () => void;
  private readonly changed: () => void;
  private readonly history: HTMLElement;
  private readonly heading: HTMLElement;
  private drawnIn = language();
  // Whether the status line says the connection is lost, to clear it once an answer comes.
  private reconnecting = false;

  /** The parts around the board that say what they are. */
  private drawFrame(): void {
    replace(this.heading, t("at_the_table"));
    this.logList.setAttribute("aria-label", t("what_happened"));
    replace(this.history, h("summary", {}, h("h2", {}, t("what_happened"))), this.logList);
  }

  /** The status line: what went wrong, a hint, or nothing. */
  private tell(text: Text | ""): void {
    this.reconnecting = text !== "" && text === t("reconnecting");
    write(this.status, text);
  }

  async open(): Promise<void> {
    try {
      await this.learnTitles();
      await this.joinIfInvited();
      await this.refresh();
    } catch (error) {
      this.tell(problem(error));
    }
    void this.watch();
  }

  close(): void {
    this.stop.abort();
    window.clearInterval(this.timer);
    document.removeEventListener("keydown", this.keys);
    window.removeEventListener("online", this.online);
    window.removeEventListener(CHANGED, this.changed);
  }

  private logKey(): string {
    return `speedgamez.log.${this.options.name}`;
  }

  /** Joining by a link: an open human seat is taken at once, before the first look. */
  private async joinIfInvited(): Promise<void> {
    const answer = await api.getTable({ table: this.options.name, ...this.wording() });
    const view = answer.table;
    if (!view || view.viewerSeat !== undefined) return;
    const open = view.phase === TablePhase.WAITING_FOR_PLAYERS && view.seats.some((seat) => seat.open);
    // A player who left a running match takes his own seat back from the computer.
    const left = !this.over(view) && view.seats.some((seat) => seat.playerId === session.playerId);
    if (open || left) {
      await this.untilAnswered((id) => api.joinTable({ table: this.options.name, requestId: id, ...this.wording() }));
      this.tell(left ? t("back_in_seat") : t("took_seat"));
    }
  }

  /** How the server is to write its texts for this page: card names and language. */
  private wording() {
    return { cardNames: serverNames(this.view?.game ?? ""), language: serverLanguage() };
  }

  /** One GetTable at a time; changes that arrive meanwhile ask for one more. */
  private refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        const answer = await api.getTable({ table: this.options.name, ...this.wording() });
        // An answer: the connection is back.
        if (this.reconnecting) this.tell("");
        if (answer.table) this.show(answer.table, answer.advice);
      } while (this.refreshAgain);
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private titles = new Map<string, string>();

  /** The game's and rule set's titles, as ListGames names them (asked once). */
  private async learnTitles(): Promise<void> {
    const games = await api.listGames({ language: serverLanguage() });
    for (const game of games.games) {
      this.titles.set(game.id, game.title);
      for (const rules of game.ruleSets) this.titles.set(`${game.id}/${rules.id}`, rules.title || rules.id);
    }
  }

  private show(view: TableView, advice?: GetAdviceResponse): void {
    if (advice || view.version !== this.view?.version) this.advice = advice;
    const mine = (shown: TableView | undefined) =>
      shown?.viewerSeat !== undefined && shown.toActSeats.includes(shown.viewerSeat) && shown.phase !== TablePhase.SETTLEMENT;
    if (mine(view) && !mine(this.view)) play("turn");
    const taken = view.tricks.at(-1);
    if (this.view && view.dealNumber === this.view.dealNumber && view.tricks.length > this.view.tricks.length && taken) {
      this.gathering = taken;
      this.gatheredAt = Date.now();
    }
    this.view = view;
    if (view.deadlineTime && view.serverTime) {
      // The server's remaining time, counted down on this page's own clock.
      this.deadline = Date.now() + (timestampMs(view.deadlineTime) - timestampMs(view.serverTime));
    } else {
      this.deadline = undefined;
    }
    this.draw();
    this.tick();
  }

  /** The table's events after the last one seen, for as long as the page shows it. */
  private async watch(): Promise<void> {
    let attempt = 0;
    while (!this.stop.signal.aborted) {
      this.stream = new AbortController();
      const signal = AbortSignal.any([this.stop.signal, this.stream.signal]);
      this.heard = Date.now();
      try {
        const stream = api.watchTable(
          { table: this.options.name, afterSequence: this.lastSequence, ...this.wording() },
          { signal },
        );
        for await (const response of stream) {
          attempt = 0;
          this.heard = Date.now();
          if (this.reconnecting) this.tell("");
          if (response.kind.case === "event") this.onEvent(response.kind.value);
        }
        // The stream ends by itself after the match's last event.
        if (this.view && this.over(this.view)) return;
      } catch (error) {
        if (this.stop.signal.aborted) return;
        if (isCode(error, Code.NotFound) || isCode(error, Code.PermissionDenied)) {
          this.tell(problem(error));
          return;
        }
        if (unreachable(error)) this.tell(t("reconnecting"));
      }
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]));
      attempt += 1;
      if (!this.stop.signal.aborted) void this.refresh().catch((error) => this.tell(problem(error)));
    }
  }

  private over(view: TableView): boolean {
    return view.phase === TablePhase.FINISHED || view.phase === TablePhase.CLOSED;
  }

  private onEvent(event: TableEvent): void {
    if (event.sequence <= this.lastSequence) return; // delivered before: never shown twice
    this.lastSequence = event.sequence;
    const line = describe(event, this.view);
    if (event.kind.case === "actionTaken" && event.kind.value.action?.kind.case === "playCard") play("card");
    if (event.kind.case === "trickCompleted") play("trick");
    if (line) this.log.push([event.sequence.toString(), line]);
    this.log = this.log.slice(-LOG_KEPT);
    // A number of the protocol's 64 bits is kept as its digits (JSON has no bigint).
    const kept = JSON.stringify({ last: this.lastSequence.toString(), log: this.log }, (_, value: unknown) =>
      typeof value === "bigint" ? value.toString() : value,
    );
    sessionStorage.setItem(this.logKey(), kept);
    this.drawLog();
    void this.refresh().catch((error) => this.tell(problem(error)));
  }

  private drawLog(): void {
    replace(
      this.logList,
      ...this.log.map(([sequence, line]) => h("li", { "data-sequence": sequence }, textOf(line))),
    );
    // The newest line in view, by scrolling the list alone: scrolling it into view would
    // move the whole page on a phone with every event.
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  private tick(): void {
    if (Date.now() - this.heard > SILENT_MS) this.stream?.abort();
    if (this.waitsForNextMatch() && Date.now() - this.polled > NEXT_MATCH_POLL_MS) {
      this.polled = Date.now();
      void this.refresh().catch(() => undefined);
    }
    if (this.gathering && Date.now() - this.gatheredAt > GATHER_MS) {
      this.gathering = undefined;
      this.draw();
    }
    const countdowns = this.board.querySelectorAll<HTMLElement>(".seat.acting .countdown");
    if (this.deadline === undefined || !this.view || this.over(this.view)) {
      write(this.clock, "");
      for (const countdown of countdowns) write(countdown, "");
      return;
    }
    const seconds = Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000));
    const waiting = this.view.toActSeats.map((seat) => seatName(this.view, seat));
    write(this.clock, t("time_left", { seconds, names: waiting }));
    for (const countdown of countdowns) {
      write(countdown, t("seconds", { seconds }));
      countdown.classList.toggle("short", seconds <= 5);
    }
  }

  /** A finished match of several people, none of whom has opened the next one yet. */
  private waitsForNextMatch(): boolean {
    const view = this.view;
    if (!view || view.phase !== TablePhase.FINISHED || view.viewerSeat === undefined || view.nextTable || view.daily) return false;
    return view.seats.filter((seat) => seat.kind === SeatKind.HUMAN).length > 1;
  }

  // Drawing -----------------------------------------------------------------------------

  private draw(): void {
    const view = this.view;
    if (!view) return;
    const names = new Names(view);
    const mine = view.viewerSeat !== undefined && view.toActSeats.includes(view.viewerSeat);
    // Every change draws the board anew; the control that had the focus keeps it.
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.focus;
    // ... and a price being typed keeps what was typed.
    const typed = new Map(
      Array.from(this.board.querySelectorAll<HTMLInputElement>("input[data-focus]"), (input) => [input.dataset.focus!, input.value]),
    );
    this.board.dataset.version = String(view.version);
    this.board.dataset.design = designOf(view.game);
    this.board.dataset.phase = String(view.phase);
    replace(
      this.board,
      h(
        "header",
        { class: "table-head" },
        h(
          "h2",
          {},
          verbatim(`${this.titles.get(view.game) ?? view.game} · ${this.titles.get(`${view.game}/${view.ruleSet}`) ?? view.ruleSet}`),
        ),
        h(
          "p",
          {},
          view.dealsTotal ? t("deal_of", { deal: view.dealNumber, deals: view.dealsTotal }) : t("deal", { deal: view.dealNumber }),
          view.targetPoints ? t("to_points", { points: view.targetPoints }) : null,
          view.phase in PHASES ? t("in_phase", { phase: t(PHASES[view.phase]) }) : null,
          view.learning ? t("learning_note") : null,
          view.stake ? t("stake_note", { stake: view.stake }) : null,
        ),
        view.contract?.label
          ? h("p", { class: "contract" }, t("contract", { label: view.contract.label, note: view.contract.trumpNote }))
          : null,
        h("p", { class: "share" }, t("invite"), " ", h("a", { href: `?table=${view.name}` }, t("table_link"))),
        view.viewerSeat !== undefined && !this.over(view)
          ? h("button", { type: "button", class: "leave", onclick: () => void this.leave() }, t("leave_table"))
          : null,
      ),
      drawTable(
        view,
        names,
        view.gameView.case === "speculation"
          ? drawMarket(view, names, (choice) => void this.takeChoice(choice))
          : drawTrick(view, names, this.showLastTrick, () => this.toggleLastTrick(), this.gathering),
        view.trumpLadder.length ? drawLadder(view, names, this.ladderOpen, (open) => (this.ladderOpen = open)) : null,
        this.drawOutcome(view, names),
      ),
      view.calls.length ? drawCalls(view, names) : null,
      view.partyPoints.length ? drawPartyPoints(view) : null,
      view.daily ? drawDaily(view) : null,
      this.drawHand(view, mine),
      this.drawChoices(view),
      this.drawAdvice(view),
      this.over(view) && !outcomeShown(view) ? h("p", { class: "end" }, h("a", { href: "./" }, t("back_to_lobby"))) : null,
    );
    for (const input of this.board.querySelectorAll<HTMLInputElement>("input[data-focus]")) {
      const value = typed.get(input.dataset.focus!);
      if (value !== undefined) input.value = value;
    }
    if (focused) this.board.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focused)}"]`)?.focus();
  }

  private card(card: Card | undefined): Text {
    return this.view ? new Names(this.view).card(card) : t("unknown_card");
  }

  private toggleLastTrick(): void {
    this.showLastTrick = !this.showLastTrick;
    this.draw();
  }

  private drawHand(view: TableView, mine: boolean): HTMLElement | null {
    if (!view.hand.length) return null;
    return h(
      "section",
      { class: "hand", "aria-label": t("your_hand") },
      h("h3", {}, mine ? t("your_hand_turn") : t("your_hand")),
      h(
        "ul",
        {},
        ...view.hand.map((held, index) =>
          h(
            "li",
            {},
            h(
              "button",
              {
                type: "button",
                class: `card${held.playable ? " playable" : ""}${isRed(held.card) ? " red" : ""}`,
                "aria-disabled": held.playable ? undefined : "true",
                "aria-keyshortcuts": cardKey(index),
                "data-focus": `card-${cardName(held.card, "")}`,
                title: held.playable ? undefined : verbatim(held.reason),
                onclick: () => this.playCard(index),
              },
              index < 18 ? h("span", { class: "key" }, index < 9 ? index + 1 : t("shifted_key", { digit: index - 8 })) : null,
              held.card ? cardFace(held.card, packOf(view.game, view.options)) : null,
              h("span", { class: "name" }, this.card(held.card)),
            ),
          ),
        ),
      ),
    );
  }

  private drawChoices(view: TableView): HTMLElement | null {
    const keys = keysOf(view.choices.filter((choice) => choice.action?.kind.case !== "playCard"));
    // Continuing after a settlement is the panel's over the table (drawOutcome).
    const calls = [...keys.keys()].filter((choice) => choice.action?.kind.case !== "continuePlay");
    if (!calls.length) return null;
    return h(
      "section",
      { class: "choices", "aria-label": t("your_calls") },
      h("h3", {}, t("your_calls")),
      h(
        "ul",
        {},
        ...calls.map((choice, index) =>
          h(
            "li",
            {},
            this.priceFields(choice, index, view),
            h(
              "button",
              {
                type: "button",
                class: choice.allowed ? "allowed" : "",
                "data-kind": choice.action?.kind.case ?? "",
                "data-market": marketKind(choice),
                "data-focus": `choice-${choice.label}`,
                "aria-disabled": choice.allowed ? undefined : "true",
                "aria-keyshortcuts": keyName(keys.get(choice)),
                onclick: () => this.takeChoice(this.priced(choice, index, view)),
              },
              keys.has(choice) ? h("span", { class: "key" }, keyLabel(keys.get(choice)!)) : null,
              verbatim(choice.label),
            ),
            choice.meaning ? h("span", { class: "meaning" }, verbatim(choice.meaning)) : null,
          ),
        ),
      ),
    );
  }

  /** Over the table between deals: the settlement and the button that continues (or who
   * the table waits for); at the end of the match the standings first, then "play again"
   * with the same people and settings, or joining the next match another opened. */
  private drawOutcome(view: TableView, names: Names): HTMLElement | null {
    if (!outcomeShown(view)) return null;
    const finished = this.over(view);
    const going = view.choices.find((choice) => choice.action?.kind.case === "continuePlay");
    const waiting = view.seats.filter((seat) => seat.awaitingContinue && seat.seat !== view.viewerSeat);
    const playing = view.viewerSeat !== undefined && !view.daily && view.phase === TablePhase.FINISHED;
    return h(
      "div",
      { class: "outcome", role: "region", "aria-label": finished ? t("match_over") : t("after_the_deal") },
      finished && view.standings.length ? drawStandings(view, names) : null,
      drawSettlement(view, names),
      h(
        "div",
        { class: "choices outcome-actions" },
        going
          ? h(
              "button",
              {
                type: "button",
                class: going.allowed ? "allowed" : "",
                "data-kind": "continuePlay",
                "data-focus": "choice-continue",
                "aria-keyshortcuts": "Enter",
                onclick: () => this.takeChoice(going),
              },
              h("span", { class: "key" }, t("key_enter")),
              verbatim(going.label),
            )
          : null,
        !going && !finished && waiting.length
          ? h("p", {}, t("waiting_to_continue", { names: waiting.map((seat) => names.seat(seat.seat)) }))
          : null,
        playing && view.nextTable ? h("p", {}, t("next_match_open")) : null,
        playing
          ? h(
              "button",
              { type: "button", class: "again", onclick: () => void this.playAgain() },
              view.nextTable ? t("join_next_match") : t("play_again"),
            )
          : null,
        finished && view.viewerSeat !== undefined
          ? h("button", { type: "button", class: "replay", onclick: () => this.options.onReplay(view.name, view.game) }, t("replay_this_match"))
          : null,
        finished ? h("p", { class: "end" }, h("a", { href: "./" }, t("back_to_lobby"))) : null,
      ),
    );
  }

  /** The next match with the same people and settings: opened now, or joined at one's
   * seat when another of them opened it first (the server decides which). */
  private async playAgain(): Promise<void> {
    const view = this.view;
    if (!view) return;
    try {
      const answer = await api.createTable({ againOf: view.name, ...this.wording() });
      if (answer.table) this.options.onOpen(answer.table.name);
    } catch (error) {
      this.tell(problem(error));
    }
  }

  /** A bid or an offer in Speculation's market names its price (and an offer how many of
   * the seller's top face-down cards it wants): the listed ones, or the player's own. */
  private priceFields(choice: ActionChoice, index: number, view: TableView): HTMLElement | null {
    const market = choice.action?.kind.case === "speculation" ? choice.action.kind.value.kind : undefined;
    if (!choice.allowed || (market?.case !== "bid" && market?.case !== "offer")) return null;
    const fields: Child[] = [
      h("label", { for: `price-${index}` }, t("chips")),
      " ",
      h("input", {
        id: `price-${index}`,
        type: "number",
        min: 1,
        value: market.value.chips,
        class: "price",
        "data-focus": `price-${choice.label}`,
      }),
    ];
    if (market.case === "offer") {
      const slots = slotsOf(view, market.value.sellerSeat).length || 1;
      fields.push(
        " ",
        h("label", { for: `cards-${index}` }, t("cards")),
        " ",
        h("input", {
          id: `cards-${index}`,
          type: "number",
          min: 1,
          max: slots,
          value: market.value.slotIds.length,
          class: "price",
          "data-focus": `cards-${choice.label}`,
        }),
      );
    }
    return h("span", { class: "priced" }, ...fields);
  }

  private priced(choice: ActionChoice, index: number, view: TableView): ActionChoice {
    const action = choice.action && clone(ActionSchema, choice.action);
    const market = action?.kind.case === "speculation" ? action.kind.value.kind : undefined;
    const chips = Number((document.getElementById(`price-${index}`) as HTMLInputElement | null)?.value);
    if (!market || !chips) return choice;
    if (market.case === "bid") market.value.chips = chips;
    if (market.case === "offer") {
      market.value.chips = chips;
      const cards = Number((document.getElementById(`cards-${index}`) as HTMLInputElement | null)?.value);
      const slots = slotsOf(view, market.value.sellerSeat);
      if (cards >= 1 && cards <= slots.length) market.value.slotIds = slots.slice(0, cards);
    }
    return { ...choice, action };
  }

  private drawAdvice(view: TableView): HTMLElement | null {
    const people = view.seats.filter((seat) => seat.kind === SeatKind.HUMAN).length;
    const alone = people === 1 && view.viewerSeat !== undefined && !view.daily;
    if (!alone || this.over(view)) return null;
    const advice = this.advice;
    return h(
      "section",
      { class: "advice", "aria-label": t("advice") },
      h("button", { type: "button", onclick: () => void this.askAdvice(), "aria-keyshortcuts": "R" }, t("advice_button")),
      advice ? this.adviceText(advice) : null,
    );
  }

  private adviceText(advice: GetAdviceResponse): HTMLElement {
    const lines: Child[] = [h("p", {}, t("advice_reason", { reason: advice.reason }))];
    if (advice.calls.length) {
      lines.push(
        h(
          "ul",
          {},
          ...advice.calls.map((call) => h("li", {}, t("advice_call", { label: call.label, percent: Math.round(call.winChance * 100) }))),
        ),
      );
    }
    if (advice.cards.length) {
      lines.push(
        h(
          "ul",
          {},
          ...advice.cards.map((card) =>
            h("li", {}, t("advice_card", { card: this.card(card.card), wins: card.winningDeals, deals: advice.dealsConsidered })),
          ),
        ),
      );
    }
    return h("div", {}, ...lines);
  }

  // Acting ------------------------------------------------------------------------------

  private async playCard(index: number): Promise<void> {
    const view = this.view;
    const held = view?.hand[index];
    if (!view || !held) return;
    if (!held.playable) {
      this.tell(held.reason ? verbatim(held.reason) : t("cannot_play"));
      return;
    }
    const choice = view.choices.find(
      (candidate) =>
        candidate.action?.kind.case === "playCard" &&
        candidate.action.kind.value.card?.suit === held.card?.suit &&
        candidate.action.kind.value.card?.rank === held.card?.rank,
    );
    const action = choice?.action ?? create(ActionSchema, { kind: { case: "playCard", value: { card: held.card } } });
    await this.submit(action);
  }

  private async takeChoice(choice: ActionChoice): Promise<void> {
    if (!choice.allowed) {
      this.tell(choice.reason ? verbatim(choice.reason) : t("cannot_call"));
      return;
    }
    if (choice.action) await this.submit(choice.action);
  }

  private async submit(action: Action): Promise<void> {
    const view = this.view;
    if (!view) return;
    try {
      const answer = await api.submitAction({
        table: view.name,
        tableVersion: view.version,
        requestId: requestId(),
        action,
        ...this.wording(),
      });
      this.tell("");
      if (answer.table) this.show(answer.table, answer.advice);
    } catch (error) {
      // Refused: nothing changed. Decide again on the table as it is now; a table that moved
      // on meanwhile (another's move came first) is only drawn anew, with no error to read.
      this.tell(isCode(error, Code.Aborted) ? "" : problem(error));
      await this.refresh().catch(() => undefined);
    }
  }

  /** Before the start the seat opens again; during a match a computer plays on for the
   * player until he comes back (the table stays among his tables in the lobby). */
  private async leave(): Promise<void> {
    try {
      await this.untilAnswered((id) => api.leaveTable({ table: this.options.name, requestId: id }));
      this.options.onLeft();
    } catch (error) {
      this.tell(problem(error));
    }
  }

  /** A change of the player's seat, sent again with its one request id while the server is
   * out of reach: the server answers a change it already made as it did the first time. A
   * leave whose answer was lost on the way, sent again as a new leave, would find the
   * player gone and stop his running table of computers. */
  private async untilAnswered<T>(send: (requestId: string) => Promise<T>): Promise<T> {
    const id = requestId();
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await send(id);
      } catch (error) {
        if (!unreachable(error) || attempt >= RECONNECT_MS.length || this.stop.signal.aborted) throw error;
        this.tell(t("reconnecting"));
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS[attempt]));
      }
    }
  }

  private async askAdvice(): Promise<void> {
    if (!this.view) return;
    this.tell(t("advice_asking"));
    try {
      this.advice = await api.getAdvice({ table: this.view.name, ...this.wording() });
      this.tell("");
      this.draw();
    } catch (error) {
      this.tell(problem(error));
    }
  }

  private onKey(event: KeyboardEvent): void {
    const view = this.view;
    if (!view || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement | null;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    const key = event.key.toLowerCase();
    const calls = view.choices.filter((choice) => choice.action?.kind.case !== "playCard");
    const keyed = [...keysOf(calls)].find(([, letter]) => letter === key);
    // By the key's place, not its character: Shift+1 is "!" on one keyboard, "1" on another.
    const digit = /^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1];
    const card = digit === undefined ? -1 : Number(digit) - 1 + (event.shiftKey ? 9 : 0);
    if (card >= 0 && card < view.hand.length) {
      void this.playCard(card);
    } else if (keyed) {
      const [choice] = keyed;
      void this.takeChoice(this.priced(choice, calls.indexOf(choice), view));
    } else if (key === "l") {
      this.toggleLastTrick();
    } else if (key === "r") {
      void this.askAdvice();
    } else if (key === "b") {
      this.options.onStatistics();
    } else if (key === "?") {
      this.tell(t("keys_help"));
    } else {
      return;
    }
    event.preventDefault();
  }
}

/** Whether the settlement lies over the table: between deals and at the match's end. */
function outcomeShown(view: TableView): boolean {
  return !!view.settlement && (view.phase === TablePhase.SETTLEMENT || view.phase === TablePhase.FINISHED);
}

/** Every call's key: the game's own letter for it, P for a pass, D for a double, Enter to
 * continue; then the first letter of its label no other call or the table has, else the
 * first such letter of the alphabet. The same calls get the same keys on every redraw. */
export function keysOf(calls: ActionChoice[]): Map<ActionChoice, string> {
  const keys = new Map<ActionChoice, string>();
  const taken = new Set(TABLE_OWN_KEYS);
  const give = (choice: ActionChoice, key: string | undefined) => {
    if (!key || taken.has(key) || keys.has(choice)) return;
    keys.set(choice, key);
    taken.add(key);
  };
  for (const choice of calls) give(choice, choice.shortcut.toLowerCase());
  const kinds: Record<string, string> = { passTurn: "p", giveDouble: "d", continuePlay: "enter" };
  for (const choice of calls) give(choice, kinds[choice.action?.kind.case ?? ""]);
  for (const choice of calls) {
    if (keys.has(choice)) continue;
    const letter = [...choice.label.toLowerCase(), ...LETTERS].find((candidate) => LETTERS.includes(candidate) && !taken.has(candidate));
    give(choice, letter);
  }
  return keys;
}

/** The n-th card's key (from 0): 1–9, then Shift+1–9 for a hand of more than nine. */
function cardKey(index: number): string | undefined {
  if (index < 9) return String(index + 1);
  return index < 18 ? `Shift+${index - 8}` : undefined;
}

/** A key as the page shows it (and ``aria-keyshortcuts`` names it): P, Enter. */
function keyName(key: string | undefined): string | undefined {
  if (!key) return undefined;
  return key.length > 1 ? key[0].toUpperCase() + key.slice(1) : key.toUpperCase();
}

/** A call's key as the page shows it beside the call: its letter, or Enter. */
function keyLabel(key: string): Text {
  return key === "enter" ? t("key_enter") : verbatim(key.toUpperCase());
}

/** A market call's kind (reveal, keep, sell, bid, offer, ...), or nothing. */
function marketKind(choice: ActionChoice): string | undefined {
  const action = choice.action?.kind;
  return action?.case === "speculation" ? action.value.kind.case : undefined;
}

/** A Speculation seat's face-down cards, by slot id, top first. */
function slotsOf(view: TableView, seat: number): bigint[] {
  return view.gameView.case === "speculation" ? (view.gameView.value.seats[seat]?.slotIds ?? []) : [];
}

