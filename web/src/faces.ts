// Card faces, drawn here as SVG (no artwork from elsewhere): the French pack (clubs, spades,
// hearts, diamonds; jack, queen, king) and the German pack (Eichel, Gras or Laub, Herz,
// Schellen; Unter, Ober, König, Sau). A face is an image without text of its own: the element
// around it names the card in words, so a screen reader reads the name once.

import { Rank, Suit, type Card } from "./gen/speedgamez/v1/cards_pb";
import { language, t, type Key } from "./messages";

export type Pack = "french" | "german";
/** The player's choice: the pack each game is played with at its table, or one pack always. */
export type PackSetting = "table" | Pack;

const PACK_KEY = "speedgamez.cardPack";
const SVG = "http://www.w3.org/2000/svg";
// A face is 60 by 90 units; pips sit in three columns and up to four rows, as printed packs
// place them, those in the lower half upside down.
const WIDTH = 60;
const HEIGHT = 90;
const LEFT = 19;
const CENTRE = 30;
const RIGHT = 41;
const ROWS = [24, 38.5, 51.5, 66];

export function packSetting(): PackSetting {
  const kept = localStorage.getItem(PACK_KEY);
  return kept === "french" || kept === "german" ? kept : "table";
}

export function setPackSetting(value: PackSetting): void {
  localStorage.setItem(PACK_KEY, value);
}

/** The pack a table's cards are drawn in: the player's setting, else the game's own pack
 * (Schafkopf's Bavarian; Bela's German unless the table chose cards=franzoesisch; French
 * for Baśka, Kop and Speculation). */
export function packOf(game: string, options: Record<string, string> = {}): Pack {
  const setting = packSetting();
  if (setting !== "table") return setting;
  if (game === "schafkopf") return "german";
  if (game === "bela") return options.cards === "franzoesisch" ? "french" : "german";
  return "french";
}

type Shape = [tag: string, attributes: Record<string, string | number>];

// Each suit's sign in a box from -10 to 10, as shapes filled in the suit's colour unless
// a shape names its own.
const FRENCH_SIGNS: Record<number, Shape[]> = {
  [Suit.HEARTS]: [["path", { d: "M0 8.5C-11 0-9.5-9-4.6-9C-2.2-9-0.6-7.4 0-5.2C0.6-7.4 2.2-9 4.6-9C9.5-9 11 0 0 8.5Z" }]],
  [Suit.DIAMONDS]: [["path", { d: "M0-9.5L7.2 0L0 9.5L-7.2 0Z" }]],
  [Suit.SPADES]: [
    ["path", { d: "M0-9.5C-11-1-9.5 6.5-4.6 6.5C-2.6 6.5-1.2 5.4-0.6 4.2L-2.4 9.5H2.4L0.6 4.2C1.2 5.4 2.6 6.5 4.6 6.5C9.5 6.5 11-1 0-9.5Z" }],
  ],
  [Suit.CLUBS]: [
    ["circle", { cx: 0, cy: -4.6, r: 4.3 }],
    ["circle", { cx: -4.7, cy: 2.4, r: 4.3 }],
    ["circle", { cx: 4.7, cy: 2.4, r: 4.3 }],
    ["path", { d: "M-1.1 0.5L-2.6 9.5H2.6L1.1 0.5Z" }],
  ],
};
const GERMAN_SIGNS: Record<number, Shape[]> = {
  // Herz: the heart, as in the French pack.
  [Suit.HEARTS]: FRENCH_SIGNS[Suit.HEARTS],
  // Schellen: a round bell with a band and a slit.
  [Suit.DIAMONDS]: [
    ["circle", { cx: 0, cy: 0.5, r: 8, stroke: "#6b4400", "stroke-width": 1 }],
    ["path", { d: "M-7.6-1.6H7.6V1H-7.6Z", fill: "#6b4400" }],
    ["path", { d: "M-0.7 4.2H0.7V8.2H-0.7Z", fill: "#6b4400" }],
    ["circle", { cx: 0, cy: 4.2, r: 1.3, fill: "#6b4400" }],
  ],
  // Gras (Laub in Bela): a leaf with its vein and stalk.
  [Suit.SPADES]: [
    ["path", { d: "M0-9.8C7.5-5.5 8 3 0.6 7.2L0 9.8L-0.6 7.2C-8 3-7.5-5.5 0-9.8Z" }],
    ["path", { d: "M-0.4-7.5H0.4V7.5H-0.4Z", fill: "#1d4d1f" }],
  ],
  // Eichel: an acorn, its cup above the nut, on a short stalk.
  [Suit.CLUBS]: [
    ["ellipse", { cx: 0, cy: 2.6, rx: 5, ry: 6.6 }],
    ["path", { d: "M-6.2-1.2C-6.2-6.2 6.2-6.2 6.2-1.2Z", fill: "#5a3a12" }],
    ["path", { d: "M-0.6-9.8H0.6V-4.8H-0.6Z", fill: "#5a3a12" }],
  ],
};
const COLOURS: Record<Pack, Record<number, string>> = {
  french: { [Suit.HEARTS]: "#b3141f", [Suit.DIAMONDS]: "#b3141f", [Suit.SPADES]: "#1b1b1b", [Suit.CLUBS]: "#1b1b1b" },
  german: { [Suit.HEARTS]: "#c0202a", [Suit.DIAMONDS]: "#e0a21a", [Suit.SPADES]: "#2f7d32", [Suit.CLUBS]: "#9a6a2c" },
};
// The corner's letters: French packs show the courts as the page's language names them
// (A K Q J, in German A K D B, as in the cards' names); German packs show the rank as their
// players say it, Unter and Ober by their initials.
const FRENCH_INDEX: Record<number, Key> = {
  [Rank.ACE]: "letter_ace",
  [Rank.KING]: "letter_king",
  [Rank.QUEEN]: "letter_queen",
  [Rank.JACK]: "letter_jack",
};
const GERMAN_INDEX: Record<number, string> = { [Rank.ACE]: "A", [Rank.KING]: "K", [Rank.QUEEN]: "O", [Rank.JACK]: "U" };
const COURT = new Set<number>([Rank.JACK, Rank.QUEEN, Rank.KING]);
// Where a number card's pips lie, by rank.
const PIPS: Record<number, [number, number][]> = {
  [Rank.TWO]: [[CENTRE, ROWS[0]], [CENTRE, ROWS[3]]],
  [Rank.THREE]: [[CENTRE, ROWS[0]], [CENTRE, 45], [CENTRE, ROWS[3]]],
  [Rank.FOUR]: corners(),
  [Rank.FIVE]: [...corners(), [CENTRE, 45]],
  [Rank.SIX]: [...corners(), [LEFT, 45], [RIGHT, 45]],
  [Rank.SEVEN]: [...corners(), [LEFT, 45], [RIGHT, 45], [CENTRE, 34.5]],
  [Rank.EIGHT]: [...corners(), [LEFT, 45], [RIGHT, 45], [CENTRE, 34.5], [CENTRE, 55.5]],
  [Rank.NINE]: [...columns(), [CENTRE, 45]],
  [Rank.TEN]: [...columns(), [CENTRE, 31], [CENTRE, 59]],
};

function corners(): [number, number][] {
  return [[LEFT, ROWS[0]], [RIGHT, ROWS[0]], [LEFT, ROWS[3]], [RIGHT, ROWS[3]]];
}

function columns(): [number, number][] {
  return ROWS.flatMap((row) => [[LEFT, row], [RIGHT, row]] as [number, number][]);
}

function element(tag: string, attributes: Record<string, string | number> = {}): SVGElement {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, String(value));
  return made;
}

function sign(card: Card, pack: Pack, x: number, y: number, size: number, upsideDown = false): SVGElement {
  const group = element("g", {
    transform: `translate(${x} ${y}) scale(${size / 20})${upsideDown ? " rotate(180)" : ""}`,
    fill: COLOURS[pack][card.suit],
  });
  for (const [tag, attributes] of (pack === "german" ? GERMAN_SIGNS : FRENCH_SIGNS)[card.suit] ?? []) {
    group.append(element(tag, attributes));
  }
  return group;
}

function index(card: Card, pack: Pack): string {
  if (pack === "german") return GERMAN_INDEX[card.rank] ?? String(card.rank);
  const letter = FRENCH_INDEX[card.rank];
  return letter ? t(letter) : String(card.rank);
}

/** The corner: the rank above a small sign, and the same turned round at the opposite corner. */
function cornerMark(card: Card, pack: Pack, turned: boolean): SVGElement {
  const group = element("g", turned ? { transform: `rotate(180 ${WIDTH / 2} ${HEIGHT / 2})` } : {});
  const text = element("text", {
    x: 8,
    y: 14,
    "text-anchor": "middle",
    "font-size": 11,
    "font-weight": "bold",
    "font-family": "system-ui, sans-serif",
    fill: pack === "german" && card.suit === Suit.DIAMONDS ? "#6b4400" : COLOURS[pack][card.suit],
  });
  text.textContent = index(card, pack);
  group.append(text, sign(card, pack, 8, 21.5, 8));
  return group;
}

/** A court card: a framed figure field with its letter, and the suit's sign where the German
 * pack puts it (above the Ober, below the Unter). */
function court(card: Card, pack: Pack): SVGElement[] {
  const colour = COLOURS[pack][card.suit];
  const frame = element("rect", { x: 14, y: 12, width: 32, height: 66, rx: 3, fill: "#f4ecd8", stroke: colour, "stroke-width": 1.2 });
  const letter = element("text", {
    x: CENTRE,
    y: 53,
    "text-anchor": "middle",
    "font-size": 24,
    "font-family": "Georgia, serif",
    "font-weight": "bold",
    fill: pack === "german" && card.suit === Suit.DIAMONDS ? "#6b4400" : colour,
  });
  letter.textContent = index(card, pack);
  if (card.rank === Rank.KING) {
    const crown = element("path", { d: "M21 28L23 19L27 25L30 17L33 25L37 19L39 28Z", fill: "#d4a017", stroke: "#7a5a00", "stroke-width": 0.6 });
    return [frame, letter, crown, sign(card, pack, CENTRE, 66, 11)];
  }
  const below = pack === "german" && card.rank === Rank.JACK;
  return [frame, letter, sign(card, pack, CENTRE, below ? 66 : 24, 11)];
}

const drawn = new Map<string, string>();

/** The face of ``card`` in ``pack``: a picture to place beside the card's name, with no
 * text of its own (an image without alternative text, as the name stands beside it). */
export function cardFace(card: Card, pack: Pack): HTMLImageElement {
  const key = `${pack} ${language()} ${card.suit} ${card.rank}`;
  let source = drawn.get(key);
  if (source === undefined) {
    source = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(drawFace(card, pack)))}`;
    drawn.set(key, source);
  }
  const image = document.createElement("img");
  image.className = `face ${pack}`;
  image.alt = "";
  image.src = source;
  image.width = WIDTH;
  image.height = HEIGHT;
  return image;
}

function drawFace(card: Card, pack: Pack): SVGElement {
  const face = element("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: WIDTH, height: HEIGHT });
  face.append(element("rect", { x: 0.75, y: 0.75, width: WIDTH - 1.5, height: HEIGHT - 1.5, rx: 5, fill: "#fff", stroke: "#8a8a8a", "stroke-width": 1.5 }));
  face.append(cornerMark(card, pack, false), cornerMark(card, pack, true));
  if (card.rank === Rank.ACE) {
    face.append(sign(card, pack, CENTRE, 45, 30));
  } else if (COURT.has(card.rank)) {
    face.append(...court(card, pack));
  } else {
    // Nine and ten pips share the middle column with the side ones: smaller, they keep apart.
    const size = card.rank >= Rank.NINE ? 9.5 : 11;
    for (const [x, y] of PIPS[card.rank] ?? []) face.append(sign(card, pack, x, y, size, y > 45));
  }
  return face;
}

let back: string | undefined;

/** A card lying face down: a lattice on the back, the same for every card and pack. */
export function cardBack(): HTMLImageElement {
  if (back === undefined) {
    const drawing = element("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: WIDTH, height: HEIGHT });
    drawing.append(element("rect", { x: 0.75, y: 0.75, width: WIDTH - 1.5, height: HEIGHT - 1.5, rx: 5, fill: "#fff", stroke: "#8a8a8a", "stroke-width": 1.5 }));
    drawing.append(element("rect", { x: 5, y: 5, width: WIDTH - 10, height: HEIGHT - 10, rx: 3, fill: "#1d4e89" }));
    for (let offset = -HEIGHT; offset < WIDTH + HEIGHT; offset += 8) {
      drawing.append(element("path", { d: `M${offset} 5L${offset + HEIGHT} ${HEIGHT + 5}M${offset} ${HEIGHT - 5}L${offset + HEIGHT} -5`, stroke: "#6f9fd8", "stroke-width": 1, "clip-path": "url(#inside)" }));
    }
    const clip = element("clipPath", { id: "inside" });
    clip.append(element("rect", { x: 5, y: 5, width: WIDTH - 10, height: HEIGHT - 10, rx: 3 }));
    drawing.prepend(clip);
    back = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(drawing))}`;
  }
  const image = document.createElement("img");
  image.className = "face back";
  image.alt = "";
  image.src = back;
  image.width = WIDTH;
  image.height = HEIGHT;
  return image;
}
