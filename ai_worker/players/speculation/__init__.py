"""Speculation's computer traders.

``chances`` works out who wins the pool from the cards a seat knows are not face down;
``trader`` prices the best trump and the face-down cards by those chances and decides
sales, bids and offers: easy, normal (a buyer of face-down cards) and strong (which also
counts the cards of the earlier deals since the shuffle). ``advice`` tells a person what
the strong trader would do and what every holding is worth.
"""

from ai_worker.players.speculation import advice, trader

LEVELS = {"easy": trader.decide_easy, "normal": trader.decide_normal, "strong": trader.decide_strong}
advise = advice.advise
