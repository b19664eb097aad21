"""German for the texts of Bela (``engine.bela``, ``ai_worker.players.bela``; see
``server.catalogue``).

The words are those of the Speedbela rules: dalje, mus, prolaz, pao, Zvanja (Meldungen),
Bela, Belot, Štiglja, Kup. Who chose the trump "spielt": the caller is the Spieler, his
party the spielende Partei. King and Queen are König und Ober (Dame), as in either pack.
"""

from __future__ import annotations

GERMAN: dict[str, str] = {
    # Trick play (``engine.bela.play``; Schafkopf and Baśka write the plain duty as well).
    "you must follow {suit}": "Du musst {suit} bedienen",
    "you must follow {suit} (trump)": "Du musst {suit} (Trumpf) bedienen",
    "you must go higher than {cards}: you can with {cards2}": (
        "Du musst {cards} überstechen: das kannst du mit {cards2}"
    ),
    "you cannot follow {suit} and must trump": "Du kannst {suit} nicht bedienen und musst stechen",
    "you must overtrump {cards}: you can with {cards2}": (
        "Du musst {cards} übertrumpfen: das kannst du mit {cards2}"
    ),
    "you cannot follow {suit} nor overtrump {cards} and must undertrump": (
        "Du kannst {suit} weder bedienen noch {cards} übertrumpfen und musst untertrumpfen"
    ),
    # Whose turn it is (Schafkopf's refusals say it too).
    "it is {seat}'s turn": "{seat} ist dran",
    "it is {seat}'s turn to choose the trump": "{seat} ist mit der Trumpfwahl dran",
    # The trump choice.
    "the trump is chosen": "Der Trumpf ist gewählt",
    "the trump is chosen: play a card": "Der Trumpf ist gewählt: spiel eine Karte",
    "the trump is not chosen yet: choose a suit or say dalje": (
        "Der Trumpf ist noch nicht gewählt: wähl eine Farbe oder sag dalje"
    ),
    "everyone else said dalje: the dealer must choose a trump (mus)": (
        "Alle anderen haben dalje gesagt: der Geber muss einen Trumpf wählen (mus)"
    ),
    "makes this suit trump; you then need more than half of all points with your party": (
        "Macht diese Farbe zu Trumpf; dann brauchst du mit deiner Partei mehr als die Hälfte aller Punkte"
    ),
    "trump J 9 A 10 K Q 8 7; the caller's party needs more than half of all points": (
        "Trumpf: Unter (Bube), 9, Ass, 10, König, Ober (Dame), 8, 7; "
        "die spielende Partei braucht mehr als die Hälfte aller Punkte"
    ),
    # Zvanja and Bela.
    "declares all your melds; only the party with the strongest one scores, then all of its melds": (
        "Sagt alle deine Meldungen an; es zählt nur die Partei mit der stärksten, dann aber alle ihre "
        "Meldungen"
    ),
    "King and Queen of trump in your hand: 20, said as you play the first of them": (
        "König und Ober (Dame) in Trumpf auf deiner Hand: 20, angesagt mit der ersten der beiden Karten"
    ),
    "declaring comes with the cards, after the trump choice": (
        "Gemeldet wird mit den Karten, nach der Trumpfwahl"
    ),
    "melds and Bela are declared for you as you play (the rule 'Zvanja selbst' is off)": (
        "Meldungen und Bela werden beim Spielen für dich angesagt (die Regel „Zvanja selbst“ ist aus)"
    ),
    "melds are declared before your first card, and you have played it": (
        "Gemeldet wird vor deiner ersten Karte, und die hast du schon gespielt"
    ),
    "you have declared your melds": "Du hast deine Meldungen schon angesagt",
    "you hold no meld": "Du hast keine Meldung",
    "you have said Bela": "Du hast schon Bela gesagt",
    "Bela needs the King and the Queen of trump in your hand": (
        "Für Bela brauchst du König und Ober (Dame) in Trumpf auf der Hand"
    ),
    "Bela is said with the first of King and Queen of trump, and you may play neither now": (
        "Bela sagst du mit der ersten Karte von König und Ober (Dame) in Trumpf, "
        "und gerade darfst du keine der beiden spielen"
    ),
    "you said Bela: play the King or the Queen of trump": (
        "Du hast Bela gesagt: spiel König oder Ober (Dame) in Trumpf"
    ),
    "the cards are played after the trump choice": "Gespielt wird nach der Trumpfwahl",
    # The declarations as the table heard them: the melds' words are German already.
    "{melds} (leads)": "{melds} (liegt vorn)",
    "{melds} (counts, the partner's declaration leads)": (
        "{melds} (zählt, die Meldung des Partners liegt vorn)"
    ),
    "{melds} (beaten, {reason})": "{melds} (überboten, {reason})",
    # The settlement (``engine.bela.results``).
    "points in tricks": "Punkte in den Stichen",
    "last trick": "Letzter Stich",
    "zvanja": "Zvanja",
    "the caller's party made": "Die spielende Partei macht",
    "{verdict}: {number} of {number2} points, more than half needed": (
        "{verdict}: {number} von {number2} Punkten, mehr als die Hälfte nötig"
    ),
    "fallen: the caller's party gets nothing": "Gefallen: die spielende Partei bekommt nichts",
    "fallen: the caller's party loses its points": "Gefallen: die spielende Partei verliert ihre Punkte",
    "the fallen caller's points": "Die Punkte des gefallenen Spielers",
    "{seat} chose {trump}: its party made {number} of {number2} points ({verdict}).": (
        "{seat} hat {trump} gewählt; die Partei hat {number} von {number2} Punkten gemacht ({verdict})."
    ),
    "everyone said dalje: the same dealer deals again": "Alle haben dalje gesagt: derselbe Geber gibt neu",
    "Everyone said dalje: dealt again.": "Alle haben dalje gesagt: neu gegeben.",
    "Belot: {seat} holds all eight of a suit": "Belot: {seat} hat alle acht Karten einer Farbe",
    "Belot: {seat} wins the Partie.": "Belot: {seat} gewinnt die Partie.",
    # The computer players' reasons and advice (``ai_worker.players.bela``).
    "likes its trump": "mag diesen Trumpf",
    "passes as caller in {deals}": "prolaz als Spieler in {deals}",
    "choose {trump}: passes as caller in {deals}": "Wähl {trump}: prolaz als Spieler in {deals}",
    "dalje: no trump passes often enough": "dalje: mit keinem Trumpf kommst du oft genug durch",
    "{cards} wins the deal in {deals} and makes {number} points on average in the {number2} solved exactly": (
        "{cards} gewinnt das Spiel in {deals} und bringt im Schnitt {number} Punkte "
        "in den {number2} genau durchgerechneten Verteilungen"
    ),
    "declare your melds before your first card": "Melde deine Zvanja vor deiner ersten Karte",
    # The game listing: the Bestenliste's rule, the options and their values (``engine.bela.rules``).
    "a tenth of your points after each deal, and at the end of the Partie a place bonus of {bonus} "
    "points; leaving a Partie with other people costs {number} points": (
        "Ein Zehntel deiner Punkte nach jedem Spiel und am Ende der Partie ein Platzbonus von {bonus} "
        "Punkten; wer eine Partie mit anderen Menschen verlässt, bekommt {number} Punkte"
    ),
    "points that win the Partie": "Punkte, mit denen die Partie gewonnen ist",
    "verdeckt: the talon lies face down from the deal on; nachgeben: it is dealt after the trump choice": (
        "verdeckt: der Talon liegt schon beim Geben verdeckt da; nachgeben: er wird nach der Trumpfwahl "
        "gegeben"
    ),
    "verdeckt: face down from the deal on": "verdeckt: schon beim Geben verdeckt",
    "nachgeben: dealt after the trump choice": "nachgeben: nach der Trumpfwahl gegeben",
    "when everyone says dalje, deal again instead of the dealer having to choose": (
        "Sagen alle dalje, wird neu gegeben, statt dass der Geber wählen muss"
    ),
    "declare your melds and Bela yourself before your card, or lose them": (
        "Meldungen und Bela selbst vor deiner Karte ansagen, sonst sind sie weg"
    ),
    "Belot (all eight of a suit) wins the Partie (partie) or counts 100 (hundert)": (
        "Belot (alle acht Karten einer Farbe) gewinnt die Partie (partie) oder zählt 100 (hundert)"
    ),
    "wins the Partie": "gewinnt die Partie",
    "counts 100": "zählt 100",
    "play passes to the right, the Croatian way": "Gespielt wird nach rechts, wie in Kroatien",
    "the pack shown: deutsch or franzoesisch": "Das gezeigte Blatt: deutsch oder französisch",
    "German pack (deutsch)": "Deutsches Blatt",
    "French pack (französisch)": "Französisches Blatt",
}
