// The screens around the tables: registering, the lobby (new tables of every game the
// server offers, the daily deal, your tables, tables waiting for players), leaderboards
// and statistics. Everything offered is what ListGames declares.

import { api, problem, serverLanguage, session } from "./api";
import { h, replace, say, write } from "./dom";
import { t, verbatim, type Key, type Text } from "./messages";
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
    h("label", { for: "name" }, t("register_name")),
    name,
    h("button", { type: "submit" }, t("register_play")),
  );
  replace(root, h("h1", {}, t("brand")), h("p", {}, t("register_intro")), form, status);
  name.focus();
}

/** The lobby; the tables waiting for players follow WatchLobby live until ``stop`` aborts. */
export async function lobbyScreen(root: HTMLElement, go: Go, stop: AbortSignal): Promise<void> {
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  replace(root, h("h1", {}, t("lobby")), status);
  try {
    const [games, mine, player] = await Promise.all([
      api.listGames({ language: serverLanguage() }),
      api.listTables({ mine: true, pageSize: 20 }),
      api.getPlayer({}),
    ]);
    const waiting = h("section", { "aria-label": t("tables_waiting") }, h("h2", {}, t("tables_waiting")));
    replace(
      root,
      h("h1", {}, t("lobby")),
      h("p", {}, t("playing_as", { name: player.displayName, balance: player.balance })),
      newTableSection(games.games, go, status),
      tableList(
        t("your_tables"),
        mine.tables.filter((table) => table.phase !== TablePhase.FINISHED && table.phase !== TablePhase.CLOSED),
        go,
        "continue_table",
      ),
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
    h("legend", {}, t("game")),
    ...games.flatMap((game, index) => [
      h("input", {
        type: "radio",
        name: "game",
        id: `pick-${game.id}`,
        value: game.id,
        checked: index === 0,
        onchange: () => choose(game.id),
      }),
      h("label", { for: `pick-${game.id}` }, verbatim(game.title)),
    ]),
  );
  choose(games[0]?.id ?? "");
  return h("section", { "aria-label": t("new_table") }, h("h2", {}, t("new_table")), picker, ...forms);
}

// Options shown by their meaning, in the groups the game declares, in this order.
const OPTION_GROUPS: [group: OptionGroup, title: Key][] = [
  [OptionGroup.PLAY, "group_play"],
  [OptionGroup.CONTRACTS, "group_contracts"],
  [OptionGroup.AMOUNTS, "group_amounts"],
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
      h("label", { for: field }, " ", verbatim(option.meaning)),
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
            const text = only ? t("only_for_players", { value: word, counts: only }) : verbatim(word);
            return h("option", { value, selected: value === option.defaultValue }, text);
          }),
        )
      : h("input", { id: field, "data-option": option.key, type: "number", min: option.minimum, max: option.maximum, value: option.defaultValue });
  return h("p", { class: "option" }, h("label", { for: field }, verbatim(option.meaning)), " ", input);
}

function newTableForm(game: GameInfo, go: Go, status: HTMLElement): HTMLElement {
  const id = (field: string) => `${game.id}-${field}`;
  const ruleSet = h(
    "select",
    { id: id("rules"), name: "rules" },
    ...game.ruleSets.map((rules) => h("option", { value: rules.id }, verbatim(rules.title || rules.id))),
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
    h("option", { value: ComputerLevel.EASY }, t("level_easy")),
    h("option", { value: ComputerLevel.NORMAL, selected: true }, t("level_normal")),
    h("option", { value: ComputerLevel.STRONG }, t("level_strong")),
  ) as HTMLSelectElement;
  const learning = h("input", { id: id("learning"), type: "checkbox" }) as HTMLInputElement;
  const countPoints = h("input", { id: id("count"), type: "checkbox", checked: countsPoints() }) as HTMLInputElement;
  // Unset: the server's choice (two minutes with other people, no clock alone).
  const think = h(
    "select",
    { id: id("think") },
    h("option", { value: "" }, t("think_usual")),
    ...[30, 60, 90, 120].map((seconds) => h("option", { value: seconds }, t("seconds", { seconds }))),
    h("option", { value: 0 }, t("no_clock")),
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
    write(summary, t("rules_summary", { rules: ruleSet.selectedOptions[0]?.textContent ?? "", seats: seats.value, changed }));
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
          h("legend", {}, t(title)),
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
        language: serverLanguage(),
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
      const started = await api.startDailyDeal({ game: game.id, language: serverLanguage() });
      if (started.table) go(`?table=${started.table.name}`);
    } catch (error) {
      say(status, problem(error));
    }
  };
  return h(
    "form",
    { class: "new-table", "aria-label": verbatim(game.title), "data-game": game.id, onsubmit: create },
    h("h3", {}, verbatim(game.title)),
    h(
      "p",
      { class: "three-choices" },
      h("label", { for: id("people") }, t("people")),
      " ",
      people,
      " ",
      h("label", { for: id("level") }, t("computers")),
      " ",
      level,
      " ",
      h("button", { type: "submit" }, t("play_game", { game: game.title })),
      " ",
      h("button", { type: "button", onclick: daily }, t("daily_deal_today")),
    ),
    h(
      "details",
      { class: "rules" },
      summary,
      h("p", {}, h("label", { for: id("rules") }, t("rules")), " ", ruleSet, " ", h("label", { for: id("seats") }, t("seats")), " ", seats),
      h("p", {}, learning, h("label", { for: id("learning") }, " ", t("learning_game"))),
      h("p", {}, countPoints, h("label", { for: id("count") }, " ", t("count_points"))),
      h("p", {}, h("label", { for: id("think") }, t("think_time")), " ", think),
      h("p", {}, h("label", { for: id("stake") }, t("stake")), " ", stake),
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
    replace(section, h("h2", {}, t("tables_waiting")), tableItems([...tables.values()], go, "join_table"));
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

function tableList(title: Text, tables: TableSummary[], go: Go, verb: Key): HTMLElement {
  return h("section", { "aria-label": title }, h("h2", {}, title), tableItems(tables, go, verb));
}

/** The player's finished matches, each to read back move by move. */
function finishedList(tables: TableSummary[], go: Go): HTMLElement | null {
  if (!tables.length) return null;
  return h(
    "section",
    { "aria-label": t("your_finished_matches") },
    h("h2", {}, t("your_finished_matches")),
    h(
      "ul",
      {},
      ...tables.map((table) =>
        h(
          "li",
          {},
          t("table_line", { game: table.game, rules: table.ruleSet, seats: table.seats.map((seat) => seat.playerName) }),
          " ",
          h("button", { type: "button", class: "replay", onclick: () => go(`?replay=${table.name}&game=${table.game}`) }, t("replay_button")),
        ),
      ),
    ),
  );
}

function tableItems(tables: TableSummary[], go: Go, verb: Key): HTMLElement {
  return tables.length
      ? h(
          "ul",
          {},
          ...tables.map((table) =>
            h(
              "li",
              {},
              t("table_line", {
                game: table.game,
                rules: table.ruleSet,
                seats: table.seats.map((seat) => (seat.open ? t("seat_free") : seat.playerName)),
              }),
              " ",
              h("button", { type: "button", onclick: () => go(`?table=${table.name}`) }, t(verb)),
            ),
          ),
        )
      : h("p", {}, t("none"));
}

const PERIODS: [LeaderboardPeriod, Key][] = [
  [LeaderboardPeriod.WEEK, "period_week"],
  [LeaderboardPeriod.MONTH, "period_month"],
  [LeaderboardPeriod.DAY, "period_day"],
  [LeaderboardPeriod.ALL_TIME, "period_all_time"],
  [LeaderboardPeriod.DAILY_DEAL, "period_daily_deal"],
];

export async function leaderboardScreen(root: HTMLElement): Promise<void> {
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const result = h("div", {});
  const games = await api.listGames({ language: serverLanguage() });
  const game = h("select", { id: "board-game" }, ...games.games.map((info) => h("option", { value: info.id }, verbatim(info.title)))) as HTMLSelectElement;
  const period = h("select", { id: "board-period" }, ...PERIODS.map(([value, label]) => h("option", { value }, t(label)))) as HTMLSelectElement;
  const show = async () => {
    try {
      const board = await api.getLeaderboard({ game: game.value, period: Number(period.value) as LeaderboardPeriod, topSize: 10, aroundSize: 2 });
      const row = (line: (typeof board.top)[number]) =>
        h("tr", { class: line.isCaller ? "you" : "" }, h("td", {}, line.rank), h("td", {}, verbatim(line.displayName)), h("td", {}, line.points));
      replace(
        result,
        h("p", {}, t("leaderboard_line", { rule: board.rule, window: board.window, timeZone: board.timeZone, players: board.players })),
        h(
          "table",
          {},
          h("thead", {}, h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("player")), h("th", {}, t("points")))),
          h("tbody", {}, ...board.top.map(row)),
        ),
        board.caller ? h("p", {}, t("your_place", { rank: board.caller.rank, points: board.caller.points })) : null,
      );
    } catch (error) {
      say(status, problem(error));
    }
  };
  game.addEventListener("change", show);
  period.addEventListener("change", show);
  replace(
    root,
    h("h1", {}, t("leaderboards")),
    h("p", {}, h("label", { for: "board-game" }, t("game")), " ", game, " ", h("label", { for: "board-period" }, t("period")), " ", period),
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
      h("h1", {}, t("your_statistics")),
      statistics.games.length
        ? h(
            "div",
            {},
            ...statistics.games.map((game) =>
              h(
                "section",
                { "aria-label": verbatim(game.title) },
                h("h2", {}, verbatim(game.title)),
                h(
                  "p",
                  {},
                  t("statistics_points", { points: game.points, rank: game.rank }),
                  game.dailyDifference !== undefined ? t("statistics_daily", { difference: game.dailyDifference }) : null,
                ),
                h("ul", {}, ...game.counters.map((counter) => h("li", {}, t("name_and_text", { name: counter.title, text: counter.count })))),
              ),
            ),
          )
        : h("p", {}, t("no_matches_yet")),
      status,
    );
  } catch (error) {
    replace(root, h("h1", {}, t("your_statistics")), status);
    say(status, problem(error));
  }
}
