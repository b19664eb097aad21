"""German for the texts of Speculation (``engine.speculation``, ``ai_worker.players.speculation``; see
``server.catalogue``).

The words are those of the German Speculation rules: a deal is a Runde, the dealer der Geber,
the ante der Einsatz; cards are turned up (aufdecken) and lie face down (verdeckt) in a
stack; the best trump is sold (verkaufen) or kept (behalten); an auction (Versteigerung)
takes bids (Gebote), a face-down card is bought by an offer (Angebot). Chips and the
Pool keep the names the German rules give them. Buttons
are infinitives ("Sell ♠K": "♠K verkaufen"), the history says what a seat did ("Keeps":
"Behält"), a computer's reason follows its name in lower case.

A face-down card is named by its place in its owner's stack; every place and count is
feminine (die Karte), and nominative and accusative read alike, so one phrase serves every
sentence it stands in.
"""

from __future__ import annotations

GERMAN: dict[str, str] = {
    # Chips and the pool (``engine.speculation.market``, ``results``, ``rules``).
    "{number} chips": "{number} Chips",
    "{number} chip": "{number} Chip",
    # Face-down cards by their places in a stack (``engine.speculation.market.cards_named``).
    "{seat}'s top face-down card": "die oberste verdeckte Karte von {seat}",
    "your top face-down card": "deine oberste verdeckte Karte",
    "{seat}'s top {count} face-down cards": "die obersten {count} verdeckten Karten von {seat}",
    "your top {count} face-down cards": "deine obersten {count} verdeckten Karten",
    "{seat}'s face-down card": "eine verdeckte Karte von {seat}",
    "your face-down card": "deine verdeckte Karte",
    "{seat}'s {count} face-down cards": "{count} verdeckte Karten von {seat}",
    "your {count} face-down cards": "deine {count} verdeckten Karten",
    "{seat}'s {place} face-down card": "die {place} verdeckte Karte von {seat}",
    "your {place} face-down card": "deine {place} verdeckte Karte",
    "{seat}'s {place} and {place2} face-down cards": "die {place} und {place2} verdeckte Karte von {seat}",
    "your {place} and {place2} face-down cards": "deine {place} und {place2} verdeckte Karte",
    "{seat}'s {place}, {place2} and {place3} face-down cards": (
        "die {place}, {place2} und {place3} verdeckte Karte von {seat}"
    ),
    "your {place}, {place2} and {place3} face-down cards": (
        "deine {place}, {place2} und {place3} verdeckte Karte"
    ),
    "{seat}'s {place}, {place2}, {place3} and {place4} face-down cards": (
        "die {place}, {place2}, {place3} und {place4} verdeckte Karte von {seat}"
    ),
    "your {place}, {place2}, {place3} and {place4} face-down cards": (
        "deine {place}, {place2}, {place3} und {place4} verdeckte Karte"
    ),
    "two": "zwei",
    "three": "drei",
    "four": "vier",
    "five": "fünf",
    "six": "sechs",
    "seven": "sieben",
    "eight": "acht",
    "nine": "neun",
    "ten": "zehn",
    "second": "zweite",
    "third": "dritte",
    "fourth": "vierte",
    "fifth": "fünfte",
    "sixth": "sechste",
    "seventh": "siebte",
    "eighth": "achte",
    "ninth": "neunte",
    "tenth": "zehnte",
    "{number}th": "{number}.",
    "{number}st": "{number}.",
    "{number}nd": "{number}.",
    "{number}rd": "{number}.",
    # The choices (``engine.speculation.rules``).
    "Keep {cards}": "{cards} behalten",
    "Sell {cards}": "{cards} verkaufen",
    "No bid": "Kein Gebot",
    "Bid {price} for {cards}": "{price} für {cards} bieten",
    "Sell {what} to {seat} for {price}": "An {seat} verkaufen: {what} für {price}",
    "Refuse {seat}'s {price} for {what}": "{price} von {seat} für {what} ablehnen",
    "Withdraw your {price} for {what}": "Dein Angebot von {price} für {what} zurückziehen",
    "Offer {seat} {number} chip for its top card": "Für die oberste Karte von {seat} {number} Chip bieten",
    "Turn up your top card": "Oberste Karte aufdecken",
    # The history: what a seat did (``engine.speculation.views``).
    "Bid {price}": "Bietet {price}",
    "Sells {what} to {seat} for {price}": "Verkauft {what} für {price} an {seat}",
    "Offers {price} for {what}": "Bietet {price} für {what}",
    "Withdraws the offer of {price} for {what}": "Zieht das Angebot von {price} für {what} zurück",
    "Refuses {seat}'s {price} for {what}": "Lehnt {price} von {seat} für {what} ab",
    "Sells": "Will verkaufen",
    "Keeps": "Behält",
    # Refusals of bids, offers and answers (``engine.speculation.deal``, ``rules``).
    "that auction is not open": "Diese Versteigerung läuft nicht",
    "the bidding for {cards} has closed: {seat} decides": (
        "Für {cards} wird nicht mehr geboten: {seat} entscheidet"
    ),
    "you cannot bid for your own card": "Du kannst nicht auf deine eigene Karte bieten",
    "you sit this deal out": "Du setzt diese Runde aus",
    "yours is the best bid already": "Dein Gebot ist schon das beste",
    "a bid must be at least {number} chips (the best bid plus one)": (
        "Ein Gebot muss mindestens {number} Chips betragen (das beste Gebot plus eins)"
    ),
    "you have {number} chips free for bids and offers, not {number2}": (
        "Du hast für Gebote und Angebote {number} Chips frei, nicht {number2}"
    ),
    "you have 1 chips free for bids and offers, not {number}": (
        "Du hast für Gebote und Angebote 1 Chip frei, nicht {number}"
    ),
    "in a Foster deal no face-down card is traded": (
        "In einer Foster-Runde wird mit verdeckten Karten nicht gehandelt"
    ),
    "you cannot buy your own cards": "Du kannst deine eigenen Karten nicht kaufen",
    "{seat} sits this deal out": "{seat} setzt diese Runde aus",
    "a slot is named twice": "Eine Karte ist doppelt genannt",
    "that card is turned up": "Diese Karte ist schon aufgedeckt",
    "one of those cards is turned up": "Eine dieser Karten ist schon aufgedeckt",
    "that card is in the extra hand, which is nobody's": (
        "Diese Karte liegt in der Extra-Hand, die niemandem gehört"
    ),
    "one of those cards is in the extra hand, which is nobody's": (
        "Eine dieser Karten liegt in der Extra-Hand, die niemandem gehört"
    ),
    "that card is not one of {seat}'s face-down cards": "Diese Karte ist keine verdeckte Karte von {seat}",
    "one of those cards is not one of {seat}'s face-down cards": (
        "Eine dieser Karten ist keine verdeckte Karte von {seat}"
    ),
    "that offer is no longer open": "Dieses Angebot gilt nicht mehr",
    # An offer no longer open, named in full: its own template would lose to the face-down
    # cards' ones ("{seat}'s {place} face-down card" matches "seat 1's offer of ... card").
    "{seat}'s offer of {price} for {what} was withdrawn": (
        "Das Angebot von {seat} ({price} für {what}) wurde zurückgezogen"
    ),
    "{seat}'s offer of {price} for {what} was refused": (
        "Das Angebot von {seat} ({price} für {what}) wurde abgelehnt"
    ),
    "{seat}'s offer of {price} for {what} was accepted": (
        "Das Angebot von {seat} ({price} für {what}) wurde angenommen"
    ),
    "{seat}'s offer of {price} for {what} lapsed: {reason}": (
        "Das Angebot von {seat} ({price} für {what}) ist verfallen: {reason}"
    ),
    "a card it names was sold": "eine der genannten Karten wurde verkauft",
    "a card was turned up": "eine Karte wurde aufgedeckt",
    "the auction of {cards} is over": "Die Versteigerung von {cards} ist vorbei",
    "there is no auction to decline": "Es läuft keine Versteigerung, in der du verzichten könntest",
    "the bidding is not waiting for you": "Die Versteigerung wartet nicht auf dich",
    "you own the best trump: you are skipped until someone turns up a higher one": (
        "Du hast den besten Trumpf: du wirst übersprungen, bis jemand einen besseren aufdeckt"
    ),
    "you have no face-down card left": "Du hast keine verdeckte Karte mehr",
    "it is {seat}'s turn to turn up a card": "{seat} ist mit Aufdecken dran",
    "only {seat}, who owns {cards}, decides whether to sell it": (
        "Nur {seat} als Besitzer von {cards} entscheidet, ob die Karte verkauft wird"
    ),
    "your card is on auction already: accept the best bid or keep it": (
        "Deine Karte wird schon versteigert: nimm das beste Gebot an oder behalte sie"
    ),
    "the auction of that bid is over": "Die Versteigerung zu diesem Gebot ist vorbei",
    "only {seat}, who sells {cards}, accepts a bid": (
        "Nur {seat} als Verkäufer von {cards} nimmt ein Gebot an"
    ),
    "the bidding is still open: wait until every seat has bid or declined": (
        "Es wird noch geboten: warte, bis alle geboten oder verzichtet haben"
    ),
    "only the best bid can be accepted: {seat}'s {price}": (
        "Nur das beste Gebot kann angenommen werden: {price} von {seat}"
    ),
    "that offer was made in an earlier deal": "Dieses Angebot stammt aus einer früheren Runde",
    "only {seat}, who made that offer, withdraws it": (
        "Nur {seat} hat dieses Angebot gemacht und kann es zurückziehen"
    ),
    "that offer is made to {seat}: only that seat answers it": (
        "Dieses Angebot richtet sich an {seat}: nur der Empfänger beantwortet es"
    ),
    "that auction was held in an earlier deal": "Diese Versteigerung war in einer früheren Runde",
    "those cards were dealt in an earlier deal": "Diese Karten wurden in einer früheren Runde gegeben",
    "{seat} is deciding whether to sell {cards}": "{seat} entscheidet gerade, ob {cards} verkauft wird",
    "{cards} is on auction": "{cards} wird versteigert",
    "cards are being turned up: it is not the time for that": (
        "Es werden Karten aufgedeckt: dafür ist jetzt keine Zeit"
    ),
    # What moved the chips, and how the pool ended (``engine.speculation.deal``, ``results``).
    "ante": "Einsatz",
    "ante (dealer)": "Einsatz (Geber)",
    "bought {cards}": "{cards} gekauft",
    "{number} face-down card": "{number} verdeckte Karte",
    "{number} face-down cards": "{number} verdeckte Karten",
    "turned up {cards}": "{cards} aufgedeckt",
    "won the pool with {cards}": "Pool mit {cards} gewonnen",
    "the pool: {number} chips": "Pool: {number} Chips",
    "{number} chips stay in the pool": "{number} Chips bleiben im Pool",
    "{seat} wins the pool of {number} chips with {cards}.": (
        "{seat} gewinnt den Pool von {number} Chips mit {cards}."
    ),
    "Nobody wins: {number} chips stay in the pool.": "Niemand gewinnt: {number} Chips bleiben im Pool.",
    "the extra hand holds {cards}, higher than {cards2}": (
        "Die Extra-Hand enthält {cards}, besser als {cards2}"
    ),
    "no seat turned up a trump": "Niemand hat einen Trumpf aufgedeckt",
    # The computer traders' reasons and the advice (``ai_worker.players.speculation``). A
    # judgement ("♠10 wins 69%: worth 18 of 26 chips") comes first, then what it leads to.
    "{cards} wins {number}%: worth {number2} of {number3} chips": (
        "{cards} gewinnt zu {number} %: {number2} von {number3} Chips wert"
    ),
    "a face-down card is worth {number}.{number2} chips": (
        "eine verdeckte Karte ist {number},{number2} Chips wert"
    ),
    "{number} face-down cards are worth {number2}.{number3} chips": (
        "{number} verdeckte Karten sind {number2},{number3} Chips wert"
    ),
    "{judgement}: keeps it": "{judgement}: behält sie",
    "{judgement}: sells it to the best bid": "{judgement}: verkauft sie an das beste Gebot",
    "{judgement}: {number} chips are worth more": "{judgement}: {number} Chips sind mehr wert",
    "{judgement}: {number} chips are too few": "{judgement}: {number} Chips sind zu wenig",
    "{judgement}: {number} chip are too few": "{judgement}: {number} Chip ist zu wenig",
    "{judgement}: {number} chips are too many": "{judgement}: {number} Chips sind zu viel",
    "{judgement}: {number} chip are too many": "{judgement}: {number} Chip ist zu viel",
    "{judgement}: bids {number} chips": "{judgement}: bietet {number} Chips",
    "{judgement}: bids {number} chip": "{judgement}: bietet {number} Chip",
    "{judgement}: takes {number} chips": "{judgement}: nimmt {number} Chips",
    "{judgement}: takes {number} chip": "{judgement}: nimmt {number} Chip",
    "{judgement}: offers {number}": "{judgement}: bietet {number}",
    "turns up the top card": "deckt die oberste Karte auf",
    "no trade is worth making now: every offer would pay more than the cards are worth": (
        "jetzt lohnt sich kein Handel: jedes Angebot würde mehr zahlen, als die Karten wert sind"
    ),
    # The game listing: the rule set and the options (``engine.speculation.constants``).
    "Parlett (Mansfield Park), buying face-down cards included": (
        "Parlett (Mansfield Park), mit Kauf verdeckter Karten"
    ),
    "chips each player starts with": "Chips, mit denen jeder beginnt",
    "how often each player deals": "wie oft jeder gibt",
    "the pool stays for the next deal when no seat's card turned up is a trump": (
        "der Pool bleibt für die nächste Runde liegen, wenn niemand einen Trumpf aufdeckt"
    ),
    "a turned-up King, Queen or Jack is sold, then all cards are turned at once (Foster)": (
        "ein aufgedeckter König, eine Dame oder ein Bube wird verkauft, dann werden alle Karten "
        "auf einmal aufgedeckt (Foster)"
    ),
    "turning up a five or a jack costs a chip into the pool (Parlett)": (
        "wer eine Fünf oder einen Buben aufdeckt, zahlt einen Chip in den Pool (Parlett)"
    ),
    "an extra hand of nobody's; a higher trump in it keeps the pool (Parlett)": (
        "eine Extra-Hand, die niemandem gehört; ein besserer Trumpf darin lässt den Pool liegen (Parlett)"
    ),
    "seconds a person has to turn up a card or decide on a sale (0: no limit)": (
        "Sekunden zum Aufdecken oder für die Entscheidung über einen Verkauf (0: unbegrenzt)"
    ),
    "seconds an auction waits for a person's bid after the last bid (0: no limit)": (
        "Sekunden, die eine Versteigerung nach dem letzten Gebot auf ein Gebot wartet (0: unbegrenzt)"
    ),
}
