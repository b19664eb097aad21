"""Baśka/Kop's computer players and advisor.

``easy`` plays by rules of thumb; ``search`` samples the unseen cards (``deals``, with
the weights of ``info`` and the card model of ``model``) and solves each sample double
dummy: a few samples for normal, many weighed ones for strong, and the advisor.
"""

from ai_worker.players.baska_kop import easy, search

LEVELS = {"easy": easy.decide, "normal": search.decide_normal, "strong": search.decide_strong}
advise = search.advise
