// The web client's entry: the page's address says what to show (?table=tables/<id> for a
// table, so that a link joins it; ?page=leaderboards or ?page=statistics), and the token
// in the browser's storage says who plays. Without one, the player registers first. The
// language is the one chosen in the gear, else the browser's (settings.ts).

import { api, Code, isCode, session } from "./api";
import { h, replace } from "./dom";
import { leaderboardScreen, lobbyScreen, registerScreen, statisticsScreen } from "./lobby";
import { language, t } from "./messages";
import { replayScreen } from "./replay";
import { apply, CHANGED, gear } from "./settings";
import { TableScreen } from "./table";

// The language first: everything below is drawn in it.
apply();
const main = document.getElementById("main")!;
const nav = document.getElementById("nav")!;
let table: TableScreen | undefined;
// Ends the streams of the screen shown (the lobby's) when another replaces it.
let leaving = new AbortController();
// One gear for the page's life: redrawing the links beside it leaves its dialog open.
const settings = h("li", {}, gear());
const links = h("ul", {}, settings);
// The language the screen shown is drawn in.
let drawnIn = "";

/** The links at the top; before registering only the gear (its language may be chosen first). */
function drawNavigation(): void {
  nav.setAttribute("aria-label", t("navigation"));
  if (nav.firstChild !== links) replace(nav, links);
  for (const item of [...links.children]) if (item !== settings) item.remove();
  if (!session.token) return;
  settings.before(
    h("li", {}, h("a", { href: "./", onclick: link("") }, t("lobby"))),
    h("li", {}, h("a", { href: "?page=leaderboards", onclick: link("?page=leaderboards") }, t("leaderboards"))),
    h("li", {}, h("a", { href: "?page=statistics", onclick: link("?page=statistics") }, t("statistics"))),
  );
}

function go(where: string): void {
  history.pushState(null, "", where || "./");
  void show();
}

async function show(): Promise<void> {
  table?.close();
  table = undefined;
  leaving.abort();
  leaving = new AbortController();
  drawnIn = language();
  drawNavigation();
  if (!session.token) {
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
// A new language draws the screen anew; a table redraws itself, keeping its stream.
window.addEventListener(CHANGED, () => {
  if (language() === drawnIn) return;
  drawnIn = language();
  drawNavigation();
  if (!table) void show();
});
replace(main, h("p", {}, t("loading")));
void show();
