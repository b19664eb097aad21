"""German for the texts of Schafkopf (``engine.schafkopf``, ``ai_worker.players.schafkopf``; see
``server.catalogue``).

The engine names cards, suits and games in Bavarian already ("Gras-Sau", "Eichel",
"Rufspiel auf die Gras-Sau"); the words around them are the table's: Spieler and
Nichtspieler, Weiter, Aufstellen, Kontra and Re, gesucht, davonlaufen, Stichzwang,
Schneider, Schwarz, Laufende, Stock. A name like "Gras-Sau" stands without an article
where its gender varies (die Sau, der Ober).
"""

from __future__ import annotations

GERMAN: dict[str, str] = {
    # The games by their codes, as the refusals name them.
    "hochzeit": "Hochzeit",
    "rufspiel": "Rufspiel",
    "bettel": "Bettel",
    "geier": "Geier",
    "farbgeier": "Farbgeier",
    "wenz": "Wenz",
    "farbwenz": "Farbwenz",
    "solo": "Solo",
    "geier_tout": "Geier Tout",
    "farbgeier_tout": "Farbgeier Tout",
    "wenz_tout": "Wenz Tout",
    "farbwenz_tout": "Farbwenz Tout",
    "solo_tout": "Solo Tout",
    "sie": "Sie",
    "ramsch": "Ramsch",
    # Trick play (``engine.schafkopf.play``; "you must follow {suit}" is Bela's entry).
    "you must follow trump": "Du musst Trumpf bedienen",
    "{suit} is led (gesucht): you must play the called {ace}": (
        "{suit} ist gesucht: du musst die gerufene {ace} zugeben"
    ),
    "you hold the called {ace}: lead {suit} only with the Sau, or run away (davonlaufen) with {number} "
    "cards of it": (
        "Du hast die gerufene {ace}: spiel {suit} nur mit der Sau aus, "
        "oder lauf mit {number} Karten der Farbe davon"
    ),
    "the called {ace} may not be thrown on another suit before your last card": (
        "Die gerufene {ace} darfst du erst als letzte Karte auf eine andere Farbe abwerfen"
    ),
    "Stichzwang: you must beat {card}": "Stichzwang: du musst {card} überstechen",
    "the cards are played once the game is announced": "Gespielt wird, sobald das Spiel angesagt ist",
    "the game is announced: play a card": "Das Spiel ist angesagt: spiel eine Karte",
    "you do not hold the {card}": "{card} hast du nicht",
    "the {card} lies face down: only face-up cards can be played": (
        "{card} liegt verdeckt: spielen kannst du nur offene Karten"
    ),
    # Aufstellen.
    "it is {seat}'s turn to say whether it stands up": "{seat} ist mit dem Aufstellen dran",
    "the first half of the cards is dealt: stand up (Aufstellen) or pass": (
        "Die erste Hälfte der Karten ist gegeben: stell auf oder sag weiter"
    ),
    "doubles the price of whatever game is played": "Verdoppelt den Preis, egal welches Spiel gespielt wird",
    "Aufstellen is over; Kontra comes once the game is announced": (
        "Das Aufstellen ist vorbei; Kontra gibt es, sobald das Spiel angesagt ist"
    ),
    # The Spielansage.
    "it is {seat}'s turn to announce": "{seat} ist mit der Ansage dran",
    "announce a game or pass": "Sag ein Spiel an oder sag weiter",
    "{seat} announced {game}: announce a higher game or pass": (
        "{seat} hat {game} angesagt: sag ein höheres Spiel an oder sag weiter"
    ),
    "{game} is not played at this table": "{game} wird an diesem Tisch nicht gespielt",
    "{game} is a partner game: partner games need four players": (
        "{game} ist ein Partnerspiel: Partnerspiele brauchen vier Spieler"
    ),
    "a Sie is played only with hands of eight cards": "Einen Sie gibt es nur mit acht Karten auf der Hand",
    "Herz cannot be called: its cards are trump in a Rufspiel": (
        "Herz kann man nicht rufen: im Rufspiel ist Herz Trumpf"
    ),
    "you hold the {ace} yourself: call a Sau you do not hold": (
        "Du hast die {ace} selbst: ruf eine Sau, die du nicht hast"
    ),
    "you hold no {suit} card that is not trump: you may call only a suit you hold": (
        "Du hast keine {suit}-Karte, die nicht Trumpf ist: rufen darfst du nur eine Farbe, die du hast"
    ),
    "under muss you play a game yourself: a Hochzeit might find nobody to take it": (
        "Bei „muss“ spielst du selbst: eine Hochzeit nimmt vielleicht keiner"
    ),
    "a Hochzeit needs exactly one trump in your hand; you hold {number}": (
        "Für eine Hochzeit brauchst du genau einen Trumpf auf der Hand; du hast {number}"
    ),
    "a Sie needs all four Ober and all four Unter in your hand": (
        "Für einen Sie brauchst du alle vier Ober und alle vier Unter auf der Hand"
    ),
    "everyone passed: you hold the {card} and must play a game (muss)": (
        "Alle haben gepasst: du hast den {card} und musst ein Spiel machen (muss)"
    ),
    "Ober, Unter and Herz are trump; with the holder of the called Sau you need 61 points": (
        "Ober, Unter und Herz sind Trumpf; mit dem Besitzer der gerufenen Sau brauchst du 61 Punkte"
    ),
    "you hold one trump: you lay it open, and whoever takes it plays with you": (
        "Du hast einen Trumpf: du legst ihn offen hin, und wer ihn nimmt, spielt mit dir"
    ),
    "no trump; you must not take a single trick": "Kein Trumpf; du darfst keinen einzigen Stich machen",
    "only the Ober are trump; alone against the others, 61 points win": (
        "Nur die Ober sind Trumpf; allein gegen die anderen, 61 Punkte gewinnen"
    ),
    "the Ober and this suit are trump; alone against the others": (
        "Die Ober und diese Farbe sind Trumpf; allein gegen die anderen"
    ),
    "only the Unter are trump; alone against the others, 61 points win": (
        "Nur die Unter sind Trumpf; allein gegen die anderen, 61 Punkte gewinnen"
    ),
    "the Unter and this suit are trump; alone against the others": (
        "Die Unter und diese Farbe sind Trumpf; allein gegen die anderen"
    ),
    "Ober, Unter and this suit are trump; alone against the others, 61 points win": (
        "Ober, Unter und diese Farbe sind Trumpf; allein gegen die anderen, 61 Punkte gewinnen"
    ),
    "a Geier in which you take every trick, for twice the price": (
        "Ein Geier, bei dem du alle Stiche machst, zum doppelten Preis"
    ),
    "a Farbgeier in which you take every trick, for twice the price": (
        "Ein Farbgeier, bei dem du alle Stiche machst, zum doppelten Preis"
    ),
    "a Wenz in which you take every trick, for twice the price": (
        "Ein Wenz, bei dem du alle Stiche machst, zum doppelten Preis"
    ),
    "a Farbwenz in which you take every trick, for twice the price": (
        "Ein Farbwenz, bei dem du alle Stiche machst, zum doppelten Preis"
    ),
    "a Solo in which you take every trick, for twice the price": (
        "Ein Solo, bei dem du alle Stiche machst, zum doppelten Preis"
    ),
    "all four Ober and Unter: laid down, four times the solo price": (
        "Alle vier Ober und Unter: hingelegt, zum vierfachen Solopreis"
    ),
    "trumps: {trumps}": "Trümpfe: {trumps}",
    "trumps: no trump": "Keine Trümpfe",
    # The Hochzeit.
    "a card is given only to take a Hochzeit's trump": (
        "Eine Karte gibst du nur, um den Trumpf einer Hochzeit zu nehmen"
    ),
    "it is {seat}'s turn to take the Hochzeit or pass": "{seat} ist dran: Hochzeit nehmen oder nicht",
    "give a card that is not trump: you hold the {card}": (
        "Gib eine Karte, die nicht Trumpf ist, zum Beispiel {card}"
    ),
    "a Hochzeit is offered: take it by giving a card, or pass": (
        "Eine Hochzeit ist angeboten: nimm sie, indem du eine Karte gibst, oder verzichte"
    ),
    "you play with the Hochzeiter: his trump for this card": (
        "Du spielst mit dem Hochzeiter: sein Trumpf gegen diese Karte"
    ),
    # Kontra and Re.
    "Kontra and Re are given once the game is announced": (
        "Kontra und Re gibt es, sobald das Spiel angesagt ist"
    ),
    "this table plays without Kontra and Re": "An diesem Tisch wird ohne Kontra und Re gespielt",
    "a Ramsch has no Kontra": "Im Ramsch gibt es kein Kontra",
    "Re was given: there is no further double": "Re ist gegeben: weiter wird nicht gedoppelt",
    "you announced the game: Kontra is for the defenders": (
        "Du hast das Spiel angesagt: Kontra geben die Nichtspieler"
    ),
    "you took the Hochzeit: you play with the declarer": (
        "Du hast die Hochzeit genommen: du spielst mit dem Spieler"
    ),
    "you hold the called Sau: you play with the declarer": (
        "Du hast die gerufene Sau: du spielst mit dem Spieler"
    ),
    "Kontra is given before your first card": "Kontra gibst du vor deiner ersten Karte",
    "Re is for the declaring side, after a Kontra": "Re gibt die Spielerseite, nach einem Kontra",
    "Re is given while you hold all your cards but one at most": (
        "Re gibst du, solange du höchstens eine Karte gespielt hast"
    ),
    # The settlement (``engine.schafkopf.scoring``, ``results``).
    "partner game": "Partnerspiel",
    "Sie: solo tariff": "Sie: Solotarif",
    "Sie: four times": "Sie: vierfach",
    "Sie laid down: eight highest trumps": "Sie hingelegt: die acht höchsten Trümpfe",
    "won: no trick taken": "Gewonnen: keinen Stich gemacht",
    "lost: took {number} trick(s)": "Verloren: {number} Stich(e) gemacht",
    "Tout won: every trick": "Tout gewonnen: alle Stiche",
    "Tout lost: the opponents took a trick": "Tout verloren: die Gegner haben einen Stich gemacht",
    "won with {number} of {number2} points": "Gewonnen mit {number} von {number2} Punkten",
    "lost with {number} of {number2} points": "Verloren mit {number} von {number2} Punkten",
    "Schwarz: every trick": "Schwarz: alle Stiche",
    "Tout: twice": "Tout: doppelt",
    "they count from {number} Laufende on": "Laufende zählen erst ab {number}",
    "{seat} stood up (Aufstellen)": "{seat} hat aufgestellt",
    "Kontra by {seat}": "Kontra von {seat}",
    "Re by {seat}": "Re von {seat}",
    "Durchmarsch by {seat}": "Durchmarsch von {seat}",
    "{seat} pays {seat2}": "{seat} zahlt an {seat2}",
    "the Stock, half to each winner": "Der Stock, je zur Hälfte an die Gewinner",
    "the losers pay the Stock's size in": "Die Verlierer zahlen so viel ein, wie im Stock liegt",
    "{seat} loses with {number} points": "{seat} verliert mit {number} Punkten",
    "{seat} loses with {number} points (tie: most tricks)": (
        "{seat} verliert mit {number} Punkten (Gleichstand: die meisten Stiche)"
    ),
    "{seat} loses with {number} points (tie: most trumps in the tricks)": (
        "{seat} verliert mit {number} Punkten (Gleichstand: die meisten Trümpfe in den Stichen)"
    ),
    "{seat} loses with {number} points (tie: the highest trump in the tricks)": (
        "{seat} verliert mit {number} Punkten (Gleichstand: der höchste Trumpf in den Stichen)"
    ),
    "{seat} loses with {number} points (tie: played the highest trump)": (
        "{seat} verliert mit {number} Punkten (Gleichstand: hat den höchsten Trumpf gespielt)"
    ),
    "{seat} loses with {number} points (tie: took the later trick)": (
        "{seat} verliert mit {number} Punkten (Gleichstand: hat den späteren Stich gemacht)"
    ),
    "{seat} Jungfrau": "{seat} ist Jungfrau",
    "Ramsch: {seat} pays.": "Ramsch: {seat} zahlt.",
    "Ramsch: Durchmarsch by {seat}.": "Ramsch: Durchmarsch von {seat}.",
    "{seat} won the {game} with {number} points.": "{game}: {seat} hat mit {number} Punkten gewonnen.",
    "{seat} lost the {game} with {number} points.": "{game}: {seat} hat mit {number} Punkten verloren.",
    "everyone passed: the cards are thrown in": "Alle haben gepasst: die Karten werden zusammengeworfen",
    "into the Stock": "In den Stock",
    "Everyone passed: thrown in.": "Alle haben gepasst: zusammengeworfen.",
    "Everyone passed: thrown in, {number} each into the Stock.": (
        "Alle haben gepasst: zusammengeworfen, jeder zahlt {number} ct in den Stock."
    ),
    "Stock in cents": "Stock in ct",
    # The computer players' reasons and advice (``ai_worker.players.schafkopf``).
    "expects to win this game": "rechnet damit, dieses Spiel zu gewinnen",
    "likes its first cards": "mag die ersten Karten",
    "must play: holds the Eichel-Ober": "muss spielen: hat den Eichel-Ober",
    "takes the Hochzeit with trumps of its own": "nimmt die Hochzeit mit eigenen Trümpfen",
    "stands up: expects a game of its own": "stellt auf: rechnet mit einem eigenen Spiel",
    "must play (muss): this game wins in {deals}": "muss spielen (muss): dieses Spiel gewinnt in {deals}",
    "announces: wins in {deals}": "sagt an: gewinnt in {deals}",
    "takes the Hochzeit: the pair wins in {deals}": "nimmt die Hochzeit: das Paar gewinnt in {deals}",
    "gives {double}: its side wins in {deals}": "gibt {double}: die eigene Seite gewinnt in {deals}",
    "stand up: a game of your own in {number} of {number2} completed hands": (
        "Aufstellen: ein eigenes Spiel in {number} von {number2} ergänzten Blättern"
    ),
    "do not stand up: a game of your own in {number} of {number2} completed hands": (
        "Nicht aufstellen: ein eigenes Spiel in {number} von {number2} ergänzten Blättern"
    ),
    "pass: no game wins often enough": "Weiter: kein Spiel gewinnt oft genug",
    "pass: the pair does not win often enough": "Nicht nehmen: das Paar gewinnt nicht oft genug",
    "{card} wins the game in {deals} and scores {number} on average in the {number2} solved exactly": (
        "{card} gewinnt das Spiel in {deals} und bringt im Schnitt {number} ct in den {number2} genau "
        "durchgerechneten Verteilungen"
    ),
    "wait for your turn": "Warte, bis du dran bist",
    # The game listing: rule sets, options and their values (``engine.schafkopf.options``).
    "Bavarian club rules": "Bayerische Vereinsregeln",
    "Sauspiel tariffs": "Sauspiel-Tarife",
    "long (32 cards, four players) or short (24 cards, kurzer)": (
        "lang (32 Karten, vier Spieler) oder kurz (24 Karten, kurzer)"
    ),
    "long: 32 cards": "lang: 32 Karten",
    "short: 24 cards (kurzer)": "kurz: 24 Karten (kurzer)",
    "{tariff}, in cents": "{tariff}, in ct",
    "base of a partner game (Rufspiel, Hochzeit)": "Grundtarif eines Partnerspiels (Rufspiel, Hochzeit)",
    "base of a solo (Solo, Wenz, Geier and their Tout, Sie)": (
        "Grundtarif eines Solos (Solo, Wenz, Geier und ihr Tout, Sie)"
    ),
    "surcharge for Schneider": "Aufschlag für Schneider",
    "surcharge for Schwarz, besides Schneider's": "Aufschlag für Schwarz, zusätzlich zu dem für Schneider",
    "per Laufender": "pro Laufendem",
    "what the loser of a Ramsch pays each other seat": "Was der Verlierer eines Ramsch jedem anderen zahlt",
    "base of a Bettel": "Grundtarif eines Bettel",
    "what each seat pays into the Stock when everyone passes": (
        "Was jeder in den Stock zahlt, wenn alle passen"
    ),
    "Laufende count from this many": "Laufende zählen ab so vielen",
    "in Wenz and Geier, Laufende count from this many": "Im Wenz und Geier zählen Laufende ab so vielen",
    "Tout: a solo announced to take every trick, twice the price": (
        "Tout: ein Solo mit angesagt allen Stichen, zum doppelten Preis"
    ),
    "Sie: all four Ober and Unter laid down, four times the solo price": (
        "Sie: alle vier Ober und Unter hingelegt, zum vierfachen Solopreis"
    ),
    "Geier: only the Ober are trump": "Geier: nur die Ober sind Trumpf",
    "Hochzeit: a seat with one trump offers it for a partner": (
        "Hochzeit: wer nur einen Trumpf hat, bietet ihn für einen Partner an"
    ),
    "Farbwenz: the Unter and a suit are trump": "Farbwenz: die Unter und eine Farbe sind Trumpf",
    "Farbgeier: the Ober and a suit are trump": "Farbgeier: die Ober und eine Farbe sind Trumpf",
    "Bettel: the declarer must take no trick": "Bettel: der Spieler darf keinen Stich machen",
    "in a Bettel, who follows must beat the best card when able": (
        "Im Bettel muss, wer bedient, die beste Karte überstechen, wenn er kann"
    ),
    "after the first half of the cards each seat may stand up (double)": (
        "Nach der ersten Hälfte der Karten darf jeder aufstellen (doppeln)"
    ),
    "Kontra by a defender, Re by the declaring side": (
        "Kontra von einem Nichtspieler, Re von der Spielerseite"
    ),
    "when everyone passes: thrown in, Stock, Ramsch, or the Eichel-Ober must play": (
        "Wenn alle passen: zusammenwerfen, Stock, Ramsch, oder der Eichel-Ober muss spielen"
    ),
    "Zusammenwerfen: thrown in": "Zusammenwerfen: der Nächste gibt neu",
    "Stock: thrown in, everyone pays in": "Stock: zusammenwerfen, jeder zahlt ein",
    "Muss: the Eichel-Ober must play": "Muss: der Eichel-Ober muss spielen",
    "who loses a Ramsch on equal points": "Wer bei gleichen Augen den Ramsch verliert",
    "who took the most tricks": "wer die meisten Stiche gemacht hat",
    "who played the highest trump": "wer den höchsten Trumpf gespielt hat",
    "what a seat without a trick in a Ramsch receives": "Was ein Spieler ohne Stich im Ramsch bekommt",
    "as everyone else": "so viel wie alle anderen",
    "the solo tariff instead of the Ramsch tariff": "den Solotarif statt des Ramschtarifs",
    "every amount doubles once per Jungfrau": "jeder Betrag verdoppelt sich pro Jungfrau",
    "twice the Ramsch tariff": "den doppelten Ramschtarif",
    "the tariff doubled once per Jungfrau": "den Tarif, pro Jungfrau einmal verdoppelt",
    "a Ramsch won outright by every trick or by enough points": (
        "Durchmarsch: ein Ramsch, gewonnen mit allen Stichen oder mit genug Augen"
    ),
    "never": "nie",
    "by taking every trick": "mit allen Stichen",
    "by enough card points": "mit genug Augen",
    "card points that win a Ramsch outright (durchmarsch=points)": (
        "Augen für einen Durchmarsch im Ramsch (bei Durchmarsch „mit genug Augen“)"
    ),
    "a lost partner game leaves the Stock (unchanged) or pays its size in (pay_in)": (
        "Ein verlorenes Partnerspiel lässt den Stock, wie er ist, oder die Verlierer zahlen ihn noch einmal "
        "ein"
    ),
    "leaves the Stock unchanged": "der Stock bleibt, wie er ist",
    "pays the Stock's size in": "die Verlierer zahlen so viel ein, wie im Stock liegt",
    "deals in a match, thrown-in deals included (a multiple of 4)": (
        "Spiele einer Partie, zusammengeworfene mitgezählt (ein Vielfaches von 4)"
    ),
}
