// Every text the web client writes itself, in English and German, by a stable key. The
// German table has the English one's type: a key missing there, or a text with other
// parameters, does not compile. What the server writes (labels, reasons, settlement lines,
// the options' meanings) and what players are called reach the page through ``verbatim``,
// as they came. The German follows the seeds' apps (Speedbock, seed 000; Speedbela, seed
// 002): their game terms, Bela's Croatian and Baśka's and Kop's Polish words as they are.

export type Language = "en" | "de";

declare const shown: unique symbol;
/** A text for people: from the catalogue (``t``) or shown as it came (``verbatim``). The
 * page's builders (dom.ts) take no other string, so no text can bypass the catalogue. */
export type Text = string & { readonly [shown]: true };

type Count = number | bigint | string;

const english = {
  brand: "speedgamez",
  loading: "Loading …",
  navigation: "Main",
  lobby: "Lobby",
  leaderboards: "Leaderboards",
  statistics: "Statistics",

  // The gear.
  settings: "Settings",
  gear_sign: "⚙",
  settings_done: "Done",
  setting_language: "Sprache / Language",
  language_de: "Deutsch",
  language_en: "English",
  setting_card_names: "Card names",
  card_names_symbols: "Symbols (♣Q)",
  card_names_german: "German (Kreuz-Dame, Eichel Ober)",
  card_names_polish: "Polish (dama trefl)",
  setting_card_faces: "Card faces",
  card_faces_table: "As the game is played (Schafkopf and Bela German, the others French)",
  card_faces_french: "French pack (♣ ♠ ♥ ♦)",
  card_faces_german: "German pack (Eichel, Gras, Herz, Schellen)",
  setting_design_speedbock: "Table for Baśka, Kop, Schafkopf, Speculation",
  setting_design_speedbela: "Table for Bela",
  design_ratsstube: "Ratsstube",
  design_fischerkate: "Fischerkate",
  design_lokschuppen: "Lokschuppen",
  design_konoba: "Konoba",
  design_riva: "Riva",
  design_terasa: "Terasa",
  setting_light: "Light",
  light_day: "day",
  light_evening: "evening",
  setting_highlight: "Highlight playable cards",
  setting_count_points: "Count card points at new tables",
  setting_sound: "Sounds (card, trick, your turn)",
  switch_on: "on",
  switch_off: "off",

  // Registering and the lobby.
  register_intro: "Card games at the table: Baśka and Kop, Bela, Schafkopf, Speculation.",
  register_name: "Your name at the table",
  register_play: "Play",
  playing_as: ({ name, balance }: { name: string; balance: Count }) => `Playing as ${name} · balance ${balance} chips`,
  new_table: "New table",
  game: "Game",
  people: "People (the others are computers)",
  computers: "Computers",
  level_easy: "easy",
  level_normal: "normal",
  level_strong: "strong",
  play_game: ({ game }: { game: string }) => `Play ${game}`,
  daily_deal_today: "Today's daily deal",
  rules_summary: ({ rules, seats, changed }: { rules: string; seats: Count; changed: number }) =>
    `Rules: ${rules} · ${seats} seats · ${changed ? `${changed} changed` : "as usual"}`,
  rules: "Rules",
  seats: "Seats",
  learning_game: "Learning game (open cards and advice; alone only)",
  count_points: "Count card points as we go",
  think_time: "Think time per decision",
  think_usual: "as usual (2 minutes with others, none alone)",
  no_clock: "no clock",
  seconds: ({ seconds }: { seconds: Count }) => `${seconds} s`,
  stake: "Stake: chips each person pays in, the pot to the best placed",
  group_play: "How the game is played",
  group_contracts: "Games and calls allowed",
  group_amounts: "Amounts and lengths",
  only_for_players: ({ value, counts }: { value: string; counts: readonly number[] }) =>
    `${value} (${counts.join(" or ")} players only)`,
  your_tables: "Your tables",
  continue_table: "Continue",
  tables_waiting: "Tables waiting for players",
  join_table: "Join",
  your_finished_matches: "Your finished matches",
  replay_button: "Replay",
  table_line: ({ game, rules, seats }: { game: string; rules: string; seats: readonly string[] }) =>
    `${game} · ${rules} · ${seats.join(", ")}`,
  seat_free: "open",
  none: "None.",

  // Leaderboards and statistics.
  period: "Period",
  period_week: "this week",
  period_month: "this month",
  period_day: "today",
  period_all_time: "all time",
  period_daily_deal: "today's daily deal",
  leaderboard_line: ({ rule, window, timeZone, players }: { rule: string; window: string; timeZone: string; players: Count }) =>
    `${rule} · ${window} (${timeZone}) · ${players} players`,
  rank: "Rank",
  player: "Player",
  points: "Points",
  your_place: ({ rank, points }: { rank: Count; points: Count }) => `Your place: ${rank} with ${points} points`,
  your_statistics: "Your statistics",
  statistics_points: ({ points, rank }: { points: Count; rank: Count }) => `${points} points of all time, rank ${rank}`,
  statistics_daily: ({ difference }: { difference: Count }) => ` · daily deals ${difference}`,
  no_matches_yet: "No matches played yet.",

  // The table's frame, head and status line.
  at_the_table: "At the table",
  what_happened: "What happened",
  back_in_seat: "You are back in your seat.",
  took_seat: "You took a seat at this table.",
  reconnecting: "Connection lost: reconnecting …",
  time_left: ({ seconds, names }: { seconds: number; names: readonly string[] }) =>
    `Time left: ${seconds} s for ${names.join(", ")}`,
  seat_number: ({ number }: { number: number }) => `seat ${number}`,
  deal: ({ deal }: { deal: Count }) => `Deal ${deal}`,
  deal_of: ({ deal, deals }: { deal: Count; deals: Count }) => `Deal ${deal} of ${deals}`,
  to_points: ({ points }: { points: Count }) => ` · to ${points} points`,
  in_phase: ({ phase }: { phase: string }) => ` · ${phase}`,
  learning_note: " · learning: the computers' cards lie open",
  stake_note: ({ stake }: { stake: Count }) => ` · stake ${stake} chips each, the pot to the best placed`,
  contract: ({ label, note }: { label: string; note: string }) => `Game: ${label}${note ? ` (${note})` : ""}`,
  invite: "Invite a friend:",
  table_link: "link to this table",
  leave_table: "Leave the table",
  back_to_lobby: "Back to the lobby",
  phase_waiting: "waiting for players",
  phase_bidding: "bidding",
  phase_playing: "playing",
  phase_settlement: "settlement",
  phase_finished: "match over",
  phase_closed: "closed",
  phase_in_deal: "in the deal",
  keys_help:
    "1–9 play a card (Shift+1–9 the 10th to 18th) · P pass · D double · N dalje (Bela) · " +
    "every call's letter beside it takes it · Enter continue · L last trick · R advice · " +
    "B balance (your statistics) · ? these keys",

  // Hand, calls, advice.
  your_hand: "Your hand",
  your_hand_turn: "Your hand: your turn",
  shifted_key: ({ digit }: { digit: number }) => `⇧${digit}`,
  key_enter: "Enter",
  your_calls: "Your calls",
  chips: "Chips",
  cards: "cards",
  cannot_play: "You cannot play this card now.",
  cannot_call: "You cannot make this call now.",
  advice: "Advice",
  advice_button: "Advice (R)",
  advice_asking: "Asking the strong computer …",
  advice_reason: ({ reason }: { reason: string }) => `The strong computer: ${reason}`,
  advice_call: ({ label, percent }: { label: string; percent: number }) => `${label}: wins ${percent}%`,
  advice_card: ({ card, wins, deals }: { card: string; wins: Count; deals: Count }) =>
    `${card}: wins in ${wins} of ${deals} deals`,

  // Between deals and at the end.
  match_over: "The match is over",
  after_the_deal: "After the deal",
  waiting_to_continue: ({ names }: { names: readonly string[] }) => `Waiting for ${names.join(", ")} to continue`,
  next_match_open: "The next match is open for the same people.",
  join_next_match: "Join the next match",
  play_again: "Play again",
  replay_this_match: "Replay this match",
  standings: "Standings",
  place: ({ place }: { place: Count }) => `${place}.`,
  standing: ({ name, total }: { name: string; total: string }) => ` ${name}: ${total}`,
  place_bonus: ({ bonus }: { bonus: Count }) => ` +${bonus} leaderboard points`,
  settlement: "Settlement",
  settlement_of: ({ contract }: { contract: string }) => `Settlement: ${contract}`,
  step_amount: ({ amount }: { amount: string }) => `: ${amount}`,
  step_times: ({ factor }: { factor: Count }) => `: ×${factor}`,
  step_added: ({ amount, seats }: { amount: string; seats: readonly string[] }) =>
    `: ${amount}${seats.length ? ` for ${seats.join(" and ")}` : ""}`,
  step_struck: ({ note }: { note: string }) => ` struck: ${note}`,
  with_note: ({ note }: { note: string }) => ` — ${note}`,
  score: ({ name, amount }: { name: string; amount: string }) => `${name}: ${amount}`,
  had_cards: ({ cards }: { cards: string }) => ` (had ${cards})`,
  no_card_shown: "no card shown",
  amount: ({ number, unit }: { number: string; unit: string }) => (unit ? `${number} ${unit}` : number),

  // The seats.
  seats_around: "Seats",
  seat_computer: ({ name }: { name: string }) => `${name} (computer)`,
  seat_open: "open seat",
  seat_you: " (you)",
  seat_away: " (away)",
  seat_to_act: " · to act",
  seat_line: ({ cards, tricks, points, total }: { cards: Count; tricks: Count; points: Count; total: string }) =>
    `${cards} cards · ${tricks} tricks · ${points} points · total ${total}`,
  seat_total: ({ total }: { total: string }) => `total ${total}`,
  seat_counter: ({ label, value }: { label: string; value: Count }) => ` · ${label} ${value}`,
  shown_cards: "Shown:",
  declaration: ({ label, cards, points }: { label: string; cards: string; points: Count }) => `${label}: ${cards} (${points})`,
  open_hand: ({ cards }: { cards: string }) => `Cards: ${cards}`,
  seat_said: ({ name }: { name: string }) => `${name} said`,
  this_seat_said: "This seat said",
  zvanja: ({ melds, value }: { melds: readonly string[]; value: Count }) => `${melds.join(", ")} (${value})`,
  zvanja_verdict: ({ verdict, reason }: { verdict: string; reason: string }) => ` · ${verdict}${reason ? `: ${reason}` : ""}`,
  zvanja_leads: "leads",
  zvanja_counts: "counts with the partner's",
  zvanja_beaten: "beaten",
  badge_dealer: "G",
  badge_dealer_meaning: "Geber: deals this deal",
  badge_old: "A",
  badge_old_meaning: "Alter: one of the Old (a black queen, or Wesele)",
  badge_young: "J",
  badge_young_meaning: "Junger: one of the Young, the party against the Old",
  badge_partner: "P",
  badge_partner_meaning: "Partner of the Wesele declarer",
  badge_soloist: "♛",
  badge_soloist_meaning: "plays alone against the others",
  badge_unknown: "?",
  badge_unknown_meaning: "unknown badge",

  // The middle of the table and what lies beside it.
  trump_ladder: "Trump ladder",
  trumps: "Trumps",
  trumps_highest_first: "Trumps, highest first",
  trump_fallen: " (fallen)",
  trump_yours: " (yours)",
  running_points: "Running points",
  card_points_so_far: "Card points so far",
  name_and_text: ({ name, text }: { name: string; text: Count }) => `${name}: ${text}`,
  calls: "Calls",
  call_by: ({ name }: { name: string }) => `${name}: `,
  call_status: ({ status, note }: { status: string; note: string }) => ` (${status}${note ? `: ${note}` : ""})`,
  double_unknown: "counts: not known yet",
  double_counts: "counts",
  double_struck: "struck",
  double_cleared: "cleared",
  trick: "Trick",
  last_trick: "Last trick",
  took_trick: ({ name, points }: { name: string; points: Count }) => `${name} took it (${points} points)`,
  back_to_trick_key: "Back to the trick (L)",
  last_trick_key: "Last trick (L)",

  // The daily deal.
  daily_deal: "Daily deal",
  daily_deal_title: ({ date }: { date: string }) => `Daily deal ${date}: you against the strong computer`,
  daily_deal_column: "Deal",
  daily_you: "You",
  daily_strong_computer: "Strong computer",
  not_yet: "…",
  daily_difference: ({ amount, complete }: { amount: string; complete: boolean }) =>
    `Difference: ${amount}${complete ? "" : " so far"}`,

  // The history's lines.
  as_sent: ({ text }: { text: string }) => text,
  deal_started: ({ deal, dealer }: { deal: Count; dealer: string }) => `Deal ${deal}: ${dealer} deals.`,
  action_taken: ({ name, label, reason }: { name: string; label: string; reason: string }) =>
    `${name}: ${label}${reason ? ` (${reason})` : ""}`,
  bidding_ended: ({ contract }: { contract: string }) => `The game: ${contract}`,
  trick_complete: "The trick is complete.",
  takes_trick: ({ name }: { name: string }) => `${name} takes the trick.`,
  deal_settled: ({ summary }: { summary: string }) => `Settled: ${summary}`,
  match_finished: ({ winners }: { winners: readonly string[] }) => `The match is over. Winner: ${winners.join(", ")}.`,
  daily_compared: ({ deal, yours, computer }: { deal: Count; yours: string; computer: string }) =>
    `Deal ${deal}: you ${yours}, the strong computer ${computer}.`,

  // Speculation's market.
  market: "Market",
  chip_count: ({ count }: { count: number }) => `${count} ${count === 1 ? "chip" : "chips"}`,
  pool: ({ chips }: { chips: string }) => `Pool: ${chips}`,
  pool_carried: ({ chips }: { chips: string }) => ` (${chips} carried over)`,
  turn_up: "Trump, the turn-up:",
  best_trump: ({ owner }: { owner: string }) => `Best trump, ${owner}'s:`,
  nobody: "nobody",
  open_offers: "Open offers",
  offer: ({ buyer, seller, chips, cards }: { buyer: string; seller: string; chips: string; cards: number }) =>
    `${buyer} offers ${seller} ${chips} for ` +
    (cards === 1 ? "the top face-down card" : `the top ${cards} face-down cards`),
  offer_accept: "Accept",
  offer_refuse: "Refuse",
  offer_withdraw: "Withdraw",
  auction: "Auction",
  auctions_best_trump: ({ seller }: { seller: string }) => `${seller} auctions the best trump:`,
  bidding_closed: "Bidding closed",
  bidding_closed_best: ({ seller, chips, bidder }: { seller: string; chips: string; bidder: string }) =>
    `Bidding closed: ${seller} takes ${chips} from ${bidder} or keeps the card`,
  waiting_to_bid: ({ names }: { names: readonly string[] }) => `Waiting for ${names.join(", ")} to bid or pass`,
  sits_out: "sits this deal out",
  face_down: ({ count }: { count: number }) => `${count} face-down`,

  // A finished match read back.
  replay: "Replay",
  replay_players: ({ players, deals }: { players: readonly string[]; deals: number }) => `${players.join(", ")} · ${deals} deals`,
  match_end: "The match's end",
  totals: "Totals",
  match_record: "The match record (text)",
  move_of: ({ move, moves }: { move: number; moves: number }) => `Move ${move} of ${moves}`,
  hand_of: ({ name, dealer }: { name: string; dealer: boolean }) => `${name}${dealer ? " (dealer)" : ""}: `,
  deal_contract: ({ deal, contract }: { deal: Count; contract: string }) => `Deal ${deal}: ${contract}`,
  step_through: "Step through the moves",
  totals_line: ({ totals }: { totals: readonly [name: string, total: string][] }) =>
    totals.map(([name, total]) => `${name} ${total}`).join(" · "),

  // The letters of the French pack's courts and ace, in card names by symbols and on the faces.
  letter_ace: "A",
  letter_king: "K",
  letter_queen: "Q",
  letter_jack: "J",
  unknown_card: "?",
};

type Entry<Value> = Value extends string ? string : Value;
type Catalogue = { readonly [Key in keyof typeof english]: Entry<(typeof english)[Key]> };

const german: Catalogue = {
  brand: "speedgamez",
  loading: "Lädt …",
  navigation: "Hauptmenü",
  lobby: "Lobby",
  leaderboards: "Bestenliste",
  statistics: "Bilanz",

  settings: "Einstellungen",
  gear_sign: "⚙",
  settings_done: "Fertig",
  setting_language: "Sprache / Language",
  language_de: "Deutsch",
  language_en: "English",
  setting_card_names: "Kartennamen",
  card_names_symbols: "Symbole (♣D)",
  card_names_german: "Deutsch (Kreuz-Dame, Eichel Ober)",
  card_names_polish: "Polnisch (dama trefl)",
  setting_card_faces: "Kartenblatt",
  card_faces_table: "Wie das Spiel gespielt wird (Schafkopf und Bela deutsch, die anderen französisch)",
  card_faces_french: "Französisches Blatt (♣ ♠ ♥ ♦)",
  card_faces_german: "Deutsches Blatt (Eichel, Gras, Herz, Schellen)",
  setting_design_speedbock: "Tischdesign für Baśka, Kop, Schafkopf, Speculation",
  setting_design_speedbela: "Tischdesign für Bela",
  design_ratsstube: "Ratsstube",
  design_fischerkate: "Fischerkate",
  design_lokschuppen: "Lokschuppen",
  design_konoba: "Konoba",
  design_riva: "Riva",
  design_terasa: "Terasa",
  setting_light: "Licht",
  light_day: "Tag",
  light_evening: "Abend",
  setting_highlight: "Spielbare Karten hervorheben",
  setting_count_points: "Augen zählen an neuen Tischen",
  setting_sound: "Ton (Karte, Stich, du bist am Zug)",
  switch_on: "an",
  switch_off: "aus",

  register_intro: "Kartenspiele am Tisch: Baśka und Kop, Bela, Schafkopf, Speculation.",
  register_name: "Dein Name am Tisch",
  register_play: "Spielen",
  playing_as: ({ name, balance }) => `Du spielst als ${name} · Guthaben ${balance} Chips`,
  new_table: "Neuer Tisch",
  game: "Spiel",
  people: "Menschen am Tisch (freie Plätze übernimmt der Computer)",
  computers: "Computer",
  level_easy: "leicht",
  level_normal: "normal",
  level_strong: "stark",
  play_game: ({ game }) => `${game} spielen`,
  daily_deal_today: "Tagesblatt von heute",
  rules_summary: ({ rules, seats, changed }) =>
    `Regeln: ${rules} · ${seats} Plätze · ${changed ? `${changed} geändert` : "wie üblich"}`,
  rules: "Regelsatz",
  seats: "Plätze",
  learning_game: "Lernspiel (offene Karten und Rat; nur allein)",
  count_points: "Augen mitzählen",
  think_time: "Bedenkzeit je Entscheidung",
  think_usual: "wie üblich (mit anderen 2 Minuten, allein ohne Uhr)",
  no_clock: "ohne Uhr",
  seconds: ({ seconds }) => `${seconds} s`,
  stake: "Einsatz: Chips, die jeder Mensch beim Start zahlt; der Topf geht an den Bestplatzierten",
  group_play: "So wird gespielt",
  group_contracts: "Erlaubte Spiele und Ansagen",
  group_amounts: "Werte und Länge der Partie",
  only_for_players: ({ value, counts }) => `${value} (nur zu ${counts.join(" oder ")})`,
  your_tables: "Deine Tische",
  continue_table: "Weiterspielen",
  tables_waiting: "Tische, die auf Mitspieler warten",
  join_table: "Mitspielen",
  your_finished_matches: "Deine beendeten Partien",
  replay_button: "Nachspielen",
  table_line: ({ game, rules, seats }) => `${game} · ${rules} · ${seats.join(", ")}`,
  seat_free: "frei",
  none: "Keine.",

  period: "Zeitraum",
  period_week: "diese Woche",
  period_month: "dieser Monat",
  period_day: "heute",
  period_all_time: "ewige Bestenliste",
  period_daily_deal: "Tagesblatt von heute",
  leaderboard_line: ({ rule, window, timeZone, players }) => `${rule} · ${window} (${timeZone}) · ${players} Spieler`,
  rank: "Platz",
  player: "Spieler",
  points: "Punkte",
  your_place: ({ rank, points }) => `Dein Platz: ${rank} mit ${points} Punkten`,
  your_statistics: "Deine Bilanz",
  statistics_points: ({ points, rank }) => `${points} Punkte insgesamt, Platz ${rank}`,
  statistics_daily: ({ difference }) => ` · Tagesblatt ${difference}`,
  no_matches_yet: "Noch keine Partie gespielt.",

  at_the_table: "Am Tisch",
  what_happened: "Spielverlauf",
  back_in_seat: "Du sitzt wieder auf deinem Platz.",
  took_seat: "Du hast an diesem Tisch Platz genommen.",
  reconnecting: "Verbindung wird wiederhergestellt …",
  time_left: ({ seconds, names }) => `Bedenkzeit: noch ${seconds} s für ${names.join(", ")}`,
  seat_number: ({ number }) => `Platz ${number}`,
  deal: ({ deal }) => `Spiel ${deal}`,
  deal_of: ({ deal, deals }) => `Spiel ${deal} von ${deals}`,
  to_points: ({ points }) => ` · bis ${points} Punkte`,
  in_phase: ({ phase }) => ` · ${phase}`,
  learning_note: " · Lernspiel: die Karten der Computer liegen offen",
  stake_note: ({ stake }) => ` · Einsatz ${stake} Chips je Mensch, der Topf an den Bestplatzierten`,
  contract: ({ label, note }) => `Spiel: ${label}${note ? ` (${note})` : ""}`,
  invite: "Mitspieler einladen:",
  table_link: "Link zu diesem Tisch",
  leave_table: "Tisch verlassen",
  back_to_lobby: "Zurück zur Lobby",
  phase_waiting: "wartet auf Mitspieler",
  phase_bidding: "Ansage-Runde",
  phase_playing: "Stechen",
  phase_settlement: "Abrechnung",
  phase_finished: "Partie zu Ende",
  phase_closed: "geschlossen",
  phase_in_deal: "im Spiel",
  keys_help:
    "1–9 Karte spielen (Umschalt+1–9 die 10. bis 18.) · P passen · D doppeln · N dalje (Bela) · " +
    "der Buchstabe neben einer Ansage wählt sie · Enter weiter · L letzter Stich · R Rat · " +
    "B Bilanz · ? diese Tasten",

  your_hand: "Deine Karten",
  your_hand_turn: "Deine Karten: du bist am Zug",
  shifted_key: ({ digit }) => `⇧${digit}`,
  key_enter: "Enter",
  your_calls: "Deine Ansagen",
  chips: "Chips",
  cards: "Karten",
  cannot_play: "Diese Karte darfst du jetzt nicht legen.",
  cannot_call: "Diese Ansage geht jetzt nicht.",
  advice: "Rat",
  advice_button: "Rat (R)",
  advice_asking: "Der starke Computer rechnet …",
  advice_reason: ({ reason }) => `Der starke Computer: ${reason}`,
  advice_call: ({ label, percent }) => `${label}: gewinnt zu ${percent} %`,
  advice_card: ({ card, wins, deals }) => `${card}: gewinnt in ${wins} von ${deals} Kartenverteilungen`,

  match_over: "Die Partie ist zu Ende",
  after_the_deal: "Nach dem Spiel",
  waiting_to_continue: ({ names }) => `Es fehlt noch „Weiter“ von ${names.join(", ")}`,
  next_match_open: "Die nächste Partie mit denselben Mitspielern ist eröffnet.",
  join_next_match: "Zur nächsten Partie",
  play_again: "Noch eine Partie",
  replay_this_match: "Diese Partie nachspielen",
  standings: "Endstand",
  place: ({ place }) => `${place}.`,
  standing: ({ name, total }) => ` ${name}: ${total}`,
  place_bonus: ({ bonus }) => ` +${bonus} Punkte für die Bestenliste`,
  settlement: "Abrechnung",
  settlement_of: ({ contract }) => `Abrechnung: ${contract}`,
  step_amount: ({ amount }) => `: ${amount}`,
  step_times: ({ factor }) => `: ×${factor}`,
  step_added: ({ amount, seats }) => `: ${amount}${seats.length ? ` für ${seats.join(" und ")}` : ""}`,
  step_struck: ({ note }) => ` gestrichen: ${note}`,
  with_note: ({ note }) => ` — ${note}`,
  score: ({ name, amount }) => `${name}: ${amount}`,
  had_cards: ({ cards }) => ` (hatte ${cards})`,
  no_card_shown: "keine Karte gezeigt",
  amount: ({ number, unit }) => (unit ? `${number} ${unit}` : number),

  seats_around: "Plätze",
  seat_computer: ({ name }) => `${name} (Computer)`,
  seat_open: "freier Platz",
  seat_you: " (du)",
  seat_away: " (abwesend)",
  seat_to_act: " · am Zug",
  seat_line: ({ cards, tricks, points, total }) => `${cards} Karten · ${tricks} Stiche · ${points} Augen · gesamt ${total}`,
  seat_total: ({ total }) => `gesamt ${total}`,
  seat_counter: ({ label, value }) => ` · ${label} ${value}`,
  shown_cards: "Gezeigt:",
  declaration: ({ label, cards, points }) => `${label}: ${cards} (${points})`,
  open_hand: ({ cards }) => `Karten: ${cards}`,
  seat_said: ({ name }) => `${name} sagte`,
  this_seat_said: "Dieser Platz sagte",
  zvanja: ({ melds, value }) => `${melds.join(", ")} (${value})`,
  zvanja_verdict: ({ verdict, reason }) => ` · ${verdict}${reason ? `: ${reason}` : ""}`,
  zvanja_leads: "liegt vorn",
  zvanja_counts: "zählt mit den Meldungen des Partners",
  zvanja_beaten: "überboten",
  badge_dealer: "G",
  badge_dealer_meaning: "Geber: gibt in diesem Spiel",
  badge_old: "A",
  badge_old_meaning: "Alter: einer der Alten (eine schwarze Dame, oder Wesele)",
  badge_young: "J",
  badge_young_meaning: "Junger: einer der Jungen, die Partei gegen die Alten",
  badge_partner: "P",
  badge_partner_meaning: "Partner des Wesele-Spielers",
  badge_soloist: "♛",
  badge_soloist_meaning: "spielt allein gegen die anderen",
  badge_unknown: "?",
  badge_unknown_meaning: "unbekanntes Abzeichen",

  trump_ladder: "Trumpfleiter",
  trumps: "Trümpfe",
  trumps_highest_first: "Trümpfe, höchster zuerst",
  trump_fallen: " (gefallen)",
  trump_yours: " (deiner)",
  running_points: "Augen bisher",
  card_points_so_far: "Augen bisher",
  name_and_text: ({ name, text }) => `${name}: ${text}`,
  calls: "Ansagen",
  call_by: ({ name }) => `${name}: `,
  call_status: ({ status, note }) => ` (${status}${note ? `: ${note}` : ""})`,
  double_unknown: "zählt: noch offen",
  double_counts: "zählt",
  double_struck: "gestrichen",
  double_cleared: "gelöscht",
  trick: "Stich",
  last_trick: "Letzter Stich",
  took_trick: ({ name, points }) => `${name} hat ihn gewonnen (${points} Augen)`,
  back_to_trick_key: "Zurück zum Stich (L)",
  last_trick_key: "Letzter Stich (L)",

  daily_deal: "Tagesblatt",
  daily_deal_title: ({ date }) => `Tagesblatt ${date}: du gegen den starken Computer`,
  daily_deal_column: "Spiel",
  daily_you: "Du",
  daily_strong_computer: "Starker Computer",
  not_yet: "…",
  daily_difference: ({ amount, complete }) => `Unterschied: ${amount}${complete ? "" : " bisher"}`,

  as_sent: ({ text }) => text,
  deal_started: ({ deal, dealer }) => `Spiel ${deal}: ${dealer} gibt.`,
  action_taken: ({ name, label, reason }) => `${name}: ${label}${reason ? ` (${reason})` : ""}`,
  bidding_ended: ({ contract }) => `Gespielt wird: ${contract}`,
  trick_complete: "Der Stich ist voll.",
  takes_trick: ({ name }) => `${name} gewinnt den Stich.`,
  deal_settled: ({ summary }) => `Abgerechnet: ${summary}`,
  match_finished: ({ winners }) => `Die Partie ist zu Ende. Gewonnen: ${winners.join(", ")}.`,
  daily_compared: ({ deal, yours, computer }) => `Spiel ${deal}: du ${yours}, der starke Computer ${computer}.`,

  market: "Markt",
  chip_count: ({ count }) => `${count} ${count === 1 ? "Chip" : "Chips"}`,
  pool: ({ chips }) => `Pool: ${chips}`,
  pool_carried: ({ chips }) => ` (${chips} aus der letzten Runde)`,
  turn_up: "Trumpf, die aufgedeckte Karte:",
  best_trump: ({ owner }) => `Bester Trumpf, bei ${owner}:`,
  nobody: "niemand",
  open_offers: "Offene Angebote",
  offer: ({ buyer, seller, chips, cards }) =>
    `${buyer} bietet ${seller} ${chips} für ` +
    (cards === 1 ? "die oberste verdeckte Karte" : `die obersten ${cards} verdeckten Karten`),
  offer_accept: "Annehmen",
  offer_refuse: "Ablehnen",
  offer_withdraw: "Zurückziehen",
  auction: "Versteigerung",
  auctions_best_trump: ({ seller }) => `${seller} versteigert den besten Trumpf:`,
  bidding_closed: "Bieten beendet",
  bidding_closed_best: ({ seller, chips, bidder }) =>
    `Bieten beendet: ${seller} nimmt ${chips} von ${bidder} oder behält die Karte`,
  waiting_to_bid: ({ names }) => `Es fehlt noch ein Gebot oder Pass von ${names.join(", ")}`,
  sits_out: "setzt diese Runde aus",
  face_down: ({ count }) => `${count} verdeckt`,

  replay: "Partie nachspielen",
  replay_players: ({ players, deals }) => `${players.join(", ")} · ${deals} Spiele`,
  match_end: "Ende der Partie",
  totals: "Endstand",
  match_record: "Spielbericht (Text)",
  move_of: ({ move, moves }) => `Zug ${move} von ${moves}`,
  hand_of: ({ name, dealer }) => `${name}${dealer ? " (Geber)" : ""}: `,
  deal_contract: ({ deal, contract }) => `Spiel ${deal}: ${contract}`,
  step_through: "Zug für Zug durchgehen",
  totals_line: ({ totals }) => totals.map(([name, total]) => `${name} ${total}`).join(" · "),

  // The French pack as German players name it: Ass, König, Dame, Bube.
  letter_ace: "A",
  letter_king: "K",
  letter_queen: "D",
  letter_jack: "B",
  unknown_card: "?",
};

const CATALOGUES: Record<Language, Catalogue> = { en: english, de: german };

export type Key = keyof Catalogue;
type Arguments<K extends Key> = Catalogue[K] extends (parameters: infer Parameters) => string ? [parameters: Parameters] : [];

/** One text by its key and parameters, kept to be written later in the language then in
 * use (the table's history outlives a change of language). */
export type Message = { [K in Key]: { key: K; parameters?: Arguments<K>[0] } }[Key];

let current: Language = "en";

export function language(): Language {
  return current;
}

export function setLanguage(chosen: Language): void {
  current = chosen;
}

/** The language the browser asks for: the first of its languages that is German or
 * English decides; anything else reads English. */
export function browserLanguage(asked: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const tag of asked) {
    const primary = tag.toLowerCase().split("-")[0];
    if (primary === "de" || primary === "en") return primary;
  }
  return "en";
}

/** The text of ``key`` in the language in use. */
export function t<K extends Key>(key: K, ...parameters: Arguments<K>): Text {
  const entry: string | ((parameters: never) => string) = CATALOGUES[current][key];
  return (typeof entry === "string" ? entry : entry(parameters[0] as never)) as Text;
}

export function message<K extends Key>(key: K, ...parameters: Arguments<K>): Message {
  return { key, parameters: parameters[0] } as Message;
}

/** A kept message written now; one whose key this version no longer has reads as nothing. */
export function textOf(kept: Message): Text {
  if (!Object.hasOwn(english, kept.key)) return "" as Text;
  return (t as (key: Key, parameters?: unknown) => Text)(kept.key, kept.parameters);
}

/** A text shown as it came: the server's words, a player's name, a card named as the
 * player chose. Never a text written here (tests/test_web_client.py checks). */
export function verbatim(text: string): Text {
  return text as Text;
}
