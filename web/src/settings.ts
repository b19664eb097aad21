// The player's settings (the seeds' gear): the language, card names and faces, the table's
// design, day or evening light, highlighted playable cards, counted card points for new
// tables, and sounds. Kept in this browser's storage; a change redraws what is on screen.

import { naming, setNaming, type Naming } from "./cards";
import { h, replace } from "./dom";
import { packSetting, setPackSetting, type PackSetting } from "./faces";
import { browserLanguage, setLanguage, t, type Key, type Language, type Text } from "./messages";

/** The tables of the seeds' apps: Speedbock's rooms (seed 000) for Baśka, Kop,
 * Schafkopf and Speculation, Speedbela's places (seed 002) for Bela. */
const DESIGNS = {
  speedbock: [
    ["ratsstube", "design_ratsstube"],
    ["fischerkate", "design_fischerkate"],
    ["lokschuppen", "design_lokschuppen"],
  ],
  speedbela: [
    ["konoba", "design_konoba"],
    ["riva", "design_riva"],
    ["terasa", "design_terasa"],
  ],
} as const;
type Family = keyof typeof DESIGNS;

interface Choices {
  /** Unset until the player chooses: then the browser's languages decide. */
  language?: Language;
  speedbock: string;
  speedbela: string;
  light: "day" | "evening";
  highlight: "on" | "off";
  countPoints: "on" | "off";
  sound: "on" | "off";
}

const DEFAULTS: Choices = {
  speedbock: "ratsstube",
  speedbela: "konoba",
  light: "day",
  highlight: "on",
  countPoints: "off",
  // Off until the player asks: a page that makes noise by itself is a surprise.
  sound: "off",
};
const KEY = "speedgamez.settings";
/** Fired on ``window`` when a setting changes, for the screen shown to draw again. */
export const CHANGED = "speedgamez-settings";

export function choices(): Choices {
  try {
    return { ...DEFAULTS, ...(JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<Choices>) };
  } catch {
    return { ...DEFAULTS };
  }
}

function choose<K extends keyof Choices>(key: K, value: Choices[K]): void {
  localStorage.setItem(KEY, JSON.stringify({ ...choices(), [key]: value }));
  apply();
  window.dispatchEvent(new Event(CHANGED));
}

/** The page's language and look as chosen: language, light and highlighting on the root
 * element (the design is the table's: ``designOf``). */
export function apply(): void {
  const chosen = choices();
  document.documentElement.dataset.light = chosen.light;
  document.documentElement.dataset.highlight = chosen.highlight;
  const language = chosen.language === "de" || chosen.language === "en" ? chosen.language : browserLanguage();
  setLanguage(language);
  document.documentElement.lang = language;
}

/** The design a table of ``game`` is drawn in. */
export function designOf(game: string): string {
  const family: Family = game === "bela" ? "speedbela" : "speedbock";
  return choices()[family];
}

export function countsPoints(): boolean {
  return choices().countPoints === "on";
}

/** A labelled choice: ``pick`` keeps the value chosen; each value is named by its key. */
export function setting(
  id: string,
  label: Text,
  current: string,
  pick: (value: string) => void,
  values: readonly (readonly [value: string, label: Key])[],
): [HTMLElement, HTMLElement] {
  const select = h(
    "select",
    { id, onchange: (event: Event) => pick((event.target as HTMLSelectElement).value) },
    ...values.map(([value, text]) => h("option", { value, selected: current === value }, t(text))),
  );
  return [h("label", { for: id }, label), select];
}

const ON_OFF = [
  ["on", "switch_on"],
  ["off", "switch_off"],
] as const;

/** The gear: a button that opens the settings, for the top of every screen. A new
 * language names the button anew and redraws the dialog if it is open. */
export function gear(): HTMLElement {
  const dialog = h("dialog", { class: "settings", "aria-labelledby": "settings-title" }) as HTMLDialogElement;
  const line = (parts: [HTMLElement, HTMLElement]) => h("p", {}, parts[0], " ", parts[1]);
  const fill = () => {
    const chosen = choices();
    dialog.replaceChildren(
      h("h2", { id: "settings-title" }, t("settings")),
      line(
        setting("language", t("setting_language"), document.documentElement.lang, (value) => choose("language", value as Language), [
          ["de", "language_de"],
          ["en", "language_en"],
        ]),
      ),
      line(
        setting("card-names", t("setting_card_names"), naming(), (value) => (setNaming(value as Naming), notify()), [
          ["symbols", "card_names_symbols"],
          ["german", "card_names_german"],
          ["polish", "card_names_polish"],
        ]),
      ),
      line(
        setting("card-pack", t("setting_card_faces"), packSetting(), (value) => (setPackSetting(value as PackSetting), notify()), [
          ["table", "card_faces_table"],
          ["french", "card_faces_french"],
          ["german", "card_faces_german"],
        ]),
      ),
      line(setting("design-speedbock", t("setting_design_speedbock"), chosen.speedbock, (value) => choose("speedbock", value), DESIGNS.speedbock)),
      line(setting("design-speedbela", t("setting_design_speedbela"), chosen.speedbela, (value) => choose("speedbela", value), DESIGNS.speedbela)),
      line(
        setting("light", t("setting_light"), chosen.light, (value) => choose("light", value as Choices["light"]), [
          ["day", "light_day"],
          ["evening", "light_evening"],
        ]),
      ),
      line(setting("highlight", t("setting_highlight"), chosen.highlight, (value) => choose("highlight", value as "on" | "off"), ON_OFF)),
      line(setting("count-points", t("setting_count_points"), chosen.countPoints, (value) => choose("countPoints", value as "on" | "off"), ON_OFF)),
      line(setting("sound", t("setting_sound"), chosen.sound, (value) => chooseSound(value as "on" | "off"), ON_OFF)),
      h("form", { method: "dialog" }, h("button", { type: "submit" }, t("settings_done"))),
    );
  };
  const open = h("button", {
    type: "button",
    class: "gear",
    "aria-haspopup": "dialog",
    onclick: () => {
      fill();
      dialog.showModal();
    },
  });
  const name = () => replace(open, h("span", { "aria-hidden": "true" }, t("gear_sign"), " "), t("settings"));
  name();
  let named = document.documentElement.lang;
  window.addEventListener(CHANGED, () => {
    if (document.documentElement.lang === named) return;
    named = document.documentElement.lang;
    name();
    if (dialog.open) {
      fill();
      dialog.querySelector<HTMLElement>("#language")?.focus();
    }
  });
  return h("span", { class: "gear-box" }, open, dialog);
}

function notify(): void {
  window.dispatchEvent(new Event(CHANGED));
}

// Sounds ------------------------------------------------------------------------------

export type Sound = "card" | "trick" | "turn";
// Each sound as short tones drawn by the browser (no sound files): frequency in Hz, length in s.
const TONES: Record<Sound, [number, number][]> = {
  card: [[660, 0.05]],
  trick: [
    [520, 0.07],
    [780, 0.09],
  ],
  turn: [
    [880, 0.08],
    [880, 0.08],
  ],
};
let audio: AudioContext | undefined;

/** Sounds on or off; turned on by the player's own choice, the page may sound from now on
 * (a browser lets a page start its audio only at a person's gesture). */
function chooseSound(value: "on" | "off"): void {
  choose("sound", value);
  if (value === "on") {
    audio ??= new AudioContext();
    void audio.resume();
  }
}

/** Play ``sound`` when the player has sounds on; nothing otherwise. */
export function play(sound: Sound): void {
  if (choices().sound !== "on") return;
  audio ??= new AudioContext();
  let start = audio.currentTime;
  for (const [frequency, length] of TONES[sound]) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.08, start);
    volume.gain.exponentialRampToValueAtTime(0.001, start + length);
    tone.connect(volume).connect(audio.destination);
    tone.start(start);
    tone.stop(start + length);
    start += length + 0.03;
  }
}
