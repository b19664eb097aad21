"""Baśka and Kop: two Polish offshoots of Schafkopf for four players with 16 cards.

Rule text: the Speedbock rules for Baśka and Kop, with the product's rule decisions deciding
what the text leaves open. Summary:

* Pack: ace, ten, queen and jack of each suit (A 11, 10 10, Q 3, J 2; 104 points). Four
  cards each, four tricks. The side with at least 53 points wins.
* Trumps, highest first. Baśka (12): ♥A ♥10 ♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J ♦A ♦10. Kop (14,
  Wolsztyn league): ♥A ♣10 ♠10 ♥10, then queens, jacks, ♦A ♦10 as in Baśka. Gran (Baśka
  only): the four jacks; in every suit ace, ten, queen.
* Trick play: trump is a suit of its own; follow suit, else trump, else anything; and
  beat the best card so far whenever the allowed cards can.
* Normal game: the holders of the black queens (the Old) against the other two (the
  Young). Cicha: holding both black queens and announcing nothing, one plays silently
  alone against three.
* Bidding round from the player left of the dealer: pass, announce a higher contract
  (clears all doubles) or double. Baśka: Wesele < Gran < Zolo < Gran du < Zolo du <
  Baśka. Kop: Wesele < Zolo < Zolo du < Kop. Wesele needs both black queens (partner:
  the holder of the highest jack not in the declarer's hand, revealed when it falls);
  Baśka needs all four queens; Kop needs ♥A ♣10 ♠10 ♥10 and is scored at once.
  Zolo and Gran: one against three, 53 points; "du": all four tricks.
* Doubles: Kontra, Re, Bock, Hirsh (Baśka) / Kontra, Rej, Bock, Słup (Kop), each x2.
  Details and the settlement are in ``bidding`` and ``scoring``.
* Partie: 8, 12, 16 or 24 deals; the dealer moves on every deal.

Decisions where the text is silent, all named in the module that implements them:

* The player left of the dealer leads to the first trick, whatever the contract.
* Announcing Kop ends the bidding at once; Kop is never doubled (it cannot lose).
* "Wer ein Spiel angesagt hat, darf nicht als Erster doppeln" is read literally: no player
  who announced a game during the round, also one who was outbid since, may give the first
  double of the running contract. (The running contract's own declarer never gets the
  turn before someone else has doubled or announced, so a narrower reading would be void.)
* The holder of both black queens may not give the first double only while nothing is
  announced (the "(Cicha)" of the text).
* During the bidding the cap of the normal game applies even when the game will turn
  out to be a Cicha (nobody else can know); doubles above the Cicha cap are struck in
  the settlement with that reason.
* Liga-Werte changes the caps the text names for it; Wesele keeps Słup. It is a Kop
  option only; Baśka allows all four doubles in every contract.
* "Im Zolo und Gran stehen die Parteien fest": the same holds, and so the same doubling
  order (only the other side of the last double may double again), for Zolo du, Gran du
  and the Baśka contract, the other games of one against three.
* A player who passed may still announce or double when his turn comes round again;
  only the passes in a row end the round.
* Seats are numbered clockwise; seat ``dealer + 1`` sits left of the dealer. The first
  dealer of a Partie is seat 0; a Partie is 8 deals unless the table chooses 12, 16 or 24.
* After the last deal of a Partie the match ends at once (no "Weiter" is awaited); equal
  best totals make several winners.

Modules: ``constants`` (pack, ladders, values, caps, options), ``state`` (the deal
state), ``play`` (trick rules), ``bidding``, ``scoring``, ``knowledge`` (what a viewer
can know of the parties), ``blocks`` (the game's own parts of the contract: its view,
settlement, rules and the Wesele partner's reveal) and ``rules`` (the ``BaskaKop`` rules
object).
"""

from engine.baska_kop.constants import Contract, Options, RuleSet
from engine.baska_kop.rules import BaskaKop
from engine.baska_kop.state import DealState, Phase

__all__ = ["BaskaKop", "Contract", "DealState", "Options", "Phase", "RuleSet"]
