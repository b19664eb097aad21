"""Schafkopf's computer players and advisor.

``easy`` plays by rules of thumb; ``search`` samples the unseen cards (``deals``, read
through ``info``) and solves each sample double dummy with Schafkopf's rules (``model``):
a few samples for normal, many weighed ones for strong, and the advisor.
"""

from ai_worker.players.schafkopf import easy, search

LEVELS = {"easy": easy.decide, "normal": search.decide_normal, "strong": search.decide_strong}
advise = search.advise
