// The screens around the tables: registering, the lobby (new tables of every game the
// server offers, the daily deal, your tables, tables waiting for players), leaderboards
// and statistics. Everything offered is what ListGames declares.

import { api, problem, session } from "./api";
import { h, replace, say } from "./dom";
import { countsPoints } from "./settings";
import { ComputerLevel, SeatKind, TablePhase } from "./gen/speedgamez/v1/table_pb";
import {
  LeaderboardPeriod,
  LobbyChangeKind,
  OptionGroup,
  type GameInfo,
  type OptionInfo,
  type TableSummary,
} from "./gen/speedgamez/v1/table_service_pb";

export type Go = (where: string) => void;

export function registerScreen(root: HTMLElement, done: () => void): void {
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const name = h("input", {
    id: "name",
    name: "name",
    autocomplete: "nickname",
    maxlength: 40,
    required: true,
    value: session.name,
  }) as HTMLInputElement;
  const form = h(
    "form",
    {
      onsubmit: async (event: Event) => {
        event.preventDefault();
        try {
          const registered = await api.registerPlayer({ displayName: name.value.trim() });
          session.keep(registered.token, name.value.trim(), registered.playerId);
          done();
        } catch (error) {
          say(status, problem(error));
        }
      },
    },
    h("label", { for: "name" }, "Your name at the table"),
    name,
    h("button", { type: "submit" }, "Play"),
  );
  replace(root, h("h1", {}, "speedgamez"), h("p", {}, "Card games at the table: Baśka and Kop, Bela, Schafkopf, Speculation."), form, status);
  name.focus();
}

/** The lobby; the tables waiting for players follow WatchLobby live until ``stop`` aborts. */
export async function lobbyScreen(root: HTMLElement, go: Go, stop: AbortSignal): Promise<void> {
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  replace(root, h("h1", {}, "Lobby"), status);
  try {
    const [games, mine, player] = await Promise.all([
      api.listGames({}),
      api.listTables({ mine: true, pageSize: 20 }),
      api.getPlayer({}),
    ]);
    const waiting = h("section", { "aria-label": "Tables waiting for players" }, h("h2", {}, "Tables waiting for players"));
    replace(
      root,
      h("h1", {}, "Lobby"),
      h("p", {}, `Playing as ${player.displayName} · balance ${player.balance} chips`),
      newTableSection(games.games, go, status),
      tableList("Your tables", mine.tables.filter((table) => table.phase !== TablePhase.FINISHED && table.phase !== TablePhase.CLOSED), go, "Continue"),
      finishedList(mine.tables.filter((table) => table.phase === TablePhase.FINISHED), go),
      waiting,
      status,
    );
    void followLobby(waiting, go, stop);
  } catch (error) {
    say(status, problem(error));
  }
}

/** A new table in three choices: the game (one form per game, the chosen one shown), how
 * many people and the computers' level; the game's rules folded away beneath them. */
function newTableSection(games: GameInfo[], go: Go, status: HTMLElement): HTMLElement {
  const forms = games.map((game) => newTableForm(game, go, status));
  const choose = (chosen: string) => {
    for (const form of forms) form.hidden = form.dataset.game !== chosen;
  };
  const picker = h(
    "fieldset",
    { class: "game-picker" },
    h("legend", {}, "Game"),
    ...games.flatMap((game, index) => [
      h("input", {
        type: "radio",
        name: "game",
        id: `pick-${game.id}`,
        value: game.id,
        checked: index === 0,
        onchange: () => choose(game.id),
      }),
      h("label", { for: `pick-${game.id}` }, game.title),
    ]),
  );
  choose(games[0]?.id ?? "");
  return h("section", { "aria-label": "New table" }, h("h2", {}, "New table"), picker, ...forms);
}

// Options shown by their meaning, in the groups the game declares, in this order.
const OPTION_GROUPS: [group: OptionGroup, title: string][] = [
  [OptionGroup.PLAY, "How the game is played"],
  [OptionGroup.CONTRACTS, "Games and calls allowed"],
  [OptionGroup.AMOUNTS, "Amounts and lengths"],
];

function optionKind(option: OptionInfo): "switch" | "choice" | "number" {
  if (!option.allowedValues.length) return "number";
  return option.allowedValues.length === 2 && option.allowedValues.includes("true") && option.allowedValues.includes("false")
    ? "switch"
    : "choice";
}

/** An option's value as the game names it ("who took the most tricks" for most_tricks);
 * a number stands for itself. */
function valueWord(option: OptionInfo, value: string): string {
  return option.valueLabels[value] ?? value;
}

function optionField(option: OptionInfo, field: string): HTMLElement {
  const kind = optionKind(option);
  if (kind === "switch") {
    return h(
      "p",
      { class: "option" },
      h("input", { id: field, type: "checkbox", "data-option": option.key, checked: option.defaultValue === "true" }),
      h("label", { for: field }, ` ${option.meaning}`),
    );
  }
  const input =
    kind === "choice"
      ? h(
          "select",
          { id: field, "data-option": option.key },
          ...option.allowedValues.map((value) => {
            const only = option.seatsByValue[value]?.counts;
            const word = valueWord(option, value);
            const text = only ? `${word} (${only.join(" or ")} players only)` : word;
            return h("option", { value, selected: value === option.defaultValue }, text);
          }),
        )
      : h("input", { id: field, "data-option": option.key, type: "number", min: option.minimum, max: option.maximum, value: option.defaultValue });
  return h("p", { class: "option" }, h("label", { for: field }, `${option.meaning} `), input);
}

function newTableForm(game: GameInfo, go: Go, status: HTMLElement): HTMLElement {
  const id = (field: string) => `${game.id}-${field}`;
  const ruleSet = h(
    "select",
    { id: id("rules"), name: "rules" },
    ...game.ruleSets.map((rules) => h("option", { value: rules.id }, rules.title || rules.id)),
  ) as HTMLSelectElement;
  const seats = h(
    "select",
    { id: id("seats"), name: "seats" },
    ...game.seatCounts.map((count) => h("option", { value: count, selected: count === game.seatCounts[game.seatCounts.length - 1] }, count)),
  ) as HTMLSelectElement;
  const people = h("input", { id: id("people"), name: "people", type: "number", min: 1, max: 9, value: 1 }) as HTMLInputElement;
  const level = h(
    "select",
    { id: id("level"), name: "level" },
    h("option", { value: ComputerLevel.EASY }, "easy"),
    h("option", { value: ComputerLevel.NORMAL, selected: true }, "normal"),
    h("option", { value: ComputerLevel.STRONG }, "strong"),
  ) as HTMLSelectElement;
  const learning = h("input", { id: id("learning"), type: "checkbox" }) as HTMLInputElement;
  const countPoints = h("input", { id: id("count"), type: "checkbox", checked: countsPoints() }) as HTMLInputElement;
  // Unset: the server's choice (two minutes with other people, no clock alone).
  const think = h(
    "select",
    { id: id("think") },
    h("option", { value: "" }, "as usual (2 minutes with others, none alone)"),
    ...[30, 60, 90, 120].map((seconds) => h("option", { value: seconds }, `${seconds} s`)),
    h("option", { value: 0 }, "no clock"),
  ) as HTMLSelectElement;
  const stake = h("input", { id: id("stake"), type: "number", min: 0, max: 10000, value: 0 }) as HTMLInputElement;
  const optionsBox = h("div", { class: "options" });
  const summary = h("summary", {});
  // What the folded rules say: the rule set and seats, and how many options differ from
  // the defaults.
  const summarise = () => {
    const changed = [...optionsBox.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-option]")].filter(
      (input) => optionValue(input) !== input.dataset.default,
    ).length;
    summary.textContent =
      `Rules: ${ruleSet.selectedOptions[0]?.textContent ?? ""} · ${seats.value} seats` +
      (changed ? ` · ${changed} changed` : " · as usual");
  };
  const drawOptions = () => {
    const rules = game.ruleSets.find((candidate) => candidate.id === ruleSet.value);
    const options = rules?.options ?? [];
    replace(
      optionsBox,
      ...OPTION_GROUPS.map(([group, title]) => {
        const listed = options.filter((option) => option.group === group);
        if (!listed.length) return null;
        return h(
          "fieldset",
          { class: "option-group" },
          h("legend", {}, title),
          ...listed.map((option) => optionField(option, `${id("option")}-${option.key}`)),
        );
      }),
    );
    for (const option of options) {
      const input = optionsBox.querySelector<HTMLElement>(`[data-option="${option.key}"]`);
      if (input) input.dataset.default = option.defaultValue;
    }
    fitSeats();
  };
  // Only what the number of players allows can be chosen (Schafkopf's long pack is for
  // four): a value that no longer fits gives way to the first that does.
  const fitSeats = () => {
    const count = Number(seats.value);
    const rules = game.ruleSets.find((candidate) => candidate.id === ruleSet.value);
    for (const option of rules?.options ?? []) {
      if (!Object.keys(option.seatsByValue).length) continue;
      const allows = (value: string) => option.seatsByValue[value]?.counts.includes(count) ?? true;
      const input = optionsBox.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-option="${option.key}"]`);
      if (input instanceof HTMLSelectElement) {
        for (const choice of input.options) choice.disabled = !allows(choice.value);
        if (!allows(input.value)) input.value = option.allowedValues.find(allows) ?? input.value;
      } else if (input) {
        if (!allows(String(input.checked))) input.checked = !input.checked;
        input.disabled = !allows("true") || !allows("false");
      }
    }
    summarise();
  };
  ruleSet.addEventListener("change", drawOptions);
  seats.addEventListener("change", fitSeats);
  optionsBox.addEventListener("change", summarise);
  drawOptions();
  const create = async (event: Event) => {
    event.preventDefault();
    const count = Number(seats.value);
    const humans = Math.min(Math.max(1, Number(people.value) || 1), count);
    const options: Record<string, string> = {};
    for (const input of optionsBox.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-option]")) {
      options[input.dataset.option!] = optionValue(input);
    }
    try {
      const created = await api.createTable({
        game: game.id,
        ruleSet: ruleSet.value,
        options,
        join: true,
        learning: learning.checked && humans === 1,
        countPoints: countPoints.checked,
        thinkSeconds: think.value === "" ? undefined : Number(think.value),
        stake: learning.checked ? 0 : Number(stake.value) || 0,
        seats: Array.from({ length: count }, (_, seat) =>
          seat < humans
            ? { kind: SeatKind.HUMAN }
            : { kind: SeatKind.COMPUTER, level: Number(level.value) as ComputerLevel },
        ),
      });
      if (created.table) go(`?table=${created.table.name}`);
    } catch (error) {
      say(status, problem(error));
    }
  };
  const daily = async () => {
    try {
      const started = await api.startDailyDeal({ game: game.id });
      if (started.table) go(`?table=${started.table.name}`);
    } catch (error) {
      say(status, problem(error));
    }
  };
  return h(
    "form",
    { class: "new-table", "aria-label": game.title, "data-game": game.id, onsubmit: create },
    h("h3", {}, game.title),
    h(
      "p",
      { class: "three-choices" },
      h("label", { for: id("people") }, "People (the others are computers) "),
      people,
      " ",
      h("label", { for: id("level") }, "Computers "),
      level,
      " ",
      h("button", { type: "submit" }, `Play ${game.title}`),
      " ",
      h("button", { type: "button", onclick: daily }, "Today's daily deal"),
    ),
    h(
      "details",
      { class: "rules" },
      summary,
      h("p", {}, h("label", { for: id("rules") }, "Rules "), ruleSet, " ", h("label", { for: id("seats") }, "Seats "), seats),
      h("p", {}, learning, h("label", { for: id("learning") }, " Learning game (open cards and advice; alone only)")),
      h("p", {}, countPoints, h("label", { for: id("count") }, " Count card points as we go")),
      h("p", {}, h("label", { for: id("think") }, "Think time per decision "), think),
      h("p", {}, h("label", { for: id("stake") }, "Stake: chips each person pays in, the pot to the best placed "), stake),
      optionsBox,
    ),
  );
}

/** An option's value as the table takes it: a switch's "true" or "false". */
function optionValue(input: HTMLInputElement | HTMLSelectElement): string {
  return input instanceof HTMLInputElement && input.type === "checkbox" ? String(input.checked) : input.value;
}

/** The lobby's stream: a snapshot, then each change; opened again if it ends. */
async function followLobby(section: HTMLElement, go: Go, stop: AbortSignal): Promise<void> {
  const tables = new Map<string, TableSummary>();
  const draw = () =>
    replace(section, h("h2", {}, "Tables waiting for players"), tableItems([...tables.values()], go, "Join"));
  while (!stop.aborted) {
    try {
      for await (const response of api.watchLobby({}, { signal: stop })) {
        const kind = response.kind;
        if (kind.case === "snapshot") {
          tables.clear();
          for (const table of kind.value.tables) tables.set(table.name, table);
        } else if (kind.case === "change" && kind.value.table) {
          const table = kind.value.table;
          const gone = kind.value.kind === LobbyChangeKind.STARTED || kind.value.kind === LobbyChangeKind.CLOSED;
          if (gone) tables.delete(table.name);
          else tables.set(table.name, table);
        } else {
          continue; // a heartbeat
        }
        draw();
      }
    } catch {
      if (stop.aborted) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function tableList(title: string, tables: TableSummary[], go: Go, verb: string): HTMLElement {
  return h("section", { "aria-label": title }, h("h2", {}, title), tableItems(tables, go, verb));
}

/** The player's finished matches, each to read back move by move. */
function finishedList(tables: TableSummary[], go: Go): HTMLElement | null {
  if (!tables.length) return null;
  return h(
    "section",
    { "aria-label": "Your finished matches" },
    h("h2", {}, "Your finished matches"),
    h(
      "ul",
      {},
      ...tables.map((table) =>
        h(
          "li",
          {},
          `${table.game} · ${table.ruleSet} · ${table.seats.map((seat) => seat.playerName).join(", ")} `,
          h("button", { type: "button", class: "replay", onclick: () => go(`?replay=${table.name}&game=${table.game}`) }, "Replay"),
        ),
      ),
    ),
  );
}

function tableItems(tables: TableSummary[], go: Go, verb: string): HTMLElement {
  return tables.length
      ? h(
          "ul",
          {},
          ...tables.map((table) =>
            h(
              "li",
              {},
              `${table.game} · ${table.ruleSet} · `,
              table.seats.map((seat) => (seat.open ? "open" : seat.playerName)).join(", "),
              " ",
              h("button", { type: "button", onclick: () => go(`?table=${table.name}`) }, verb),
            ),
          ),
        )
      : h("p", {}, "None.");
}

const PERIODS: [LeaderboardPeriod, string][] = [
  [LeaderboardPeriod.WEEK, "this week"],
  [LeaderboardPeriod.MONTH, "this month"],
  [LeaderboardPeriod.DAY, "today"],
  [LeaderboardPeriod.ALL_TIME, "all time"],
  [LeaderboardPeriod.DAILY_DEAL, "today's daily deal"],
];

export async function leaderboardScreen(root: HTMLElement): Promise<void> {
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const result = h("div", {});
  const games = await api.listGames({});
  const game = h("select", { id: "board-game" }, ...games.games.map((info) => h("option", { value: info.id }, info.title))) as HTMLSelectElement;
  const period = h("select", { id: "board-period" }, ...PERIODS.map(([value, label]) => h("option", { value }, label))) as HTMLSelectElement;
  const show = async () => {
    try {
      const board = await api.getLeaderboard({ game: game.value, period: Number(period.value) as LeaderboardPeriod, topSize: 10, aroundSize: 2 });
      const row = (line: (typeof board.top)[number]) =>
        h("tr", { class: line.isCaller ? "you" : "" }, h("td", {}, line.rank), h("td", {}, line.displayName), h("td", {}, String(line.points)));
      replace(
        result,
        h("p", {}, `${board.rule} · ${board.window} (${board.timeZone}) · ${board.players} players`),
        h(
          "table",
          {},
          h("thead", {}, h("tr", {}, h("th", {}, "Rank"), h("th", {}, "Player"), h("th", {}, "Points"))),
          h("tbody", {}, ...board.top.map(row)),
        ),
        board.caller ? h("p", {}, `Your place: ${board.caller.rank} with ${board.caller.points} points`) : null,
      );
    } catch (error) {
      say(status, problem(error));
    }
  };
  game.addEventListener("change", show);
  period.addEventListener("change", show);
  replace(
    root,
    h("h1", {}, "Leaderboards"),
    h("p", {}, h("label", { for: "board-game" }, "Game "), game, " ", h("label", { for: "board-period" }, "Period "), period),
    result,
    status,
  );
  await show();
}

export async function statisticsScreen(root: HTMLElement): Promise<void> {
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  try {
    const statistics = await api.getStatistics({});
    replace(
      root,
      h("h1", {}, "Your statistics"),
      statistics.games.length
        ? h(
            "div",
            {},
            ...statistics.games.map((game) =>
              h(
                "section",
                { "aria-label": game.title },
                h("h2", {}, game.title),
                h("p", {}, `${game.points} points of all time, rank ${game.rank}`, game.dailyDifference !== undefined ? ` · daily deals ${game.dailyDifference}` : ""),
                h("ul", {}, ...game.counters.map((counter) => h("li", {}, `${counter.title}: ${counter.count}`))),
              ),
            ),
          )
        : h("p", {}, "No matches played yet."),
      status,
    );
  } catch (error) {
    replace(root, h("h1", {}, "Your statistics"), status);
    say(status, problem(error));
  }
}
