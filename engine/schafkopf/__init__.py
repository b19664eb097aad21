"""Bavarian Schafkopf for 4 players (long or short pack), 3 and 2 (short pack), seed 003
with SPEC §2.

Summary of the rules:

* Cards: 32 (long) or 24 (short, "kurzer": without 7 and 8), Sau 11, Zehn 10, König 4,
  Ober 3, Unter 2: 120 points. Dealt in two halves (4+4, 3+3; three players 4+4 of
  the short pack; two players 6 face down and 6 face up each).
* Aufstellen: after the first half each seat may double once.
* Spielansage: in turn from the dealer's left, pass or announce a game that outranks
  the best so far: Sie > Tout > Solo > Wenz > Geier > Rufspiel > Hochzeit (options:
  Farbwenz, Farbgeier, Bettel). The partner of a Rufspiel holds the called Sau.
* Trick play: follow the led class (trump or suit); no duty to trump; the called Sau's
  duties (gesucht, davonlaufen, no discarding before the last card).
* Kontra by a defender before his first card, Re by the declaring side.
* Wenn alle passen: thrown in, Stock, Ramsch or the Eichel-Ober must play.
* Wertung: 61 wins, 60:60 loses; Schneider 91 / 90, Schwarz without a trick; money by
  the table's tariff with Laufende, Tout ×2, Sie ×4 and every double ×2.

Decisions where seed 003 and SPEC §2 are silent are named in the module that takes them.

Modules: ``constants`` (packs, points, games and their rank, tariffs, options), ``play``
(trumps, trick order, the duties with their reasons), ``scoring`` (what a game pays),
``deal`` (a deal from the shuffle to its end: Aufstellen, Spielansage, Hochzeit, play,
Kontra and Re, all passed), ``blocks`` (Schafkopf's own action, view, settlement, rules
and events), ``results`` (the ``DealResult`` with its settlement lines) and ``rules``
(the ``Schafkopf`` rules object: options, the match, legality, moves, views).
"""

from engine.schafkopf.constants import Options
from engine.schafkopf.deal import DealState, Phase
from engine.schafkopf.rules import Schafkopf

__all__ = ["DealState", "Options", "Phase", "Schafkopf"]
