// The web client's entry: the page's address says what to show (?table=tables/<id> for a
// table, so that a link joins it; ?page=leaderboards or ?page=statistics), and the token
// in the browser's storage says who plays. Without one, the player registers first.

import { api, Code, isCode, session } from "./api";
import { h, replace } from "./dom";
import { leaderboardScreen, lobbyScreen, registerScreen, statisticsScreen } from "./lobby";
import { replayScreen } from "./replay";
import { apply, gear } from "./settings";
import { TableScreen } from "./table";

const main = document.getElementById("main")!;
const nav = document.getElementById("nav")!;
let table: TableScreen | undefined;
// Ends the streams of the screen shown (the lobby's) when another replaces it.
let leaving = new AbortController();

function go(where: string): void {
  history.pushState(null, "", where || "./");
  void show();
}

async function show(): Promise<void> {
  table?.close();
  table = undefined;
  leaving.abort();
  leaving = new AbortController();
  if (!session.token) {
    replace(nav);
    registerScreen(main, () => void show());
    return;
  }
  try {
    await api.getPlayer({});
  } catch (error) {
    if (isCode(error, Code.Unauthenticated)) {
      session.forget();
      void show();
      return;
    }
  }
  replace(
    nav,
    h(
      "ul",
      {},
      h("li", {}, h("a", { href: "./", onclick: link("") }, "Lobby")),
      h("li", {}, h("a", { href: "?page=leaderboards", onclick: link("?page=leaderboards") }, "Leaderboards")),
      h("li", {}, h("a", { href: "?page=statistics", onclick: link("?page=statistics") }, "Statistics")),
      h("li", {}, gear()),
    ),
  );
  const parameters = new URLSearchParams(location.search);
  const name = parameters.get("table");
  const page = parameters.get("page");
  if (name) {
    table = new TableScreen({
      root: main,
      name,
      onStatistics: () => go("?page=statistics"),
      onLeft: () => go(""),
      onOpen: (next) => go(`?table=${next}`),
      onReplay: (finished, game) => go(replayAddress(finished, game)),
    });
    await table.open();
  } else if (parameters.get("replay")) {
    await replayScreen(main, parameters.get("replay")!, parameters.get("game") ?? "");
  } else if (page === "leaderboards") {
    await leaderboardScreen(main);
  } else if (page === "statistics") {
    await statisticsScreen(main);
  } else {
    await lobbyScreen(main, go, leaving.signal);
  }
}

function replayAddress(table: string, game: string): string {
  return `?replay=${table}&game=${game}`;
}

function link(where: string): (event: Event) => void {
  return (event) => {
    event.preventDefault();
    go(where);
  };
}

window.addEventListener("popstate", () => void show());
apply();
void show();
