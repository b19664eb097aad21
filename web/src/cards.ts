// Card names in the three ways the seeds use them: symbols ("♣Q"), German (Baśka, Kop,
// Speculation: "Kreuz-Dame"; Schafkopf: the Bavarian pack, "Eichel Ober"; Bela: its German
// pack, "Laub Unter", or with the option cards=franzoesisch "Pik-Bube") and Polish
// ("dama trefl"). The server names cards in its own texts (reasons, labels) as
// symbols or Bavarian; the hand and the tricks are named here from the structured card.

import { CardNames, Rank, Suit, type Card } from "./gen/speedgamez/v1/cards_pb";
import { t, verbatim, type Key, type Text } from "./messages";

export type Naming = "symbols" | "german" | "polish";

const NAMING_KEY = "speedgamez.cardNames";

export function naming(): Naming {
  const kept = localStorage.getItem(NAMING_KEY);
  return kept === "german" || kept === "polish" ? kept : "symbols";
}

export function setNaming(value: Naming): void {
  localStorage.setItem(NAMING_KEY, value);
}

/** What the server should name cards as in its texts for this naming and game. */
export function serverNames(game: string): CardNames {
  return naming() === "german" && game === "schafkopf" ? CardNames.BAVARIAN : CardNames.SYMBOLS;
}

const SYMBOL: Record<number, string> = {
  [Suit.CLUBS]: "♣",
  [Suit.SPADES]: "♠",
  [Suit.HEARTS]: "♥",
  [Suit.DIAMONDS]: "♦",
};
// The courts' and the ace's letters as the page's language names them (♣Q, ♣D).
const RANK_LETTER: Record<number, Key> = {
  [Rank.ACE]: "letter_ace",
  [Rank.KING]: "letter_king",
  [Rank.QUEEN]: "letter_queen",
  [Rank.JACK]: "letter_jack",
};
const GERMAN_SUIT: Record<number, string> = {
  [Suit.CLUBS]: "Kreuz",
  [Suit.SPADES]: "Pik",
  [Suit.HEARTS]: "Herz",
  [Suit.DIAMONDS]: "Karo",
};
const GERMAN_RANK: Record<number, string> = {
  [Rank.ACE]: "Ass",
  [Rank.KING]: "König",
  [Rank.QUEEN]: "Dame",
  [Rank.JACK]: "Bube",
  [Rank.TEN]: "Zehn",
  [Rank.NINE]: "Neun",
  [Rank.EIGHT]: "Acht",
  [Rank.SEVEN]: "Sieben",
  [Rank.SIX]: "Sechs",
  [Rank.FIVE]: "Fünf",
  [Rank.FOUR]: "Vier",
  [Rank.THREE]: "Drei",
  [Rank.TWO]: "Zwei",
};
// The Bavarian pack: acorns, leaves, hearts, bells; Ober and Unter for queen and jack.
const BAVARIAN_SUIT: Record<number, string> = {
  [Suit.CLUBS]: "Eichel",
  [Suit.SPADES]: "Gras",
  [Suit.HEARTS]: "Herz",
  [Suit.DIAMONDS]: "Schellen",
};
const BAVARIAN_RANK: Record<number, string> = {
  [Rank.ACE]: "Sau",
  [Rank.KING]: "König",
  [Rank.QUEEN]: "Ober",
  [Rank.JACK]: "Unter",
  [Rank.TEN]: "10",
  [Rank.NINE]: "9",
  [Rank.EIGHT]: "8",
  [Rank.SEVEN]: "7",
};
// Bela's German pack (seed 002): acorns, leaves, hearts, bells, with Unter and Ober.
const BELA_SUIT: Record<number, string> = {
  [Suit.CLUBS]: "Eichel",
  [Suit.SPADES]: "Laub",
  [Suit.HEARTS]: "Herz",
  [Suit.DIAMONDS]: "Schellen",
};
const BELA_RANK: Record<number, string> = { ...BAVARIAN_RANK, [Rank.ACE]: "Ass" };
const POLISH_SUIT: Record<number, string> = {
  [Suit.CLUBS]: "trefl",
  [Suit.SPADES]: "pik",
  [Suit.HEARTS]: "kier",
  [Suit.DIAMONDS]: "karo",
};
const POLISH_RANK: Record<number, string> = {
  [Rank.ACE]: "as",
  [Rank.KING]: "król",
  [Rank.QUEEN]: "dama",
  [Rank.JACK]: "walet",
  [Rank.TEN]: "dziesiątka",
  [Rank.NINE]: "dziewiątka",
  [Rank.EIGHT]: "ósemka",
  [Rank.SEVEN]: "siódemka",
  [Rank.SIX]: "szóstka",
  [Rank.FIVE]: "piątka",
  [Rank.FOUR]: "czwórka",
  [Rank.THREE]: "trójka",
  [Rank.TWO]: "dwójka",
};

/** The card's name (a card nobody may see: "?"); ``options`` are the table's (Bela's pack
 * is one). German and Polish names are the packs' own, whatever the page's language. */
export function cardName(card: Card | undefined, game: string, options: Record<string, string> = {}): Text {
  if (!card) return t("unknown_card");
  switch (naming()) {
    case "german":
      if (game === "schafkopf") return verbatim(`${BAVARIAN_SUIT[card.suit]} ${BAVARIAN_RANK[card.rank] ?? card.rank}`);
      if (game === "bela" && options.cards !== "franzoesisch") {
        return verbatim(`${BELA_SUIT[card.suit]} ${BELA_RANK[card.rank] ?? card.rank}`);
      }
      return verbatim(`${GERMAN_SUIT[card.suit]}-${GERMAN_RANK[card.rank]}`);
    case "polish":
      return verbatim(`${POLISH_RANK[card.rank]} ${POLISH_SUIT[card.suit]}`);
    default: {
      const letter = RANK_LETTER[card.rank];
      return verbatim(`${SYMBOL[card.suit]}${letter ? t(letter) : String(card.rank)}`);
    }
  }
}

/** Red suits are drawn red (and named, for those who cannot tell the colours apart). */
export function isRed(card: Card | undefined): boolean {
  return card?.suit === Suit.HEARTS || card?.suit === Suit.DIAMONDS;
}
