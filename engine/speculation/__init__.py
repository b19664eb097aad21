"""Speculation for 3 to 9 players, seed 004 with SPEC §2 (Parlett's reconstruction).

Summary of the rules:

* Cards: 52; only the trump suit counts, A K Q J 10 ... 2.
* Each deal: the dealer puts 6 chips into the pool, everyone else 4; three cards face down
  to each, unseen by everyone, their owner too; the next card is turned up: its suit is
  trump, and it is the dealer's, the first best trump on the table. A turned-up ace wins
  the pool at once.
* Buying and selling: before the first card is turned the dealer may sell the turn-up;
  whoever turns up a new best trump may sell it or keep it (an auction); anyone may buy
  other seats' face-down cards at any time (an offer), unseen, to the bottom of his stack.
  The buyer pays the seller; no chip of a trade goes to the pool.
* Turning up: from the left of the dealer (or of the turn-up's buyer), one card each in
  turn; the owner of the best trump and seats without face-down cards are skipped; after
  a new best trump, the turn goes on from the left of its owner. When only the owner's
  cards are face down, or when the trump ace appears, the owner takes the pool.
* The next deal is dealt from the rest of the pack; only when the rest cannot make a
  round are all 52 cards shuffled again. The match ends when each has dealt twice (an
  option); the most chips win.
* Options: carry-over (the pool stays when no seat turns up a trump), Foster (a turned-up
  face card is sold, then all cards are turned at once), fives and jacks (a chip into the
  pool for each turned up), extra hand (nobody's; a higher trump in it keeps the pool).
* The market's pace (a decision of the service's, not of the texts): with people at the
  table, a turn-up or a sale waits ``reveal_seconds`` (20) for its seat and an auction
  ``auction_seconds`` (8) after its last bid; then the cautious choice is made for them
  (``Speculation.deadline``: turn up, keep, no bid).

The decisions where seed and SPEC are silent are in ``deal`` and ``rules``.

Modules: ``constants`` (pack, antes, options), ``blocks`` (the actions with their
notation, the view, the settlement, the events), ``market`` (what is traded: slots,
bids, offers, payments), ``deal`` (a deal from the antes to the
pool: auctions, offers with escrow, the turn order), ``results`` (a deal's
``DealResult``) and ``rules`` (the ``Speculation`` rules object: the match, legality,
moves, views).
"""

from engine.speculation.constants import Options
from engine.speculation.deal import DealState, Phase
from engine.speculation.rules import Speculation

__all__ = ["DealState", "Options", "Phase", "Speculation"]
