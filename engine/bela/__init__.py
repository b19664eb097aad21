"""Croatian Bela (Speedbela) for 2, 3 and 4 players, seed 002 with SPEC §2.

Summary of the rules:

* Cards: 32, 7 to Ace. Trump runs J 9 A 10 K Q 8 7 and counts 20, 14, 11, 10, 4, 3, 0, 0;
  the other suits A 10 K Q J 9 8 7 count 11, 10, 4, 3, 2, 0, 0, 0: 152, with the last
  trick's 10 it is 162.
* Deal: 6 cards each (3-3) to choose the trump with, then a talon of 2, 4 or 6 (four,
  three, two players); with three and two players the Kup (2 or 8 cards) goes to the last
  trick's winner.
* Trump choice in turn from left of the dealer: a suit or "dalje"; the dealer must choose
  (mus), or under the option "neu geben" the deal is dealt again.
* Trick play: follow and go higher while nobody has trumped; void, trump and overtrump,
  else undertrump; only without suit and trumps throw anything; on a trump lead, beat.
* Zvanja: sequences 20/50/100, fours of a kind 100 to 200; only the party with the
  strongest meld scores all its melds. Bela (trump K+Q in one hand) 20. Belot (all eight
  of a suit) wins the Partie, or counts 100.
* Settlement: tricks, last trick, zvanja, bela, Štiglja 90; the caller's party needs more
  than half (prolaz), else it falls (pao). Partie to 1001, 701 or 501.

Decisions where seed 002 and SPEC §2 are silent (each module gives the details):

* a card may be in one sequence and one four of a kind, never in two sequences;
  "Melden" declares all of a seat's melds (``zvanja``, ``deal``);
* Belot follows the zvanja: declared with one's melds, under its rule it ends the deal and
  the Partie right after that action (``deal``);
* both parties over the target: the higher total wins, equal totals play another deal
  (``rules``);
* "neu geben": the same dealer deals again and the thrown-in deal does not count
  (``deal``, ``rules``);
* the settlement shows the Kup's cards with the last trick (``results``); Bela, like
  the zvanja, needs a trick (``scoring``);
* at four players the pairs are placed, the losing pair second (``rules``).

Modules: ``constants`` (pack, orders, points, the deal's shape, values, options),
``play`` (trick order and duties with their reasons), ``zvanja`` (melds: finding,
comparing, announcing), ``scoring`` (the settlement of a deal), ``deal`` (a deal from
the shuffle to its outcome: talon and Kup, trump choice, declaring, trick play),
``blocks`` (Bela's own action, view, settlement, rules and events), ``results`` (a deal's
``DealResult`` with its settlement lines) and ``rules`` (the ``Bela`` rules object: the
Partie, legality, moves, views). Each module names the decisions it takes where the
texts are silent.
"""

from engine.bela.constants import Options
from engine.bela.deal import DealState, Phase
from engine.bela.rules import Bela

__all__ = ["Bela", "DealState", "Options", "Phase"]
