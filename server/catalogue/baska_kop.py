"""German for the texts of Baśka and Kop (``engine.baska_kop``, ``ai_worker.players.baska_kop``;
see ``server.catalogue``).

The words are those of the Speedbock rules: a deal is a Spiel, the match the Partie; the
holders of the black queens are die Alten, the others die Jungen; one who plays alone is the
Solospieler; card points are Augen, a game's value is Punkte; Ansage, ansagen, Doppel,
doppeln, Stich, Schneider, Schwarz, Trumpfleiter. Contracts and doubles keep their names
(Wesele, Gran, Zolo du, Cicha, Kontra, Re, Rej, Bock, Hirsh, Słup) and need no entry.
Refusals, meanings and settlement lines are sentences (capitalised); a computer's reason
follows its name and starts in lower case.
"""

from __future__ import annotations

GERMAN: dict[str, str] = {
    # The bidding's choices and their meanings (``engine.baska_kop.rules``, ``constants``).
    "Pass": "Passen",
    "Normal game": "Normalspiel",
    "{contract} ({number} points)": "{contract} ({number} Punkte)",
    "{contract} ({number} point)": "{contract} ({number} Punkt)",
    "you hold both black queens and play with the holder of the highest jack you do not hold, "
    "who becomes known when that jack falls; {number} points win": (
        "Du hast beide schwarzen Damen und spielst mit dem, der den höchsten Buben hat, den du "
        "nicht hast; er wird bekannt, sobald dieser Bube fällt; {number} Augen gewinnen"
    ),
    "you play alone against three; only the four jacks are trump, and in every suit ace beats ten "
    "beats queen; {number} points win": (
        "Du spielst allein gegen drei; nur die vier Buben sind Trumpf, und in jeder Farbe gilt Ass "
        "vor Zehn vor Dame; {number} Augen gewinnen"
    ),
    "you play alone against three with the usual trumps; {number} points win": (
        "Du spielst allein gegen drei mit den üblichen Trümpfen; {number} Augen gewinnen"
    ),
    "{contract} in which you must take all four tricks": (
        "{contract}, bei dem du alle vier Stiche machen musst"
    ),
    "you hold all four queens and play alone against three; {number} points win": (
        "Du hast alle vier Damen und spielst allein gegen drei; {number} Augen gewinnen"
    ),
    "you hold {cards}, lay your hand down and win at once": (
        "Du hast {cards}, legst deine Karten offen hin und gewinnst sofort"
    ),
    "doubles the value of the game; it counts only if it comes from the other party than the "
    "double before it, and a higher announcement clears it": (
        "Verdoppelt den Wert des Spiels; es zählt nur, wenn es von der anderen Partei kommt als das "
        "Doppel davor, und eine höhere Ansage löscht es"
    ),
    # The bidding's refusals (``engine.baska_kop.bidding``, ``rules``).
    "{contract} does not outrank {contract2}, which is already announced": (
        "{contract} steht nicht über {contract2}, das schon angesagt ist"
    ),
    "only the holder of both black queens may announce Wesele": (
        "Nur wer beide schwarzen Damen hat, darf Wesele ansagen"
    ),
    "only the holder of all four queens may announce Baśka": (
        "Nur wer alle vier Damen hat, darf Baśka ansagen"
    ),
    "only the holder of {cards} may announce Kop": "Nur wer {cards} hat, darf Kop ansagen",
    "{contract} is never doubled": "{contract} wird nie gedoppelt",
    "{contract} may be doubled only up to {double}, which has been said": (
        "{contract} darf nur bis {double} gedoppelt werden, und das ist schon gesagt"
    ),
    "the declarer of {contract} may not give the first double ({double})": (
        "Wer {contract} angesagt hat, darf nicht als Erster doppeln ({double})"
    ),
    "you announced a game in this round and may not give the first double ({double})": (
        "Du hast in dieser Runde ein Spiel angesagt und darfst nicht als Erster doppeln ({double})"
    ),
    "you hold both black queens (Cicha) and may not give the first double ({double})": (
        "Du hast beide schwarzen Damen (Cicha) und darfst nicht als Erster doppeln ({double})"
    ),
    "in {contract} the parties are fixed: only the declarer may answer the {double} with {double2}": (
        "Im {contract} stehen die Parteien fest: "
        "nur der Solospieler darf auf {double} mit {double2} antworten"
    ),
    "in {contract} the parties are fixed: only a defender may answer the {double} with {double2}": (
        "Im {contract} stehen die Parteien fest: "
        "nur ein Gegenspieler darf auf {double} mit {double2} antworten"
    ),
    "'{action}' is not possible during the bidding: pass, announce or double": (
        "„{action}“ geht in der Ansage-Runde nicht: passe, sag ein Spiel an oder doppele"
    ),
    "the bidding is not over yet: pass, announce or double": (
        "Die Ansage-Runde läuft noch: passe, sag ein Spiel an oder doppele"
    ),
    "the bidding is not over yet": "Die Ansage-Runde läuft noch",
    # Trick play (``engine.baska_kop.play``, ``rules``; the plain duty "you must follow" is Bela's).
    "you cannot follow {suit} and must play a trump": "Du kannst {suit} nicht bedienen und musst trumpfen",
    "you must beat {cards} because you can (for example with {cards2})": (
        "Du musst {cards} überstechen, weil du es kannst (zum Beispiel mit {cards2})"
    ),
    "'{action}' is not possible now: the bidding is over, play a card": (
        "„{action}“ geht jetzt nicht: die Ansage-Runde ist vorbei, spiel eine Karte"
    ),
    # The running contract.
    "only the four jacks are trump; in every suit ace, ten, queen": (
        "Nur die vier Buben sind Trumpf; in jeder Farbe Ass, Zehn, Dame"
    ),
    "{number} trumps, highest first as the ladder shows": (
        "{number} Trümpfe, der höchste zuerst, wie die Trumpfleiter zeigt"
    ),
    "{trumps}; one plays alone against three": "{trumps}; einer spielt allein gegen drei",
    # The parties as the table shows them.
    "the Old": "die Alten",
    "the Young": "die Jungen",
    "the Wesele pair": "das Wesele-Paar",
    "the other two": "die anderen beiden",
    "the soloist": "der Solospieler",
    "the three against him": "die drei gegen ihn",
    "not known yet": "noch nicht bekannt",
    # Doubles in the history and the settlement (``engine.baska_kop.scoring``, ``rules``).
    "cleared when {contract} was announced": "Gelöscht, als {contract} angesagt wurde",
    "a Cicha may be doubled only up to {double}": "Eine Cicha darf nur bis {double} gedoppelt werden",
    "{double} came from the same party as the {double2} before it, so both count once": (
        "{double} kam von derselben Partei wie {double2} davor, also zählen beide zusammen nur einmal"
    ),
    "{double} by {seat}": "{double} von {seat}",
    # The settlement.
    "Base value of {contract}": "Grundwert: {contract}",
    "Kop cannot lose and is laid down": "Kop kann nicht verlieren und wird hingelegt",
    "{number}:{number2}: the last double that counts is the {double} of {seat}, so that party loses": (
        "{number}:{number2}: Das letzte gültige Doppel ist {double} von {seat}, also verliert diese Partei"
    ),
    "{number}:{number2} without a double that counts: {loser}": (
        "{number}:{number2} ohne gültiges Doppel: {loser}"
    ),
    "the Old lose": "die Alten verlieren",
    "the Wesele players lose": "die Wesele-Spieler verlieren",
    "the soloist loses": "der Solospieler verliert",
    "Schwarz: the losers took no trick": "Schwarz: die Verlierer haben keinen Stich gemacht",
    "Schneider: the losers have {number} points, at most {number2} points": (
        "Schneider: die Verlierer haben {number} Augen, höchstens {number2}"
    ),
    "Baśka: {loser}, so it counts double": "Baśka: {loser}, darum zählt es doppelt",
    # The summary: who played against whom, the card points and the value.
    "{contract}: the Old ({seat} and {seat2}) won against the Young ({seat3} and {seat4}) "
    "with {number} to {number2} points; value {number3} points": (
        "{contract}: Die Alten ({seat} und {seat2}) haben gegen die Jungen ({seat3} und {seat4}) "
        "mit {number} zu {number2} Augen gewonnen; Wert {number3} Punkte"
    ),
    "{contract}: the Old ({seat} and {seat2}) won against the Young ({seat3} and {seat4}) "
    "with {number} to {number2} points; value {number3} point": (
        "{contract}: Die Alten ({seat} und {seat2}) haben gegen die Jungen ({seat3} und {seat4}) "
        "mit {number} zu {number2} Augen gewonnen; Wert {number3} Punkt"
    ),
    "{contract}: the Old ({seat} and {seat2}) lost against the Young ({seat3} and {seat4}) "
    "with {number} to {number2} points; value {number3} points": (
        "{contract}: Die Alten ({seat} und {seat2}) haben gegen die Jungen ({seat3} und {seat4}) "
        "mit {number} zu {number2} Augen verloren; Wert {number3} Punkte"
    ),
    "{contract}: the Old ({seat} and {seat2}) lost against the Young ({seat3} and {seat4}) "
    "with {number} to {number2} points; value {number3} point": (
        "{contract}: Die Alten ({seat} und {seat2}) haben gegen die Jungen ({seat3} und {seat4}) "
        "mit {number} zu {number2} Augen verloren; Wert {number3} Punkt"
    ),
    "{contract}: the Wesele pair ({seat} and {seat2}) won against the other two ({seat3} and {seat4}) "
    "with {number} to {number2} points; value {number3} points": (
        "{contract}: Das Wesele-Paar ({seat} und {seat2}) hat gegen die anderen beiden ({seat3} und {seat4}) "
        "mit {number} zu {number2} Augen gewonnen; Wert {number3} Punkte"
    ),
    "{contract}: the Wesele pair ({seat} and {seat2}) won against the other two ({seat3} and {seat4}) "
    "with {number} to {number2} points; value {number3} point": (
        "{contract}: Das Wesele-Paar ({seat} und {seat2}) hat gegen die anderen beiden ({seat3} und {seat4}) "
        "mit {number} zu {number2} Augen gewonnen; Wert {number3} Punkt"
    ),
    "{contract}: the Wesele pair ({seat} and {seat2}) lost against the other two ({seat3} and {seat4}) "
    "with {number} to {number2} points; value {number3} points": (
        "{contract}: Das Wesele-Paar ({seat} und {seat2}) hat gegen die anderen beiden ({seat3} und {seat4}) "
        "mit {number} zu {number2} Augen verloren; Wert {number3} Punkte"
    ),
    "{contract}: the Wesele pair ({seat} and {seat2}) lost against the other two ({seat3} and {seat4}) "
    "with {number} to {number2} points; value {number3} point": (
        "{contract}: Das Wesele-Paar ({seat} und {seat2}) hat gegen die anderen beiden ({seat3} und {seat4}) "
        "mit {number} zu {number2} Augen verloren; Wert {number3} Punkt"
    ),
    "{contract}: {seat} alone won against {seat2} and {seat3} and {seat4} "
    "with {number} to {number2} points; value {number3} points": (
        "{contract}: {seat} hat allein gegen {seat2}, {seat3} und {seat4} "
        "mit {number} zu {number2} Augen gewonnen; Wert {number3} Punkte"
    ),
    "{contract}: {seat} alone lost against {seat2} and {seat3} and {seat4} "
    "with {number} to {number2} points; value {number3} points": (
        "{contract}: {seat} hat allein gegen {seat2}, {seat3} und {seat4} "
        "mit {number} zu {number2} Augen verloren; Wert {number3} Punkte"
    ),
    "{contract}: {seat} alone won against {seat2} and {seat3} and {seat4} "
    "with {number} to {number2} points; value {number3} point": (
        "{contract}: {seat} hat allein gegen {seat2}, {seat3} und {seat4} "
        "mit {number} zu {number2} Augen gewonnen; Wert {number3} Punkt"
    ),
    "{contract}: {seat} alone lost against {seat2} and {seat3} and {seat4} "
    "with {number} to {number2} points; value {number3} point": (
        "{contract}: {seat} hat allein gegen {seat2}, {seat3} und {seat4} "
        "mit {number} zu {number2} Augen verloren; Wert {number3} Punkt"
    ),
    "{contract}: {seat} alone laid down and won; value {number} points": (
        "{contract}: {seat} hat die Karten hingelegt und allein gewonnen; Wert {number} Punkte"
    ),
    "{contract}: {seat} alone laid down and won; value {number} point": (
        "{contract}: {seat} hat die Karten hingelegt und allein gewonnen; Wert {number} Punkt"
    ),
    # The computer players' reasons and the advice (``ai_worker.players.baska_kop``; how many
    # deals a call wins is written by the shared outlook as well, see ``common``).
    "expects to win {contract} alone": "rechnet damit, {contract} allein zu gewinnen",
    "expects to take every trick alone": "rechnet damit, allein alle Stiche zu machen",
    "expects to win with a partner but not alone": "rechnet mit einem Sieg zu zweit, aber nicht allein",
    "thinks its own side is clearly ahead": "hält die eigene Partei für klar vorn",
    "Kop cannot lose, so the hand is laid down": (
        "Kop kann nicht verlieren, darum werden die Karten hingelegt"
    ),
    "wins {contract} in {deals}": "gewinnt {contract} in {deals}",
    "expects its side to win in {deals}": "rechnet mit einem Sieg der eigenen Partei in {deals}",
    "passes: no call scores better than passing": "passt: keine Ansage bringt mehr als Passen",
    "{cards} wins the deal in {deals} and takes {number} points on average, more than any other card": (
        "{cards} gewinnt das Spiel in {deals} und bringt im Schnitt {number} Augen, "
        "mehr als jede andere Karte"
    ),
    # The game listing: title, the Bestenliste's rule, statistics and options.
    "Baśka and Kop": "Baśka und Kop",
    "the plus points of the deals you won, and at the end of the Partie a place bonus of {number}, "
    "{number2}, {number3} points; leaving a Partie with other people costs {number4} points": (
        "Die Pluspunkte deiner gewonnenen Spiele und am Ende der Partie ein Platzbonus von {number}, "
        "{number2} bzw. {number3} Punkten; wer eine Partie mit anderen Menschen vorzeitig verlässt, "
        "bekommt {number4} Punkte abgezogen"
    ),
    "won Cicha": "gewonnene Cicha",
    "won Zolo du or Gran du": "gewonnene Zolo du oder Gran du",
    "won doubles (own doubles that counted in a won deal)": (
        "gewonnene Doppel (eigene Doppel, die in einem gewonnenen Spiel gezählt haben)"
    ),
    "deals in the Partie": "Spiele in der Partie",
    "Liga-Werte: fewer doubles count (Kop only)": "Liga-Werte: weniger Doppel zählen (nur Kop)",
    "base value of {contract}": "Grundwert: {contract}",
}
